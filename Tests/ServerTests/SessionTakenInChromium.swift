import Foundation
import Jetway
import JetwayBrowser
import JetwayServer
import Testing

private struct CounterPage: View {
    @State private var count = 0
    var body: some View {
        Button("Count \(count)") { count += 1 }
    }
}

extension EndToEnd {
    /// A copy of a page took its session (close 4000): the page does not take it back by
    /// itself, which would close the copy and start a tug of war; it says the page is open in
    /// another window, and takes the session back when the user comes back to it.
    @Suite(.enabled(if: BrowserEngine.chromium.shouldRun, "needs chromium-driver (make test installs it)"))
    @MainActor
    struct SessionTakenInChromium {
        @Test func aPageWhoseSessionAnotherCopyTookWaitsForTheUser() async throws {
            let server = try TestServer(app: JetwayApp(title: "Counter", routes: [Route("/count") { _ in CounterPage() }]))
            defer { server.stop() }
            try await withBrowsers(1) { browsers in
                let browser = browsers[0]
                try await browser.navigate(server.base + "/count")
                #expect(await browser.wait(for: "return document.documentElement.classList.contains('jw-connected')"))
                let token = try await browser.string("return document.querySelector('meta[name=jetway-token]').content")
                let build = try await browser.string("return document.querySelector('meta[name=jetway-build]').content")
                let version = try await browser.execute("return window.jetway.version") as? Int ?? 0
                // The copy: the same session, joined on a socket of its own.
                let copy = try await WebSocketClient.connect(port: server.port, origin: server.base)
                await copy.sendText(ClientMessage.join(token: token, path: "/count", version: UInt64(version), buildID: build).text)
                #expect(await browser.wait(for: "return !window.jetway.connected"))
                #expect(
                    await browser.wait(
                        for: "return document.querySelector('.jw-banner').textContent.startsWith('Open in another window')", timeout: 5))
                // It stays off: a backoff would have reconnected within a quarter of a second.
                try await Task.sleep(for: .seconds(2))
                #expect(try await browser.execute("return window.jetway.connected") as? Bool == false)
                #expect(try await browser.string("return window.jetway.lastError") == "this page is open in another window")
                try await browser.screenshot("session-taken")
                // The user comes back to it: it joins again, and the copy is the one closed now.
                _ = try await browser.execute("window.dispatchEvent(new Event('focus')); return true")
                #expect(await browser.wait(for: "return window.jetway.connected"))
                var closed: UInt16?
                for _ in 0..<10 where closed == nil {
                    if case .close(let code) = await copy.next(timeout: 2) { closed = code }
                }
                #expect(closed == CloseCode.openedElsewhere.rawValue)
                // And it is live: a click is answered.
                try await browser.click("button")
                #expect(await browser.wait(for: "return document.body.textContent.includes('Count 1')"))
            }
        }
    }
}
