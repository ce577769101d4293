import Foundation
import Jetway
import JetwayServer
import MountainAirportViews

/// Load (`JetwayBench load`, part of `make faults`): 10,000 sessions on this machine — 9,000 gate
/// kiosks over sixty gates and 1,000 flight-detail pages — with 100 clicks a second spread over
/// the detail pages and the airport simulator moving the day a minute a second. Reports the
/// round trips' p50 and p99, the server's memory and CPU; fails if a click goes unanswered.
@MainActor
enum LoadBench {
    static func run() async {
        let kiosks = Int(ProcessInfo.processInfo.environment["JETWAY_LOAD_KIOSKS"] ?? "") ?? 9000
        let pages = Int(ProcessInfo.processInfo.environment["JETWAY_LOAD_PAGES"] ?? "") ?? 1000
        let total = kiosks + pages
        do {
            let (now, clock, model) = try await AirportBench.noonDay()
            let harness = try ServerBench.Harness(
                routes: [Route("/bench/details") { _ in DetailsPage(model: model) }], model: model, clock: clock)
            defer { harness.stop() }
            let before = ServerBench.residentKB()
            let gates = ["A", "B", "C"].flatMap { terminal in (1...20).map { "\(terminal)\($0)" } }
            for (index, gate) in gates.enumerated() {
                try await harness.open((index + 1) * kiosks / gates.count, "/gate/\(gate)")
            }
            try await harness.open(total, "/bench/details")
            let rss = ServerBench.residentKB() - before

            // 100 clicks a second for 20 s while the simulator moves the day.
            let seconds = 20
            harness.client.send("paced 100 \(seconds)")
            let cpu0 = ServerBench.cpuMicroseconds()
            let simulator = AirportSimulator(model: model, seed: 12)
            // JETWAY_LOAD_QUIET=1: the clicks alone (what the simulator's fan-outs add to them).
            let quiet = ProcessInfo.processInfo.environment["JETWAY_LOAD_QUIET"] != nil
            for step in 1...seconds {
                if !quiet { try simulator.step(now: now.addingTimeInterval(Double(step) * 60)) }
                try await Task.sleep(for: .seconds(1))
            }
            let answer = await harness.client.next()
            let cpu1 = ServerBench.cpuMicroseconds()
            guard answer.count == 6, answer[0] == "paced", let sent = Int(answer[1]), let answered = Int(answer[2]),
                let timeouts = Int(answer[3]),
                let p50 = Double(answer[4]), let p99 = Double(answer[5]), p50 >= 0
            else { throw BenchFailure("paced gave no answer: \(answer)") }
            guard timeouts == 0, answered == sent, sent >= 100 * seconds * 9 / 10 else {
                throw BenchFailure("\(answered) of \(sent) clicks answered, \(timeouts) timed out")
            }
            report("load_roundtrip_p50_us_\(total)", p50, "us")
            report("load_roundtrip_p99_us_\(total)", p99, "us")
            report("load_clicks_\(total)", Double(sent), "clicks")
            report("load_rss_kb_per_session_\(total)", Double(rss) / Double(total), "kB")
            report("load_server_cpu_percent_\(total)", Double(cpu1 - cpu0) / Double(seconds) / 10_000, "%")
        } catch {
            FileHandle.standardOutput.write(Data("bench: error \(error)\n".utf8))
            exit(1)
        }
    }
}
