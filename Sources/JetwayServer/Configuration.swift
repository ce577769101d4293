import Foundation
import Jetway

/// How a Jetway server listens and what it allows.
///
/// ```swift
/// var configuration = ServerConfiguration()
/// configuration.port = 8080
/// configuration.host = "0.0.0.0"   // every interface; loopback by default
/// ```
public struct ServerConfiguration: Sendable {
    /// The address to listen on, and the only one bound: loopback by default. An IPv4 address
    /// binds IPv4 only, an IPv6 address IPv6 only; `0.0.0.0` (IPv4), `::` (IPv6) or `*` (both)
    /// listen on every interface.
    public var host = "127.0.0.1"
    /// The port; 0 picks a free one (see `JetwayServer.port`).
    public var port = 8080
    /// The app's own files served under `/assets/` (images below `images/`, stylesheets named
    /// in `JetwayApp.stylesheets`), or nil. Jetway's runtime, stylesheet and icon are built into
    /// the library and need no folder. A folder that does not exist stops start-up with an error.
    public var assetsDirectory: String?
    /// Where the app's localized strings are (String Catalogs, `.lproj` tables), searched to
    /// any depth; nil: the resource bundles SwiftPM built beside the executable
    /// (`resources: [.process("Localizable.xcstrings")]`) and `assetsDirectory`.
    public var localizationDirectories: [String]?
    /// Where the generated secret is kept when `secret` is not set.
    public var dataDirectory = "data"
    /// The key that signs session tokens. Generated once and kept in `dataDirectory` if nil.
    public var secret: [UInt8]?
    /// Host names the app answers to besides loopback's and the listen address (`.example.com`
    /// allows its subdomains, `*` any name): a request for another gets 421 and its websocket
    /// upgrade is refused (DNS rebinding). List the public name in production
    /// (`JETWAY_ALLOWED_HOSTS`, comma-separated).
    public var allowedHosts: [String] = []
    /// Origins allowed to open the websocket, besides the page's own host.
    public var allowedOrigins: [String] = []
    /// Origins whose pages may show this app's pages in a frame (CSP `frame-ancestors`);
    /// empty: none may (the default).
    public var frameAncestors: [String] = []
    /// Bearer tokens machine clients present to `Handler`s with `auth: .bearer`
    /// (`Authorization: Bearer <token>`); empty refuses them all.
    public var apiTokens: [String] = []
    /// The largest message a browser may send (bigger closes the socket with 1009).
    public var maxMessageBytes = 64 * 1024
    /// Bytes queued for one slow client before its patches collapse into one resync.
    public var maxQueuedBytes = 1024 * 1024
    /// The kernel's send buffer of each websocket (`SO_SNDBUF`; Linux keeps twice this): what
    /// the kernel holds for a client that stopped reading, besides the server's own queue
    /// (`maxQueuedBytes`). Left to the kernel's autotuning it grows to 4 MiB per socket. 0: the
    /// kernel decides.
    public var socketSendBuffer = 256 * 1024
    /// How long a disconnected session waits for its browser to come back.
    public var sessionGrace: TimeInterval = 60
    /// How long a page's token may be used to join (`JETWAY_TOKEN_LIFETIME`, in seconds; a
    /// connected page gets a new one past half of it).
    public var tokenLifetime: TimeInterval = 24 * 3600
    /// Whether the views' Observation registrations are counted for `/_jetway/stats`
    /// (`JETWAY_COUNT_OBSERVATIONS=1`; each tracked evaluation then allocates a small token).
    public var countsObservations = false
    /// How long past its lifetime a token still brings its page back (a kiosk offline over a
    /// long weekend); older ones are refused for good.
    public var expiredTokenGrace: TimeInterval = 7 * 24 * 3600
    /// Development mode: the component catalogue at `/_jetway/library` (every built-in
    /// component and the app's `library`, live) and the app's previews at `/_jetway/previews`.
    /// Off unless set (`JETWAY_DEVELOPMENT=1`).
    public var developmentMode = false
    /// In development under `jetway dev`: the file the development loop writes its report to
    /// (a build under way, a failed build's errors, where the app trapped), which the server
    /// follows and shows over every open page (`JETWAY_DEVELOPMENT_REPORT`; docs/development.md).
    public var developmentReport: String?
    /// In development: the folder of the DocC sites `make docs` builds (`.build/docs` of a Jetway
    /// checkout), served at `/_jetway/docs/` (`JETWAY_DOCS`; `jetway dev` sets it when it finds one).
    public var documentationDirectory: String?
    /// The largest upload the server takes at all (a `.fileImporter`'s own limit is usually
    /// smaller); larger ones get 413 before a byte is stored.
    public var maxUploadBytes = 64 * 1024 * 1024
    /// Bytes one client address, and one device (its `jw_device` cookie), may upload an hour;
    /// past it an upload is answered 429 before a byte is stored, and the page's importer is
    /// told when it may try again.
    public var uploadBytesPerAddressPerHour = 64 * 1024 * 1024
    /// Bytes one browser (its device cookie) may upload an hour, over all its pages.
    public var uploadBytesPerDevicePerHour = 16 * 1024 * 1024
    /// Free space the data folder's disk keeps: an upload that would leave less is answered 507
    /// before a byte is stored.
    public var minimumFreeDiskBytes = 256 * 1024 * 1024
    /// How long a stored upload waits in `uploads/` for the app to move it before it is removed.
    public var uploadRetention: TimeInterval = 3600
    /// How long a sign-in lasts (`Response.signIn(user:)`); signing in again starts a new one.
    public var signInLifetime: TimeInterval = 12 * 3600
    /// Sustained events per second per connection (bursts of twice that are allowed).
    public var eventsPerSecond: Double = 60
    /// The part of the main actor's time (where every page's events and renders run) one client
    /// address may use, over all its pages, and one page: past it (and a quarter second's
    /// allowance) its messages wait their turn while the others are served.
    public var mainActorSharePerAddress = 0.3
    /// The share of the main actor one page may use (see `mainActorSharePerAddress`).
    public var mainActorSharePerSession = 0.2
    /// Protocol violations (malformed, unknown ids, wrong types) before the socket is closed with 1008.
    public var maxViolations = 20
    /// Live sessions one client address may hold (pages opened and not yet expired).
    public var maxSessionsPerAddress = 500
    /// The memory one client address's pages may take, estimated from their renderings (a page
    /// with a rendering of its own costs about six times its HTML; one that shares another's,
    /// 16 KB): past it a new page is answered 429 (`JETWAY_MAX_PAGE_MEMORY_PER_ADDRESS`, MB).
    public var maxPageMemoryPerAddress = 192 * 1024 * 1024
    /// The heap the process may be at for a new page to be rendered: past it a new page is
    /// answered 503 (a page that tries again), before the machine swaps. Nil: three quarters of
    /// the machine's memory, or of its cgroup's limit (`JETWAY_MAX_PAGE_MEMORY`, MB).
    public var maxPageMemory: Int?
    /// Where the Bootstrap Icons that `Image(systemName:)` draws are (Debian's
    /// `bootstrap-icons`; `JETWAY_SYMBOLS_DIRECTORY`).
    public var symbolsDirectory = "/usr/share/bootstrap-icons/svg"
    /// Whether memory freed when renderings are let go is given back to the kernel after each
    /// sweep that let some go (glibc keeps it otherwise; `JETWAY_RETURN_FREED_MEMORY=0` to
    /// compare).
    public var returnsFreedMemory = true
    /// Websockets one client address may have open at once, joined or not: past it an upgrade
    /// is refused (a flood of sockets that never join cannot hold the server's memory until
    /// their idle deadline).
    public var maxWebSocketsPerAddress = 500
    /// Identifies this build; pages from another build reload themselves once (`JETWAY_BUILD_ID`;
    /// several servers behind one proxy set one). In development mode, when not set, it names
    /// what a page loaded rather than the executable: the runtime, the stylesheets, the scripts
    /// and the title, so a page survives a rebuild of the app's views by re-mounting, with what
    /// was typed in it, instead of loading itself afresh.
    public var buildID = ServerConfiguration.defaultBuildID() {
        didSet { buildIDIsSet = true }
    }
    /// Whether `buildID` was chosen (by the app or `JETWAY_BUILD_ID`) rather than derived.
    var buildIDIsSet = false
    /// A websocket silent this long is pinged; one that has not answered (a pong, or any frame)
    /// this long after its last sign of life is closed — a stalled or half-open socket does not
    /// hold a session forever. Browsers answer pings by themselves.
    public var pingAfterIdle: TimeInterval = 30
    /// How long after its last sign of life an unanswering socket is closed (see `pingAfterIdle`).
    public var closeAfterIdle: TimeInterval = 60
    /// Sockets one client address may hold that are not websockets (requests arriving, being
    /// answered, or kept alive between them): past it a new one is answered 429 and closed. A
    /// browser opens at most six; a trusted proxy is not capped.
    public var maxHTTPConnectionsPerAddress = 64
    /// Sockets the server holds at once, websockets included; nil: its descriptor limit (raised
    /// to the hard limit, up to 65,536) less a tenth for files. At the budget a new socket
    /// takes the place of the oldest unfinished request of the address holding the most, or is
    /// answered 503 — the server never runs out of descriptors.
    public var maxOpenSockets: Int?
    /// How long a request's line and headers may take to arrive, from its socket's opening (or
    /// the last answer on it).
    public var requestHeadersTimeout: TimeInterval = 10
    /// How long a request's body may take: this, plus its length at `minimumBodyRate` bytes a
    /// second. A body dribbled in cannot keep its socket longer.
    public var requestBodyTimeout: TimeInterval = 10
    /// The slowest a request's body may arrive, in bytes a second (see `requestBodyTimeout`).
    public var minimumBodyRate = 8 * 1024
    /// Addresses of the reverse proxies in front of the server: only their `X-Forwarded-For`
    /// is believed (the real client's address then counts for the per-address limits).
    public var trustedProxies: [String] = []
    /// Cookies carry `Secure` (set it when the server is reached over https, behind a TLS proxy).
    public var secureCookies = false
    /// How long a request, once it has all arrived, may wait for its answer (a page's render,
    /// a handler) before its socket is closed. A body's arrival has lws's own deadline (5 s
    /// between pieces).
    public var responseTimeout: TimeInterval = 60
    /// The app's store (`JetwayStore`): `sqlite:PATH` or `postgresql://user:password@host/db`
    /// (`JETWAY_STORE`). Nil: the app's own default, an SQLite file in `dataDirectory`.
    public var storeURL: String?
    /// The time the app's views render with and the browser's clocks count from
    /// (`JETWAY_CLOCK`: `2026-12-02T08:00:00Z`, or `…Z*60` for a minute each second; for demos,
    /// tests and simulated days). The system's clock unless set.
    public var clock: WallClock = .system
    /// Serve sockets on libev (epoll, the default) or on lws's own poll() loop.
    public var usesEventLibrary = true

