import Foundation
import Jetway
import JetwayBrowser
import JetwayServer
import Testing

/// A `TabView` in a real page: each tab has a URL, the browser's Back and Forward move between
/// tabs, a reload keeps the tab (and the screen pushed in it), and a tab keeps what was typed
/// in it while another is shown.
private struct TabsApp: View {
    enum Tab: String { case flights, awards }
    @State private var tab = Tab.flights
    @State private var note = ""

    var body: some View {
        TabView(selection: $tab) {
            VStack {
                TextField("Note", text: $note)
                Text("Note: \(note)")
            }
            .tabItem { Label("Flights", systemImage: "airplane") }
            .tag(Tab.flights)
            NavigationStack {
                List(["Gold", "Silver"], id: \.self) { award in
                    NavigationLink(award) { Text("The \(award) award").navigationTitle(award) }
                }
                .navigationTitle("Awards")
            }
            .tabItem { Label("Awards", systemImage: "star") }
            .tag(Tab.awards)
        }
    }
}

extension EndToEnd {
    @Suite(.enabled(if: BrowserEngine.chromium.shouldRun, "needs chromium-driver (make test installs it)"))
    @MainActor
    struct TabsInChromium {
        static let connected = "return document.documentElement.classList.contains('jw-connected')"

        @Test func tabsHaveURLsThatBackForwardAndReloadFollow() async throws {
            let server = try TestServer(app: JetwayApp(title: "Tabs", routes: [Route("/tabs") { _ in TabsApp() }]))
            defer { server.stop() }
            try await withBrowsers(1) { browsers in
                let browser = browsers[0]
                try await browser.navigate(server.base + "/tabs")
                #expect(await browser.wait(for: Self.connected))
                #expect(await browser.wait(for: "return location.search === '?tab=flights'"), "the first tab's URL was not written")
                try await browser.type("gate B12", into: "input[aria-label='Note']")
                #expect(await browser.wait(for: "return document.body.textContent.includes('Note: gate B12')"))
                try await browser.screenshot("tabs-flights")

                try await browser.click("[role=tab]", labelled: "Awards")
                #expect(await browser.wait(for: "return document.body.textContent.includes('Gold')"))
                #expect(await browser.wait(for: "return location.search.startsWith('?tab=awards')"), "no URL for the tab")
                #expect(try await browser.string("return document.querySelector('[role=tab][aria-selected=true]').textContent") == "Awards")
                #expect(await browser.wait(for: "return document.title.startsWith('Awards')"), "the title did not follow the tab's screen")

                _ = try await browser.execute("history.back(); return true")
                #expect(
                    await browser.wait(for: "return document.body.textContent.includes('Note: gate B12')"),
                    "Back did not return to the first tab with its text")
                #expect(await browser.wait(for: "return location.search === '?tab=flights'"))
                _ = try await browser.execute("history.forward(); return true")
                #expect(await browser.wait(for: "return document.body.textContent.includes('Silver')"), "Forward did not show the tab")

                // A screen pushed inside a tab: the URL has both, and a reload opens both.
                try await browser.click(".jw-navlink", labelled: "Gold")
                #expect(await browser.wait(for: "return document.body.textContent.includes('The Gold award')"))
                #expect(await browser.wait(for: "return location.search.includes('tab=awards') && location.search.includes('nav=')"))
                let deep = try await browser.string("return location.href")
                try await browser.navigate(deep)
                #expect(await browser.wait(for: Self.connected))
                #expect(
                    try await browser.execute("return document.body.textContent.includes('The Gold award')") as? Bool == true,
                    "the reloaded URL did not open the tab's pushed screen")
                #expect(try await browser.string("return document.querySelector('[role=tab][aria-selected=true]').textContent") == "Awards")
                try await browser.screenshot("tabs-awards-pushed")
                #expect(try await browser.execute("return window.jetway.errors") as? Int == 0)
            }
        }
    }
}
