import Foundation
import Jetway
import Synchronization

/// Serves a Jetway app: server-rendered pages, assets, and a websocket per page that keeps the
/// page live.
///
/// The server is what an app declares around its views: the sessions (Sessions/, on the main
/// actor), the routing of requests (HTTP/), sign-ins, assets and uploads. The sockets are an
/// adapter made by `start()` (LibWebSockets/: libwebsockets on a service thread of its own);
/// `InMemoryTransport` (InMemory/) drives the same routing and sessions without them.
///
/// ```swift
/// let server = try JetwayServer(app: app, configuration: .fromEnvironment())
/// try server.run()   // serves until SIGINT/SIGTERM; or start() and stop() yourself
/// ```
public final class JetwayServer: @unchecked Sendable {
    /// What the server was made with (in development, its build identity derived: `buildID`).
    public let configuration: ServerConfiguration
    /// The app it serves: its routes, handlers, stylesheets and scripts.
    public let app: JetwayApp
    let secret: [UInt8]
    /// When the server was made (`/_jetway/stats` reports its uptime).
    let startedAt = Date()
    let assets: StaticFiles
    /// The files `Image(systemName:)` draws (`/_jetway/symbols/`).
    let symbols: SymbolFiles
    /// In development, the DocC sites at `/_jetway/docs/` (nil otherwise).
    let documentation: DocumentationFiles?
    /// The app's localized strings (`ServerConfiguration.localizationDirectories`), nil when it
    /// has none; made `StringCatalog.app`, which every localized text is looked up in.
    let strings: StringCatalog?
    let listenAddress: ListenAddress
    let allowedHosts: AllowedHosts
    /// Who is signed in, by the id in each browser's `jw_signin` cookie.
    let signIns: SignIns
    /// Where `@AppStorage` values are written down (with a data folder).
    private(set) var appStorage: AppStorageFile?

    /// Service thread (or a worker): bytes uploaded lately per address and device (Uploads.swift).
    lazy var uploadQuotas = UploadQuotas(
        perAddress: configuration.uploadBytesPerAddressPerHour, perDevice: configuration.uploadBytesPerDevicePerHour)
    /// The sockets, once `start()` has made them; nil for a server in memory (`InMemoryTransport`).
    private let socketsLock = NSLock()
    private var _sockets: LibWebSocketsTransport?
    var sockets: LibWebSocketsTransport? {
        socketsLock.lock()
        defer { socketsLock.unlock() }
        return _sockets
    }
    /// The SIGINT/SIGTERM handlers `run()` installs, kept alive with the server.
    @MainActor var signalSources: [DispatchSourceSignal] = []

    @MainActor lazy var sessions = SessionManager(server: self)

    /// `signInStore`: where sign-ins are kept; `signins.json` in the data folder when nil.
    /// Several processes behind one proxy pass one they share (JetwayStore's `StoredSignIns`).
    public init(app: JetwayApp, configuration: ServerConfiguration = ServerConfiguration(), signInStore: (any SignInStore)? = nil) throws {
        let assets = try StaticFiles(directory: configuration.assetsDirectory)
        var app = configuration.developmentMode ? app.withLibrary() : app
        // The asset catalog's colours: linked before the app's own stylesheets, which may refine them.
        if assets.catalog.hasColors { app.stylesheets.insert(AssetCatalog.stylesheetName, at: 0) }
        self.app = app
        var configuration = configuration
        if configuration.developmentMode && !configuration.buildIDIsSet {
            configuration.buildID = PageTemplate.developmentBuildID(app: app, assets: assets)
        }
        self.configuration = configuration
        if let zone = app.timeZone { ProcessTimeZone.adopt(zone) }
        if configuration.developmentMode {
            // A system image name no set knows is drawn as a placeholder: said once, here.
            Image.unknownSystemNameReporter = { name in Log.warn("unknown_system_image", ["name": name, "docs": "docs/icons.md"]) }
            // A shared page that splits because a view read the device says which view.
            DeviceReadTrace.switchedOn.store(true, ordering: .relaxed)
        }
        self.listenAddress = try ListenAddress(host: configuration.host)
        self.allowedHosts = AllowedHosts(configured: configuration.allowedHosts, listenHost: configuration.host)
        self.secret = try SessionToken.loadSecret(configured: configuration.secret, dataDirectory: configuration.dataDirectory)
        self.assets = assets
        self.symbols = SymbolFiles(directory: configuration.symbolsDirectory)
        self.documentation = configuration.developmentMode ? DocumentationFiles(directory: configuration.documentationDirectory) : nil
        let strings = try StringCatalog.load(from: Self.localizationFolders(configuration))
        self.strings = strings.isEmpty ? nil : strings
        if !strings.isEmpty { StringCatalog.addToApp(strings) }
        if configuration.developmentMode {
            // A key with no text in a page's language falls back to the source language: said once.
            StringCatalog.missingReporter = { key, language in Log.warn("missing_translation", ["key": key, "language": language]) }
        }
        if !symbols.isInstalled {
            Log.warn(
                "system_images_missing",
                ["directory": configuration.symbolsDirectory, "hint": "install bootstrap-icons, or set JETWAY_SYMBOLS_DIRECTORY"])
        }
        self.signIns = SignIns(
            store: signInStore ?? SignInFile(dataDirectory: configuration.dataDirectory), lifetime: configuration.signInLifetime)
        // `@AppStorage` values, kept per browser across restarts.
        appStorage = AppStorageFile(dataDirectory: configuration.dataDirectory)
        appStorage?.attach(to: DeviceStorage.shared)
    }

