import Foundation
import Jetway
import JetwayBrowser
import JetwayServer
import JetwayStore
import MountainAirportViews

/// MountainAirport as it runs: a generated day of 1,200 flights in the store, its board as a
/// browser gets it, search keystrokes over the day, and 1,000 kiosks at sixty gates — idle (their
/// clocks tick in the browser, so the server should do nothing), then with the simulator moving
/// the day at a minute a second.
@MainActor
enum AirportBench {
    /// The airport's generated day in memory at noon airport time today, whatever the hour
    /// here (a busy hour, the same every run), on a clock of its own, as it stands then.
    static func noonDay() async throws -> (now: Date, clock: WallClock, model: FlightBoardModel) {
        let denver = TimeZone(identifier: "America/Denver")!
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = denver
        let now = calendar.startOfDay(for: Date()).addingTimeInterval(12 * 3600)
        let clock = WallClock(startingAt: now)
        let store = try AirportStore.open("sqlite::memory:")
        try AirportStore.seedIfEmpty(store, day: now, timeZone: denver)
        let model = FlightBoardModel(store: store, timeZone: denver, clock: clock)
        // The day as it stands now (boarding, departed, the board's window).
        try AirportSimulator(model: model, seed: 11).step(now: now)
        await store.settle()
        return (now, clock, model)
    }

    /// 1,000 kiosks of one gate, their browsers asking for `languages` in turn (one locale, or
    /// four: English, Spanish, German, Arabic — one rendering each), in a process of their own:
    /// the memory per kiosk, and how long one change of the next flight's time takes to reach
    /// them all (`…_one_locale` against `…_four_locales`). `cycling`: kiosks that show the four
    /// languages in turn (`?languages=en,es,de,ar`: one rendering of four copies).
    static func runKiosks(languages: [String], zones: [String] = [], cycling: Bool = false) async {
        let suffix =
            cycling ? "cycling_four_languages" : !zones.isEmpty ? "four_zones" : languages.count == 1 ? "one_locale" : "four_locales"
        let path = cycling ? "/gate/A1?languages=en,es,de,ar" : "/gate/A1"
        do {
            let day = try await noonDay()
            let model = day.model
            let harness = try ServerBench.Harness(routes: [], model: model, clock: day.clock, oneAddressForAll: true)
            guard let flight = model.flights.first(where: { $0.gate == "A1" && $0.direction == .departure && $0.status == .onTime }) else {
                throw BenchFailure("no departure on time at gate A1")
            }
            let before = ServerBench.residentKB()
            if zones.isEmpty {
                for (index, language) in languages.enumerated() {
                    try await harness.open((index + 1) * 1000 / languages.count, path, language: language)
                }
            } else {
                // Browsers in four zones: the kiosk shows the airport's time, so they share.
                for (index, zone) in zones.enumerated() {
                    try await harness.open((index + 1) * 1000 / zones.count, path, language: languages.first, zone: zone)
                }
            }
            report("airport_kiosk_rss_kb_1000_\(suffix)", Double(ServerBench.residentKB() - before) / 1000, "kB")
            report("airport_kiosk_renderings_1000_\(suffix)", Double(harness.server.openPages.renderings), "renderings")
            // The flight's departure 7 minutes later: every kiosk's frame has the new time (its
            // minutes, in every language's format).
            let next = flight.scheduledTime.addingTimeInterval(7 * 60)
            var calendar = Calendar(identifier: .gregorian)
            calendar.timeZone = model.timeZone
            let minutes = calendar.component(.minute, from: next)
            try await harness.fanout("airport_kiosk_fanout_ms_1000_\(suffix)", change: String(format: ":%02d", minutes)) {
                _ = try? model.modify(flight.id) { $0.currentTime = next }
            }
            harness.stop()
        } catch {
            print("bench: error \(error)")
            exit(1)
        }
    }

