import Foundation
import Jetway
import JetwayBrowser
import JetwayServer
import Testing

/// A booking app's shape: rooms pushed by value, a screen with state of its own, a search on
/// the root that must still be there after Back.
private struct Room: Hashable {
    let name: String
}

private struct RoomsPage: View {
    @State private var search = ""
    @State private var booking = false
    var body: some View {
        NavigationStack {
            VStack {
                TextField("Find a room", text: $search)
                NavigationLink("Ember", value: Room(name: "Ember"))
                NavigationLink("Fjord", value: Room(name: "Fjord"))
                Button("Book") { booking = true }
                Text(booking ? "booking" : "not booking")
            }
            .navigationDestination(for: Room.self) { room in RoomScreen(room: room) }
            .navigationDestination(isPresented: $booking) { RoomScreen(room: Room(name: "Booking")) }
        }
    }
}

private struct RoomScreen: View {
    let room: Room
    @State private var guests = 1
    var body: some View {
        VStack {
            Text("\(room.name) for \(guests)")
            Button("Add a guest") { guests += 1 }
        }
    }
}

extension EndToEnd {
    /// `@State` in a screen pushed by `NavigationLink(value:)` changes, in every engine, and the
    /// root's state is still there after Back.
    @Suite @MainActor
    struct PushedStateInBrowsers {
        @Test(.enabled(if: BrowserEngine.chromium.shouldRun, "needs chromium-driver (make test installs it)"))
        func chromium() async throws { try await statePushedByValueChanges(.chromium) }

        @Test(.enabled(if: BrowserEngine.firefox.shouldRun, "needs firefox-esr (make test installs it)"))
        func firefox() async throws { try await statePushedByValueChanges(.firefox) }

        @Test(.enabled(if: BrowserEngine.webkit.shouldRun, "needs webkit2gtk-driver and xvfb (make test installs them)"))
        func webkit() async throws { try await statePushedByValueChanges(.webkit) }

        func statePushedByValueChanges(_ engine: BrowserEngine) async throws {
            let server = try TestServer(app: JetwayApp(title: "Rooms", routes: [Route("/rooms") { _ in RoomsPage() }]))
            defer { server.stop() }
            try await withBrowsers(1, engine) { browsers in
                let browser = browsers[0]
                try await browser.navigate(server.base + "/rooms")
                #expect(await browser.wait(for: "return document.documentElement.classList.contains('jw-connected')"))
                try await browser.type("north", into: "input")
                try await browser.click("a", labelled: "Fjord")
                #expect(await browser.wait(for: "return document.body.textContent.includes('Fjord for 1')"), "\(engine): not pushed")
                try await browser.click("button", labelled: "Add a guest")
                try await browser.click("button", labelled: "Add a guest")
                #expect(
                    await browser.wait(for: "return document.body.textContent.includes('Fjord for 3')"),
                    "\(engine): the pushed screen's state")
                try await browser.click("a.jw-nav-back")
                #expect(
                    await browser.wait(
                        for: "return !!document.querySelector('input') && document.querySelector('input').value === 'north'"),
                    "\(engine): the root's search after Back")
                // A presentation by a flag: pushed, its state changes, Back sets the flag.
                try await browser.click("button", labelled: "Book")
                #expect(await browser.wait(for: "return document.body.textContent.includes('Booking for 1')"), "\(engine): not presented")
                try await browser.click("button", labelled: "Add a guest")
                #expect(
                    await browser.wait(for: "return document.body.textContent.includes('Booking for 2')"),
                    "\(engine): the presented screen's state")
                try await browser.click("a.jw-nav-back")
                #expect(
                    await browser.wait(for: "return document.body.textContent.includes('not booking')"),
                    "\(engine): Back did not clear the flag")
                #expect(try await browser.execute("return window.jetway.errors") as? Int == 0)
            }
        }
    }
}
