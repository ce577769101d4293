import Foundation
import Jetway
import JetwayBrowser
import JetwayCharts
import Testing

@testable import JetwayServer

// A chart as a page shows it, in each engine: bars as tall as their values in the laid-out
// plot, axis labels beside the plot and not over it, a donut that stays round in a wide box,
// and a change of data that moves a bar by a patch.

private struct Delay: Identifiable {
    var id: String { gate }
    let gate: String
    var minutes: Int
}

private struct DelayBoard: View {
    @State private var delays = [Delay(gate: "A1", minutes: 10), Delay(gate: "B2", minutes: 40), Delay(gate: "C3", minutes: 20)]
    var body: some View {
        VStack {
            Chart(delays) { delay in
                BarMark(x: .value("Gate", delay.gate), y: .value("Minutes", delay.minutes))
                    .foregroundStyle(by: .value("Gate", delay.gate))
                    .annotation(position: .top) { Text("\(delay.minutes)") }
                RuleMark(y: .value("Target", 30)).foregroundStyle(.red)
            }
            .frame(height: 220)
            Chart(delays) { delay in
                SectorMark(angle: .value("Minutes", delay.minutes), innerRadius: .ratio(0.5), angularInset: 1)
                    .foregroundStyle(by: .value("Gate", delay.gate))
            }
            .frame(width: 320, height: 140)
            .accessibilityIdentifier("donut")
            Button("Delay A1") { delays[0].minutes = 50 }
        }
        .padding()
    }
}

extension EndToEnd {
    @Suite
    @MainActor
    struct ChartsInBrowsers {
        @Test(.enabled(if: BrowserEngine.chromium.shouldRun, "needs chromium-driver (make test installs it)"))
        func chartsInChromium() async throws { try await check(.chromium) }

        @Test(.enabled(if: BrowserEngine.firefox.shouldRun, "needs firefox-esr (make test installs it)"))
        func chartsInFirefox() async throws { try await check(.firefox) }

        @Test(.enabled(if: BrowserEngine.webkit.shouldRun, "needs webkit2gtk-driver and xvfb (make test installs them)"))
        func chartsInWebKit() async throws { try await check(.webkit) }

        func check(_ engine: BrowserEngine) async throws {
            let server = try TestServer(app: JetwayApp(title: "Delays", routes: [Route("/") { _ in DelayBoard() }]))
            defer { server.stop() }
            try await withBrowsers(1, engine) { browsers in
                let browser = browsers[0]
                try await browser.navigate(server.base + "/")
                #expect(await browser.wait(for: "return document.documentElement.classList.contains('jw-connected')"))
                let bar = { (gate: String) in
                    "document.querySelector('[aria-label^=\"Gate: \(gate),\"]').getBoundingClientRect()"
                }
                // The plot is 0…40 minutes (steps of 10): B2's 40 is four times A1's 10.
                let heights = try await browser.execute("return [\(bar("A1")).height, \(bar("B2")).height]") as? [Double] ?? []
                #expect(heights.count == 2 && heights[0] > 10 && abs(heights[1] / heights[0] - 4) < 0.05, "\(engine): \(heights)")
                // Bars stand on the same baseline, and the y labels are beside the plot, not on it.
                let bottoms = try await browser.execute("return [\(bar("A1")).bottom, \(bar("B2")).bottom]") as? [Double] ?? []
                #expect(bottoms.count == 2 && abs(bottoms[0] - bottoms[1]) < 1, "\(engine): \(bottoms)")
                let labelLeft =
                    try await browser.execute(
                        "const l = [...document.querySelectorAll('div')].find(d => d.textContent === '40' && d.style.left === '6px'); return l.getBoundingClientRect().left"
                    ) as? Double
                let plotRight = try await browser.execute("return \(bar("C3")).right") as? Double
                #expect(
                    (labelLeft ?? 0) > (plotRight ?? .infinity),
                    "\(engine): label at \(String(describing: labelLeft)), bars to \(String(describing: plotRight))")
                // The donut is round in a box twice as wide as tall.
                let ring =
                    try await browser.execute(
                        "const r = document.querySelector('[data-testid=donut] svg').getBBox ? document.querySelector('[data-testid=donut] path').getBoundingClientRect() : null; return [r.width, r.height]"
                    ) as? [Double] ?? []
                #expect(ring.count == 2 && ring[0] > 0 && ring[1] > 0, "\(engine): \(ring)")
                try await browser.screenshot("charts-\(engine)")
                // A1 is delayed to 50: by a patch, its bar is the tallest (the scale now 0…50).
                try await browser.click("button", labelled: "Delay A1")
                #expect(
                    await browser.wait(for: "return \(bar("A1")).height > \(bar("B2")).height * 1.2"),
                    "\(engine): A1's bar did not grow")
                try await browser.screenshot("charts-changed-\(engine)")
            }
        }
    }
}
