import Jetway
import JetwayTesting
import Testing

private struct Lifecycle: View {
    let log: EventLog
    @State private var shown = true
    var body: some View {
        VStack {
            Button("Hide") { shown = false }
            if shown {
                Text("child")
                    .onAppear { log.events.append("appear") }
                    .onDisappear { log.events.append("disappear") }
                    .task {
                        log.events.append("task start")
                        // Longer than any test run: "task done" only if the view never left.
                        try? await Task.sleep(for: .seconds(3600))
                        log.events.append(Task.isCancelled ? "task cancelled" : "task done")
                    }
            }
        }
    }
}

@MainActor
final class EventLog {
    var events: [String] = []
}

@MainActor
struct ModifierTests {
    @Test func paddingAndFrames() {
        #expect(inner(Text("a").padding()) == "<span class=\"jw-text\" style=\"padding:16px\">a</span>")
        #expect(
            inner(Text("a").padding([.top, .leading], 3))
                == "<span class=\"jw-text\" style=\"padding-top:3px;padding-inline-start:3px\">a</span>")
        #expect(
            inner(Text("a").padding(EdgeInsets(top: 1, leading: 2, bottom: 3, trailing: 4))).contains(
                "padding-block:1px 3px;padding-inline:2px 4px"))
        // Insets and an edge's padding add up, in either order (each a box of its own).
        for html in [
            inner(Text("a").padding(.horizontal, 8).padding(EdgeInsets(top: 1, leading: 2, bottom: 3, trailing: 4))),
            inner(Text("a").padding(EdgeInsets(top: 1, leading: 2, bottom: 3, trailing: 4)).padding(.horizontal, 8)),
        ] {
            #expect(
                html.contains("padding-inline:2px 4px") && html.contains("padding-inline-start:8px") && html.contains("jw-box"), "\(html)")
        }
        // `.badge(nil)` is the `Text?` form's (no badge); a literal is a key.
        #expect(!ViewHost(List { Text("Row").badge(nil) }).html.contains(StyleClass.badge + "\""))
        #expect(ViewHost(List { Text("Row").badge("New") }).text.contains("New"))
        #expect(
            inner(Text("a").frame(width: 10, height: 20))
                == "<div class=\"jw-frame\" style=\"width:10px;height:20px\"><span class=\"jw-text\">a</span></div>")
        #expect(
            inner(Text("a").frame(minWidth: 5, maxWidth: 50, minHeight: 1, maxHeight: .infinity))
                == "<div class=\"jw-frame jw-fill-w jw-fill-h jw-fill-capped\" style=\"min-width:5px;max-width:50px;min-height:1px\"><span class=\"jw-text\">a</span></div>"
        )
    }

    @Test func paddingAfterABackgroundGoesOutsideIt() {
        #expect(
            inner(Text("a").padding(2).background(.red))
                == "<span class=\"jw-text\" style=\"padding:2px;background:var(--jw-red)\">a</span>")
        #expect(
            inner(Text("a").background(.red).padding(2))
                == "<div class=\"jw-box\" style=\"padding:2px\"><span class=\"jw-text\" style=\"background:var(--jw-red)\">a</span></div>")
    }

    @Test func textModifiers() {
        #expect(inner(Text("a").lineLimit(2)).contains("class=\"jw-text jw-line-limit\" style=\"-webkit-line-clamp:2\""))
        #expect(inner(Text("a").multilineTextAlignment(.center)).contains("text-align:center"))
        // The last text baseline is CSS's `last baseline` (two words) wherever it is written.
        let lastBaseline = Alignment(horizontal: .leading, vertical: .lastTextBaseline)
        #expect(inner(ZStack(alignment: lastBaseline) { Text("a") }).contains("align-items:last baseline"))
        #expect(inner(Text("a").frame(width: 40, height: 40, alignment: lastBaseline)).contains("align-items:last baseline"))
        #expect(inner(Grid { GridRow(alignment: .lastTextBaseline) { Text("a") } }).contains("last baseline"))
        // Leading and trailing are the layout's sides, not each text's own script's.
        #expect(inner(Text("a").multilineTextAlignment(.leading)).contains("text-align:left"))
        #expect(inner(Text("a").multilineTextAlignment(.trailing)).contains("text-align:right"))
        #expect(
            ViewHost(Text("a").multilineTextAlignment(.leading).environment(\.layoutDirection, .rightToLeft)).html.contains(
                "text-align:right"))
        #expect(
            ViewHost(Text("a").multilineTextAlignment(.trailing).environment(\.layoutDirection, .rightToLeft)).html.contains(
                "text-align:left"))
        #expect(
            inner(VStack { Text("a") }.font(.title2).foregroundStyle(.secondary))
                == "<div class=\"jw-vstack jw-font-title2\" style=\"color:var(--jw-secondary)\"><span class=\"jw-text\">a</span></div>")
        #expect(
            inner(Text("a").font(.system(size: 13, weight: .bold, design: .monospaced))).contains(
                "jw-text jw-mono\" style=\"font-size:13px;font-weight:700\""))
    }

    @Test func visibilityAndGeometryModifiers() {
        #expect(inner(Text("a").hidden()) == "<span class=\"jw-text\" style=\"visibility:hidden\" aria-hidden=\"true\">a</span>")
        #expect(inner(Text("a").opacity(2)).contains("opacity:1"))
        #expect(inner(Text("a").offset(x: 3, y: -2)).contains("transform:translate(3px,-2px)"))
        #expect(inner(Image("a").clipShape(RoundedRectangle(cornerRadius: 8))).contains("border-radius:8px;overflow:hidden"))
        #expect(inner(Image("a").scaledToFill()).contains("object-fit:cover"))
        #expect(inner(Text("a").zIndex(2)).contains("z-index:2"))
    }

    /// Values a computation can give (NaN, infinities, fractions) draw, never trap.
    @Test func zIndexAndSheetHeightsTakeAnyDouble() {
        #expect(inner(Text("a").zIndex(0.5)).contains("z-index:1"), "a fraction still stacks above 0")
        #expect(inner(Text("a").zIndex(-0.5)).contains("z-index:-1"))
        #expect(inner(Text("a").zIndex(.nan)).contains("z-index:0"))
        #expect(inner(Text("a").zIndex(.infinity)).contains("z-index:2147483647"))
        #expect(inner(Text("a").zIndex(-1e300)).contains("z-index:-2147483648"))
        for (height, css) in [(Double.infinity, "92vh"), (.nan, "92vh"), (300, "min(300px, 92vh)")] {
            let sheet = ViewHost(Text("a").sheet(isPresented: .constant(true)) { Text("b").presentationDetents([.height(height)]) })
            #expect(sheet.html.contains(css), "\(height)")
        }
    }

    @Test func backgroundAndOverlayViews() {
        let html = inner(Text("a").overlay(alignment: .topTrailing) { Circle().fill(.red) }.background { Color.blue })
        #expect(html.hasPrefix("<div class=\"jw-zstack\"><div class=\"jw-color jw-fill-w jw-fill-h jw-underlay\""))
        #expect(
            html.contains(
                "jw-shape jw-fill-w jw-fill-h jw-overlay\" aria-hidden=\"true\" style=\"border-radius:50%;background:var(--jw-red);justify-self:end;align-self:start\""
            ))
    }

    @Test func accessibility() {
        #expect(inner(Image(systemName: "gear").accessibilityLabel("Settings")).contains("aria-label=\"Settings\""))
        #expect(inner(Text("a").accessibilityHidden(true)).contains("aria-hidden=\"true\""))
        #expect(inner(Text("a").accessibilityIdentifier("flight-row")).contains("data-testid=\"flight-row\""))
        #expect(inner(Text("a").accessibilityHint("Opens details")).contains("title=\"Opens details\""))
    }

    @Test func tapGestureMakesAnyViewAKeyboardReachableButton() throws {
        var taps = 0
        let host = ViewHost(Text("Tap me").onTapGesture { taps += 1 })
        #expect(host.html.contains("role=\"button\"") && host.html.contains("tabindex=\"0\""))
        try host.tap("Tap me")
        #expect(taps == 1)
    }

    @Test func appearDisappearAndTaskFollowTheView() async throws {
        let log = EventLog()
        let host = ViewHost(Lifecycle(log: log))
        #expect(log.events == ["appear"])
        // Long timeouts: the main actor is shared with every test running beside this one.
        #expect(await host.settle(until: { _ in log.events.contains("task start") }, timeout: .seconds(120)))
        try host.tap("Hide")
        #expect(await host.settle(until: { _ in log.events.contains("task cancelled") }, timeout: .seconds(120)))
        #expect(log.events == ["appear", "task start", "disappear", "task cancelled"])
    }

    @Test func onSubmitRunsOnEnter() throws {
        var submitted = 0
        let host = ViewHost(TextField("Query", text: .constant("")).onSubmit { submitted += 1 })
        try host.submit("Query")
        #expect(submitted == 1)
    }
}

@MainActor
struct PacingTests {
    @Test func debounceAndThrottleAreDeclaredForTheRuntime() {
        #expect(inner(TextField("Query", text: .constant("")).eventDebounce(.milliseconds(300))).contains("data-debounce=\"300\""))
        #expect(inner(Slider(value: .constant(0.5)).eventThrottle(.seconds(1))).contains("data-throttle=\"1000\""))
    }
}
