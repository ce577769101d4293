import JetwayTesting
import Testing

@testable import Jetway

/// SwiftUI's older names, as apps written before their replacements still use them, do what the
/// newer ones do.
@MainActor
struct OlderNamesTests {
    private struct Titled: View {
        let older: Bool
        var body: some View {
            NavigationStack {
                if older {
                    List(["A1", "B2"], id: \.self) { Text($0) }.navigationBarTitle("Gates", displayMode: .inline)
                } else {
                    List(["A1", "B2"], id: \.self) { Text($0) }.navigationTitle("Gates")
                }
            }
        }
    }

    @Test func navigationBarTitleIsNavigationTitle() throws {
        let older = ViewHost(Titled(older: true)), newer = ViewHost(Titled(older: false))
        #expect(older.dom.root.descendants.contains { $0.tag == "h1" && $0.textContent == "Gates" })
        #expect(older.text == newer.text)
        let plain = ViewHost(NavigationStack { Text("Gate A1").navigationBarTitle(Text("Gate")) })
        #expect(plain.dom.root.descendants.contains { $0.tag == "h1" && $0.textContent == "Gate" })
    }

    @Test func navigationBarItemsAreToolbarItemsAtEachEnd() throws {
        var added = 0
        let host = ViewHost(
            NavigationStack {
                Text("Gates")
                    .navigationBarItems(leading: Text("Edit"), trailing: Button("Add") { added += 1 })
            })
        let items = host.dom.root.descendants.filter { $0.attribute("data-placement") != nil }
        #expect(items.map { $0.attribute("data-placement") ?? "" } == ["leading", "trailing"])
        #expect(items.map(\.textContent) == ["Edit", "Add"])
        try host.tap("Add")
        #expect(added == 1)
        let trailingOnly = ViewHost(NavigationStack { Text("Gates").navigationBarItems(trailing: Text("Add")) })
        #expect(trailingOnly.dom.root.descendants.filter { $0.attribute("data-placement") == "trailing" }.map(\.textContent) == ["Add"])
    }
}
