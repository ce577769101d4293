import Foundation
import JetwayBrowser
import Testing

extension EndToEnd {
    /// The package of docs/getting-started.md ("Writing an app"), built from a folder outside the
    /// repository against a copy of Jetway tagged as a release and added by its address and
    /// version (as a user adds it: SwiftPM refuses unsafe build flags in such a dependency), run
    /// as its own process and used in Chromium: the guide cannot drift from the code, and an app
    /// gets everything (assets, signals, timers) from the library alone.
    @Suite
    @MainActor
    struct GettingStartedExampleTests {
        static let repository = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("../..").standardized
        /// The address the guide writes for Jetway's clone; the test puts its tagged copy's there.
        static let guideAddress = "file:///home/me/src/Jetway"

        /// The files of the section: each fenced block follows a line "File `path`:".
        static func exampleFiles() throws -> [String: String] {
            let guide = try String(contentsOf: repository.appendingPathComponent("docs/getting-started.md"), encoding: .utf8)
            guard let start = guide.range(of: "# Writing an app") else {
                throw BrowserFailure(description: "docs/getting-started.md has no Writing an app")
            }
            let section = guide[start.upperBound...].components(separatedBy: "\n## ").first ?? ""
            var files: [String: String] = [:]
            let lines = section.components(separatedBy: "\n")
            var index = 0
            while index < lines.count {
                let line = lines[index]
                if line.hasPrefix("File `"), line.hasSuffix("`:"),
                    let fence = lines[(index + 1)...].firstIndex(where: { $0.hasPrefix("```") })
                {
                    let path = String(line.dropFirst("File `".count).dropLast(2))
                    let end = lines[(fence + 1)...].firstIndex(of: "```") ?? lines.count
                    files[path] = lines[(fence + 1)..<end].joined(separator: "\n") + "\n"
                    index = end
                }
                index += 1
            }
            return files
        }

        @Test func theGuideNamesACompletePackage() throws {
            let files = try Self.exampleFiles()
            #expect(Set(files.keys) == ["Package.swift", "Sources/GateDepartures/main.swift"])
            #expect(files["Package.swift"]?.contains(".package(url: \"\(Self.guideAddress)\", from: \"0.1.0\")") == true)
        }

        @Test(.enabled(if: BrowserEngine.chromium.shouldRun, "needs chromium-driver (make test installs it)"), .timeLimit(.minutes(20)))
        func theGuidesExampleBuildsRunsAndIsLiveInABrowser() async throws {
            let root = URL(fileURLWithPath: NSTemporaryDirectory()).appendingPathComponent("jetway-readme-\(UUID().uuidString)")
            defer { try? FileManager.default.removeItem(at: root) }
            let app = root.appendingPathComponent("GateDepartures")
            let jetway = try await Self.taggedCopy(in: root)
            for (path, text) in try Self.exampleFiles() {
                let file = app.appendingPathComponent(path)
                try FileManager.default.createDirectory(at: file.deletingLastPathComponent(), withIntermediateDirectories: true)
                try text.replacingOccurrences(of: Self.guideAddress, with: "file://" + jetway.path).write(
                    to: file, atomically: true, encoding: .utf8)
            }

            // Build as a user would, in the app's folder.
            let log = root.appendingPathComponent("build.log")
            let status = try await Self.run(["swift", "build"], in: app, log: log)
            let output = (try? String(contentsOf: log, encoding: .utf8)) ?? ""
            try #require(status == 0, "swift build failed:\n\(output.suffix(4000))")
            let jetwayWarnings = output.components(separatedBy: "\n").filter { $0.contains("warning:") && $0.contains("/Jetway/") }
            #expect(jetwayWarnings.isEmpty, "Jetway's own code warns:\n\(jetwayWarnings.joined(separator: "\n"))")

            // Run it from its own folder: no Assets/ there.
            let (process, base, stdout) = try await Self.launch(
                app.appendingPathComponent(".build/debug/GateDepartures"), in: app, data: root)
            defer { if process.isRunning { kill(process.processIdentifier, SIGKILL) } }

            try await withBrowsers(1) { browsers in
                let browser = browsers[0]
                try await browser.navigate(base + "/")
                #expect(await browser.wait(for: "return document.documentElement.classList.contains('jw-connected')"))
                // The screen's .navigationTitle, then the app's title.
                #expect(try await browser.string("return document.title") == "Gate B12 – Gate departures")
                // .task ran, and the Timer moves MA101 on every two seconds.
                #expect(await browser.wait(for: "return document.body.textContent.includes('Welcome to gate B12 (24-hour clock)')"))
                let first = try await browser.string("return document.querySelector('.jw-list-row').textContent")
                #expect(first.contains("MA101"))
                #expect(
                    await browser.wait(
                        for: "return document.querySelector('.jw-list-row').textContent !== \(jsLiteral(first))", timeout: 8),
                    "the timer's change never reached the page")
                try await browser.screenshot("readme-example")
                // The Toggle and the search filter.
                #expect(try await browser.string("return document.body.textContent").contains("4 departures"))
                try await browser.click("input[role=switch]")
                #expect(await browser.wait(for: "return document.body.textContent.includes('2 departures')"), "the toggle did not filter")
                try await browser.type("sea", into: "input[type=search]")
                #expect(await browser.wait(for: "return document.body.textContent.includes('1 departures')"), "the search did not filter")
                // A sheet with a segmented Picker.
                try await browser.click("button", labelled: "Settings")
                #expect(await browser.wait(for: "return !!document.querySelector('dialog[open]')"))
                try await browser.click("dialog [role=radio]", labelled: "12-hour")
                #expect(
                    await browser.wait(for: "return document.querySelector('[role=radio][aria-checked=true]').textContent === '12-hour'"))
                try await browser.press(Key.escape, in: "dialog[open] button")
                #expect(await browser.wait(for: "return !document.querySelector('dialog[open]')"))
                // Navigation to the row's destination.
                try await browser.click(".jw-navlink")
                #expect(await browser.wait(for: "return document.body.textContent.includes('MA205 to Seattle: Delayed')"))
                #expect(try await browser.execute("return window.jetway.errors") as? Int == 0)
            }

