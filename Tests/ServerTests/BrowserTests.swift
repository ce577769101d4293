import Foundation
import JetwayBrowser
import Testing

@testable import JetwayServer

extension EndToEnd {
    /// End to end in headless Chromium: the real page, the real runtime, real sockets.
    @Suite(.enabled(if: BrowserEngine.chromium.shouldRun, "needs chromium-driver (make test installs it)"))
    @MainActor
    struct BrowserTests {
        @Test func typingInTheSearchFieldFiltersRowsAndClickingNavigates() async throws {
            let server = try TestServer()
            defer { server.stop() }
            try await withBrowsers(1) { browsers in
                let browser = browsers[0]
                try await browser.navigate(server.base + "/")
                #expect(await browser.wait(for: "return document.documentElement.classList.contains('jw-connected')"))
                #expect(try await browser.string("return \(EndToEnd.boardCount)") == "40 flights")
                try await browser.type("denver", into: "input[type=search]")
                #expect(await browser.wait(for: "return \(EndToEnd.boardCount) === '4 flights'"))
                #expect(try await browser.execute("return document.querySelectorAll('.jw-list-row').length") as? Int == 4)
                try await browser.screenshot("search")
                try await browser.click(".jw-navlink")
                #expect(await browser.wait(for: "return document.body.textContent.includes('Departs to Denver')"))
                try await browser.click(".jw-nav-back")
                #expect(await browser.wait(for: "return document.querySelectorAll('.jw-list-row').length === 4"))
                // Clearing the search brings the rows back (the list's window: sent again).
                _ = try await browser.execute(
                    "const f = document.querySelector('input[type=search]'); f.value = ''; f.dispatchEvent(new Event('input', {bubbles: true})); return true"
                )
                #expect(
                    await browser.wait(
                        for: "return \(EndToEnd.boardCount) === '40 flights' && document.querySelectorAll('.jw-list-row').length >= 20"))
                // In the board's order (the list is lazy: the rows of its window, from the first).
                let order = server.model.flights.map { "\($0.airline) \($0.number)" }
                let shown = try await browser.string(
                    "return Array.from(document.querySelectorAll('.jw-list-row')).map(r => r.textContent).join('|')")
                let rows = shown.split(separator: "|").map(String.init)
                #expect(rows.count >= 20 && zip(rows, order).allSatisfy { $0.contains($1) }, "rows out of order: \(rows.prefix(5))")
                // "Show arrivals" off: only departures stay.
                let departures = server.model.flights.filter { $0.direction == .departure }.count
                #expect(departures < 40, "the board must have arrivals for the toggle to change anything")
                try await browser.click("input[type=checkbox]")
                #expect(
                    await browser.wait(
                        for:
                            "return \(EndToEnd.boardCount) === '\(departures) flights' && !document.querySelector('input[type=checkbox]').checked"
                    ))
                #expect(try await browser.execute("return window.jetway.errors") as? Int == 0)
            }
        }

        @Test func thePageUsesItsRenewedTokenAfterDaysOpen() async throws {
            // The runtime must take the token the server renews: after a restart eight days
            // on, only the renewed token brings the page back without a reload.
            final class Clock: @unchecked Sendable { var now = Date() }
            let clock = Clock()
            let port = TestServer.freePort()
            var server = try TestServer(port: port)
            server.server.sessions.now = { clock.now }
            try await withBrowsers(1) { browsers in
                let browser = browsers[0]
                try await browser.navigate(server.base + "/gate/A1")
                #expect(await browser.wait(for: "return document.documentElement.classList.contains('jw-connected')"))
                _ = try await browser.execute("window.__notReloaded = true; return true")
                clock.now += 13 * 3600
                server.server.sessions.sweep()  // past half its lifetime: a new token goes to the page
                try? await Task.sleep(for: .milliseconds(500))
                server.stop()
                // The first token is now older than its lifetime and grace; the renewed one is not.
                clock.now += 24 * 3600 + 7 * 24 * 3600 - 3600
                server = try TestServer(port: port)
                server.server.sessions.now = { clock.now }
                #expect(await browser.wait(for: "return document.documentElement.classList.contains('jw-connected')", timeout: 20))
                #expect(
                    try await browser.execute("return window.__notReloaded === true") as? Bool == true,
                    "the page reloaded: it joined with its first token")
                #expect(try await browser.execute("return window.jetway.errors") as? Int == 0)
                try await browser.screenshot("renewed-token")
            }
            server.stop()
        }

        @Test func aPageRefusedForTooManyPagesSaysSoAndRetriesByItself() async throws {
            let server = try TestServer { $0.maxSessionsPerAddress = 1 }
            defer { server.stop() }
            _ = try await server.get("/gate/A1")  // the one page this address may hold
            try await withBrowsers(1) { browsers in
                let browser = browsers[0]
                try await browser.navigate(server.base + "/gate/A1")
                #expect(await browser.wait(for: "return document.body.textContent.includes('Too many open pages')"))
                #expect(try await browser.string("return document.querySelector('meta[http-equiv=refresh]').content") == "30")
                try await browser.screenshot("too-many-pages")
            }
        }

        @Test func aRestartedServerRecoversThePageWithTheTypedTextIntact() async throws {
            let port = TestServer.freePort()
            var server = try TestServer(port: port)
            try await withBrowsers(1) { browsers in
                let browser = browsers[0]
                try await browser.navigate(server.base + "/")
                #expect(await browser.wait(for: "return document.documentElement.classList.contains('jw-connected')"))
                try await browser.type("bos", into: "input[type=search]")
                #expect(await browser.wait(for: "return \(EndToEnd.boardCount) === '4 flights'"))
                server.stop()
                #expect(await browser.wait(for: "return document.documentElement.classList.contains('jw-offline')", timeout: 5))
                try await browser.screenshot("offline")
                server = try TestServer(port: port)
                #expect(await browser.wait(for: "return document.documentElement.classList.contains('jw-connected')", timeout: 20))
                #expect(await browser.wait(for: "return \(EndToEnd.boardCount) === '4 flights'"))
                #expect(try await browser.string("return document.querySelector('input[type=search]').value") == "bos")
                #expect(try await browser.execute("return document.documentElement.classList.contains('jw-offline')") as? Bool == false)
                // The re-mounted page is live: typing still filters.
                try await browser.type("ton", into: "input[type=search]")
                #expect(
                    await browser.wait(
                        for:
                            "return document.querySelector('input[type=search]').value === 'boston' && \(EndToEnd.boardCount) === '4 flights'"
                    ))
                try await browser.screenshot("recovered")
            }
            server.stop()
        }

        @Test func aPageWithAQueryComesBackAtItsQueryAfterARestart() async throws {
            // The runtime sends location.search with its join; the re-mount uses it.
            let port = TestServer.freePort()
            let app = JetwayApp(
                title: "Query", routes: [Route("/find") { match in WebSocketTests.QueryPage(words: match.query["q"] ?? "nothing") }])
            var server = try TestServer(port: port, app: app)
            try await withBrowsers(1) { browsers in
                let browser = browsers[0]
                try await browser.navigate(server.base + "/find?q=gate%20B12")
                #expect(await browser.wait(for: "return document.documentElement.classList.contains('jw-connected')"))
                server.stop()
                #expect(await browser.wait(for: "return document.documentElement.classList.contains('jw-offline')", timeout: 5))
                server = try TestServer(port: port, app: app)
                #expect(await browser.wait(for: "return document.documentElement.classList.contains('jw-connected')", timeout: 20))
                // The whole page came again from the new server (its ids start over): it must
                // still show the query's words, not the route's default.
                // (The old page shows it until the re-mounted one arrives: give that time.)
                try await Task.sleep(for: .milliseconds(800))
                #expect(try await browser.string("return document.querySelector('.jw-root').textContent") == "Showing gate B12")
                #expect(try await browser.execute("return window.jetway.errors") as? Int == 0)
            }
            server.stop()
        }

        @Test func twoBrowsersNeverSeeEachOthersState() async throws {
            let server = try TestServer()
            defer { server.stop() }
            try await withBrowsers(2) { browsers in
                let alice = browsers[0], bob = browsers[1]
                try await alice.navigate(server.base + "/")
                try await bob.navigate(server.base + "/")
                #expect(await alice.wait(for: "return document.documentElement.classList.contains('jw-connected')"))
                #expect(await bob.wait(for: "return document.documentElement.classList.contains('jw-connected')"))
                try await alice.type("seattle", into: "input[type=search]")
                #expect(await alice.wait(for: "return \(EndToEnd.boardCount) === '4 flights'"))
                try await Task.sleep(for: .milliseconds(200))
                #expect(try await bob.string("return \(EndToEnd.boardCount)") == "40 flights")
                #expect(try await bob.string("return document.querySelector('input[type=search]').value") == "")
            }
        }
    }
}
