import Foundation
import Jetway
import JetwayBrowser
import JetwayServer
import Testing

/// The names apps use most, as a grid of pictures with their names.
private struct SymbolGallery: View {
    static let names = [
        "person.3.fill", "building.2", "checkmark.circle.fill", "door.left.hand.open", "calendar", "clock", "star.fill", "heart",
        "bell.slash", "magnifyingglass", "gearshape", "trash", "pencil", "envelope", "phone.fill", "map", "mappin.and.ellipse",
        "car.fill", "airplane", "airplane.departure", "cart", "creditcard", "lock.fill", "wifi", "sun.max", "cloud.rain",
        "info.circle", "exclamationmark.triangle.fill", "plus.circle.fill", "xmark", "chevron.right", "square.and.arrow.up",
        "no.such.symbol",
    ]
    var body: some View {
        LazyVGrid(columns: [GridItem(.adaptive(minimum: 120))]) {
            ForEach(Self.names, id: \.self) { name in
                VStack {
                    Image(systemName: name).font(.title).foregroundColor(.blue)
                    Text(name).font(.caption)
                }
                .padding(6)
            }
        }
    }
}

extension EndToEnd {
    /// `Image(systemName:)` draws Debian's Bootstrap Icons in every engine: the file is served,
    /// the mask paints in the text's colour at the text's size.
    @Suite @MainActor
    struct SymbolsInBrowsers {
        @Test func theServerServesTheFilesAndNothingElse() async throws {
            let server = try TestServer()
            defer { server.stop() }
            let file = try await server.get("/_jetway/symbols/people-fill.svg")
            #expect(file.status == 200)
            #expect(file.headers["content-type"] == "image/svg+xml")
            #expect(file.body.contains("<svg"))
            for bad in [
                "/_jetway/symbols/People.svg", "/_jetway/symbols/..%2F..%2Fetc%2Fpasswd", "/_jetway/symbols/people-fill",
                "/_jetway/symbols/nothing-here.svg",
            ] {
                #expect(try await server.get(bad).status == 404, "\(bad)")
            }
        }

        @Test(.enabled(if: BrowserEngine.chromium.shouldRun, "needs chromium-driver (make test installs it)"))
        func chromium() async throws { try await symbolsPaint(.chromium) }

        @Test(.enabled(if: BrowserEngine.firefox.shouldRun, "needs firefox-esr (make test installs it)"))
        func firefox() async throws { try await symbolsPaint(.firefox) }

        @Test(.enabled(if: BrowserEngine.webkit.shouldRun, "needs webkit2gtk-driver and xvfb (make test installs them)"))
        func webkit() async throws { try await symbolsPaint(.webkit) }

        func symbolsPaint(_ engine: BrowserEngine) async throws {
            let server = try TestServer(app: JetwayApp(title: "Symbols", routes: [Route("/symbols") { _ in SymbolGallery() }]))
            defer { server.stop() }
            try await withBrowsers(1, engine) { browsers in
                let browser = browsers[0]
                if let driver = browser as? WebDriver { try await driver.resizeWindow(width: 800, height: 900) }
                try await browser.navigate(server.base + "/symbols")
                #expect(await browser.wait(for: "return document.documentElement.classList.contains('jw-connected')"))
                // The grid is lazy: its first window, then the rest of the screen once the page
                // has measured its cells and asked for them.
                #expect(
                    await browser.wait(for: "return document.querySelectorAll('.jw-symbol').length === \(SymbolGallery.names.count - 2)"),
                    "\(engine): the grid did not fill the screen")
                // Every symbol's file loaded (the browser fetched what the page names), and it
                // paints a box of the text's size in the text's colour.
                let checked = try await browser.string(
                    """
                    const symbols = [...document.querySelectorAll('.jw-symbol')];
                    const loads = symbols.map((el) => {
                      const url = getComputedStyle(el).getPropertyValue('--jw-symbol').trim().replace(/\\\\(.)/g, '$1').replace(/^url\\(["']?/, '').replace(/["']?\\)$/, '');
                      const request = new XMLHttpRequest();
                      request.open('GET', new URL(url, location.href).href, false);
                      try { request.send(); } catch (e) { return false; }
                      return request.status === 200 && request.getResponseHeader('content-type') === 'image/svg+xml';
                    });
                    const first = symbols[0];
                    const box = first.getBoundingClientRect(), style = getComputedStyle(first);
                    const mask = style.maskImage || style.webkitMaskImage || '';
                    return JSON.stringify({ sample: getComputedStyle(symbols[0]).getPropertyValue('--jw-symbol'), count: symbols.length, loaded: loads.filter(Boolean).length, width: box.width,
                      fontSize: parseFloat(style.fontSize), color: style.backgroundColor, mask: mask.startsWith('url(') });
                    """)
                struct Checked: Decodable {
                    let sample: String
                    let count, loaded: Int
                    let width, fontSize: Double
                    let color: String
                    let mask: Bool
                }
                let result = try JSONDecoder().decode(Checked.self, from: Data(checked.utf8))
                #expect(result.count == SymbolGallery.names.count - 2, "\(engine): \(result.count) symbols")
                #expect(result.loaded == result.count, "\(engine): \(result.loaded) of \(result.count) files loaded (\(result.sample))")
                #expect(result.mask, "\(engine): no mask")
                #expect(abs(result.width - result.fontSize * 1.2) < 1, "\(engine): \(result.width) wide at \(result.fontSize) px")
                #expect(result.color != "rgba(0, 0, 0, 0)", "\(engine): \(result.color)")
                if engine == .chromium { try await browser.screenshot("symbols") }
            }
        }
    }
}
