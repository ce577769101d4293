import JetwayTesting
import Testing

@testable import Jetway

/// A graph that takes over another graph's page (a session diverging from a shared rendering)
/// keeps the other page's nodes for every subtree without handlers instead of copies of its
/// own, and the two pages then go their own ways without touching each other.
@Observable @MainActor
private final class Gates {
    var names = ["Alpha", "Bravo", "Charlie", "Delta", "Echo", "Foxtrot"]
}

private struct GateRow: View {
    let name: String
    var body: some View {
        HStack {
            Text(name).font(.headline)
            Spacer()
            Text("Gate \(name.prefix(1))").foregroundColor(.secondary)
        }
    }
}

private struct GatesScreen: View {
    let gates: Gates
    @State private var search = ""

    var body: some View {
        NavigationStack {
            List(gates.names.filter { search.isEmpty || $0.contains(search) }, id: \.self) { name in
                NavigationLink {
                    Text("Details of \(name)")
                } label: {
                    GateRow(name: name)
                }
            }
            .navigationTitle("Gates")
            .searchable(text: $search, prompt: "Gate")
        }
    }
}

@MainActor
struct SharedNodesTests {
    /// Every node of `tree` in document order.
    private func nodes(_ node: Node) -> [Node] {
        [node] + node.children.flatMap { nodes($0) }
    }

    private func field(in graph: ViewGraph) throws -> NodeID {
        try #require(nodes(graph.tree.root!).first { $0.tag == "input" }).id
    }

    /// The browser's copy of a page must be exactly what its graph believes it shows.
    private func expectInSync(_ dom: ModelDOM, _ graph: ViewGraph, _ what: String) throws {
        #expect(dom.canonicalHTML == (try ModelDOM(html: graph.tree.root!.html)).canonicalHTML, "\(what)")
    }

    @Test func aDivergingGraphSharesTheSubtreesWithoutHandlersAndStaysApart() throws {
        let gates = Gates()
        let shared = ViewGraph(GatesScreen(gates: gates))
        shared.render()
        let own = ViewGraph(GatesScreen(gates: gates))
        own.render()
        #expect(own.adoptPage(of: shared))

        // The rows' labels (stacks and texts) are the shared page's objects; anything with a
        // handler (the search field, each link) is the graph's own.
        let theirs = nodes(shared.tree.root!)
        let mine = nodes(own.tree.root!)
        #expect(theirs.count == mine.count)
        var sharedCount = 0
        for (a, b) in zip(theirs, mine) {
            #expect(a.id == b.id)
            if b.subtreeHasHandlers {
                #expect(a !== b, "a node with handlers below it (\(b.tag)) is never shared")
            } else if a === b {
                sharedCount += 1
            }
        }
        let labels = mine.filter { $0.attribute("class")?.hasPrefix("jw-hstack") == true }
        #expect(labels.count == 6)
        #expect(labels.allSatisfy { label in theirs.contains { $0 === label } }, "every row's label is shared")
        #expect(
            sharedCount == 6 * 4 + 2, "each row's stack, two texts and spacer, the title and the list's end gap are shared (\(sharedCount))"
        )

        // Both browsers start from the same page.
        let html = shared.tree.root!.html
        let sharedDOM = try ModelDOM(html: html)
        let ownDOM = try ModelDOM(html: html)

        // The diverging page types; the other page hears nothing of it.
        try own.dispatch(try field(in: own), .input, .text("a"))
        try ownDOM.apply(own.update())
        #expect(shared.update().isEmpty)
        #expect(ownDOM.root.textContent.contains("Charlie") && !ownDOM.root.textContent.contains("Echo"))
        try expectInSync(ownDOM, own, "after typing")
        try expectInSync(sharedDOM, shared, "the shared page after the other typed")

