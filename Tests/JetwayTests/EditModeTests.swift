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

    @Test func rowsAreDraggedToTheirPlacesAndSwipedToDelete() throws {
        let host = ViewHost(Itinerary())
        let row = { (offset: Int) in { (node: DOMNode) in node.attribute("data-jw-reorder") == String(offset) } }
        // Each movable row says its place in the data and hears `move` (where it goes, as
        // SwiftUI's `toOffset`): Reno dragged to the top, then Denver below Boise.
        #expect(host.dom.root.descendants.filter { $0.attribute("data-jw-reorder") != nil }.count == 3)
        try host.send(.move, .number(0), where: row(2))
        #expect(host.text.contains("order: Reno,Denver,Boise"))
        try host.send(.move, .number(3), where: row(1))
        #expect(host.text.contains("order: Reno,Boise,Denver"))
        // Where it already is: nothing moves. Past the end (rows deleted elsewhere since): the
        // end. Not a whole offset, or negative: refused with the reason.
        try host.send(.move, .number(1), where: row(0))
        #expect(host.text.contains("order: Reno,Boise,Denver"))
        try host.send(.move, .number(9), where: row(0))
        #expect(host.text.contains("order: Boise,Denver,Reno"))
        #expect(throws: JetwayError.self) { try host.send(.move, .number(0.5), where: row(0)) }
        #expect(throws: JetwayError.self) { try host.send(.move, .number(-1), where: row(0)) }
        // The handles come with edit mode, named for their rows.
        #expect(host.elements(withClass: "jw-row-handle").isEmpty)
        try host.tap("Edit")
        #expect(
            host.elements(withClass: "jw-row-handle").map { $0.attribute("aria-label") ?? "" } == [
                "Move Boise", "Move Denver", "Move Reno",
            ])
        // Delete is a trailing swipe action, a full swipe allowed.
        let swiping = host.dom.root.descendants.filter { $0.attribute("data-jw-swipe") == "trailing full" }
        #expect(swiping.count == 3)
        try host.tap("Delete Reno")
        #expect(host.text.contains("order: Boise,Denver"))
    }

    @Test func swipeActionsComeFromTheirEdgeWithTheirTintsAndReplaceTheDeleteOnTheirEdge() throws {
        struct Inbox: View {
            @State var mails = ["Gate change", "Upgrade"]
            @State var flagged = ""
            var body: some View {
                List {
                    ForEach(mails, id: \.self) { mail in
                        Text(mail)
                            .swipeActions(edge: .leading, allowsFullSwipe: false) {
                                Button("Flag \(mail)") { flagged = mail }.tint(.orange)
                            }
                            .swipeActions {
                                Button("Archive \(mail)") { mails.removeAll { $0 == mail } }.tint(.indigo)
                                Button("Delete", role: .destructive) { mails.removeAll { $0 == mail } }
                            }
                    }
                    .onDelete { mails.remove(atOffsets: $0) }
                }
                Text("flagged \(flagged), \(mails.count) left")
            }
        }
        let host = ViewHost(Inbox())
        let edges = host.dom.root.descendants.compactMap { $0.attribute("data-jw-swipe") }
        #expect(edges == ["trailing full", "leading", "trailing full", "leading"], "\(edges)")
        // The rows' own trailing actions replace `.onDelete`'s swipe, as in SwiftUI.
        #expect(host.dom.root.descendants.allSatisfy { $0.attribute("aria-label")?.hasPrefix("Delete ") != true })
        let archive = try #require(host.dom.root.descendants.first { $0.tag == "button" && $0.textContent == "Archive Upgrade" })
        #expect(archive.attribute("class")?.contains("jw-tinted") == true && archive.attribute("style")?.contains("--jw-accent") == true)
        let delete = try #require(
            host.dom.root.descendants.first { $0.tag == "button" && $0.textContent == "Delete" && $0.attribute("aria-label") == nil })
        #expect(delete.attribute("class")?.contains("jw-destructive") == true && delete.attribute("class")?.contains("jw-tinted") == false)
        try host.tap("Flag Gate change")
        #expect(host.text.contains("flagged Gate change, 2 left"))
        try host.tap("Archive Upgrade")
        #expect(host.text.contains("1 left"))
    }

    @Test func outsideAStackThereIsNoEditModeToTurnOn() {
        let host = ViewHost(EditButton())
        #expect(host.html.contains("disabled"))
        #expect(ViewHost(EditingBanner()).text == "viewing")
    }
}
