import CMalloc
import Foundation
import Jetway
import JetwayBrowser
import JetwayServer
import MountainAirportViews

/// Server figures: round trips, memory per idle session, fan-out, bytes per update. The server
/// runs here; the load client is a child process (`JetwayBench load-client PORT`).
@MainActor
enum ServerBench {
    /// A running server and its load client, asked one command at a time.
    @MainActor
    final class Harness {
        let server: JetwayServer
        let client: LoadClientProcess

        /// `holdsQuietPages`: every page may stay open unread, and the load client's one address
        /// may hold the whole server's page memory (the board's diverged and active phases type
        /// into a thousand pages one at a time, holding a gigabyte); the other harnesses keep the
        /// server's own limits and its pings of silent sockets, which their figures include.
        /// `oneAddressForAll`: the load client's one address stands for a thousand browsers, so
        /// it may hold the server's page memory (its pings and deadlines stay).
        init(
            routes: [Route], handlers: [Handler] = [], model: FlightBoardModel, clock: WallClock = .system, holdsQuietPages: Bool = false,
            oneAddressForAll: Bool = false
        ) throws {
            var configuration = ServerConfiguration()
            configuration.port = freeLoopbackPort()
            configuration.secret = Array("jetway-bench-secret-0123456789".utf8)
            configuration.dataDirectory = NSTemporaryDirectory() + "jetway-bench"
            configuration.buildID = "bench"
            configuration.clock = clock
            configuration.usesEventLibrary = ProcessInfo.processInfo.environment["JETWAY_BENCH_POLL"] == nil
            configuration.eventsPerSecond = 100_000
            configuration.maxSessionsPerAddress = 100_000
            configuration.maxWebSocketsPerAddress = 100_000
            if holdsQuietPages || oneAddressForAll { configuration.maxPageMemoryPerAddress = 1 << 40 }
            if holdsQuietPages {
                configuration.closeAfterIdle = 3600
                configuration.pingAfterIdle = 3000
            }
            setenv("JETWAY_LOG", "error", 0)  // JETWAY_LOG=debug shows each event's time
            var app = MountainAirportApp.make(model: model)
            app.routes += routes
            app.handlers += handlers
            server = try JetwayServer(app: app, configuration: configuration)
            try server.start()
            client = try LoadClientProcess(port: server.port)
        }

        /// One command's answer; a missing or short answer ends the bench with an error, never
        /// a 0 in a figure.
        func ask(_ command: String, fields: Int) async throws -> [String] {
            try await client.ask(command, fields: fields)
        }

        /// Sends `arm CHANGE`, makes the change, and reports how long until every session got
        /// the frame that carries it.
        func fanout(_ name: String, change: String, _ make: () -> Void) async throws {
            _ = try await ask("arm \(change)", fields: 0)  // ready
            make()
            let answer = await client.next()
            guard answer.count == 3, let milliseconds = Double(answer[1]), let missed = Int(answer[2]) else {
                throw BenchFailure("\(name): the load client gave no answer")
            }
            guard missed == 0 else { throw BenchFailure("\(name): \(missed) sessions never received the change") }
            report(name, milliseconds, "ms")
        }

        /// Opens sessions until `total` are open; fails unless all of them opened. `field`:
        /// the sessions type into the page's first field rather than click its first button.
        /// `again`: browsers that come back (each with the device cookie of a page it opened).
        /// `language`: browsers asking for it (`Accept-Language`); `zone`: browsers in that time
        /// zone (the runtime's `jw_zone` cookie).
        func open(
            _ total: Int, _ path: String, field: Bool = false, again: Bool = false, language: String? = nil, zone: String? = nil
        ) async throws {
            let opened = try await ask(
                "open \(total) \(path)\(field ? " field" : again ? " again" : "")\(language.map { " lang=\($0)" } ?? "")"
                    + (zone.map { " zone=\($0)" } ?? ""), fields: 2)
            guard Int(opened[1]) == total else { throw BenchFailure("only \(opened[1]) of \(total) sessions of \(path) opened") }
            try? await Task.sleep(for: .milliseconds(300))
        }

        /// Server CPU (user and system, both threads) per keystroke: the first session types
        /// b, be, ber and clears the field, `rounds` times, each keystroke waiting for its patch.
        func keystrokeCPU(_ name: String, rounds: Int) async throws {
            _ = try await ask("type 4 b|be|ber|", fields: 2)  // warm up: the session gets its own rendering
            let before = cpuMicroseconds()
            let answer = try await ask("type \(rounds * 4) b|be|ber|", fields: 2)
            let after = cpuMicroseconds()
            guard answer[2] == "0", let typed = Int(answer[1]), typed == rounds * 4 else {
                throw BenchFailure("\(name): \(answer[2]) keystrokes got no patch")
            }
            report(name, Double(after - before) / Double(typed), "us")
        }

