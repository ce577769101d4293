import Foundation
import JetwayBrowser
import JetwayStore
import MountainAirportViews
import Testing

@testable import JetwayServer

/// The flight API on real sockets: the board's filters, one flight, and PATCH (bearer token,
/// 400s naming the field); a change through it reaches open pages as the simulator's does.
@MainActor
@Suite
struct FlightAPITests {
    static let token = "airport-systems-token-0123456789"

    func server() throws -> TestServer {
        try TestServer(transport: .memory) { $0.apiTokens = [Self.token] }
    }

    func json(_ body: String) throws -> Any {
        try JSONSerialization.jsonObject(with: Data(body.utf8))
    }

    @Test func getAnswersTheBoardsFiltersAndOneFlight() async throws {
        let server = try server()
        defer { server.stop() }
        let denver = await server.exchange("GET /api/flights?search=denver HTTP/1.1")
        #expect(denver.status == 200, "\(denver)")
        let flights = try #require(try json(denver.body) as? [[String: Any]])
        #expect(flights.count == 4)
        #expect(flights.allSatisfy { $0["otherAirport"] as? String == "Denver" })
        #expect((flights.first?["scheduledTime"] as? String)?.hasSuffix("Z") == true)
        let departures = await server.exchange("GET /api/flights?direction=departure&limit=5 HTTP/1.1")
        let five = try #require(try json(departures.body) as? [[String: Any]])
        #expect(five.count == 5 && five.allSatisfy { $0["direction"] as? String == "departure" })
        let delayed = await server.exchange("GET /api/flights?status=Delayed HTTP/1.1")
        #expect((try json(delayed.body) as? [[String: Any]])?.allSatisfy { $0["status"] as? String == "Delayed" } == true)
        for (query, field) in [("direction=sideways", "direction"), ("status=Late", "status"), ("limit=0", "limit"), ("limit=x", "limit")] {
            let reply = await server.exchange("GET /api/flights?\(query) HTTP/1.1")
            #expect(reply.status == 400, "\(query)")
            #expect((try json(reply.body) as? [String: Any])?["field"] as? String == field, "\(query): \(reply.body)")
        }
        let one = await server.exchange("GET /api/flights/3 HTTP/1.1")
        #expect((try json(one.body) as? [String: Any])?["id"] as? Int == 3)
        #expect(await server.exchange("GET /api/flights/999 HTTP/1.1").status == 404)
        #expect(await server.exchange("GET /api/flights/abc HTTP/1.1").status == 404)
    }

