import JetwayTesting
import Testing

@testable import Jetway

/// The storage of primitive views (`context.persistent`) is kept by the instance whose body
/// holds them, one record each in render order: kept while the primitive stays, found again
/// when others come and go before it, apart for two at one identity, dropped when it leaves.
private final class Counter {
    var renders = 0
}

private struct Counted: _PrimitiveView {
    let name: String

    static func _render(_ view: Self, _ context: _RenderContext, _ out: inout [Node]) {
        let counter = context.persistent(Counter.self) { Counter() }
        counter.renders += 1
        let node = context.element("span", nil)
        node.setAttribute("data-name", view.name)
        node.setAttribute("data-renders", String(counter.renders))
        out.append(node)
    }
}

@MainActor @Observable
private final class Shown {
    var first = false
    var middle = true
    var names = ["a", "b"]
}

private struct StoragePage: View {
    let shown: Shown
    var body: some View {
        VStack {
            if shown.first { Counted(name: "first") }
            Counted(name: "one")
            if shown.middle { Counted(name: "middle") }
            Counted(name: "two")
            // Duplicate ids: each its own storage, in a stable order.
            ForEach(shown.names, id: \.self) { name in Counted(name: name) }
        }
    }
}

@MainActor
struct PrimitiveStorageTests {
    private func renders(_ host: ViewHost) -> [String: [String]] {
        var result: [String: [String]] = [:]
        for node in host.dom.root.descendants {
            guard let name = node.attribute("data-name"), let count = node.attribute("data-renders") else { continue }
            result[name, default: []].append(count)
        }
        return result
    }

    @Test func storageIsKeptFoundAgainAfterOthersComeAndGoAndDroppedWhenItsViewLeaves() throws {
        let shown = Shown()
        let host = ViewHost(StoragePage(shown: shown))
        #expect(renders(host) == ["one": ["1"], "middle": ["1"], "two": ["1"], "a": ["1"], "b": ["1"]])

        // One comes before the others: each of them keeps its storage. (The rows, whose
        // elements did not change, are not rendered again.)
        shown.first = true
        try host.update()
        #expect(renders(host) == ["first": ["1"], "one": ["2"], "middle": ["2"], "two": ["2"], "a": ["1"], "b": ["1"]])

        // One in the middle leaves, then comes back with storage of its own, made again.
        shown.middle = false
        try host.update()
        #expect(renders(host)["middle"] == nil && renders(host)["two"] == ["3"])
        shown.middle = true
        try host.update()
        #expect(renders(host) == ["first": ["3"], "one": ["4"], "middle": ["1"], "two": ["4"], "a": ["1"], "b": ["1"]])

        // The same id twice: a row each, each its own storage; the first leaves, the rest keep theirs.
        shown.names = ["a", "a"]
        try host.update()
        #expect(renders(host)["a"] == ["1", "1"] && renders(host)["b"] == nil)
        shown.first = false
        try host.update()
        #expect(renders(host) == ["one": ["6"], "middle": ["3"], "two": ["6"], "a": ["1", "1"]])
    }

    @Test func primitivesAreRecordsOfTheirOwnerNotInstances() throws {
        let shown = Shown()
        let host = ViewHost(StoragePage(shown: shown))
        // The page's instance holds its body's three primitives' storage; each row of the
        // `ForEach` is an instance that holds its own. No instance is made for a primitive.
        let page = try #require(host.graph.root.children.allValues.first)
        #expect(Array(page.storageRecords).count == 3)
        #expect(page.children.count == 2 && page.children.allValues.allSatisfy { Array($0.storageRecords).count == 1 })
        #expect(page.children.allValues.allSatisfy { $0.children.count == 0 })
        shown.middle = false
        shown.names = ["a", "a", "a"]
        try host.update()
        #expect(Array(page.storageRecords).count == 2)
        // Three rows of one id: three instances, three records, all different.
        let records = page.children.allValues.flatMap { Array($0.storageRecords) }
        #expect(page.children.count == 3 && Set(records.map { ObjectIdentifier($0.state) }).count == 3)
    }
}
