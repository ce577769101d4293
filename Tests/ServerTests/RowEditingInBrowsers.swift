import Foundation
import Jetway
import JetwayBrowser
import Testing

@testable import JetwayServer

// A list edited as a person edits one, in each engine: a row swiped from the trailing edge
// shows its Delete, a full swipe deletes at once, a swipe from the leading edge shows the app's
// tinted action, a long press lifts a row to drag it to another place, and in edit mode a row's
// handle moves it by the arrow keys; Tab into a row's actions opens it. The finger's motion
// stays in the browser: the server hears the action's click or one `move`.

private struct Stops: View {
    @State private var stops = ["Denver", "Boise", "Reno", "Fargo", "Omaha"]
    @State private var pinned = "nothing"

    var body: some View {
        NavigationStack {
            VStack {
                List {
                    ForEach(stops, id: \.self) { stop in
                        Text(stop)
                            .swipeActions(edge: .leading) { Button("Pin") { pinned = stop }.tint(.orange) }
                    }
                    .onDelete { stops.remove(atOffsets: $0) }
                    .onMove { stops.move(fromOffsets: $0, toOffset: $1) }
                }
                // The other order of the two: the same rows.
                List {
                    ForEach(stops, id: \.self) { stop in Text("\(stop) again") }
                        .onMove { stops.move(fromOffsets: $0, toOffset: $1) }
                        .onDelete { stops.remove(atOffsets: $0) }
                }
                .frame(height: 200)
                .frame(height: 320)
                Text("order: \(stops.joined(separator: ","))")
                Text("pinned \(pinned)")
            }
            .navigationTitle("Stops")
            .toolbar { EditButton() }
        }
    }
}

extension EndToEnd {
    @Suite
    @MainActor
    struct RowEditingInBrowsers {
        @Test(.enabled(if: BrowserEngine.chromium.shouldRun, "needs chromium-driver (make test installs it)"))
        func rowsInChromium() async throws { try await check(.chromium) }

        @Test(.enabled(if: BrowserEngine.firefox.shouldRun, "needs firefox-esr (make test installs it)"))
        func rowsInFirefox() async throws { try await check(.firefox) }

        @Test(.enabled(if: BrowserEngine.webkit.shouldRun, "needs webkit2gtk-driver and xvfb (make test installs them)"))
        func rowsInWebKit() async throws { try await check(.webkit) }