    @Test func patchNeedsTheTokenAndNamesTheBadField() async throws {
        let server = try server()
        defer { server.stop() }
        let auth = ["Authorization": "Bearer \(Self.token)"]
        #expect(
            await server.exchange("PATCH /api/flights/3 HTTP/1.1", body: #"{"status":"Delayed"}"#, type: "application/json").status == 401)
        #expect(
            await server.exchange(
                "PATCH /api/flights/3 HTTP/1.1", headers: ["Authorization": "Bearer wrong"], body: #"{"status":"Delayed"}"#,
                type: "application/json"
            ).status == 401)
        for (body, field) in [
            (#"{"status":"Late"}"#, "status"), (#"{"status":3}"#, "status"), (#"{"gate":"<script>"}"#, "gate"), (#"{"gate":""}"#, "gate"),
            (#"{"currentTime":"yesterday"}"#, "currentTime"), (#"{"colour":"red"}"#, "colour"),
        ] {
            let reply = await server.exchange("PATCH /api/flights/3 HTTP/1.1", headers: auth, body: body, type: "application/json")
            #expect(reply.status == 400, "\(body): \(reply)")
            #expect((try? json(reply.body) as? [String: Any])?["field"] as? String == field, "\(body): \(reply.body)")
        }
        #expect(await server.exchange("PATCH /api/flights/3 HTTP/1.1", headers: auth, body: "{}", type: "application/json").status == 400)
        #expect(await server.exchange("PATCH /api/flights/3 HTTP/1.1", headers: auth, body: "[", type: "application/json").status == 400)
        #expect(
            await server.exchange("PATCH /api/flights/999 HTTP/1.1", headers: auth, body: #"{"gate":"C3"}"#, type: "application/json")
                .status == 404)
        // Nothing above changed the flight.
        let before = try #require(try server.model.store.find(FlightInformation.self, id: 3))
        #expect(server.model.flights.first { $0.id == 3 } == before)
        let reply = await server.exchange(
            "PATCH /api/flights/3 HTTP/1.1", headers: auth, body: #"{"status":"Delayed","currentTime":"2026-11-18T10:40:00Z","gate":"C7"}"#,
            type: "application/json")
        #expect(reply.status == 200, "\(reply)")
        let after = try #require(try server.model.store.find(FlightInformation.self, id: 3))
        #expect(after.status == .delayed && after.gate == "C7" && after.terminal == "C")
        #expect(after.currentTime == ISO8601DateFormatter().date(from: "2026-11-18T10:40:00Z"))
        // null clears the delay.
        _ = await server.exchange("PATCH /api/flights/3 HTTP/1.1", headers: auth, body: #"{"currentTime":null}"#, type: "application/json")
        #expect(try server.model.store.find(FlightInformation.self, id: 3)?.currentTime == nil)
    }

    /// The board's, the gate's and a flight's live lists come from the model, shared: pages
    /// of one address share one rendering (an object in a page's `@State` would give each its
    /// own), and a change renders once for all of them.
    @Test func boardsAndGatesOnTheStoreShareTheirRendering() async throws {
        let server = try server()
        defer { server.stop() }
        // Kiosks share across browsers; a board and a flight's page show this browser's stars,
        // so they share between the pages of one browser (its device cookie).
        for _ in 0..<3 { _ = try await server.get("/gate/A1") }
        let first = try await server.get("/")
        let device = try #require(first.headers["set-cookie"]?.split(separator: ";").first.map(String.init), "no device cookie")
        for _ in 0..<2 { _ = try await server.get("/", headers: ["Cookie": device]) }
        for _ in 0..<2 { _ = try await server.get("/flights/3", headers: ["Cookie": device]) }
        #expect(server.server.sessions.groupCount == 3, "three addresses, three renderings")
        _ = try await server.get("/")
        #expect(server.server.sessions.groupCount == 4, "another browser's board is its own")
    }

    @Test func aPatchReachesAnOpenPage() async throws {
        let server = try server()
        defer { server.stop() }
        let page = try await server.get("/flights/5").body
        let token = try #require(metaContent("jetway-token", in: page))
        let client = try await server.pageSocket()
        await client.sendText(#"["join","\#(token)","/flights/5",\#(metaContent("jetway-version", in: page) ?? "0"),"test"]"#)
        guard case .text(let joined) = await client.next(timeout: 5), message("joined", in: joined) != nil else {
            Issue.record("the page did not join")
            return
        }
        let reply = await server.exchange(
            "PATCH /api/flights/5 HTTP/1.1", headers: ["Authorization": "Bearer \(Self.token)"], body: #"{"gate":"B19"}"#,
            type: "application/json")
        #expect(reply.status == 200)
        var patches: [String] = []
        while case .text(let text) = await client.next(timeout: 2) {
            patches.append(text)
            if text.contains("B19") { break }
        }
        #expect(patches.contains { $0.contains("Gate B19") }, "\(patches)")
    }
}

extension EndToEnd {
    /// The airport's systems change a flight; two other browsers, on the board and on the
    /// flight's gate, show it within a second.
    @Suite(.enabled(if: BrowserEngine.chromium.shouldRun, "needs chromium-driver (make test installs it)"))
    @MainActor
    struct FlightAPIInChromium {
        @Test func aPatchChangesTheBoardAndTheGateInOtherBrowsersWithinASecond() async throws {
            let server = try TestServer { $0.apiTokens = [FlightAPITests.token] }
            defer { server.stop() }
            let flight = try #require(server.model.flights.first { $0.status == .onTime && $0.gate == "A1" })
            try await withBrowsers(2) { browsers in
                let board = browsers[0], gate = browsers[1]
                try await board.navigate(server.base + "/")
                try await gate.navigate(server.base + "/gate/A1")
                for browser in browsers {
                    #expect(await browser.wait(for: "return document.documentElement.classList.contains('jw-connected')"))
                }
                let kiosk = try await gate.string("return document.body.textContent")
                #expect(kiosk.contains(flight.number) && kiosk.contains(flight.airline), "\(kiosk)")
                let row = "Array.from(document.querySelectorAll('.jw-list-row')).find(r => r.textContent.includes('\(flight.number)'))"
                #expect(try await board.string("return \(row).textContent").contains("On Time"))
                let started = Date()
                let reply = await server.exchange(
                    "PATCH /api/flights/\(flight.id) HTTP/1.1", headers: ["Authorization": "Bearer \(FlightAPITests.token)"],
                    body: #"{"status":"Cancelled"}"#, type: "application/json")
                #expect(reply.status == 200)
                #expect(await board.wait(for: "return \(row).textContent.includes('Cancelled')", timeout: 1))
                #expect(await gate.wait(for: "return document.body.textContent.includes('Cancelled')", timeout: 1))
                let elapsed = Date().timeIntervalSince(started)
                #expect(elapsed < 1.5, "\(elapsed) s")
                for browser in browsers { #expect(try await browser.execute("return window.jetway.errors") as? Int == 0) }
                try await board.screenshot("api-patch-board")
            }
        }
    }
}

extension FlightAPITests {

    /// The airport's data on a small volume that fills up: a change through the API is refused
    /// with a 503 that says why, every change answered 200 is kept, and once space is freed
    /// changes go in again, on a database `PRAGMA integrity_check` finds sound.
    @Test(.enabled(if: Command.mayMount, "needs root to mount a small tmpfs (make test runs as root on the project's machines)"))
    func aFullDiskRefusesAChangeClearlyAndLosesNothing() async throws {
        let folder = NSTemporaryDirectory() + "jetway-api-full-\(UUID().uuidString.prefix(8))"
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        _ = try Command.run("/bin/mount", ["-t", "tmpfs", "-o", "size=2m", "tmpfs", folder])
        defer {
            _ = try? Command.run("/bin/umount", ["-l", folder])
            try? FileManager.default.removeItem(atPath: folder)
        }
        let store = try AirportStore.open("sqlite:\(folder)/airport.sqlite")
        try AirportStore.seedIfEmpty(store, count: 40)
        let model = FlightBoardModel(store: store)
        let server = try TestServer(model: model, transport: .memory) { $0.apiTokens = [Self.token] }
        defer {
            server.stop()
            store.close()
        }
        // Whatever room is left, taken by another file (as a log that grew).
        let filler = folder + "/filler"
        _ = FileManager.default.createFile(atPath: filler, contents: nil)
        let handle = try FileHandle(forWritingTo: URL(fileURLWithPath: filler))
        let chunk = Data(count: 16 * 1024)
        while (try? handle.write(contentsOf: chunk)) != nil {}
        try? handle.close()

        // Changes until one is refused (free pages in the file may take a few first).
        let auth = ["Authorization": "Bearer \(Self.token)"]
        let ids = try store.fetch(FlightInformation.self).map(\.id)
        var kept: [Int: String] = [:]
        var refused: HTTPReply?
        for attempt in 0..<400 {
            let id = ids[attempt % ids.count], gate = "Z\(attempt % 10)"
            let reply = await server.exchange(
                "PATCH /api/flights/\(id) HTTP/1.1", headers: auth, body: #"{"gate":"\#(gate)"}"#, type: "application/json")
            if reply.status == 200 {
                kept[id] = gate
                continue
            }
            refused = reply
            break
        }
        let reply = try #require(refused, "400 changes went in on a full disk")
        #expect(reply.status == 503, "\(reply)")
        #expect(reply.headers["retry-after"] == "60", "\(reply.headers)")
        let message = (try JSONSerialization.jsonObject(with: Data(reply.body.utf8)) as? [String: Any])?["error"] as? String
        #expect(message == "the server cannot store anything now (its disk is full); nothing was changed", "\(reply.body)")
        #expect(!reply.body.contains("UPDATE") && !reply.body.contains("INSERT"), "the database's words reached the client: \(reply.body)")
        // Reads still work, and every change answered 200 is there.
        for (id, gate) in kept { #expect(try store.find(FlightInformation.self, id: id)?.gate == gate) }
        #expect(await server.exchange("GET /api/flights?limit=5 HTTP/1.1").status == 200)

        // Space freed: the same change goes in, and the file is sound.
        try FileManager.default.removeItem(atPath: filler)
        let again = await server.exchange(
            "PATCH /api/flights/\(ids[0]) HTTP/1.1", headers: auth, body: #"{"gate":"Q1"}"#, type: "application/json")
        #expect(again.status == 200, "\(again)")
        #expect(try store.find(FlightInformation.self, id: ids[0])?.gate == "Q1")
        let check = try store.transaction { try $0.query("PRAGMA integrity_check") }.first?.values.first
        #expect(check == .text("ok"))
    }
}
