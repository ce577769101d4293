import CLibWebSockets
import Foundation
import Jetway

/// The server's sockets: HTTP and websockets served by libwebsockets on a service thread of
/// their own. An adapter: it reads requests and frames, checks what only a socket shows (request
/// syntax and sizes, deadlines, per-address sockets, origins, framing), hands requests to the
/// server's routing (`plan`) and messages to the sessions, and writes what they answer. The
/// sessions reach it only through `SessionTransport` (`wake`); `InMemoryTransport` is the other.
///
/// libwebsockets is only touched on the service thread (except `lws_cancel_service`, which
/// wakes it). Inbound messages are copied and handed to the main actor; outbound bytes go
/// through each connection's bounded queue, and a wake-up asks the service thread to write them.
final class LibWebSocketsTransport: @unchecked Sendable, SessionTransport {
    unowned let server: JetwayServer
    var configuration: ServerConfiguration { server.configuration }
    var app: JetwayApp { server.app }
    @MainActor var sessions: SessionManager { server.sessions }

    var context: OpaquePointer?
    private var thread: Thread?
    let stateLock = NSLock()
    private var running = false
    var contextAlive = false
    var pending: [Connection] = []
    /// Service thread: where a frame is put together before `lws_write` (reused, not one
    /// allocation per message).
    let frameScratch = FrameScratch()
    /// What lws keeps for one request's line and headers, and the parts of it we accept.
    static let headerRoom = 16 * 1024
    static let maxURIBytes = 8 * 1024
    static let maxHeaderBytes = 8 * 1024
    /// Service thread: open websockets by client address (`maxWebSocketsPerAddress`).
    var webSocketsByAddress: [String: Int] = [:]
    /// Service thread: every open websocket, for the idle check (IdleSockets.swift).
    var openWebSockets: [ObjectIdentifier: Connection] = [:]
    /// Service thread: every accepted socket, by its wsi, and the rules it is admitted and
    /// timed by (AcceptedSockets.swift); its budget is set by `start()`.
    var admission = SocketAdmission<OpaquePointer>(limits: .init(perAddress: 0, total: 0))
    let socketCounts = SocketCounts()
    /// Service thread: each accepted socket's request heads, checked as lws reads them.
    let requestHeads = StrictRequestHeads()
    var lastRefusalLog: UInt64 = 0
    var refusalsSinceLog = 0
    /// lws keeps a pointer to the policy for the context's life: one for the process.
    nonisolated(unsafe) static let noValidityPolicy: UnsafeMutablePointer<lws_retry_bo_t> = {
        let policy = UnsafeMutablePointer<lws_retry_bo_t>.allocate(capacity: 1)
        policy.initialize(to: lws_retry_bo_t())
        return policy
    }()
    var lastIdleCheck: UInt64 = 0
    var wakeRequested = false
    private var listenPort = 0
    private var loopName = ""
    private let started = DispatchSemaphore(value: 0)
    private let stopped = DispatchSemaphore(value: 0)
    private var startError: Error?
    /// C strings and the protocol table must outlive the context.
    private var protocols: UnsafeMutablePointer<lws_protocols>?
    private var cStrings: [UnsafeMutablePointer<CChar>] = []
    /// The security headers as lws's list of canned headers (see `serviceLoop`).
    private var cannedHeaders: UnsafeMutablePointer<lws_protocol_vhost_options>?

    init(server: JetwayServer) {
        self.server = server
        admission = SocketAdmission(
            limits: .init(
                perAddress: configuration.maxHTTPConnectionsPerAddress, total: Self.socketBudget(configured: configuration.maxOpenSockets),
                headersTimeout: .milliseconds(Int(configuration.requestHeadersTimeout * 1000)),
                bodyTimeout: .milliseconds(Int(configuration.requestBodyTimeout * 1000)), minimumBodyRate: configuration.minimumBodyRate,
                maximumBodyBytes: configuration.maxUploadBytes))
    }

    /// The port listened on (useful with `port = 0`); 0 until started.
    var port: Int {
        stateLock.lock()
        defer { stateLock.unlock() }
        return listenPort
    }

    /// "libev" (epoll), or "poll" when Debian's libwebsockets-evlib-ev is missing.
    var eventLoop: String {
        stateLock.lock()
        defer { stateLock.unlock() }
        return loopName
    }

    /// Starts the service thread; returns once the socket is bound.
    func start() throws {
        stateLock.lock()
        running = true
        stateLock.unlock()
        // The service thread keeps the server alive while it runs (callbacks reach it).
        let thread = Thread { [self, server] in
            withExtendedLifetime(server) { serviceLoop() }
        }
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
    }

    /// Ends the service thread (its sockets close) and waits for it.
    func stop() {
        stateLock.lock()
        running = false
        stateLock.unlock()
        wakeServiceThread()
        stopped.wait()
    }