        /// `.onMove` before `.onDelete`: a row still drags to its place, and still swipes.
        @Test(.enabled(if: BrowserEngine.chromium.shouldRun, "needs chromium-driver (make test installs it)"))
        func rowsWithTheModifiersTheOtherWayInChromium() async throws {
            let server = try TestServer(app: JetwayApp(title: "Stops", routes: [Route("/") { _ in Stops() }]))
            defer { server.stop() }
            try await withBrowsers(1, .chromium) { browsers in
                let browser = browsers[0]
                #expect(try await browser.openLive(server.base + "/"))
                try await pointer(browser, on: "Reno again", [], release: false)
                try await Task.sleep(for: .milliseconds(700))
                #expect(await browser.wait(for: "return document.querySelector('.jw-lifted') !== null"), "the long press did not lift")
                let height =
                    try await browser.execute("return document.querySelector('.jw-list-row').getBoundingClientRect().height") as? Double
                    ?? 44
                try await pointer(browser, on: "Reno again", [(0, -height * 0.6), (0, -height * 1.6), (0, -height * 2.2)], down: false)
                #expect(
                    await browser.wait(for: "return document.body.innerText.includes('order: Reno,Denver,Boise,Fargo,Omaha')"),
                    "the drag did not move Reno to the top")
                try await pointer(browser, on: "Fargo again", [(-20, 0), (-45, 0), (-70, 0)])
                #expect(
                    await browser.wait(
                        for:
                            "return document.querySelector('[aria-label=\"Delete Fargo again\"]').parentElement.getBoundingClientRect().width > 40"
                    ),
                    "the swipe did not open Delete")
            }
        }

        /// Pointer events on the row that shows `stop`, from its middle: `moves` are (dx, dy)
        /// from there, the last one where it is let go (`release`).
        func pointer(_ browser: any Browser, on stop: String, _ moves: [(Double, Double)], down: Bool = true, release: Bool = true)
            async throws
        {
            let steps = moves.map { "[\($0.0), \($0.1)]" }.joined(separator: ",")
            _ = try await browser.execute(
                """
                const t = [...document.querySelectorAll('.jw-list-row span')].find(e => e.textContent === \(jsLiteral(stop)));
                const r = t.getBoundingClientRect(), x = r.left + r.width / 2, y = r.top + r.height / 2;
                window.jwDrag = window.jwDrag || { t, x, y };
                if (\(down)) window.jwDrag = { t, x, y };
                const d = window.jwDrag;
                const at = (type, dx, dy) => d.t.dispatchEvent(new PointerEvent(type, {bubbles: true, cancelable: true, pointerId: 9, isPrimary: true, button: 0, clientX: d.x + dx, clientY: d.y + dy}));
                if (\(down)) at('pointerdown', 0, 0);
                const steps = [\(steps)];
                for (const [dx, dy] of steps) at('pointermove', dx, dy);
                if (\(release)) { const [dx, dy] = steps[steps.length - 1] || [0, 0]; at('pointerup', dx, dy); d.t.dispatchEvent(new MouseEvent('click', {bubbles: true, cancelable: true})); }
                return true
                """)
        }

        func check(_ engine: BrowserEngine) async throws {
            let server = try TestServer(app: JetwayApp(title: "Stops", routes: [Route("/") { _ in Stops() }]))
            defer { server.stop() }
            try await withBrowsers(1, engine) { browsers in
                let browser = browsers[0]
                #expect(try await browser.openLive(server.base + "/"), "\(engine): the page never went live")
                let order = { (text: String) in "return document.body.innerText.includes('order: \(text)')" }
                // How much of a row's actions shows: their box's width (0 while the row is closed).
                let width = { (label: String) in
                    "return [...document.querySelectorAll('button')].find(b => (b.getAttribute('aria-label') || b.textContent) === \(jsLiteral(label))).parentElement.getBoundingClientRect().width"
                }
                #expect(await browser.wait(for: "\(width("Delete Boise")) < 1"), "\(engine): a row's actions show before it is swiped")

                // A swipe of 70 px from the trailing edge, let go: Delete stays open.
                try await pointer(browser, on: "Boise", [(-20, 0), (-45, 0), (-70, 0)])
                #expect(await browser.wait(for: "\(width("Delete Boise")) > 40"), "\(engine): the swipe did not open Delete")
                try await browser.screenshot("rows-swiped-\(engine)")
                try await browser.click("button", labelled: "Delete Boise")
                #expect(await browser.wait(for: order("Denver,Reno,Fargo,Omaha")), "\(engine): Delete did not delete")

                // A full swipe deletes at once.
                try await pointer(browser, on: "Reno", [(-60, 0), (-200, 0), (-340, 0)])
                #expect(await browser.wait(for: order("Denver,Fargo,Omaha")), "\(engine): the full swipe did not delete")

                // A swipe from the leading edge: the app's orange Pin.
                try await pointer(browser, on: "Denver", [(20, 0), (50, 0), (80, 0)])
                #expect(await browser.wait(for: "\(width("Pin")) > 40"), "\(engine): the leading swipe did not open Pin")
                let pin = try await browser.string(
                    "return getComputedStyle([...document.querySelectorAll('button')].find(b => b.textContent === 'Pin')).backgroundColor"
                )
                #expect(pin == "rgb(255, 149, 0)", "\(engine): Pin is drawn in \(pin)")
                try await browser.click("button", labelled: "Pin")
                #expect(await browser.wait(for: "return document.body.innerText.includes('pinned Denver')"), "\(engine): Pin did not act")
                #expect(await browser.wait(for: "\(width("Pin")) < 1"), "\(engine): the row did not close after its action")

                // A press held on Omaha lifts it; dragged up past Fargo and Denver, it goes first.
                try await pointer(browser, on: "Omaha", [], release: false)
                try await Task.sleep(for: .milliseconds(700))
                #expect(
                    await browser.wait(for: "return document.querySelector('.jw-lifted') !== null"),
                    "\(engine): the long press did not lift")
                let rowHeight =
                    try await browser.execute("return document.querySelector('.jw-list-row').getBoundingClientRect().height") as? Double
                    ?? 44
                try await pointer(browser, on: "Omaha", [(0, -rowHeight * 0.6), (0, -rowHeight * 1.4), (0, -rowHeight * 2.2)], down: false)
                #expect(await browser.wait(for: order("Omaha,Denver,Fargo")), "\(engine): the drag did not move Omaha to the top")
                #expect(
                    await browser.wait(for: "return [...document.querySelectorAll('.jw-list-row')].every(e => !e.style.transform)"),
                    "\(engine): the rows kept a drag's offset after the patch")

                // In edit mode each row has a handle; its ArrowDown moves the row down by one.
                try await browser.click("button", labelled: "Edit")
                #expect(await browser.wait(for: "return document.querySelectorAll('.jw-row-handle').length === 6"), "\(engine): no handles")
                try await browser.press(Key.arrowDown, in: try await browser.element(".jw-row-handle", labelled: "Move Omaha"))
                #expect(await browser.wait(for: order("Denver,Omaha,Fargo")), "\(engine): the arrow key did not move Omaha down")

                // Tab into a row's Delete opens the row.
                try await browser.focus("[aria-label=\"Delete Fargo\"]")
                #expect(await browser.wait(for: "\(width("Delete Fargo")) > 40"), "\(engine): the focus did not open the row")
                let errors = try await browser.string("return window.jetway.errors + ' ' + window.jetway.lastError")
                #expect(errors.hasPrefix("0 "), "\(engine): \(errors)")
                try await browser.screenshot("rows-\(engine)")
            }
        }
    }
}
