import Foundation
import JetwayBrowser

/// A simulated week (`make soak`, `JetwayBench soak`): a MountainAirport process (release build,
/// SQLite) with 500 gate kiosks and 100 flight boards open through the load client, its clock
/// running a week in `JETWAY_SOAK_SECONDS` (600: a week in ten minutes) and the simulator moving
/// the day every half second. On the way: tokens renewed (their lifetime is 2 minutes here), a
/// SIGKILL and restart early on, and network cuts throughout (every 5 s a share of the pages
/// reset or go silent). From a quarter of the week on, the server's memory, file descriptors,
/// threads, sessions and Observation registrations are sampled; from the warm-up (half the week)
/// to the end RSS must grow less than 5 % and the others not at all (beyond a small slack;
/// registrations by the median of the samples' later half against their earlier half), every page must be
/// joined, and every one must have received patches. Prints `bench:` lines; exits non-zero when
/// any of it fails.
@MainActor
enum SoakBench {
    struct Sample {
        var rssKB: Int
        var fds: Int
        var threads: Int
        var sessions: Int
        var connected: Int
        /// Connections in memory (`/_jetway/stats`): one per open socket, not per request served.
        var connections: Int
        var observations: Int
        /// What the RSS is made of (`/proc`: heap and other anonymous memory, mapped files,
        /// shared memory such as SQLite's WAL index) and the store's files on disk, for
        /// `JETWAY_SOAK_DEBUG`.
        var anonKB = 0, fileKB = 0, shmemKB = 0, storeKB = 0
    }

    static func run() async {
        let environment = ProcessInfo.processInfo.environment
        let seconds = Double(environment["JETWAY_SOAK_SECONDS"] ?? "") ?? 600
        let kiosks = Int(environment["JETWAY_SOAK_KIOSKS"] ?? "") ?? 500
        let boards = Int(environment["JETWAY_SOAK_BOARDS"] ?? "") ?? 100
        // The short run in `make test` allows more: a small server's RSS moves by whole megabytes.
        let growthLimit = Double(environment["JETWAY_SOAK_MAX_GROWTH_PERCENT"] ?? "") ?? 5
        do {
            try await soak(seconds: seconds, kiosks: kiosks, boards: boards, growthLimit: growthLimit)
        } catch {
            print("bench: error \(error)")
            exit(1)
        }
    }

