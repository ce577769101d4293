import Foundation
import Jetway

/// A server's routing and sessions without its sockets, for tests (in the spirit of swift-nio's
/// `EmbeddedChannel`): a request goes through the same routing as one libwebsockets read
/// (`plan`), a socket is a queue of frames each way, and time is a clock the test moves. Pages,
/// assets, handlers, uploads, joins, events, patches, resumes, token renewal and expiry run as
/// behind libwebsockets, without a port, a thread or a sleep. What only a socket shows (request
/// syntax, sizes, slow clients, framing) is tested against the libwebsockets transport.
///
/// ```swift
/// let memory = try InMemoryTransport(app: app)
/// let page = memory.get("/gate/A1")
/// let socket = memory.connect()
/// socket.send(page.joinMessage())
/// #expect(socket.receive().first?.hasPrefix("[\"joined\"") == true)
/// let reply = await memory.request("POST", "/api/flights/MA100/status", body: Array(#"{"status":"Delayed"}"#.utf8))
/// memory.advance(by: 30 * 3600)   // a day and a bit: the sweep runs, tokens are renewed
/// ```
@MainActor
public final class InMemoryTransport: SessionTransport {
    /// The server whose routing and sessions it drives (never started).
    public let server: JetwayServer
    /// The clock every session reads (tokens, grace periods, expiry).
    public var now: Date

    /// A server for `app` that is never started: no port, no thread.
    public init(
        app: JetwayApp, configuration: ServerConfiguration = ServerConfiguration(), signInStore: (any SignInStore)? = nil,
        now: Date = Date()
    ) throws {
        server = try JetwayServer(app: app, configuration: configuration, signInStore: signInStore)
        self.now = now
        server.sessions.transport = self
        server.sessions.now = { [weak self] in self?.now ?? Date() }
        // What a test delivers is handled at once, whatever it costs.
        server.sessions.takesTurns = false
        if configuration.countsObservations { ObservationRegistrations.isCounting = true }
        // A sign-in that ends (here or in another process sharing the store) ends its pages.
        server.signIns.follow { [weak server] id in server?.sessions.signInEnded(id) }
        server.followDevelopmentReport()
    }

    /// HTTP requests whose answer comes later (an upload's), by connection.
    private var awaitingAnswers: [ObjectIdentifier: CheckedContinuation<Void, Never>] = [:]

    nonisolated func wake(_ connection: Connection) {
        guard connection.kind == .http else { return }
        let id = ObjectIdentifier(connection)
        Task { @MainActor in self.awaitingAnswers.removeValue(forKey: id)?.resume() }
    }
    nonisolated func wake(_ connections: [Connection]) {
        for connection in connections { wake(connection) }
    }

    /// A request as a browser or a machine client sends it, through the server's routing:
    /// `target` is a path with its query (`/api/flights?status=Delayed`), as it would be sent
    /// (percent-encoded); `headers` as sent (any case; `Host` is the server's own unless given;
    /// `Content-Length` is the body's when a body is given). The answer carries the security
    /// headers libwebsockets adds to every response.
    public func request(
        _ method: String = "GET", _ target: String, headers: [String: String] = [:], body: [UInt8] = [], address: String = "memory",
        http10: Bool = false
    ) async -> InMemoryResponse {
        var lowered = Dictionary(headers.map { ($0.key.lowercased(), $0.value) }, uniquingKeysWith: { $1 })
        if lowered["host"] == nil && !http10 { lowered["host"] = "127.0.0.1" }
        if !body.isEmpty && lowered["content-length"] == nil && lowered["transfer-encoding"] == nil {
            lowered["content-length"] = String(body.count)
        }
        let security = HTTPResponse.securityHeaders(frameAncestors: server.configuration.frameAncestors)
        // What libwebsockets' transport refuses before routing (RequestSyntax), refused here too.
        if var problem = RequestHead.framingProblem(
            method: HTTPMethod(rawValue: method), contentLengths: lowered["content-length"].map { [$0] } ?? [],
            chunked: lowered["transfer-encoding"] != nil)
        {
            problem.headers["connection"] = "close"
            var response = problem.httpResponse
            response.headers += security
            return InMemoryResponse(response, headOnly: false)
        }
        let parts = target.split(separator: "?", maxSplits: 1, omittingEmptySubsequences: false)
        let head = RequestHead(
            method: HTTPMethod(rawValue: method), path: Self.decodedPath(parts[0]), query: parts.count > 1 ? String(parts[1]) : "",
            headers: lowered, isHTTP10: http10, address: address, secure: server.configuration.secureCookies)
        // A connection for the request's life, as libwebsockets keeps one (the stats count it).
        let connection = Connection(kind: .http, maxQueuedBytes: server.configuration.maxQueuedBytes)
        let answer = await carryOut(server.plan(head), head: head, body: body, on: connection)
        withExtendedLifetime(connection) {}
        var response = answer.response
        response.headers += security
        return InMemoryResponse(response, headOnly: answer.headOnly)
    }