        func stop() {
            client.quit()
            server.stop()
        }
    }

    /// MountainAirport's kiosk under load, then (in a process of its own, so that its memory
    /// starts from the same baseline) the 1,000-row board.
    static func run() async {
        let model = FlightBoardModel()
        let harness: Harness
        do {
            // A small JSON answer, as an app's API gives one: a flight's number, gate and status.
            let api = Handler(.get, "/bench/api/flights/:index") { request in
                guard let index = Int(request.parameters["index"] ?? ""), model.flights.indices.contains(index) else {
                    throw HTTPError(404, "no such flight")
                }
                let flight = model.flights[index]
                return try .json(["number": flight.number, "gate": flight.gate, "status": flight.status.rawValue])
            }
            harness = try Harness(
                routes: [
                    Route("/bench/upload") { _ in BenchUpload() }, Route("/bench/widget") { _ in BenchWidgetPage() },
                    Route("/bench/heavy") { _ in HeavyTaskPage() }, Route("/bench/echo") { _ in EchoPage() },
                    Route("/bench/details") { _ in DetailsPage(model: model) },
                ], handlers: [api], model: model)
        } catch {
            print("bench: server failed to start: \(error)")
            exit(1)
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
            try await harness.fanout(name, change: next.rawValue) {
                _ = try? model.modify(model.flights[gateIndex].id) { $0.status = next }
            }
        }
        func roundTrips(_ count: Int, _ suffix: String, bytes: Bool) async throws {
            let answer = try await harness.ask("rtt \(count)", fields: 4)
            guard answer[4] == "0" else { throw BenchFailure("rtt: \(answer[4]) of \(count) round trips timed out") }
            report("roundtrip_p50_us_\(suffix)", try number(answer[1], "rtt p50"), "us")
            report("roundtrip_p99_us_\(suffix)", try number(answer[2], "rtt p99"), "us")
            if bytes { report("update_bytes_text", try number(answer[3], "rtt bytes"), "bytes") }
        }

        do {
            let http = try await harness.ask("http 5000 /bench/api/flights/3", fields: 2)
            guard http[2] == "0" else { throw BenchFailure("http: \(http[2]) of 5000 JSON requests failed") }
            report("http_json_get_rps", try number(http[1], "http rps"), "requests/s")
            // A 2 MB PNG through a page's file importer, ten times: streamed to disk, typed by
            // its header, moved into place, the view told.
            let uploaded = try await harness.ask("upload 10 2000000 /bench/upload", fields: 2)
            guard uploaded[2] == "0" else { throw BenchFailure("upload: \(uploaded[2]) of 10 uploads failed") }
            report("upload_mb_per_s", try number(uploaded[1], "upload MB/s"), "MB/s")

            // A widget's request answered by its coordinator, one session.
            try await harness.open(1, "/bench/widget")
            let requests = try await harness.ask("request 400", fields: 3)
            guard requests[3] == "0" else { throw BenchFailure("request: \(requests[3]) of 400 requests got no answer") }
            report("widget_request_roundtrip_us", try number(requests[1], "request p50"), "us")
            report("widget_request_roundtrip_p99_us", try number(requests[2], "request p99"), "us")
            _ = try await harness.ask("close", fields: 0)
            // One session runs two seconds of computation while 100 others click: their p99.
            try await harness.open(1, "/bench/heavy")
            try await harness.open(101, "/bench/echo")
            let heavy = try await harness.ask("heavy 2", fields: 4)
            guard heavy[4] == "0" else { throw BenchFailure("heavy: \(heavy[4]) round trips timed out or the task never finished") }
            report("other_sessions_p99_us_during_heavy_task", try number(heavy[2], "heavy p99"), "us")
            report("other_sessions_events_during_heavy_task", try number(heavy[3], "heavy events"), "events")
            _ = try await harness.ask("close", fields: 0)

            // Round trips go to a page with a button (a kiosk has nothing to click), while the
            // kiosks are open beside it.
            try await harness.open(1, "/bench/details")
            let rss0 = residentKB()
            try await roundTrips(400, "1", bytes: true)

            try await harness.open(1001, "/gate/A1")
            let rss1000 = residentKB()
            report("rss_per_session_kb_1000", Double(rss1000 - rss0) / 1000, "kB")
            try await roundTrips(2000, "1000", bytes: false)
            try await fanout("fanout_ms_1000")

            try await harness.open(10001, "/gate/A1")
            let rssN = residentKB()
            report("sessions_opened", 10000, "sessions")
            report("rss_per_session_kb_10000", Double(rssN - rss0) / 10000, "kB")
            try await fanout("fanout_ms_10000")
        } catch {
            FileHandle.standardOutput.write(Data("bench: error \(error)\n".utf8))
            harness.stop()
            exit(1)
        }
        harness.stop()

        for phase in boardPhases {
            let board = Process()
            board.executableURL = URL(fileURLWithPath: CommandLine.arguments[0])
            board.arguments = ["board-server", phase]
            do { try board.run() } catch {
                print("bench: the board bench failed to start: \(error)")
                exit(1)
            }
            board.waitUntilExit()
            if board.terminationStatus != 0 { exit(board.terminationStatus) }
        }
    }

