import Foundation
import JetwayTesting
import Testing

@testable import Jetway

private struct Row: View {
    let name: String
    @State private var taps = 0
    var body: some View {
        Button("\(name) \(taps)") { taps += 1 }
    }
}

private struct Item: Identifiable {
    let id: Int
    let name: String
}

private struct Rows: View {
    @State var items = [Item(id: 1, name: "one"), Item(id: 2, name: "two"), Item(id: 3, name: "three")]
    var body: some View {
        VStack {
            Button("Reverse") { items.reverse() }
            Button("Drop first") { items.removeFirst() }
            ForEach(items) { Row(name: $0.name) }
        }
    }
}

private struct Resettable: View {
    @State private var generation = 0
    var body: some View {
        VStack {
            Button("Reset") { generation += 1 }
            Row(name: "row").id(generation)
        }
    }
}

private struct Branches: View {
    @State private var flag = true
    var body: some View {
        VStack {
            Button("Flip") { flag.toggle() }
            if flag {
                Row(name: "row")
            } else {
                Row(name: "row")
            }
        }
    }
}

private struct Erased: View {
    @State private var useText = false
    var body: some View {
        VStack {
            Button("Switch") { useText.toggle() }
            if useText { AnyView(Text("text")) } else { AnyView(Row(name: "row")) }
        }
    }
}

private struct Duplicates: View {
    var body: some View {
        VStack { ForEach(["a", "a", "b"], id: \.self) { Row(name: $0) } }
    }
}

@MainActor
struct IdentityTests {
    /// A link's `?nav=` address holds its rows' ids: the same in every process for integers,
    /// strings and UUIDs (a hash Swift seeds per process would open another screen, or none,
    /// after a restart). The constants are FNV-1a of the text, computed apart.
    @Test func rowIDsHashTheSameInEveryProcess() {
        #expect(IdentityHash.ofID("B12") == 0x159e_9419_b066_aaea)
        #expect(IdentityHash.ofID(7) == 7 ^ 0x5555_5555_5555_5555)
        let uuid = UUID(uuidString: "E621E1F8-C36C-495A-93FC-0C247A3E6E5F")!
        #expect(IdentityHash.ofID(uuid) == IdentityHash.fnv1a("E621E1F8-C36C-495A-93FC-0C247A3E6E5F".utf8))
    }

    @Test func forEachStateFollowsTheElementID() throws {
        let host = ViewHost(Rows())
        try host.tap("two 0")
        try host.tap("two 1")
        try host.tap("Reverse")
        let labels = host.dom.root.descendants.filter { $0.tag == "button" }.map(\.textContent).dropFirst(2)
        #expect(Array(labels) == ["three 0", "two 2", "one 0"])
        // Reversing three keyed rows moves two and re-sends nothing.
        #expect(!host.lastPatches.contains { if case .insert = $0 { true } else { false } })
        #expect(movedElements(host.lastPatches) == 2)
        try host.tap("Drop first")
        #expect(host.elements(withText: "two 2").count == 1)
    }

    @Test func changingAnExplicitIDResetsState() throws {
        let host = ViewHost(Resettable())
        try host.tap("row 0")
        #expect(host.elements(withText: "row 1").count == 1)
        try host.tap("Reset")
        #expect(host.elements(withText: "row 0").count == 1)
        #expect(host.lastPatches.contains { if case .detach = $0 { true } else { false } })
    }

    @Test func branchesOfAnIfAreDifferentIdentities() throws {
        let host = ViewHost(Branches())
        try host.tap("row 0")
        try host.tap("Flip")
        #expect(host.elements(withText: "row 0").count == 1)
        try host.tap("row 0")
        try host.tap("Flip")
        #expect(host.elements(withText: "row 0").count == 1)
    }

    @Test func anyViewTypeChangeIsANewIdentity() throws {
        let host = ViewHost(Erased())
        try host.tap("row 0")
        try host.tap("Switch")
        #expect(host.elements(withText: "text").count == 1)
        try host.tap("Switch")
        #expect(host.elements(withText: "row 0").count == 1)
    }

    @Test func duplicateIDsGetSeparateStateInsteadOfSharing() throws {
        let host = ViewHost(Duplicates())
        #expect(throws: ViewHost.HostError.self) { try host.tap("a 0") }
        let first = try #require(host.dom.root.descendants.first { $0.tag == "button" })
        try host.send(.click) { $0 === first }
        let labels = host.dom.root.descendants.filter { $0.tag == "button" }.map(\.textContent)
        #expect(labels.sorted() == ["a 0", "a 1", "b 0"])
    }
}
