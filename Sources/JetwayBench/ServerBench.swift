import Foundation
import Jetway
import JetwayServer
import MountainAirportViews

/// Server figures: round trips, memory per idle session, fan-out, bytes per update. The server
/// runs here; the load client is a child process (`JetwayBench load-client PORT`).
@MainActor
enum ServerBench {
    static func run() async {
        let model = FlightBoardModel()
        var configuration = ServerConfiguration()
        configuration.port = freePort()
        configuration.secret = Array("jetway-bench-secret-0123456789".utf8)
        configuration.dataDirectory = NSTemporaryDirectory() + "jetway-bench"
        configuration.buildID = "bench"
        configuration.eventsPerSecond = 100_000
        configuration.maxSessionsPerAddress = 100_000
        setenv("JETWAY_LOG", "error", 1)
        let server: JetwayServer
        do {
            // MountainAirport, plus the 1,000-row board in both shapes for the wire figures.
            let board = BenchBoardModel(count: 1000)
            var app = MountainAirportApp.make(model: model)
            app.routes += [
                Route("/bench/board") { _ in BenchBoard(model: board) },
                Route("/bench/board-usual") { _ in UsualBenchBoard(model: board) },
            ]
            server = try JetwayServer(app: app, configuration: configuration)
            try server.start()
        } catch {
            print("bench: server failed to start: \(error)")
            return
        }
        defer { server.stop() }
        let child = Process()
        child.executableURL = URL(fileURLWithPath: CommandLine.arguments[0])
        child.arguments = ["load-client", String(server.port)]
        let input = Pipe()
        let output = Pipe()
        child.standardInput = input
        child.standardOutput = output
        do { try child.run() } catch {
            print("bench: load client failed to start: \(error)")
            return
        }
        let reader = LineReader(output.fileHandleForReading)
        /// One command's answer; a missing or short answer ends the bench with an error, never
        /// a 0 in a figure.
        func ask(_ command: String, fields: Int) async throws -> [String] {
            input.fileHandleForWriting.write((command + "\n").data(using: .utf8)!)
            let answer = await reader.next().split(separator: " ").map(String.init)
            guard answer.count >= fields + 1 else { throw BenchFailure("the load client gave no answer to \(command)") }
            return answer
        }
        func number(_ text: String, _ what: String) throws -> Double {
            guard let value = Double(text), value >= 0 else { throw BenchFailure("\(what): no measurement (\(text))") }
            return value
        }
        let gateIndex = model.flights.firstIndex { $0.gate == "A1" } ?? 0
        /// Flips one flight at gate A1 and waits until every session got the patch with the
        /// new status.
        func fanout(_ name: String) async throws {
            let next: FlightInformation.Status = model.flights[gateIndex].status == .delayed ? .onTime : .delayed
            _ = try await ask("arm \(next.rawValue)", fields: 0)  // ready
            model.flights[gateIndex].status = next
            let answer = await reader.next().split(separator: " ")
            guard answer.count == 3, let milliseconds = Double(answer[1]), let missed = Int(answer[2]) else {
                throw BenchFailure("\(name): the load client gave no answer")
            }
            guard missed == 0 else { throw BenchFailure("\(name): \(missed) sessions never received the change") }
            report(name, milliseconds, "ms")
        }
        func roundTrips(_ count: Int, _ suffix: String, bytes: Bool) async throws {
            let answer = try await ask("rtt \(count)", fields: 4)
            guard answer[4] == "0" else { throw BenchFailure("rtt: \(answer[4]) of \(count) round trips timed out") }
            report("roundtrip_p50_us_\(suffix)", try number(answer[1], "rtt p50"), "us")
            report("roundtrip_p99_us_\(suffix)", try number(answer[2], "rtt p99"), "us")
            if bytes { report("update_bytes_text", try number(answer[3], "rtt bytes"), "bytes") }
        }

        do {
            let rss0 = residentKB()
            _ = try await ask("open 1 /gate/A1", fields: 2)
            try await roundTrips(400, "1", bytes: true)

            _ = try await ask("open 1000 /gate/A1", fields: 2)
            try? await Task.sleep(for: .milliseconds(300))
            let rss1000 = residentKB()
            report("rss_per_session_kb_1000", Double(rss1000 - rss0) / 1000, "kB")
            try await roundTrips(2000, "1000", bytes: false)
            try await fanout("fanout_ms_1000")

            let opened = try await ask("open 10000 /gate/A1", fields: 2)
            try? await Task.sleep(for: .milliseconds(300))
            let sessions = Int(opened[1]) ?? 0
            guard sessions == 10000 else { throw BenchFailure("only \(sessions) of 10,000 sessions opened") }
            let rssN = residentKB()
            report("sessions_opened", Double(sessions), "sessions")
            report("rss_per_session_kb_10000", Double(rssN - rss0) / Double(sessions), "kB")
            try await fanout("fanout_ms_10000")

            // Last, so that the 1,000-row pages' sessions do not move the memory baseline.
            // Bytes until the page is live, as a browser with an empty cache fetches them.
            for (name, path) in [("board_page_wire_bytes", "/bench/board"), ("board_usual_page_wire_bytes", "/bench/board-usual")] {
                var total = 0
                for url in [path, "/assets/jetway.js", "/assets/jetway.css"] {
                    guard let bytes = await offMainActor({ httpBodyBytes(port: server.port, path: url, gzip: true) }) else {
                        throw BenchFailure("GET \(url) failed")
                    }
                    total += bytes
                }
                report(name, Double(total), "bytes")
            }
            guard let plain = await offMainActor({ httpBodyBytes(port: server.port, path: "/bench/board", gzip: false) }) else {
                throw BenchFailure("GET /bench/board failed")
            }
            report("board_page_bytes_uncompressed", Double(plain), "bytes")

        } catch {
            print("bench: error \(error)")
            input.fileHandleForWriting.write("quit\n".data(using: .utf8)!)
            child.waitUntilExit()
            exit(1)
        }
        input.fileHandleForWriting.write("quit\n".data(using: .utf8)!)
        child.waitUntilExit()
    }

