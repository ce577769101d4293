import Foundation
import Jetway

/// The sessions of a server without its sockets, for tests (in the spirit of swift-nio's
/// `EmbeddedChannel`): pages are rendered as a GET renders them, a socket is a queue of frames
/// each way, and time is a clock the test moves. Joins, events, patches, resumes, token renewal
/// and expiry run exactly as behind libwebsockets, synchronously and without sleeping.
///
/// ```swift
/// let memory = try InMemoryTransport(app: app)
/// let page = memory.get("/gate/A1")
/// let socket = memory.connect()
/// socket.send(page.joinMessage)
/// #expect(socket.receive().first?.hasPrefix("[\"joined\"") == true)
/// memory.advance(by: 30 * 3600)   // a day and a bit: the sweep runs, tokens are renewed
/// ```
@MainActor
public final class InMemoryTransport: SessionTransport {
    public let server: JetwayServer
    /// The clock every session reads (tokens, grace periods, expiry).
    public var now: Date

    /// A server for `app` that is never started: no port, no thread.
    public init(app: JetwayApp, configuration: ServerConfiguration = ServerConfiguration(), now: Date = Date()) throws {
        server = try JetwayServer(app: app, configuration: configuration)
        self.now = now
        server.sessions.transport = self
        server.sessions.now = { [weak self] in self?.now ?? Date() }
        // What a test delivers is handled at once, whatever it costs.
        server.sessions.takesTurns = false
    }

    nonisolated func wake(_ connection: Connection) {}
    nonisolated func wake(_ connections: [Connection]) {}

    /// Renders `path` as a browser's GET does (its session now exists).
    public func get(_ path: String, query: String = "", cookie: String? = nil, address: String = "memory") -> InMemoryPage {
        let identity = server.identity(cookieHeader: cookie)
        let response = server.sessions.renderPage(path: path, query: query, address: address, identity: identity)
        return InMemoryPage(status: Int(response.status), html: String(decoding: response.body, as: UTF8.self), path: path)
    }

    /// Opens a page's socket (the upgrade's cookies name the browser).
    public func connect(cookie: String? = nil, address: String = "memory") -> InMemorySocket {
        let connection = Connection(kind: .websocket, maxQueuedBytes: server.configuration.maxQueuedBytes)
        connection.address = address
        connection.identity = server.identity(cookieHeader: cookie)
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
        server.sessions.endAll()
    }

    /// How many sessions (open pages) the server keeps.
    public var sessionCount: Int { server.sessions.sessionCount }
}

/// A page as a GET returned it.
public struct InMemoryPage: Sendable {
    public let status: Int
    public let html: String
    public let path: String

    public var token: String? { Self.meta("jetway-token", in: html) }
    public var version: String { Self.meta("jetway-version", in: html) ?? "0" }

    /// The runtime's first message on the page's socket.
    public func joinMessage(build: String = "", query: String = "") -> String {
        #"["join","\#(token ?? "")","\#(path)",\#(version),"\#(build)","\#(query)"]"#
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