    /// A request's path as libwebsockets hands it over: percent-decoded, `//` and `.` segments
    /// collapsed, `..` taken back (never above the root).
    static func decodedPath(_ raw: Substring) -> String {
        let decoded = String(raw).removingPercentEncoding ?? String(raw)
        var segments: [Substring] = []
        for segment in decoded.split(separator: "/", omittingEmptySubsequences: true) {
            switch segment {
            case ".": continue
            case "..": _ = segments.popLast()
            default: segments.append(segment)
            }
        }
        let trailing = decoded.hasSuffix("/") && !segments.isEmpty ? "/" : ""
        return "/" + segments.joined(separator: "/") + trailing
    }

    /// What the libwebsockets transport does with a plan, with the body all there at once.
    private func carryOut(
        _ plan: RequestPlan, head: RequestHead, body: [UInt8], on connection: Connection
    ) async -> (response: HTTPResponse, headOnly: Bool) {
        switch plan {
        case .answer(let response, let headOnly, _):
            return (response, headOnly)
        case .answerLater(let headOnly, let work):
            return (await withCheckedContinuation { continuation in work { continuation.resume(returning: $0) } }, headOnly)
        case .handler(var pending, _):
            if body.count > pending.handler.maxBodyBytes {
                return (JetwayServer.bodyTooLarge(pending.handler).httpResponse, false)
            }
            pending.body = body
            return (await server.respond(to: pending), pending.method == .head)
        case .upload:
            if let refusal = server.startUpload(head, connection) { return await carryOut(refusal, head: head, body: body, on: connection) }
            if !body.isEmpty {
                body.withUnsafeBytes { server.receiveUploadBody(connection, $0) }
                server.uploadBodyComplete(connection)
            }
            while !connection.hasResponse {
                await withCheckedContinuation { awaitingAnswers[ObjectIdentifier(connection)] = $0 }
            }
            return connection.takeResponse() ?? (HTTPError(500, "internal error").httpResponse, false)
        }
    }

    /// Renders `path` as a browser's GET does (its session now exists).
    public func get(
        _ path: String, query: String = "", cookie: String? = nil, address: String = "memory", userAgent: String? = nil,
        acceptLanguage: String? = nil
    ) -> InMemoryPage {
        let identity = server.identity(cookieHeader: cookie, userAgent: userAgent, acceptLanguage: acceptLanguage)
        let response = server.sessions.renderPage(path: path, query: query, address: address, identity: identity)
        return InMemoryPage(status: Int(response.status), html: String(decoding: response.body, as: UTF8.self), path: path)
    }

    /// Opens a page's socket (the upgrade's cookies name the browser; `acceptLanguage`, its languages).
    public func connect(cookie: String? = nil, address: String = "memory", acceptLanguage: String? = nil) -> InMemorySocket {
        let connection = Connection(kind: .websocket, maxQueuedBytes: server.configuration.maxQueuedBytes)
        connection.address = address
        connection.identity = server.identity(cookieHeader: cookie, acceptLanguage: acceptLanguage)
        let socket = InMemorySocket(connection: connection, manager: server.sessions)
        socket.deliver(.opened)
        return socket
    }

    /// Moves the clock and runs the sweep, as its timer does every few seconds (renewing
    /// tokens, expiring sessions whose page is gone).
    public func advance(by seconds: TimeInterval) {
        now += seconds
        server.sessions.sweep()
    }

    /// Renders what shared data changed since (a model written outside any event), as the
    /// batched flush does at the end of the main actor's turn.
    public func flush() {
        server.sessions.flushDirtyGroups()
    }

