import Foundation
import Jetway
import JetwayBrowser
import JetwayServer
import MountainAirportViews
import Testing

extension EndToEnd {
    /// A page Jetway did not render (Assets/legacy.html) hosts two live views: each its own
    /// session (typing in one leaves the other), both live from the model, over one socket.
    @Suite(.enabled(if: BrowserEngine.chromium.shouldRun, "needs chromium-driver (make test installs it)"))
    @MainActor
    struct HostedViewsInChromium {
        @Test func aLegacyPageHostsTwoIndependentLiveViewsOverOneSocket() async throws {
            let server = try TestServer()
            defer { server.stop() }
            try await withBrowsers(1) { browsers in
                let driver = try #require(browsers[0] as? WebDriver)
                // Counts the sockets the page opens.
                _ = try await driver.devTools(
                    "Page.addScriptToEvaluateOnNewDocument",
                    [
                        "source": """
                        window.__sockets = 0;
                        const Native = window.WebSocket;
                        window.WebSocket = function (url, protocols) { window.__sockets++; return new Native(url, protocols); };
                        window.WebSocket.prototype = Native.prototype;
                        """
                    ])
                try await driver.navigate(server.base + "/assets/legacy.html")
                #expect(
                    await driver.wait(for: "return document.querySelectorAll('[data-jetway-view].jw-connected').length === 2"),
                    "the two views never went live")
                #expect(try await driver.execute("return window.__sockets") as? Int == 1, "more than one socket")
                #expect(try await driver.string("return document.querySelector('header h1').textContent") == "Mountain Airport intranet")
                // Typing in the first view filters it alone.
                try await driver.type("Denver", into: "#desk input")
                #expect(
                    await driver.wait(
                        for:
                            "return document.querySelector('#desk').textContent.includes('to Denver') && !document.querySelector('#desk').textContent.includes('Boston')"
                    ))
                let other = try await driver.string(
                    "return document.querySelector('#arrivals input').value + '|' + document.querySelector('#arrivals').textContent.includes('Boston')"
                )
                #expect(other == "|true", "the second view changed with the first: \(other)")
                // A change to the shared data reaches both (the first flight is to Denver, so
                // the filtered view shows it too).
                #expect(server.model.flights[0].otherAirport == "Denver")
                let number = server.model.flights[0].number
                try server.model.modify(server.model.flights[0].id) { $0.status = .cancelled }
                #expect(
                    await driver.wait(
                        for: """
                            return ['#desk', '#arrivals'].every((id) => Array.from(document.querySelectorAll(id + ' .jw-list-row'))
                              .some((row) => row.textContent.includes('\(number)') && row.textContent.includes('Cancelled')))
                            """),
                    "the change did not reach both views")
                #expect(
                    await driver.wait(
                        for:
                            "return Array.from(document.querySelectorAll('#arrivals .jw-list-row')).some((row) => row.textContent.includes('Cancelled'))"
                    ),
                    "the change did not reach the second view")
                // The host page keeps its own address.
                #expect(try await driver.string("return location.pathname") == "/assets/legacy.html")
                try await driver.screenshot("legacy-page")
                #expect(try await driver.execute("return window.jetwayViews.every((view) => view.errors === 0)") as? Bool == true)
            }
        }

        /// The network under a host page goes away without a word: both views on its one socket
        /// find out (the first ping without an answer gives the socket up for both at once), and
        /// both come back live when it returns.
        @Test func bothHostedViewsNoticeANetworkCutAndComeBack() async throws {
            let server = try TestServer()
            defer { server.stop() }
            let proxy = try FaultProxy(to: server.port)
            defer { proxy.stop() }
            try await withBrowsers(1) { browsers in
                let driver = try #require(browsers[0] as? WebDriver)
                try await driver.navigate("http://127.0.0.1:\(proxy.port)/assets/legacy.html")
                #expect(await driver.wait(for: "return document.querySelectorAll('[data-jetway-view].jw-connected').length === 2"))
                // When each view first shows it is offline.
                _ = try await driver.execute(
                    """
                    window.__offlineAt = {};
                    for (const view of document.querySelectorAll('[data-jetway-view]')) {
                      new MutationObserver(() => {
                        if (view.classList.contains('jw-offline') && !(view.id in window.__offlineAt)) window.__offlineAt[view.id] = performance.now();
                      }).observe(view, { attributes: true, attributeFilter: ['class'] });
                    }
                    return true
                    """)
                proxy.cut()
                // Offline, both (the mark stays while they try again: a retry through the cut
                // hangs), and at once: the first ping without an answer gives the shared socket
                // up for both, not one now and the other when the browser's close times out.
                #expect(
                    await driver.wait(for: "return Object.keys(window.__offlineAt).length === 2", timeout: 30),
                    "the views did not notice the network had gone")
                let apart = try await driver.execute("const t = Object.values(window.__offlineAt); return Math.abs(t[0] - t[1])") as? Double
                #expect((apart ?? .infinity) < 1500, "the views went offline \(apart ?? -1) ms apart")
                proxy.heal()
                #expect(
                    await driver.wait(for: "return document.querySelectorAll('[data-jetway-view].jw-connected').length === 2", timeout: 30),
                    "the views did not come back")
                #expect(try await driver.execute("return window.jetwayViews.every((view) => view.errors === 0)") as? Bool == true)
            }
        }
    }
}
