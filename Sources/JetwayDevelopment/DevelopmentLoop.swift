import Foundation
import JetwayWire
import Synchronization

/// `jetway dev`: builds an app's package, runs it in development mode, and on every saved change
/// builds it again and restarts it. Open pages come back by themselves on the new process (they
/// re-mount and give back what was typed in them). What the pages cannot see for themselves is
/// written to a report file the server follows and shows over every page
/// (`DevelopmentReport`): a build under way, a failed build's errors (the last good build keeps
/// running meanwhile), where the app trapped (the process is started again holding its pages,
/// until the next build). Pressing Return in the terminal restarts the app.
public final class DevelopmentLoop {
    /// What `jetway dev` was asked for.
    public struct Options: Sendable {
        /// The package's folder.
        public var package: URL
        /// The executable to run; nil: the package's only executable product.
        public var product: String?
        /// The app's environment: the loop's own, plus what development needs.
        public var environment: [String: String]
        /// Folders (relative, or names) whose changes are not the app's sources: its data.
        public var ignoring: Set<String>
        /// How often the sources are looked at.
        public var interval: Duration

        /// The options of a loop in `package`; the rest as `jetway dev` defaults them.
        public init(
            package: URL, product: String? = nil, environment: [String: String] = ProcessInfo.processInfo.environment,
            ignoring: Set<String> = [], interval: Duration = .milliseconds(200)
        ) {
            self.package = package
            self.product = product
            self.environment = environment
            self.ignoring = ignoring
            self.interval = interval
        }
    }

    /// Why the loop could not begin, each with what to do.
    public enum Failure: Error, CustomStringConvertible {
        /// The folder has no `Package.swift`.
        case noPackage(String)
        /// The package has no executable product to run; why, in words.
        case noExecutable(String)
        /// The package has several executables and none was chosen with `--product`.
        case severalExecutables([String])
        /// A command (the first) could not run (the second says why).
        case cannotRun(String, String)

        /// The reason, in words.
        public var description: String {
            switch self {
            case .noPackage(let folder): "no Package.swift in \(folder): run jetway dev in the app's package folder"
            case .noExecutable(let why): "the package has no executable product to run (\(why)): add one, or name it with --product"
            case .severalExecutables(let names):
                "the package has several executables (\(names.joined(separator: ", "))): choose one with --product"
            case .cannotRun(let what, let why): "could not run \(what): \(why)"
            }
        }
    }

    let options: Options
    let product: String
    /// `.build/jetway-dev/report`: what the server shows over its pages.
    public let reportFile: URL
    private var watcher: SourceWatcher
    private var app: RunningApp?
    private var lastReport: DevelopmentReport?

    /// A loop for the package; throws when it has no `Package.swift` or no single executable to run.
    public init(_ options: Options) throws {
        var options = options
        // As the compiler and the backtrace write it, so that their paths are seen as the package's.
        options.package = options.package.standardizedFileURL.resolvingSymlinksInPath()
        self.options = options
        guard FileManager.default.fileExists(atPath: options.package.appendingPathComponent("Package.swift").path) else {
            throw Failure.noPackage(options.package.path)
        }
        let package = Self.describe(options.package)
        product = try options.product ?? Self.onlyExecutable(package)
        let folder = options.package.appendingPathComponent(".build/jetway-dev")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        reportFile = folder.appendingPathComponent("report")
        // The targets' folders (not the tests'), Package.swift and the app's assets: never its
        // data, wherever it is kept. Everything but `ignoring` when SwiftPM could not say.
        var watched = package.map { ["Package.swift"] + $0.sources }
        if let assets = options.environment["JETWAY_ASSETS"], !assets.isEmpty, !assets.hasPrefix("/") { watched?.append(assets) }
        watcher = SourceWatcher(root: options.package, watching: watched, ignoring: options.ignoring)
    }

