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
    /// When the server was made (`/_jetway/stats` reports its uptime).
    let startedAt = Date()
    let assets: StaticFiles
    /// The files `Image(systemName:)` draws (`/_jetway/symbols/`).
    let symbols: SymbolFiles
    let listenAddress: ListenAddress
    let allowedHosts: AllowedHosts
    /// Who is signed in, by the id in each browser's `jw_signin` cookie.
    let signIns: SignIns

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
    /// Service thread: bytes uploaded lately per address and device (Uploads.swift).
    lazy var uploadQuotas = UploadQuotas(
        perAddress: configuration.uploadBytesPerAddressPerHour, perDevice: configuration.uploadBytesPerDevicePerHour)
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
    /// The SIGINT/SIGTERM handlers `run()` installs, kept alive with the server.
    @MainActor var signalSources: [DispatchSourceSignal] = []

    @MainActor lazy var sessions = SessionManager(server: self)

    /// `signInStore`: where sign-ins are kept; `signins.json` in the data folder when nil.
    /// Several processes behind one proxy pass one they share (JetwayStore's `StoredSignIns`).
    public init(app: JetwayApp, configuration: ServerConfiguration = ServerConfiguration(), signInStore: (any SignInStore)? = nil) throws {
        self.app = configuration.developmentMode ? app.withLibrary() : app
        self.configuration = configuration
        if let zone = app.timeZone { ProcessTimeZone.adopt(zone) }
        if configuration.developmentMode {
            // A system image name no set knows is drawn as a placeholder: said once, here.
            Image.unknownSystemNameReporter = { name in Log.warn("unknown_system_image", ["name": name, "docs": "docs/icons.md"]) }
        }
        self.listenAddress = try ListenAddress(host: configuration.host)
        self.allowedHosts = AllowedHosts(configured: configuration.allowedHosts, listenHost: configuration.host)
        self.secret = try SessionToken.loadSecret(configured: configuration.secret, dataDirectory: configuration.dataDirectory)
        self.assets = try StaticFiles(directory: configuration.assetsDirectory)
        self.symbols = SymbolFiles(directory: configuration.symbolsDirectory)
        if !symbols.isInstalled {
            Log.warn(
                "system_images_missing",
                ["directory": configuration.symbolsDirectory, "hint": "install bootstrap-icons, or set JETWAY_SYMBOLS_DIRECTORY"])
        }
        self.signIns = SignIns(
            store: signInStore ?? SignInFile(dataDirectory: configuration.dataDirectory), lifetime: configuration.signInLifetime)
    }

    /// The port the server listens on (useful with `port = 0`).
    public var port: Int {
        stateLock.lock()
        defer { stateLock.unlock() }
        return listenPort
    }

    /// The event loop the sockets are served on: "libev" (epoll), or "poll" when Debian's
    /// libwebsockets-evlib-ev is missing. Empty until `start()`.
    public var eventLoop: String {
        stateLock.lock()
        defer { stateLock.unlock() }
        return loopName
    }

    /// How many pages are open (attached or waiting for their browser to come back) and how
    /// many renderings they share (see `RenderGroup`).
    @MainActor public var openPages: (sessions: Int, renderings: Int) {
        (sessions.sessionCount, sessions.groupCount)
    }

    /// Whether a change is still being rendered into the renderings it reached (a fan-out is
    /// rendered in slices, and events are answered between them): a test waits for it before
    /// it asks what the pages were sent.
    @MainActor public var isRenderingChanges: Bool { sessions.isFlushing }

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
        if configuration.countsObservations { ObservationRegistrations.isCounting = true }
        securePrivateFiles()
        removeIncompleteUploads()
        admission = SocketAdmission(
            limits: .init(
                perAddress: configuration.maxHTTPConnectionsPerAddress, total: Self.socketBudget(configured: configuration.maxOpenSockets),
                headersTimeout: .milliseconds(Int(configuration.requestHeadersTimeout * 1000)),
                bodyTimeout: .milliseconds(Int(configuration.requestBodyTimeout * 1000)), minimumBodyRate: configuration.minimumBodyRate,
                maximumBodyBytes: configuration.maxUploadBytes))
        // Read here: once the service thread runs, the admission is its own.
        let socketBudget = admission.limits.total
        sessions.startSweeping()
        signIns.follow { [weak self] id in self?.sessions.signInEnded(id) }
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
        Log.info(
            "listening",
            ["host": configuration.host, "port": port, "build": configuration.buildID, "loop": eventLoop, "sockets": socketBudget])
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
        sessions.endAll()
        signIns.flushWrites()
        Log.info("stopped")
    }

    // MARK: Service thread

    private func serviceLoop() {
        jw_lws_set_log_level(Int32(LLL_ERR))
        _ = requestHeads.install()
        defer { requestHeads.uninstall() }
        let protocols = UnsafeMutablePointer<lws_protocols>.allocate(capacity: 3)
        self.protocols = protocols
        let httpName = strdup("http")!
        let wsName = strdup(RuntimeContract.subprotocol)!
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
        // lws allocates the receive buffer for every websocket when it opens, so it is most of
        // an idle session's memory: 4 KB holds any event a page sends; a longer message arrives
        // in pieces and is put together (`receive`, bounded by `maxMessageBytes`). Sends are not
        // held to that size: a whole page goes out in 64 KB writes.
        websocket.rx_buffer_size = 4 * 1024
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
        info.options = UInt64(LWS_SERVER_OPTION_VALIDATE_UTF8) | listenAddress.options
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

    /// The data folder is the server user's alone (0700, its files 0600), a folder an older
    /// version left readable included.
    private func securePrivateFiles() {
        let folder = configuration.dataDirectory
        try? PrivateFiles.makeFolder(folder)
        switch PrivateFiles.secure(folder: folder) {
        case nil:
            Log.warn("data_not_private", ["folder": folder, "reason": "shared with other users (world-writable, sticky or not ours)"])
        case let changed? where changed > 0: Log.info("data_made_private", ["folder": folder, "changed": changed])
        default: break
        }
    }

    private func cleanUpCStrings() {
        for string in cStrings { free(string) }
        cStrings.removeAll()
        protocols?.deallocate()
        protocols = nil
        cannedHeaders?.deallocate()
        cannedHeaders = nil
    }

    private var isRunning: Bool {
        stateLock.lock()
        defer { stateLock.unlock() }
        return running
    }
}