    /// The folders the app's strings are read from: those configured, else the resource bundles
    /// beside the executable (`<Package>_<Target>.resources`) and the assets folder.
    static func localizationFolders(_ configuration: ServerConfiguration) -> [URL] {
        if let configured = configuration.localizationDirectories { return configured.map { URL(fileURLWithPath: $0) } }
        let beside = Bundle.main.executableURL?.deletingLastPathComponent() ?? Bundle.main.bundleURL
        let bundles = ((try? FileManager.default.contentsOfDirectory(at: beside, includingPropertiesForKeys: nil)) ?? [])
            .filter { $0.pathExtension == "resources" }
        return bundles + (configuration.assetsDirectory.map { [URL(fileURLWithPath: $0)] } ?? [])
    }

    /// The port the server listens on (useful with `port = 0`).
    public var port: Int { sockets?.port ?? 0 }

    /// The event loop the sockets are served on: "libev" (epoll), or "poll" when Debian's
    /// libwebsockets-evlib-ev is missing. Empty until `start()`.
    public var eventLoop: String { sockets?.eventLoop ?? "" }

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
        let sockets = LibWebSocketsTransport(server: self)
        socketsLock.lock()
        // A stopped server may start again (new sockets); a running one may not.
        if let running = _sockets, running.isRunning {
            socketsLock.unlock()
            throw ServerError.alreadyRunning
        }
        _sockets = sockets
        socketsLock.unlock()
        if configuration.countsObservations { ObservationRegistrations.isCounting = true }
        securePrivateFiles()
        removeIncompleteUploads()
        sessions.transport = sockets
        sessions.startSweeping()
        followDevelopmentReport()
        signIns.follow { [weak self] id in self?.sessions.signInEnded(id) }
        // Read here: once the service thread runs, the admission is its own.
        let socketBudget = sockets.admission.limits.total
        do {
            try sockets.start()
        } catch {
            sessions.stopSweeping()
            throw error
        }
        Log.info(
            "listening",
            [
                "host": configuration.host, "port": port, "build": configuration.buildID, "loop": eventLoop,
                "sockets": socketBudget,
            ])
    }

    /// Stops accepting, tells connected pages to reconnect (close 1001), flushes and returns.
    @MainActor
    public func stop() {
        guard let sockets, sockets.isRunning else { return }
        sessions.goingAway()
        // Give the service thread a moment to flush the close frames.
        let deadline = Date().addingTimeInterval(1)
        while Date() < deadline && sessions.hasQueuedBytes { Thread.sleep(forTimeInterval: 0.01) }
        sockets.stop()
        sessions.stopSweeping()
        sessions.development?.stop()
        sessions.endAll()
        signIns.flushWrites()
        Log.info("stopped")
    }

    /// Under `jetway dev`, the loop's report goes to every open page (DevelopmentReports).
    @MainActor func followDevelopmentReport() {
        guard configuration.developmentMode, let path = configuration.developmentReport else { return }
        let reports = sessions.development ?? DevelopmentReports(path: path)
        sessions.development = reports
        if reports.holdsPages { Log.warn("development_held", ["report": path, "why": reports.showing?.summary ?? ""]) }
        reports.follow { [weak self] report in self?.sessions.broadcast(report) }
    }

    /// The data folder is the server user's alone (0700, its files 0600), a folder an older
    /// version left readable included.
    func securePrivateFiles() {
        let folder = configuration.dataDirectory
        try? PrivateFiles.makeFolder(folder)
        switch PrivateFiles.secure(folder: folder) {
        case nil:
            Log.warn("data_not_private", ["folder": folder, "reason": "shared with other users (world-writable, sticky or not ours)"])
        case let changed? where changed > 0: Log.info("data_made_private", ["folder": folder, "changed": changed])
        default: break
        }
    }
}
