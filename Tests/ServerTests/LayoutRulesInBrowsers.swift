import Foundation
import Jetway
import JetwayBrowser
import JetwayServer
import Testing

/// The frame and stack rules apps rely on, each case a view SwiftUI lays out in a known way on
/// a phone (420 points wide here), tagged so the test can measure it.
private struct LayoutCases: View {
    static let nine = Date(timeIntervalSince1970: 1_765_000_800)
    var body: some View {
        VStack(spacing: 12) {
            // A: maxWidth .infinity in a leading VStack takes the whole width (and the short
            // text stays at the leading edge).
            VStack(alignment: .leading) {
                Text("Short").accessibilityIdentifier("a-short")
                Text("Wide").frame(maxWidth: .infinity, alignment: .leading).accessibilityIdentifier("a-fill")
            }
            // B: in an HStack it takes what the others leave.
            HStack {
                Text("Gate")
                Text("B12").frame(maxWidth: .infinity, alignment: .trailing).accessibilityIdentifier("b-fill")
            }
            .accessibilityIdentifier("b")
            // C: a Spacer makes its HStack as wide as offered, inside a leading VStack too.
            VStack(alignment: .leading) {
                HStack {
                    Text("From")
                    Spacer()
                    Text("To")
                }
                .accessibilityIdentifier("c")
            }
            // D: padding around a filling view: the padded box fills.
            VStack(alignment: .leading) {
                Text("Padded").frame(maxWidth: .infinity).padding(8).background(Color.gray).accessibilityIdentifier("d")
            }
            // E: maxHeight .infinity takes the height its stack is given.
            VStack(spacing: 0) {
                Text("Top").accessibilityIdentifier("e-top")
                Color.blue.frame(maxHeight: .infinity).accessibilityIdentifier("e-fill")
            }
            .frame(height: 120)
            // F: fixedSize keeps a text on one line, whatever the width.
            Text("A long line that would wrap on a phone screen if it were allowed to wrap").fixedSize()
                .accessibilityIdentifier("f")
            // G: a time in a crowded row is never broken inside its number.
            HStack {
                Text("Departure to Salt Lake City International, gate B12, boarding now")
                Text(Self.nine, style: .time).accessibilityIdentifier("g-time")
            }
            // K: nor a column of short texts beside a long one (a board's row: its time over
            // its status, a star beside).
            HStack {
                HStack {
                    Image(systemName: "airplane.departure")
                    VStack(alignment: .leading, spacing: 2) {
                        Text("Summit Express Airlines SX 2971").font(.headline)
                        Text("to New York").foregroundColor(.secondary)
                    }
                    Spacer()
                    VStack(alignment: .trailing, spacing: 2) {
                        Text(Self.nine, style: .time).accessibilityIdentifier("k-time")
                        Text("Departed").font(.footnote)
                    }
                }
                Button {
                } label: {
                    Image(systemName: "star")
                }
            }
            // H: a word is never broken inside.
            HStack {
                Text("Incomprehensibilities").accessibilityIdentifier("h-word")
                Text("and a few more words that have to share the row with it somehow")
            }
            // J: a trailing VStack puts its narrower child at the trailing edge.
            VStack(alignment: .trailing) {
                Text("A wider line of text").accessibilityIdentifier("j-wide")
                Text("Narrow").accessibilityIdentifier("j-narrow")
            }
            // I: layoutPriority gets its text its ideal width first.
            HStack {
                Text("Priority text that wants its whole line").layoutPriority(1).accessibilityIdentifier("i-first")
                Text("The other text, which gives way and wraps")
            }
        }
    }
}

private struct FillingList: View {
    var body: some View {
        NavigationStack {
            List { Text("One") }.accessibilityIdentifier("list")
        }
    }
}

private struct FillingForm: View {
    var body: some View {
        NavigationStack {
            Form { Section("One") { Text("Row") } }.accessibilityIdentifier("list")
        }
    }
}

private struct FillingScroll: View {
    var body: some View {
        NavigationStack {
            ScrollView { Text("One") }.background(Color.gray).accessibilityIdentifier("list")
        }
    }
}

extension EndToEnd {
    /// SwiftUI's frame and stack rules, measured with `getBoundingClientRect` in every engine.
    @Suite @MainActor
    struct LayoutRulesInBrowsers {
        @Test(.enabled(if: BrowserEngine.chromium.shouldRun, "needs chromium-driver (make test installs it)"))
        func chromium() async throws { try await framesAndStacksLayOutAsSwiftUI(.chromium) }

        @Test(.enabled(if: BrowserEngine.firefox.shouldRun, "needs firefox-esr (make test installs it)"))
        func firefox() async throws { try await framesAndStacksLayOutAsSwiftUI(.firefox) }

        @Test(.enabled(if: BrowserEngine.webkit.shouldRun, "needs webkit2gtk-driver and xvfb (make test installs them)"))
        func webkit() async throws { try await framesAndStacksLayOutAsSwiftUI(.webkit) }

        struct Box: Decodable {
            let width, height, top, bottom, left, right: Double
            let lineHeight: Double
            let naturalWidth: Double
        }

