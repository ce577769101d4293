import Foundation
import JetwayBrowser
import MountainAirportViews
import Testing

@testable import JetwayServer

extension EndToEnd {
    /// Every MountainAirport screen in Chromium, on a phone and on a desk: what it shows, that
    /// its controls work, and that the accessibility tree Chromium builds from it (CDP
    /// `Accessibility.getFullAXTree`) has the right roles and a name for every control.
    @Suite(.enabled(if: BrowserEngine.chromium.shouldRun, "needs chromium-driver (make test installs it)"))
    @MainActor
    struct AirportScreensInChromium {
        static let connected = "return document.documentElement.classList.contains('jw-connected')"
        /// Roles a user acts on: each needs a name a screen reader can say.
        static let controls: Set<String> = [
            "button", "link", "textbox", "searchbox", "checkbox", "switch", "combobox", "listbox", "slider", "spinbutton", "tab",
            "radio", "menuitem", "option",
        ]

        /// The page's accessibility tree as (role, name) pairs, without ignored nodes.
        func tree(_ driver: WebDriver) async throws -> [(role: String, name: String)] {
            let answer = try await driver.devTools("Accessibility.getFullAXTree") as? [String: Any]
            let nodes = try #require(answer?["nodes"] as? [[String: Any]], "no accessibility tree")
            return nodes.compactMap { node in
                guard node["ignored"] as? Bool != true else { return nil }
                let role = (node["role"] as? [String: Any])?["value"] as? String ?? ""
                let name = (node["name"] as? [String: Any])?["value"] as? String ?? ""
                return (role, name)
            }
        }

        func check(_ driver: WebDriver, _ screen: String, has expected: [(String, String)]) async throws {
            // Everything a user acts on can be reached by the keyboard (the file importer's
            // input is its button's, out of the tab order on purpose).
            let unreachable = try await driver.string(
                """
                return Array.from(document.querySelectorAll('a[href], button, input, select, textarea, [role=listbox], summary'))
                  .filter(el => !el.disabled && !el.closest('[inert]') && !el.classList.contains('jw-file-importer') && el.tabIndex < 0)
                  .map(el => el.tagName + ':' + (el.getAttribute('aria-label') || el.textContent)).join(', ')
                """)
            #expect(unreachable.isEmpty, "\(screen): not reachable by the keyboard: \(unreachable)")
            let nodes = try await tree(driver)
            let unnamed = nodes.filter { Self.controls.contains($0.role) && $0.name.trimmingCharacters(in: .whitespaces).isEmpty }
            #expect(unnamed.isEmpty, "\(screen): controls without a name: \(unnamed.map(\.role))")
            for (role, name) in expected {
                #expect(
                    nodes.contains { $0.role == role && $0.name == name },
                    "\(screen): no \(role) named “\(name)” in \(nodes.filter { !$0.name.isEmpty }.map { "\($0.role):\($0.name)" }.prefix(40))"
                )
            }
        }

        func shoot(_ driver: WebDriver, _ name: String) async throws {
            try await driver.screenshot(name + "-phone")
            try await driver.resizeWindow(width: 1280, height: 800)
            try await Task.sleep(for: .milliseconds(200))
            try await driver.screenshot(name + "-desk")
            try await driver.resizeWindow(width: 500, height: 900)
            try await Task.sleep(for: .milliseconds(200))
        }

