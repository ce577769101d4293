import Foundation
import JetwayBrowser
import MountainAirportViews
import Testing

@testable import JetwayServer

extension EndToEnd {
    /// The operations console as staff use it: sign in with the form, find a flight, change its
    /// status, delay and gate in its sheet — and a kiosk in another browser shows it within a
    /// second; the flight's page shows who did it.
    @Suite(.enabled(if: BrowserEngine.chromium.shouldRun, "needs chromium-driver (make test installs it)"))
    @MainActor
    struct OperationsInChromium {
        static let connected = "return document.documentElement.classList.contains('jw-connected')"

        @Test func aChangeInOpsReachesTheGateInAnotherBrowserWithinASecond() async throws {
            let server = try TestServer()
            defer { server.stop() }
            try await AirportStaff.add(name: "alice", password: "correct horse", to: server.model.store)
            try await withBrowsers(2) { browsers in
                let ops = try #require(browsers[0] as? WebDriver), gate = browsers[1]
                try await gate.navigate(server.base + "/gate/A1")
                #expect(await gate.wait(for: Self.connected))
                #expect(try await gate.string("return document.body.textContent").contains("MA100"))

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

                // Find the flight, open its sheet, change it.
                try await ops.type("MA100", into: "input[type=search]")
                #expect(await ops.wait(for: "return document.querySelectorAll('.jw-list-row').length === 1"))
                try await ops.click("[aria-label='Change Mountain Air MA100']")
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
                let gateField = "dialog input[aria-label='Gate']"
                _ = try await ops.execute(
                    "const f = document.querySelector(\(jsLiteral(gateField))); f.value = ''; f.dispatchEvent(new Event('input', {bubbles: true})); return true"
                )
                try await ops.type("A2", into: gateField)
                try await Task.sleep(for: .milliseconds(300))
                let started = Date()
                _ = try await ops.execute(
                    "Array.from(document.querySelectorAll('dialog button')).find(b => b.textContent === 'Save').click(); return true")
                #expect(await gate.wait(for: "return document.body.textContent.includes('now departs from gate A2')", timeout: 1))
                let elapsed = Date().timeIntervalSince(started)
                #expect(elapsed < 1.2, "\(elapsed) s")
                #expect(await ops.wait(for: "return !document.querySelector('dialog:modal')"), "the sheet stayed open")
                let flight = try #require(try server.model.store.find(FlightInformation.self, id: 0))
                #expect(flight.status == .delayed && flight.timeDifference == 15 && flight.gate == "A2", "\(flight)")

                // The flight's page says who changed what.
                try await ops.navigate(server.base + "/flights/0")
                #expect(await ops.wait(for: "return document.body.textContent.includes('by alice')"))
                #expect(try await ops.string("return document.body.textContent").contains("Status: On Time → Delayed"))
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
