import Foundation
import Jetway
import JetwayBrowser
import Testing

@testable import JetwayServer

// iOS 17's carousel as apps write it — a horizontal scroll view whose cards are the scroll
// target layout, resting on a card — and a pulsing symbol, in each engine: the browser snaps
// and animates by itself.

private struct Carousel: View {
    var body: some View {
        VStack {
            Image(systemName: "airplane").symbolEffect(.pulse).accessibilityIdentifier("plane")
            ScrollView(.horizontal) {
                LazyHStack(spacing: 10) {
                    ForEach(0..<8, id: \.self) { index in
                        Text("Gate \(index)").frame(width: 200, height: 120).background(.blue.opacity(0.2))
                    }
                }
                .scrollTargetLayout()
            }
            .scrollTargetBehavior(.viewAligned)
            .accessibilityIdentifier("carousel")
        }
    }
}

extension EndToEnd {
    @Suite
    @MainActor
    struct CarouselInBrowsers {
        @Test(.enabled(if: BrowserEngine.chromium.shouldRun, "needs chromium-driver (make test installs it)"))
        func carouselInChromium() async throws { try await snap(.chromium) }

        @Test(.enabled(if: BrowserEngine.firefox.shouldRun, "needs firefox-esr (make test installs it)"))
        func carouselInFirefox() async throws { try await snap(.firefox) }

        @Test(.enabled(if: BrowserEngine.webkit.shouldRun, "needs webkit2gtk-driver and xvfb (make test installs them)"))
        func carouselInWebKit() async throws { try await snap(.webkit) }

        func snap(_ engine: BrowserEngine) async throws {
            let server = try TestServer(app: JetwayApp(title: "Gates", routes: [Route("/") { _ in Carousel() }]))
            defer { server.stop() }
            try await withBrowsers(1, engine) { browsers in
                let browser = browsers[0]
                try await browser.navigate(server.base + "/")
                #expect(await browser.wait(for: "return document.documentElement.classList.contains('jw-connected')"))
                let carousel = "document.querySelector('[data-testid=carousel]')"
                _ = try await browser.execute("\(carousel).scrollTo({left: 140, behavior: 'instant'})")
                // It comes to rest on a card's leading edge (the second card starts at 210).
                #expect(
                    await browser.wait(for: "const x = \(carousel).scrollLeft; return x === 0 || Math.abs(x - 210) < 2"),
                    "\(engine): the carousel did not rest on a card")
                let animation = try await browser.execute(
                    "return getComputedStyle(document.querySelector('[data-testid=plane]')).animationName")
                #expect(animation as? String == "jw-symbol-pulse", "\(engine): \(String(describing: animation))")
                try await browser.screenshot("carousel-\(engine)")
            }
        }
    }
}
