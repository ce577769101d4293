import Foundation
import JetwayBrowser

/// Board pages opened and let go in rounds (`JetwayBench memory`, run by `make faults`): each
/// round opens `JETWAY_MEMORY_PAGES` (4,500) board pages, each from a browser that comes back
/// with its device cookie (its board may show stars of its own, so it renders for it alone;
/// new browsers share one rendering, and their pages' cost is reported first), closes them and
/// waits for their sessions to expire. Within 30 s of their expiry the RSS must be back within 20 % of
/// where it started, and a later round must not end more than 10 % higher than the first.
/// Then the same with freed memory kept by glibc (`JETWAY_RETURN_FREED_MEMORY=0`), for the
/// comparison; that run is reported, not judged.
@MainActor
enum MemoryBench {
    static func run() async {
        do {
            let pages = Int(ProcessInfo.processInfo.environment["JETWAY_MEMORY_PAGES"] ?? "") ?? 4500
            let count = Int(ProcessInfo.processInfo.environment["JETWAY_MEMORY_ROUNDS"] ?? "") ?? 3
            let returned = try await rounds(pages: pages, count: count, returning: true)
            let kept = try await rounds(pages: pages, count: count, returning: false)
            report("memory_rounds_rss_start", Double(returned.start), "kB")
            for (index, round) in returned.rounds.enumerated() {
                report("memory_round\(index + 1)_rss_open", Double(round.open), "kB")
                report("memory_round\(index + 1)_rss_after_expiry", Double(round.after), "kB")
                report("memory_round\(index + 1)_heap_after_expiry", Double(round.heap), "kB")
                report("memory_round\(index + 1)_rss_anon_after_expiry", Double(round.anonymous), "kB")
                report("memory_round\(index + 1)_seconds_to_return", Double(round.waited), "s")
            }
            for (index, round) in kept.rounds.enumerated() {
                report("memory_kept_round\(index + 1)_rss_after_expiry", Double(round.after), "kB")
            }
            report("memory_page_cost", Double(returned.rounds[0].open - returned.start) / Double(pages), "kB")
            for (index, round) in returned.rounds.enumerated() where round.after > returned.start + returned.start / 5 {
                throw BenchFailure(
                    "round \(index + 1): RSS \(round.after) kB 30 s after the pages expired: more than 20 % above the \(returned.start) kB it started at"
                )
            }
            if let last = returned.rounds.last, let first = returned.rounds.first, last.after > first.after + first.after / 10 {
                throw BenchFailure("RSS ratchets: \(first.after) kB after the first round, \(last.after) kB after the last")
            }
        } catch {
            print("bench: error \(error)")
            exit(1)
        }
    }

    struct Round {
        let open: Int
        let after: Int
        let heap: Int
        /// The anonymous part of `after` (the allocator's; the rest is the code and data of
        /// the libraries the run touched, mapped from their files).
        let anonymous: Int
        /// Seconds after the sessions expired until the RSS was back within 20 % of the start.
        let waited: Int
    }

    static func rounds(pages: Int, count: Int, returning: Bool) async throws -> (start: Int, rounds: [Round]) {
        let data = NSTemporaryDirectory() + "jetway-memory-\(UUID().uuidString.prefix(8))"
        defer { try? FileManager.default.removeItem(atPath: data) }
        let server = try AirportProcess(
            port: freeLoopbackPort(), data: data,
            environment: [
                "JETWAY_SESSION_GRACE": "2", "JETWAY_MAX_SESSIONS_PER_ADDRESS": "100000", "JETWAY_MAX_PAGE_MEMORY_PER_ADDRESS": "100000",
                "JETWAY_MAX_WEBSOCKETS_PER_ADDRESS": "100000", "JETWAY_RETURN_FREED_MEMORY": returning ? "1" : "0",
            ])
        defer { server.stop() }
        try await server.start()
        let client = try LoadClientProcess(port: server.port)
        defer { client.quit() }
        // Warm: the store's lists, the first renders.
        _ = try await client.ask("open 20 /", fields: 2)
        _ = try await client.ask("close", fields: 1)
        try await expire(server)
        if returning {
            // New browsers (no cookie) share one rendering of the board.
            let before = try server.status("VmRSS")
            let opened = try await client.ask("open \(pages) /", fields: 2)
            guard Int(opened[1]) == pages else { throw BenchFailure("only \(opened[1]) of \(pages) new browsers' boards opened") }
            report("memory_new_browser_page_cost", Double(try server.status("VmRSS") - before) / Double(pages), "kB")
            _ = try await client.ask("close", fields: 1)
            try await expire(server)
        }
        let start = try server.status("VmRSS")
        report("memory_\(returning ? "" : "kept_")rss_anon_start", Double(try server.status("RssAnon")), "kB")
        report("memory_\(returning ? "" : "kept_")heap_start", Double((try await server.stats()["heap_bytes"] ?? 0) / 1024), "kB")
        var results: [Round] = []
        for _ in 0..<count {
            let opened = try await client.ask("open \(pages) / again", fields: 2)
            guard Int(opened[1]) == pages else { throw BenchFailure("only \(opened[1]) of \(pages) board pages opened") }
            let open = try server.status("VmRSS")
            _ = try await client.ask("close", fields: 1)
            try await expire(server)
            // A trim runs a moment after the sweep that let the renderings go, and again at a
            // later sweep once what the sessions' lists held is freed too (the airport drops
            // its devices' lists at its clock's next step, every 10 s): up to 30 s.
            var after = try server.status("VmRSS")
            var waited = 0
            while returning && after > start + start / 5 && waited < 30 {
                try await Task.sleep(for: .seconds(1))
                waited += 1
                after = try server.status("VmRSS")
            }
            if !returning { try await Task.sleep(for: .seconds(15)) }
            let heap = (try await server.stats()["heap_bytes"] ?? 0) / 1024
            results.append(
                Round(open: open, after: try server.status("VmRSS"), heap: heap, anonymous: try server.status("RssAnon"), waited: waited))
        }
        return (start, results)
    }

    /// Waits until the server holds no sessions (they expire 2 s after their sockets close; the
    /// sweep runs every 5 s).
    static func expire(_ server: AirportProcess) async throws {
        for _ in 0..<60 {
            if try await server.stats()["sessions"] == 0 { return }
            try await Task.sleep(for: .milliseconds(500))
        }
        throw BenchFailure("sessions did not expire within 30 s")
    }
}