    private func serviceLoop() {
        jw_lws_set_log_level(Int32(LLL_ERR))
        _ = requestHeads.install()
        defer { requestHeads.uninstall() }
        let protocols = UnsafeMutablePointer<lws_protocols>.allocate(capacity: 3)
        self.protocols = protocols
        let httpName = strdup("http")!
        let wsName = strdup(RuntimeContract.subprotocol)!
        let host = server.listenAddress.interface.map { strdup($0)! }
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
        // lws allocates the receive buffer for every websocket when it opens, so it is most of
        // an idle session's memory: 512 bytes hold the events a page sends (a keystroke's is
        // under 200 bytes); a longer message (a long text) arrives in pieces and is put
        // together (`receive`, bounded by `maxMessageBytes`). 4 KB was a quarter of an idle
        // session. Sends are not held to that size: a whole page goes out in 64 KB writes.
        websocket.rx_buffer_size = 512
        websocket.tx_packet_size = 64 * 1024
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
        // Room for long request lines and headers, so that one over our own limits gets a
        // 414 or 431 that says so (`handleHTTP`) instead of lws closing the socket without a
        // word; past this lws still closes it.
        info.max_http_header_data = UInt16(Self.headerRoom)
        info.options = UInt64(LWS_SERVER_OPTION_VALIDATE_UTF8) | server.listenAddress.options
        // The security headers go on every response lws writes, its own answers included (a
        // 403 for TRACE, a 400 for a bad escape), not only on ours.
        let securityHeaders = HTTPResponse.securityHeaders(frameAncestors: configuration.frameAncestors)
        let canned = UnsafeMutablePointer<lws_protocol_vhost_options>.allocate(capacity: securityHeaders.count)
        for (index, (name, value)) in securityHeaders.enumerated() {
            let cName = strdup(name + ":")!
            let cValue = strdup(value)!
            cStrings += [cName, cValue]
            var option = lws_protocol_vhost_options()
            option.name = UnsafePointer(cName)
            option.value = UnsafePointer(cValue)
            option.next = index + 1 < securityHeaders.count ? UnsafePointer(canned + index + 1) : nil
            (canned + index).initialize(to: option)
        }
        cannedHeaders = canned
        info.headers = UnsafePointer(canned)
        // A retry-and-idle policy of zeros: lws's validity timer off. With a policy it re-sorts
        // its timer list for every frame a socket sends or receives (a walk over every open
        // socket), which was most of the server's CPU with a thousand idle pages; with none
        // (nil) it takes the context's default (ping at 300 s) and does the same. Silent
        // sockets are pinged and closed by our own once-a-second check (IdleSockets.swift).
        info.retry_and_idle_policy = UnsafePointer(Self.noValidityPolicy)
        // lws runs on a libev loop of ours (epoll): with poll(), every pass visited every open
        // socket, which at a thousand idle pages cost more than the render of a keystroke.
        // Without Debian's libwebsockets-evlib-ev the server still serves, on poll().
        var loop = configuration.usesEventLibrary ? jw_ev_loop_new() : nil
        let loops = UnsafeMutablePointer<UnsafeMutableRawPointer?>.allocate(capacity: 1)
        defer { loops.deallocate() }
        loops.pointee = loop.map { UnsafeMutableRawPointer($0) }
        var created: OpaquePointer?
        // What would stop any loop from listening is said as it is, not as a missing loop.
        let problem = server.listenAddress.bindProblem(port: configuration.port)
        if configuration.port != 0, [.inUse, .notThisMachine, .needsPrivilege].contains(problem) {
            startError = ServerError.cannotListen(host: configuration.host, port: configuration.port, why: problem)
            started.signal()
            cleanUpCStrings()
            if loop != nil { jw_ev_loop_destroy(loop) }
            return
        }
        if loop != nil {
            var withLoop = info
            withLoop.options |= UInt64(LWS_SERVER_OPTION_LIBEV)
            withLoop.foreign_loops = loops
            created = lws_create_context(&withLoop)
            if created == nil {
                Log.error("event loop unavailable", ["fallback": "poll", "hint": "install libwebsockets-evlib-ev"])
                jw_ev_loop_destroy(loop)
                loop = nil
            }
        }
        if created == nil { created = lws_create_context(&info) }
        guard let context = created else {
            startError = ServerError.cannotListen(
                host: configuration.host, port: configuration.port, why: server.listenAddress.bindProblem(port: configuration.port))
            started.signal()
            cleanUpCStrings()
            return
        }
        self.context = context
        let vhost = lws_get_vhost_by_name(context, vhostName)
        stateLock.lock()
        contextAlive = true
        listenPort = vhost.map { Int(lws_get_vhost_listen_port($0)) } ?? configuration.port
        loopName = loop == nil ? "poll" : "libev"
        stateLock.unlock()
        started.signal()
        let tick = loop.map { jw_ev_tick_start($0, context, 1.0) }
        while isRunning {
            if let loop {
                jw_ev_run_once(loop)
            } else if lws_service(context, 0) < 0 {
                break
            }
            checkIdleSockets()
        }
        stateLock.lock()
        contextAlive = false
        stateLock.unlock()
        if let loop, let tick { jw_ev_tick_stop(loop, tick) }
        lws_context_destroy(context)
        if let loop {
            for _ in 0..<8 { jw_ev_run_nowait(loop) }
            jw_ev_loop_destroy(loop)
        }
        self.context = nil
        cleanUpCStrings()
        stopped.signal()
    }

    private func cleanUpCStrings() {
        for string in cStrings { free(string) }
        cStrings.removeAll()
        protocols?.deallocate()
        protocols = nil
        cannedHeaders?.deallocate()
        cannedHeaders = nil
    }

    var isRunning: Bool {
        stateLock.lock()
        defer { stateLock.unlock() }
        return running
    }
}
