import Foundation
import JetwayBrowser
import Testing

extension EndToEnd {
    /// `jetway dev` on MountainAirport, measured from a saved one-line change in a view to the
    /// open page showing it in Chromium: a clean clone of this repository is built (several
    /// minutes), so it runs only when asked (`JETWAY_MEASURE_AIRPORT_DEV=1`) and says so when it
    /// does not. Prints `bench: dev_save_to_page_airport_ms …` for each of three saves.
    @Suite(
        .enabled(
            if: ProcessInfo.processInfo.environment["JETWAY_MEASURE_AIRPORT_DEV"] == "1" && BrowserEngine.chromium.shouldRun,
            "measures only when asked: JETWAY_MEASURE_AIRPORT_DEV=1 (builds a clone of the repository)"))
    @MainActor
    struct AirportSaveToPageTests {
        @Test func aSavedViewChangeReachesTheOpenBoard() async throws {
            let root = FileManager.default.temporaryDirectory.appendingPathComponent("jetway-airport-dev-\(UUID().uuidString.prefix(8))")
            defer { try? FileManager.default.removeItem(at: root) }
            let folder = root.appendingPathComponent("Jetway")
            try FileManager.default.createDirectory(at: root.appendingPathComponent("data"), withIntermediateDirectories: true)
            let log = root.appendingPathComponent("build.log")
            let clone = ["git", "clone", "-q", SupportedAPITests.repository.path, folder.path]
            try #require(try await GettingStartedExampleTests.run(clone, in: root, log: log) == 0)
            // The command and the app, built once as `make dev` would have them.
            for product in ["jetway", "MountainAirport"] {
                let status = try await GettingStartedExampleTests.run(["swift", "build", "--product", product], in: folder, log: log)
                try #require(status == 0, "\(((try? String(contentsOf: log, encoding: .utf8)) ?? "").suffix(3000))")
            }
            let (loop, base) = try await NewAppTests.develop(
                folder, data: root, arguments: ["--product", "MountainAirport", "--ignore", "data", "--ignore", "Tests"])
            defer { NewAppTests.stop(loop, in: folder) }
            let board = folder.appendingPathComponent("Views/FlightBoard.swift")
            let original = try String(contentsOf: board, encoding: .utf8)
            defer { try? original.write(to: board, atomically: true, encoding: .utf8) }
            try #require(original.contains(#".navigationTitle("Mountain Airport")"#))
            try await withBrowsers(1) { browsers in
                let browser = browsers[0]
                #expect(try await browser.openLive(base + "/"))
                for round in 1...3 {
                    let title = "Mountain Airport \(round)"
                    let saved = ContinuousClock.now
                    try original.replacingOccurrences(of: #".navigationTitle("Mountain Airport")"#, with: ".navigationTitle(\"\(title)\")")
                        .write(to: board, atomically: true, encoding: .utf8)
                    #expect(
                        await browser.wait(
                            for: "return !document.querySelector('.jw-development') && document.body.textContent.includes('\(title)')",
                            timeout: 300), "the saved title did not reach the page")
                    let elapsed = ContinuousClock.now - saved
                    print(
                        "bench: dev_save_to_page_airport_ms \(elapsed.components.seconds * 1000 + elapsed.components.attoseconds / 1_000_000_000_000_000) ms"
                    )
                }
                try await browser.screenshot("dev-airport")
            }
        }
    }
}
