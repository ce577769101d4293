import Foundation
import Jetway
import JetwayBrowser
import JetwayStore
import MountainAirportViews
import Testing

@testable import JetwayServer

extension EndToEnd {
    /// The gate kiosk in Chromium as a wall screen runs it: clocks that tick in the browser
    /// (and agree with the server's), an injected clock that moves it along, and a board that
    /// never goes blank — through a server stop, a reboot while the server is down (the service
    /// worker's copy), and a restart with a new build.
    @Suite(.enabled(if: BrowserEngine.chromium.shouldRun, "needs chromium-driver (make test installs it)"))
    @MainActor
    struct KioskInChromium {
        static let connected = "return document.documentElement.classList.contains('jw-connected')"
        nonisolated static let denver = TimeZone(identifier: "America/Denver")!
        /// "6:58 PM" at the airport, as `Text(date, style: .time)` and the runtime write a time.
        static var shortTime: ShortTime { ShortTime() }
        struct ShortTime {
            func string(from date: Date) -> String {
                let formatter = DateFormatter()
                formatter.locale = Locale(identifier: "en_US")
                formatter.timeZone = KioskInChromium.denver
                formatter.timeStyle = .short
                return formatter.string(from: date).replacingOccurrences(of: "\u{202F}", with: " ")
            }
        }
        /// The sample day's first flight (MA100 at gate A1, then MA184 three hours later).
        static let start = Date(timeIntervalSince1970: 1_795_000_000)

        func model(clock: WallClock) -> FlightBoardModel {
            FlightBoardModel(store: FlightBoardModel().store, timeZone: Self.denver, clock: clock)
        }

        func text(_ driver: WebDriver, _ testID: String) async throws -> String {
            try await driver.string("return (document.querySelector('[data-testid=\(testID)]') || {}).textContent || ''")
        }

