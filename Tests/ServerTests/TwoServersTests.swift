import Foundation
import JetwayBrowser
import Testing

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// Two MountainAirport processes on one PostgreSQL, as docs/scaling.md deploys them: a PATCH
/// to server A changes the gate page a client holds open on server B.
@Suite(
    .enabled(
        if: ProcessInfo.processInfo.environment["JETWAY_TEST_POSTGRES"] != nil
            || ProcessInfo.processInfo.environment["JETWAY_REQUIRE_POSTGRES"] == "1",
        "needs PostgreSQL: make test starts one (JETWAY_TEST_POSTGRES)"))
struct TwoServersTests {
    static let token = "two-servers-token-0123456789"

    static var binary: String {
        URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
            .appendingPathComponent(".build/debug/MountainAirport").path
    }

    func start(port: Int, store: String) throws -> Process {
        try Command.start(
            Self.binary, ["--no-simulate"],
            environment: [
                "JETWAY_PORT": "\(port)", "JETWAY_STORE": store, "JETWAY_API_TOKENS": Self.token,
                "JETWAY_DATA": NSTemporaryDirectory() + "jetway-two-servers-\(UUID().uuidString.prefix(8))",
            ])
    }

    func waitForServer(_ port: Int) async -> Bool {
        for _ in 0..<300 {
            if let (_, response) = try? await URLSession.shared.data(from: URL(string: "http://127.0.0.1:\(port)/api/flights?limit=1")!),
                (response as? HTTPURLResponse)?.statusCode == 200
            {
                return true
            }
            try? await Task.sleep(for: .milliseconds(100))
        }
        return false
    }

    @Test func aPatchOnOneServerReachesAPageOnTheOther() async throws {
        let base = try #require(ProcessInfo.processInfo.environment["JETWAY_TEST_POSTGRES"], "make test starts PostgreSQL")
        #expect(FileManager.default.isExecutableFile(atPath: Self.binary), "swift build makes \(Self.binary)")
        let store = try Command.freshPostgreSQLDatabase(from: base)
        let portA = freeLoopbackPort(), portB = freeLoopbackPort()
        // Both start at once: one migrates and seeds the day, the other waits and finds it.
        let serverA = try start(port: portA, store: store)
        let serverB = try start(port: portB, store: store)
        defer {
            serverA.terminate()
            serverB.terminate()
        }
        #expect(await waitForServer(portA))
        #expect(await waitForServer(portB))
        let (data, _) = try await URLSession.shared.data(from: URL(string: "http://127.0.0.1:\(portA)/api/flights?limit=1000")!)
        let flights = try #require(try JSONSerialization.jsonObject(with: data) as? [[String: Any]])
        #expect(flights.count == 1000)
        let flight = try #require(flights.first { $0["status"] as? String == "On Time" })
        let id = try #require(flight["id"] as? Int), gate = try #require(flight["gate"] as? String)
        // The flight's own page, open on B.
        let (page, _) = try await URLSession.shared.data(from: URL(string: "http://127.0.0.1:\(portB)/flights/\(id)")!)
        let html = String(decoding: page, as: UTF8.self)
        let pageToken = try #require(metaContent("jetway-token", in: html))
        let version = try #require(metaContent("jetway-version", in: html))
        let build = try #require(metaContent("jetway-build", in: html))
        #expect(html.contains("Gate \(gate)"))
        let client = try await WebSocketClient.connect(port: portB, origin: "http://127.0.0.1:\(portB)")
        await client.sendText(#"["join","\#(pageToken)","/flights/\#(id)",\#(version),"\#(build)"]"#)
        var joined = false
        while !joined, case .text(let text) = await client.next(timeout: 5) { joined = message("joined", in: text) != nil }
        #expect(joined)
        var request = URLRequest(url: URL(string: "http://127.0.0.1:\(portA)/api/flights/\(id)")!)
        request.httpMethod = "PATCH"
        request.setValue("Bearer \(Self.token)", forHTTPHeaderField: "Authorization")
        request.setValue("application/json", forHTTPHeaderField: "Content-Type")
        request.httpBody = Data(#"{"gate":"Q9","status":"Delayed"}"#.utf8)
        let (_, response) = try await URLSession.shared.data(for: request)
        #expect((response as? HTTPURLResponse)?.statusCode == 200)
        var patches: [String] = []
        while case .text(let text) = await client.next(timeout: 5) {
            patches.append(text)
            if text.contains("Gate Q9") { break }
        }
        #expect(patches.contains { $0.contains("Gate Q9") && $0.contains("Delayed") }, "\(patches)")
    }
}