        // A shared change reaches both, each in its own terms.
        gates.names[0] = "Alpine"
        gates.names.append("Banana")
        try sharedDOM.apply(shared.update())
        try ownDOM.apply(own.update())
        #expect(sharedDOM.root.textContent.contains("Alpine") && sharedDOM.root.textContent.contains("Echo"))
        #expect(ownDOM.root.textContent.contains("Banana") && ownDOM.root.textContent.contains("Charlie"))
        #expect(!ownDOM.root.textContent.contains("Echo") && !ownDOM.root.textContent.contains("Alpine"))
        try expectInSync(sharedDOM, shared, "after the shared change")
        try expectInSync(ownDOM, own, "after the shared change")

        // Clearing the search brings the shared rows back as they were.
        try own.dispatch(try field(in: own), .input, .text(""))
        try ownDOM.apply(own.update())
        try expectInSync(ownDOM, own, "after clearing")
        #expect(ownDOM.root.textContent == sharedDOM.root.textContent)

        // A link of the diverging page navigates that page only.
        let link = try #require(nodes(own.tree.root!).first { $0.attribute("class")?.contains("jw-navlink") == true })
        try own.dispatch(link.id, .click)
        try ownDOM.apply(own.update())
        #expect(ownDOM.root.textContent.contains("Details of"))
        #expect(shared.update().isEmpty)
        #expect(!sharedDOM.root.textContent.contains("Details of"))
        try expectInSync(ownDOM, own, "after navigating")
    }

    @Test func pagesThatDifferShareNothing() throws {
        let gates = Gates()
        let shared = ViewGraph(GatesScreen(gates: gates))
        shared.render()
        gates.names.removeLast()
        let own = ViewGraph(GatesScreen(gates: gates))
        own.render()
        let before = nodes(own.tree.root!)
        #expect(!own.adoptPage(of: shared))
        let after = nodes(own.tree.root!)
        #expect(before.count == after.count && zip(before, after).allSatisfy { $0 === $1 })
    }
    /// Elements with the same attributes keep one list between them, on a page and across
    /// pages (`SharedAttributes`), and a page that changes an element's attributes changes its
    /// own copy only.
    @Test func elementsWithTheSameAttributesShareOneList() throws {
        let gates = Gates()
        let first = ViewGraph(GatesScreen(gates: gates))
        first.render()
        let second = ViewGraph(GatesScreen(gates: gates))
        second.render()
        let secondaries = (nodes(first.tree.root!) + nodes(second.tree.root!)).filter {
            $0.attribute("style") == "color:var(--jw-secondary)"
        }
        #expect(secondaries.count == 12)
        // One list; two if other tests filled the process's tables in between.
        #expect(Set(secondaries.map(storage)).count <= 2, "twelve texts' lists")

        let text = try #require(secondaries.last)
        text.setAttribute("style", "color:var(--jw-red)")
        #expect(secondaries.filter { $0.attribute("style") == "color:var(--jw-secondary)" }.count == 11)
    }

    /// A list is kept from its second sighting; one only one element has is not; a full
    /// table starts again.
    @Test func attributeListsAreKeptFromTheirSecondSighting() {
        var lists = AttributeLists(capacity: (kept: 2, seen: 100))
        let list = { (value: String) in [Attribute(name: "class", value: value)] }
        let first = list("jw-text")
        #expect(storage(lists.shared(first)) == storage(first), "the first is its own")
        let second = list("jw-text")
        #expect(storage(lists.shared(second)) == storage(second))
        #expect(lists.keptCount == 1)
        let third = list("jw-text")
        #expect(storage(lists.shared(third)) == storage(second), "the third takes the second's")
        _ = lists.shared(list("href=1"))
        #expect(lists.keptCount == 1, "seen once: not kept")
        for value in ["a", "a", "b", "b"] { _ = lists.shared(list(value)) }
        #expect(lists.keptCount == 1, "full: started again with b")
        #expect(lists.shared(list("jw-text")) == list("jw-text"))
    }

    private func storage(_ attributes: [Attribute]) -> UnsafeRawPointer? {
        attributes.withUnsafeBufferPointer { UnsafeRawPointer($0.baseAddress) }
    }

    private func storage(_ node: Node) -> UnsafeRawPointer? { storage(node.attributes) }
}
