import JetwayTesting
import Testing

@testable import Jetway

/// A list the user edits as SwiftUI apps write it: `EditButton` in the toolbar, rows that
/// delete and move, and views that read `@Environment(\.editMode)`.
private struct Itinerary: View {
    @State private var stops = ["Denver", "Boise", "Reno"]

    var body: some View {
        NavigationStack {
            List {
                ForEach(stops, id: \.self) { Text($0) }
                    .onDelete { stops.remove(atOffsets: $0) }
                    .onMove { stops.move(fromOffsets: $0, toOffset: $1) }
            }
            .toolbar { EditButton() }
            .navigationTitle("Stops")
            EditingBanner()
            Text("order: \(stops.joined(separator: ","))")
        }
    }
}

private struct EditingBanner: View {
    @Environment(\.editMode) private var editMode
    var body: some View {
        Text(editMode?.wrappedValue.isEditing == true ? "editing" : "viewing")
    }
}

@MainActor
struct EditModeTests {
    @Test func editButtonTurnsEditingOnAndOffForTheViewsThatReadIt() throws {
        let host = ViewHost(Itinerary())
        #expect(host.text.contains("viewing"))
        try host.tap("Edit")
        #expect(host.text.contains("editing"))
        #expect(host.elements(withText: "Done").count == 1)
        try host.tap("Done")
        #expect(host.text.contains("viewing"))
    }

    @Test func rowsMoveUpAndDownAndDelete() throws {
        let host = ViewHost(Itinerary())
        try host.tap("Move Reno up")
        #expect(host.text.contains("order: Denver,Reno,Boise"))
        try host.tap("Move Denver down")
        #expect(host.text.contains("order: Reno,Denver,Boise"))
        let first = try #require(host.dom.root.descendants.first { $0.attribute("aria-label") == "Move Reno up" })
        #expect(first.attribute("disabled") != nil, "the first row cannot go up")
        let last = try #require(host.dom.root.descendants.first { $0.attribute("aria-label") == "Move Boise down" })
        #expect(last.attribute("disabled") != nil, "the last row cannot go down")
        try host.tap("Delete Denver")
        #expect(host.text.contains("order: Reno,Boise"))
    }

    @Test func outsideAStackThereIsNoEditModeToTurnOn() {
        let host = ViewHost(EditButton())
        #expect(host.html.contains("disabled"))
        #expect(ViewHost(EditingBanner()).text == "viewing")
    }
}