            // SIGTERM: a clean stop with status 0, from `run()` alone.
            kill(process.processIdentifier, SIGTERM)
            let exit = await offPool { () -> Int32 in
                process.waitUntilExit()
                return process.terminationStatus
            }
            #expect(exit == 0)
            let printed = String(decoding: stdout.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
            #expect(printed.contains("Gate departures on \(base)"))
        }

        /// A copy of this repository as a release, in `root/Jetway`: a git repository whose one
        /// commit, tagged 0.1.0, holds the working tree's files (what is tested is what is here,
        /// committed or not). Its address is `"file://" + path`.
        static func taggedCopy(in root: URL) async throws -> URL {
            let jetway = root.appendingPathComponent("Jetway")
            try FileManager.default.createDirectory(at: jetway, withIntermediateDirectories: true)
            for item in ["Package.swift", "CHANGELOG.md", "Sources", "Assets", "Views", "Tests"] {
                try FileManager.default.copyItem(at: repository.appendingPathComponent(item), to: jetway.appendingPathComponent(item))
            }
            let git = ["git", "-c", "user.name=Jetway tests", "-c", "user.email=tests@jetway.invalid", "-c", "commit.gpgsign=false"]
            for command in [
                ["git", "init", "-q"], ["git", "add", "-A"], git + ["commit", "-q", "-m", "release"], git + ["tag", "0.1.0"],
            ] {
                let status = try await run(command, in: jetway, log: root.appendingPathComponent("git.log"))
                guard status == 0 else { throw BrowserFailure(description: "\(command.joined(separator: " ")) failed in \(jetway.path)") }
            }
            return jetway
        }

        /// Starts a built app on a free port from `folder` (its data under `data`) and waits until
        /// it answers: the process (kill it when done), its address and what it prints.
        static func launch(_ executable: URL, in folder: URL, data: URL) async throws -> (Process, String, Pipe) {
            let port = TestServer.freePort()
            let process = Process()
            process.executableURL = executable
            process.currentDirectoryURL = folder
            process.environment = ["JETWAY_PORT": String(port), "JETWAY_DATA": data.appendingPathComponent("data").path]
            let printed = Pipe()
            process.standardOutput = printed
            process.standardError = FileHandle.nullDevice
            try process.run()
            let base = "http://127.0.0.1:\(port)"
            for _ in 0..<100 {
                try await Task.sleep(for: .milliseconds(100))
                if (try? await offPool { try Data(contentsOf: URL(string: base + "/assets/jetway.js")!) }) != nil {
                    return (process, base, printed)
                }
            }
            kill(process.processIdentifier, SIGKILL)
            throw BrowserFailure(description: "\(executable.lastPathComponent) never answered on \(base)")
        }

        /// Runs a command (found on PATH, or in the toolchain) and returns its exit status.
        static func run(_ arguments: [String], in directory: URL, log: URL) async throws -> Int32 {
            _ = FileManager.default.createFile(atPath: log.path, contents: nil)
            let process = Process()
            process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
            process.arguments = arguments
            process.currentDirectoryURL = directory
            var environment = ProcessInfo.processInfo.environment
            environment["PATH"] = "/opt/swift/usr/bin:" + (environment["PATH"] ?? "/usr/bin:/bin")
            process.environment = environment
            let handle = try FileHandle(forWritingTo: log)
            process.standardOutput = handle
            process.standardError = handle
            try process.run()
            return await offPool { () -> Int32 in
                process.waitUntilExit()
                return process.terminationStatus
            }
        }
    }
}
