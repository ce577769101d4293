import Foundation
import Jetway
import JetwayBrowser
import JetwayServer
import Testing

extension EndToEnd {
    /// `LanguageCycle`: an airport screen in three languages in turn, switched by the browser on
    /// the server's clock — each language shown alone, in its direction, and no frame from the
    /// server for a switch (the page's version stays put while the languages go round).
    @Suite(.serialized)
    @MainActor
    struct LanguageCycleInBrowsers {
        struct Screen: View {
            var body: some View {
                LanguageCycle(["en", "de", "ar"], every: .seconds(1)) {
                    Text("Departures test").font(.largeTitle)
                }
            }
        }

        @Test(.enabled(if: BrowserEngine.chromium.shouldRun, "needs chromium-driver (make test installs it)"))
        func inChromium() async throws { try await check(.chromium) }

        @Test(.enabled(if: BrowserEngine.firefox.shouldRun, "needs firefox-esr (make test installs it)"))
        func inFirefox() async throws { try await check(.firefox) }

        @Test(.enabled(if: BrowserEngine.webkit.shouldRun, "needs webkit2gtk-driver and xvfb (make test installs them)"))
        func inWebKit() async throws { try await check(.webkit) }

        func check(_ engine: BrowserEngine) async throws {
            let (server, folder) = try LocalizationTestsCatalog.server(JetwayApp(title: "Cycle", routes: [Route("/") { _ in Screen() }]))
            defer {
                server.stop()
                try? FileManager.default.removeItem(at: folder)
            }
            try await withBrowsers(1, engine) { browsers in
                let browser = browsers[0]
                #expect(try await browser.openLive(server.base + "/"))
                // What is visible: the language of each copy whose text can be seen.
                let visible = """
                    return Array.from(document.querySelectorAll('[data-jw-cycle] > *'))
                      .filter((c) => getComputedStyle(c).visibility === 'visible').map((c) => c.lang + ':' + c.dir + ':' + c.textContent).join('|')
                    """
                let version = try await browser.string("return String(window.jetway.version)")
                var seen: Set<String> = []
                for _ in 0..<14 {
                    let shown = try await browser.string(visible)
                    #expect(!shown.contains("|"), "\(engine): more than one language visible: \(shown)")
                    seen.insert(shown)
                    try await Task.sleep(for: .milliseconds(250))
                }
                #expect(
                    seen.isSuperset(of: ["en:ltr:Departures test", "de:ltr:Abflüge", "ar:rtl:المغادرة"]),
                    "\(engine): languages shown in 3.5 s: \(seen.sorted())")
                #expect(try await browser.string("return String(window.jetway.version)") == version, "\(engine): the server sent frames")
                #expect(try await browser.string("return String(window.jetway.errors)") == "0", "\(engine)")
            }
        }
    }
}
