import Foundation
import Jetway
import JetwayBrowser
import Testing

@testable import JetwayServer

/// Rows with a Delete button each: a double click deletes one row, and the second click
/// reaches the server after the first one's patch took its button off the page.
private struct Bookings: View {
    @State private var rooms = ["Ember", "Fjord", "Glade"]
    var body: some View {
        VStack {
            ForEach(rooms, id: \.self) { room in
                HStack {
                    Text(room)
                    Button("Delete \(room)") { rooms.removeAll { $0 == room } }
                }
            }
            Text("\(rooms.count) rooms")
        }
    }
}

extension EndToEnd {
    /// A quick user is not a misbehaving client: clicks on what a patch has just removed are
    /// answered quietly, in every engine, and the page stays live.
    @Suite @MainActor
    struct RacesInBrowsers {
        @Test(.enabled(if: BrowserEngine.chromium.shouldRun, "needs chromium-driver (make test installs it)"))
        func chromium() async throws { try await clicksOnWhatJustLeftAreHarmless(.chromium) }

        @Test(.enabled(if: BrowserEngine.firefox.shouldRun, "needs firefox-esr (make test installs it)"))
        func firefox() async throws { try await clicksOnWhatJustLeftAreHarmless(.firefox) }

        @Test(.enabled(if: BrowserEngine.webkit.shouldRun, "needs webkit2gtk-driver and xvfb (make test installs them)"))
        func webkit() async throws { try await clicksOnWhatJustLeftAreHarmless(.webkit) }

        func clicksOnWhatJustLeftAreHarmless(_ engine: BrowserEngine) async throws {
            let server = try TestServer(
                app: JetwayApp(title: "Bookings", routes: [Route("/bookings") { _ in Bookings() }]), configure: { $0.maxViolations = 3 })
            defer { server.stop() }
            try await withBrowsers(1, engine) { browsers in
                let browser = browsers[0]
                try await browser.navigate(server.base + "/bookings")
                #expect(await browser.wait(for: "return document.documentElement.classList.contains('jw-connected')"))
                // A triple click on each: the later clicks are sent before the first one's patch.
                for room in ["Ember", "Fjord", "Glade"] {
                    _ = try await browser.execute(
                        """
                        const button = [...document.querySelectorAll('button')].find((b) => b.textContent === 'Delete \(room)');
                        button.click(); button.click(); button.click();
                        """)
                    #expect(await browser.wait(for: "return !document.body.textContent.includes('Delete \(room)')"), "\(engine): \(room)")
                }
                #expect(await browser.wait(for: "return document.body.textContent.includes('0 rooms')"), "\(engine)")
                #expect(try await browser.execute("return window.jetway.errors") as? Int == 0, "\(engine): errors shown")
                #expect(try await browser.execute("return window.jetway.connected") as? Bool == true, "\(engine): the socket was closed")
                // The race happened: clicks reached the server for buttons already gone.
                #expect(server.server.sessions.departedEvents >= 3, "\(engine): \(server.server.sessions.departedEvents) departed clicks")
            }
        }
    }
}