    /// The body length of one GET (what crossed the wire, compressed or not); nil on failure.
    nonisolated static func httpBodyBytes(port: Int, path: String, gzip: Bool) -> Int? {
        guard let fd = LoadClient.connectSocket(port: port) else { return nil }
        defer { close(fd) }
        let request =
            "GET \(path) HTTP/1.1\r\nHost: 127.0.0.1\r\nAccept-Encoding: \(gzip ? "gzip" : "identity")\r\nConnection: close\r\n\r\n"
        LoadClient.sendAll(fd, Array(request.utf8))
        var response: [UInt8] = []
        var chunk = [UInt8](repeating: 0, count: 65536)
        while true {
            let got = recv(fd, &chunk, chunk.count, 0)
            if got <= 0 { break }
            response.append(contentsOf: chunk[0..<got])
        }
        guard response.starts(with: Array("HTTP/1.1 200".utf8)), let end = response.firstRange(of: Array("\r\n\r\n".utf8)) else {
            return nil
        }
        return response.count - end.upperBound
    }

    static func residentKB() -> Int {
        guard let status = try? String(contentsOfFile: "/proc/self/status", encoding: .utf8),
            let line = status.split(separator: "\n").first(where: { $0.hasPrefix("VmRSS:") })
        else { return 0 }
        return Int(line.split(separator: " ").dropFirst().first ?? "") ?? 0
    }

    static func freePort() -> Int {
        let fd = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        defer { close(fd) }
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_addr.s_addr = inet_addr("127.0.0.1")
        _ = withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { bind(fd, $0, socklen_t(MemoryLayout<sockaddr_in>.size)) }
        }
        var length = socklen_t(MemoryLayout<sockaddr_in>.size)
        _ = withUnsafeMutablePointer(to: &address) { $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { getsockname(fd, $0, &length) } }
        return Int(UInt16(bigEndian: address.sin_port))
    }
}

/// Reads lines from a pipe on a GCD thread, so the main actor (and the server on it) keeps running.
final class LineReader: @unchecked Sendable {
    private let handle: FileHandle
    private var buffer = Data()

    init(_ handle: FileHandle) {
        self.handle = handle
    }

    func next() async -> String {
        await withCheckedContinuation { continuation in
            DispatchQueue.global().async {
                while true {
                    if let newline = self.buffer.firstIndex(of: 10) {
                        let line = String(decoding: self.buffer[..<newline], as: UTF8.self)
                        self.buffer.removeSubrange(...newline)
                        continuation.resume(returning: line)
                        return
                    }
                    let data = self.handle.availableData
                    if data.isEmpty {
                        continuation.resume(returning: "")
                        return
                    }
                    self.buffer.append(data)
                }
            }
        }
    }
}

/// Runs blocking work on a GCD thread, so the server on the main actor keeps serving.
func offMainActor<T: Sendable>(_ work: @escaping @Sendable () -> T) async -> T {
    await withCheckedContinuation { continuation in
        DispatchQueue.global().async { continuation.resume(returning: work()) }
    }
}
