import Foundation
import Jetway
import JetwayBrowser
import JetwayStore
import MountainAirportViews
import Testing

@testable import JetwayServer

extension EndToEnd {
    /// The operations console as staff use it: sign in with the form, find a flight, change its
    /// status and delay in its sheet — the kiosk at its gate (B12) and the flight's page, each
    /// in a browser of its own, show it within a second — then its gate; the flight's page
    /// shows who did what.
    @Suite(.enabled(if: BrowserEngine.chromium.shouldRun, "needs chromium-driver (make test installs it)"))
    @MainActor
    struct OperationsInChromium {
        static let connected = "return document.documentElement.classList.contains('jw-connected')"

        @Test func aChangeInOpsReachesTheGateInAnotherBrowserWithinASecond() async throws {
            // A generated day at midday in Denver, as the airport runs; the next departure at B12.
            let denver = TimeZone(identifier: "America/Denver")!
            let noon = try Date("2026-12-02T19:00:00Z", strategy: .iso8601)
            let clock = WallClock(startingAt: noon, rate: 1)
            let store = try AirportStore.open("sqlite::memory:")
            try AirportStore.seedIfEmpty(store, day: noon, timeZone: denver)
            let model = FlightBoardModel(store: store, timeZone: denver, clock: clock)
            // The flight the kiosk at B12 shows first.
            let flight = try #require(model.gateList("B12").items.first { $0.gate == "B12" }, "no departure from B12 after noon")
            try #require(flight.status == .onTime, "\(flight)")
            let server = try TestServer(model: model) { $0.clock = clock }
            defer { server.stop() }
            let name = "\(flight.airline) \(flight.number)"
            try await AirportStaff.add(name: "alice", password: "correct horse", to: store)
            try await withBrowsers(3) { browsers in
                let ops = try #require(browsers[0] as? WebDriver), gate = browsers[1], page = browsers[2]
                try await gate.navigate(server.base + "/gate/B12")
                #expect(await gate.wait(for: Self.connected))
                #expect(try await gate.string("return document.body.textContent").contains(flight.number))
                #expect(try await gate.string("return document.querySelector('[data-testid=kiosk-status]').textContent") == "On Time")
                try await page.navigate(server.base + "/flights/\(flight.id)")
                #expect(await page.wait(for: Self.connected))

                // Not signed in: the console says so; a wrong password is refused.
                try await ops.navigate(server.base + "/ops")
                #expect(await ops.wait(for: Self.connected))
                #expect(try await ops.string("return document.body.textContent").contains("for Mountain Airport staff"))
                try await ops.navigate(server.base + "/ops/signin")
                try await ops.type("alice", into: "input[name=name]")
                try await ops.type("wrong password", into: "input[name=password]")
                try await ops.click("button[type=submit]")
                #expect(await ops.wait(for: "return document.body.textContent.includes('do not match')"))
                try await ops.type("alice", into: "input[name=name]")
                try await ops.type("correct horse", into: "input[name=password]")
                try await ops.click("button[type=submit]")
                #expect(
                    await ops.wait(for: "return location.pathname === '/ops' && document.body.textContent.includes('Signed in as alice')"))
                #expect(await ops.wait(for: Self.connected))

                // The day at a glance: the flight's hour has its late flights counted on a bar.
                var calendar = Calendar(identifier: .gregorian)
                calendar.timeZone = denver
                let hour = String(format: "%02d", calendar.component(.hour, from: flight.scheduledTime))
                let bar = "document.querySelector('[role=img][aria-label^=\"Hour: \(hour),\"][aria-label$=\"Status: Late\"]')"
                let late = "Number(\(bar).getAttribute('aria-label').match(/Flights: (\\d+)/)[1])"
                let bars = "document.querySelectorAll('[data-testid=flights-by-hour] [role=img]')"
                #expect(await ops.wait(for: "return \(bars).length > 10"), "no chart")
                let lateBefore = try await ops.execute("return \(late)") as? Int ?? -1

                // Find the flight, open its sheet, make it late.
                try await ops.type(flight.number, into: "input[type=search]")
                #expect(await ops.wait(for: "return document.querySelectorAll('.jw-list-row').length === 1"))
                try await ops.click("[aria-label='Change \(name)']")
                #expect(await ops.wait(for: "return !!document.querySelector('dialog:modal')"))
                try await ops.screenshot("ops-sheet")
                let steps = try await ops.execute(
                    """
                    const el = document.querySelector("dialog select[aria-label='Status']");
                    return Array.from(el.options).findIndex((o) => o.textContent === 'Delayed') - el.selectedIndex
                    """)
                for _ in 0..<((steps as? Int) ?? 0) { try await ops.press(Key.arrowDown, in: "dialog select[aria-label='Status']") }
                for _ in 0..<3 {
                    try await ops.click("dialog [aria-label='Increment']")
                    try await Task.sleep(for: .milliseconds(100))
                }
                #expect(await ops.wait(for: "return document.querySelector('dialog').textContent.includes('Delay: 15 min')"))
                try await Task.sleep(for: .milliseconds(300))
                // (Watched from now: whether the chart's bars move.)
                _ = try await ops.execute(
                    """
                    window.jwChartMoved = false;
                    const poll = () => { if (document.getAnimations().some((a) => a.effect.target.closest && a.effect.target.closest('[data-testid=flights-by-hour]'))) jwChartMoved = true; else requestAnimationFrame(poll); };
                    requestAnimationFrame(poll); return true
                    """)
                var started = Date()
                _ = try await ops.execute(
                    "Array.from(document.querySelectorAll('dialog button')).find(b => b.textContent === 'Save').click(); return true")
                // Both other browsers within the second: the kiosk's status and the flight's page.
                async let kioskShows = gate.wait(
                    for: "return (document.querySelector('[data-testid=kiosk-status]') || {}).textContent === 'Delayed'", timeout: 1)
                async let pageShows = page.wait(for: "return document.body.textContent.includes('Status: On Time → Delayed')", timeout: 1)
                let (kiosk, detail) = await (kioskShows, pageShows)
                var elapsed = Date().timeIntervalSince(started)
                #expect(kiosk, "the kiosk at B12 did not show Delayed within a second")
                #expect(detail, "the flight's page did not show the change within a second")
                #expect(elapsed < 1.2, "\(elapsed) s")
                #expect(await ops.wait(for: "return !document.querySelector('dialog:modal')"), "the sheet stayed open")
                var stored = try #require(try store.find(FlightInformation.self, id: flight.id))
                #expect(stored.status == .delayed && stored.timeDifference == 15, "\(stored)")
                // The chart counted it, its bars moving to their new heights.
                #expect(
                    await ops.wait(for: "return \(late) === \(lateBefore + 1)"), "the chart's late flights at \(hour) stayed \(lateBefore)")
                #expect(await ops.wait(for: "return window.jwChartMoved"), "the chart's bars did not move to their new heights")
                try await ops.screenshot("ops-chart")

