import Foundation
import JetwayAssets
import JetwayBrowser
import Testing

extension EndToEnd {
    /// The browser runtime's parts tested on their own, in each engine: a page of ours loads the
    /// parts (Assets/runtime, all but page.js, which starts the document's views) into one
    /// scope with the harness and the tests of Tests/RuntimeTests, runs them, and reports each.
    /// The connection's state machine runs there on a fake clock.
    @Suite @MainActor
    struct RuntimeUnitTestsInBrowsers {
        static let repository = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("../..").standardized

        /// The test page: every part but the page's start, the harness, then every `*.test.js`.
        static func page() throws -> String {
            var scripts: [String] = []
            for part in BundledAssets.runtimeParts where part.name != "runtime/page.js" {
                scripts.append(
                    "// \(part.name)\n"
                        + (try String(contentsOf: repository.appendingPathComponent("Assets/" + part.name), encoding: .utf8)))
            }
            let tests = repository.appendingPathComponent("Tests/RuntimeTests")
            scripts.append(try String(contentsOf: tests.appendingPathComponent("harness.js"), encoding: .utf8))
            let files = try FileManager.default.contentsOfDirectory(atPath: tests.path).filter { $0.hasSuffix(".test.js") }.sorted()
            #expect(files.count >= 5, "the runtime's test files")
            for file in files {
                scripts.append("// \(file)\n" + (try String(contentsOf: tests.appendingPathComponent(file), encoding: .utf8)))
            }
            return """
                <!doctype html><html><head><meta charset="utf-8"><title>runtime tests</title></head><body>
                <script>(() => {
                "use strict";
                \(scripts.joined(separator: "\n"))
                runRuntimeTests();
                })();</script></body></html>
                """
        }

        @Test(.enabled(if: BrowserEngine.chromium.shouldRun, "needs chromium-driver (make test installs it)"))
        func chromium() async throws { try await runAll(.chromium) }

        @Test(.enabled(if: BrowserEngine.firefox.shouldRun, "needs firefox-esr (make test installs it)"))
        func firefox() async throws { try await runAll(.firefox) }

        @Test(.enabled(if: BrowserEngine.webkit.shouldRun, "needs webkit2gtk-driver and xvfb (make test installs them)"))
        func webkit() async throws { try await runAll(.webkit) }

        func runAll(_ engine: BrowserEngine) async throws {
            let folder = URL(fileURLWithPath: NSTemporaryDirectory()).appendingPathComponent(
                "jetway-runtime-tests-\(UUID().uuidString.prefix(8))")
            try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
            defer { try? FileManager.default.removeItem(at: folder) }
            let file = folder.appendingPathComponent("runtime-tests.html")
            try Self.page().write(to: file, atomically: true, encoding: .utf8)
            try await withBrowsers(1, engine) { browsers in
                let browser = browsers[0]
                try await browser.navigate(file.absoluteString)
                #expect(
                    await browser.wait(for: "return Array.isArray(window.runtimeResults)", timeout: 20),
                    "\(engine): the tests did not finish")
                let json = try await browser.string("return JSON.stringify(window.runtimeResults || [])")
                let results = try JSONDecoder().decode([[String: RuntimeResultValue]].self, from: Data(json.utf8))
                #expect(results.count >= 20, "\(engine): \(results.count) runtime tests ran")
                for result in results where result["ok"]?.flag != true {
                    Issue.record("\(engine): \(result["name"]?.text ?? "?"): \(result["message"]?.text ?? "")")
                }
            }
        }
    }

    /// A value of a runtime test's result: its name and message, or whether it passed.
    enum RuntimeResultValue: Decodable {
        case text(String)
        case flag(Bool)
        init(from decoder: any Decoder) throws {
            let container = try decoder.singleValueContainer()
            if let flag = try? container.decode(Bool.self) { self = .flag(flag) } else { self = .text(try container.decode(String.self)) }
        }
        var text: String? { if case .text(let value) = self { value } else { nil } }
        var flag: Bool? { if case .flag(let value) = self { value } else { nil } }
    }
}
