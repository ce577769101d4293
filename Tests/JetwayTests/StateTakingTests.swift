import JetwayTesting
import Testing

@testable import Jetway

/// A fresh graph of a page takes over the state another graph of it reached by events
/// (`ViewGraph.takeState(of:)`): what a session that shares a rendering in a state of its own
/// gets when it acts. State that appears only once other state is set (a detail shown for a
/// search) is taken in a later pass; a lazy list's window and the chosen tab are taken too.
@MainActor @Observable
private final class Codes {
    var all = (0..<200).map { "A\($0)" }
}

private struct Detail: View {
    @State private var expanded = false
    var body: some View {
        VStack {
            Toggle("Expanded", isOn: $expanded)
            if expanded { Text("Expanded detail") }
        }
    }
}

private struct SearchPage: View {
    let codes: Codes
    @State private var search = ""
    var body: some View {
        TabView {
            Text("Home").tabItem { Text("Home") }
            VStack {
                TextField("Search", text: $search)
                if !search.isEmpty { Detail() }
                List(codes.all.filter { search.isEmpty || $0.contains(search) }, id: \.self) { code in Text(code) }
            }
            .tabItem { Text("Search") }
        }
    }
}

private final class Box {}

/// A value that compares by its contents but holds an object (a class row in an array).
private final class Todo: Equatable {
    var title: String
    init(_ title: String) { self.title = title }
    static func == (lhs: Todo, rhs: Todo) -> Bool { lhs.title == rhs.title }
}

private struct TodoPage: View {
    @State private var todos: [Todo] = []
    var body: some View {
        VStack {
            Button("Add") { todos.append(Todo("Pack")) }
            ForEach(todos.indices, id: \.self) { index in Text(todos[index].title) }
        }
    }
}

private struct ObjectPage: View {
    @State private var box: Box? = nil
    @State private var count = 0
    var body: some View {
        Button("Count \(count)") {
            count += 1
            box = Box()
        }
    }
}

@MainActor
struct StateTakingTests {
    @Test func aFreshGraphTakesTheStateAnotherReachedByEventsAndShowsTheSamePage() throws {
        let codes = Codes()
        let acted = ViewHost(SearchPage(codes: codes))
        try acted.tap("Search")
        try acted.type("1", into: "Search")
        try acted.toggle("Expanded")
        try acted.scrollLazyRows(toRow: 40)
        #expect(acted.text.contains("Expanded detail"))
        let fresh = ViewGraph(SearchPage(codes: codes))
        _ = fresh.render()
        #expect(!fresh.hasSameState(as: acted.graph))
        #expect(fresh.stateHash() != acted.graph.stateHash())
        #expect(fresh.takeState(of: acted.graph))
        #expect(fresh.hasSameState(as: acted.graph))
        #expect(fresh.stateHash() == acted.graph.stateHash())
        #expect(fresh.tree.isSameDocument(as: acted.graph.tree), "the same page: tab, search, detail and the rows' window")
        // Another search is another state, and hashes apart.
        let other = ViewHost(SearchPage(codes: codes))
        try other.tap("Search")
        try other.type("2", into: "Search")
        #expect(!other.graph.hasSameState(as: acted.graph))
        #expect(other.graph.stateHash() != acted.graph.stateHash())
        // The data changes alike for both: the hash of the state does not.
        let before = acted.graph.stateHash()
        codes.all.append("A1000")
        try acted.update()
        _ = fresh.update()
        #expect(acted.graph.stateHash() == before)
        #expect(fresh.hasSameState(as: acted.graph))
    }

    @Test func stateThatDoesNotCompareIsNotTaken() throws {
        let acted = ViewHost(ObjectPage())
        try acted.tap("Count 0")
        let fresh = ViewGraph(ObjectPage())
        _ = fresh.render()
        // An optional object is not `Equatable`: never taken as the same, so never taken.
        #expect(!fresh.takeState(of: acted.graph))
        #expect(!fresh.hasSameState(as: acted.graph))
    }

    @Test func aValueHoldingAnObjectIsNotCopiedIntoAnotherGraph() throws {
        let acted = ViewHost(TodoPage())
        try acted.tap("Add")
        let fresh = ViewGraph(TodoPage())
        _ = fresh.render()
        // Equal by `==`, but a copy would share the `Todo` between the two sessions.
        #expect(!fresh.takeState(of: acted.graph))
        #expect(!fresh.hasSameState(as: acted.graph))
        #expect(ViewGraph.holdsNoObjects(["a": [1, 2]] as [String: [Int]]))
        #expect(ViewGraph.holdsNoObjects(Optional("x")))
        #expect(ViewGraph.holdsNoObjects([URL(string: "https://example.com")!: Date()]))
        #expect(ViewGraph.holdsNoObjects(TimeZone(identifier: "Europe/Berlin")!))
        #expect(!ViewGraph.holdsNoObjects([Todo("a")]))
        #expect(!ViewGraph.holdsNoObjects(Optional(Todo("a"))))
    }
}
