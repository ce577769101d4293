import Foundation
import Jetway
import JetwayBrowser
import JetwayServer
import Testing

/// What published apps asked for when ported, in each engine: a card that shakes through its
/// `GeometryEffect` (EmojiArt's and SetGame's kind), emojis dragged onto a canvas
/// (`.draggable`, `.dropDestination`), a colour of the app's asset catalog, and a button whose
/// label takes the width offered.
private struct Shake: GeometryEffect {
    var animatableData: CGFloat
    nonisolated func effectValue(size: CGSize) -> ProjectionTransform {
        ProjectionTransform(CGAffineTransform(translationX: 12 * sin(animatableData * .pi * 4), y: 0))
    }
}

private struct UnreadKey: PreferenceKey {
    static let defaultValue = 0
    static func reduce(value: inout Int, nextValue: () -> Int) { value += nextValue() }
}

/// A child that changes its own count, which its ancestor hears through a preference.
private struct UnreadBadge: View {
    @State private var unread = 3
    var body: some View {
        Button("Read") { unread -= 1 }.preference(key: UnreadKey.self, value: unread)
    }
}

/// A multi-line field as older apps wrap UIKit's (a placeholder its coordinator clears on
/// focus and puts back when left empty).
private struct MultilineField: UIViewRepresentable {
    @Binding var text: String
    func makeUIView(context: Context) -> UITextView {
        let view = UITextView()
        view.text = "Type something"
        view.textColor = .gray
        view.font = .systemFont(ofSize: 20)
        view.delegate = context.coordinator
        return view
    }
    func updateUIView(_ uiView: UITextView, context: Context) {}
    func makeCoordinator() -> Coordinator { Coordinator(text: $text) }
    final class Coordinator: NSObject, UITextViewDelegate {
        let text: Binding<String>
        init(text: Binding<String>) { self.text = text }
        func textViewDidBeginEditing(_ textView: UITextView) {
            if textView.textColor == .gray {
                textView.text = ""
                textView.textColor = .black
            }
        }
        func textViewDidChange(_ textView: UITextView) { text.wrappedValue = textView.text }
        func textViewDidEndEditing(_ textView: UITextView) {
            if textView.text.isEmpty {
                textView.text = "Type something"
                textView.textColor = .gray
            }
        }
    }
}

/// A weather screen's location model: started by a tap, answered by the page's browser.
private final class Locator: NSObject, ObservableObject, CLLocationManagerDelegate {
    @Published var place = "nowhere yet"
    let manager = CLLocationManager()
    override init() {
        super.init()
        manager.delegate = self
    }
    func locationManager(_ manager: CLLocationManager, didUpdateLocations locations: [CLLocation]) {
        guard let last = locations.last else { return }
        place = String(format: "at %.2f, %.2f", last.coordinate.latitude, last.coordinate.longitude)
    }
    func locationManager(_ manager: CLLocationManager, didFailWithError error: Error) { place = "no position" }
}

/// What the SwiftUI packages apps use asked for: a tint by `.colorMultiply`, a placeholder,
/// a plain list's section lines, a count handed up by a preference.
private struct PackagedCases: View {
    @State private var tint = Color(red: 1, green: 0, blue: 0)
    @State private var unread = 0
    @State private var note = ""
    @StateObject private var locator = Locator()
    @State private var search = ""
    var body: some View {
        VStack(spacing: 8) {
            HStack {
                TextField("Search gates", text: $search)
                Button("Done typing") { UIApplication.shared.sendAction(Selector("resignFirstResponder"), to: nil, from: nil, for: nil) }
            }
            Button("Locate me") { locator.manager.startUpdatingLocation() }
            Text(locator.place)
            MultilineField(text: $note).frame(height: 60).accessibilityIdentifier("note")
            Text("Note: \(note)")
            Rectangle().fill(Color.white).frame(width: 40, height: 20).colorMultiply(tint).accessibilityIdentifier("tint")
            Button("Tint green") { tint = Color(red: 0, green: 1, blue: 0) }
            Text("Loading flights").redacted(reason: .placeholder).accessibilityIdentifier("redacted")
            List {
                Section { Text("Row") }.listSectionSeparator(.hidden).accessibilityIdentifier("hidden-lines")
                Section { Text("Other") }.accessibilityIdentifier("lines")
            }
            .listStyle(.plain)
            .frame(height: 120)
            UnreadBadge().onPreferenceChange(UnreadKey.self) { unread = $0 }
            Text("Unread \(unread)")
        }
    }
}