                // Then its gate: the kiosk at B12 says where it went.
                try await ops.click("[aria-label='Change \(name)']")
                #expect(await ops.wait(for: "return !!document.querySelector('dialog:modal')"))
                let gateField = "dialog input[aria-label='Gate']"
                _ = try await ops.execute(
                    "const f = document.querySelector(\(jsLiteral(gateField))); f.value = ''; f.dispatchEvent(new Event('input', {bubbles: true})); return true"
                )
                try await ops.type("B14", into: gateField)
                try await Task.sleep(for: .milliseconds(300))
                started = Date()
                _ = try await ops.execute(
                    "Array.from(document.querySelectorAll('dialog button')).find(b => b.textContent === 'Save').click(); return true")
                #expect(await gate.wait(for: "return document.body.textContent.includes('now departs from gate B14')", timeout: 1))
                elapsed = Date().timeIntervalSince(started)
                #expect(elapsed < 1.2, "\(elapsed) s")
                #expect(await ops.wait(for: "return !document.querySelector('dialog:modal')"), "the sheet stayed open")
                stored = try #require(try store.find(FlightInformation.self, id: flight.id))
                #expect(stored.status == .delayed && stored.gate == "B14", "\(stored)")

                // The flight's page says who changed what.
                try await ops.navigate(server.base + "/flights/\(flight.id)")
                #expect(await ops.wait(for: "return document.body.textContent.includes('by alice')"))
                let history = try await ops.string("return document.body.textContent")
                #expect(history.contains("Status: On Time → Delayed") && history.contains("Gate: B12 → B14"), "\(history)")
                for browser in browsers { #expect(try await browser.execute("return window.jetway.errors") as? Int == 0) }

                // Signing out: a link only shows a page with the button; its post signs out.
                try await ops.navigate(server.base + "/ops/signout")
                #expect(await ops.wait(for: "return document.body.textContent.includes('Signed in as alice')"))
                #expect(try await ops.string("return location.pathname") == "/ops/signout")
                try await ops.click("button[type=submit]")
                #expect(await ops.wait(for: "return location.pathname === '/ops/signin'"))
                try await ops.navigate(server.base + "/ops")
                #expect(await ops.wait(for: "return document.body.textContent.includes('for Mountain Airport staff')"))
            }
        }
    }
}
