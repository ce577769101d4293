import Foundation
import Jetway
import JetwayBrowser
import JetwayServer
import Testing

extension EndToEnd {
    /// A page in Berlin in German and one in Denver in English open at once, each showing the
    /// same departure in its own time and language: the language from the browser's
    /// `Accept-Language`; the first paint in the app's zone (UTC), the runtime reports the
    /// browser's, and the page comes back in it; the next visit's first paint is in it already.
    @Suite(.serialized)
    @MainActor
    struct TimeZonesInBrowsers {
        struct Departure: View {
            @Environment(\.timeZone) private var timeZone
            @Environment(\.chooseLanguage) private var chooseLanguage
            @State private var search = ""
            var body: some View {
                VStack {
                    Text("Departures test")
                    Text("zone \(timeZone.identifier)")
                    // 2026-11-30 01:00 UTC.
                    Text(Date(timeIntervalSince1970: 1_796_000_400), style: .time)
                    Button("Auf Deutsch") { chooseLanguage("de") }
                    TimelineView(.periodic(from: .now, by: 1)) { context in
                        Text(context.date, style: .time).accessibilityIdentifier("now")
                    }
                }
                .searchable(text: $search, prompt: "Departures test")
            }
        }

        @Test(.enabled(if: BrowserEngine.chromium.shouldRun, "needs chromium-driver (make test installs it)"))
        func inChromium() async throws { try await check(.chromium) }

        @Test(.enabled(if: BrowserEngine.firefox.shouldRun, "needs firefox-esr (make test installs it)"))
        func inFirefox() async throws { try await check(.firefox) }

        @Test(.enabled(if: BrowserEngine.webkit.shouldRun, "needs webkit2gtk-driver and xvfb (make test installs them)"))
        func inWebKit() async throws { try await check(.webkit) }

        func check(_ engine: BrowserEngine) async throws {
            let (server, folder) = try LocalizationTestsCatalog.server(
                JetwayApp(title: "Departure board test", routes: [Route("/") { _ in Departure() }]))
            defer {
                server.stop()
                try? FileManager.default.removeItem(at: folder)
            }
            // Over real sockets (the first paint's language is read from the request's header).
            let probe = try await server.get("/", headers: ["Accept-Language": "de-DE,de;q=0.9"])
            #expect(probe.body.contains("Abflüge") && probe.body.contains(#"<html lang="de-DE""#), "\(probe.body.prefix(300))")
            try await withBrowsers(1, engine, timeZone: "Europe/Berlin", language: "de-DE") { berlin in
                try await withBrowsers(1, engine, timeZone: "America/Denver", language: "en-US") { denver in
                    for (browser, zone, time, language, title) in [
                        (berlin[0], "Europe/Berlin", "02:00", "de-DE", "Abflüge"),
                        (denver[0], "America/Denver", "6:00 PM", "en-US", "Departures test"),
                    ] {
                        #expect(try await browser.openLive(server.base + "/"))
                        let shown = await browser.wait(
                            for:
                                "return document.body.textContent.includes('zone \(zone)') && document.body.textContent.includes('\(time)')"
                        )
                        let text = try await browser.string("return document.body.textContent")
                        #expect(shown, "\(engine): \(zone): \(text)")
                        #expect(text.contains(title), "\(engine): \(language): \(text)")
                        let lang = try await browser.string("return document.documentElement.lang + ' ' + navigator.languages.join(',')")
                        #expect(lang.hasPrefix(language + " "), "\(engine): \(lang)")
                        // The search field's prompt (an attribute Jetway writes) in the language too.
                        #expect(
                            try await browser.string("return document.querySelector('input[type=search]').placeholder") == title,
                            "\(engine)")
                        #expect(try await browser.string("return document.cookie").contains("jw_zone=\(zone)"), "\(engine)")
                        // The timeline's clock ticks in the browser in the page's language: a
                        // German clock has no AM/PM.
                        let clock = try await browser.string("return document.querySelector('[data-jw-clock]').textContent")
                        #expect(clock.contains("M") == (language == "en-US"), "\(engine): \(language) clock \(clock)")
                    }
                    // Both pages open at once, each in its own zone and language; the next visit
                    // is in them from the start.
                    let berlinText = try await berlin[0].string("return document.body.textContent")
                    #expect(berlinText.contains("02:00") && berlinText.contains("Abflüge"))
                    let next = try await server.get("/", headers: ["Cookie": "jw_zone=America/Denver"])
                    #expect(next.body.contains("zone America/Denver") && next.body.contains("6:00 PM"))
                    // The Denver visitor chooses German (`LanguageChoice`): the browser keeps it
                    // and the page comes back in it, still in Denver's time.
                    try await denver[0].click("button", labelled: "Auf Deutsch")
                    let german = await denver[0].wait(
                        for: "return document.documentElement.lang === 'de' && document.body.textContent.includes('Abflüge')")
                    let after = try await denver[0].string("return document.documentElement.lang + ' ' + document.body.textContent")
                    #expect(german, "\(engine): after choosing German: \(after)")
                    #expect(after.contains("zone America/Denver") && after.contains("18:00"), "\(engine): \(after)")
                    #expect(try await denver[0].string("return document.cookie").contains("jw_lang=de"), "\(engine)")
                    for browser in [berlin[0], denver[0]] {
                        #expect(try await browser.string("return String(window.jetway.errors)") == "0", "\(engine): a page reported errors")
                        #expect(try await browser.string("return document.title") == "Abflugtafel", "\(engine): the app's title")
                    }
                    // The server goes: each page says so in its language, with the time of its
                    // last update in the app's zone (UTC here) written the German way.
                    server.stop()
                    for browser in [berlin[0], denver[0]] {
                        let offline = await browser.wait(for: "return document.documentElement.classList.contains('jw-offline')")
                        let banner = try await browser.string("return document.querySelector('.jw-banner').textContent")
                        #expect(offline, "\(engine): \(banner)")
                        #expect(
                            banner.hasPrefix("Verbindung wird wiederhergestellt … · zuletzt aktualisiert: ")
                                && banner.range(of: #" \d{2}:\d{2}$"#, options: .regularExpression) != nil,
                            "\(engine): \(banner)")
                    }
                }
            }
        }
    }
}