    /// The phases of the board bench, each in a process of its own so that its memory starts
    /// from the same baseline (no pages freed by an earlier phase to reuse).
    static let boardPhases = [
        "pages", "plain", "usual", "diverged", "active", "active-same", "cleared", "wide", "airport", "kiosks-one-locale",
        "kiosks-four-locales", "kiosks-four-zones", "kiosks-cycling",
    ]

    /// One phase of the board of 1,000 flights over one shared model, in both shapes, with
    /// sessions mounted as a browser mounts them (page, websocket, join).
    static func runBoard(phase: String) async {
        if phase == "airport" {
            await AirportBench.run()
            return
        }
        if phase == "kiosks-one-locale" || phase == "kiosks-four-locales" {
            await AirportBench.runKiosks(languages: phase == "kiosks-one-locale" ? ["en"] : ["en", "es", "de", "ar"])
            return
        }
        if phase == "kiosks-four-zones" {
            await AirportBench.runKiosks(languages: ["en"], zones: ["America/Denver", "Europe/Berlin", "Asia/Tokyo", "Australia/Sydney"])
            return
        }
        if phase == "kiosks-cycling" {
            await AirportBench.runKiosks(languages: ["en"], cycling: true)
            return
        }
        let boardModel = BenchBoardModel(count: 1000)
        let harness: Harness
        do {
            harness = try boardHarness(boardModel)
        } catch {
            print("bench: server failed to start: \(error)")
            exit(1)
        }
        let port = harness.server.port
        var changes = 0
        /// One flight's status changes in the shared model: every session shows it.
        func statusChange(_ name: String) async throws {
            changes += 1
            let status = "Gate change \(changes)"
            try await harness.fanout(name, change: status) { boardModel.flights[0].status = status }
        }
        do {
            switch phase {
            case "pages":
                // Bytes until the page is live, as a browser with an empty cache fetches them.
                for (name, path) in [
                    ("board_page_wire_bytes", "/bench/board"), ("board_usual_page_wire_bytes", "/bench/board-usual"),
                    ("board_usual_100k_page_wire_bytes", "/bench/board-usual-100k"),
                ] {
                    var total = 0
                    for url in [path, "/assets/jetway-page.js", "/assets/jetway.css"] {
                        guard let bytes = await offMainActor({ httpBodyBytes(port: port, path: url, gzip: true) }) else {
                            throw BenchFailure("GET \(url) failed")
                        }
                        total += bytes
                    }
                    report(name, Double(total), "bytes")
                }
                guard let plain = await offMainActor({ httpBodyBytes(port: port, path: "/bench/board", gzip: false) }) else {
                    throw BenchFailure("GET /bench/board failed")
                }
                report("board_page_bytes_uncompressed", Double(plain), "bytes")
                // The floor first: a page whose keystroke changes one text, so what is left is the
                // browser's and the machine's own time.
                for (name, path) in [
                    ("keystroke_dom_floor_ms_median", "/bench/echo"), ("board_keystroke_dom_ms_median", "/bench/board"),
                    ("board_usual_keystroke_dom_ms_median", "/bench/board-usual"),
                    ("board_usual_100k_keystroke_dom_ms_median", "/bench/board-usual-100k"),
                ] {
                    try await BrowserBench.keystrokeToDOM(name, url: "http://127.0.0.1:\(port)\(path)", rounds: 10)
                }
                // The app's own part of the 100,000-row keystroke: its filter over the flights
                // (`visible(matching:)`, in the view's body) for the same keys, timed in this run.
                report("board_usual_100k_filter_ms_median", filterMedianMS(BenchBoardModel.hundredThousand, rounds: 10), "ms")
            case "plain", "usual":
                let (prefix, path) = phase == "plain" ? ("board", "/bench/board") : ("board_usual", "/bench/board-usual")
                let before = residentKB()
                try await harness.open(1000, path)
                report("\(prefix)_rss_per_session_kb_1000", Double(residentKB() - before) / 1000, "kB")
                try await statusChange("\(prefix)_fanout_ms_1000")
                try await harness.keystrokeCPU("\(prefix)_server_cpu_us_per_keystroke", rounds: 100)
            case "diverged":
                // Sessions that each typed their own search have renderings of their own.
                let before = residentKB()
                try await harness.open(100, "/bench/board")
                let typed = try await harness.ask("type-each d", fields: 2)
                guard Int(typed[1]) == 100, Int(typed[2]) == 0 else { throw BenchFailure("diverged: searches answered: \(typed)") }
                try? await Task.sleep(for: .milliseconds(300))
                report("board_diverged_rss_per_session_kb_100", Double(residentKB() - before) / 100, "kB")
            case "active", "active-same":
                // The cost of a real user (issue 30): 1,000 sessions of the usual-shape board, each
                // having typed a search of its own (two letters), or all the same one.
                let (name, text) =
                    phase == "active"
                    ? ("board_usual_active_rss_per_session_kb_1000", "{own}") : ("board_usual_same_search_rss_per_session_kb_1000", "ber")
                let before = residentKB(), heapBefore = heapKB()
                try await harness.open(1000, "/bench/board-usual")
                // `typed <done> <timeouts> …`: a session whose search went unanswered is an error.
                let typed = try await harness.ask("type-each \(text)", fields: 2)
                guard Int(typed[1]) == 1000, Int(typed[2]) == 0 else { throw BenchFailure("\(name): searches answered: \(typed)") }
                try? await Task.sleep(for: .milliseconds(300))
                report(name, Double(residentKB() - before) / 1000, "kB")
                // The heap beside it: the RSS holds the allocator's free pages among live objects too.
                report(name.replacingOccurrences(of: "_rss_", with: "_heap_"), Double(heapKB() - heapBefore) / 1000, "kB")
                guard phase == "active-same" else { break }
                // Quiet in the same state, they share one rendering of it (the sweep, every 5 s,
                // after 5 s without an event, at most 256 pages a sweep).
                _ = try await harness.ask("listen 26", fields: 3)
                let open = harness.server.openPages
                guard open == (1000, 1) else {
                    throw BenchFailure("same search, quiet: \(open.sessions) pages in \(open.renderings) renderings")
                }
                report("board_usual_same_search_quiet_rss_per_session_kb_1000", Double(residentKB() - before) / 1000, "kB")
                report("board_usual_same_search_quiet_heap_per_session_kb_1000", Double(heapKB() - heapBefore) / 1000, "kB")
            case "cleared":
                // Sessions that typed a search and cleared it are back in the shared rendering's
                // state: they share it again once quiet (the sweep, every 5 s, after 5 s without
                // an event). The load client reads their pages meanwhile (each gets the shared page).
                let before = residentKB(), heapBefore = heapKB()
                try await harness.open(1000, "/bench/board-usual")
                let idleHeap = heapKB()
                for text in ["d", ""] {
                    let typed = try await harness.ask("type-each \(text)", fields: 2)
                    guard Int(typed[1]) == 1000, Int(typed[2]) == 0 else { throw BenchFailure("cleared: searches answered: \(typed)") }
                }
                _ = try await harness.ask("listen 26", fields: 3)
                let open = harness.server.openPages
                guard open == (1000, 1) else { throw BenchFailure("cleared: \(open.sessions) pages in \(open.renderings) renderings") }
                report("board_usual_cleared_search_rss_per_session_kb_1000", Double(residentKB() - before) / 1000, "kB")
                // The heap: RSS keeps some of what the renderings let go (pages freed between
                // the sessions' objects); the pages' idle heap is the comparison.
                report("board_usual_cleared_search_heap_per_session_kb_1000", Double(heapKB() - heapBefore) / 1000, "kB")
                report("board_usual_idle_heap_per_session_kb_1000", Double(idleHeap - heapBefore) / 1000, "kB")
            case "wide":
                let before = residentKB()
                try await harness.open(10000, "/bench/board")
                report("board_rss_per_session_kb_10000", Double(residentKB() - before) / 10000, "kB")
                try await statusChange("board_fanout_ms_10000")
            default:
                throw BenchFailure("unknown board phase \(phase)")
            }
        } catch {
            FileHandle.standardOutput.write(Data("bench: error \(error)\n".utf8))
            harness.stop()
            exit(1)
        }
        harness.stop()
    }

