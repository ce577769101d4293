import Foundation
import Jetway
import JetwayBrowser
import JetwayServer
import Testing

@Observable @MainActor
private final class Departures {
    var refreshes = 0
    func reload() async {
        try? await Task.sleep(for: .milliseconds(400))
        refreshes += 1
    }
}

private struct DeparturesPage: View {
    let departures: Departures
    var body: some View {
        ScrollViewReader { proxy in
            Button("Last gate") { proxy.scrollTo(59, anchor: .bottom) }
            Text("Refreshed \(departures.refreshes)")
            List(0..<60, id: \.self) { Text("Gate \($0)") }
                .refreshable { await departures.reload() }
        }
    }
}

extension EndToEnd {
    /// `ScrollViewReader.scrollTo` and `.refreshable` in a real page: the row scrolled to is in
    /// view; the refresh button and a pull on a touch screen each refresh once, with progress.
    @Suite(.enabled(if: BrowserEngine.chromium.shouldRun, "needs chromium-driver (make test installs it)"))
    @MainActor
    struct ScrollAndRefreshInChromium {
        @Test func scrollToBringsTheRowIntoViewAndRefreshShowsProgress() async throws {
            let departures = Departures()
            let server = try TestServer(
                app: JetwayApp(title: "Gates", routes: [Route("/gates") { _ in DeparturesPage(departures: departures) }]))
            defer { server.stop() }
            try await withBrowsers(1) { browsers in
                let browser = browsers[0]
                try await browser.navigate(server.base + "/gates")
                #expect(await browser.wait(for: "return document.documentElement.classList.contains('jw-connected')"))
                let inView = """
                    const row = Array.from(document.querySelectorAll('.jw-list-row')).find(r => r.textContent === 'Gate 59');
                    if (!row) return false;
                    const box = row.getBoundingClientRect();
                    return box.top >= 0 && box.bottom <= window.innerHeight + 1
                    """
                #expect(try await browser.execute(inView) as? Bool == false, "the last row is in view (or rendered) before scrolling")
                try await browser.click("button", labelled: "Last gate")
                #expect(await browser.wait(for: inView), "scrollTo did not bring the row into view")
                try await browser.screenshot("scroll-to")

                _ = try await browser.execute("window.scrollTo(0, 0); return true")
                try await browser.click("button", labelled: "Refresh")
                #expect(
                    await browser.wait(for: "return !!document.querySelector('.jw-refreshable[aria-busy=true] progress')"), "no progress")
                #expect(
                    await browser.wait(
                        for: "return document.body.textContent.includes('Refreshed 1') && !document.querySelector('[aria-busy]')"))

                // A pull down from the top, as a finger does it.
                _ = try await browser.execute(
                    """
                    const area = document.querySelector('.jw-refreshable');
                    const at = (y) => [new Touch({identifier: 1, target: area, clientX: 100, clientY: y})];
                    area.dispatchEvent(new TouchEvent('touchstart', {bubbles: true, touches: at(100)}));
                    area.dispatchEvent(new TouchEvent('touchmove', {bubbles: true, touches: at(200)}));
                    area.dispatchEvent(new TouchEvent('touchmove', {bubbles: true, touches: at(260)}));
                    area.dispatchEvent(new TouchEvent('touchend', {bubbles: true, touches: []}));
                    return true
                    """)
                #expect(await browser.wait(for: "return document.body.textContent.includes('Refreshed 2')"), "the pull did not refresh")
                #expect(departures.refreshes == 2)
                #expect(try await browser.execute("return window.jetway.errors") as? Int == 0)
            }
        }
    }
}
