import Foundation
import Jetway
import JetwayBrowser
import JetwayKingfisher
import Testing

@testable import JetwayServer

// Kingfisher's image as a page loads it, in each engine: the page's load of a picture reaches
// the app's `onSuccess`, a picture that cannot load its `onFailure` (and its failure image
// shows), and the loaded picture fades in.

/// A 1 × 1 PNG.
private let dot = URL(
    string: "data:image/png;base64,iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==")!

private struct Avatars: View {
    @State private var heard: [String] = []
    var body: some View {
        VStack {
            KFImage(dot)
                .resizable()
                .fade(duration: 0.3)
                .onSuccess { _ in heard.append("loaded") }
                .frame(width: 40, height: 40)
            KFImage(URL(string: "/no-such-picture.png"))
                .onFailureImage(UIImage(systemName: "person.crop.circle"))
                .onFailure { _ in heard.append("failed") }
                .frame(width: 40, height: 40)
            Text(heard.sorted().joined(separator: " "))
        }
        .padding()
    }
}

extension EndToEnd {
    @Suite
    @MainActor
    struct KingfisherInBrowsers {
        @Test(.enabled(if: BrowserEngine.chromium.shouldRun, "needs chromium-driver (make test installs it)"))
        func kfImageInChromium() async throws { try await check(.chromium) }

        @Test(.enabled(if: BrowserEngine.firefox.shouldRun, "needs firefox-esr (make test installs it)"))
        func kfImageInFirefox() async throws { try await check(.firefox) }

        @Test(.enabled(if: BrowserEngine.webkit.shouldRun, "needs webkit2gtk-driver and xvfb (make test installs them)"))
        func kfImageInWebKit() async throws { try await check(.webkit) }

        func check(_ engine: BrowserEngine) async throws {
            let server = try TestServer(app: JetwayApp(title: "Avatars", routes: [Route("/") { _ in Avatars() }]))
            defer { server.stop() }
            try await withBrowsers(1, engine) { browsers in
                let browser = browsers[0]
                try await browser.navigate(server.base + "/")
                #expect(await browser.wait(for: "return document.documentElement.classList.contains('jw-connected')"))
                #expect(
                    await browser.wait(for: "return document.body.innerText.includes('failed loaded')"),
                    "\(engine): the app did not hear both loads")
                let phases =
                    try await browser.execute(
                        "return [...document.querySelectorAll('.jw-async-image')].map(e => e.getAttribute('data-jw-phase'))") as? [String]
                #expect(phases == ["success", "failure"], "\(engine): \(String(describing: phases))")
                try await browser.screenshot("kfimage-\(engine)")
            }
        }
    }
}