    /// Builds, runs, and follows the sources until SIGINT or SIGTERM; then stops the app.
    public func run() throws {
        Self.stopOnSignals()
        Self.restartOnReturn()
        stopLeftover()
        say("watching \(options.package.path) for changes; Return restarts the app, Ctrl-C stops")
        var needsBuild = true
        var restart = false
        while !Self.stopping.load(ordering: .relaxed) {
            if needsBuild {
                needsBuild = false
                let built = build()
                if Self.stopping.load(ordering: .relaxed) { break }
                // Saved again while it built: build that.
                if !watcher.changes().isEmpty {
                    needsBuild = true
                    continue
                }
                if built {
                    restart = true
                } else if app == nil, let report = lastReport, FileManager.default.isExecutableFile(atPath: executable.path) {
                    // A first build that failed: the last build's app is started, so that the
                    // errors have a page to show on.
                    start(holding: false)
                    write(report)
                }
            }
            if restart {
                restart = false
                start(holding: false)
            }
            Thread.sleep(forTimeInterval: Self.seconds(in: options.interval))
            let changed = watcher.changes()
            if !changed.isEmpty {
                say("changed: \(changed.prefix(3).joined(separator: ", "))\(changed.count > 3 ? " and \(changed.count - 3) more" : "")")
                needsBuild = true
                continue
            }
            if Self.restartRequested.exchange(false, ordering: .relaxed) {
                say("restarting")
                restart = true
                continue
            }
            if let app, let ended = app.ended {
                self.app = nil
                appEnded(app, ended)
            }
        }
        stopApp()
        say("stopped")
    }

    // MARK: Building

    /// `swift build` of the product; its errors go to the report (and the terminal).
    private func build() -> Bool {
        write(DevelopmentReport(state: .building, summary: "Building…"))
        let started = ContinuousClock.now
        let (status, output) = Self.capture(["swift", "build", "--product", product], in: options.package, stoppable: true)
        let took = ContinuousClock.now - started
        guard status == 0 else {
            let diagnostics = BuildDiagnostics(output: output, package: options.package.path)
            var report = DevelopmentReport(state: .failed, summary: diagnostics.summary, problems: diagnostics.problems)
            if diagnostics.problems.isEmpty {
                report.summary = "Build failed"
                report.problems = [.unplaced(String(output.suffix(2000)))]
            }
            FileHandle.standardError.write(Data(output.utf8))
            say("\(report.summary) (\(Self.seconds(took))); the app runs as last built: fix and save")
            write(report)
            return false
        }
        say("built in \(Self.seconds(took))")
        return true
    }

    // MARK: Running

    private func start(holding: Bool) {
        stopApp()
        if !holding { write(DevelopmentReport(state: .running)) }
        guard FileManager.default.isExecutableFile(atPath: executable.path) else {
            write(DevelopmentReport(state: .stopped, summary: "No \(product) was built", problems: [.unplaced(executable.path)]))
            return
        }
        var environment = options.environment
        environment["JETWAY_DEVELOPMENT"] = "1"
        environment["JETWAY_DEVELOPMENT_REPORT"] = reportFile.path
        // The API reference and guides at /_jetway/docs/, where `make docs` built them: in this
        // package (a Jetway checkout) or in its Jetway checkout.
        if environment["JETWAY_DOCS"] == nil, let docs = documentation { environment["JETWAY_DOCS"] = docs.path }
        // The runtime's backtrace on a trap: the frames name the app's file and line.
        environment["SWIFT_BACKTRACE"] = "enable=yes,interactive=no,color=no,threads=crashed,registers=none,images=none,sanitize=no"
        do {
            app = try RunningApp(executable: executable, in: options.package, environment: environment, holding: holding)
            try? String(app!.process.processIdentifier).write(to: pidFile, atomically: true, encoding: .utf8)
        } catch {
            write(
                DevelopmentReport(
                    state: .stopped, summary: "\(product) could not start",
                    problems: [.unplaced("\(error)")]))
        }
    }

    private func appEnded(_ app: RunningApp, _ ended: RunningApp.Ending) {
        let output = app.output
        // A trap ends the process by a signal (the backtracer raises it again); an app that
        // exited by itself did not trap, whatever it printed.
        if case .signal = ended, let crash = CrashReport(output: output, package: options.package.path) {
            let place = crash.problem.map { " at \($0.file):\($0.line):\($0.column)" } ?? ""
            say("\(product) trapped: \(crash.message)\(place)")
            write(crash.report)
            // Started again holding its pages: they show where, until the next build. One that
            // trapped while holding waits for a change.
            if !app.holding { start(holding: true) }
            return
        }
        let lines = output.split(whereSeparator: \.isNewline).suffix(6).joined(separator: "\n")
        say("\(product) stopped (\(ended)); what it printed above says why: fix it and save, or press Return to start it again")
        write(
            DevelopmentReport(
                state: .stopped, summary: "\(product) stopped (\(ended))", problems: [.unplaced(lines)]))
    }

