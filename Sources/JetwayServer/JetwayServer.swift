import CLibWebSockets
import Foundation
import Jetway

/// Serves a Jetway app: server-rendered pages, assets, and a websocket per page that keeps the
/// page live.
///
/// libwebsockets runs on its own service thread and is only touched there (except
/// `lws_cancel_service`, which wakes it). Sessions and views live on the main actor. Inbound
/// messages are copied and handed to the main actor; outbound bytes go through each connection's
/// bounded queue, and a wake-up asks the service thread to write them.
///
/// ```swift
/// let server = try JetwayServer(app: app, configuration: .fromEnvironment())
/// try server.run()   // serves until SIGINT/SIGTERM; or start() and stop() yourself
/// ```
public final class JetwayServer: @unchecked Sendable {
    public let configuration: ServerConfiguration
    public let app: JetwayApp
    let secret: [UInt8]
    let assets: StaticFiles
    let listenAddress: ListenAddress

    private var context: OpaquePointer?
    private var thread: Thread?
    private let stateLock = NSLock()
    private var running = false
    private var contextAlive = false
    private var pending: [Connection] = []
    private var wakeRequested = false
    private var listenPort = 0
    private let started = DispatchSemaphore(value: 0)
    private let stopped = DispatchSemaphore(value: 0)
    private var startError: Error?
    /// C strings and the protocol table must outlive the context.
    private var protocols: UnsafeMutablePointer<lws_protocols>?
    private var cStrings: [UnsafeMutablePointer<CChar>] = []
    /// The SIGINT/SIGTERM handlers `run()` installs, kept alive with the server.
    @MainActor var signalSources: [DispatchSourceSignal] = []

    @MainActor lazy var sessions = SessionManager(server: self)

    public init(app: JetwayApp, configuration: ServerConfiguration = ServerConfiguration()) throws {
        self.app = app
        self.configuration = configuration
        self.listenAddress = try ListenAddress(host: configuration.host)
        self.secret = try SessionToken.loadSecret(configured: configuration.secret, dataDirectory: configuration.dataDirectory)
        self.assets = try StaticFiles(directory: configuration.assetsDirectory)
    }

    /// The port the server listens on (useful with `port = 0`).
    public var port: Int {
        stateLock.lock()
        defer { stateLock.unlock() }
        return listenPort
    }

    /// The address to open in a browser: `http://127.0.0.1:8080`.
    public var url: String {
        let host =
            switch (listenAddress.interface, listenAddress.family) {
            case (nil, .ipv6): "[::1]"
            case (nil, _): "127.0.0.1"
            case (let address?, .ipv6): "[\(address)]"
            case (let address?, _): address
            }
        return "http://\(host):\(port)"
    }

    /// Starts listening; returns once the socket is bound. `run()` does this and then serves
    /// until a signal; a program that calls `start()` itself must keep the main actor running
    /// (`RunLoop.main.run()`; `dispatchMain()` runs no run loop, so Foundation timers never fire).
    @MainActor
    public func start() throws {
        stateLock.lock()
        if running {
            stateLock.unlock()
            throw ServerError.alreadyRunning
        }
        running = true
        stateLock.unlock()
        _ = sessions
        sessions.startSweeping()
        let thread = Thread { [self] in serviceLoop() }
        thread.name = "jetway-lws"
        thread.stackSize = 1 << 20
        self.thread = thread
        thread.start()
        started.wait()
        if let startError {
            stateLock.lock()
            running = false
            stateLock.unlock()
            throw startError
        }
        Log.info("listening", ["host": configuration.host, "port": port, "build": configuration.buildID])
    }

    /// Stops accepting, tells connected pages to reconnect (close 1001), flushes and returns.
    @MainActor
    public func stop() {
        stateLock.lock()
        guard running else {
            stateLock.unlock()
            return
        }
        stateLock.unlock()
        sessions.goingAway()
        // Give the service thread a moment to flush the close frames.
        let deadline = Date().addingTimeInterval(1)
        while Date() < deadline && sessions.hasQueuedBytes { Thread.sleep(forTimeInterval: 0.01) }
        stateLock.lock()
        running = false
        stateLock.unlock()
        wakeServiceThread()
        stopped.wait()
        sessions.stopSweeping()
        Log.info("stopped")
    }

    // MARK: Service thread

