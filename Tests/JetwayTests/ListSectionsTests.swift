import Jetway
import JetwayTesting
import Testing

private struct Rooms: View {
    var style = ListStyleKind.insetGrouped
    let rooms = ["Ember", "Fjord"]
    @State private var showAnnex = true
    var body: some View {
        NavigationStack {
            List {
                Section("Main hall") {
                    ForEach(rooms, id: \.self) { room in
                        NavigationLink(room) { Text("Room \(room)") }
                    }
                }
                Section {
                    Text("Ember")
                    Text("Hall")
                    Group {
                        Text("Grouped")
                        if showAnnex { Text("Annex") }
                    }
                    ForEach(0..<2, id: \.self) { floor in
                        ForEach(0..<2, id: \.self) { wing in Text("Floor \(floor) wing \(wing)") }
                    }
                } header: {
                    Text("Plain rows")
                } footer: {
                    Text("Rooms close at ten")
                }
                Section {
                    Text("Only a footer")
                } footer: {
                    Text("Footer alone")
                }
                Text("A row outside sections")
            }
            .listStyle(style)
        }
    }
}

/// `List` takes every child shape SwiftUI accepts as rows: sections (header, footer, both,
/// neither), `ForEach` (nested too), plain views, `Group`, conditionals; each view in a section
/// is a row of its own.
@MainActor
struct ListSectionsTests {
    @Test func everyViewInASectionIsARow() throws {
        let host = ViewHost(Rooms())
        let rows = host.elements(withClass: "jw-list-row").map(\.textContent)
        #expect(
            rows == [
                "Ember", "Fjord", "Ember", "Hall", "Grouped", "Annex", "Floor 0 wing 0", "Floor 0 wing 1", "Floor 1 wing 0",
                "Floor 1 wing 1", "Only a footer", "A row outside sections",
            ], "\(rows)")
        #expect(host.elements(withClass: "jw-section-rows").count == 3)
        #expect(host.elements(withClass: "jw-section-header").map(\.textContent) == ["Main hall", "Plain rows"])
        #expect(host.elements(withClass: "jw-section-footer").map(\.textContent) == ["Rooms close at ten", "Footer alone"])
        // A link is the row's only child, so it gets the chevron.
        let links = host.elements(withClass: "jw-list-row").filter { $0.children.first?.attribute("class")?.contains("jw-navlink") == true }
        #expect(links.count == 2)
        #expect(host.elements(withClass: "jw-list-inset").count == 1)
        try host.tap("Fjord")
        #expect(host.text.contains("Room Fjord"))
    }

    /// The same rows in every list style Jetway offers.
    @Test(arguments: [
        ListStyleKind.automatic, .plain, .insetGrouped, .grouped, .inset, .sidebar,
    ]) func everyStyleHasTheRows(_ style: ListStyleKind) throws {
        let host = ViewHost(Rooms(style: style))
        #expect(host.elements(withClass: "jw-list-row").count == 12)
        #expect(host.elements(withClass: "jw-section-rows").count == 3)
    }

    /// In a `Form` a section is still a group of controls, not list rows.
    @Test func aFormsSectionsStayGroupsOfControls() throws {
        let host = ViewHost(
            Form {
                Section("Display") {
                    Text("One"); Text("Two")
                }
            })
        #expect(host.elements(withClass: "jw-list-row").isEmpty)
        #expect(host.elements(withClass: "jw-section-content").count == 1)
    }

    /// Inside a row's own element (a stack), a section is a group again, not list rows.
    @Test func aSectionInsideARowIsNotRows() throws {
        let host = ViewHost(
            List {
                VStack {
                    Section("Inner") {
                        Text("a"); Text("b")
                    }
                }
            })
        #expect(host.elements(withClass: "jw-list-row").count == 1)
        #expect(host.elements(withClass: "jw-section-rows").isEmpty)
    }

    /// `.fixedSize()` is its ideal size: a filling view stops filling.
    @Test func fixedSizeStopsAFill() throws {
        let host = ViewHost(VStack { Color.red.fixedSize() })
        #expect(host.elements(withClass: "jw-fill-w").isEmpty, "\(host.html)")
    }

    /// The class check the layout's fill propagation runs on every stack's children.
    @Test func hasClassMatchesWholeClassesOnly() {
        let node = Node("div", key: 1)
        #expect(!node.hasClass("jw-fill-w"))
        node.setAttribute("class", "jw-hstack jw-fill-wide jw-fill-w")
        #expect(node.hasClass("jw-fill-w") && node.hasClass("jw-hstack") && node.hasClass("jw-fill-wide"))
        #expect(!node.hasClass("jw-fill") && !node.hasClass("jw-fill-h") && !node.hasClass("hstack"))
        node.setAttribute("class", "jw-fill-wx")
        #expect(!node.hasClass("jw-fill-w"))
    }
}