        @Test func theKiosksClocksTickInTheBrowserAgreeWithTheServerAndFollowAnInjectedClock() async throws {
            // A stopped clock: what the browser counts must be exactly what the server wrote.
            let stopped = WallClock(startingAt: Self.start.addingTimeInterval(-40 * 60), rate: 0)
            let stoppedModel = model(clock: stopped)
            let still = try TestServer(model: stoppedModel) { $0.clock = stopped }
            defer { still.stop() }
            try await withBrowsers(1) { browsers in
                let driver = try #require(browsers[0] as? WebDriver)
                try await driver.resizeWindow(width: 1280, height: 720)
                try await driver.navigate(still.base + "/gate/a1")
                #expect(await driver.wait(for: Self.connected))
                #expect(await driver.wait(for: "return Jetway.clock.ticks > 2"))
                let formatter = Self.shortTime
                #expect(try await text(driver, "kiosk-clock") == formatter.string(from: stopped.now))
                #expect(try await text(driver, "kiosk-countdown") == "Boarding in10:00")
                // (That the browser writes each clock as the server does: ClocksInChromium.)
                // No pointer anywhere on the page (the kiosk, its margins, the offline mark).
                #expect(
                    try await driver.string(
                        "return ['[data-testid=kiosk]', '[data-testid=kiosk-clock]', 'html', 'body', '.jw-banner'].map((css) => getComputedStyle(document.querySelector(css)).cursor).join(' ')"
                    ) == "none none none none none")
                // Headless Chromium grants the screen wake lock; the browser lets go of it while
                // the page is hidden (another tab in front), and the kiosk takes it again.
                let held = await driver.wait(for: "return Jetway.wakeLock === 'held'")
                let state = try await driver.string("return Jetway.wakeLock")
                #expect(held, "\(state)")
                _ = try await driver.execute(
                    "const ask = navigator.wakeLock.request.bind(navigator.wakeLock); window.__asks = 0; navigator.wakeLock.request = (type) => { window.__asks++; return ask(type); }; return true"
                )
                let kioskTab = try await driver.currentWindow()
                let otherTab = try await driver.openTab()
                try await Task.sleep(for: .milliseconds(500))
                try await driver.switchToWindow(kioskTab)
                let again = await driver.wait(
                    for: "return document.visibilityState === 'visible' && window.__asks >= 1 && Jetway.wakeLock === 'held'")
                let lock = try await driver.string("return Jetway.wakeLock + ' after ' + window.__asks + ' requests'")
                #expect(again, "the wake lock was not taken again: \(lock)")
                try await driver.switchToWindow(otherTab)
                try await driver.closeWindow()
                try await driver.switchToWindow(kioskTab)

                // The running clock: the kiosk's clock and countdown move with no server render.
                // A clock that runs two minutes a second (made now: boarding is forty of its
                // minutes away, twenty seconds, so a loaded machine still sees it count).
                let fast = WallClock(startingAt: Self.start.addingTimeInterval(-70 * 60), rate: 120)
                let fastModel = model(clock: fast)
                let running = try TestServer(model: fastModel) { $0.clock = fast }
                defer { running.stop() }
                try await driver.navigate(running.base + "/gate/A1")
                #expect(await driver.wait(for: Self.connected))
                let version = try await driver.string("return String(window.jetway.version)")
                let firstClock = try await text(driver, "kiosk-clock")
                let firstCountdown = try await text(driver, "kiosk-countdown")
                try await Task.sleep(for: .seconds(3))
                let laterClock = try await text(driver, "kiosk-clock")
                let laterCountdown = try await text(driver, "kiosk-countdown")
                #expect(laterClock != firstClock, "the clock stood still: \(firstClock)")
                #expect(laterCountdown != firstCountdown, "the countdown stood still: \(firstCountdown)")
                #expect(try await driver.string("return String(window.jetway.version)") == version, "the server rendered the clock")
                #expect(try await text(driver, "kiosk-destination") == "to Denver")
                // The simulator on the same clock: the first flight departs and leaves the screen.
                try AirportSimulator(model: fastModel).step(now: Self.start.addingTimeInterval(60))
                #expect(
                    await driver.wait(
                        for: "return (document.querySelector('[data-testid=kiosk]') || {}).textContent.includes('MA184')", timeout: 3))
                #expect(
                    try await driver.string("return document.querySelector('[data-testid=kiosk]').textContent").contains("MA100") == false)
                try await driver.screenshot("kiosk-landscape")
                try await driver.resizeWindow(width: 1080, height: 1920)
                try await Task.sleep(for: .milliseconds(300))
                try await driver.screenshot("kiosk-portrait")
            }
        }

        @Test func theKioskKeepsItsLastBoardThroughAStopARebootAndANewBuild() async throws {
            let model = FlightBoardModel(store: FlightBoardModel().store, timeZone: Self.denver)
            let port = TestServer.freePort()
            var server: TestServer? = try TestServer(port: port, model: model)
            defer { server?.stop() }
            let base = "http://127.0.0.1:\(port)"
            try await withBrowsers(1) { browsers in
                let driver = try #require(browsers[0] as? WebDriver)
                try await driver.resizeWindow(width: 1280, height: 720)
                try await driver.navigate(base + "/gate/A1")
                #expect(await driver.wait(for: Self.connected))
                #expect(await driver.wait(for: "return window.jetway.savedCopies > 0", timeout: 15), "the service worker kept no copy")
                // A change: the copy kept is the board as it last showed, not its first paint.
                try model.modify(0) { $0.status = .boarding }
                #expect(await driver.wait(for: "return document.body.textContent.includes('Gate closes in')"))
                #expect(await driver.wait(for: "return window.jetway.savedCopies > 1", timeout: 10))

                // The server goes away: the board stays, marked, with the time of its last update
                // (checked every 50 ms while it is away: it never went blank).
                _ = try await driver.execute(
                    "window.__blank = 0; setInterval(() => { const k = document.querySelector('[data-testid=kiosk]'); if (!k || !k.textContent.includes('MA100')) window.__blank++; }, 50); return true"
                )
                server?.stop()
                server = nil
                #expect(await driver.wait(for: "return document.documentElement.classList.contains('jw-offline')", timeout: 10))
                let banner = try await driver.string("return document.querySelector('.jw-banner').textContent")
                // The last update's time, in the airport's zone (the clock is the system's: this
                // minute or the one before).
                let formatter = Self.shortTime
                let minutes = [Date(), Date().addingTimeInterval(-60)].map { "Reconnecting… · last updated " + formatter.string(from: $0) }
                #expect(minutes.contains(banner), "\(banner)")
                #expect(try await text(driver, "kiosk").contains("MA100"))

                // A reboot while the server is down: a fresh tab shows the kept board, not an error.
                let first = try await driver.currentWindow()
                let keptTab = try await driver.openTab()
                // A kiosk's screen, for the screenshot.
                _ = try await driver.devTools(
                    "Emulation.setDeviceMetricsOverride", ["width": 1920, "height": 1080, "deviceScaleFactor": 1, "mobile": false])
                try await driver.navigate(base + "/gate/A1")
                #expect(await driver.wait(for: "return document.documentElement.classList.contains('jw-stale')", timeout: 15))
                #expect(
                    try await driver.string("return document.querySelector('.jw-banner').textContent").hasPrefix("Not live · last updated ")
                )
                let kept = try await text(driver, "kiosk")
                #expect(kept.contains("MA100") && kept.contains("Gate closes in"), "the kept copy: \(kept)")
                #expect(await driver.wait(for: "return Jetway.clock.ticks > 1"))
                try await driver.screenshot("kiosk-offline")

                try await driver.switchToWindow(first)
                #expect(try await driver.execute("return window.__blank") as? Int == 0, "the board went blank while the server was away")
                try await driver.switchToWindow(keptTab)
                // The server is back, with a new build: both tabs go live by themselves.
                server = try TestServer(port: port, model: model) { $0.buildID = "test-2" }
                #expect(
                    await driver.wait(
                        for:
                            "return !document.documentElement.classList.contains('jw-stale') && document.documentElement.classList.contains('jw-connected')",
                        timeout: 20), "the kept copy did not go live")
                #expect(try await text(driver, "kiosk").contains("Gate closes in"))
                try await driver.switchToWindow(first)
                #expect(await driver.wait(for: Self.connected, timeout: 20), "the first tab did not come back")
                #expect(try await text(driver, "kiosk").contains("MA100"))
            }
        }

        /// A network that goes away without a word (a pulled cable: nothing arrives, nothing is
        /// closed), a server restarted meanwhile with a change made while it was down, then the
        /// network back: the board stays up all along, says since when it has not been updated
        /// (in the airport's time, not UTC), and goes live with the change by itself.
        @Test func theKioskRidesOutANetworkCutAndAServerRestartUnaided() async throws {
            // A stopped clock: the time of the last update is known to the minute.
            let clock = WallClock(startingAt: Self.start.addingTimeInterval(-40 * 60), rate: 0)
            let model = model(clock: clock)
            let port = TestServer.freePort()
            var server: TestServer? = try TestServer(port: port, model: model) { $0.clock = clock }
            defer { server?.stop() }
            let proxy = try FaultProxy(to: port)
            defer { proxy.stop() }
            try await withBrowsers(1) { browsers in
                let driver = try #require(browsers[0] as? WebDriver)
                try await driver.resizeWindow(width: 1280, height: 720)
                try await driver.navigate("http://127.0.0.1:\(proxy.port)/gate/A1")
                #expect(await driver.wait(for: Self.connected))
                #expect(try await text(driver, "kiosk-status") == "On Time")
                _ = try await driver.execute(
                    "window.__blank = 0; setInterval(() => { const k = document.querySelector('[data-testid=kiosk]'); if (!k || !k.textContent.includes('MA100')) window.__blank++; }, 50); return true"
                )

                // The cable is pulled: the page finds out by its pings (10 s, then 8 s without a pong).
                proxy.cut()
                let connectionsBefore = proxy.accepted
                #expect(
                    await driver.wait(for: "return document.documentElement.classList.contains('jw-offline')", timeout: 30),
                    "the page never noticed the network had gone")
                let formatter = Self.shortTime
                let banner = try await driver.string("return document.querySelector('.jw-banner').textContent")
                #expect(banner == "Reconnecting… · last updated \(formatter.string(from: clock.now))", "\(banner)")

                // The server restarts while the network is still down, and a flight changes.
                server?.stop()
                server = nil
                _ = try model.modify(0) { $0.status = .delayed }
                server = try TestServer(port: port, model: model) { $0.clock = clock }
                try await Task.sleep(for: .seconds(1))
                #expect(try await driver.execute("return document.documentElement.classList.contains('jw-offline')") as? Bool == true)
                #expect(try await text(driver, "kiosk-status") == "On Time", "the page changed with the network cut")

                // The network is back: live again, with the change, with no one touching it.
                proxy.heal()
                #expect(
                    await driver.wait(
                        for:
                            "return document.documentElement.classList.contains('jw-connected') && !document.documentElement.classList.contains('jw-offline')",
                        timeout: 30), "the page did not go live again")
                #expect(
                    await driver.wait(for: "return (document.querySelector('[data-testid=kiosk-status]') || {}).textContent === 'Delayed'"))
                #expect(proxy.accepted > connectionsBefore, "the page never opened a new connection")
                #expect(try await driver.execute("return window.__blank") as? Int == 0, "the board went blank")
            }
        }
    }
}