    static func soak(seconds: Double, kiosks: Int, boards: Int, growthLimit: Double) async throws {
        let week = 7 * 86400.0
        let rate = week / seconds
        let data = NSTemporaryDirectory() + "jetway-soak-\(UUID().uuidString.prefix(8))"
        defer { try? FileManager.default.removeItem(atPath: data) }
        let simulatedStart = Date()
        let realStart = Date()
        // The airport clock where it is now in the simulated week (a restarted process goes on).
        func clock() -> String {
            let now = simulatedStart.addingTimeInterval(Date().timeIntervalSince(realStart) * rate)
            return now.formatted(.iso8601) + "*\(Int(rate))"
        }
        let server = try AirportProcess(
            port: freeLoopbackPort(), data: data, arguments: ["--simulate-every", "0.5"],
            environment: [
                "JETWAY_TOKEN_LIFETIME": ProcessInfo.processInfo.environment["JETWAY_SOAK_TOKEN_LIFETIME"] ?? "120",
                "JETWAY_COUNT_OBSERVATIONS": "1",
                "JETWAY_MAX_SESSIONS_PER_ADDRESS": "100000", "JETWAY_MAX_WEBSOCKETS_PER_ADDRESS": "100000",
            ])
        defer { server.stop() }
        try await server.start(["JETWAY_CLOCK": clock()])
        let client = try LoadClientProcess(port: server.port)
        defer { client.quit() }
        let total = kiosks + boards
        let gates = ["A", "B", "C"].flatMap { terminal in (1...12).map { "\(terminal)\($0)" } }
        // The simulator keeps the server busy meanwhile: a page that failed is tried again.
        for (index, gate) in gates.enumerated() { try await client.open((index + 1) * kiosks / gates.count, "/gate/\(gate)") }
        try await client.open(total, "/")

        var totals = (back: 0, patches: 0, syncs: 0, tokens: 0, errors: 0, resets: 0, stalls: 0)
        var pagesPatched = 0
        var pagesRenewed = 0
        /// `ride` for a while with cuts; fails unless every page is joined at its end.
        func ride(_ length: Double, during: (() async throws -> Void)? = nil) async throws {
            // Cuts every 5 s (more often in a short run), 2 % of the pages each time.
            client.send("ride \(length) \(min(5, max(1, length / 4))) 0.02")
            if let during { try await during() }
            let rode = await client.next()
            guard rode.count == 13, rode[0] == "rode", let live = Int(rode[1]) else { throw BenchFailure("ride gave no answer: \(rode)") }
            let numbers = rode.dropFirst(3).compactMap { Int($0) }
            guard numbers.count == 10 else { throw BenchFailure("ride gave no answer: \(rode)") }
            pagesPatched = numbers[8]
            pagesRenewed = numbers[9]
            totals.back += numbers[0]
            totals.patches += numbers[1]
            totals.syncs += numbers[2]
            totals.tokens += numbers[3]
            totals.errors += numbers[4]
            totals.resets += numbers[5]
            totals.stalls += numbers[6]
            guard live == total else { throw BenchFailure("after a ride \(live) of \(total) pages are joined (\(rode))") }
        }
        func sample() async throws -> Sample {
            let stats = try await server.stats()
            guard let sessions = stats["sessions"], let connected = stats["connected"], let connections = stats["connections"],
                let observations = stats["observations"]
            else {
                throw BenchFailure("/_jetway/stats lacks sessions, connected, connections or observations: \(stats)")
            }
            let store = ["airport.sqlite", "airport.sqlite-wal", "airport.sqlite-shm"].compactMap {
                (try? FileManager.default.attributesOfItem(atPath: data + "/" + $0))?[.size] as? Int
            }
            return Sample(
                rssKB: try server.status("VmRSS"), fds: try server.fileDescriptors(), threads: try server.status("Threads"),
                sessions: sessions, connected: connected, connections: connections, observations: observations,
                anonKB: try server.status("RssAnon"),
                fileKB: try server.status("RssFile"), shmemKB: try server.status("RssShmem"), storeKB: store.reduce(0, +) / 1024)
        }

        // The first few simulated hours, then a SIGKILL: every page comes back to the new process.
        let phase = seconds / 16
        // Long enough for the restart and the backoff after it (a short run's phase is seconds).
        try await ride(max(phase * 2, phase + 20)) {
            try await Task.sleep(for: .seconds(phase))
            server.kill()
            try await server.start(["JETWAY_CLOCK": clock()])
        }
        // Samples every 1/16 of the week from its first quarter on. The caches a week fills
        // (each list's departed rows, the model's recent searches, the allocator's arenas)
        // are full by half the week: that is the warm-up the limit is measured from. The
        // growth since the quarter is reported too.
        try await ride(phase * 2)
        var samples = [try await sample()]
        var baseline = samples[0]
        while Date().timeIntervalSince(realStart) < seconds - phase / 2 {
            try await ride(phase)
            samples.append(try await sample())
            if samples.count == 5 { baseline = samples[4] }
        }
        guard samples.count > 5 else { throw BenchFailure("only \(samples.count) samples: the run is too short") }
        let quarter = samples[0]
        let last = samples[samples.count - 1]
        let simulatedDays = Date().timeIntervalSince(realStart) * rate / 86400
        let growth = Double(last.rssKB - baseline.rssKB) / Double(baseline.rssKB) * 100
        let growthSinceQuarter = Double(last.rssKB - quarter.rssKB) / Double(quarter.rssKB) * 100
        func median(_ values: some Collection<Int>) -> Int { values.sorted()[values.count / 2] }
        let observationsEarly = median(samples[..<(samples.count / 2)].map(\.observations))
        let observationsLate = median(samples[(samples.count / 2)...].map(\.observations))
        if ProcessInfo.processInfo.environment["JETWAY_SOAK_DEBUG"] != nil {
            for sample in samples { FileHandle.standardError.write(Data("soak: \(sample)\n".utf8)) }
        }
        report("soak_simulated_days", simulatedDays, "days")
        report("soak_pages", Double(total), "pages")
        report("soak_rss_mb_after_warmup", Double(baseline.rssKB) / 1024, "MB")
        report("soak_rss_mb_end", Double(last.rssKB) / 1024, "MB")
        report("soak_rss_growth_percent", growth, "%")
        report("soak_rss_growth_since_quarter_percent", growthSinceQuarter, "%")
        report("soak_fds_at_quarter", Double(quarter.fds), "fds")
        report("soak_fds_end", Double(last.fds), "fds")
        report("soak_threads_end", Double(last.threads), "threads")
        report("soak_sessions_end", Double(last.sessions), "sessions")
        report("soak_connections_at_quarter", Double(quarter.connections), "connections")
        report("soak_connections_end", Double(last.connections), "connections")
        report("soak_observations_at_quarter", Double(quarter.observations), "registrations")
        report("soak_observations_end", Double(last.observations), "registrations")
        report("soak_observations_median_first_half", Double(observationsEarly), "registrations")
        report("soak_observations_median_second_half", Double(observationsLate), "registrations")
        report("soak_rejoins", Double(totals.back), "joins")
        report("soak_network_resets", Double(totals.resets), "cuts")
        report("soak_network_silences", Double(totals.stalls), "cuts")
        report("soak_tokens_renewed", Double(totals.tokens), "tokens")
        report("soak_patches", Double(totals.patches), "frames")
        report("soak_resyncs", Double(totals.syncs), "frames")
        report("soak_errors", Double(totals.errors), "frames")

        var failures: [String] = []
        if simulatedDays < 6.5 { failures.append("only \(simulatedDays) simulated days") }
        if growth >= growthLimit {
            failures.append("RSS grew \(growth) % after the warm-up (\(baseline.rssKB) → \(last.rssKB) kB; limit \(growthLimit) %)")
        }
        if last.fds > quarter.fds + 4 { failures.append("file descriptors grew \(quarter.fds) → \(last.fds)") }
        if last.threads > quarter.threads + 2 { failures.append("threads grew \(quarter.threads) → \(last.threads)") }
        if last.sessions > quarter.sessions { failures.append("sessions grew \(quarter.sessions) → \(last.sessions)") }
        // Slack for the sockets of pages gone silent that the server has not yet given up on.
        if last.connections > quarter.connections + total / 10 {
            failures.append("connections in memory grew \(quarter.connections) → \(last.connections)")
        }
        if last.connected != total { failures.append("\(last.connected) of \(total) pages connected at the end") }
        // Registrations come and go with what the pages show (one fires with a change and comes
        // back with the re-render: a sample falls anywhere between 140 and 670 here), so the
        // samples' later half is compared with their earlier half, by median: a leak moves
        // the whole later half up, a sample caught mid-change does not.
        if Double(observationsLate) > Double(observationsEarly) * 1.05 + 100 {
            failures.append(
                "Observation registrations grew: median \(observationsEarly) → \(observationsLate) (\(samples.map(\.observations)))")
        }
        // Every page: a new token (each gets one a minute) and patches (the simulator moves
        // every gate's and every board's flights).
        if pagesRenewed < total { failures.append("\(total - pagesRenewed) of \(total) pages were never sent a new token") }
        if pagesPatched < total { failures.append("\(total - pagesPatched) of \(total) pages never got a patch") }
        if totals.errors > 0 { failures.append("\(totals.errors) error frames reached the pages") }
        if totals.back < total {
            failures.append("only \(totals.back) joins again after a cut or the restart (every page rejoins after the restart)")
        }
        guard failures.isEmpty else { throw BenchFailure(failures.joined(separator: "; ")) }
    }
}
