import Synchronization

/// What the request that opened a page says about who is looking at it: the URL, the signed-in
/// user and the browser's device id. Views read it from the environment:
///
/// ```swift
/// struct Greeting: View {
///     @Environment(\.request) private var request
///     var body: some View {
///         if let user = request.user { Text("Signed in as \(user)") } else { Text("Not signed in") }
///     }
/// }
/// ```
///
/// Pages of different browsers share one rendering (see docs/architecture.md, "Shared
/// rendering"), so the server keeps apart what a page may read: pages of different users never
/// share, and a page that reads `device` shares only with pages of the same browser (one that
/// starts reading it while shared is split before anything it rendered is sent).
public struct RequestContext: Sendable, Equatable, CustomStringConvertible {
    /// The path the page was opened at, percent-decoded.
    public var path: String
    /// The query string as the browser sent it (without `?`), and parsed.
    public var queryString: String
    /// The query's values by name, percent-decoded (the last of a repeated name).
    public var query: [String: String]
    /// The id of the signed-in user (what the app passed to `Response.signIn(user:)`), or nil.
    public var user: String?
    /// Whether the browser asks for reduced motion (`prefers-reduced-motion`, which the runtime
    /// keeps in the `jw_motion` cookie): pages that do never share a rendering with pages that
    /// do not.
    public var reducesMotion: Bool
    /// The kind of device the browser runs on, from its `User-Agent` (`UIDevice.current
    /// .userInterfaceIdiom` reads it): `.phone`, `.pad`, or `.mac` for a desktop browser.
    /// Pages of different kinds never share a rendering.
    public var userInterfaceIdiom: UIUserInterfaceIdiom
    /// The browser window's size classes when the page was opened (the `jw_class` cookie the
    /// runtime keeps): compact and regular, as a phone held upright, until it says otherwise.
    /// Pages of different size classes never share a rendering.
    public var horizontalSizeClass: UserInterfaceSizeClass
    /// The browser window's vertical size class when the page was opened (`.regular` until the runtime reports one).
    public var verticalSizeClass: UserInterfaceSizeClass
    /// The visitor's language and region (a BCP 47 tag: `de-DE`): of the languages the browser
    /// asks for (`Accept-Language`, or the language the visitor chose, `LanguageChoice`), the
    /// first the app has strings in, else the first; nil when the browser asked for none. Pages
    /// of different languages never share a rendering.
    public package(set) var language: String?
    /// The visitor's time zone (an IANA name: `America/Denver`), as the browser's `Intl` says it
    /// (the `jw_zone` cookie the runtime keeps, then its report); nil until the browser said (or
    /// when it is the app's). Reading it is noted, as reading the environment's `timeZone` is:
    /// pages of different zones share a rendering only until a view has read it.
    public var timeZoneIdentifier: String? {
        mark.zone.wasRead.store(true, ordering: .relaxed)
        return zoneIdentifier
    }
    /// The visitor's time zone without noting a read (for the server's own comparisons).
    package var _timeZoneIdentifier: String? { zoneIdentifier }
    private var zoneIdentifier: String?
    /// Whether the page's root asks the browser for its time zone (pages Jetway serves).
    package var followsBrowserZone = false
    /// The direction the page's strings are written in (`LayoutDirection.of` their language).
    package var direction = LayoutDirection.leftToRight
    private var deviceID: String?
    /// The sizes this browser last reported for the page's `GeometryReader`s (the `jw_sizes`
    /// cookie, `index:width:height,…`), so the first paint lays out by them.
    private var sizesText: String?
    private var sizes: [Int: CGSize] = [:]
    private var mark: DeviceReadMark

    /// `queryString` as sent; `query` its pairs, decoded (the server parses them for a page).
    /// `sizes` is the `jw_sizes` cookie; a value not in its form is ignored.
    public init(
        path: String = "/", queryString: String = "", query: [String: String] = [:], user: String? = nil, device: String? = nil,
        sizes: String? = nil, reducesMotion: Bool = false, userInterfaceIdiom: UIUserInterfaceIdiom = .phone, sizeClasses: String? = nil
    ) {
        self.reducesMotion = reducesMotion
        self.userInterfaceIdiom = userInterfaceIdiom
        (horizontalSizeClass, verticalSizeClass) = Self.parseSizeClasses(sizeClasses) ?? (.compact, .regular)
        self.path = path
        self.queryString = queryString
        self.query = query
        self.user = user
        self.deviceID = device
        self.mark = DeviceReadMark()
        if let sizes, let parsed = Self.parseSizes(sizes) {
            self.sizesText = sizes
            self.sizes = parsed
        }
    }