    private func stopApp() {
        guard let app else { return }
        self.app = nil
        app.stop()
        try? FileManager.default.removeItem(at: pidFile)
    }

    /// The `.build/docs` folder `make docs` wrote, here or in a checkout of a dependency.
    var documentation: URL? {
        let build = options.package.appendingPathComponent(".build")
        let checkouts = (try? FileManager.default.contentsOfDirectory(atPath: build.appendingPathComponent("checkouts").path)) ?? []
        let candidates =
            [build.appendingPathComponent("docs")] + checkouts.sorted().map { build.appendingPathComponent("checkouts/\($0)/.build/docs") }
        return candidates.first { FileManager.default.fileExists(atPath: $0.appendingPathComponent("Jetway/index.html").path) }
    }

    /// Where `swift build` puts the product (asked once: `--show-bin-path` starts SwiftPM).
    private lazy var executable: URL = {
        let (status, binPath) = Self.capture(["swift", "build", "--show-bin-path"], in: options.package)
        let folder = status == 0 ? binPath.trimmingCharacters(in: .whitespacesAndNewlines) : options.package.path + "/.build/debug"
        return URL(fileURLWithPath: folder).appendingPathComponent(product)
    }()

    private var pidFile: URL { reportFile.deletingLastPathComponent().appendingPathComponent("app.pid") }

    /// An app a loop that was killed left running (it would hold the port).
    private func stopLeftover() {
        guard let text = try? String(contentsOf: pidFile, encoding: .utf8),
            let pid = Int32(text.trimmingCharacters(in: .whitespacesAndNewlines)),
            let command = try? String(contentsOfFile: "/proc/\(pid)/cmdline", encoding: .utf8), command.contains("/" + product)
        else { return }
        say("stopping \(product) (\(pid)), left running by an earlier jetway dev")
        kill(pid, SIGTERM)
        for _ in 0..<50 where kill(pid, 0) == 0 { Thread.sleep(forTimeInterval: 0.1) }
        if kill(pid, 0) == 0 { kill(pid, SIGKILL) }
    }

    // MARK: The report

    /// Written whole and renamed into place: the server never reads half of one.
    private func write(_ report: DevelopmentReport) {
        guard report != lastReport else { return }
        lastReport = report
        let temporary = reportFile.appendingPathExtension("new")
        do {
            try Data(ServerMessage.development(report).encoded).write(to: temporary)
            _ = rename(temporary.path, reportFile.path)
        } catch {
            say("could not write \(reportFile.path): \(error)")
        }
    }

    // MARK: Helpers

    private func say(_ text: String) {
        FileHandle.standardError.write(Data("jetway dev: \(text)\n".utf8))
    }

    static func seconds(_ duration: Duration) -> String { String(format: "%.1f s", seconds(in: duration)) }

    static func seconds(in duration: Duration) -> Double {
        Double(duration.components.seconds) + Double(duration.components.attoseconds) / 1e18
    }

    /// Runs a command (looked up on PATH) in `folder`; its status and everything it printed.
    /// `stoppable`: ended (SIGTERM) when the loop is told to stop, so a build is not left running.
    static func capture(_ arguments: [String], in folder: URL, stoppable: Bool = false) -> (Int32, String) {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = arguments
        process.currentDirectoryURL = folder
        let pipe = Pipe()
        process.standardOutput = pipe
        process.standardError = pipe
        process.standardInput = FileHandle.nullDevice
        do { try process.run() } catch { return (-1, "\(arguments.joined(separator: " ")): \(error)") }
        if stoppable {
            let running = process
            Thread.detachNewThread {
                while running.isRunning {
                    if DevelopmentLoop.stopping.load(ordering: .relaxed) {
                        running.terminate()
                        return
                    }
                    Thread.sleep(forTimeInterval: 0.1)
                }
            }
        }
        let data = pipe.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        return (process.terminationStatus, String(decoding: data, as: UTF8.self))
    }

    /// What `swift package describe` says of the package: its executable products, and its
    /// targets' folders but the tests'.
    struct Description {
        var executables: [String]
        var sources: [String]
    }