    /// The defaults: 127.0.0.1:8080, data in `./data`, no assets folder of the app's own.
    public init() {}

    /// The executable's size and modification time: changes with every build.
    public static func defaultBuildID() -> String {
        let path = CommandLine.arguments.first.map { URL(fileURLWithPath: $0).path } ?? ""
        guard let attributes = try? FileManager.default.attributesOfItem(atPath: path),
            let size = attributes[.size] as? Int, let date = attributes[.modificationDate] as? Date
        else { return "dev" }
        return String(size, radix: 36) + String(Int(date.timeIntervalSince1970), radix: 36)
    }
}

extension ServerConfiguration {
    /// The defaults, changed by `JETWAY_HOST`, `JETWAY_PORT`, `JETWAY_DATA`, `JETWAY_ASSETS`,
    /// `JETWAY_STORE`, `JETWAY_CLOCK`, `JETWAY_ALLOWED_HOSTS` (comma-separated host names),
    /// `JETWAY_API_TOKENS` (comma-separated bearer tokens),
    /// `JETWAY_TRUSTED_PROXIES` (comma-separated IP addresses), `JETWAY_SECURE_COOKIES`,
    /// `JETWAY_MAX_SESSIONS_PER_ADDRESS`, `JETWAY_MAX_WEBSOCKETS_PER_ADDRESS`,
    /// `JETWAY_MAX_HTTP_CONNECTIONS_PER_ADDRESS`, `JETWAY_MAX_OPEN_SOCKETS`,
    /// `JETWAY_TOKEN_LIFETIME` (seconds), `JETWAY_BUILD_ID`, `JETWAY_DEVELOPMENT_REPORT`, `JETWAY_DOCS` and `JETWAY_COUNT_OBSERVATIONS` where they are set (the same variables for every Jetway app). A value that is not of its kind (a
    /// port that is not a number from 0 to 65535) is an error naming it, not a silent default.
    public static func fromEnvironment(_ environment: [String: String] = ProcessInfo.processInfo.environment) throws(ServerError)
        -> ServerConfiguration
    {
        var configuration = ServerConfiguration()
        if let host = environment["JETWAY_HOST"], !host.isEmpty { configuration.host = host }
        if let text = environment["JETWAY_PORT"], !text.isEmpty {
            guard let port = Int(text), (0...65535).contains(port) else { throw .badPort(text) }
            configuration.port = port
        }
        if let data = environment["JETWAY_DATA"], !data.isEmpty { configuration.dataDirectory = data }
        if let development = environment["JETWAY_DEVELOPMENT"] {
            configuration.developmentMode = ["1", "true", "yes"].contains(development)
        }
        if let report = environment["JETWAY_DEVELOPMENT_REPORT"], !report.isEmpty { configuration.developmentReport = report }
        if let docs = environment["JETWAY_DOCS"], !docs.isEmpty { configuration.documentationDirectory = docs }
        if let build = environment["JETWAY_BUILD_ID"], !build.isEmpty {
            guard build.utf8.count <= 64, build.allSatisfy({ $0.isASCII && ($0.isLetter || $0.isNumber || "-._".contains($0)) }) else {
                throw .badSetting(name: "JETWAY_BUILD_ID", value: build, expected: "up to 64 letters, digits, '-', '.' or '_'")
            }
            configuration.buildID = build
        }
        if let assets = environment["JETWAY_ASSETS"], !assets.isEmpty { configuration.assetsDirectory = assets }
        if let store = environment["JETWAY_STORE"], !store.isEmpty { configuration.storeURL = store }
        if let text = environment["JETWAY_CLOCK"], !text.isEmpty {
            guard let clock = WallClock.parse(text) else { throw .badClock(text) }
            configuration.clock = clock
        }
        if let hosts = environment["JETWAY_ALLOWED_HOSTS"], !hosts.isEmpty {
            configuration.allowedHosts = list(hosts)
        }
        if let tokens = environment["JETWAY_API_TOKENS"], !tokens.isEmpty {
            configuration.apiTokens = list(tokens)
        }
        // Behind a reverse proxy (docs/scaling.md): whose X-Forwarded-For is believed, and
        // cookies for https only.
        if let proxies = environment["JETWAY_TRUSTED_PROXIES"], !proxies.isEmpty {
            configuration.trustedProxies = try list(proxies).map { address throws(ServerError) in
                guard let canonical = canonicalAddress(address) else {
                    throw .badSetting(name: "JETWAY_TRUSTED_PROXIES", value: address, expected: "an IP address (such as 127.0.0.1 or ::1)")
                }
                return canonical
            }
        }
        if let secure = environment["JETWAY_SECURE_COOKIES"], !secure.isEmpty {
            configuration.secureCookies = try flag("JETWAY_SECURE_COOKIES", secure)
        }
        // A minute at least: a page is sent a new token past half of it, by a sweep every 5 s.
        if let seconds = try number("JETWAY_TOKEN_LIFETIME", environment, 60...(365 * 86400), "a number of seconds") {
            configuration.tokenLifetime = TimeInterval(seconds)
        }
        if let counts = environment["JETWAY_COUNT_OBSERVATIONS"], !counts.isEmpty {
            configuration.countsObservations = try flag("JETWAY_COUNT_OBSERVATIONS", counts)
        }
        for (name, setting) in [
            ("JETWAY_MAX_SESSIONS_PER_ADDRESS", \ServerConfiguration.maxSessionsPerAddress),
            ("JETWAY_MAX_WEBSOCKETS_PER_ADDRESS", \ServerConfiguration.maxWebSocketsPerAddress),
            ("JETWAY_MAX_HTTP_CONNECTIONS_PER_ADDRESS", \ServerConfiguration.maxHTTPConnectionsPerAddress),
            ("JETWAY_MAX_QUEUED_BYTES", \ServerConfiguration.maxQueuedBytes),
            ("JETWAY_SOCKET_SEND_BUFFER", \ServerConfiguration.socketSendBuffer),
        ] {
            guard let text = environment[name], !text.isEmpty else { continue }
            guard let value = Int(text), value > 0, value <= 10_000_000 else {
                throw .badSetting(name: name, value: text, expected: "a number from 1 to 10,000,000")
            }
            configuration[keyPath: setting] = value
        }
        if let bytes = try megabytes("JETWAY_MAX_PAGE_MEMORY_PER_ADDRESS", environment) { configuration.maxPageMemoryPerAddress = bytes }
        if let bytes = try megabytes("JETWAY_MAX_PAGE_MEMORY", environment) { configuration.maxPageMemory = bytes }
        if let directory = environment["JETWAY_SYMBOLS_DIRECTORY"], !directory.isEmpty { configuration.symbolsDirectory = directory }
        if let text = environment["JETWAY_RETURN_FREED_MEMORY"], !text.isEmpty {
            configuration.returnsFreedMemory = try flag("JETWAY_RETURN_FREED_MEMORY", text)
        }
        if let seconds = try number("JETWAY_SESSION_GRACE", environment, 1...(7 * 86400), "a number of seconds") {
            configuration.sessionGrace = TimeInterval(seconds)
        }
        if let sockets = try number("JETWAY_MAX_OPEN_SOCKETS", environment, 16...10_000_000) { configuration.maxOpenSockets = sockets }
        return configuration
    }

