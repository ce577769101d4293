import Foundation
import JetwayBrowser
import Testing

/// The short versions of `make soak`, `make faults` and `make cluster` (docs/reliability.md):
/// the same runs of `JetwayBench` (the debug build `swift build` makes, beside a debug
/// MountainAirport), smaller and shorter. Each fails when its run exits non-zero; what the run
/// printed is in the failure. `make test` runs them after the other tests, alone
/// (`JETWAY_RELIABILITY_RUNS=1`): their servers and clients take both cores for minutes, which
/// starved the timing of tests running beside them.
@Suite(
    .serialized,
    .enabled(
        if: ProcessInfo.processInfo.environment["JETWAY_RELIABILITY_RUNS"] == "1",
        "make test runs these after the other tests, alone (JETWAY_RELIABILITY_RUNS=1)"))
struct ReliabilityRunsTests {
    static var folder: URL {
        URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
            .appendingPathComponent(".build/debug")
    }

    /// Runs `JetwayBench NAME` with `environment` to its end, waiting on a thread of its own
    /// (not one of the few the other tests' tasks run on); its output, and whether it passed.
    func run(_ name: String, _ environment: [String: String]) async throws -> (passed: Bool, output: String) {
        try await withCheckedThrowingContinuation { continuation in
            Thread { continuation.resume(with: Result { try runBlocking(name, environment) }) }.start()
        }
    }

    /// Spawned with posix_spawn and waited for with waitpid, not Foundation's `Process`: twice a
    /// `waitUntilExit()` here never returned though the bench had exited (its zombie stayed
    /// unreaped). The shell writes the bench's output and then its exit status to a file, so
    /// the status is known even if something else reaped the shell.
    func runBlocking(_ name: String, _ environment: [String: String]) throws -> (passed: Bool, output: String) {
        let bench = Self.folder.appendingPathComponent("JetwayBench").path
        #expect(FileManager.default.isExecutableFile(atPath: bench), "swift build makes \(bench)")
        #expect(FileManager.default.isExecutableFile(atPath: Self.folder.appendingPathComponent("MountainAirport").path))
        let file = NSTemporaryDirectory() + "jetway-reliability-\(name)-\(UUID().uuidString.prefix(8)).log"
        defer { try? FileManager.default.removeItem(atPath: file) }
        // As many descriptors as the machine allows (hundreds of sockets on each side).
        let script = "ulimit -n $(ulimit -Hn); \"$0\" \"$1\" > \"$2\" 2>&1; echo \"exit:$?\" >> \"$2\""
        let arguments: [UnsafeMutablePointer<CChar>?] = ["/bin/sh", "-c", script, bench, name, file].map { text in
            text.withCString { strdup($0) }
        }
        let variables: [UnsafeMutablePointer<CChar>?] = ProcessInfo.processInfo.environment.merging(environment) { $1 }
            .map { pair in "\(pair.key)=\(pair.value)".withCString { strdup($0) } }
        defer { for pointer in arguments + variables { free(pointer) } }
        var pid: pid_t = 0
        let spawned = posix_spawn(&pid, "/bin/sh", nil, nil, arguments + [nil], variables + [nil])
        guard spawned == 0 else { throw CocoaError(.executableLoad) }
        var status: Int32 = 0
        while waitpid(pid, &status, 0) == -1 && errno == EINTR {}
        // Reaped by someone else (ECHILD): the file says when the shell is done.
        var text = ""
        for _ in 0..<7200 {
            text = (try? String(contentsOfFile: file, encoding: .utf8)) ?? ""
            if text.contains("exit:") { break }
            Thread.sleep(forTimeInterval: 0.5)
        }
        return (text.contains("exit:0") && !text.contains("bench: error"), text)
    }

    @Test func aSimulatedWeekOfKiosksAndBoardsLeaksNothing() async throws {
        let (passed, output) = try await run(
            "soak",
            [
                "JETWAY_SOAK_SECONDS": "80", "JETWAY_SOAK_KIOSKS": "60", "JETWAY_SOAK_BOARDS": "12",
                "JETWAY_SOAK_MAX_GROWTH_PERCENT": "15", "JETWAY_SOAK_TOKEN_LIFETIME": "60",
            ])
        #expect(passed, "\(output)")
        #expect(output.contains("bench: soak_rss_growth_percent"), "\(output)")
    }

    @Test func kiosksComeBackAfterTheirServerIsKilledAndThroughABrokenNetwork() async throws {
        let (passed, output) = try await run("faults", ["JETWAY_FAULT_CLIENTS": "60"])
        #expect(passed, "\(output)")
        #expect(output.contains("bench: restart_all_back_ms_60"), "\(output)")
        #expect(output.contains("bench: restart_browsers_back 2"), "\(output)")
        #expect(output.contains("bench: netfaults_typed_arrived 1"), "\(output)")
    }

    @Test(
        .enabled(
            if: ProcessInfo.processInfo.environment["JETWAY_TEST_POSTGRES"] != nil
                || ProcessInfo.processInfo.environment["JETWAY_REQUIRE_POSTGRES"] == "1",
            "needs PostgreSQL and nginx: make test starts one and installs the other"))
    func twoServersBehindNginxShareChangesSignInsAndPagesAndRideOutAPostgreSQLRestart() async throws {
        let postgres = try #require(ProcessInfo.processInfo.environment["JETWAY_TEST_POSTGRES"], "make test starts PostgreSQL")
        #expect(
            ProcessInfo.processInfo.environment["JETWAY_PG_ROOT"] != nil,
            "make test names its PostgreSQL (JETWAY_PG_ROOT), which the run restarts")
        let (passed, output) = try await run("cluster", ["JETWAY_BENCH_POSTGRES": postgres, "JETWAY_CLUSTER_KIOSKS": "40"])
        #expect(passed, "\(output)")
        for figure in ["cluster_failover_ms", "cluster_signout_across_ms", "cluster_postgres_back_ms"] {
            #expect(output.contains("bench: \(figure)"), "\(output)")
        }
    }
}
