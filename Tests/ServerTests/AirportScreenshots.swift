import Foundation
import Jetway
import JetwayBrowser
import JetwayStore
import MountainAirportViews
import Testing

@testable import JetwayServer

extension EndToEnd {
    /// Every MountainAirport screen as the README shows it, at exact sizes (a phone 390×844, a
    /// desk 1280×800, a kiosk 1920×1080 and 1080×1920), on a generated day at midday with a few
    /// changes made by staff: `make screenshots` copies them to docs/screenshots/. Each shot is
    /// also a check that the screen shows what it should.
    @Suite(.enabled(if: BrowserEngine.chromium.shouldRun, "needs chromium-driver (make test installs it)"))
    @MainActor
    struct AirportScreenshots {
        static let connected = "return document.documentElement.classList.contains('jw-connected')"
        static let denver = TimeZone(identifier: "America/Denver")!

        /// The viewport exactly (the window's chrome does not count).
        func size(_ driver: WebDriver, _ width: Int, _ height: Int, mobile: Bool) async throws {
            _ = try await driver.devTools(
                "Emulation.setDeviceMetricsOverride", ["width": width, "height": height, "deviceScaleFactor": 1, "mobile": mobile])
            try await Task.sleep(for: .milliseconds(250))
        }

        func shot(_ driver: WebDriver, _ path: String, _ name: String, expecting text: String, _ server: TestServer) async throws {
            try await driver.navigate(server.base + path)
            #expect(await driver.wait(for: Self.connected), "\(name)")
            let shows = await driver.wait(for: "return document.body.textContent.includes(\(jsLiteral(text)))")
            #expect(shows, "\(name) does not show “\(text)”")
            try await Task.sleep(for: .milliseconds(300))
            try await driver.screenshot("readme-" + name)
        }

        /// A wall screen never scrolls, and everything the kiosk shows is on the screen: the
        /// page is the window's size, and each part of the board (header, next flight, banners,
        /// later departures, the airport's name) lies inside it.
        func expectKioskFits(_ driver: WebDriver, _ name: String, gateWord: String = "Gate") async throws {
            // The board as laid out for this screen (the first paint of a browser that never
            // reported its size is for a phone's): its gate's type at the kiosk's scale.
            let scaled = await driver.wait(
                for: """
                    const w = innerWidth, h = innerHeight, wide = w > h;
                    const scale = Math.min(1, Math.max(0.3, wide ? Math.min(w / 1920, h / 1080) : Math.min(w / 1080, h / 1920)));
                    const gate = Array.from(document.querySelectorAll('[data-testid=kiosk] .jw-text')).find((t) => t.textContent.startsWith('\(gateWord) '));
                    return !!gate && Math.abs(parseFloat(getComputedStyle(gate).fontSize) - 96 * scale) < 1
                    """)
            #expect(scaled, "\(name) was never laid out for its screen")
            let overflow = try await driver.string(
                """
                const page = document.scrollingElement, kiosk = document.querySelector('[data-testid=kiosk]');
                const out = [];
                if (page.scrollHeight > innerHeight || page.scrollWidth > innerWidth) out.push('the page scrolls: ' + page.scrollWidth + '×' + page.scrollHeight);
                const parts = kiosk.querySelectorAll('[data-testid], .jw-text');
                for (const part of parts) {
                  const r = part.getBoundingClientRect();
                  if (r.width && (r.bottom > innerHeight + 0.5 || r.right > innerWidth + 0.5)) out.push((part.dataset.testid || part.textContent.slice(0, 30)) + ' ends at ' + Math.round(r.right) + '×' + Math.round(r.bottom));
                }
                if (parts.length < 5) out.push('only ' + parts.length + ' parts');
                return out.join('; ')
                """)
            let screen = try await driver.string("return innerWidth + '×' + innerHeight")
            #expect(overflow.isEmpty, "\(name) does not fit its \(screen) screen: \(overflow)")
        }