    /// `index:width:height` entries, comma-separated: at most 16, each number at most five
    /// digits. Nil for anything else (a cookie is the client's to write).
    package static func parseSizes(_ text: String) -> [Int: CGSize]? {
        guard !text.isEmpty, text.utf8.count <= 16 * 20 else { return nil }
        var result: [Int: CGSize] = [:]
        let entries = text.split(separator: ",", omittingEmptySubsequences: false)
        guard entries.count <= 16 else { return nil }
        for entry in entries {
            let fields = entry.split(separator: ":", omittingEmptySubsequences: false)
            guard fields.count == 3,
                fields.allSatisfy({ (1...5).contains($0.count) && $0.allSatisfy(\.isASCII) && $0.allSatisfy(\.isNumber) }),
                let index = Int(fields[0]), let width = Int(fields[1]), let height = Int(fields[2]), index < 64
            else { return nil }
            result[index] = CGSize(width: Double(width), height: Double(height))
        }
        return result
    }

    /// The size the browser last reported for the page's `index`-th `GeometryReader`. Reading
    /// it is noted as `device` is: the rendering then depends on this browser's window.
    package func reportedSize(at index: Int) -> CGSize? {
        mark.sizes.store(true, ordering: .relaxed)
        return sizes[index]
    }

    /// Where the runtime keeps the browser window's size in the same cookie (rounded up to
    /// 256 px, so that windows of about the same size share renderings): lazy lists make their
    /// first window as tall (`LazyRows`).
    package static let viewportIndex = 63

    /// The browser window's size as last reported, rounded up to 256 px; noted as a reader's
    /// size is.
    package var reportedViewport: CGSize? { reportedSize(at: Self.viewportIndex) }

    /// Whether anything has read a reported size from this context (or a copy of it) yet.
    package var _sizesWereRead: Bool { mark.sizes.load(ordering: .relaxed) }

    /// The reported sizes as the cookie had them (for the server's comparisons).
    package var _sizes: String? { sizesText }

    /// The browser's device id (a signed cookie that lasts a year), or nil for a client that
    /// keeps no cookies.
    public var device: String? {
        if !mark.flag.exchange(true, ordering: .relaxed), DeviceReadTrace.isOn {
            let reader = DeviceReadTrace.evaluating.withLock { $0 }
            mark.reader.withLock { $0 = reader }
        }
        return deviceID
    }

    /// The path with its query, as the address bar shows it.
    public var url: String { queryString.isEmpty ? path : path + "?" + queryString }

    /// Whether anything has read `device` from this context (or a copy of it) yet: the server
    /// uses it to keep pages of different browsers from sharing a rendering that depends on it.
    package var _deviceWasRead: Bool { mark.flag.load(ordering: .relaxed) }

    /// Where a rendering of this context notes that a view read the visitor's time zone (the
    /// environment's `timeZone` while it is the visitor's): the server keeps pages of other
    /// zones from sharing a rendering only once one has.
    package var zoneReadNote: ZoneReadNote { mark.zone }

    /// Whether a view has read the visitor's time zone from this context's rendering.
    package var _zoneWasRead: Bool { mark.zone.wasRead.load(ordering: .relaxed) }

    /// The view whose body (or dynamic properties, as `@AppStorage`) first read `device`, when
    /// `DeviceReadTrace` was on: for the development-mode message when a shared page splits.
    package var _deviceReader: String? { mark.reader.withLock { $0 } }

    /// The device id without noting a read (for the server's own comparisons).
    package var _device: String? { deviceID }

    /// The same context for another device (with a read mark of its own): the server renders
    /// new browsers' pages for a device no browser has.
    package func withDevice(_ device: String?) -> RequestContext {
        var copy = withOwnReadMark()
        copy.deviceID = device
        return copy
    }

    /// The same context with a read mark of its own: what one rendering reads is not noted
    /// on another's.
    package func withOwnReadMark() -> RequestContext {
        var copy = self
        copy.mark = DeviceReadMark()
        return copy
    }

    /// Equal when path, query string, user, device id, reported sizes, idiom, size classes,
    /// language and time zone are; `reducesMotion` is not compared.
    public static func == (lhs: RequestContext, rhs: RequestContext) -> Bool {
        lhs.path == rhs.path && lhs.queryString == rhs.queryString && lhs.user == rhs.user && lhs.deviceID == rhs.deviceID
            && lhs.sizesText == rhs.sizesText && lhs.userInterfaceIdiom == rhs.userInterfaceIdiom
            && lhs.horizontalSizeClass == rhs.horizontalSizeClass && lhs.verticalSizeClass == rhs.verticalSizeClass
            && lhs.language == rhs.language && lhs.zoneIdentifier == rhs.zoneIdentifier
    }

    /// The visitor's locale (`language` as Foundation names it), or nil.
    package var locale: Locale? { language.map { Locale(identifier: LanguageTag.localeIdentifier(of: $0)) } }

    /// Sets the visitor's language and time zone (the server, from the request).
    package mutating func setVisitor(language: String?, timeZone: String?, direction: LayoutDirection = .leftToRight) {
        self.language = language
        self.zoneIdentifier = timeZone
        self.direction = direction
        followsBrowserZone = true
    }