    private func serviceLoop() {
        jw_lws_set_log_level(Int32(LLL_ERR))
        let protocols = UnsafeMutablePointer<lws_protocols>.allocate(capacity: 3)
        self.protocols = protocols
        let httpName = strdup("http")!
        let wsName = strdup("jetway")!
        let host = listenAddress.interface.map { strdup($0)! }
        let vhostName = strdup("default")!
        cStrings = [httpName, wsName, vhostName] + (host.map { [$0] } ?? [])
        var http = jw_lws_protocols_terminator()
        http.name = UnsafePointer(httpName)
        http.callback = jetwayCallback
        http.per_session_data_size = MemoryLayout<UnsafeMutableRawPointer?>.size
        var websocket = jw_lws_protocols_terminator()
        websocket.name = UnsafePointer(wsName)
        websocket.callback = jetwayCallback
        websocket.per_session_data_size = MemoryLayout<UnsafeMutableRawPointer?>.size
        websocket.rx_buffer_size = 16 * 1024
        websocket.id = 1
        protocols[0] = http
        protocols[1] = websocket
        protocols[2] = jw_lws_protocols_terminator()

        var info = lws_context_creation_info()
        info.port = Int32(configuration.port)
        info.iface = host.map { UnsafePointer($0) }
        info.vhost_name = UnsafePointer(vhostName)
        info.protocols = UnsafePointer(protocols)
        info.gid = -1
        info.uid = -1
        info.user = Unmanaged.passUnretained(self).toOpaque()
        info.options = UInt64(LWS_SERVER_OPTION_VALIDATE_UTF8) | listenAddress.options
        guard let context = lws_create_context(&info) else {
            startError = ServerError.cannotListen(host: configuration.host, port: configuration.port)
            started.signal()
            cleanUpCStrings()
            return
        }
        self.context = context
        let vhost = lws_get_vhost_by_name(context, vhostName)
        stateLock.lock()
        contextAlive = true
        listenPort = vhost.map { Int(lws_get_vhost_listen_port($0)) } ?? configuration.port
        stateLock.unlock()
        started.signal()
        while isRunning {
            if lws_service(context, 0) < 0 { break }
        }
        stateLock.lock()
        contextAlive = false
        stateLock.unlock()
        lws_context_destroy(context)
        self.context = nil
        cleanUpCStrings()
        stopped.signal()
    }

    private func cleanUpCStrings() {
        for string in cStrings { free(string) }
        cStrings.removeAll()
        protocols?.deallocate()
        protocols = nil
    }

    private var isRunning: Bool {
        stateLock.lock()
        defer { stateLock.unlock() }
        return running
    }

    /// Any thread: asks the service thread to write what `connection` has queued.
    func wake(_ connection: Connection) {
        stateLock.lock()
        pending.append(connection)
        let needsWake = !wakeRequested
        wakeRequested = true
        stateLock.unlock()
        if needsWake { wakeServiceThread() }
    }

    /// Any thread: one wake-up for a batch of connections.
    func wake(_ connections: [Connection]) {
        guard !connections.isEmpty else { return }
        stateLock.lock()
        pending.append(contentsOf: connections)
        let needsWake = !wakeRequested
        wakeRequested = true
        stateLock.unlock()
        if needsWake { wakeServiceThread() }
    }

    private func wakeServiceThread() {
        stateLock.lock()
        defer { stateLock.unlock() }
        // Under the lock with the alive flag: cancelling a destroyed context is a use-after-free.
        if contextAlive, let context { lws_cancel_service(context) }
    }

    /// Service thread, on EVENT_WAIT_CANCELLED: ask for writable on every woken connection.
    fileprivate func drainPending() {
        stateLock.lock()
        let connections = pending
        pending.removeAll()
        wakeRequested = false
        stateLock.unlock()
        for connection in connections where !connection.isClosed {
            if let wsi = connection.wsi { lws_callback_on_writable(wsi) }
        }
    }

    // MARK: Callback handlers (service thread)

