import Foundation
import FoundationNetworking
import JetwayBrowser
import JetwayStore
import JetwayWire
import MountainAirportViews

/// `make bench`'s store figures: one write refreshing a live list of 10,000 rows (SQLite and
/// PostgreSQL), writes per second with 1,000 live lists open, and a write on one server process
/// until the patch reaches a page of another (PostgreSQL, two MountainAirport processes).
/// PostgreSQL figures need `JETWAY_BENCH_POSTGRES` (make bench starts a throwaway cluster);
/// without it they are reported as errors, never as zeros.
@MainActor
enum StoreBench {
    struct Item: Record {
        static let table = "items"
        let id: Int
        var name: String
        var group: Int
        var price: Double
    }

    static let migrations = [
        Migration(1, "items") { db in
            try db.createTable(
                "items", [ColumnDefinition("name", .text), ColumnDefinition("group", .integer), ColumnDefinition("price", .real)])
            try db.createIndex(on: "items", ["group"])
        }
    ]

    static var postgresURL: String? { ProcessInfo.processInfo.environment["JETWAY_BENCH_POSTGRES"].flatMap { $0.isEmpty ? nil : $0 } }

    static func run() async {
        for backend in ["sqlite", "postgresql"] {
            do {
                let url = try freshURL(backend)
                report("store_refresh_10000_rows_us_\(backend)", try refreshTenThousand(url), "us")
                report("store_writes_per_s_1000_lists_\(backend)", try writesWithAThousandLists(try freshURL(backend)), "writes/s")
            } catch {
                print("bench: error store_\(backend): \(error)")
            }
        }
        do {
            report("store_cross_process_ms", try await crossProcess(), "ms")
        } catch {
            print("bench: error store_cross_process_ms: \(error)")
        }
    }

    static func freshURL(_ backend: String) throws -> String {
        if backend == "sqlite" { return "sqlite:" + NSTemporaryDirectory() + "jetway-bench-\(UUID().uuidString)/store.sqlite" }
        guard let base = postgresURL else { throw BenchFailure("JETWAY_BENCH_POSTGRES is not set (make bench starts PostgreSQL)") }
        return try Command.freshPostgreSQLDatabase(from: base, prefix: "jw_bench_")
    }

    static func filled(_ url: String, rows: Int, groups: Int) throws -> Store {
        let store = try Store.open(url, migrations: migrations)
        try store.transaction { transaction in
            for id in 1...rows { try transaction.insert(Item(id: id, name: "Item \(id)", group: id % groups, price: Double(id % 97))) }
        }
        store.deliverChanges()
        return store
    }

    /// One row changes its sort key; the list of all 10,000 (by name) has it in its new place.
    static func refreshTenThousand(_ url: String) throws -> Double {
        let store = try filled(url, rows: 10_000, groups: 10)
        defer { store.close() }
        let list = FetchedResultList<Item>(store: store, sortDescriptors: [NSSortDescriptor(keyPath: \Item.name, ascending: true)])
        guard list.items.count == 10_000 else { throw BenchFailure("the list has \(list.items.count) rows, not 10,000") }
        var samples: [Double] = []
        let clock = ContinuousClock()
        for round in 0..<60 {
            let id = 1 + (round * 163) % 10_000
            let name = "Item \(round % 2 == 0 ? "z" : "a")\(id)"
            let elapsed = try clock.measure {
                try store.modify(Item.self, id: id) { $0.name = name }
                store.deliverChanges()
            }
            guard list.items.first(where: { $0.id == id })?.name == name else { throw BenchFailure("the write did not reach the list") }
            if round >= 10 { samples.append(Double(elapsed.components.attoseconds) / 1e12 + Double(elapsed.components.seconds) * 1e6) }
        }
        guard list.items.map(\.name) == list.items.map(\.name).sorted(by: { $0.utf8.lexicographicallyPrecedes($1.utf8) }) else {
            throw BenchFailure("the list is out of order")
        }
        return samples.sorted()[samples.count / 2]
    }

