import Foundation

/// A cookie a handler sets. Signed by default: the browser gets `value.MAC` (HMAC-SHA256 with
/// the server's secret over the name and value), and `Request.signedCookies` holds only values
/// whose MAC verifies, so a client cannot forge or edit one.
///
/// ```swift
/// var response = Response.noContent
/// response.setCookie(Cookie(name: "flavour", value: "mint", maxAge: 3600))
/// ```
public struct Cookie: Sendable, Equatable {
    /// When the browser sends it with a request from another site: never (`strict`), on top-level navigations (`lax`, the default), always (`none`, which browsers take only with `Secure`).
    public enum SameSite: String, Sendable {
        /// `Strict`, `Lax` or `None`: the raw value is written as the `Set-Cookie` header's `SameSite`; the server
        /// adds `Secure` to a `None` cookie, as browsers refuse one without it.
        case strict = "Strict", lax = "Lax", none = "None"
    }

    /// The cookie's name (letters, digits and `-_.`).
    public var name: String
    /// The value the app reads back (signed: without the MAC, in `Request.signedCookies`).
    public var value: String
    /// Seconds until it expires; nil for a cookie that ends with the browser session.
    public var maxAge: Int?
    /// The paths the browser sends it for (`/`: all).
    public var path: String
    /// When it goes with requests from other sites.
    public var sameSite: SameSite
    /// Out of reach of page scripts (the default).
    public var httpOnly: Bool
    /// Whether it carries the server's MAC (the default): a client cannot forge or edit it.
    public var signed: Bool

    /// A cookie: signed, HTTP-only, `SameSite=Lax`, for every path, until the browser session ends, unless told otherwise.
    public init(
        name: String, value: String, maxAge: Int? = nil, path: String = "/", sameSite: SameSite = .lax, httpOnly: Bool = true,
        signed: Bool = true
    ) {
        self.name = name
        self.value = value
        self.maxAge = maxAge
        self.path = path
        self.sameSite = sameSite
        self.httpOnly = httpOnly
        self.signed = signed
    }

    /// A cookie that removes `name` from the browser.
    public static func removal(of name: String, path: String = "/") -> Cookie {
        Cookie(name: name, value: "", maxAge: 0, path: path, signed: false)
    }

    /// The device cookie: a random id that identifies one browser across pages and restarts.
    package static let deviceName = "jw_device"

    /// Characters a cookie name may have (an RFC 6265 token) and a value may have (no quotes,
    /// commas, semicolons, backslashes, spaces or controls).
    package static func isValidName(_ name: String) -> Bool {
        !name.isEmpty && name.utf8.allSatisfy { $0 > 32 && $0 < 127 && !"()<>@,;:\\\"/[]?={}".utf8.contains($0) }
    }

    package static func isValidValue(_ value: String) -> Bool {
        value.utf8.allSatisfy { $0 > 32 && $0 < 127 && $0 != 34 && $0 != 44 && $0 != 59 && $0 != 92 }
    }
}

extension Response {
    /// Adds a `Set-Cookie` (signed unless the cookie says otherwise) to the answer.
    public mutating func setCookie(_ cookie: Cookie) {
        cookies.append(cookie)
    }

    /// Signs the browser in as `user` (an id of the app's: a name, a row id) when this answer
    /// is sent: a new sign-in (any earlier one of this browser ends, so an id planted before
    /// sign-in is worth nothing), its id in a signed, `HttpOnly`, `SameSite=Lax` cookie for
    /// `ServerConfiguration.signInLifetime`. Pages opened afterwards read the user as
    /// `@Environment(\.request).user`, and handlers as `request.user`.
    public mutating func signIn(user: String) {
        signInChange = .signIn(user)
    }

    /// Ends the browser's sign-in when this answer is sent: the server forgets it (a kept copy
    /// of the cookie no longer counts), the cookie is removed, and every open page of that
    /// sign-in reloads, signed out.
    public mutating func signOut() {
        signInChange = .signOut
    }
}

/// What an answer does to the browser's sign-in.
package enum SignInChange: Sendable, Equatable {
    case signIn(String)
    case signOut
}
