import Foundation
import Jetway
import JetwayBrowser
import JetwayRoutes
import Testing

@testable import JetwayServer

/// A game's board steered with the arrow keys while it has the focus, and a button pressed by
/// its shortcut, in the three engines.
private struct SteeredBoard: View {
    @State private var heading = "right"
    @State private var saves = 0
    var body: some View {
        VStack(spacing: 20) {
            Text("Heading \(heading)")
                .padding()
                .focusable()
                .accessibilityIdentifier("board")
                .onKeyPress(keys: [.upArrow, .downArrow, .leftArrow, .rightArrow]) { press in
                    heading = press.key == .upArrow ? "up" : press.key == .downArrow ? "down" : press.key == .leftArrow ? "left" : "right"
                    return .handled
                }
            Button("Saved \(saves)") { saves += 1 }.keyboardShortcut("s")
            Button("Start") { heading = "started" }.keyboardShortcut(.defaultAction)
            // Tall enough to scroll, so that an arrow the board uses could scroll it.
            Color.clear.frame(height: 2400)
        }
    }
}

extension EndToEnd {
    @Suite
    @MainActor
    struct KeysInBrowsers {
        @Test(.enabled(if: BrowserEngine.chromium.shouldRun, "needs chromium-driver (make test installs it)"))
        func keysInChromium() async throws { try await steer(.chromium) }

        @Test(.enabled(if: BrowserEngine.firefox.shouldRun, "needs firefox-esr (make test installs it)"))
        func keysInFirefox() async throws { try await steer(.firefox) }

        @Test(.enabled(if: BrowserEngine.webkit.shouldRun, "needs webkit2gtk-driver and xvfb (make test installs them)"))
        func keysInWebKit() async throws { try await steer(.webkit) }

        func steer(_ engine: BrowserEngine) async throws {
            let server = try TestServer(app: JetwayApp(title: "Snake", routes: [Route("/board") { _ in SteeredBoard() }]))
            defer { server.stop() }
            try await withBrowsers(1, engine) { browsers in
                let browser = browsers[0]
                try await browser.navigate(server.base + "/board")
                #expect(await browser.wait(for: "return document.documentElement.classList.contains('jw-connected')"))
                let board = "[data-testid=board]"
                try await browser.press("\u{E013}", in: board)  // ArrowUp
                #expect(await browser.wait(for: "return document.body.textContent.includes('Heading up')"), "\(engine): the arrow steers")
                try await browser.press("\u{E012}", in: board)  // ArrowLeft
                #expect(await browser.wait(for: "return document.body.textContent.includes('Heading left')"), "\(engine)")
                try await browser.press("\u{E015}", in: board)  // ArrowDown
                #expect(await browser.wait(for: "return document.body.textContent.includes('Heading down')"), "\(engine)")
                #expect(
                    try await browser.execute("return document.documentElement.scrollHeight > innerHeight && scrollY === 0") as? Bool
                        == true,
                    "\(engine): the arrow did not scroll the page")
                try await browser.press(Key.enter, in: board)
                #expect(
                    await browser.wait(for: "return document.body.textContent.includes('Heading started')"),
                    "\(engine): Return presses the default action")
                if let driver = browser as? WebDriver, engine == .chromium {
                    // Control and S (Command on a Mac): the button's shortcut.
                    try await driver.press("\u{E009}s\u{E000}", in: board)
                    #expect(await browser.wait(for: "return document.body.textContent.includes('Saved 1')"), "the shortcut presses Save")
                }
                try await browser.screenshot("keys-\(engine)")
            }
        }
    }
}
