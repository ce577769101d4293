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

        /// A message box: Enter sends what is typed and clears the field.
        struct Outbox: View {
            let heard: Heard
            @State private var text = ""
            var body: some View {
                VStack {
                    TextField("Note", text: $text)
                        .onSubmit {
                            heard.values.append(text)
                            text = ""
                        }
                    Text("echo:[\(text)]").accessibilityIdentifier("echo")
                }
            }
        }

        static let field = "input[aria-label='Note'], input[placeholder='Note']"
        static let live =
            "return document.documentElement.classList.contains('jw-connected') && !document.documentElement.classList.contains('jw-offline')"

        /// `path` of `app`, on a server of its own, open and live in one browser that reaches
        /// it through a `FaultProxy`.
        func open(_ path: String, of app: JetwayApp, _ body: (WebDriver, FaultProxy) async throws -> Void) async throws {
            let server = try TestServer(app: app)
            defer { server.stop() }
            let proxy = try FaultProxy(to: server.port)
            defer { proxy.stop() }
            try await withBrowsers(1) { browsers in
                let driver = try #require(browsers[0] as? WebDriver)
                try await driver.navigate("http://127.0.0.1:\(proxy.port)\(path)")
                #expect(await driver.wait(for: Self.live))
                try await body(driver, proxy)
            }
        }

        func echoes(_ driver: WebDriver, _ text: String, timeout: TimeInterval = 20) async -> Bool {
            await driver.wait(
                for: "return (document.querySelector('[data-testid=echo]') || {}).textContent === \(jsLiteral("echo:[\(text)]"))",
                timeout: timeout)
        }

        /// Enter sends the message and the server clears the field, but its answer is lost on
        /// the way back: when the page resumes, the focused field shows the server's empty
        /// value, not the sent text (which Enter would send a second time).
        @Test func aFieldTheServerClearedWhileItsAnswerWasLostIsClearedOnReturn() async throws {
            let heard = Heard()
            let app = JetwayApp(title: "Outbox", routes: [Route("/outbox") { _ in Outbox(heard: heard) }])
            try await open("/outbox", of: app) { driver, proxy in
                try await driver.type("hi", into: Self.field)
                #expect(await echoes(driver, "hi"))
                // The server hears the typing and Enter, and clears the field; nothing it says
                // gets back (so the page never hears its keystrokes answered either).
                proxy.dropsReplies = true
                try await driver.type("llo", into: Self.field)
                try await driver.press(Key.enter, in: Self.field)
                for _ in 0..<200 where heard.values.isEmpty { try await Task.sleep(for: .milliseconds(20)) }
                #expect(heard.values == ["hillo"], "the server did not hear Enter: \(heard.values)")
                try await Task.sleep(for: .milliseconds(200))
                let before = proxy.accepted
                proxy.dropsReplies = false
                proxy.reset()
                for _ in 0..<200 where proxy.accepted == before { try await Task.sleep(for: .milliseconds(50)) }
                #expect(await driver.wait(for: Self.live, timeout: 20), "the page did not come back")
                #expect(await echoes(driver, ""), "the echo did not follow the server")
                let state = try await driver.string(
                    "const f = document.querySelector(\(jsLiteral(Self.field))); return JSON.stringify([f.value, document.activeElement === f])"
                )
                #expect(state == #"["",true]"#, "the field after the page resumed (value, focused): \(state)")
                #expect(heard.values == ["hillo"])
            }
        }

        @Test func typingThroughDelaysResetsTornFramesAndACutArrivesOnceAndInOrder() async throws {
            let heard = Heard()
            let app = JetwayApp(title: "Note", routes: [Route("/note") { _ in Note(heard: heard) }])
            try await open("/note", of: app) { driver, proxy in
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
                    let (torn, accepted) = (proxy.torn, proxy.accepted)
                    proxy.tearMidFrame()
                    try await type(piece)
                    // Torn, and back on a new connection, before the next tear is set (a page
                    // that has not yet seen its socket die would take two tears as one).
                    for _ in 0..<400 where proxy.torn == torn || proxy.accepted == accepted { try await Task.sleep(for: .milliseconds(50)) }
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
