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
        /// `jetway dev` in `folder` on a free port, as `swift run jetway dev` runs it (the
        /// dependency's executable, which `swift build` built); waits until the app answers.
        /// (Started directly: `swift run` closes the descriptors it inherited before it becomes
        /// the command, which Foundation's `Process` takes for the process's end, and it then
        /// waits for it on the thread that reaps every other process of the tests.)
        static func develop(_ folder: URL, data: URL, arguments: [String] = []) async throws -> (Process, String) {
            let port = TestServer.freePort()
            let process = Process()
            process.executableURL = folder.appendingPathComponent(".build/debug/jetway")
            process.arguments = ["dev"] + arguments
            process.currentDirectoryURL = folder
            var environment = ProcessInfo.processInfo.environment
            environment["PATH"] = "/opt/swift/usr/bin:" + (environment["PATH"] ?? "/usr/bin:/bin")
            environment["JETWAY_PORT"] = String(port)
            environment["JETWAY_DATA"] = data.appendingPathComponent("data").path
            process.environment = environment
            let log = data.appendingPathComponent("dev.log")
            _ = FileManager.default.createFile(atPath: log.path, contents: nil)
            let handle = try FileHandle(forWritingTo: log)
            process.standardOutput = handle
            process.standardError = handle
            try process.run()
            let base = "http://127.0.0.1:\(port)"
            for _ in 0..<1200 {
                try await Task.sleep(for: .milliseconds(100))
                if (try? await offPool { try Data(contentsOf: URL(string: base + "/assets/jetway.js")!) }) != nil { return (process, base) }
                if !process.isRunning { break }
            }
            stop(process, in: folder)
            let printed = (try? String(contentsOf: log, encoding: .utf8)) ?? ""
            throw BrowserFailure(description: "jetway dev never served the app on \(base):\n\(printed.suffix(3000))")
        }

        /// Stops the loop (SIGINT: it stops the app), and the app if the loop could not.
        static func stop(_ loop: Process, in folder: URL) {
            if loop.isRunning { kill(loop.processIdentifier, SIGINT) }
            for _ in 0..<100 where loop.isRunning { usleep(50_000) }
            if loop.isRunning { kill(loop.processIdentifier, SIGKILL) }
            let pidFile = folder.appendingPathComponent(".build/jetway-dev/app.pid")
            if let pid = (try? String(contentsOf: pidFile, encoding: .utf8)).flatMap({
                Int32($0.trimmingCharacters(in: .whitespacesAndNewlines))
            }) {
                kill(pid, SIGKILL)
            }
        }

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
                    #expect(
                        output.contains("✔ Test anItemIsAddedInABrowser() passed"), "its browser test did not pass:\n\(output.suffix(2000))"
                    )
                }
            }

            // `swift run jetway` runs Jetway's command from the dependency (here: its usage).
            let usage = root.appendingPathComponent("usage.log")
            #expect(try await GettingStartedExampleTests.run(["swift", "run", "jetway", "help"], in: folder, log: usage) == 2)
            #expect((try? String(contentsOf: usage, encoding: .utf8))?.contains("jetway dev [--product <name>]") == true)
            // Served as its developer would serve it: `jetway dev`.
            let (loop, base) = try await Self.develop(folder, data: root)
            defer { Self.stop(loop, in: folder) }
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

                // Save and see: what was typed stays through every rebuild and restart.
                try await browser.type("Figs", into: "input[placeholder='New item']")
                let view = folder.appendingPathComponent("Sources/Departures/ContentView.swift")
                let good = try String(contentsOf: view, encoding: .utf8)
                func save(_ text: String) throws { try text.write(to: view, atomically: true, encoding: .utf8) }
                func line(of text: String) -> Int {
                    (good.components(separatedBy: "\n").firstIndex { $0.contains(text) } ?? -1) + 1
                }
                let overlay = "document.querySelector('.jw-development')"
                let typed = "return document.querySelector(\"input[placeholder='New item']\").value === 'Figs'"

                // A build error: over the page, with its file, line and message; the page stays.
                try save(good.replacingOccurrences(of: #"Button("Add", action: add)"#, with: "Button(addLabel, action: add)"))
                #expect(
                    await browser.wait(for: "const o = \(overlay); return !!o && o.dataset.state === 'failed'", timeout: 120),
                    "no build error over the page")
                let failed = try await browser.string("return \(overlay).textContent")
                #expect(failed.contains("Sources/Departures/ContentView.swift:\(line(of: #"Button("Add", action: add)"#)):"), "\(failed)")
                #expect(failed.contains("cannot find 'addLabel' in scope") && failed.contains("Button(addLabel, action: add)"), "\(failed)")
                try await browser.screenshot("dev-build-error")
                // Folded to a label, the page (as the last build made it) is usable meanwhile.
                try await browser.click(".jw-development > button")
                #expect(await browser.wait(for: "return \(overlay).hasAttribute('data-folded')"), "the errors did not fold")
                #expect(
                    try await browser.execute(
                        "const r = \(overlay).getBoundingClientRect(); return r.height < 80 && r.top > innerHeight / 2") as? Bool == true,
                    "the folded errors still cover the page")

                // Fixed, with a change to see: the page comes back by itself, the text still typed.
                let saved = ContinuousClock.now
                try save(good.replacingOccurrences(of: #"Button("Add", action: add)"#, with: #"Button("Add item", action: add)"#))
                #expect(
                    await browser.wait(
                        for:
                            "return !\(overlay) && [...document.querySelectorAll('button')].some((b) => b.textContent.trim() === 'Add item')",
                        timeout: 120), "the fixed page did not come back")
                let saveToPage = ContinuousClock.now - saved
                #expect(await browser.wait(for: typed), "what was typed was lost")
                print(
                    "bench: dev_save_to_page_small_app \(saveToPage.components.seconds * 1000 + saveToPage.components.attoseconds / 1_000_000_000_000_000) ms"
                )

                // A trap in a view's body: where, instead of a dead page; fixed, the page is back.
                try save(good.replacingOccurrences(of: #".navigationTitle("Departures")"#, with: ".navigationTitle(items[7])"))
                #expect(
                    await browser.wait(for: "const o = \(overlay); return !!o && o.dataset.state === 'crashed'", timeout: 120),
                    "no trap over the page")
                let trapped = try await browser.string("return \(overlay).textContent")
                #expect(
                    trapped.contains("Index out of range")
                        && trapped.contains("Sources/Departures/ContentView.swift:\(line(of: #".navigationTitle("Departures")"#)):"),
                    "\(trapped)")
                try await browser.screenshot("dev-trap")
                try save(good)
                #expect(
                    await browser.wait(
                        for: "return !\(overlay) && [...document.querySelectorAll('button')].some((b) => b.textContent.trim() === 'Add')",
                        timeout: 120), "the page did not come back after the trap was fixed")
                #expect(await browser.wait(for: typed), "what was typed was lost over the trap")
                #expect(try await browser.execute("return window.jetway.errors") as? Int == 0)
            }
        }
    }
}