        func framesAndStacksLayOutAsSwiftUI(_ engine: BrowserEngine) async throws {
            let app = JetwayApp(
                title: "Layout",
                routes: [
                    Route("/cases") { _ in LayoutCases() }, Route("/list") { _ in FillingList() }, Route("/form") { _ in FillingForm() },
                    Route("/scroll") { _ in FillingScroll() },
                ])
            let server = try TestServer(app: app)
            defer { server.stop() }
            try await withBrowsers(1, engine) { browsers in
                let browser = browsers[0]
                if let driver = browser as? WebDriver { try await driver.resizeWindow(width: 420, height: 900) }
                try await browser.navigate(server.base + "/cases")
                #expect(await browser.wait(for: "return document.documentElement.classList.contains('jw-connected')"))
                let measured = try await browser.string(
                    """
                    const boxes = {};
                    for (const el of document.querySelectorAll('[data-testid]')) {
                      const box = el.getBoundingClientRect();
                      const clone = el.cloneNode(true);
                      clone.style.cssText = 'position:absolute;white-space:nowrap;width:auto;visibility:hidden';
                      document.body.appendChild(clone);
                      const natural = clone.getBoundingClientRect().width;
                      clone.remove();
                      boxes[el.dataset.testid] = { width: box.width, height: box.height, top: box.top, bottom: box.bottom, left: box.left,
                        right: box.right, lineHeight: parseFloat(getComputedStyle(el).lineHeight) || 22, naturalWidth: natural };
                    }
                    boxes.page = { width: document.querySelector('.jw-root').clientWidth, height: 0, top: 0, bottom: 0, left: 0, right: 0, lineHeight: 0, naturalWidth: 0 };
                    return JSON.stringify(boxes);
                    """)
                let boxes = try JSONDecoder().decode([String: Box].self, from: Data(measured.utf8))
                func box(_ name: String) throws -> Box { try #require(boxes[name], "\(engine): no \(name)") }
                let page = try box("page").width
                let close = { (a: Double, b: Double) in abs(a - b) <= 1 }
                let a = try box("a-fill"), b = try box("b"), c = try box("c"), d = try box("d")
                #expect(close(a.width, page), "\(engine) A: maxWidth .infinity in a leading VStack: \(a.width) of \(page)")
                #expect(close(b.width, page), "\(engine) B: an HStack with a filling child: \(b.width) of \(page)")
                #expect(close(c.width, page), "\(engine) C: an HStack with a Spacer: \(c.width) of \(page)")
                #expect(close(d.width, page), "\(engine) D: a padded filling view: \(d.width) of \(page)")
                let top = try box("e-top"), fill = try box("e-fill")
                #expect(close(fill.height, 120 - top.height), "\(engine) E: maxHeight .infinity: \(fill.height) of \(120 - top.height)")
                #expect(close(fill.width, page), "\(engine) E: a Color is as wide as offered: \(fill.width) of \(page)")
                let fixed = try box("f")
                #expect(fixed.height < fixed.lineHeight * 1.5, "\(engine) F: a fixedSize text wrapped: \(fixed.height)")
                let time = try box("g-time")
                #expect(time.height < time.lineHeight * 1.5 && time.width >= time.naturalWidth - 1, "\(engine) G: the time broke: \(time)")
                let column = try box("k-time")
                #expect(
                    column.height < column.lineHeight * 1.5 && column.width >= column.naturalWidth - 1,
                    "\(engine) K: the time in a column broke: \(column)")
                let word = try box("h-word")
                #expect(word.width >= word.naturalWidth - 1, "\(engine) H: a word broken inside: \(word.width) < \(word.naturalWidth)")
                let short = try box("a-short"), wide = try box("j-wide"), narrow = try box("j-narrow")
                #expect(
                    abs(short.left - a.left) <= 1, "\(engine) A: a leading stack's child at its leading edge: \(short.left) vs \(a.left)")
                #expect(
                    abs(narrow.right - wide.right) <= 1 && narrow.left > wide.left,
                    "\(engine) J: a trailing stack's narrow child: \(narrow) \(wide)")
                let first = try box("i-first")
                #expect(first.height < first.lineHeight * 1.5, "\(engine) I: layoutPriority: the first text wrapped: \(first.height)")
                if engine == .chromium { try await browser.screenshot("layout-rules-phone") }

                // List, Form and ScrollView fill the screen below the navigation bar.
                for page in ["list", "form", "scroll"] {
                    try await browser.navigate(server.base + "/" + page)
                    #expect(await browser.wait(for: "return document.documentElement.classList.contains('jw-connected')"))
                    let measured = try await browser.string(
                        "const box = document.querySelector('[data-testid=list]').getBoundingClientRect(); return JSON.stringify([box.bottom, innerHeight, box.width, document.querySelector('.jw-root').clientWidth])"
                    )
                    let numbers = try JSONDecoder().decode([Double].self, from: Data(measured.utf8))
                    #expect(numbers[0] >= numbers[1] - 17, "\(engine): the \(page) ends at \(numbers[0]) of a \(numbers[1]) window")
                    #expect(numbers[2] >= numbers[3] - 1, "\(engine): the \(page) is \(numbers[2]) wide of \(numbers[3])")
                }
                if engine == .chromium, let driver = browser as? WebDriver {
                    // The same cases on a desk: looked at.
                    try await driver.resizeWindow(width: 1280, height: 800)
                    try await browser.navigate(server.base + "/cases")
                    #expect(await browser.wait(for: "return document.documentElement.classList.contains('jw-connected')"))
                    try await browser.screenshot("layout-rules-desk")
                }
            }
        }
    }
}
