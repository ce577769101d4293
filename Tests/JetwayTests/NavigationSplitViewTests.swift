import JetwayTesting
import Testing

@testable import Jetway

/// A split view as SwiftUI apps write it: a sidebar list whose selection drives the detail.
private struct Airports: View {
    @State private var chosen: String?
    let codes = ["DEN", "BOI", "RNO"]

    var body: some View {
        NavigationSplitView {
            List(codes, id: \.self, selection: $chosen) { Text($0) }
                .navigationSplitViewColumnWidth(240)
        } detail: {
            if let chosen { Text("Detail \(chosen)") } else { Text("Choose an airport") }
        }
    }
}

@MainActor
struct NavigationSplitViewTests {
    @Test func theSidebarsSelectionDrivesTheDetail() throws {
        let host = ViewHost(Airports())
        #expect(host.text.contains("Choose an airport"))
        try host.tap("BOI")
        #expect(host.text.contains("Detail BOI"))
        #expect(host.elements(withClass: StyleClass.split).count == 1)
        #expect(host.elements(withClass: StyleClass.splitSidebar).count == 1)
        #expect(host.elements(withClass: StyleClass.splitColumn).count == 1)
        #expect(host.html.contains("\(StyleVariable.columnWidth):240px"))
        #expect(host.elements(withClass: StyleClass.navstack).count == 1, "one stack for the columns")
    }

    @Test func threeColumns() {
        let host = ViewHost(
            NavigationSplitView {
                Text("A")
            } content: {
                Text("B")
            } detail: {
                Text("C")
            })
        #expect(host.text == "ABC")
        #expect(host.elements(withClass: StyleClass.splitThree).count == 1)
    }
}