        @Test func everyScreenWorksAndNamesItsControls() async throws {
            let server = try TestServer()
            defer { server.stop() }
            try await withBrowsers(1) { browsers in
                let driver = try #require(browsers[0] as? WebDriver)
                try await driver.resizeWindow(width: 500, height: 900)

                // The board, its links to the other screens, and a flight's own page.
                try await driver.navigate(server.base + "/")
                #expect(await driver.wait(for: Self.connected))
                try await check(
                    driver, "board",
                    has: [("heading", "Mountain Airport"), ("searchbox", "Search flights"), ("link", "Awards"), ("link", "Settings")])
                // A search looks through the whole day; clearing it brings the window's board back.
                let countLine =
                    "return Array.from(document.querySelectorAll('span')).map(s => s.textContent).find(t => / flights$/.test(t)) ?? ''"
                let shown = try await driver.string(countLine)
                #expect(shown.hasSuffix(" flights") && shown != "0 flights", "the board's count line: \(shown)")
                try await driver.type("zzqx", into: "input[type=search]")
                #expect(
                    await driver.wait(for: countLine.replacingOccurrences(of: "?? ''", with: "=== '0 flights'")),
                    "a search that matches nothing")
                try await driver.screenshot("screen-board-search-none-phone")
                for _ in 0..<4 { try await driver.press(Key.backspace, in: "input[type=search]") }
                #expect(
                    await driver.wait(for: countLine.replacingOccurrences(of: "?? ''", with: "=== '\(shown)'")),
                    "the cleared search's board")
                #expect(
                    try await driver.string(
                        "return getComputedStyle(Array.from(document.querySelectorAll('a')).find(a => a.textContent === 'Awards')).color")
                        == "rgb(255, 149, 0)", "the toolbar's .tint(.orange) did not reach its links")
                // Dark, by the system's setting; and a 320 px phone with nothing wider than it.
                _ = try await driver.devTools(
                    "Emulation.setEmulatedMedia", ["features": [["name": "prefers-color-scheme", "value": "dark"]]])
                #expect(
                    try await driver.string("return getComputedStyle(document.body).backgroundColor") == "rgb(0, 0, 0)",
                    "the page is not dark in a dark system")
                try await driver.screenshot("screen-board-dark-phone")
                _ = try await driver.devTools(
                    "Emulation.setEmulatedMedia", ["features": [["name": "prefers-color-scheme", "value": "light"]]])
                _ = try await driver.devTools(
                    "Emulation.setDeviceMetricsOverride", ["width": 320, "height": 640, "deviceScaleFactor": 1, "mobile": true])
                #expect(
                    await driver.wait(for: "return document.documentElement.scrollWidth <= 320"),
                    "the board is wider than a 320 px phone")
                try await driver.screenshot("screen-board-320")
                _ = try await driver.devTools("Emulation.clearDeviceMetricsOverride")
                // A readable width on a desk: the list keeps to a column.
                try await driver.resizeWindow(width: 1600, height: 900)
                #expect(
                    await driver.wait(for: "return document.querySelector('.jw-list').getBoundingClientRect().width <= 860"),
                    "no readable width")
                try await driver.resizeWindow(width: 500, height: 900)
                try await shoot(driver, "screen-board")
                let flight = server.model.flights[3]
                try await driver.navigate(server.base + "/flights/\(flight.id)")
                #expect(await driver.wait(for: Self.connected))
                #expect(try await driver.execute("return document.body.textContent.includes('Gate \(flight.gate)')") as? Bool == true)
                #expect(try await driver.string("return document.title").hasPrefix("\(flight.airline) \(flight.number)"))
                try await check(driver, "flight", has: [("heading", "\(flight.airline) \(flight.number)")])
                try await driver.navigate(server.base + "/flights/9999")
                #expect(
                    try await driver.execute("return document.body.textContent.includes('There is no flight 9999 today.')") as? Bool == true
                )

                // Awards: seed 000's GridView by the window's width, then the same awards in a Grid.
                try await driver.navigate(server.base + "/awards")
                #expect(await driver.wait(for: Self.connected))
                #expect(try await driver.execute("return document.body.textContent.includes('Your Awards (6)')") as? Bool == true)
                let cellsAreHalfTheWidth = """
                    const cell = Array.from(document.querySelectorAll('.jw-frame')).find(f => f.textContent === 'First Flight');
                    const panel = document.querySelector('.jw-geometry');
                    return !!cell && !!panel && Math.abs(cell.getBoundingClientRect().width - panel.getBoundingClientRect().width / 2) < 3
                    """
                #expect(await driver.wait(for: cellsAreHalfTheWidth), "the grid's cells are not half the width the browser laid out")
                // The size was kept for the next visit: the server's first paint uses it.
                #expect(await driver.wait(for: "return document.cookie.includes('jw_sizes=0:')"), "no sizes cookie")
                let firstPaint = try await driver.string(
                    """
                    const reported = Number(document.cookie.match(/jw_sizes=0:(\\d+):/)[1]);
                    const request = new XMLHttpRequest(); request.open('GET', location.href, false); request.send();
                    const page = request.responseText;
                    return page.includes('width:' + Math.floor(reported / 2)) && !page.includes('width:195px') ? 'laid out' : 'default ' + reported
                    """)
                #expect(firstPaint == "laid out", "the first paint did not use the reported width")
                // A wider window: the cells follow.
                try await driver.resizeWindow(width: 1000, height: 900)
                #expect(await driver.wait(for: cellsAreHalfTheWidth), "the cells did not follow the window's width")
                try await driver.resizeWindow(width: 500, height: 900)
                #expect(await driver.wait(for: cellsAreHalfTheWidth))
                try await check(driver, "awards", has: [("heading", "Awards"), ("radiogroup", "Layout")])
                try await shoot(driver, "screen-awards")
                try await driver.click("[role=radio]", labelled: "Grid")
                #expect(
                    await driver.wait(for: "return !!document.querySelector('.jw-grid') && document.body.textContent.includes('A red-eye')")
                )
                try await driver.screenshot("screen-awards-grid-phone")

                // Settings: the two-wheel reminder picker by keys, both sheets, seed 002's screen.
                try await driver.navigate(server.base + "/settings")
                #expect(await driver.wait(for: Self.connected))
                for _ in 0..<2 { try await driver.press(Key.arrowDown, in: "[role=listbox][aria-label='Every']") }
                try await driver.press(Key.arrowDown, in: "[role=listbox][aria-label='Unit']")
                #expect(
                    await driver.wait(for: "return document.body.textContent.includes('Remind every 3 weeks')"), "the wheels did not choose"
                )
                try await check(
                    driver, "settings",
                    has: [
                        ("heading", "Settings"), ("listbox", "Every"), ("listbox", "Unit"), ("switch", "Remind me"), ("button", "Add Item"),
                    ])
                try await shoot(driver, "screen-settings")
                try await driver.click("button", labelled: "Add Item")
                #expect(
                    await driver.wait(
                        for: "return !!document.querySelector('dialog:modal') && document.body.textContent.includes('Add a new item')"))
                try await check(driver, "add item sheet", has: [("dialog", ""), ("textbox", "Item name"), ("button", "Done")])
                try await driver.screenshot("screen-settings-sheet-phone")
                try await driver.click("dialog button", labelled: "Done")
                #expect(await driver.wait(for: "return !document.querySelector('dialog')"))
                try await driver.click("button", labelled: "Settings")
                #expect(
                    await driver.wait(
                        for: "return !!document.querySelector('dialog:modal') && !!document.querySelector('dialog input[role=switch]')"))
                try await driver.press(Key.escape, in: "dialog input")
                #expect(await driver.wait(for: "return !document.querySelector('dialog')"))
                try await driver.click(".jw-navlink", labelled: "Profile and sharing")
                #expect(await driver.wait(for: "return document.body.textContent.includes('Tip Jar')"))
                try await driver.click("button", labelled: "Email")
                try await driver.click("a", labelled: "Back")
                #expect(await driver.wait(for: "return document.body.textContent.includes('Last profile action: support')"))
                try await driver.click(".jw-navlink", labelled: "Profile and sharing")
                #expect(await driver.wait(for: "return document.body.textContent.includes('Tip Jar')"))
                try await check(driver, "profile", has: [("heading", "Profile"), ("button", "Open Advanced")])
                try await shoot(driver, "screen-profile")

                // The gate kiosk.
                try await driver.navigate(server.base + "/gate/B2")
                #expect(await driver.wait(for: Self.connected))
                try await check(driver, "gate", has: [])
                try await shoot(driver, "screen-gate")
                #expect(try await driver.execute("return window.jetway.errors") as? Int == 0)
            }
        }
    }
}
