import Foundation
import JetwayBrowser
import Testing

@testable import JetwayServer

extension EndToEnd {
    /// In development the DocC sites `make docs` builds are served at `/_jetway/docs/` and
    /// work in a browser under the pages' Content-Security-Policy: a small catalog built here
    /// with the toolchain's `docc`, as `make docs` builds Jetway's, read in Chromium.
    @Suite(.enabled(if: BrowserEngine.chromium.shouldRun, "needs chromium-driver (make test installs it)"))
    @MainActor
    struct DocumentationInChromium {
        @Test func aModulesGuideIsReadInTheBrowser() async throws {
            let root = URL(fileURLWithPath: NSTemporaryDirectory()).appendingPathComponent("jetway-docs-\(UUID().uuidString)")
            defer { try? FileManager.default.removeItem(at: root) }
            let catalog = root.appendingPathComponent("Gates.docc")
            try FileManager.default.createDirectory(at: catalog, withIntermediateDirectories: true)
            try "# Gates\n\nEvery gate of the airport.\n\n## Topics\n\n- <doc:Boarding>\n".write(
                to: catalog.appendingPathComponent("Gates.md"), atomically: true, encoding: .utf8)
            try "# Boarding\n\nHow a gate boards a flight, row by row.\n".write(
                to: catalog.appendingPathComponent("Boarding.md"), atomically: true, encoding: .utf8)
            try FileManager.default.createDirectory(at: root.appendingPathComponent("docs"), withIntermediateDirectories: true)
            let log = root.appendingPathComponent("docc.log")
            let status = try await GettingStartedExampleTests.run(
                [
                    "docc", "convert", catalog.path, "--output-dir", root.appendingPathComponent("docs/Gates").path,
                    "--fallback-display-name", "Gates", "--fallback-bundle-identifier", "org.jetway.Gates",
                    "--hosting-base-path", "_jetway/docs/Gates", "--warnings-as-errors",
                ], in: root, log: log)
            try #require(status == 0, "docc failed: \((try? String(contentsOf: log, encoding: .utf8)) ?? "")")

            let server = try TestServer(configure: {
                $0.developmentMode = true
                $0.documentationDirectory = root.appendingPathComponent("docs").path
            })
            defer { server.stop() }
            let index = try await server.get("/_jetway/docs/")
            #expect(index.status == 200 && index.body.contains("/_jetway/docs/Gates/documentation/gates/"))
            // The pages' policy, unchanged; DocC's inline base address moved into a file.
            let page = try await server.get("/_jetway/docs/Gates/documentation/gates/")
            #expect(page.headers["content-security-policy"]?.contains("script-src 'self';") == true)
            #expect(page.body.contains("/_jetway/docs/Gates/base-url.js") && !page.body.contains("<script>var baseUrl"))
            // Nothing outside the folder.
            for escape in ["/_jetway/docs/Gates/../../docc.log", "/_jetway/docs/%2e%2e/docc.log", "/_jetway/docs/Gates/..%2f..%2fdocc.log"]
            {
                #expect(try await server.get(escape).status == 404, "\(escape)")
            }
            try await withBrowsers(1) { browsers in
                let browser = browsers[0]
                try await browser.navigate(server.base + "/_jetway/docs/Gates/documentation/gates/boarding")
                #expect(
                    await browser.wait(for: "return document.body.textContent.includes('How a gate boards a flight')", timeout: 20),
                    "the guide did not render")
                try await browser.screenshot("docs-guide")
            }
        }

        @Test func outsideDevelopmentThereAreNone() async throws {
            let server = try TestServer(configure: { $0.documentationDirectory = NSTemporaryDirectory() })
            defer { server.stop() }
            #expect(try await server.get("/_jetway/docs/").status == 404)
        }
    }
}
