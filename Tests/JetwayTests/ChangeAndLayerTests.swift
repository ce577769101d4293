import JetwayTesting
import Testing

@testable import Jetway

/// `onChange(of:)` in its three forms, and `.overlay(view)` / `.background(view)` without a
/// closure, written as SwiftUI apps write them.
private struct SearchScreen: View {
    @State private var query = ""
    @State private var log: [String] = []
    @State private var searches = 0

    var body: some View {
        VStack {
            TextField("Search", text: $query)
            Text("log: \(log.joined(separator: ","))")
            Text("searches: \(searches)")
        }
        .onChange(of: query) { oldValue, newValue in log.append("\(oldValue)>\(newValue)") }
        .onChange(of: query) { searches += 1 }
        .onChange(of: query, initial: true) { log.append("seen") }
        .onChange(of: query) { newValue in if newValue == "stop" { log.removeAll() } }
    }
}

@MainActor
struct ChangeAndLayerTests {
    @Test func onChangeSeesEachChangeWithItsOldAndNewValue() throws {
        let host = ViewHost(SearchScreen())
        try host.update()
        #expect(host.text.contains("log: seen"), "initial: true runs once on appearing")
        #expect(host.text.contains("searches: 0"))
        try host.type("ber", into: "Search")
        try host.update()
        #expect(host.text.contains("log: seen,>ber,seen"), "\(host.text)")
        #expect(host.text.contains("searches: 1"))
        try host.type("ber", into: "Search")
        try host.update()
        #expect(host.text.contains("searches: 1"), "the same value again is no change")
        try host.type("stop", into: "Search")
        try host.update()
        #expect(host.text.contains("log: ") && !host.text.contains(">ber"), "the older form gets the new value")
    }

    @Test func overlayAndBackgroundTakeAViewAsOlderCodeWritesThem() throws {
        let host = ViewHost(
            Text("Gate")
                .padding()
                .background(Capsule().fill(Color.blue))
                .overlay(Text("!"), alignment: .topTrailing)
                .overlay(Circle().stroke(Color.red)))
        #expect(host.text == "Gate!")
        #expect(host.elements(withClass: StyleClass.overlay).count == 2)
        #expect(host.elements(withClass: StyleClass.underlay).count == 1)
        #expect(host.html.contains("justify-self:end;align-self:start"), "the overlay's alignment")
        let styled = ViewHost(Text("Gate").background(Color.blue).overlay(Color.red.opacity(0.2)))
        #expect(styled.html.contains("background:"), "a colour is still a style behind")
        #expect(styled.elements(withClass: StyleClass.overlay).count == 1)
    }
}
