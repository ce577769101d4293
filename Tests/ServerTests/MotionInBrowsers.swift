import Foundation
import Jetway
import JetwayBrowser
import JetwayServer
import Testing

/// A page that moves as SwiftUI apps move: a box that grows, a detail that comes and goes, a
/// list that reverses, an icon that turns with `.animation(_:value:)`. Long, linear motions, so
/// the test can look at them mid-flight.
private struct MotionCases: View {
    @State var expanded = false
    @State var reversed = false
    @State var turned = false
    @State var progress = 0.25
    @GestureState var drag = CGSize.zero
    @State var dropped: CGFloat = 0
    @State var held = false
    @State var grown = false
    @Namespace var shapes
    static let gates = ["A1", "A2", "B7", "B12", "C3", "C9"]

    var body: some View {
        VStack(alignment: .leading, spacing: 12) {
            HStack {
                Button("Expand") { withAnimation(.linear(duration: 1.5)) { expanded.toggle() } }
                Button("Reverse") { withAnimation(.easeInOut(duration: 1.5)) { reversed.toggle() } }
                Button("Turn") { turned.toggle() }
            }
            Color.blue.frame(width: expanded ? 240 : 120, height: 30).accessibilityIdentifier("box")
            if expanded {
                Text("Boarding details").transition(.move(edge: .leading).combined(with: .opacity)).accessibilityIdentifier("details")
                Text("Gate closing").transition(Rise()).accessibilityIdentifier("rise")
            }
            VStack(alignment: .leading) {
                ForEach(reversed ? Self.gates.reversed() : Self.gates, id: \.self) { gate in
                    Text("Gate \(gate)").accessibilityIdentifier("gate-\(gate)")
                }
            }
            HStack(spacing: 16) {
                Triangle().fill(.orange).frame(width: 40, height: 30).accessibilityIdentifier("triangle")
                Triangle().fill(LinearGradient(colors: [.blue, .purple], startPoint: .top, endPoint: .bottom))
                    .frame(width: 40, height: 30)
                Circle()
                    .trim(from: 0, to: progress)
                    .stroke(.green, style: StrokeStyle(lineWidth: 6, lineCap: .round))
                    .rotationEffect(.degrees(-90))
                    .frame(width: 50, height: 50)
                    .accessibilityIdentifier("ring")
                Path { path in
                    path.move(to: CGPoint(x: 0, y: 20))
                    path.addQuadCurve(to: CGPoint(x: 40, y: 20), control: CGPoint(x: 20, y: -10))
                }
                .stroke(.red, lineWidth: 3)
                .frame(width: 40, height: 30)
                Button("Fill") { withAnimation(.linear(duration: 1.5)) { progress = 0.9 } }
            }
            Text("Card").padding(8).background(Color.yellow)
                .offset(x: dropped + drag.width)
                .gesture(
                    DragGesture()
                        .updating($drag) { value, state, _ in state = value.translation }
                        .onEnded { value in withAnimation(.spring(duration: 0.8)) { dropped = value.translation.width > 50 ? 100 : 0 } }
                )
                .accessibilityIdentifier("card")
            Button("Grow") { withAnimation(.linear(duration: 1.5)) { grown.toggle() } }
            if grown {
                Color.red.frame(width: 200, height: 60).matchedGeometryEffect(id: "tile", in: shapes).accessibilityIdentifier("tile-big")
            } else {
                Color.red.frame(width: 40, height: 40).matchedGeometryEffect(id: "tile", in: shapes).accessibilityIdentifier("tile-small")
            }
            Text(held ? "Held" : "Hold me").onLongPressGesture(minimumDuration: 0.3) { held = true }.accessibilityIdentifier("hold")
            Image(systemName: "airplane")
                .rotationEffect(.degrees(turned ? 90 : 0))
                .animation(.spring(duration: 1.2, bounce: 0.3), value: turned)
                .accessibilityIdentifier("plane")
        }
        .padding()
    }
}

private struct Triangle: Shape {
    func path(in rect: CGRect) -> Path {
        Path { path in
            path.move(to: CGPoint(x: rect.midX, y: rect.minY))
            path.addLine(to: CGPoint(x: rect.maxX, y: rect.maxY))
            path.addLine(to: CGPoint(x: rect.minX, y: rect.maxY))
            path.closeSubpath()
        }
    }
}

/// Onboarding pages turned by a swipe.
private struct Pages: View {
    @State var page = 0
    var body: some View {
        TabView(selection: $page) {
            Text("Welcome aboard").font(.largeTitle).frame(maxWidth: .infinity, minHeight: 200).tag(0)
            Text("Pick a seat").font(.largeTitle).frame(maxWidth: .infinity, minHeight: 200).tag(1)
        }
        .tabViewStyle(.page)
        .accessibilityIdentifier("pages")
    }
}