    fileprivate func handleHTTP(_ wsi: OpaquePointer, _ slot: UnsafeMutablePointer<UnsafeMutableRawPointer?>, uri: String) -> Int32 {
        if let previous = slot.pointee {
            Unmanaged<Connection>.fromOpaque(previous).release()
            slot.pointee = nil
        }
        let connection = Connection(kind: .http, maxQueuedBytes: configuration.maxQueuedBytes)
        connection.wsi = wsi
        slot.pointee = Unmanaged.passRetained(connection).toOpaque()
        let isGet = lws_hdr_total_length(wsi, WSI_TOKEN_GET_URI) > 0
        let isHead = lws_hdr_total_length(wsi, WSI_TOKEN_HEAD_URI) > 0
        guard isGet || isHead else {
            connection.setResponse(HTTPResponse.text(405, "Only GET is supported.\n"), headOnly: false)
            lws_callback_on_writable(wsi)
            return 0
        }
        let query = Self.queryString(wsi)
        let path = uri.isEmpty ? "/" : uri
        if path == "/favicon.ico" {
            // Pages link the bundled SVG icon; this answers browsers and bots that ask anyway.
            let response =
                assets.response(for: "favicon.ico", ifNoneMatch: nil)
                ?? HTTPResponse(status: 204, contentType: "image/x-icon", headers: [("cache-control", "public, max-age=86400")], body: [])
            connection.setResponse(response, headOnly: isHead)
            lws_callback_on_writable(wsi)
            return 0
        }
        if path.hasPrefix("/assets/") {
            let etag = Self.header(wsi, WSI_TOKEN_HTTP_IF_NONE_MATCH)
            let response =
                assets.response(
                    for: String(path.dropFirst("/assets/".count)), ifNoneMatch: etag, query: query,
                    acceptsGzip: Gzip.isAccepted(by: Self.header(wsi, WSI_TOKEN_HTTP_ACCEPT_ENCODING)))
                ?? HTTPResponse.notFoundPage(title: app.title)
            connection.setResponse(response, headOnly: isHead)
            lws_callback_on_writable(wsi)
            return 0
        }
        let started = DispatchTime.now()
        var peer = [CChar](repeating: 0, count: 64)
        let address = lws_get_peer_simple(wsi, &peer, peer.count).map { String(cString: $0) } ?? "unknown"
        let acceptsGzip = Gzip.isAccepted(by: Self.header(wsi, WSI_TOKEN_HTTP_ACCEPT_ENCODING))
        Task { @MainActor [self] in
            let rendered = sessions.renderPage(path: path, query: query, address: address).varyingByEncoding()
            // Compressed on a worker thread: neither the views nor the sockets wait for zlib.
            DispatchQueue.global().async { [self] in
                let response = acceptsGzip ? rendered.gzipped() ?? rendered : rendered
                connection.setResponse(response, headOnly: isHead)
                Log.info(
                    "page",
                    [
                        "path": path, "status": response.status, "bytes": response.body.count,
                        "duration_us": (DispatchTime.now().uptimeNanoseconds - started.uptimeNanoseconds) / 1000,
                    ])
                wake(connection)
            }
        }
        return 0
    }

    fileprivate func writeHTTP(_ wsi: OpaquePointer, _ connection: Connection) -> Int32 {
        guard let (response, headOnly) = connection.takeResponse() else { return 0 }
        let headerCapacity = 4096
        var buffer = [UInt8](repeating: 0, count: Int(JW_LWS_PRE) + headerCapacity)
        let ok = buffer.withUnsafeMutableBufferPointer { raw -> Bool in
            let start = raw.baseAddress! + Int(JW_LWS_PRE)
            var cursor: UnsafeMutablePointer<UInt8>? = start
            let end = start + headerCapacity - 1
            // 204 and 304 carry no Content-Length (max is LWS_ILLEGAL_HTTP_CONTENT_LEN, which Swift
            // cannot import); a HEAD answer carries the body's.
            let length = response.status == 204 || response.status == 304 ? lws_filepos_t.max : lws_filepos_t(response.body.count)
            if lws_add_http_common_headers(wsi, response.status, response.contentType, length, &cursor, end) != 0 {
                return false
            }
            for (name, value) in HTTPResponse.securityHeaders + response.headers {
                let headerName = name + ":"
                if lws_add_http_header_by_name(wsi, headerName, value, Int32(value.utf8.count), &cursor, end) != 0 { return false }
            }
            return lws_finalize_write_http_header(wsi, start, &cursor, end) == 0
        }
        guard ok else { return -1 }
        if !headOnly && !response.body.isEmpty {
            var body = [UInt8](repeating: 0, count: Int(JW_LWS_PRE) + response.body.count)
            body.replaceSubrange(Int(JW_LWS_PRE)..., with: response.body)
            let written = body.withUnsafeMutableBufferPointer { raw in
                lws_write(wsi, raw.baseAddress! + Int(JW_LWS_PRE), response.body.count, LWS_WRITE_HTTP_FINAL)
            }
            if written < 0 { return -1 }
        }
        return lws_http_transaction_completed(wsi) != 0 ? -1 : 0
    }