private struct PortedCases: View {
    @State private var attempts: CGFloat = 0
    @State private var placed: [String] = []
    @State private var saves = 0
    @State private var display = "0"
    var body: some View {
        VStack(spacing: 12) {
            Text("Card").padding(8).background(Color.yellow).modifier(Shake(animatableData: attempts)).accessibilityIdentifier("card")
            Button("Wrong") { withAnimation(.linear(duration: 1)) { attempts += 1 } }
            HStack {
                ForEach(["✈️", "🧳"], id: \.self) { emoji in Text(emoji).font(.largeTitle).draggable(emoji).accessibilityIdentifier("emoji") }
            }
            Text(placed.isEmpty ? "Drop here" : placed.joined(separator: " "))
                .frame(maxWidth: .infinity, minHeight: 80)
                .background(Color.gray.opacity(0.2))
                .dropDestination(for: String.self) { items, location in
                    placed += items.map { "\($0)@\(Int(location.x)),\(Int(location.y))" }
                    return true
                }
                .accessibilityIdentifier("canvas")
            Color("GoldColor").frame(width: 60, height: 20).accessibilityIdentifier("gold")
            // A calculator's display: its own size while it fits, smaller only when it does not.
            Text(display).padding(4).frame(maxWidth: .infinity, alignment: .trailing)
                .font(.system(size: 60, weight: .light)).lineLimit(1).minimumScaleFactor(0.2)
                .accessibilityIdentifier("display")
            Button("Digits") { display += "1234567890" }
            Button(action: { saves += 1 }) { Text("Save \(saves)").padding(8).frame(maxWidth: .infinity).background(Color.blue) }
                .overlay(RoundedRectangle(cornerRadius: 10).stroke(Color.black, lineWidth: 2))
                .accessibilityIdentifier("save")
        }
        .padding()
    }
}

extension EndToEnd {
    @Suite
    @MainActor
    struct PortedAppsInBrowsers {
        @Test(.enabled(if: BrowserEngine.chromium.shouldRun, "needs chromium-driver (make test installs it)"))
        func chromium() async throws { try await portedCasesWork(.chromium) }

        @Test(.enabled(if: BrowserEngine.firefox.shouldRun, "needs firefox-esr (make test installs it)"))
        func firefox() async throws { try await portedCasesWork(.firefox) }

        @Test(.enabled(if: BrowserEngine.webkit.shouldRun, "needs webkit2gtk-driver and xvfb (make test installs them)"))
        func webkit() async throws { try await portedCasesWork(.webkit) }

        func portedCasesWork(_ engine: BrowserEngine) async throws {
            let assets = try AssetCatalogTests.catalog()
            let app = JetwayApp(title: "Ported", routes: [Route("/") { _ in PortedCases() }])
            let server = try TestServer(app: app) { $0.assetsDirectory = assets }
            defer { server.stop() }
            try await withBrowsers(1, engine) { browsers in
                let browser = browsers[0]
                try await browser.navigate(server.base + "/")
                #expect(await browser.wait(for: "return document.documentElement.classList.contains('jw-connected')"))

                // The shake: the server's 31 frames, played over the animation's second.
                try await browser.click("button", labelled: "Wrong")
                let shaking = """
                    const a = document.getAnimations().find((a) => a.effect.target.closest('[data-testid=card]'));
                    return !!a && a.effect.getKeyframes().length === 31 && a.effect.getTiming().duration === 1000
                    """
                #expect(await browser.wait(for: shaking), "\(engine): the sampled shake is not playing")
                let swing = "return Math.round(new DOMMatrix(getComputedStyle(document.querySelector('[data-testid=card]')).transform).m41)"
                var widest = 0
                for _ in 0..<12 {
                    widest = max(widest, abs(try await browser.execute(swing) as? Int ?? 0))
                    try await Task.sleep(for: .milliseconds(60))
                }
                #expect(widest >= 4, "\(engine): the card never swung (widest \(widest) px)")
                #expect(
                    await browser.wait(for: "return document.getAnimations().length === 0", timeout: 5), "\(engine): the shake never ended")
                #expect(try await browser.execute(swing) as? Int == 0, "\(engine): the card ends where it was")

                // Drag and drop with the browser's own events (a DataTransfer as a real drag carries).
                let dragged = try await browser.string(
                    """
                    const source = document.querySelector('[data-testid=emoji][draggable=true]');
                    const transfer = new DataTransfer();
                    source.dispatchEvent(new DragEvent('dragstart', { bubbles: true, dataTransfer: transfer }));
                    const target = document.querySelector('[data-testid=canvas]'), box = target.getBoundingClientRect();
                    const at = { bubbles: true, cancelable: true, dataTransfer: transfer, clientX: box.left + 10, clientY: box.top + 5 };
                    target.dispatchEvent(new DragEvent('dragover', at));
                    const over = target.classList.contains('jw-drop-targeted');
                    target.dispatchEvent(new DragEvent('drop', at));
                    return transfer.getData('text/plain') + (over ? ' over' : ' not over');
                    """)
                #expect(dragged == "✈️ over", "\(engine): \(dragged)")
                let landed = await browser.wait(
                    for: "return document.querySelector('[data-testid=canvas]').textContent.match(/✈️@(9|10|11),(4|5|6)/) !== null")
                let canvas = try await browser.string("return document.querySelector('[data-testid=canvas]').textContent")
                #expect(landed, "\(engine): the drop did not arrive where it landed: \(canvas)")

                // The asset catalog's colour, and a button as wide as its label asks.
                let gold = try await browser.string(
                    "return getComputedStyle(document.querySelector('[data-testid=gold] > *')).backgroundColor")
                let sheets = try await browser.string(
                    "return document.querySelector('[data-testid=gold]').outerHTML + [...document.styleSheets].map(s => s.href).join(' ')")
                #expect(gold == "rgb(255, 215, 0)", "\(engine): the catalog's colour: \(gold) \(sheets)")
                let widths = try await browser.string(
                    """
                    const save = document.querySelector('[data-testid=save]'), page = save.parentElement;
                    return Math.round(save.getBoundingClientRect().width) + ' ' + Math.round(page.getBoundingClientRect().width)
                    """
                ).split(separator: " ").compactMap { Int($0) }
                #expect(
                    widths.count == 2 && widths[0] >= widths[1] - 40, "\(engine): the button is not as wide as its label asks: \(widths)")
                let displaySize = "return getComputedStyle(document.querySelector('[data-testid=display]')).fontSize"
                #expect(try await browser.string(displaySize) == "60px", "\(engine): a display that fits keeps its size")
                try await browser.click("button", labelled: "Digits")
                try await browser.click("button", labelled: "Digits")
                let shrunk = await browser.wait(for: "return parseFloat(\(displaySize.dropFirst(7))) < 59")
                let shrunkSize = try await browser.string(displaySize)
                #expect(shrunk, "\(engine): a display that does not fit does not shrink: \(shrunkSize)")