/// 200 rows that reverse with animation: the frame timing of a big animated reorder.
private struct ManyRows: View {
    @State var reversed = false
    var body: some View {
        ScrollView {
            Button("Reverse all") { withAnimation(.easeInOut(duration: 1)) { reversed.toggle() } }
            VStack(alignment: .leading) {
                ForEach(reversed ? Array((0..<200).reversed()) : Array(0..<200), id: \.self) { row in
                    HStack {
                        Text("Flight \(row)")
                        Spacer()
                        Text("Gate \(row % 30)")
                    }
                }
            }
        }
    }
}

/// An iOS 17 transition of the app's own: it rises, sharpening, into place.
private struct Rise: Transition {
    func body(content: Content, phase: TransitionPhase) -> some View {
        content
            .opacity(phase.isIdentity ? 1 : 0)
            .offset(y: phase.isIdentity ? 0 : 40)
            .blur(radius: phase.isIdentity ? 0 : 6)
    }
}

extension EndToEnd {
    /// `document.getAnimations()` looked at mid-flight in each engine: what moves, for how long,
    /// on which curve; the end state is the server's render; a removed view leaves after its
    /// transition; a patch mid-flight starts again from where things are.
    @Suite
    @MainActor
    struct MotionInBrowsers {
        @Test(.enabled(if: BrowserEngine.chromium.shouldRun, "needs chromium-driver (make test installs it)"))
        func chromium() async throws { try await changesMove(.chromium) }

        @Test(.enabled(if: BrowserEngine.firefox.shouldRun, "needs firefox-esr (make test installs it)"))
        func firefox() async throws { try await changesMove(.firefox) }

        @Test(.enabled(if: BrowserEngine.webkit.shouldRun, "needs webkit2gtk-driver and xvfb (make test installs them)"))
        func webkit() async throws { try await changesMove(.webkit) }

        /// The running motions: element (its accessibility id or tag), the properties its
        /// keyframes change, duration, easing.
        static let running = """
            return document.getAnimations().filter((a) => a.id === 'jw-motion').map((a) => {
              const el = a.effect.target, t = a.effect.getTiming();
              const props = Object.keys(a.effect.getKeyframes()[0]).filter((k) => !['offset', 'easing', 'composite', 'computedOffset'].includes(k)).sort();
              const named = el.closest('[data-testid]'); return (named ? named.dataset.testid : el.tagName) + ' ' + props.join(',') + ' ' + t.duration + ' ' + t.easing.slice(0, 12);
            })
            """

