import Foundation
import Jetway
import JetwayBrowser
import JetwayCharts
import JetwayServer
import Testing

/// What motion must keep through later changes, as apps hit it: a list reversed again
/// mid-flight goes on from where its rows are drawn (no jump); a pulsing dot
/// (`.repeatForever`) keeps pulsing while other things animate; a spinner turned by 360° turns;
/// a card whose text grows grows its background; a sheet leaves by sliding down; a chart's line
/// and an app's own needle shape move point by point to their new outlines.
private struct Needle: Shape {
    var angle: Double
    var animatableData: Double {
        get { angle }
        set { angle = newValue }
    }
    func path(in rect: CGRect) -> Path {
        var path = Path()
        path.move(to: CGPoint(x: rect.midX, y: rect.maxY))
        path.addLine(to: CGPoint(x: rect.midX + cos(angle) * rect.width / 2, y: rect.maxY - sin(angle) * rect.height))
        return path
    }
}

private struct ContinuityCases: View {
    @State private var reversed = false
    @State private var pulsing = false
    @State private var spun = false
    @State private var long = false
    @State private var showingSheet = false
    @State private var risen = false
    static let gates = ["A1", "A2", "B7", "B12", "C3", "C9"]

    var body: some View {
        VStack(alignment: .leading, spacing: 10) {
            HStack {
                Button("Reverse") { withAnimation(.linear(duration: 1.2)) { reversed.toggle() } }
                Button("Pulse") { pulsing = true }
                Button("Spin") { withAnimation(.linear(duration: 1.2)) { spun.toggle() } }
                Button("Grow") { withAnimation(.linear(duration: 1.2)) { long.toggle() } }
                Button("Sheet") { showingSheet = true }
                Button("Rise") { withAnimation(.linear(duration: 1.2)) { risen.toggle() } }
            }
            HStack {
                Chart {
                    ForEach(Array((risen ? [4, 2, 3, 1] : [1, 3, 2, 4]).enumerated()), id: \.offset) { index, value in
                        LineMark(x: .value("Hour", index), y: .value("Delays", value))
                    }
                }
                .frame(width: 160, height: 60)
                .accessibilityIdentifier("line")
                Needle(angle: risen ? 2.6 : 0.5).stroke(.red, lineWidth: 3).frame(width: 60, height: 30).accessibilityIdentifier("needle")
            }
            Circle().fill(.green).frame(width: 16, height: 16)
                .scaleEffect(pulsing ? 1.5 : 1)
                .animation(.easeInOut(duration: 0.5).repeatForever(autoreverses: true), value: pulsing)
                .accessibilityIdentifier("dot")
            Image(systemName: "arrow.triangle.2.circlepath").rotationEffect(.degrees(spun ? 360 : 0)).accessibilityIdentifier("spinner")
            Text(long ? "Boarding now at gate B12, final call" : "Boarding").padding(8).background(Color.yellow)
                .accessibilityIdentifier("card")
            VStack(alignment: .leading, spacing: 0) {
                ForEach(reversed ? Self.gates.reversed() : Self.gates, id: \.self) { gate in
                    Text("Gate \(gate)").frame(height: 24).accessibilityIdentifier("gate-\(gate)")
                }
            }
        }
        .padding()
        .sheet(isPresented: $showingSheet) {
            VStack {
                Text("Seat 14C")
                Button("Close") { showingSheet = false }
            }
        }
    }
}

extension EndToEnd {
    @Suite
    @MainActor
    struct MotionContinuityInBrowsers {
        @Test(.enabled(if: BrowserEngine.chromium.shouldRun, "needs chromium-driver (make test installs it)"))
        func inChromium() async throws { try await check(.chromium) }

        @Test(.enabled(if: BrowserEngine.firefox.shouldRun, "needs firefox-esr (make test installs it)"))
        func inFirefox() async throws { try await check(.firefox) }

        @Test(.enabled(if: BrowserEngine.webkit.shouldRun, "needs webkit2gtk-driver and xvfb (make test installs them)"))
        func inWebKit() async throws { try await check(.webkit) }