                // A border drawn over the button lets the click through to it (SetGame's buttons).
                try await browser.click("[data-testid=save]")
                #expect(
                    await browser.wait(for: "return document.body.textContent.includes('Save 1')"), "\(engine): the overlay took the click")
                #expect(try await browser.execute("return window.jetway.errors") as? Int == 0)
                try await browser.screenshot("ported-\(engine)")
            }
        }

        @Test(.enabled(if: BrowserEngine.chromium.shouldRun, "needs chromium-driver (make test installs it)"))
        func packagedChromium() async throws { try await packagedCasesWork(.chromium) }

        @Test(.enabled(if: BrowserEngine.firefox.shouldRun, "needs firefox-esr (make test installs it)"))
        func packagedFirefox() async throws { try await packagedCasesWork(.firefox) }

        @Test(.enabled(if: BrowserEngine.webkit.shouldRun, "needs webkit2gtk-driver and xvfb (make test installs them)"))
        func packagedWebKit() async throws { try await packagedCasesWork(.webkit) }

        func packagedCasesWork(_ engine: BrowserEngine) async throws {
            let app = JetwayApp(title: "Packaged", routes: [Route("/") { _ in PackagedCases() }])
            let server = try TestServer(app: app)
            defer { server.stop() }
            try await withBrowsers(1, engine) { browsers in
                let browser = browsers[0]
                try await browser.navigate(server.base + "/")
                #expect(await browser.wait(for: "return document.documentElement.classList.contains('jw-connected')"))
                // The tint's filter is an SVG colour matrix of this document, in the first paint
                // and after a patch changes it.
                let matrix = """
                    const tint = document.querySelector('[data-testid=tint]');
                    const filter = tint.querySelector('filter'), matrix = filter && filter.firstElementChild;
                    return (matrix instanceof SVGFEColorMatrixElement) + ' ' + getComputedStyle(tint).filter.includes(filter.id)
                        + ' ' + matrix.getAttribute('values')
                    """
                #expect(try await browser.string(matrix) == "true true 1 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 1 0", "\(engine)")
                try await browser.click("button", labelled: "Tint green")
                #expect(
                    await browser.wait(for: "return document.querySelector('[data-testid=tint] filter').id.includes('0-1-0-1')"),
                    "\(engine): the tint did not change")
                #expect(try await browser.string(matrix) == "true true 0 0 0 0 0 0 1 0 0 0 0 0 0 0 0 0 0 0 1 0", "\(engine)")
                // A placeholder hides its text behind a block of its size.
                let redacted = try await browser.string(
                    """
                    const text = document.querySelector('[data-testid=redacted]'), style = getComputedStyle(text);
                    return style.color + ' ' + (style.backgroundColor !== 'rgba(0, 0, 0, 0)') + ' ' + (text.getBoundingClientRect().width > 40)
                    """)
                #expect(redacted == "rgba(0, 0, 0, 0) true true", "\(engine): \(redacted)")
                // A plain list's section lines, and the section that hides them.
                let lines = try await browser.string(
                    """
                    const rows = (id) => getComputedStyle(document.querySelector('[data-testid=' + id + '] .jw-section-rows'));
                    return rows('hidden-lines').borderTopColor + ' / ' + (rows('lines').borderTopColor !== 'rgba(0, 0, 0, 0)')
                    """)
                #expect(lines == "rgba(0, 0, 0, 0) / true", "\(engine): \(lines)")
                // A child's own change reaches its ancestor through the preference.
                #expect(await browser.wait(for: "return document.body.textContent.includes('Unread 3')"), "\(engine)")
                try await browser.click("button", labelled: "Read")
                #expect(
                    await browser.wait(for: "return document.body.textContent.includes('Unread 2')"),
                    "\(engine): the preference did not come up")
                // A location manager answered by this browser's geolocation (a stand-in position:
                // a test browser has no receiver and refuses without asking).
                try await browser.execute(
                    """
                    const position = { coords: { latitude: 39.86, longitude: -104.67, accuracy: 12, altitude: null,
                        altitudeAccuracy: null, speed: null, heading: null }, timestamp: Date.now() };
                    Object.defineProperty(navigator, 'geolocation', { configurable: true, value: {
                        watchPosition(ok) { setTimeout(() => ok(position), 10); return 1; }, clearWatch() {},
                        getCurrentPosition(ok) { setTimeout(() => ok(position), 10); } } });
                    return true
                    """)
                try await browser.click("button", labelled: "Locate me")
                #expect(
                    await browser.wait(for: "return document.body.textContent.includes('at 39.86, -104.67')"),
                    "\(engine): the position did not reach the manager")
                // A wrapped UITextView: its placeholder cleared on focus, the typing reaching the
                // binding through its delegate, the placeholder back when left empty.
                let note = "document.querySelector('textarea')"
                #expect(try await browser.string("return \(note).value") == "Type something", "\(engine)")
                // Focus and blur are heard as events a browser need not fire in a window without
                // the system's focus (headless Firefox: `document.hasFocus()` is false); there the
                // test fires them as the browser would, and says so.
                let windowHasFocus = try await browser.execute("return document.hasFocus()") as? Bool ?? false
                func heard(_ condition: String, firing event: String) async throws -> Bool {
                    if await browser.wait(for: condition, timeout: 2) { return true }
                    guard !windowHasFocus else { return false }
                    print("note: \(engine): no \(event) event in a window without focus; the test fires it")
                    try await browser.execute("\(note).dispatchEvent(new FocusEvent('\(event)', { bubbles: true }))")
                    return await browser.wait(for: condition)
                }
                try await browser.click("textarea")
                #expect(try await heard("return \(note).value === ''", firing: "focusin"), "\(engine): the placeholder stayed on focus")
                try await browser.type("Gate B12", into: "textarea")
                #expect(
                    await browser.wait(for: "return document.body.textContent.includes('Note: Gate B12')"),
                    "\(engine): the typing did not arrive")
                try await browser.execute("\(note).value = ''; \(note).dispatchEvent(new Event('input', { bubbles: true }))")
                #expect(
                    await browser.wait(
                        for: "return document.body.textContent.includes('Note: ') && !document.body.textContent.includes('B12')"))
                try await browser.execute("\(note).blur()")
                #expect(
                    try await heard("return \(note).value === 'Type something'", firing: "focusout"),
                    "\(engine): the placeholder did not come back")
                // UIKit's way to hide the keyboard: the field loses the focus (the button is
                // clicked by script, which leaves the focus where it is).
                let search = "document.querySelector('input[placeholder=\"Search gates\"]')"
                try await browser.execute("\(search).focus(); return true")
                #expect(try await browser.execute("return document.activeElement === \(search)") as? Bool == true, "\(engine)")
                try await browser.execute(
                    "[...document.querySelectorAll('button')].find((b) => b.textContent === 'Done typing').click(); return true")
                #expect(
                    await browser.wait(for: "return document.activeElement !== \(search)"),
                    "\(engine): the field kept the focus")
                #expect(try await browser.execute("return window.jetway.errors") as? Int == 0)
                try await browser.screenshot("packaged-\(engine)")
            }
        }
    }
}
