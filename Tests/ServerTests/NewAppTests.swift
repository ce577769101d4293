import Foundation
import JetwayBrowser
import JetwayTemplate
import Testing

extension EndToEnd {
    /// `jetway new`'s package: what it refuses, and a new app built outside the repository
    /// against a copy of Jetway tagged as a release, its own ViewHost test run, and the app run
    /// and used in Chromium.
    @Suite
    @MainActor
    struct NewAppTests {
        @Test func aNameAReleaseAndAnAddressAreChecked() throws {
            for (name, address, version) in [
                ("departures", "file:///src/Jetway", "0.1.0"), ("Gate-Board", "file:///src/Jetway", "0.1.0"),
                ("Departures", "file:///src/Jetway", "1.0"), ("Departures", "file:///src/Jet\"way", "0.1.0"),
            ] {
                #expect(throws: NewApp.Failure.self, "\(name) \(address) \(version)") {
                    try NewApp(name: name, jetway: address, from: version)
                }
            }
            let app = try NewApp(name: "Departures", jetway: "https://example.org/tools/Jetway.git", from: "0.2.1")
            #expect(app.packageName == "Jetway")
            #expect(app.files["Package.swift"]?.contains(#".package(url: "https://example.org/tools/Jetway.git", from: "0.2.1")"#) == true)
            #expect(app.files["Sources/Departures/DeparturesApp.swift"]?.contains("struct DeparturesApp: App") == true)
            // A file already there is never overwritten.
            let folder = URL(fileURLWithPath: NSTemporaryDirectory()).appendingPathComponent("jetway-new-\(UUID().uuidString)")
            defer { try? FileManager.default.removeItem(at: folder) }
            try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
            try "mine".write(to: folder.appendingPathComponent("Package.swift"), atomically: true, encoding: .utf8)
            #expect(throws: NewApp.Failure.self) { try app.write(into: folder) }
            #expect(try String(contentsOf: folder.appendingPathComponent("Package.swift"), encoding: .utf8) == "mine")
        }

        @Test(.enabled(if: BrowserEngine.chromium.shouldRun, "needs chromium-driver (make test installs it)"), .timeLimit(.minutes(20)))
        func aNewAppBuildsPassesItsTestAndIsLiveInABrowser() async throws {
            let root = URL(fileURLWithPath: NSTemporaryDirectory()).appendingPathComponent("jetway-new-\(UUID().uuidString)")
            defer { try? FileManager.default.removeItem(at: root) }
            let jetway = try await GettingStartedExampleTests.taggedCopy(in: root)
            let folder = root.appendingPathComponent("Departures")
            try NewApp(name: "Departures", jetway: "file://" + jetway.path, from: "0.1.0").write(into: folder)

            for command in [["swift", "build"], ["swift", "test"]] {
                let log = root.appendingPathComponent("\(command[1]).log")
                let status = try await GettingStartedExampleTests.run(command, in: folder, log: log)
                let output = (try? String(contentsOf: log, encoding: .utf8)) ?? ""
                try #require(status == 0, "\(command.joined(separator: " ")) failed:\n\(output.suffix(4000))")
                if command[1] == "test" {
                    #expect(output.contains("anItemIsAddedAndFound"), "its test did not run:\n\(output.suffix(2000))")
                }
            }

            let (process, base, _) = try await GettingStartedExampleTests.launch(
                folder.appendingPathComponent(".build/debug/Departures"), in: folder, data: root)
            defer { if process.isRunning { kill(process.processIdentifier, SIGKILL) } }
            try await withBrowsers(1) { browsers in
                let browser = browsers[0]
                #expect(try await browser.openLive(base + "/"))
                #expect(try await browser.string("return document.title").contains("Departures"))
                #expect(await browser.wait(for: "return document.body.textContent.includes('Coffee')"))
                try await browser.type("Dates", into: "input[placeholder='New item']")
                try await browser.click("button", labelled: "Add")
                #expect(
                    await browser.wait(
                        for: "return [...document.querySelectorAll('.jw-navlink')].some((a) => a.textContent.includes('Dates'))"))
                // A row's link (its row deletable by a swipe) shows its chevron.
                #expect(
                    try await browser.string(
                        "const a = [...document.querySelectorAll('.jw-navlink')].find((a) => a.textContent.includes('Dates')); return getComputedStyle(a, '::after').content"
                    ).contains("›"), "a row's link has no chevron")
                try await browser.type("dat", into: "input[type=search]")
                #expect(await browser.wait(for: "return !document.body.textContent.includes('Apples')"), "the search did not filter")
                try await browser.screenshot("new-app")
                #expect(try await browser.execute("return window.jetway.errors") as? Int == 0)
            }
        }
    }
}