        func check(_ engine: BrowserEngine) async throws {
            let server = try TestServer(app: JetwayApp(title: "Continuity", routes: [Route("/") { _ in ContinuityCases() }]))
            defer { server.stop() }
            try await withBrowsers(1, engine) { browsers in
                let browser = browsers[0]
                #expect(try await browser.openLive(server.base + "/"), "\(engine): the page never went live")
                let moving = { (id: String) in
                    "return document.getAnimations().some((a) => a.id === 'jw-motion' && a.effect.target.closest('[data-testid=\(id)]'))"
                }

                // The dot pulses for ever; a change animated elsewhere leaves it pulsing.
                try await browser.click("button", labelled: "Pulse")
                #expect(await browser.wait(for: moving("dot")), "\(engine): the dot does not pulse")

                // A1's top drawn at every frame while the list reverses, is reversed again
                // mid-flight, and settles: no frame jumps (the rows move about 3 px a frame).
                _ = try await browser.execute(
                    """
                    window.jwTops = []; window.jwWatch = true;
                    const step = () => { const el = document.querySelector('[data-testid=gate-A1]'); if (el) jwTops.push(el.getBoundingClientRect().top); if (jwWatch) requestAnimationFrame(step); };
                    requestAnimationFrame(step); return true
                    """)
                try await browser.click("button", labelled: "Reverse")
                #expect(await browser.wait(for: moving("gate-A1")), "\(engine): the rows did not move")
                try await Task.sleep(for: .milliseconds(500))
                try await browser.click("button", labelled: "Reverse")
                try await Task.sleep(for: .milliseconds(1600))
                let tops = try await browser.execute("jwWatch = false; return jwTops") as? [Double] ?? []
                let jumps = zip(tops, tops.dropFirst()).map { abs($1 - $0) }
                #expect(tops.count > 20, "\(engine): \(tops.count) frames seen")
                #expect(
                    (jumps.max() ?? 99) < 24, "\(engine): A1 jumped \(jumps.max() ?? -1) px between two frames: \(tops.map { Int($0) })")
                #expect(await browser.wait(for: moving("dot")), "\(engine): the dot stopped pulsing when the list moved")

                // A whole turn turns: mid-flight the spinner is upside down, not where it began.
                try await browser.click("button", labelled: "Spin")
                #expect(await browser.wait(for: moving("spinner")), "\(engine): the spinner did not move")
                try await Task.sleep(for: .milliseconds(600))
                let turned = try await browser.string(
                    "const m = new DOMMatrix(getComputedStyle(document.querySelector('[data-testid=spinner]')).transform); return String(Math.round(m.a * 10) / 10)"
                )
                #expect(turned != "1", "\(engine): the spinner is not turning (cos \(turned))")

                // The card's background grows with its text.
                let cardWidth = "return document.querySelector('[data-testid=card]').getBoundingClientRect().width"
                let narrow = try await browser.execute(cardWidth) as? Double ?? 0
                try await browser.click("button", labelled: "Grow")
                try await Task.sleep(for: .milliseconds(500))
                let halfway = try await browser.execute(cardWidth) as? Double ?? 0
                #expect(await browser.wait(for: "return !(\(moving("card").dropFirst(7)))"), "\(engine): the card never stopped")
                let wide = try await browser.execute(cardWidth) as? Double ?? 0
                #expect(halfway > narrow + 5 && halfway < wide - 5, "\(engine): the card went \(narrow) → \(halfway) → \(wide)")

                // A chart's line and an app's own shape: mid-flight, an outline between the two.
                let outlines =
                    "return ['line', 'needle'].map((id) => document.querySelector('[data-testid=' + id + '] path').getAttribute('d')).join('|')"
                let first = try await browser.string(outlines)
                try await browser.click("button", labelled: "Rise")
                try await Task.sleep(for: .milliseconds(600))
                let middle = try await browser.string(outlines)
                #expect(await browser.wait(for: "return !(\(moving("line").dropFirst(7))) && !(\(moving("needle").dropFirst(7)))"))
                let last = try await browser.string(outlines)
                let (a, b, c) = (first.split(separator: "|"), middle.split(separator: "|"), last.split(separator: "|"))
                #expect(a.count == 2 && b.count == 2 && c.count == 2, "\(engine): \(first) / \(middle) / \(last)")
                for index in 0..<min(2, a.count, b.count, c.count) {
                    #expect(
                        b[index] != a[index] && b[index] != c[index],
                        "\(engine): outline \(index) jumped: \(a[index]) → \(b[index]) → \(c[index])")
                }
                #expect(first != last, "\(engine): the outlines did not change")

