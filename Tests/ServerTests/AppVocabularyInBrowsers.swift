import Foundation
import Jetway
import JetwayBrowser
import Testing

@testable import JetwayServer

// iOS 18's tabs, iOS 26's glass and Dynamic Type as a page shows them, in each engine: the tab
// bar switches tabs, a glass pane blurs what is behind it in its rounded shape, and a larger
// type size makes a title larger than the same title at the default size.

private enum Section: Hashable { case board, lounge }

private struct LoungeApp: View {
    @State private var section = Section.board
    var body: some View {
        TabView(selection: $section) {
            Tab("Board", systemImage: "airplane", value: Section.board) {
                ZStack {
                    LinearGradient(colors: [.orange, .purple], startPoint: .top, endPoint: .bottom)
                    VStack(spacing: 16) {
                        Text("Gate 12").font(.title).accessibilityIdentifier("default")
                        Text("Gate 12").font(.title).dynamicTypeSize(.accessibility1).accessibilityIdentifier("larger")
                        Text("Boarding").padding().glassEffect(.regular, in: .rect(cornerRadius: 16)).accessibilityIdentifier("glass")
                        Button("Check in") {}.buttonStyle(.glassProminent)
                    }
                }
            }
            Tab("Lounge", systemImage: "cup.and.saucer", value: Section.lounge) { Text("Lounge open until 22:00") }
        }
    }
}

extension EndToEnd {
    @Suite
    @MainActor
    struct AppVocabularyInBrowsers {
        @Test(.enabled(if: BrowserEngine.chromium.shouldRun, "needs chromium-driver (make test installs it)"))
        func inChromium() async throws { try await check(.chromium) }

        @Test(.enabled(if: BrowserEngine.firefox.shouldRun, "needs firefox-esr (make test installs it)"))
        func inFirefox() async throws { try await check(.firefox) }

        @Test(.enabled(if: BrowserEngine.webkit.shouldRun, "needs webkit2gtk-driver and xvfb (make test installs them)"))
        func inWebKit() async throws { try await check(.webkit) }

        func check(_ engine: BrowserEngine) async throws {
            let server = try TestServer(app: JetwayApp(title: "Lounge", routes: [Route("/") { _ in LoungeApp() }]))
            defer { server.stop() }
            try await withBrowsers(1, engine) { browsers in
                let browser = browsers[0]
                try await browser.navigate(server.base + "/")
                #expect(await browser.wait(for: "return document.documentElement.classList.contains('jw-connected')"))
                let size = { (id: String) in "parseFloat(getComputedStyle(document.querySelector('[data-testid=\(id)]')).fontSize)" }
                let sizes = try await browser.execute("return [\(size("default")), \(size("larger"))]") as? [Double] ?? []
                // Title is 28 px at Large; Accessibility 1 is 28 / 17 of that.
                #expect(sizes.count == 2 && abs(sizes[0] - 28) < 0.5 && abs(sizes[1] - 28 * 28 / 17) < 1, "\(engine): \(sizes)")
                let glass =
                    try await browser.execute(
                        "const s = getComputedStyle(document.querySelector('[data-testid=glass]')); return [s.backdropFilter || s.webkitBackdropFilter || '', s.borderTopLeftRadius]"
                    ) as? [String] ?? []
                #expect(glass.count == 2 && glass[0].contains("blur") && glass[1] == "16px", "\(engine): \(glass)")
                try await browser.screenshot("vocabulary-\(engine)")
                try await browser.click("a[role=tab]", labelled: "Lounge")
                #expect(
                    await browser.wait(for: "return document.body.textContent.includes('Lounge open until 22:00')"),
                    "\(engine): the tab did not change")
                #expect(try await browser.execute("return window.jetway.errors") as? Int == 0)
            }
        }
    }
}
