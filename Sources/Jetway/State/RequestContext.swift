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
    public var query: [String: String]
    /// The id of the signed-in user (what the app passed to `Response.signIn(user:)`), or nil.
    public var user: String?
    private var deviceID: String?
    private var mark: DeviceReadMark

    /// `queryString` as sent; `query` its pairs, decoded (the server parses them for a page).
    public init(path: String = "/", queryString: String = "", query: [String: String] = [:], user: String? = nil, device: String? = nil) {
        self.path = path
        self.queryString = queryString
        self.query = query
        self.user = user
        self.deviceID = device
        self.mark = DeviceReadMark()
    }

    /// The browser's device id (a signed cookie that lasts a year), or nil for a client that
    /// keeps no cookies.
    public var device: String? {
        mark.flag.store(true, ordering: .relaxed)
        return deviceID
    }

    /// The path with its query, as the address bar shows it.
    public var url: String { queryString.isEmpty ? path : path + "?" + queryString }

    /// Whether anything has read `device` from this context (or a copy of it) yet: the server
    /// uses it to keep pages of different browsers from sharing a rendering that depends on it.
    package var _deviceWasRead: Bool { mark.flag.load(ordering: .relaxed) }

    /// The device id without noting a read (for the server's own comparisons).
    package var _device: String? { deviceID }

    /// The same context with a read mark of its own: what one rendering reads is not noted
    /// on another's.
    package func withOwnReadMark() -> RequestContext {
        var copy = self
        copy.mark = DeviceReadMark()
        return copy
    }

    public static func == (lhs: RequestContext, rhs: RequestContext) -> Bool {
        lhs.path == rhs.path && lhs.queryString == rhs.queryString && lhs.user == rhs.user && lhs.deviceID == rhs.deviceID
    }

    public var description: String {
        "RequestContext(\(url), user: \(user ?? "none"), device: \(deviceID.map { String($0.prefix(8)) } ?? "none"))"
    }
}

/// Set once anything reads a context's device (shared by its copies).
private final class DeviceReadMark: Sendable {
    let flag = Atomic<Bool>(false)
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
}
