import Foundation
import JetwayBrowser
import Testing

@testable import JetwayServer

extension EndToEnd {
    /// Keys typed into the board's search while the server is busy: the server renders only the
    /// last text and answers the others with empty patches (`InboundCoalescing`); the page's
    /// runtime takes those answers as any other, and the field and the board end as typed.
    @Suite(.enabled(if: BrowserEngine.chromium.shouldRun, "needs chromium-driver (make test installs it)"))
    @MainActor
    struct CoalescingInChromium {
        static let connected = "return document.documentElement.classList.contains('jw-connected')"

        /// Busy without suspending, as a long render is.
        static func holdTheMainActor(seconds: Double) { Thread.sleep(forTimeInterval: seconds) }

        @Test func keysTypedWhileTheServerIsBusyEndAsTheLastText() async throws {
            let server = try TestServer()
            defer { server.stop() }
            try await withBrowsers(1) { browsers in
                let driver = try #require(browsers[0] as? WebDriver)
                try await driver.navigate(server.base + "/")
                #expect(await driver.wait(for: Self.connected))
                let countLine = "Array.from(document.querySelectorAll('span')).map(s => s.textContent).find(t => / flights$/.test(t))"
                let before = server.server.sessions.coalescedEvents
                // The main actor is held (as by a long render) while the keys go out: they queue.
                let hold = Task { @MainActor in Self.holdTheMainActor(seconds: 1.0) }
                try await driver.type("zzqx", into: "input[type=search]")
                await hold.value
                #expect(await driver.wait(for: "return \(countLine) === '0 flights'"), "the board of the last text")
                #expect(try await driver.string("return document.querySelector('input[type=search]').value") == "zzqx")
                #expect(server.server.sessions.coalescedEvents > before, "the keys did not queue: nothing was coalesced")
                // The page goes on: the next key is answered and rendered as usual.
                try await driver.press(Key.backspace, in: "input[type=search]")
                #expect(
                    await driver.wait(
                        for: "return \(countLine) === '0 flights' && document.querySelector('input[type=search]').value === 'zzq'"))
                try await driver.screenshot("coalesced-search-phone")
            }
        }
    }
}
