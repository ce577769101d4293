import Foundation
import Jetway
import JetwayBrowser
import Testing

@testable import JetwayServer

extension EndToEnd {
    /// What a person types reaches the server once, in order, through a network that is slow,
    /// resets connections, tears them in the middle of a frame, and goes away for long enough
    /// that the page shows it is offline (`FaultProxy` between Chromium and the server).
    @Suite(.enabled(if: BrowserEngine.chromium.shouldRun, "needs chromium-driver (make test installs it)"))
    @MainActor
    struct NetworkFaultsInChromium {
        /// Every value the server's field was given, in order.
        @MainActor final class Heard {
            var values: [String] = []
        }

        struct Note: View {
            let heard: Heard
            @State private var text = ""
            var body: some View {
                VStack {
                    TextField(
                        "Note",
                        text: Binding(
                            get: { text },
                            set: {
                                heard.values.append($0)
                                text = $0
                            }))
                    Text("echo:[\(text)]").accessibilityIdentifier("echo")
                }
            }
        }

        static let field = "input[aria-label='Note'], input[placeholder='Note']"
        static let live =
            "return document.documentElement.classList.contains('jw-connected') && !document.documentElement.classList.contains('jw-offline')"

        func echoes(_ driver: WebDriver, _ text: String, timeout: TimeInterval = 20) async -> Bool {
            await driver.wait(
                for: "return (document.querySelector('[data-testid=echo]') || {}).textContent === \(jsLiteral("echo:[\(text)]"))",
                timeout: timeout)
        }

        @Test func typingThroughDelaysResetsTornFramesAndACutArrivesOnceAndInOrder() async throws {
            let heard = Heard()
            let app = JetwayApp(title: "Note", routes: [Route("/note") { _ in Note(heard: heard) }])
            let server = try TestServer(app: app)
            defer { server.stop() }
            let proxy = try FaultProxy(to: server.port)
            defer { proxy.stop() }
            try await withBrowsers(1) { browsers in
                let driver = try #require(browsers[0] as? WebDriver)
                try await driver.navigate("http://127.0.0.1:\(proxy.port)/note")
                #expect(await driver.wait(for: Self.live))
                var typed = ""
                func type(_ text: String) async throws {
                    try await driver.type(text, into: Self.field)
                    typed += text
                }

                // A slow link: 150 ms each way for every piece of data.
                proxy.latency = .milliseconds(150)
                try await type("Den")
                #expect(await echoes(driver, typed), "through a slow link")
                proxy.latency = .zero

                // Torn frames: the connection passes half of what crosses it next, then resets.
                for piece in ["ver", " to", " Bos"] {
                    proxy.tearMidFrame()
                    try await type(piece)
                    #expect(await driver.wait(for: Self.live, timeout: 20), "the page did not come back after a torn frame")
                }
                #expect(proxy.torn >= 3, "only \(proxy.torn) connections were torn")
                #expect(await echoes(driver, typed), "after torn frames")

                // Resets (RST) right after typing: the page finds out and opens a new connection.
                try await type("ton")
                let before = proxy.accepted
                proxy.reset()
                for _ in 0..<200 where proxy.accepted == before { try await Task.sleep(for: .milliseconds(50)) }
                #expect(proxy.accepted > before, "the page never reconnected after the reset")
                #expect(await driver.wait(for: Self.live, timeout: 20))
                #expect(await echoes(driver, typed), "after a reset")

                // A cut long enough for the page to find out (its pings: up to 18 s): what is
                // typed meanwhile goes into a socket that leads nowhere.
                proxy.cut()
                try await type(", gate A1")
                #expect(
                    await driver.wait(for: "return document.documentElement.classList.contains('jw-offline')", timeout: 30),
                    "the page never showed it was offline")
                try await type(" now")
                proxy.heal()
                #expect(await driver.wait(for: Self.live, timeout: 30), "the page did not go live again")
                #expect(await echoes(driver, typed), "after the cut")

                // Nothing late or stale arrives after that (an old connection's buffered input
                // would take the text back), and the server heard the text grow, never shrink.
                try await Task.sleep(for: .seconds(2))
                #expect(await echoes(driver, typed, timeout: 1))
                #expect(heard.values.last == typed)
                let shrank = zip(heard.values, heard.values.dropFirst()).filter { !$1.hasPrefix($0) }
                #expect(shrank.isEmpty, "the server's text went back: \(shrank)")
                // Once: no value arrived twice (a value sent again after a join is one the
                // server had not answered).
                let twice = zip(heard.values, heard.values.dropFirst()).filter { $0 == $1 }
                #expect(twice.isEmpty, "values that arrived twice: \(twice)")
                let value = try await driver.string("return document.querySelector(\(jsLiteral(Self.field))).value")
                #expect(value == typed)
            }
        }
    }
}