    static func run() async {
        let harness: ServerBench.Harness
        let model: FlightBoardModel
        let now: Date
        do {
            let day = try await noonDay()
            (now, model) = (day.now, day.model)
            harness = try ServerBench.Harness(routes: [], model: model, clock: day.clock, oneAddressForAll: true)
        } catch {
            print("bench: the airport failed to start: \(error)")
            exit(1)
        }
        let port = harness.server.port
        do {
            // Bytes until the board is live, as a browser with an empty cache fetches them.
            var total = 0
            for url in ["/", "/assets/jetway-page.js", "/assets/jetway.css"]
                + (harness.server.app.scripts + harness.server.app.stylesheets).map({ "/assets/" + $0 })
            {
                guard let bytes = await offMainActor({ ServerBench.httpBodyBytes(port: port, path: url, gzip: true) }) else {
                    throw BenchFailure("GET \(url) failed")
                }
                total += bytes
            }
            report("airport_board_wire_bytes", Double(total), "bytes")
            try await firstRow(url: "http://127.0.0.1:\(port)/")

            // Search keystrokes over the day's 1,200 flights, each waiting for its patch.
            try await harness.open(1, "/", field: true)
            _ = try await harness.ask("type 4 d|de|den|", fields: 4)
            let typed = try await harness.ask("type 80 d|de|den|", fields: 4)
            guard typed[2] == "0", Int(typed[1]) == 80, let p50 = Double(typed[3]), let bytes = Double(typed[4]), p50 >= 0 else {
                throw BenchFailure("airport search: \(typed.joined(separator: " "))")
            }
            report("airport_search_keystroke_roundtrip_us", p50, "us")
            report("airport_search_keystroke_bytes", bytes, "bytes")
            _ = try await harness.ask("close", fields: 0)

            // The server idle with no page open: what idle kiosks are compared with.
            let base0 = ServerBench.cpuMicroseconds()
            _ = try await harness.ask("listen 5", fields: 3)
            report("airport_idle_server_cpu_us_per_s", Double(ServerBench.cpuMicroseconds() - base0) / 5, "us")

            // 1,000 kiosks, about seventeen at each of sixty gates.
            let gates = ["A", "B", "C"].flatMap { terminal in (1...20).map { "\(terminal)\($0)" } }
            let before = ServerBench.residentKB()
            for (index, gate) in gates.enumerated() {
                try await harness.open((index + 1) * 1000 / gates.count, "/gate/\(gate)")
            }
            report("airport_kiosk_rss_kb_1000", Double(ServerBench.residentKB() - before) / 1000, "kB")

            // Idle: nothing changes in the store; the kiosks' clocks tick in their pages.
            let idleSeconds = 10.0
            let cpu0 = ServerBench.cpuMicroseconds()
            let idle = try await harness.ask("listen \(Int(idleSeconds))", fields: 3)
            let cpu1 = ServerBench.cpuMicroseconds()
            report("airport_idle_kiosks_cpu_us_per_s_1000", Double(cpu1 - cpu0) / idleSeconds, "us")
            guard let idleFrames = Double(idle[1]) else { throw BenchFailure("listen: \(idle)") }
            report("airport_idle_kiosks_frames_1000", idleFrames, "frames")
            // The same, with each kiosk pinging every 10 s as its runtime does in a browser (the
            // server answers each with a pong carrying its clock): the cost of keeping them live.
            let cpu4 = ServerBench.cpuMicroseconds()
            let pinged = try await harness.ask("pinging \(Int(idleSeconds))", fields: 2)
            let cpu5 = ServerBench.cpuMicroseconds()
            guard let pings = Int(pinged[1]), let pongs = Int(pinged[2]), pings >= 800, pongs == pings else {
                throw BenchFailure("pinging: \(pinged) (every kiosk pings once, each ping is answered)")
            }
            report("airport_idle_pinging_kiosks_cpu_us_per_s_1000", Double(cpu5 - cpu4) / idleSeconds, "us")

            // The simulator at a minute a second: the kiosks that show a change get a patch.
            let simulator = AirportSimulator(model: model, seed: 12)
            let seconds = 10
            harness.client.send("listen \(seconds)")
            let cpu2 = ServerBench.cpuMicroseconds()
            for step in 1...seconds {
                try simulator.step(now: now.addingTimeInterval(Double(step) * 60))

                try await Task.sleep(for: .seconds(1))
            }
            let answer = await harness.client.next()
            let cpu3 = ServerBench.cpuMicroseconds()
            guard answer.count == 4, answer[0] == "listened", let frames = Double(answer[1]), let updated = Double(answer[3]) else {
                throw BenchFailure("listen gave no answer")
            }
            report("airport_kiosk_updates_per_s_1000", frames / Double(seconds), "pages/s")
            report("airport_kiosks_updated_of_1000", updated, "kiosks")
            report("airport_simulated_cpu_us_per_s_1000", Double(cpu3 - cpu2) / Double(seconds), "us")

            // 1,000 new browsers open the board: each is a device of its own, whose "My flights"
            // makes its board its own rendering.
            let beforeBoards = ServerBench.residentKB()
            try await harness.open(2000, "/")  // a total: the kiosks' thousand are open
            report("airport_board_rss_per_new_device_kb_1000", Double(ServerBench.residentKB() - beforeBoards) / 1000, "kB")

            // 200 browsers that come back: each opened a page before (it got its device cookie),
            // so its board may show stars of its own and renders for it.
            let beforeReturning = ServerBench.residentKB()
            try await harness.open(2200, "/", again: true)
            report("airport_board_rss_per_returning_device_kb_200", Double(ServerBench.residentKB() - beforeReturning) / 200, "kB")
        } catch {
            FileHandle.standardOutput.write(Data("bench: error \(error)\n".utf8))
            harness.stop()
            exit(1)
        }
        harness.stop()
    }

    /// The board's first row in headless Chromium: from navigation start until the row is in the
    /// DOM (it comes in the first paint's HTML), the median of five loads.
    static func firstRow(url: String) async throws {
        guard BrowserEngine.chromium.isInstalled else {
            throw BenchFailure("airport_board_first_row_ms: Chromium and chromedriver are not installed (make bench installs them)")
        }
        let browser = try await BrowserEngine.chromium.start()
        do {
            var samples: [Double] = []
            for _ in 0..<5 {
                try await browser.navigate(url)
                guard await browser.wait(for: "return !!document.querySelector('.\(StyleClass.listRow)')", timeout: 15) else {
                    throw BenchFailure("airport_board_first_row_ms: no row")
                }
                // The parser reached the first row when the row's HTML had arrived: responseEnd
                // bounds it from above; first-contentful-paint is when it was on screen. The paint
                // entry is recorded after the frame, which may come after the row is in the DOM.
                _ = await browser.wait(for: "return performance.getEntriesByName('first-contentful-paint').length > 0", timeout: 5)
                let painted =
                    try await browser.execute(
                        "const p = performance.getEntriesByName('first-contentful-paint')[0]; return p ? p.startTime : -1") as? Double
                guard let painted, painted > 0 else { throw BenchFailure("airport_board_first_row_ms: no first paint") }
                samples.append(painted)
            }
            samples.sort()
            report("airport_board_first_row_ms", samples[samples.count / 2], "ms")
            await browser.quit()
        } catch {
            await browser.quit()
            throw error
        }
    }
}