        func changesMove(_ engine: BrowserEngine) async throws {
            let app = JetwayApp(
                title: "Motion",
                routes: [Route("/motion") { _ in MotionCases() }, Route("/rows") { _ in ManyRows() }, Route("/pages") { _ in Pages() }])
            let server = try TestServer(app: app)
            defer { server.stop() }
            try await withBrowsers(1, engine) { browsers in
                let browser = browsers[0]
                try await browser.navigate(server.base + "/motion")
                #expect(await browser.wait(for: "return document.documentElement.classList.contains('jw-connected')"))
                let width = "return String(Math.round(document.querySelector('[data-testid=box]').getBoundingClientRect().width))"

                // withAnimation: the box grows along the linear curve, the detail comes in.
                try await browser.click("button", labelled: "Expand")
                #expect(await browser.wait(for: "return document.getAnimations().length > 0"), "\(engine): nothing moved")
                let moving = try await browser.execute(Self.running) as? [String] ?? []
                #expect(
                    moving.contains { $0.hasPrefix("box transform") && $0.contains(" 1500 linear") }, "\(engine): the box grows: \(moving)")
                #expect(
                    moving.contains { $0.hasPrefix("details opacity,transform 1500 linear") },
                    "\(engine): the detail's transition: \(moving)")
                #expect(
                    moving.contains { $0.hasPrefix("rise filter,opacity,transform 1500 linear") },
                    "\(engine): an app's own transition: \(moving)")
                let midWidth = try await browser.string(width)
                #expect(
                    await browser.wait(for: "return document.getAnimations().filter((a) => a.id === 'jw-motion').length === 0", timeout: 5),
                    "\(engine): the motion never ended")
                #expect(try await browser.string(width) == "240", "\(engine): the end is the server's render (mid-flight \(midWidth))")
                try await browser.screenshot("motion-\(engine)-expanded")

                // A removed view stays until its transition ends, then goes.
                try await browser.click("button", labelled: "Expand")
                #expect(
                    await browser.wait(
                        for:
                            "return !document.querySelector('[data-testid=details]:not([aria-hidden])') && [...document.querySelectorAll('[aria-hidden=true]')].some((e) => e.textContent.includes('Boarding details'))"
                    ), "\(engine): the detail left at once")
                #expect(
                    await browser.wait(for: "return !document.body.textContent.includes('Boarding details')", timeout: 5),
                    "\(engine): the detail's copy never left")

                // A list that reverses: rows move (FLIP); a second patch mid-flight starts again from where they are.
                try await browser.click("button", labelled: "Reverse")
                #expect(
                    await browser.wait(for: "return document.getAnimations().some((a) => a.effect.target.dataset.testid === 'gate-A1')"))
                try await Task.sleep(for: .milliseconds(400))
                let midTop = try await browser.string(
                    "return String(Math.round(document.querySelector('[data-testid=gate-A1]').getBoundingClientRect().top))")
                try await browser.click("button", labelled: "Reverse")
                #expect(
                    await browser.wait(
                        for:
                            "const a = document.getAnimations().find((a) => a.effect.target.dataset.testid === 'gate-A1'); return !!a && a.currentTime < 300"
                    ),
                    "\(engine): the second patch did not start a new motion")
                let restart = try await browser.string(
                    "const a = document.getAnimations().find((a) => a.effect.target.dataset.testid === 'gate-A1'); const k = a.effect.getKeyframes()[0].transform; return k"
                )
                #expect(
                    restart.contains("translate(") || restart.contains("matrix("),
                    "\(engine): the restart is a move from where the row was (\(midTop)): \(restart)")
                #expect(
                    await browser.wait(for: "return document.getAnimations().filter((a) => a.id === 'jw-motion').length === 0", timeout: 5))
                #expect(
                    try await browser.string(
                        "return [...document.querySelectorAll('[data-testid^=gate-]')].map((e) => e.dataset.testid).join(' ')")
                        == "gate-A1 gate-A2 gate-B7 gate-B12 gate-C3 gate-C9", "\(engine): back in order")

                // .animation(_:value:) without withAnimation: the icon turns on a spring.
                try await browser.click("button", labelled: "Turn")
                #expect(await browser.wait(for: "return document.getAnimations().some((a) => a.effect.target.dataset.testid === 'plane')"))
                let turning = try await browser.execute(Self.running) as? [String] ?? []
                #expect(turning.contains { $0.hasPrefix("plane transform") && $0.contains("linear(0") }, "\(engine): \(turning)")
                // Shapes: drawn at the size the browser reported; a trimmed ring's dash moves along it.
                #expect(
                    await browser.wait(
                        for: "return document.querySelector('[data-testid=triangle] svg').getAttribute('viewBox') === '0 0 40 30'"),
                    "\(engine): the triangle was not drawn at its size")
                try await browser.click("button", labelled: "Fill")
                #expect(
                    await browser.wait(
                        for:
                            "return document.getAnimations().some((a) => a.effect.target.tagName.toLowerCase() === 'path' && 'strokeDasharray' in a.effect.getKeyframes()[0])"
                    ), "\(engine): the ring's trim did not move")
                #expect(
                    await browser.wait(for: "return document.getAnimations().filter((a) => a.id === 'jw-motion').length === 0", timeout: 5))
                try await browser.screenshot("motion-\(engine)-shapes")

                // A card that follows the pointer (the server hears the drag at most once a frame)
                // and springs to where it was dropped; a long press.
                let pointer = """
                    window.jwPointer = (id, type, dx, dy) => {
                      const el = document.querySelector('[data-testid=' + id + ']'), r = el.getBoundingClientRect();
                      (type === 'pointerdown' ? el : document).dispatchEvent(new PointerEvent(type, {bubbles: true, pointerId: 7, isPrimary: true,
                        clientX: r.left + 10 + dx, clientY: r.top + 10 + dy, button: 0}));
                      return true;
                    }; return true
                    """
                _ = try await browser.execute(pointer)
                let cardLeft = "return String(Math.round(document.querySelector('[data-testid=card]').getBoundingClientRect().left))"
                let startLeft = Int(try await browser.string(cardLeft)) ?? 0
                _ = try await browser.execute("return jwPointer('card', 'pointerdown', 0, 0)")
                for step in 1...8 {
                    _ = try await browser.execute("return jwPointer('card', 'pointermove', \(step * 10) - (\(step) > 1 ? 0 : 0), 0)")
                    try await Task.sleep(for: .milliseconds(30))
                }
                #expect(
                    await browser.wait(
                        for:
                            "return Math.round(document.querySelector('[data-testid=card]').getBoundingClientRect().left) >= \(startLeft) + 60"
                    ),
                    "\(engine): the card did not follow the drag")
                _ = try await browser.execute("return jwPointer('card', 'pointerup', 80, 0)")
                #expect(
                    await browser.wait(for: "return document.getAnimations().some((a) => a.effect.target.closest('[data-testid=card]'))"),
                    "\(engine): the drop did not spring")
                #expect(
                    await browser.wait(
                        for:
                            "return document.getAnimations().filter((a) => a.id === 'jw-motion').length === 0 && Math.round(document.querySelector('[data-testid=card]').getBoundingClientRect().left) === \(startLeft) + 100",
                        timeout: 5), "\(engine): the card did not end where it was dropped")
                _ = try await browser.execute("return jwPointer('hold', 'pointerdown', 0, 0)")
                #expect(await browser.wait(for: "return document.body.textContent.includes('Held')"), "\(engine): the long press")
                _ = try await browser.execute("return jwPointer('hold', 'pointerup', 0, 0)")

                // matchedGeometryEffect: the big tile grows from the small one's box.
                try await browser.click("button", labelled: "Grow")
                #expect(
                    await browser.wait(
                        for:
                            "return document.getAnimations().some((a) => a.effect.target.dataset.testid === 'tile-big' && String(a.effect.getKeyframes()[0].transform).length > 4)"
                    ), "\(engine): the matched tile did not fly")
                #expect(try await browser.execute("return window.jetway.errors") as? Int == 0)

                // Pages turned by a swipe, the next one sliding in.
                try await browser.navigate(server.base + "/pages")
                #expect(await browser.wait(for: "return document.documentElement.classList.contains('jw-connected')"))
                _ = try await browser.execute(
                    """
                    const panel = document.querySelector('[role=tabpanel]'), r = panel.getBoundingClientRect();
                    const at = (type, dx, target) => target.dispatchEvent(new PointerEvent(type, {bubbles: true, pointerId: 9, isPrimary: true, clientX: r.left + 250 + dx, clientY: r.top + 50, button: 0}));
                    at('pointerdown', 0, panel); at('pointermove', -60, document); at('pointermove', -160, document); at('pointerup', -160, document);
                    return true
                    """)
                #expect(
                    await browser.wait(for: "return document.querySelector('[role=tabpanel]').textContent.includes('Pick a seat')"),
                    "\(engine): the swipe did not turn the page")
                #expect(await browser.wait(for: "return document.getAnimations().length === 0", timeout: 5))
                try await browser.screenshot("motion-\(engine)-pages")

                // A big reorder: the frames while 200 rows move (the longest gap between frames,
                // and Chromium's long tasks), printed as bench figures.
                try await browser.navigate(server.base + "/rows")
                #expect(await browser.wait(for: "return document.documentElement.classList.contains('jw-connected')"))
                _ = try await browser.execute(
                    """
                    window.jwFrames = []; window.jwLong = 0;
                    try { new PerformanceObserver((list) => { for (const e of list.getEntries()) window.jwLong = Math.max(window.jwLong, e.duration); }).observe({type: 'longtask'}); } catch (e) {}
                    return true
                    """)
                try await browser.click("button", labelled: "Reverse all")
                #expect(await browser.wait(for: "return document.getAnimations().length > 50"), "\(engine): the rows did not move")
                _ = try await browser.execute(
                    "let last = performance.now(); const tick = (t) => { window.jwFrames.push(t - last); last = t; if (document.getAnimations().length) requestAnimationFrame(tick); }; requestAnimationFrame(tick); return true"
                )
                #expect(await browser.wait(for: "return document.getAnimations().length === 0", timeout: 5))
                let figures = try await browser.string(
                    "const f = window.jwFrames.slice(1); return Math.round(Math.max(...f)) + ' ' + f.length + ' ' + Math.round(window.jwLong) + ' ' + document.getAnimations().length + ' ' + document.querySelectorAll('[data-j]').length"
                )
                let parts = figures.split(separator: " ").compactMap { Int($0) }
                if parts.count == 5 {
                    print("bench: motion_reorder_rows_longest_frame_ms_\(engine) \(parts[0]) ms")
                    print("bench: motion_reorder_rows_frames_\(engine) \(parts[1]) frames")
                    if engine == .chromium { print("bench: motion_reorder_rows_longest_task_ms_chromium \(parts[2]) ms") }
                }
                #expect(parts.count == 5 && parts[1] > 10, "\(engine): the frames of the reorder: \(figures)")
            }
        }
    }
}
