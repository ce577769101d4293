import Foundation
import JetwayBrowser
import Testing

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

extension EndToEnd {
    /// MountainAirport started as an airport would start it with an outside feed — here the
    /// fixtures' URLProtocol (`--feed-fixtures`), so no network is needed: the console shows the
    /// feed live and what it changed, a clear "unavailable" when it fails, and recovers.
    @Suite(.enabled(if: BrowserEngine.chromium.shouldRun, "needs chromium-driver (make test installs it)"))
    @MainActor
    struct FeedInChromium {
        static let connected = "return document.documentElement.classList.contains('jw-connected')"
        static var root: URL {
            URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        }

        @Test func theConsoleShowsTheFeedLiveThenUnavailableThenLiveAgain() async throws {
            let binary = Self.root.appendingPathComponent(".build/debug/MountainAirport").path
            #expect(FileManager.default.isExecutableFile(atPath: binary), "swift build makes \(binary)")
            let folder = NSTemporaryDirectory() + "jetway-feed-e2e-\(UUID().uuidString.prefix(8))"
            try FileManager.default.copyItem(atPath: Self.root.appendingPathComponent("Tests/Fixtures/feed").path, toPath: folder)
            let scenario = URL(fileURLWithPath: folder + "/scenario")
            try Data("success".utf8).write(to: scenario)
            let port = freeLoopbackPort()
            // A staff account first (the password from the environment, as a script gives it).
            _ = try Command.run(
                binary, ["--add-staff", "ops"],
                environment: ["JETWAY_DATA": folder + "/data", "AIRPORT_STAFF_PASSWORD": "feed-test-password"])
            let server = try Command.start(
                binary,
                [
                    "--import", folder + "/flights.json", "--no-simulate", "--feed", "http://feed.invalid/flights.json", "--feed-fixtures",
                    folder,
                    "--feed-interval", "0.3", "--feed-timeout", "1",
                ],
                environment: ["JETWAY_PORT": "\(port)", "JETWAY_DATA": folder + "/data", "JETWAY_CLOCK": "2026-12-02T16:30:00Z"])
            defer { server.terminate() }
            let base = "http://127.0.0.1:\(port)"
            var up = false
            for _ in 0..<300 where !up {
                if let (_, response) = try? await URLSession.shared.data(from: URL(string: base + "/api/flights/1")!) {
                    up = (response as? HTTPURLResponse)?.statusCode == 200
                }
                if !up { try await Task.sleep(for: .milliseconds(100)) }
            }
            #expect(up, "the app did not start")
            try await withBrowsers(1) { browsers in
                let ops = try #require(browsers[0] as? WebDriver)
                try await ops.navigate(base + "/ops/signin")
                try await ops.type("ops", into: "input[name=name]")
                try await ops.type("feed-test-password", into: "input[name=password]")
                try await ops.click("button[type=submit]")
                #expect(await ops.wait(for: "return location.pathname === '/ops'"))
                #expect(await ops.wait(for: Self.connected))
                let feedLine = "((document.querySelector('[data-testid=feed-status]') || {}).textContent || '')"
                let live = await ops.wait(for: "return \(feedLine).includes('Flight feed: live')")
                let said = try await ops.string("return \(feedLine)")
                #expect(live, "\(said)")
                // What the feed said is on the board: MA 101 delayed to 10:40 (Denver).
                #expect(await ops.wait(for: "return document.body.textContent.includes('Delayed')"))

                try Data("failing".utf8).write(to: scenario)
                #expect(
                    await ops.wait(
                        for: "return \(feedLine).includes('Flight feed unavailable since') && \(feedLine).includes('503')", timeout: 5))
                try await ops.screenshot("ops-feed-unavailable")
                try Data("success".utf8).write(to: scenario)
                #expect(await ops.wait(for: "return \(feedLine).includes('Flight feed: live')", timeout: 5), "the feed did not recover")
                // A feed that answers a minute late is unavailable after the timeout (1 s here).
                try Data("slow".utf8).write(to: scenario)
                let late = await ops.wait(for: "return \(feedLine).includes('no answer within 1 s')", timeout: 5)
                let saidLate = try await ops.string("return \(feedLine)")
                #expect(late, "\(saidLate)")
                try Data("malformed".utf8).write(to: scenario)
                #expect(await ops.wait(for: "return \(feedLine).includes('not a flight list')", timeout: 5))
                try Data("success".utf8).write(to: scenario)
                #expect(await ops.wait(for: "return \(feedLine).includes('Flight feed: live')", timeout: 5), "the feed did not recover")
                #expect(try await ops.execute("return window.jetway.errors") as? Int == 0)
            }
        }
    }
}
