import JetwayTesting
import Testing

@testable import Jetway

/// Rows bound to their elements (`ForEach($items) { $item in … }`) and lists the user selects
/// rows of, as SwiftUI apps write them.
private struct Bag: Identifiable, Hashable {
    let id: Int
    var name: String
    var packed = false
}

private struct Packing: View {
    @State private var bags = [Bag(id: 1, name: "Carry-on"), Bag(id: 2, name: "Checked"), Bag(id: 3, name: "Skis")]
    @State private var chosen: Bag.ID?
    @State private var several: Set<Int> = []

    var body: some View {
        VStack {
            List {
                ForEach($bags) { $bag in
                    Toggle(bag.name, isOn: $bag.packed)
                }
                .onDelete { bags.remove(atOffsets: $0) }
            }
            List(bags, selection: $chosen) { bag in Text("Pick \(bag.name)") }
            List(selection: $several) {
                ForEach(bags) { bag in Text("Tick \(bag.name)") }
            }
            Text("packed: \(bags.filter(\.packed).map(\.name).joined(separator: ","))")
            Text("chosen: \(chosen.map(String.init) ?? "none") several: \(several.sorted().map(String.init).joined(separator: ","))")
        }
    }
}

@MainActor
struct ListSelectionTests {
    @Test func rowsBoundToTheirElementsWriteBack() throws {
        let host = ViewHost(Packing())
        try host.toggle("Skis")
        #expect(host.text.contains("packed: Skis"))
        try host.tap("Delete Carry-on")
        try host.toggle("Checked")
        #expect(host.text.contains("packed: Checked,Skis"), "a row's binding follows its element when rows above go")
    }

    @Test func aClickSelectsARow() throws {
        let host = ViewHost(Packing())
        try host.tap("Pick Checked")
        #expect(host.text.contains("chosen: 2"))
        let selected = host.dom.root.descendants.filter { $0.attribute("aria-selected") == "true" }
        #expect(selected.map(\.textContent) == ["Pick Checked"])
        try host.tap("Pick Skis")
        #expect(host.text.contains("chosen: 3"))
        #expect(host.dom.root.descendants.contains { $0.attribute("role") == "listbox" })
    }

    @Test func aMultipleSelectionAddsAndTakesOut() throws {
        let host = ViewHost(Packing())
        try host.tap("Tick Skis")
        try host.tap("Tick Carry-on")
        #expect(host.text.contains("several: 1,3"))
        try host.tap("Tick Skis")
        #expect(host.text.contains("several: 1") && !host.text.contains("several: 1,3"))
        #expect(host.dom.root.descendants.contains { $0.attribute("aria-multiselectable") == "true" })
    }
}