    /// Writes for two seconds with 1,000 live lists open (one per group), delivering once a
    /// frame as the server does.
    static func writesWithAThousandLists(_ url: String) throws -> Double {
        let store = try filled(url, rows: 10_000, groups: 1000)
        defer { store.close() }
        let lists = (0..<1000).map {
            FetchedResultList<Item>(
                store: store, filter: NSPredicate(format: "group == %d", $0),
                sortDescriptors: [NSSortDescriptor(keyPath: \Item.price, ascending: true)])
        }
        guard store.liveQueryCount == 1000, lists.allSatisfy({ $0.items.count == 10 }) else { throw BenchFailure("the lists did not open") }
        let clock = ContinuousClock()
        let start = clock.now
        var lastDelivery = start
        var writes = 0
        while clock.now - start < .seconds(2) {
            let id = 1 + (writes * 7919) % 10_000
            try store.modify(Item.self, id: id) { $0.price += 1 }
            writes += 1
            if clock.now - lastDelivery >= .milliseconds(16) {
                store.deliverChanges()
                lastDelivery = clock.now
            }
        }
        store.deliverChanges()
        let elapsed = clock.now - start
        let seconds = Double(elapsed.components.seconds) + Double(elapsed.components.attoseconds) / 1e18
        // Every list must hold what the database holds.
        let check = 1 + ((writes - 1) * 7919) % 10_000
        let fresh = try store.find(Item.self, id: check)
        guard lists[check % 1000].items.first(where: { $0.id == check })?.price == fresh?.price else {
            throw BenchFailure("a list missed a write")
        }
        return Double(writes) / seconds
    }

