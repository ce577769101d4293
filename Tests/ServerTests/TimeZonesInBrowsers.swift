import Foundation
import Jetway
import JetwayBrowser
import JetwayServer
import Testing

extension EndToEnd {
    /// A page in Berlin and one in Denver open at once, each showing the same departure in its
    /// own time: the first paint is in the app's zone (UTC), the runtime reports the browser's,
    /// and the page comes back in it; the next visit's first paint is in it already.
    @Suite
    @MainActor
    struct TimeZonesInBrowsers {
        struct Departure: View {
            @Environment(\.timeZone) private var timeZone
            var body: some View {
                VStack {
                    Text("zone \(timeZone.identifier)")
                    // 2026-11-30 01:00 UTC.
                    Text(Date(timeIntervalSince1970: 1_796_000_400), style: .time)
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
            let server = try TestServer(app: JetwayApp(title: "Departure", routes: [Route("/") { _ in Departure() }]))
            defer { server.stop() }
            try await withBrowsers(1, engine, timeZone: "Europe/Berlin") { berlin in
                try await withBrowsers(1, engine, timeZone: "America/Denver") { denver in
                    for (browser, zone, time) in [(berlin[0], "Europe/Berlin", "2:00 AM"), (denver[0], "America/Denver", "6:00 PM")] {
                        #expect(try await browser.openLive(server.base + "/"))
                        let shown = await browser.wait(
                            for:
                                "return document.body.textContent.includes('zone \(zone)') && document.body.textContent.includes('\(time)')"
                        )
                        let text = try await browser.string("return document.body.textContent")
                        #expect(shown, "\(engine): \(zone): \(text)")
                        #expect(try await browser.string("return document.cookie").contains("jw_zone=\(zone)"), "\(engine)")
                    }
                    // Both pages open at once, each in its own zone; the next visit is in it from the start.
                    #expect(try await berlin[0].string("return document.body.textContent").contains("2:00 AM"))
                    let next = try await server.get("/", headers: ["Cookie": "jw_zone=America/Denver"])
                    #expect(next.body.contains("zone America/Denver") && next.body.contains("6:00 PM"))
                    for browser in [berlin[0], denver[0]] {
                        #expect(try await browser.string("return String(window.jetway.errors)") == "0", "\(engine): a page reported errors")
                    }
                }
            }
        }
    }
}
