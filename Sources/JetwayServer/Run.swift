import Dispatch
import Foundation

extension JetwayServer {
    /// Starts the server and serves until SIGINT or SIGTERM, then stops cleanly (pages are told
    /// to reconnect, queued bytes are flushed) and exits with status 0. A second signal during
    /// the stop ends the process at once. `onStop` runs after the server has stopped, before the
    /// exit: the app's own clean-up (close a database, flush a log). Never returns.
    ///
    /// The main thread runs Foundation's main run loop, which also runs the main dispatch queue
    /// and so the main actor: `Timer.scheduledTimer`, `Task { @MainActor in … }`, `.task` and
    /// `DispatchQueue.main` all work, as in an app. Call it from synchronous top-level code
    /// (`main.swift` without `await`), as the README's example does: from inside an async main,
    /// the run loop would run inside one main-actor job and block the others.
    ///
    /// ```swift
    /// let server = try JetwayServer(app: app, configuration: .fromEnvironment())
    /// try server.run()
    /// ```
    @MainActor
    public func run(onStop: (@MainActor () -> Void)? = nil) throws -> Never {
        for signalNumber in [SIGINT, SIGTERM] {
            signal(signalNumber, SIG_IGN)
            let source = DispatchSource.makeSignalSource(signal: signalNumber, queue: .main)
            source.setEventHandler { [self] in
                // The next signal takes the default action: a stop that hangs can be cut short.
                signal(SIGINT, SIG_DFL)
                signal(SIGTERM, SIG_DFL)
                MainActor.assumeIsolated {
                    Log.info("signal", ["signal": signalNumber == SIGINT ? "SIGINT" : "SIGTERM"])
                    stop()
                    onStop?()
                }
                exit(0)
            }
            source.resume()
            signalSources.append(source)
        }
        try start()
        FileHandle.standardOutput.write(Data("\(app.title) on \(url)\n".utf8))
        // A run loop with no timer or source returns at once; this one keeps it waiting.
        RunLoop.main.add(Timer(fire: .distantFuture, interval: 0, repeats: false) { _ in }, forMode: .default)
        while true { RunLoop.main.run() }
    }
}