    /// Two MountainAirport processes on one PostgreSQL: a PATCH on A, until the patch with the
    /// change reaches a gate page open on B. Median of 20.
    static func crossProcess() async throws -> Double {
        let url = try freshURL("postgresql")
        let binary = URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent().appendingPathComponent("MountainAirport")
            .path
        guard FileManager.default.isExecutableFile(atPath: binary) else {
            throw BenchFailure("\(binary) is missing (make bench builds it)")
        }
        let token = "bench-token-0123456789abcdef"
        let portA = freeLoopbackPort(), portB = freeLoopbackPort()
        let a = try start(binary, port: portA, store: url, token: token)
        defer { a.terminate() }
        try await waitForServer(portA)
        let b = try start(binary, port: portB, store: url, token: token)
        defer { b.terminate() }
        try await waitForServer(portB)
        let (page, _) = try await URLSession.shared.data(from: URL(string: "http://127.0.0.1:\(portB)/gate/A1")!)
        let html = String(decoding: page, as: UTF8.self)
        guard let pageToken = meta("jetway-token", html), let version = meta("jetway-version", html), let build = meta("jetway-build", html)
        else {
            throw BenchFailure("no page token")
        }
        let client = try await WebSocketClient.connect(port: portB, origin: "http://127.0.0.1:\(portB)")
        await client.sendText(ClientMessage.join(token: pageToken, path: "/gate/A1", version: UInt64(version) ?? 0, buildID: build).text)
        var joined = false
        var heard: [String] = []
        while !joined {
            let frame = await client.next(timeout: 5)
            guard case .text(let text) = frame else {
                heard.append("\(frame)")
                break
            }
            heard.append(String(text.prefix(80)))
            if case .message(.joined)? = try? ServerFrame(decoding: text) { joined = true }
        }
        guard joined else { throw BenchFailure("B's page did not join (upgrade \(client.upgradeStatus), heard \(heard))") }
        // The flight the kiosk shows first (the next departure from A1: at this time of day
        // the table's first flight at A1 may have left, and moving it changes no page).
        guard let shown = html.range(of: #"data-testid="kiosk-destination""#).map({ html[..<$0.lowerBound] }),
            let number = shown.matches(of: try! Regex(#"<span class=""# + StyleClass.text + #"[^"]*"[^>]*>([A-Z]{2} \d{3,4})</span>"#)).last
                .map({ String($0.output[1].substring ?? "") })
        else {
            throw BenchFailure("B's gate page at A1 shows no departure")
        }
        let search = number.addingPercentEncoding(withAllowedCharacters: .alphanumerics) ?? number
        let (list, _) = try await URLSession.shared.data(
            from: URL(string: "http://127.0.0.1:\(portA)/api/flights?gate=A1&search=\(search)")!)
        guard let flights = try JSONSerialization.jsonObject(with: list) as? [[String: Any]],
            let id = flights.first(where: { $0["number"] as? String == number })?["id"] as? Int
        else {
            throw BenchFailure("no flight \(number) at A1")
        }
        var samples: [Double] = []
        for round in 0..<22 {
            // Apart from the last round's writes by more than a frame: the latency of one
            // write, not of a burst (which B delivers once a frame).
            try await Task.sleep(for: .milliseconds(50))
            let gate = "Z\(round)"
            var request = URLRequest(url: URL(string: "http://127.0.0.1:\(portA)/api/flights/\(id)")!)
            request.httpMethod = "PATCH"
            request.setValue("Bearer \(token)", forHTTPHeaderField: "Authorization")
            request.setValue("application/json", forHTTPHeaderField: "Content-Type")
            request.httpBody = Data(#"{"gate":"\#(gate)"}"#.utf8)
            let started = ContinuousClock.now
            let (_, response) = try await URLSession.shared.data(for: request)
            guard (response as? HTTPURLResponse)?.statusCode == 200 else { throw BenchFailure("the PATCH failed") }
            // The gate page shows flights at A1: moving it to another gate takes it off the page;
            // moving it back brings it back. Either way a patch that names the change comes.
            var arrived = false
            while !arrived, ContinuousClock.now - started < .seconds(5) {
                guard case .text(let text) = await client.next(timeout: 5) else { break }
                if case .patch? = try? ServerFrame(decoding: text) { arrived = true }
            }
            guard arrived else { throw BenchFailure("no patch reached B's page within 5 s") }
            let elapsed = ContinuousClock.now - started
            // Back to A1 for the next round.
            request.httpBody = Data(#"{"gate":"A1"}"#.utf8)
            _ = try await URLSession.shared.data(for: request)
            while case .text(let text) = await client.next(timeout: 1) {
                if case .patch? = try? ServerFrame(decoding: text) { break }
            }
            if round >= 2 { samples.append(Double(elapsed.components.attoseconds) / 1e15 + Double(elapsed.components.seconds) * 1000) }
        }
        return samples.sorted()[samples.count / 2]
    }

    static func start(_ binary: String, port: Int, store: String, token: String) throws -> Process {
        try Command.start(
            binary, ["--no-simulate"],
            environment: [
                "JETWAY_PORT": "\(port)", "JETWAY_STORE": store, "JETWAY_API_TOKENS": token,
                "JETWAY_DATA": NSTemporaryDirectory() + "jetway-bench-data-\(port)",
            ])
    }

    static func waitForServer(_ port: Int) async throws {
        for _ in 0..<200 {
            if let (_, response) = try? await URLSession.shared.data(from: URL(string: "http://127.0.0.1:\(port)/api/flights?limit=1")!),
                (response as? HTTPURLResponse)?.statusCode == 200
            {
                return
            }
            try await Task.sleep(for: .milliseconds(100))
        }
        throw BenchFailure("the server on \(port) did not start")
    }

    static func meta(_ name: String, _ html: String) -> String? {
        guard let range = html.range(of: "<meta name=\"\(name)\" content=\"") else { return nil }
        return String(html[range.upperBound...].prefix { $0 != "\"" })
    }

}