                // The sheet leaves by sliding down, and goes.
                try await browser.click("button", labelled: "Sheet")
                #expect(await browser.wait(for: "return !!document.querySelector('dialog[open]')"), "\(engine): no sheet")
                try await Task.sleep(for: .milliseconds(500))
                try await browser.click("button", labelled: "Close")
                #expect(
                    await browser.wait(
                        for:
                            "return !document.querySelector('dialog[open]') && [...document.querySelectorAll('div.jw-sheet')].some((c) => c.getAnimations().length > 0)"
                    ), "\(engine): the sheet did not leave with motion")
                #expect(await browser.wait(for: "return !document.querySelector('.jw-sheet')"), "\(engine): the leaving sheet stayed")
                let errors = try await browser.string("return window.jetway.errors + ' ' + window.jetway.lastError")
                #expect(errors.hasPrefix("0 "), "\(engine): \(errors)")
            }
        }
    }
}

/// A visitor who asked for less motion: what moves, and what the app reads.
private struct CalmCases: View {
    @State private var reversed = false
    @Environment(\.accessibilityReduceMotion) private var reduceMotion

    var body: some View {
        VStack(alignment: .leading) {
            Text(reduceMotion ? "Motion reduced" : "Motion full")
            Button("Reverse") { withAnimation(.linear(duration: 1.2)) { reversed.toggle() } }
            ForEach(reversed ? ["C9", "B7", "A1"] : ["A1", "B7", "C9"], id: \.self) { gate in
                Text("Gate \(gate)").accessibilityIdentifier("gate-\(gate)")
            }
            if reversed { Text("Reversed").transition(.move(edge: .leading)).accessibilityIdentifier("note") }
        }
        .padding()
    }
}

extension EndToEnd {
    /// `prefers-reduced-motion: reduce`, told to each engine its own way (`BrowserEngine.start(
    /// reducedMotion:)`): rows that reorder in `withAnimation` do not slide, a view that comes in by a move fades, and the app
    /// reads `accessibilityReduceMotion` as true from the next page on.
    @Suite
    @MainActor
    struct ReducedMotionInBrowsers {
        @Test(.enabled(if: BrowserEngine.chromium.shouldRun, "needs chromium-driver (make test installs it)"))
        func chromium() async throws { try await calm(.chromium) }

        @Test(.enabled(if: BrowserEngine.firefox.shouldRun, "needs firefox-esr (make test installs it)"))
        func firefox() async throws { try await calm(.firefox) }

        @Test(.enabled(if: BrowserEngine.webkit.shouldRun, "needs webkit2gtk-driver and xvfb (make test installs them)"))
        func webkit() async throws { try await calm(.webkit) }

        func calm(_ engine: BrowserEngine) async throws {
            let server = try TestServer(app: JetwayApp(title: "Calm", routes: [Route("/") { _ in CalmCases() }]))
            defer { server.stop() }
            try await withBrowsers(1, engine, reducedMotion: true) { browsers in try await calm(browsers[0], server) }
        }

        func calm(_ browser: any Browser, _ server: TestServer) async throws {
            let engine = browser.engine
            #expect(try await browser.openLive(server.base + "/"))
            // The instrument: the browser does say it.
            #expect(
                try await browser.execute("return matchMedia('(prefers-reduced-motion: reduce)').matches") as? Bool == true,
                "\(engine) was not told")
            _ = try await browser.execute(
                """
                window.jwSeen = [];
                const look = () => {
                  for (const a of document.getAnimations()) if (a.id === 'jw-motion') for (const k of a.effect.getKeyframes()) jwSeen.push(Object.keys(k).filter((p) => !['offset', 'easing', 'composite', 'computedOffset'].includes(p)).join(','));
                  if (jwSeen.length < 400) requestAnimationFrame(look);
                };
                requestAnimationFrame(look); return true
                """)
            try await browser.click("button", labelled: "Reverse")
            #expect(await browser.wait(for: "return document.body.innerText.includes('Reversed')"))
            try await Task.sleep(for: .milliseconds(600))
            let seen = Set(try await browser.execute("return jwSeen") as? [String] ?? [])
            #expect(seen.contains { $0.contains("opacity") }, "\(engine): nothing faded: \(seen)")
            #expect(!seen.contains { $0.contains("transform") }, "\(engine): something moved: \(seen)")
            // The next page is rendered for a visitor who asked for less motion.
            #expect(try await browser.openLive(server.base + "/"))
            #expect(
                await browser.wait(for: "return document.body.innerText.includes('Motion reduced')"), "\(engine): the app did not read it")
        }
    }
}