    /// `cr`: the horizontal and the vertical size class, `c` compact or `r` regular (the
    /// `jw_class` cookie, and the runtime's `sizeClass` event). Nil for anything else.
    package static func parseSizeClasses(_ text: String?) -> (UserInterfaceSizeClass, UserInterfaceSizeClass)? {
        guard let text, text.utf8.count == 2 else { return nil }
        func sizeClass(_ letter: Character) -> UserInterfaceSizeClass? {
            letter == "c" ? .compact : letter == "r" ? .regular : nil
        }
        guard let horizontal = sizeClass(text.first!), let vertical = sizeClass(text.last!) else { return nil }
        return (horizontal, vertical)
    }

    /// The size classes as the cookie writes them.
    package var sizeClassesText: String {
        (horizontalSizeClass == .compact ? "c" : "r") + (verticalSizeClass == .compact ? "c" : "r")
    }

    /// The kind of device a `User-Agent` names: a tablet (`iPad`, an Android browser without
    /// `Mobile`), a phone (`iPhone`, `iPod`, `Mobi`), else a desktop browser (`.mac`, the
    /// idiom SwiftUI gives a desktop). With no agent: `.phone`, the size pages lay out at first.
    public static func idiom(forUserAgent agent: String?) -> UIUserInterfaceIdiom {
        guard let agent, !agent.isEmpty else { return .phone }
        if agent.contains("iPad") || (agent.contains("Android") && !agent.contains("Mobile")) { return .pad }
        if agent.contains("iPhone") || agent.contains("iPod") || agent.contains("Mobi") { return .phone }
        return .mac
    }

    /// The URL, the user and the first eight characters of the device id, for logs.
    public var description: String {
        "RequestContext(\(url), user: \(user ?? "none"), device: \(deviceID.map { String($0.prefix(8)) } ?? "none"))"
    }
}

/// Set once anything reads a context's device (shared by its copies).
private final class DeviceReadMark: Sendable {
    let flag = Atomic<Bool>(false)
    /// Set once anything reads a reported size.
    let sizes = Atomic<Bool>(false)
    /// The view that read the device first (`DeviceReadTrace`).
    let reader = Mutex<String?>(nil)
    /// Set once a view reads the visitor's time zone.
    let zone = ZoneReadNote()
}

/// In development mode, which view is being evaluated, so that a read of the device can be
/// put down to it (a message names it when a shared page has to split). Off, it costs an
/// atomic load per view evaluated.
package enum DeviceReadTrace {
    /// Whether views' evaluations are noted (the server turns it on in development mode).
    package static let switchedOn = Atomic<Bool>(false)
    static var isOn: Bool { switchedOn.load(ordering: .relaxed) }
    /// The type of the view being evaluated, if noted.
    static let evaluating = Mutex<String?>(nil)

    /// Runs `body`, the evaluation of a view of type `view`, noted as the one evaluating.
    static func noting<T>(_ view: Any.Type, _ body: () -> T) -> T {
        let outer = evaluating.withLock { current in
            defer { current = String(describing: view) }
            return current
        }
        defer { evaluating.withLock { $0 = outer } }
        return body()
    }
}

private struct RequestContextKey: EnvironmentKey {
    static let defaultValue = RequestContext()
}

extension EnvironmentValues {
    /// The request that opened the page (see `RequestContext`).
    public var request: RequestContext {
        get { self[RequestContextKey.self] }
        set { self[RequestContextKey.self] = newValue }
    }

    /// Whether the visitor's browser asks for reduced motion (the page's `prefers-reduced-motion`
    /// when it was opened: a change of the setting counts from the next page the browser opens).
    public var accessibilityReduceMotion: Bool { request.reducesMotion }

    // Settings a browser does not tell a page (there is no web counterpart of VoiceOver's
    // switch or of "Differentiate Without Colour"): false, as on a device with them off.
    // docs/porting.md lists them.
    /// Always false: a browser does not tell a page this setting.
    public var accessibilityDifferentiateWithoutColor: Bool { false }
    /// Always false: a browser does not tell a page whether assistive technology is running.
    public var accessibilityEnabled: Bool { false }
    /// Always false: a browser does not tell a page whether a screen reader is running.
    public var accessibilityVoiceOverEnabled: Bool { false }
    /// Always false: a browser does not tell a page whether switch control is on.
    public var accessibilitySwitchControlEnabled: Bool { false }
    /// Always false: a browser does not tell a page this setting.
    public var accessibilityInvertColors: Bool { false }
    /// Always false: a browser does not tell a page this setting (`prefers-reduced-transparency` is not read).
    public var accessibilityReduceTransparency: Bool { false }
    /// Always false: a browser does not tell a page this setting.
    public var accessibilityShowButtonShapes: Bool { false }
}