    /// The package as SwiftPM describes it; nil when it could not.
    static func describe(_ package: URL) -> Description? {
        let (status, output) = capture(["swift", "package", "describe", "--type", "json"], in: package)
        guard status == 0, let start = output.firstIndex(of: "{"),
            let json = try? JSONSerialization.jsonObject(with: Data(output[start...].utf8)) as? [String: Any],
            let products = json["products"] as? [[String: Any]]
        else { return nil }
        let executables = products.compactMap { product -> String? in
            guard let type = product["type"] as? [String: Any], type["executable"] != nil else { return nil }
            return product["name"] as? String
        }
        let targets = (json["targets"] as? [[String: Any]]) ?? []
        let sources = targets.compactMap { target -> String? in
            guard (target["type"] as? String) != "test", let path = target["path"] as? String, !path.hasPrefix("/") else { return nil }
            return path
        }
        return Description(executables: executables, sources: Array(Set(sources)).sorted())
    }

    /// The package's only executable product.
    static func onlyExecutable(_ package: Description?) throws -> String {
        guard let executables = package?.executables else { throw Failure.noExecutable("swift package describe failed") }
        guard !executables.isEmpty else { throw Failure.noExecutable("none in Package.swift") }
        guard executables.count == 1 else { throw Failure.severalExecutables(executables.sorted()) }
        return executables[0]
    }

    // MARK: Signals and the terminal

    static let stopping = Atomic<Bool>(false)
    static let restartRequested = Atomic<Bool>(false)

    private static func stopOnSignals() {
        for number in [SIGINT, SIGTERM, SIGHUP] {
            signal(number) { _ in DevelopmentLoop.stopping.store(true, ordering: .relaxed) }
        }
    }

    /// Return in a terminal restarts the app (a trap that does not come back by itself).
    private static func restartOnReturn() {
        guard isatty(STDIN_FILENO) == 1 else { return }
        Thread.detachNewThread {
            while readLine() != nil { DevelopmentLoop.restartRequested.store(true, ordering: .relaxed) }
        }
    }
}

/// The app's process: what it prints goes to the terminal, and its last 64 KB are kept (a
/// trap's backtrace is read from them).
final class RunningApp: @unchecked Sendable {
    enum Ending: CustomStringConvertible {
        case exited(Int32)
        case signal(Int32)
        var description: String {
            switch self {
            case .exited(let status): "exit status \(status)"
            case .signal(let number): "signal \(number)"
            }
        }
    }

    let process = Process()
    let holding: Bool
    private let lock = NSLock()
    private var tail = Data()
    private static let kept = 64 * 1024

    init(executable: URL, in folder: URL, environment: [String: String], holding: Bool) throws {
        self.holding = holding
        process.executableURL = executable
        process.currentDirectoryURL = folder
        process.environment = environment
        process.standardInput = FileHandle.nullDevice
        let out = Pipe()
        let err = Pipe()
        process.standardOutput = out
        process.standardError = err
        for (pipe, destination) in [(out, FileHandle.standardOutput), (err, FileHandle.standardError)] {
            pipe.fileHandleForReading.readabilityHandler = { [weak self] handle in
                let data = handle.availableData
                guard !data.isEmpty else {
                    handle.readabilityHandler = nil
                    return
                }
                destination.write(data)
                self?.keep(data)
            }
        }
        try process.run()
    }

    private func keep(_ data: Data) {
        lock.lock()
        tail.append(data)
        if tail.count > Self.kept * 2 { tail = tail.suffix(Self.kept) }
        lock.unlock()
    }

    var output: String {
        // What it printed last may still be in the pipe a moment after it ended.
        Thread.sleep(forTimeInterval: 0.2)
        lock.lock()
        defer { lock.unlock() }
        return String(decoding: tail, as: UTF8.self)
    }

    /// How it ended; nil while it runs.
    var ended: Ending? {
        guard !process.isRunning else { return nil }
        return process.terminationReason == .uncaughtSignal ? .signal(process.terminationStatus) : .exited(process.terminationStatus)
    }

    /// SIGTERM (the server says goodbye to its pages: they reconnect), then SIGKILL after 5 s.
    func stop() {
        guard process.isRunning else { return }
        kill(process.processIdentifier, SIGTERM)
        for _ in 0..<100 where process.isRunning { Thread.sleep(forTimeInterval: 0.05) }
        if process.isRunning { kill(process.processIdentifier, SIGKILL) }
        process.waitUntilExit()
    }
}
