import Dispatch
import Foundation

extension JetwayServer {
    /// Starts the server and serves until SIGINT or SIGTERM, then stops cleanly (pages are told
    /// to reconnect, queued bytes are flushed) and exits with status 0. Never returns.
    ///
    /// The main thread runs Foundation's main run loop, which also runs the main dispatch queue
    /// and so the main actor: `Timer.scheduledTimer`, `Task { @MainActor in … }`, `.task` and
    /// `DispatchQueue.main` all work, as in an app.
    ///
    /// ```swift
    /// let server = try JetwayServer(app: app, configuration: .fromEnvironment())
    /// try server.run()
    /// ```
    @MainActor
    public func run() throws -> Never {
        try start()
        for signalNumber in [SIGINT, SIGTERM] {
            signal(signalNumber, SIG_IGN)
            let source = DispatchSource.makeSignalSource(signal: signalNumber, queue: .main)
            source.setEventHandler { [self] in
                MainActor.assumeIsolated {
                    Log.info("signal", ["signal": signalNumber == SIGINT ? "SIGINT" : "SIGTERM"])
                    stop()
                }
                exit(0)
            }
            source.resume()
            signalSources.append(source)
        }
        FileHandle.standardOutput.write(Data("\(app.title) on \(url)\n".utf8))
        // A run loop with no timer or source returns at once; this one keeps it waiting.
        RunLoop.main.add(Timer(fire: .distantFuture, interval: 0, repeats: false) { _ in }, forMode: .default)
        while true { RunLoop.main.run() }
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
}

extension ServerConfiguration {
    /// The defaults, changed by `JETWAY_HOST`, `JETWAY_PORT`, `JETWAY_DATA` and `JETWAY_ASSETS`
    /// where they are set (the same variables for every Jetway app).
    public static func fromEnvironment(_ environment: [String: String] = ProcessInfo.processInfo.environment) -> ServerConfiguration {
        var configuration = ServerConfiguration()
        if let host = environment["JETWAY_HOST"], !host.isEmpty { configuration.host = host }
        if let port = environment["JETWAY_PORT"].flatMap(Int.init) { configuration.port = port }
        if let data = environment["JETWAY_DATA"], !data.isEmpty { configuration.dataDirectory = data }
        if let assets = environment["JETWAY_ASSETS"], !assets.isEmpty { configuration.assetsDirectory = assets }
        return configuration
    }
}
