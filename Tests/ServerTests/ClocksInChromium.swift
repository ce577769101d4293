import Foundation
import Jetway
import JetwayBrowser
import JetwayTesting
import Testing

@testable import JetwayServer

extension EndToEnd {
    /// Every clock style, written by the server and then by the browser on a stopped clock: the
    /// two must write the same text (a Swift formatter and a JavaScript one, kept in step), and
    /// on a running clock the browser's must move with no frame from the server.
    @Suite(.enabled(if: BrowserEngine.chromium.shouldRun, "needs chromium-driver (make test installs it)"))
    @MainActor
    struct ClocksInChromium {
        static let now = Date(timeIntervalSince1970: 1_796_058_000.25)

        struct Clocks: View {
            var body: some View {
                VStack {
                    ForEach([0, 1, 59, 61, 3599, 3600, 3661, 86399, 90061, 200_000], id: \.self) { seconds in
                        Text(ClocksInChromium.now.addingTimeInterval(Double(seconds)), style: .relative)
                        Text(ClocksInChromium.now.addingTimeInterval(Double(-seconds)), style: .offset)
                        Text(ClocksInChromium.now.addingTimeInterval(Double(seconds) + 0.5), style: .timer)
                        Text(
                            timerInterval: ClocksInChromium.now.addingTimeInterval(
                                -100)...ClocksInChromium.now.addingTimeInterval(Double(seconds)))
                        Text(
                            timerInterval: ClocksInChromium.now.addingTimeInterval(
                                Double(-seconds))...ClocksInChromium.now.addingTimeInterval(30),
                            countsDown: false)
                    }
                    TimelineView(.everyMinute) { context in
                        Text(context.date, style: .time)
                        Text(context.date, style: .date)
                    }
                    .environment(\.timeZone, TimeZone(identifier: "Asia/Kolkata")!)
                    TimelineView(.periodic(from: ClocksInChromium.now, by: 1)) { context in
                        Text(context.date, style: .time)
                    }
                    .environment(\.timeZone, TimeZone(identifier: "America/Denver")!)
                }
            }
        }

        func server(_ clock: WallClock) throws -> TestServer {
            try TestServer(app: JetwayApp(title: "Clocks", routes: [Route("/") { _ in Clocks() }])) { $0.clock = clock }
        }

        /// The texts of the page's clocks, in order, as a page's HTML has them.
        func serverTexts(_ html: String) throws -> [String] {
            let body = try #require(html.range(of: "<body>").map { html[$0.upperBound...] })
            let root = try #require(body.range(of: "<div class=\"jw-banner\"").map { String(body[..<$0.lowerBound]) })
            return try ModelDOM(html: root).root.descendants.filter { $0.attribute("data-jw-clock") != nil }.map(\.textContent)
        }

        @Test func theBrowserWritesWhatTheServerWroteAndCountsOnItsOwn() async throws {
            let stopped = try server(WallClock(startingAt: Self.now, rate: 0))
            defer { stopped.stop() }
            let expected = try serverTexts(try await stopped.get("/").body)
            #expect(expected.count == 53)
            let running = try server(WallClock(startingAt: Self.now, rate: 1))
            defer { running.stop() }
            try await withBrowsers(1) { browsers in
                let browser = browsers[0]
                try await browser.navigate(stopped.base + "/")
                #expect(
                    await browser.wait(for: "return document.documentElement.classList.contains('jw-connected') && Jetway.clock.ticks > 2"))
                // The browser rewrote every clock (its own formatting) on a clock that stands still.
                let written = try await browser.string(
                    "return JSON.stringify(Array.from(document.querySelectorAll('[data-jw-clock]')).map(el => el.textContent))")
                let texts = try JSONDecoder().decode([String].self, from: Data(written.utf8))
                #expect(texts.count == expected.count)
                for (index, (server, page)) in zip(expected, texts).enumerated() where server != page {
                    Issue.record("clock \(index): the server wrote “\(server)”, the browser “\(page)”")
                }
                #expect(expected.prefix(5) == ["0 sec", "+0 sec", "0:00", "0:00", "0:00"], "\(expected.prefix(5))")

                // A running clock: the timers move; the server sends nothing.
                try await browser.navigate(running.base + "/")
                #expect(await browser.wait(for: "return document.documentElement.classList.contains('jw-connected')"))
                let version = try await browser.string("return String(window.jetway.version) + ' ' + window.jetway.timing.received")
                let first = try await browser.string("return document.querySelectorAll('[data-jw-clock]')[2].textContent")
                try await Task.sleep(for: .milliseconds(2200))
                let later = try await browser.string("return document.querySelectorAll('[data-jw-clock]')[2].textContent")
                #expect(first != later, "the timer stood still at \(first)")
                #expect(try await browser.string("return String(window.jetway.version) + ' ' + window.jetway.timing.received") == version)
            }
        }
    }
}