    /// A whole number in `range`; nil when it is not set, an error naming it when it is not one.
    private static func number(
        _ name: String, _ environment: [String: String], _ range: ClosedRange<Int>, _ kind: String = "a number"
    ) throws(ServerError) -> Int? {
        guard let text = environment[name], !text.isEmpty else { return nil }
        guard let value = Int(text), range.contains(value) else {
            throw .badSetting(name: name, value: text, expected: "\(kind) from \(range.lowerBound) to \(range.upperBound)")
        }
        return value
    }

    /// A setting in megabytes, as bytes; nil when it is not set.
    private static func megabytes(_ name: String, _ environment: [String: String]) throws(ServerError) -> Int? {
        try number(name, environment, 1...10_000_000, "a number of megabytes").map { $0 * 1024 * 1024 }
    }

    private static func list(_ text: String) -> [String] {
        text.split(separator: ",").map { $0.trimmingCharacters(in: .whitespaces) }.filter { !$0.isEmpty }
    }

    private static func flag(_ name: String, _ text: String) throws(ServerError) -> Bool {
        switch text.lowercased() {
        case "1", "true", "yes", "on": return true
        case "0", "false", "no", "off": return false
        default: throw .badSetting(name: name, value: text, expected: "1 or 0 (true or false)")
        }
    }

    /// An IP address as the server writes a peer's: `0:0:0:0:0:0:0:1` as `::1`, an IPv4
    /// address mapped into IPv6 (`::ffff:127.0.0.1`, a peer on a dual-stack socket) as IPv4;
    /// nil when it is not an address.
    static func canonicalAddress(_ text: String) -> String? {
        var v4 = in_addr()
        if inet_pton(AF_INET, text, &v4) == 1 { return text }
        var v6 = in6_addr()
        guard inet_pton(AF_INET6, text, &v6) == 1 else { return nil }
        var buffer = [CChar](repeating: 0, count: Int(INET6_ADDRSTRLEN))
        guard inet_ntop(AF_INET6, &v6, &buffer, socklen_t(buffer.count)) != nil else { return nil }
        let written = String(decoding: buffer.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
        if written.hasPrefix("::ffff:"), inet_pton(AF_INET, String(written.dropFirst(7)), &v4) == 1 { return String(written.dropFirst(7)) }
        return written
    }
}