        /// A generated day at midday in Denver, with the simulator's morning and two of staff's
        /// changes: the server, the flight moved to another gate (and that gate), and the next
        /// departures.
        func day() async throws -> (server: TestServer, moved: FlightInformation, gate: String, departures: [FlightInformation]) {
            // Midday on a generated day, in Denver; the simulator has moved the morning along.
            let noon = try Date("2026-12-02T19:00:00Z", strategy: .iso8601)
            let clock = WallClock(startingAt: noon, rate: 1)
            let store = try AirportStore.open("sqlite::memory:")
            try AirportStore.seedIfEmpty(store, day: noon, timeZone: Self.denver)
            let model = FlightBoardModel(store: store, timeZone: Self.denver, clock: clock)
            try AirportSimulator(model: model, seed: 7).step(now: noon)
            await store.settle()
            // Staff moved the next departure to a gate and delayed another.
            let departures = try store.fetch(
                FlightInformation.self,
                where: NSPredicate(
                    format: "direction == 'departure' AND status == 'On Time' AND scheduledTime > %@", noon.addingTimeInterval(40 * 60)),
                sortedBy: FlightBoardModel.byTime, limit: 3)
            let moved = try #require(departures.first)
            let gate = moved.terminal + (moved.gate == moved.terminal + "12" ? "11" : "12")
            try model.change(moved.id, by: "alice") { $0.gate = gate }
            try model.change(departures[1].id, by: "alice") {
                $0.status = .delayed
                $0.currentTime = $0.scheduledTime.addingTimeInterval(25 * 60)
            }
            await store.settle()
            let server = try TestServer(model: model) { $0.clock = clock }
            try await AirportStaff.add(name: "alice", password: "correct horse", to: store)
            return (server, moved, gate, departures)
        }

        @Test func everyScreenAtItsSizes() async throws {
            let (server, moved, gate, departures) = try await day()
            defer { server.stop() }
            try await withBrowsers(1) { browsers in
                let driver = try #require(browsers[0] as? WebDriver)
                try await size(driver, 390, 844, mobile: true)
                try await shot(driver, "/", "board-phone", expecting: "Next 50 flights", server)
                try await shot(driver, "/flights/\(moved.id)", "flight-phone", expecting: "by alice", server)
                try await driver.click("[aria-label='Star \(moved.airline) \(moved.number)']")
                #expect(await driver.wait(for: "return document.body.textContent.includes('Remove from My flights')"))
                try await shot(driver, "/", "board-my-flights-phone", expecting: "My flights", server)
                try await shot(driver, "/awards", "awards-phone", expecting: "Awards", server)
                try await shot(driver, "/settings", "settings-phone", expecting: "Your picture", server)
                try await shot(driver, "/timeline", "timeline-phone", expecting: "Flight Timeline", server)

                try await size(driver, 1280, 800, mobile: false)
                try await shot(driver, "/", "board-desk", expecting: "Next 50 flights", server)
                try await shot(driver, "/flights/\(moved.id)", "flight-desk", expecting: "by alice", server)
                try await shot(driver, "/timeline", "timeline-desk", expecting: "Flight Timeline", server)
                try await shot(driver, "/awards", "awards-desk", expecting: "Awards", server)
                try await driver.navigate(server.base + "/ops/signin")
                try await driver.screenshot("readme-ops-signin-desk")
                try await driver.type("alice", into: "input[name=name]")
                try await driver.type("correct horse", into: "input[name=password]")
                try await driver.click("button[type=submit]")
                #expect(await driver.wait(for: "return location.pathname === '/ops'"))
                try await shot(driver, "/ops", "ops-desk", expecting: "Signed in as alice", server)
                try await driver.type(departures[1].number, into: "input[type=search]")
                #expect(
                    await driver.wait(
                        for:
                            "return document.querySelectorAll('.jw-list-row').length >= 1 && document.querySelectorAll('.jw-list-row').length < 5"
                    ))
                try await driver.click("[aria-label='Change \(departures[1].airline) \(departures[1].number)']")
                #expect(await driver.wait(for: "return !!document.querySelector('dialog:modal')"))
                try await Task.sleep(for: .milliseconds(300))
                try await driver.screenshot("readme-ops-sheet-desk")

                try await size(driver, 1920, 1080, mobile: false)
                try await shot(driver, "/gate/\(gate)", "kiosk-landscape", expecting: "Gate changed", server)
                try await expectKioskFits(driver, "kiosk-landscape")
                try await shot(
                    driver, "/gate/\(moved.gate)", "kiosk-moved-away-landscape", expecting: "now departs from gate \(gate)", server)
                try await expectKioskFits(driver, "kiosk-moved-away-landscape")
                try await size(driver, 1080, 1920, mobile: false)
                try await shot(driver, "/gate/\(gate)", "kiosk-portrait", expecting: "Gate changed", server)
                try await expectKioskFits(driver, "kiosk-portrait")
                try await shot(
                    driver, "/gate/\(moved.gate)", "kiosk-moved-away-portrait", expecting: "now departs from gate \(gate)", server)
                try await expectKioskFits(driver, "kiosk-moved-away-portrait")
            }
        }
        /// Every screen in Arabic, right to left, as a browser asking for Arabic gets it: the
        /// page's `dir`, the airport's strings, the title and the search field from the right,
        /// the kiosk's board mirrored. Screenshots `rtl-*` (looked at: .build/e2e/).
        @Test func everyScreenInArabicRightToLeft() async throws {
            let (server, moved, gate, _) = try await day()
            defer { server.stop() }
            try await withBrowsers(1, language: "ar") { browsers in
                let driver = try #require(browsers[0] as? WebDriver)
                func expectRightToLeft(_ name: String) async throws {
                    #expect(try await driver.string("return document.documentElement.dir") == "rtl", "\(name)")
                    // Text starts from the right: a heading's (or the first text's) right edge
                    // is nearer the window's right than its left edge is to the left.
                    let sides = try await driver.string(
                        """
                        const t = document.querySelector('.jw-nav-title') || document.querySelector('[data-testid=kiosk] .jw-text');
                        if (!t) return 'none';
                        const r = t.getBoundingClientRect();
                        return Math.round(innerWidth - r.right) + ' ' + Math.round(r.left)
                        """)
                    let gaps = sides.split(separator: " ").compactMap { Int($0) }
                    #expect(gaps.count == 2 && gaps[0] <= gaps[1], "\(name): the title is not on the right (gaps right, left: \(sides))")
                }
                try await size(driver, 390, 844, mobile: true)
                try await shot(driver, "/", "rtl-board-phone", expecting: "الرحلات", server)
                try await expectRightToLeft("board")
                #expect(try await driver.string("return document.querySelector('input[type=search]').placeholder") == "ابحث عن رحلة")
                try await shot(driver, "/flights/\(moved.id)", "rtl-flight-phone", expecting: "البوابة", server)
                try await expectRightToLeft("flight")
                try await shot(driver, "/settings", "rtl-settings-phone", expecting: "العربية", server)
                try await expectRightToLeft("settings")
                try await shot(driver, "/awards", "rtl-awards-phone", expecting: "Awards", server)
                try await shot(driver, "/timeline", "rtl-timeline-phone", expecting: "Flight Timeline", server)
                try await size(driver, 1280, 800, mobile: false)
                try await shot(driver, "/", "rtl-board-desk", expecting: "الرحلات", server)
                try await size(driver, 1920, 1080, mobile: false)
                try await shot(driver, "/gate/\(gate)", "rtl-kiosk-landscape", expecting: "البوابة \(gate)", server)
                try await expectRightToLeft("kiosk")
                try await expectKioskFits(driver, "rtl-kiosk-landscape", gateWord: "البوابة")
                // The kiosk in four languages in turn: the Arabic copy of it mirrored too.
                try await shot(
                    driver, "/gate/\(gate)?languages=en,es,de,ar", "kiosk-languages-landscape", expecting: "Puerta \(gate)", server)
            }
        }

