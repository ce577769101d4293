import Foundation
import Jetway
import JetwayBrowser
import JetwayServer
import Testing

/// A flight list that pushes a flight's screen by value, as apps write it.
private struct FlightStack: View {
    var direction = LayoutDirection.leftToRight
    static let flights = ["MA 101 Boston", "MA 202 Denver", "MA 303 Seattle"]

    var body: some View {
        NavigationStack {
            List(Self.flights, id: \.self) { flight in
                NavigationLink(flight, value: flight)
            }
            .navigationTitle("Departures")
            .navigationDestination(for: String.self) { flight in
                VStack(spacing: 12) {
                    Text("Flight \(flight)").font(.title2).accessibilityIdentifier("detail")
                    Text("Gate B7 · boarding 10:40.").accessibilityIdentifier("gate")
                    Image(systemName: "arrow.forward").accessibilityIdentifier("onward")
                }
                .navigationTitle("Flight")
            }
        }
        .environment(\.layoutDirection, direction)
    }
}

extension EndToEnd {
    /// A push and a pop move as on iOS in each engine: the covered screen slides a third of the
    /// way to the leading edge and fades while the new one comes in from the trailing side; on
    /// a pop the screen that goes slides off to the trailing edge over the one coming back.
    /// The screen that goes is an inert copy outside the view, gone when its motion ends. On a
    /// right-to-left stack it all runs the other way, and a directional symbol is mirrored.
    @Suite
    @MainActor
    struct NavigationMotionInBrowsers {
        @Test(.enabled(if: BrowserEngine.chromium.shouldRun, "needs chromium-driver (make test installs it)"))
        func chromium() async throws { try await pushAndPop(.chromium) }

        @Test(.enabled(if: BrowserEngine.firefox.shouldRun, "needs firefox-esr (make test installs it)"))
        func firefox() async throws { try await pushAndPop(.firefox) }

        @Test(.enabled(if: BrowserEngine.webkit.shouldRun, "needs webkit2gtk-driver and xvfb (make test installs them)"))
        func webkit() async throws { try await pushAndPop(.webkit) }

        @Test(.enabled(if: BrowserEngine.chromium.shouldRun, "needs chromium-driver (make test installs it)"))
        func chromiumRightToLeft() async throws { try await pushAndPop(.chromium, .rightToLeft) }

        @Test(.enabled(if: BrowserEngine.firefox.shouldRun, "needs firefox-esr (make test installs it)"))
        func firefoxRightToLeft() async throws { try await pushAndPop(.firefox, .rightToLeft) }

        @Test(.enabled(if: BrowserEngine.webkit.shouldRun, "needs webkit2gtk-driver and xvfb (make test installs them)"))
        func webkitRightToLeft() async throws { try await pushAndPop(.webkit, .rightToLeft) }

        /// The copy of the screen that goes: its text, where its motion ends, whether it is
        /// inert and hidden; and the new screen's motion.
        static let motions = """
            const copy = [...document.body.children].find((el) => el.getAttribute('aria-hidden') === 'true' && el.inert && el.classList.contains('jw-navstack'));
            const stack = document.querySelector('[data-jetway-root] .jw-navstack, .jw-navstack');
            const leaving = copy ? copy.getAnimations()[0] : null;
            const coming = [...stack.children].flatMap((el) => el.getAnimations()).map((a) => String(a.effect.getKeyframes()[0].transform));
            return JSON.stringify({ copy: copy ? copy.textContent.slice(0, 40) : null,
              to: leaving ? String(leaving.effect.getKeyframes().at(-1).transform) + ' ' + leaving.effect.getKeyframes().at(-1).opacity : null,
              coming: coming.slice(0, 1), copies: document.querySelectorAll('body > [aria-hidden=true].jw-navstack').length });
            """

        struct Seen: Decodable {
            let copy: String?
            let to: String?
            let coming: [String]
            let copies: Int
        }

        func pushAndPop(_ engine: BrowserEngine, _ direction: LayoutDirection = .leftToRight) async throws {
            let server = try TestServer(app: JetwayApp(title: "Stack", routes: [Route("/") { _ in FlightStack(direction: direction) }]))
            // The leading side is the left, unless the stack reads from the right.
            let rtl = direction == .rightToLeft
            let leading = { (share: String) in rtl ? share : "-" + share }
            let trailing = { (share: String) in rtl ? "-" + share : share }
            let name = rtl ? "\(engine)-rtl" : "\(engine)"
            defer { server.stop() }
            try await withBrowsers(1, engine) { browsers in
                let browser = browsers[0]
                #expect(try await browser.openLive(server.base + "/"))
                let look = {
                    try JSONDecoder().decode(Seen.self, from: Data(try await browser.string(Self.motions).utf8))
                }

                try await browser.click("a", labelled: "MA 202 Denver")
                #expect(await browser.wait(for: "return !!document.querySelector('[data-testid=detail]')"))
                let pushed = try await look()
                #expect(pushed.copy?.contains("Departures") == true, "\(engine): no copy of the list leaving: \(pushed)")
                #expect(
                    pushed.to == "translateX(\(leading("30%"))) 0", "\(name): the list does not slide to the leading side: \(pushed)")
                #expect(
                    pushed.coming.first == "translateX(\(trailing("30%")))",
                    "\(name): the flight does not come from the trailing side: \(pushed)")
                let arrow = try await browser.string("return getComputedStyle(document.querySelector('[data-testid=onward]')).scale")
                #expect(arrow == (rtl ? "-1 1" : "none"), "\(name): the forward arrow's scale is \(arrow)")
                // An English sentence reads left to right on either page: its full stop is at its
                // right end, not moved to the left by the page's direction.
                let stop = try await browser.string(
                    """
                    const node = document.querySelector('[data-testid=gate]').firstChild, range = document.createRange();
                    const at = (i) => { range.setStart(node, i); range.setEnd(node, i + 1); return range.getBoundingClientRect().left; };
                    return at(0) < at(node.length - 1) ? 'end' : 'start'
                    """)
                #expect(stop == "end", "\(name): the sentence's full stop is at its \(stop)")
                try await browser.screenshot("navigation-\(name)-push")
                #expect(
                    await browser.wait(for: "return document.querySelectorAll('body > [aria-hidden=true].jw-navstack').length === 0"),
                    "\(engine): the copy stayed")

                try await browser.click("a", labelled: "Back")
                #expect(await browser.wait(for: "return !document.querySelector('[data-testid=detail]:not([aria-hidden] *)')"))
                let popped = try await look()
                #expect(popped.copy?.contains("Flight MA 202") == true, "\(engine): no copy of the flight leaving: \(popped)")
                #expect(
                    popped.to == "translateX(\(trailing("100%"))) 1", "\(name): the flight does not slide off the trailing edge: \(popped)")
                #expect(
                    popped.coming.first == "translateX(\(leading("30%")))",
                    "\(name): the list does not come back from the leading side: \(popped)")
                #expect(
                    await browser.wait(for: "return document.querySelectorAll('body > [aria-hidden=true].jw-navstack').length === 0"),
                    "\(engine): the copy stayed")
                #expect(try await browser.execute("return window.jetway.errors") as? Int == 0)
            }
        }
    }
}