    fileprivate func filterWebSocket(_ wsi: OpaquePointer) -> Int32 {
        let origin = Self.header(wsi, WSI_TOKEN_ORIGIN) ?? ""
        let host = Self.header(wsi, WSI_TOKEN_HOST) ?? ""
        let allowed =
            !origin.isEmpty && (origin == "http://" + host || origin == "https://" + host || configuration.allowedOrigins.contains(origin))
        if !allowed {
            Log.warn("upgrade_refused", ["origin": origin, "host": host])
            return 1
        }
        return 0
    }

    fileprivate func established(_ wsi: OpaquePointer, _ slot: UnsafeMutablePointer<UnsafeMutableRawPointer?>) {
        let connection = Connection(kind: .websocket, maxQueuedBytes: configuration.maxQueuedBytes)
        connection.wsi = wsi
        slot.pointee = Unmanaged.passRetained(connection).toOpaque()
        _ = deliver(.opened, to: connection)
    }

    /// Service thread: hands what happened on a websocket to the main actor, in order (one
    /// drain per connection at a time). False when the connection must be closed for flooding.
    private func deliver(_ item: Connection.Inbound, to connection: Connection) -> Bool {
        switch connection.enqueue(item) {
        case .scheduleDrain:
            Task { @MainActor [self] in sessions.drain(connection) }
            return true
        case .alreadyScheduled: return true
        case .overflow: return false
        }
    }

    /// Service thread: closes the websocket now with this code and reason (returns the
    /// callback's -1).
    private func close(_ wsi: OpaquePointer, _ connection: Connection, _ status: lws_close_status, _ reason: String) -> Int32 {
        reason.withCString {
            lws_close_reason(wsi, status, UnsafeMutableRawPointer(mutating: $0).assumingMemoryBound(to: UInt8.self), reason.utf8.count)
        }
        connection.markClosed()
        return -1
    }

    fileprivate func receive(_ wsi: OpaquePointer, _ connection: Connection, _ bytes: UnsafeRawBufferPointer) -> Int32 {
        if connection.inbound.count + bytes.count > configuration.maxMessageBytes {
            Log.warn("message_too_large", ["connection": connection.id])
            connection.inbound.removeAll()
            return close(wsi, connection, LWS_CLOSE_STATUS_MESSAGE_TOO_LARGE, "message too large")
        }
        connection.inbound.append(contentsOf: bytes)
        guard lws_is_final_fragment(wsi) != 0, lws_remaining_packet_payload(wsi) == 0 else { return 0 }
        let message = connection.inbound
        connection.inbound.removeAll(keepingCapacity: true)
        let binary = lws_frame_is_binary(wsi) != 0
        guard deliver(.message(message, binary: binary), to: connection) else {
            Log.warn("inbound_overflow", ["connection": connection.id])
            return close(wsi, connection, LWS_CLOSE_STATUS_POLICY_VIOLATION, "too many messages waiting")
        }
        return 0
    }

    fileprivate func writeWebSocket(_ wsi: OpaquePointer, _ connection: Connection) -> Int32 {
        let next = connection.nextOutgoing()
        if let close = next.close {
            close.reason.withCString {
                lws_close_reason(
                    wsi, lws_close_status(rawValue: UInt32(close.code)),
                    UnsafeMutableRawPointer(mutating: $0).assumingMemoryBound(to: UInt8.self), close.reason.utf8.count)
            }
            return -1
        }
        guard let message = next.message else { return 0 }
        var buffer = [UInt8](repeating: 0, count: Int(JW_LWS_PRE) + message.count)
        buffer.replaceSubrange(Int(JW_LWS_PRE)..., with: message)
        let written = buffer.withUnsafeMutableBufferPointer { raw in
            lws_write(wsi, raw.baseAddress! + Int(JW_LWS_PRE), message.count, LWS_WRITE_TEXT)
        }
        if written < message.count { return -1 }
        if next.more { lws_callback_on_writable(wsi) }
        return 0
    }

    fileprivate func closed(_ connection: Connection) {
        connection.markClosed()
        connection.wsi = nil
        if connection.kind == .websocket {
            _ = deliver(.closed, to: connection)
        }
    }