    /// The median time of `model.visible(matching:)` for the keystroke benches' keys ("d",
    /// "de", "den", "de", "d", ""), `rounds` times each.
    static func filterMedianMS(_ model: BenchBoardModel, rounds: Int) -> Double {
        var samples: [Double] = []
        var kept = 0
        for _ in 0..<rounds {
            for text in ["d", "de", "den", "de", "d", ""] {
                let started = ContinuousClock.now
                kept &+= model.visible(matching: text).count
                let elapsed = ContinuousClock.now - started
                samples.append(Double(elapsed.components.seconds) * 1e3 + Double(elapsed.components.attoseconds) / 1e15)
            }
        }
        samples.sort()
        // Kept, so the filter is not optimised away.
        if kept == 42 { print("") }
        return samples[samples.count / 2]
    }

    /// A server with the board in both shapes over `model`, and its load client.
    static func boardHarness(_ model: BenchBoardModel) throws -> Harness {
        try Harness(
            routes: [
                Route("/bench/board") { _ in BenchBoard(model: model) },
                Route("/bench/board-usual") { _ in UsualBenchBoard(model: model) },
                Route("/bench/board-usual-100k") { _ in UsualBenchBoard(model: .hundredThousand) },
                Route("/bench/echo") { _ in EchoPage() },
            ], model: FlightBoardModel(), holdsQuietPages: true)
    }

