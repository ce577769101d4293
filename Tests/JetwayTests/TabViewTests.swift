import Foundation
import JetwayTesting
import Testing

@testable import Jetway

/// `TabView`: a tab bar of links named by their tags, the chosen tab's content only, every
/// tab's state kept while another is shown, and the URL's tab opened on the server.
@MainActor
struct TabViewTests {
    enum Tab: String { case flights, awards, settings }

    struct Airport: View {
        @State var tab = Tab.flights
        var body: some View {
            TabView(selection: $tab) {
                Counter(name: "Flights").tabItem { Label("Flights", systemImage: "airplane") }.tag(Tab.flights)
                Counter(name: "Awards").tabItem { Text("Awards") }.tag(Tab.awards)
                Text("Settings screen").tabItem { Text("Settings") }.tag(Tab.settings)
            }
        }
    }

    struct Counter: View {
        let name: String
        @State var taps = 0
        var body: some View {
            VStack {
                Text("\(name) tapped \(taps)")
                Button("Tap \(name)") { taps += 1 }
            }
        }
    }

    private func tabs(_ host: ViewHost) -> [DOMNode] {
        host.dom.root.descendants.filter { $0.attribute("role") == "tab" }
    }

    @Test func theChosenTabAloneIsShownAndTheBarLinksEveryTabByItsTag() throws {
        let host = ViewHost(Airport())
        #expect(tabs(host).map { $0.attribute("href") } == ["?tab=flights", "?tab=awards", "?tab=settings"])
        #expect(tabs(host).map { $0.attribute("aria-selected") } == ["true", "false", "false"])
        #expect(tabs(host).map { $0.textContent.trimmingCharacters(in: .whitespaces) } == ["Flights", "Awards", "Settings"])
        #expect(host.text.contains("Flights tapped 0") && !host.text.contains("Awards tapped"))
        let view = try #require(host.dom.root.descendants.first { $0.attribute("class") == "jw-tabview" })
        #expect(view.attribute("data-tab") == "flights")
        #expect(host.dom.root.descendants.first { $0.attribute("role") == "tabpanel" }?.attribute("aria-label") == "Flights")
    }

    @Test func everyTabKeepsItsStateWhileAnotherIsShown() throws {
        let host = ViewHost(Airport())
        try host.tap("Tap Flights")
        try host.tap("Tap Flights")
        try host.tap("Awards")
        #expect(host.text.contains("Awards tapped 0") && !host.text.contains("Flights tapped"))
        try host.tap("Tap Awards")
        try host.tap("Flights")
        #expect(host.text.contains("Flights tapped 2"))
        try host.tap("Awards")
        #expect(host.text.contains("Awards tapped 1"))
    }

    @Test func theURLsTabIsShownAndAnUnknownOneIsRefused() throws {
        let host = ViewHost(Airport())
        try host.send(.navigate, .text("settings")) { $0.attribute("class") == "jw-tabview" }
        #expect(host.text.contains("Settings screen"))
        #expect(throws: JetwayError.self) {
            try host.send(.navigate, .text("<script>")) { $0.attribute("class") == "jw-tabview" }
        }
        #expect(host.text.contains("Settings screen"))
        // Opening a page at `?tab=awards` (as the server does) leaves it shareable.
        let graph = ViewGraph(Airport())
        graph.render()
        #expect(graph.openTab("awards"))
        #expect(graph.isPristine)
        #expect(!graph.openTab("nowhere"))
    }

    @Test func tabsWithoutASelectionAreChosenByPosition() throws {
        let host = ViewHost(
            TabView {
                Text("First tab").tabItem { Text("One") }
                Text("Second tab").tabItem { Text("Two") }
            })
        #expect(tabs(host).map { $0.attribute("href") } == ["?tab=0", "?tab=1"])
        try host.tap("Two")
        #expect(host.text.contains("Second tab") && !host.text.contains("First tab"))
    }
}