        /// Settings' Language section as a visitor uses it: an Arabic visitor chooses German and
        /// the app comes back in German, left to right, on every screen; "the browser's language"
        /// brings Arabic back. Screenshots `settings-language-*` (looked at: .build/e2e/).
        @Test func theVisitorChoosesALanguageInSettings() async throws {
            let (server, _, _, _) = try await day()
            defer { server.stop() }
            try await withBrowsers(1, language: "ar") { browsers in
                let driver = try #require(browsers[0] as? WebDriver)
                try await size(driver, 390, 844, mobile: true)
                let reveal =
                    "[...document.querySelectorAll('button')].find((b) => b.textContent.trim() === 'Deutsch').scrollIntoView({ block: 'center' }); return true"
                try await shot(driver, "/settings", "settings-language-arabic-phone", expecting: "اللغة", server)
                _ = try await driver.execute(reveal)
                try await driver.screenshot("settings-language-arabic-phone")
                try await driver.click("button", labelled: "Deutsch")
                let german = await driver.wait(
                    for: "return document.documentElement.lang === 'de' && document.body.textContent.includes('Einstellungen')")
                let seen = try await driver.string("return document.documentElement.lang + ' ' + document.body.textContent.slice(0, 200)")
                #expect(german, "\(seen)")
                #expect(try await driver.string("return document.documentElement.dir") != "rtl")
                #expect(try await driver.string("return document.cookie").contains("jw_lang=de"))
                _ = try await driver.execute(reveal)
                try await driver.screenshot("settings-language-german-phone")
                // Every screen is German now (the choice is the browser's, not the page's).
                try await shot(driver, "/", "settings-language-german-board", expecting: "Flughafen Mountain", server)
                try await driver.navigate(server.base + "/settings")
                #expect(await driver.wait(for: "return document.documentElement.classList.contains('jw-connected')"))
                _ = try await driver.execute(
                    "[...document.querySelectorAll('button')].find((b) => b.textContent.trim() === 'Die Sprache des Browsers').scrollIntoView({ block: 'center' }); return true"
                )
                try await driver.click("button", labelled: "Die Sprache des Browsers")
                #expect(
                    await driver.wait(for: "return document.documentElement.lang === 'ar' && document.documentElement.dir === 'rtl'"),
                    "the browser's language (Arabic) is not back")
                #expect(try await driver.string("return String(window.jetway.errors)") == "0")
            }
        }
    }
}
