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
            server = try JetwayServer(app: MountainAirportApp.make(model: model), configuration: configuration)
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
        func ask(_ command: String) async -> [String] {
            input.fileHandleForWriting.write((command + "\n").data(using: .utf8)!)
            let line = await reader.next()
            return line.split(separator: " ").map(String.init)
        }
        let gateIndex = model.flights.firstIndex { $0.gate == "A1" } ?? 0
        func flip() {
            model.flights[gateIndex].status = model.flights[gateIndex].status == .delayed ? .onTime : .delayed
        }
        func fanout() async -> (Int, Int) {
            input.fileHandleForWriting.write("arm\n".data(using: .utf8)!)
            _ = await reader.next()  // ready
            flip()
            let answer = await reader.next().split(separator: " ")
            return (Int(answer[1]) ?? -1, Int(answer[2]) ?? -1)
        }

        let rss0 = residentKB()
        _ = await ask("open 1 /gate/A1")
        let one = await ask("rtt 400")
        report("roundtrip_p50_us_1", Double(one[1]) ?? 0, "us")
        report("roundtrip_p99_us_1", Double(one[2]) ?? 0, "us")
        report("update_bytes_text", Double(one[3]) ?? 0, "bytes")

        _ = await ask("open 1000 /gate/A1")
        try? await Task.sleep(for: .milliseconds(300))
        let rss1000 = residentKB()
        report("rss_per_session_kb_1000", Double(rss1000 - rss0) / 1000, "kB")
        let thousand = await ask("rtt 2000")
        report("roundtrip_p50_us_1000", Double(thousand[1]) ?? 0, "us")
        report("roundtrip_p99_us_1000", Double(thousand[2]) ?? 0, "us")
        let (fan1000, missed1000) = await fanout()
        report("fanout_ms_1000", Double(fan1000), "ms")
        if missed1000 > 0 { report("fanout_missed_1000", Double(missed1000), "sessions") }

        let opened = await ask("open 10000 /gate/A1")
        try? await Task.sleep(for: .milliseconds(300))
        let sessions = Int(opened[1]) ?? 0
        let rssN = residentKB()
        report("sessions_opened", Double(sessions), "sessions")
        report("rss_per_session_kb_10000", Double(rssN - rss0) / Double(max(sessions, 1)), "kB")
        let (fanN, missedN) = await fanout()
        report("fanout_ms_10000", Double(fanN), "ms")
        if missedN > 0 { report("fanout_missed_10000", Double(missedN), "sessions") }
        input.fileHandleForWriting.write("quit\n".data(using: .utf8)!)
        child.waitUntilExit()
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