    /// Profiling entry (`JetwayBench board-profile N PATH`): N idle board sessions of PATH
    /// (`/bench/board` or `/bench/board-usual`), one status change, then 100 rounds of keystrokes.
    static func boardProfile(_ count: Int, _ path: String) async {
        let boardModel = BenchBoardModel(count: 1000)
        do {
            let harness = try boardHarness(boardModel)
            try await harness.open(count, path)
            try await harness.fanout("board_fanout_ms_\(count)", change: "Gate change 1") { boardModel.flights[0].status = "Gate change 1" }
            try await harness.keystrokeCPU("board_server_cpu_us_per_keystroke_\(count)", rounds: 100)
            harness.stop()
        } catch {
            FileHandle.standardOutput.write(Data("bench: error \(error)\n".utf8))
            exit(1)
        }
    }

    /// Profiling entry (`JetwayBench board-browser`): keystroke to DOM in Chromium, both shapes.
    static func boardBrowser() async {
        let boardModel = BenchBoardModel(count: 1000)
        // The 100,000 flights are made before the first page, as an app loads its data when it
        // starts: made on the first request, they were most of that page's time to live.
        _ = BenchBoardModel.hundredThousand.flights.count
        do {
            let harness = try boardHarness(boardModel)
            var pages = [
                ("board_keystroke_dom_ms_median", "/bench/board"), ("board_usual_keystroke_dom_ms_median", "/bench/board-usual"),
                ("board_usual_100k_keystroke_dom_ms_median", "/bench/board-usual-100k"),
            ]
            // JETWAY_ECHO=1: the floor first, a page whose keystroke changes one text.
            if ProcessInfo.processInfo.environment["JETWAY_ECHO"] != nil {
                pages.insert(("echo_keystroke_dom_ms_median", "/bench/echo"), at: 0)
            }
            for (name, path) in pages {
                try await BrowserBench.keystrokeToDOM(name, url: "http://127.0.0.1:\(harness.server.port)\(path)", rounds: 10)
            }
            // A fling through 10,000 rows of the 100,000-row board, at a fast finger's speed
            // (JETWAY_FLING_SPEED, CSS pixels a second: a faster one shows the blanks it finds).
            let speed = Double(ProcessInfo.processInfo.environment["JETWAY_FLING_SPEED"] ?? "") ?? 20_000
            try await BrowserBench.fling(
                "board_usual_100k", url: "http://127.0.0.1:\(harness.server.port)/bench/board-usual-100k", speed: speed)
            harness.stop()
        } catch {
            FileHandle.standardOutput.write(Data("bench: error \(error)\n".utf8))
            exit(1)
        }
    }

