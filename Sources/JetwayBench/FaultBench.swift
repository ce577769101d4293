import Foundation
import JetwayBrowser
import JetwayWire

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// Faults (`make faults`, `JetwayBench faults`), each with 200 gate kiosks open through the load
/// client and two real pages in Chromium:
///
/// - a restart: the MountainAirport process is killed with SIGKILL and started again on the
///   same port and data. Every kiosk must reconnect (with the page runtime's jittered backoff)
///   and join again within 10 s, and then be live: a store change made through the API must
///   reach every one, and both browsers' pages must show it;
/// - the network: the pages reach the server through `FaultProxy`, which slows every piece of
///   data by 200 ms, tears every connection in the middle of a frame, resets every connection,
///   and cuts the network for 25 s. After each, every kiosk must be live (a change reaches all);
///   during the cut the browsers' pages must show they are offline, and after it be live; what
///   was typed into the board's search through all of it must be what the server has, once;
/// - clients that stop reading: a quarter as many boards as kiosks stop reading for 30 s while
///   the simulator moves the day fifty minutes a second (each board changes by ~50 kB a
///   second). Beyond what the same boards cost reading (a second server), the server's memory
///   must stay within what the queue cap allows per page (each page overflows into one full
///   page instead) and be flat once the queues are full, and the kiosks must get their changes
///   meanwhile.
///
/// Exits non-zero when any of it fails.
@MainActor
enum FaultBench {
    static func run() async {
        do {
            let clients = Int(ProcessInfo.processInfo.environment["JETWAY_FAULT_CLIENTS"] ?? "") ?? 200
            // JETWAY_FAULTS: which runs, by name (all three unless set).
            let runs = Set((ProcessInfo.processInfo.environment["JETWAY_FAULTS"] ?? "restart,network,slowreaders").split(separator: ","))
            if runs.contains("restart") { try await restart(clients: clients) }
            if runs.contains("network") { try await network(clients: clients) }
            if runs.contains("slowreaders") { try await slowReaders(readers: clients, stalled: max(4, clients / 4)) }
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
        let (flight, number) = try await shownFlight(port: port)
        try await withBrowsers(2) { browsers in
            let pages = try browsers.map { try required($0 as? WebDriver, "Chromium") }
            for page in pages { try await openKiosk(page, port: port, showing: number) }

            // The kill: the load client watches its sockets meanwhile.
            client.send("survive 40")
            try await Task.sleep(for: .milliseconds(300))
            server.kill()
            try await server.start()
            try await survived(client, clients: clients, flight: flight, port: port)
            // The browsers' pages are back (a `sync`: the new process re-mounted them) and show
            // the change.
            for (index, page) in pages.enumerated() {
                guard await page.wait(for: "return window.__joins > 0 && \(liveScript) && \(statusScript("Delayed"))", timeout: 20)
                else {
                    let state =
                        (try? await page.string(
                            "return [String(window.__joins), document.documentElement.className, \(statusText)].join(' ')")) ?? "?"
                    throw BenchFailure(
                        "browser \(index + 1)'s kiosk did not come back live with the change after the restart (joins, classes, status: \(state))"
                    )
                }
            }
            report("restart_browsers_back", Double(pages.count), "pages")
        }
    }

    static let statusText = "(document.querySelector('[data-testid=kiosk-status]') || {}).textContent"
    static func statusScript(_ status: String) -> String { "\(statusText) === \(jsLiteral(status))" }

    static let liveScript =
        "document.documentElement.classList.contains('\(RuntimeContract.State.connected)') && !document.documentElement.classList.contains('\(RuntimeContract.State.offline)')"

    /// Opens the kiosk at A1 in a browser, showing `number`, and counts the joins its runtime
    /// is answered (`joined` or `sync`) on every socket it opens from now on.
    static func openKiosk(_ page: WebDriver, port: Int, showing number: String) async throws {
        try await page.navigate("http://127.0.0.1:\(port)/gate/A1")
        guard await page.wait(for: "return \(liveScript) && document.body.textContent.includes(\(jsLiteral(number)))") else {
            throw BenchFailure("a browser's kiosk did not show \(number) live")
        }
        try await countJoins(page)
    }

    /// Wraps the page's WebSocket so that `window.__joins` counts the joins answered on the
    /// sockets its runtime opens from now on (`joined`: resumed; `sync`: re-mounted).
    static func countJoins(_ page: WebDriver) async throws {
        _ = try await page.execute(
            "const W = window.WebSocket; window.__joins = 0; window.WebSocket = function (...a) { const s = new W(...a); s.addEventListener('message', (e) => { if (typeof e.data === 'string' && (e.data.startsWith('[\"sync\"') || e.data.startsWith('[\"joined\"'))) window.__joins++; }); return s; }; window.WebSocket.prototype = W.prototype; Object.assign(window.WebSocket, W); return true"
        )
    }

    /// The restart's `survive` answer checked and reported, then a change made through the API
    /// must reach every kiosk.
    static func survived(_ client: LoadClientProcess, clients: Int, flight: Int, port: Int) async throws {
        let survived = await client.next()
        guard survived.count == 6, survived[0] == "survived", let back = Int(survived[1]), let milliseconds = Double(survived[3]),
            let busiest = Double(survived[4])
        else { throw BenchFailure("the load client gave no answer to survive: \(survived)") }
        guard back == clients else { throw BenchFailure("only \(back) of \(clients) kiosks joined again within 40 s (\(survived))") }
        report("restart_all_back_ms_\(clients)", milliseconds, "ms")
        report("restart_busiest_250ms_\(clients)", busiest, "reconnects")
        report("restart_attempts_\(clients)", Double(survived[5]) ?? 0, "connections")
        guard milliseconds <= 10_000 else {
            throw BenchFailure("the last kiosk joined again \(Int(milliseconds)) ms after the kill (goal 10 s)")
        }

        // Live again: a change reaches every kiosk. What the joins sent is read away first.
        try await everyKioskHears(
            client, clients: clients, port: port, flight: flight, change: #"{"status":"Delayed"}"#, after: "the restart")
        report("restart_live_sessions_\(clients)", Double(clients), "sessions")
    }

    /// A change made through the API reaches every kiosk (what came before is read away first).
    static func everyKioskHears(_ client: LoadClientProcess, clients: Int, port: Int, flight: Int, change: String, after what: String)
        async throws
    {
        _ = try await client.ask("listen 1", fields: 3)
        try await AirportProcess.patchFlight(port: port, id: flight, change)
        let listened = try await client.ask("listen 3", fields: 3)
        guard Int(listened[3]) == clients else {
            throw BenchFailure("after \(what) a change reached \(listened[3]) of \(clients) kiosks")
        }
    }

    /// The network between the pages and the server breaks in four ways (see the type's comment).
    static func network(clients: Int) async throws {
        let data = NSTemporaryDirectory() + "jetway-netfaults-\(UUID().uuidString.prefix(8))"
        defer { try? FileManager.default.removeItem(atPath: data) }
        let server = try AirportProcess(port: freeLoopbackPort(), data: data)
        defer { server.stop() }
        try await server.start()
        let proxy = try FaultProxy(to: server.port)
        defer { proxy.stop() }
        let client = try LoadClientProcess(port: proxy.port)
        defer { client.quit() }
        try await client.open(clients, "/gate/A1")
        let (flight, number) = try await shownFlight(port: server.port)
        let field = "input[type=search], input[placeholder='Search flights']"
        try await withBrowsers(2) { browsers in
            let board = try required(browsers[0] as? WebDriver, "Chromium")
            let kiosk = try required(browsers[1] as? WebDriver, "Chromium")
            try await openKiosk(kiosk, port: proxy.port, showing: number)
            try await board.navigate("http://127.0.0.1:\(proxy.port)/")
            guard await board.wait(for: "return \(liveScript)") else { throw BenchFailure("the board never went live through the proxy") }
            var typed = ""
            func type(_ text: String) async throws {
                try await board.type(text, into: field)
                typed += text
            }
            try await type("D")

            // Slow: 200 ms for every piece of data, each way.
            proxy.latency = .milliseconds(200)
            try await type("en")
            _ = try await client.ask("listen 1", fields: 3)
            _ = try await client.ask("arm Delayed", fields: 0)
            try await AirportProcess.patchFlight(port: server.port, id: flight, #"{"status":"Delayed"}"#)
            let fanout = await client.next()
            guard fanout.count == 3, let milliseconds = Double(fanout[1]), fanout[2] == "0" else {
                throw BenchFailure("through a slow network the change did not reach every kiosk: \(fanout)")
            }
            report("netfaults_slow_fanout_ms_\(clients)", milliseconds, "ms")
            proxy.latency = .zero

            // Torn in the middle of a frame (a change sent right after makes every kiosk's
            // connection carry one), then reset: every kiosk reconnects and joins again.
            // Each change differs from the one before it (else no kiosk would be sent anything).
            for (fault, check) in [("torn", "Delayed"), ("reset", "On Time")] {
                client.send("survive 30 \(clients)")
                try await Task.sleep(for: .milliseconds(100))
                let tornBefore = proxy.torn
                if fault == "torn" {
                    proxy.tearMidFrame()
                    try await type("v")
                    try await AirportProcess.patchFlight(port: server.port, id: flight, #"{"status":"Boarding"}"#)
                } else {
                    try await type("e")
                    proxy.reset()
                }
                let back = await client.next()
                guard back.count == 6, back[0] == "survived", Int(back[1]) == clients, let milliseconds = Double(back[3]) else {
                    throw BenchFailure("after the \(fault) connections not every kiosk joined again: \(back)")
                }
                if fault == "torn" {
                    report("netfaults_torn_connections", Double(proxy.torn - tornBefore), "connections")
                }
                report("netfaults_\(fault)_back_ms_\(clients)", milliseconds, "ms")
                try await everyKioskHears(
                    client, clients: clients, port: server.port, flight: flight, change: #"{"status":"\#(check)"}"#,
                    after: "the \(fault) connections")
                guard await board.wait(for: "return \(liveScript)", timeout: 20), await kiosk.wait(for: "return \(liveScript)", timeout: 20)
                else {
                    throw BenchFailure("a browser's page did not come back after the \(fault) connections")
                }
            }

            // Cut: nothing passes for 25 s, no connection closes. The pages find out by their
            // pings and show it; what is typed meanwhile leads nowhere.
            proxy.cut()
            let cutAt = Date()
            try await type("r")
            for (name, page) in [("board", board), ("kiosk", kiosk)] {
                guard
                    await page.wait(
                        for: "return document.documentElement.classList.contains('\(RuntimeContract.State.offline)')", timeout: 25)
                else {
                    throw BenchFailure("the \(name) never showed it was offline during the cut")
                }
            }
            report("netfaults_cut_offline_shown_ms", Date().timeIntervalSince(cutAt) * 1000, "ms")
            let remaining = 25 - Date().timeIntervalSince(cutAt)
            if remaining > 0 { try await Task.sleep(for: .milliseconds(Int(remaining * 1000))) }
            proxy.heal()
            let healedAt = Date()
            for (name, page) in [("board", board), ("kiosk", kiosk)] {
                guard await page.wait(for: "return \(liveScript)", timeout: 30) else {
                    throw BenchFailure("the \(name) did not come back live after the cut")
                }
            }
            report("netfaults_cut_pages_back_ms", Date().timeIntervalSince(healedAt) * 1000, "ms")
            try await everyKioskHears(
                client, clients: clients, port: server.port, flight: flight, change: #"{"status":"Delayed"}"#, after: "the cut")
            guard await kiosk.wait(for: "return \(statusScript("Delayed"))", timeout: 10) else {
                throw BenchFailure("the browser's kiosk does not show the change made after the cut")
            }

            // What was typed, through all of it, is what the server has: the field's value
            // attribute is the server's rendering of it.
            guard typed == "Denver" else { throw BenchFailure("the bench typed \(typed)") }
            guard
                await board.wait(for: "return document.querySelector(\(jsLiteral(field))).getAttribute('value') === 'Denver'", timeout: 10)
            else {
                let has = (try? await board.string("return document.querySelector(\(jsLiteral(field))).getAttribute('value') || ''")) ?? "?"
                throw BenchFailure("the server has \"\(has)\" for the search typed as \"Denver\"")
            }
            report("netfaults_typed_arrived", 1, "of 1 texts")
        }
    }

    /// Boards that stop reading, beside kiosks that read (see the type's comment), measured
    /// against the same boards reading: each board reads the device (its starred flights), so
    /// each has its own rendering, which follows the day whether its browser reads or not, and
    /// that is not what a stalled reader costs.
    static func slowReaders(readers: Int, stalled: Int) async throws {
        let cap = 128 * 1024
        let reading = try await boardsBesideKiosks(readers: readers, boards: stalled, stalling: false, cap: cap)
        let run = try await boardsBesideKiosks(readers: readers, boards: stalled, stalling: true, cap: cap)
        guard run.overflows >= stalled else {
            throw BenchFailure(
                "only \(run.overflows) queue overflows for \(stalled) pages that never read: the cap was not reached, the run tested nothing"
            )
        }
        guard reading.overflows == 0 else {
            throw BenchFailure("\(reading.overflows) queue overflows for \(stalled) boards that read everything")
        }
        let growth = run.growth, extra = run.growth - reading.growth
        // What not reading may cost each board: its queue and a full page (the resync), twice
        // over for the copy being written; and a few MB of slack for the allocator.
        let bound = Double(stalled * (cap + 2 * run.pageBytes)) / 1_048_576 + 8
        report("slowreader_rss_growth_mb_\(stalled)", growth, "MB")
        report("slowreader_reading_rss_growth_mb_\(stalled)", reading.growth, "MB")
        report("slowreader_stalled_extra_mb_\(stalled)", extra, "MB")
        report("slowreader_overflows_\(stalled)", Double(run.overflows), "overflows")
        guard extra <= bound else {
            throw BenchFailure(
                "\(stalled) pages that never read cost \(Int(extra)) MB more than the same pages reading "
                    + "(\(Int(growth)) against \(Int(reading.growth)) MB; bound \(Int(bound)) MB)")
        }
        // Bounded means flat once the queues are full: without the cap, what the overflows
        // dropped in the second half (each a full queue) would have stayed in memory. The
        // reading boards' second half is the day's own growth.
        let unbounded = Double(run.overflows * cap) / 2 / 1_048_576
        let secondHalfExtra = run.secondHalf - reading.secondHalf
        report("slowreader_rss_second_half_mb_\(stalled)", run.secondHalf, "MB")
        report("slowreader_reading_rss_second_half_mb_\(stalled)", reading.secondHalf, "MB")
        guard secondHalfExtra <= unbounded / 4 else {
            throw BenchFailure(
                "the server grew \(Int(run.secondHalf)) MB in the second 15 s of \(stalled) pages that never read "
                    + "(\(Int(reading.secondHalf)) MB reading): not flat (without the cap, about \(Int(unbounded)) MB more; "
                    + "bound a quarter of it)")
        }
        report("slowreader_kiosks_live_\(readers)", Double(readers), "kiosks")
    }

    /// One server: `readers` kiosks, 15 s of the day's own warm-up, then `boards` boards that
    /// read everything or (`stalling`) nothing, and 30 s in which the kiosks read and the
    /// server's RSS is sampled every 250 ms from just after the boards opened.
    static func boardsBesideKiosks(readers: Int, boards: Int, stalling: Bool, cap: Int) async throws -> (
        growth: Double, secondHalf: Double, overflows: Int, pageBytes: Int
    ) {
        let data = NSTemporaryDirectory() + "jetway-slowreaders-\(UUID().uuidString.prefix(8))"
        defer { try? FileManager.default.removeItem(atPath: data) }
        let socketBuffer = 128 * 1024
        // The airport's day at fifty minutes a second from eight in the evening (so that the
        // run, a day and an hour of the airport's time, goes through the same hours whenever it
        // runs): rows leave every board and new ones come, about 50 kB a second per board
        // (measured), so a board that stops reading soon has more waiting than its socket and
        // its queue hold.
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = TimeZone(identifier: "America/Denver")!
        let evening = calendar.startOfDay(for: Date()).addingTimeInterval(20 * 3600)
        let server = try AirportProcess(
            port: freeLoopbackPort(), data: data, arguments: ["--simulate-every", "0.1"],
            environment: [
                "JETWAY_CLOCK": evening.formatted(.iso8601) + "*3000",
                "JETWAY_MAX_QUEUED_BYTES": String(cap), "JETWAY_SOCKET_SEND_BUFFER": String(socketBuffer),
                "JETWAY_MAX_SESSIONS_PER_ADDRESS": "100000", "JETWAY_MAX_WEBSOCKETS_PER_ADDRESS": "100000",
            ])
        defer { server.stop() }
        try await server.start()
        let kiosks = try LoadClientProcess(port: server.port)
        defer { kiosks.quit() }
        try await kiosks.open(readers, "/gate/A1")
        func listened(_ client: LoadClientProcess, _ count: Int, _ what: String) async throws {
            let answer = await client.next()
            guard answer.count == 4, answer[0] == "listened", Int(answer[3]) == count else {
                throw BenchFailure("\(what), not every page was sent a change: \(answer)")
            }
        }
        // The day's own warm-up first (the board model's caches), so that it is not counted.
        kiosks.send("listen 15")
        try await listened(kiosks, readers, "while the day warmed up")
        // Stalled boards get small receive buffers: the kernel's window closes after a few
        // kilobytes, and after `open` that client reads nothing more.
        let boardClient = try LoadClientProcess(port: server.port, environment: stalling ? ["JETWAY_LOAD_RCVBUF": "4096"] : [:])
        defer { boardClient.quit() }
        try await boardClient.open(boards, "/")
        let (page, _) = try await URLSession.shared.data(from: URL(string: "http://127.0.0.1:\(server.port)/")!)
        let before = try server.status("VmRSS")
        let overflowsBefore = try await server.stats()["overflows"] ?? 0

        kiosks.send("listen 30")
        if !stalling { boardClient.send("listen 30") }
        var peak = before, samples = 0, firstHalfPeak = before
        let started = Date()
        while Date().timeIntervalSince(started) < 29.5 {
            peak = max(peak, try server.status("VmRSS"))
            if Date().timeIntervalSince(started) < 15 { firstHalfPeak = peak }
            samples += 1
            try await Task.sleep(for: .milliseconds(250))
        }
        try await listened(kiosks, readers, stalling ? "while the boards stalled" : "beside reading boards")
        if !stalling { try await listened(boardClient, boards, "while the boards read") }
        guard samples > 10 else { throw BenchFailure("only \(samples) samples of the server's memory in 30 s") }
        let overflows = (try await server.stats()["overflows"] ?? 0) - overflowsBefore
        if ProcessInfo.processInfo.environment["JETWAY_FAULTS_DEBUG"] != nil {
            print(
                "\(stalling ? "stalled" : "reading") boards: RSS \(before) → \(firstHalfPeak) kB at 15 s, \(peak) kB at 30 s; overflows \(overflows)"
            )
        }
        return (Double(peak - before) / 1024, Double(peak - firstHalfPeak) / 1024, overflows, page.count)
    }

    /// The id of the flight the gate kiosk at A1 shows first (moving it away changes every kiosk).
    static func shownFlight(port: Int) async throws -> (id: Int, number: String) {
        let (page, _) = try await URLSession.shared.data(from: URL(string: "http://127.0.0.1:\(port)/gate/A1")!)
        let html = String(decoding: page, as: UTF8.self)
        guard let shown = html.range(of: #"data-testid="kiosk-destination""#).map({ html[..<$0.lowerBound] }),
            let number = shown.matches(of: try! Regex(#"<span class=""# + StyleClass.text + #"[^"]*"[^>]*>([A-Z]{2} \d{3,4})</span>"#)).last
                .map({ String($0.output[1].substring ?? "") })
        else { throw BenchFailure("the gate page at A1 shows no departure") }
        let search = number.addingPercentEncoding(withAllowedCharacters: .alphanumerics) ?? number
        let (list, _) = try await URLSession.shared.data(
            from: URL(string: "http://127.0.0.1:\(port)/api/flights?gate=A1&search=\(search)")!)
        guard let flights = try JSONSerialization.jsonObject(with: list) as? [[String: Any]],
            let id = flights.first(where: { $0["number"] as? String == number })?["id"] as? Int
        else { throw BenchFailure("no flight \(number) at A1") }
        return (id, number)
    }
}