    /// Ends every page, as a server's `stop()` does (their views leave; nothing goes on
    /// rendering for this transport).
    public func stop() {
        server.sessions.development?.stop()
        server.sessions.endAll()
        server.signIns.flushWrites()
    }

    /// How many sessions (open pages) the server keeps.
    public var sessionCount: Int { server.sessions.sessionCount }
}

/// An HTTP answer as a client would read it.
public struct InMemoryResponse: Sendable {
    /// The HTTP status.
    public let status: Int
    /// By lower-cased name; `set-cookie` headers joined by newlines.
    public let headers: [String: String]
    /// The body's bytes (none for a HEAD request).
    public let body: [UInt8]
    /// The body as UTF-8 text.
    public var text: String { String(decoding: body, as: UTF8.self) }

    init(_ response: HTTPResponse, headOnly: Bool) {
        status = Int(response.status)
        var headers: [String: String] = ["content-type": response.contentType]
        if !(response.status == 204 || response.status == 304) { headers["content-length"] = String(response.body.count) }
        for (name, value) in response.headers {
            let name = name.lowercased()
            headers[name] = headers[name].map { $0 + "\n" + value } ?? value
        }
        self.headers = headers
        body = headOnly ? [] : response.body
    }
}

/// A page as a GET returned it.
public struct InMemoryPage: Sendable {
    /// The HTTP status (200; 404 for a path no route matches; 503 while a development server is held).
    public let status: Int
    /// The whole document.
    public let html: String
    /// The path it was asked for.
    public let path: String

    /// The session's token, as the page's `<meta>` holds it (nil for a page without a session).
    public var token: String? { Self.meta(RuntimeContract.Meta.token, in: html) }
    /// The version of the page's content, as its `<meta>` says ("0" when it says none).
    public var version: String { Self.meta(RuntimeContract.Meta.version, in: html) ?? "0" }

    /// The page as its runtime keeps it, for its socket (`ClientPage`).
    public func clientPage(build: String = "", query: String = "") -> ClientPage {
        ClientPage(path: path, token: token ?? "", version: UInt64(version) ?? 0, buildID: build, query: query)
    }

    /// The runtime's first message on the page's socket.
    public func joinMessage(build: String = "", query: String = "") -> String {
        clientPage(build: build, query: query).join.text
    }

    static func meta(_ name: String, in html: String) -> String? {
        guard let range = html.range(of: "<meta name=\"\(name)\" content=\"") else { return nil }
        return String(html[range.upperBound...].prefix { $0 != "\"" })
    }
}

/// One page's socket, both ends in memory.
@MainActor
public final class InMemorySocket {
    let connection: Connection
    private unowned let manager: SessionManager
    /// The close the server asked for (code and reason), once it has.
    public private(set) var closed: (code: UInt16, reason: String)?

    init(connection: Connection, manager: SessionManager) {
        self.connection = connection
        self.manager = manager
    }

    /// A text frame from the browser, handled at once.
    public func send(_ text: String) {
        deliver(.message(Array(text.utf8), binary: false, arrived: .now))
    }

    /// Text frames that arrive together (one read of the socket): all are queued before the
    /// connection is drained, so a burst is coalesced as it is behind libwebsockets.
    public func send(burst texts: [String]) {
        var drains = false
        for text in texts where !connection.isClosed {
            if case .scheduleDrain = connection.enqueue(.message(Array(text.utf8), binary: false, arrived: .now)) { drains = true }
        }
        if drains { manager.drain(connection) }
    }

    /// Everything the server has written since the last call, in order.
    public func receive() -> [String] {
        var frames: [String] = []
        while true {
            let next = connection.nextOutgoing()
            if let message = next.message { frames.append(String(decoding: message, as: UTF8.self)) }
            if let close = next.close {
                closed = close
                connection.markClosed()
                deliver(.closed)
                break
            }
            if next.message == nil { break }
        }
        return frames
    }

    /// The network is gone: the server sees the socket close.
    public func disconnect() {
        guard !connection.isClosed else { return }
        connection.markClosed()
        deliver(.closed)
    }

    func deliver(_ item: Connection.Inbound) {
        if connection.isClosed, case .message = item { return }
        // As the service thread's task would, but at once: one item at a time is queued, so
        // one drain takes it.
        if case .scheduleDrain = connection.enqueue(item) { manager.drain(connection) }
    }
}
