import Foundation
import Jetway
import JetwayBrowser
import Testing

@testable import JetwayServer

// A canvas as a page shows it, in each engine: drawn at the size the browser gives it (a bar a
// quarter of its width, its label in the middle), and drawn again by a patch when its state
// changes.

private struct Loading: View {
    @State private var done = 0.25
    var body: some View {
        VStack {
            Canvas { context, size in
                context.fill(
                    Path(roundedRect: CGRect(x: 0, y: 0, width: size.width * done, height: size.height), cornerRadius: 4),
                    with: .linearGradient(Gradient(colors: [.orange, .red]), startPoint: .zero, endPoint: CGPoint(x: size.width, y: 0)))
                context.draw(Text("\(Int(done * 100)) %").bold(), at: CGPoint(x: size.width / 2, y: size.height / 2))
            }
            .frame(width: 240, height: 30)
            Button("More") { done = 0.75 }
        }
        .padding()
    }
}

extension EndToEnd {
    @Suite
    @MainActor
    struct CanvasInBrowsers {
        @Test(.enabled(if: BrowserEngine.chromium.shouldRun, "needs chromium-driver (make test installs it)"))
        func canvasInChromium() async throws { try await check(.chromium) }

        @Test(.enabled(if: BrowserEngine.firefox.shouldRun, "needs firefox-esr (make test installs it)"))
        func canvasInFirefox() async throws { try await check(.firefox) }

        @Test(.enabled(if: BrowserEngine.webkit.shouldRun, "needs webkit2gtk-driver and xvfb (make test installs them)"))
        func canvasInWebKit() async throws { try await check(.webkit) }

        func check(_ engine: BrowserEngine) async throws {
            let server = try TestServer(app: JetwayApp(title: "Loading", routes: [Route("/") { _ in Loading() }]))
            defer { server.stop() }
            try await withBrowsers(1, engine) { browser in
                let browser = browser[0]
                try await browser.navigate(server.base + "/")
                #expect(await browser.wait(for: "return document.documentElement.classList.contains('jw-connected')"))
                let bar = "document.querySelector('svg[viewBox] path').getBoundingClientRect().width"
                #expect(await browser.wait(for: "return Math.abs(\(bar) - 60) < 1.5"), "\(engine): the bar is not a quarter of 240 px")
                #expect(
                    await browser.wait(
                        for:
                            "const t = document.querySelector('svg[viewBox] text'); return t && t.textContent === '25 %' && t.getBBox().width > 10"
                    ))
                try await browser.screenshot("canvas-\(engine)")
                try await browser.click("button", labelled: "More")
                #expect(await browser.wait(for: "return Math.abs(\(bar) - 180) < 1.5"), "\(engine): the bar did not grow to three quarters")
            }
        }
    }
}
