import Foundation
import JetwayBrowser

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// The load client as a child process (`JetwayBench load-client PORT`), asked one command at a
/// time (LoadClient.swift lists them).
@MainActor
final class LoadClientProcess {
    let child = Process()
    let input = Pipe()
    let reader: LineReader

    /// `environment` is added to this process's (JETWAY_LOAD_RCVBUF: see LoadClient).
    init(port: Int, environment: [String: String] = [:]) throws {
        child.executableURL = URL(fileURLWithPath: CommandLine.arguments[0])
        child.arguments = ["load-client", String(port)]
        child.environment = ProcessInfo.processInfo.environment.merging(environment) { $1 }
        let output = Pipe()
        child.standardInput = input
        child.standardOutput = output
        try child.run()
        reader = LineReader(output.fileHandleForReading)
    }

    /// Sends a command without waiting for its answer (read it later with `next()`).
    func send(_ command: String) {
        input.fileHandleForWriting.write((command + "\n").data(using: .utf8)!)
    }

    /// The next answer, split into its words.
    func next() async -> [String] {
        await reader.next().split(separator: " ").map(String.init)
    }

    /// One command's answer; a missing or short answer is an error, never a 0 in a figure.
    func ask(_ command: String, fields: Int) async throws -> [String] {
        send(command)
        let answer = await next()
        guard answer.count >= fields + 1 else { throw BenchFailure("the load client gave no answer to \(command): \(answer)") }
        return answer
    }

    /// Opens pages of `path` until `count` are open; a page whose load or join failed (a busy
    /// server) is tried again, three rounds at most.
    func open(_ count: Int, _ path: String) async throws {
        var opened: [String] = []
        for _ in 0..<3 {
            opened = try await ask("open \(count) \(path)", fields: 2)
            if Int(opened[1]) == count { return }
        }
        throw BenchFailure("only \(opened[1]) of \(count) pages opened (\(path))")
    }

    func quit() {
        send("quit")
        child.waitUntilExit()
    }
}

/// A MountainAirport process (the release build beside JetwayBench), started and killed by a
/// fault, soak or cluster run, with what `/proc` and `/_jetway/stats` say about it.
@MainActor
final class AirportProcess {
    static let apiToken = "bench-api-token-0123456789abcdef"
    static var binary: String {
        URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent().appendingPathComponent("MountainAirport").path
    }

    let port: Int
    let arguments: [String]
    let environment: [String: String]
    /// A descriptor limit (soft and hard) to run it under, through prlimit (same pid).
    var descriptorLimit: Int?
    private(set) var process: Process?

    /// `environment` is added to the defaults: port, API token, errors-only log, and the
    /// airport's clock starting at noon today (`noon`).
    init(port: Int, data: String, arguments: [String] = ["--no-simulate"], environment: [String: String] = [:]) throws {
        guard FileManager.default.isExecutableFile(atPath: Self.binary) else {
            throw BenchFailure("\(Self.binary) is missing (build MountainAirport)")
        }
        self.port = port
        self.arguments = arguments
        self.environment = [
            "JETWAY_PORT": "\(port)", "JETWAY_DATA": data, "JETWAY_API_TOKENS": Self.apiToken, "JETWAY_LOG": "error",
            "JETWAY_CLOCK": Self.noon,
        ].merging(environment) { $1 }
    }

    /// Noon today at the airport (Denver), going at the rate of real time: the board and the
    /// kiosks show the day's busy hours whenever a run happens (late at night a fresh day has
    /// few departures left, and a check on what the board shows would depend on the hour).
    static var noon: String {
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = TimeZone(identifier: "America/Denver")!
        return calendar.startOfDay(for: Date()).addingTimeInterval(12 * 3600).formatted(.iso8601) + "*1"
    }

    var pid: Int32 { process?.processIdentifier ?? 0 }

    /// Starts it (with `extra` environment for this start only) and waits until it answers.
    func start(_ extra: [String: String] = [:]) async throws {
        if let limit = descriptorLimit {
            process = try Command.start(
                "/usr/bin/prlimit", ["--nofile=\(limit):\(limit)", "--", Self.binary] + arguments,
                environment: environment.merging(extra) { $1 })
        } else {
            process = try Command.start(Self.binary, arguments, environment: environment.merging(extra) { $1 })
        }
        try await StoreBench.waitForServer(port)
    }

    /// SIGKILL, as a crash or an OOM kill: nothing is flushed or closed by the process.
    func kill() {
        guard let process else { return }
        Glibc.kill(process.processIdentifier, SIGKILL)
        process.waitUntilExit()
        self.process = nil
    }

    func stop() {
        guard let process else { return }
        process.terminate()
        process.waitUntilExit()
        self.process = nil
    }

    /// A line of `/proc/PID/status` (`VmRSS`, `Threads`) as a number.
    func status(_ field: String) throws -> Int {
        guard let status = try? String(contentsOfFile: "/proc/\(pid)/status", encoding: .utf8),
            let line = status.split(separator: "\n").first(where: { $0.hasPrefix(field + ":") }),
            let value = Int(line.split(whereSeparator: { $0 == " " || $0 == "\t" }).dropFirst().first ?? "")
        else { throw BenchFailure("no \(field) in /proc/\(pid)/status") }
        return value
    }

    /// Open file descriptors (sockets, the database, the log).
    func fileDescriptors() throws -> Int {
        guard let names = try? FileManager.default.contentsOfDirectory(atPath: "/proc/\(pid)/fd") else {
            throw BenchFailure("cannot list /proc/\(pid)/fd")
        }
        return names.count
    }

    /// What the server itself says it holds (`GET /_jetway/stats`).
    func stats() async throws -> [String: Int] {
        var request = URLRequest(url: URL(string: "http://127.0.0.1:\(port)/_jetway/stats")!)
        request.setValue("Bearer \(Self.apiToken)", forHTTPHeaderField: "Authorization")
        let (data, response) = try await URLSession.shared.data(for: request)
        guard (response as? HTTPURLResponse)?.statusCode == 200, let object = try JSONSerialization.jsonObject(with: data) as? [String: Any]
        else { throw BenchFailure("/_jetway/stats did not answer") }
        return object.compactMapValues { $0 as? Int }
    }

    /// A PATCH of the flight API; fails unless it answers 200.
    static func patchFlight(port: Int, id: Int, _ json: String) async throws {
        let (status, body) = try await patch(port: port, id: id, json)
        guard status == 200 else { throw BenchFailure("the PATCH of flight \(id) failed: \(status) \(body)") }
    }

    /// `PATCH /api/flights/ID` with the API token: the answer's status and body.
    static func patch(port: Int, id: Int, _ json: String) async throws -> (status: Int, body: String) {
        var request = URLRequest(url: URL(string: "http://127.0.0.1:\(port)/api/flights/\(id)")!)
        request.httpMethod = "PATCH"
        request.setValue("Bearer \(apiToken)", forHTTPHeaderField: "Authorization")
        request.setValue("application/json", forHTTPHeaderField: "Content-Type")
        request.httpBody = Data(json.utf8)
        let (data, response) = try await URLSession.shared.data(for: request)
        return ((response as? HTTPURLResponse)?.statusCode ?? 0, String(decoding: data, as: UTF8.self))
    }
}
