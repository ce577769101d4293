import Foundation
import JetwayBrowser

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// Faults (`make faults`, `JetwayBench faults`): a MountainAirport process with 200 gate kiosks
/// open through the load client is killed with SIGKILL and started again on the same port and
/// data. Every kiosk must reconnect (with the page runtime's jittered backoff) and join again
/// within 10 s, and then be live: a store change made through the API must reach every one.
/// Exits non-zero when any of it fails.
@MainActor
enum FaultBench {
    static func run() async {
        do {
            let clients = Int(ProcessInfo.processInfo.environment["JETWAY_FAULT_CLIENTS"] ?? "") ?? 200
            try await restart(clients: clients)
        } catch {
            print("bench: error \(error)")
            exit(1)
        }
    }

    static func restart(clients: Int) async throws {
        let data = NSTemporaryDirectory() + "jetway-faults-\(UUID().uuidString.prefix(8))"
        defer { try? FileManager.default.removeItem(atPath: data) }
        let server = try AirportProcess(port: freeLoopbackPort(), data: data)
        defer { server.stop() }
        try await server.start()
        let port = server.port
        let client = try LoadClientProcess(port: port)
        defer { client.quit() }

        let opened = try await client.ask("open \(clients) /gate/A1", fields: 2)
        guard Int(opened[1]) == clients else { throw BenchFailure("only \(opened[1]) of \(clients) kiosks opened") }
        let flight = try await shownFlight(port: port)

        // The kill: the load client watches its sockets meanwhile.
        client.send("survive 40")
        try await Task.sleep(for: .milliseconds(300))
        server.kill()
        try await server.start()
        let survived = await client.next()
        guard survived.count == 6, survived[0] == "survived", let back = Int(survived[1]), let milliseconds = Double(survived[3]),
            let busiest = Double(survived[4])
        else { throw BenchFailure("the load client gave no answer to survive: \(survived)") }
        guard back == clients else { throw BenchFailure("only \(back) of \(clients) kiosks joined again within 40 s (\(survived))") }
        report("restart_all_back_ms_\(clients)", milliseconds, "ms")
        report("restart_busiest_250ms_\(clients)", busiest, "reconnects")
        report("restart_attempts_\(clients)", Double(survived[5]) ?? 0, "connections")
        guard milliseconds <= 10_000 else { throw BenchFailure("the last kiosk joined again \(Int(milliseconds)) ms after the kill (goal 10 s)") }

        // Live again: a change reaches every kiosk. What the joins sent is read away first.
        _ = try await client.ask("listen 1", fields: 3)
        try await AirportProcess.patchFlight(port: port, id: flight, #"{"gate":"Z9"}"#)
        let listened = try await client.ask("listen 3", fields: 3)
        guard Int(listened[3]) == clients else {
            throw BenchFailure("after the restart a change reached \(listened[3]) of \(clients) kiosks")
        }
        report("restart_live_sessions_\(clients)", Double(clients), "sessions")
    }

    /// The id of the flight the gate kiosk at A1 shows first (moving it away changes every kiosk).
    static func shownFlight(port: Int) async throws -> Int {
        let (page, _) = try await URLSession.shared.data(from: URL(string: "http://127.0.0.1:\(port)/gate/A1")!)
        let html = String(decoding: page, as: UTF8.self)
        guard let shown = html.range(of: #"data-testid="kiosk-destination""#).map({ html[..<$0.lowerBound] }),
            let number = shown.matches(of: /<span class="jw-text[^"]*"[^>]*>([A-Z]{2} \d{3,4})<\/span>/).last.map({ String($0.1) })
        else { throw BenchFailure("the gate page at A1 shows no departure") }
        let search = number.addingPercentEncoding(withAllowedCharacters: .alphanumerics) ?? number
        let (list, _) = try await URLSession.shared.data(from: URL(string: "http://127.0.0.1:\(port)/api/flights?gate=A1&search=\(search)")!)
        guard let flights = try JSONSerialization.jsonObject(with: list) as? [[String: Any]],
            let id = flights.first(where: { $0["number"] as? String == number })?["id"] as? Int
        else { throw BenchFailure("no flight \(number) at A1") }
        return id
    }
}
