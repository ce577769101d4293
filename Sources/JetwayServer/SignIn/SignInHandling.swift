import Foundation
import Jetway

/// Who a browser's cookies say it is (its device and sign-in), and what an answer's
/// `signIn(user:)` or `signOut()` does: the store, the cookie, and the open pages.
struct BrowserIdentity: Sendable, Equatable {
    var device: String?
    /// Whether `device` was made for this request (the browser sent no device cookie): nothing
    /// anywhere belongs to it yet.
    var deviceIsNew = false
    var signInID: String?
    var user: String?
    /// The `jw_sizes` cookie (unsigned: only a layout hint; `RequestContext` checks its form).
    var sizes: String?
    /// The `jw_motion` cookie says `reduce` (the runtime keeps `prefers-reduced-motion` there).
    var reducesMotion = false
    /// The kind of device its `User-Agent` names.
    var idiom = UIUserInterfaceIdiom.phone
    /// The `jw_class` cookie: the window's size classes (`RequestContext` checks its form).
    var sizeClasses: String?
    /// The languages the browser asks for (`Accept-Language`), most wanted first; the language
    /// the visitor chose on this device (the `jw_lang` cookie, `LanguageChoice`) comes first.
    var languages: [String] = []
    /// The `jw_zone` cookie: the browser's time zone, when Foundation knows its name.
    var timeZone: String?
}

extension JetwayServer {
    /// Any thread: the device and the live sign-in named by verified cookies.
    func identity(signedCookies: [String: String]) -> BrowserIdentity {
        var identity = BrowserIdentity(device: signedCookies[Cookie.deviceName])
        if let id = signedCookies[SignIns.cookieName], let user = signIns.user(for: id) {
            identity.signInID = id
            identity.user = user
        }
        return identity
    }

    /// Any thread: the same, from a `Cookie` header as the browser sent it.
    func identity(cookieHeader: String?, userAgent: String? = nil, acceptLanguage: String? = nil) -> BrowserIdentity {
        let cookies = Request.parseCookies(cookieHeader ?? "")
        var identity = identity(signedCookies: Cookie.verified(cookies, secret: secret))
        identity.idiom = RequestContext.idiom(forUserAgent: userAgent)
        identity.sizes = cookies[Self.sizesCookieName]
        identity.reducesMotion = cookies[Self.motionCookieName] == "reduce"
        identity.sizeClasses = cookies[Self.sizeClassCookieName]
        identity.languages = AcceptLanguage.parse(acceptLanguage)
        if let chosen = cookies[Self.languageCookieName], AcceptLanguage.isTag(chosen) {
            identity.languages.removeAll { $0.caseInsensitiveCompare(chosen) == .orderedSame }
            identity.languages.insert(chosen, at: 0)
        }
        if let zone = cookies[Self.zoneCookieName], zone.utf8.count <= 64, TimeZone(identifier: zone) != nil { identity.timeZone = zone }
        return identity
    }

    /// The cookie the runtime keeps each page's `GeometryReader` sizes in (per path).
    static let sizesCookieName = "jw_sizes"
    /// The cookie the runtime keeps the browser's `prefers-reduced-motion` in.
    static let motionCookieName = "jw_motion"
    /// The cookie the runtime keeps the window's size classes in (`cr`).
    static let sizeClassCookieName = "jw_class"
    /// The cookie the runtime keeps the browser's time zone in (`Europe/Berlin`).
    static let zoneCookieName = "jw_zone"
    /// The cookie that keeps the language a visitor chose on this device (`LanguageChoice`).
    static let languageCookieName = "jw_lang"

    /// Main actor, as a handler's answer is sent: a sign-in starts (ending the browser's
    /// earlier one) and sets its cookie; a sign-out ends it, removes the cookie and reloads its
    /// open pages.
    @MainActor
    func applySignInChange(of response: inout Response, for request: Request, secure: Bool) {
        guard let change = response.signInChange else { return }
        if let previous = request.signInID {
            signIns.end(previous)
            sessions.signInEnded(previous)
        }
        switch change {
        case .signIn(let user):
            let id = signIns.start(user: user)
            response.setCookie(
                Cookie(name: SignIns.cookieName, value: id, maxAge: Int(configuration.signInLifetime), sameSite: .lax, httpOnly: true))
            Log.info("sign_in", ["user": user])
        case .signOut:
            response.setCookie(Cookie.removal(of: SignIns.cookieName))
            if let user = request.user { Log.info("sign_out", ["user": user]) }
        }
    }

    /// Ends every sign-in of `user` (a password changed, an account removed): their cookies no
    /// longer count and their open pages reload, signed out. Returns how many ended.
    @MainActor
    @discardableResult
    public func signOutEverywhere(user: String) -> Int {
        let ids = signIns.endAll(user: user)
        for id in ids { sessions.signInEnded(id) }
        return ids.count
    }
}