    /// This process's CPU time so far, user and system, in microseconds.
    static func cpuMicroseconds() -> Int {
        var usage = rusage()
        getrusage(RUSAGE_SELF.rawValue, &usage)
        return (usage.ru_utime.tv_sec + usage.ru_stime.tv_sec) * 1_000_000 + Int(usage.ru_utime.tv_usec + usage.ru_stime.tv_usec)
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

    /// The heap in use (glibc's count): what the pages hold, whatever the RSS keeps of what
    /// was freed.
    static func heapKB() -> Int { Int(jw_heap_in_use()) / 1024 }

    static func residentKB() -> Int {
        guard let status = try? String(contentsOfFile: "/proc/self/status", encoding: .utf8),
            let line = status.split(separator: "\n").first(where: { $0.hasPrefix("VmRSS:") })
        else { return 0 }
        return Int(line.split(separator: " ").dropFirst().first ?? "") ?? 0
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

/// The upload bench's page: a file importer whose files are removed as they are stored.
struct BenchUpload: View {
    @State private var picking = false
    @State private var stored = 0
    var body: some View {
        Button("Choose a file") { picking = true }
            .fileImporter(isPresented: $picking, allowedContentTypes: [.png], maximumBytes: 4_000_000) { result in
                if case .success(let url) = result {
                    try? FileManager.default.removeItem(at: url)
                    stored += 1
                }
            }
        Text("\(stored) stored")
    }
}

/// The widget bench's page: a button (the session's click target) and a widget whose data
/// source answers "row" requests.
struct BenchWidgetPage: View {
    @State private var taps = 0
    var body: some View {
        VStack {
            Button("Tap \(taps)") { taps += 1 }
            BenchWidget()
        }
    }
}

struct BenchWidget: HTMLElementRepresentable {
    final class Coordinator: WidgetDataSource {
        func widget(_ widget: Widget, answer request: String, _ payload: JSONValue) throws -> JSONValue {
            guard let row = payload["row"]?.int else { throw WidgetRequestError("a row, please") }
            return ["title": .string("Row \(row)"), "row": .number(Double(row))]
        }
    }
    func makeCoordinator() -> Coordinator { Coordinator() }
    func makeElement(context: Context) -> Widget { Widget("bench") }
    func updateElement(_ widget: Widget, context: Context) { widget.dataSource = context.coordinator }
}

/// The heavy-task bench's page: a button that runs two seconds of computation, written as a
/// user would keep it off the main actor (a `@concurrent` function), then shows the result.
struct HeavyTaskPage: View {
    @State private var result = "idle"
    var body: some View {
        VStack {
            Button("Compute") {
                result = "computing"
                Task { result = "done \(await HeavyWork.compute(seconds: 2))" }
            }
            Text(result)
        }
    }
}

enum HeavyWork {
    /// Busy for `seconds` of wall time on a worker thread; the number of rounds it managed.
    @concurrent nonisolated static func compute(seconds: Double) async -> Int {
        let end = DispatchTime.now().uptimeNanoseconds + UInt64(seconds * 1e9)
        var rounds = 0
        var value: UInt64 = 1
        while DispatchTime.now().uptimeNanoseconds < end {
            for _ in 0..<10_000 { value = value &* 6_364_136_223_846_793_005 &+ 1 }
            rounds += 1
        }
        return rounds + Int(value & 1)
    }
}

/// The keystroke bench's floor: a field whose text one list row repeats, so a keystroke costs
/// the server next to nothing and the browser one text change.
/// The gate kiosk as it was before it had nothing to click (its "Show details" button): the
/// page the round trips click, so their figures stay comparable; it shows the flight the
/// fan-out changes, as the kiosks beside it do.
struct DetailsPage: View {
    let model: FlightBoardModel
    @State private var showDetails = false
    var body: some View {
        VStack(spacing: 16) {
            Text("Gate A1").font(.largeTitle)
            if let flight = model.nextFlight(at: "A1") {
                Text("\(flight.airline) \(flight.number)").font(.title)
                Text(flight.status.rawValue).font(.title2)
            }
            Button(showDetails ? "Hide details" : "Show details") { showDetails.toggle() }
            if showDetails { Text("Boarding closes 15 minutes before departure.").font(.footnote) }
        }
    }
}

struct EchoPage: View {
    @State private var text = ""
    var body: some View {
        VStack {
            TextField("Echo", text: $text)
            List { Text("echo \(text)") }
        }
    }
}