    static func header(_ wsi: OpaquePointer, _ token: lws_token_indexes) -> String? {
        let length = Int(lws_hdr_total_length(wsi, token))
        guard length > 0, length < 8192 else { return nil }
        var buffer = [CChar](repeating: 0, count: length + 1)
        guard lws_hdr_copy(wsi, &buffer, Int32(length + 1), token) >= 0 else { return nil }
        return String(cBuffer: buffer)
    }

    static func queryString(_ wsi: OpaquePointer) -> String {
        var parts: [String] = []
        var buffer = [CChar](repeating: 0, count: 1024)
        var index: Int32 = 0
        while index < 64, lws_hdr_copy_fragment(wsi, &buffer, Int32(buffer.count), WSI_TOKEN_HTTP_URI_ARGS, index) > 0 {
            parts.append(String(cBuffer: buffer))
            index += 1
        }
        return parts.joined(separator: "&")
    }
}

extension Connection {
    private static let responseLock = NSLock()

    func setResponse(_ response: HTTPResponse, headOnly: Bool) {
        Self.responseLock.lock()
        httpResponse = response
        self.headOnly = headOnly
        Self.responseLock.unlock()
    }

    func takeResponse() -> (HTTPResponse, Bool)? {
        Self.responseLock.lock()
        defer { Self.responseLock.unlock() }
        guard let response = httpResponse else { return nil }
        httpResponse = nil
        return (response, headOnly)
    }
}

/// The one C callback for both protocols. It finds the server through the context's user
/// pointer and the connection through the per-session slot.
private func jetwayCallback(
    _ wsi: OpaquePointer?, _ reason: lws_callback_reasons, _ user: UnsafeMutableRawPointer?, _ input: UnsafeMutableRawPointer?,
    _ length: Int
) -> Int32 {
    guard let wsi, let contextUser = lws_context_user(lws_get_context(wsi)) else { return 0 }
    let server = Unmanaged<JetwayServer>.fromOpaque(contextUser).takeUnretainedValue()
    // `user` is the per-session slot only for the reasons handled below; for others lws passes
    // other things there, so it is read only inside those cases.
    var slot: UnsafeMutablePointer<UnsafeMutableRawPointer?>? { user?.assumingMemoryBound(to: UnsafeMutableRawPointer?.self) }
    var connection: Connection? { slot?.pointee.map { Unmanaged<Connection>.fromOpaque($0).takeUnretainedValue() } }
    switch reason {
    case LWS_CALLBACK_EVENT_WAIT_CANCELLED:
        server.drainPending()
        return 0
    case LWS_CALLBACK_HTTP:
        guard let slot else { return -1 }
        let uri = input.map { String(cString: $0.assumingMemoryBound(to: CChar.self)) } ?? "/"
        return server.handleHTTP(wsi, slot, uri: uri)
    case LWS_CALLBACK_HTTP_BODY:
        return 0  // request bodies are not accepted; their bytes are dropped as they arrive
    case LWS_CALLBACK_HTTP_BODY_COMPLETION:
        lws_callback_on_writable(wsi)
        return 0
    case LWS_CALLBACK_HTTP_WRITEABLE:
        guard let connection else { return 0 }
        return server.writeHTTP(wsi, connection)
    case LWS_CALLBACK_FILTER_PROTOCOL_CONNECTION:
        return server.filterWebSocket(wsi)
    case LWS_CALLBACK_ESTABLISHED:
        guard let slot else { return -1 }
        server.established(wsi, slot)
        return 0
    case LWS_CALLBACK_RECEIVE:
        guard let connection, let input else { return 0 }
        return server.receive(wsi, connection, UnsafeRawBufferPointer(start: input, count: length))
    case LWS_CALLBACK_SERVER_WRITEABLE:
        guard let connection else { return 0 }
        return server.writeWebSocket(wsi, connection)
    case LWS_CALLBACK_CLOSED, LWS_CALLBACK_CLOSED_HTTP:
        if let slot, let pointer = slot.pointee {
            server.closed(Unmanaged<Connection>.fromOpaque(pointer).takeUnretainedValue())
            Unmanaged<Connection>.fromOpaque(pointer).release()
            slot.pointee = nil
        }
        return 0
    default:
        return lws_callback_http_dummy(wsi, reason, user, input, length)
    }
}
