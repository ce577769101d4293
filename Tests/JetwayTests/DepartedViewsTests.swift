import JetwayTesting
import Testing

@testable import Jetway

/// Stateless rows that a search hides stay in their owner's child map, departed, and come back
/// with their last render; no more than `departedLimit` are kept, the first to leave going first.
@Observable @MainActor
private final class Cities {
    var names = (0..<60).map { ["Denver", "Boston", "Chicago"][$0 % 3] + " \($0)" }
}

private struct CityRow: View {
    let name: String
    let log: EvaluationLog
    var body: some View {
        let _ = log.hit(name)
        Text(name)
    }
}

private struct CityList: View {
    let cities: Cities
    let log: EvaluationLog
    @State private var search = ""
    var body: some View {
        VStack {
            TextField("City", text: $search)
            // A stack that is not lazy: its rows that leave are kept, departed. (A lazy list
            // keeps none: `LazyRowsTests`.)
            ForEach(cities.names.filter { search.isEmpty || $0.contains(search) }, id: \.self) { name in
                CityRow(name: name, log: log)
            }
        }
    }
}

@MainActor
struct DepartedViewsTests {
    /// The list's owner: the one instance below the root.
    private func owner(_ host: ViewHost) throws -> ViewInstance {
        try #require(host.graph.root.children.allValues.first)
    }

    @Test func hiddenRowsWaitDepartedAndComeBackUnevaluated() throws {
        let log = EvaluationLog()
        let host = ViewHost(CityList(cities: Cities(), log: log))
        let list = try owner(host)
        // The rows, and the primitives' storage beside them (the field's, the list's).
        let others = list.liveChildCount - 60
        try host.type("Denver", into: "City")
        #expect(list.departedCount == 40)
        #expect(list.liveChildCount == 20 + others)
        log.counts = [:]
        try host.type("", into: "City")
        #expect(log.counts.isEmpty, "rows that came back were evaluated: \(log.counts.keys.sorted())")
        #expect(list.departedCount == 0 && list.liveChildCount == 60 + others)
        #expect(host.text.contains("Boston 1") && host.text.contains("Chicago 59"))
    }

    @Test func aSearchHiddenAndClearedAllDayKeepsItsBookkeepingBounded() async throws {
        let host = ViewHost(CityList(cities: Cities(), log: EvaluationLog()))
        let list = try owner(host)
        var pacer = MainActorPacer()
        for _ in 0..<200 {
            try host.type("Denver", into: "City")
            try host.type("", into: "City")
            await pacer.pace()
        }
        // 200 × 40 departures: the queue keeps only what can still be evicted, plus slack.
        #expect(list.departures.count <= 2 * 40 + 64 + 40, "the departure queue grew: \(list.departures.count)")
        #expect(list.departedCount == 0 && list.liveChildCount == list.children.count)
        // The page's side too: the elements kept detached for a quick return (8,000 entries
        // without its compaction; a few hundred at most with it).
        #expect(host.graph.tree.retainedQueueLength < 400, "the retained queue grew: \(host.graph.tree.retainedQueueLength)")
    }

    @Test func pastTheLimitTheFirstToLeaveGoForGood() throws {
        let log = EvaluationLog()
        let host = ViewHost(CityList(cities: Cities(), log: log))
        host.graph.departedLimit = 30
        let list = try owner(host)
        let others = list.liveChildCount - 60
        // Boston and Chicago leave first (40 rows, over the limit: the first ten to leave go).
        try host.type("Denver", into: "City")
        #expect(list.departedCount == 30)
        // Then 17 Denver rows (all but 42, 45 and 48): 47 departed, cut to 30 again by
        // dropping 17 more of the first to leave, so the Denver rows are all kept.
        try host.type("Denver 4", into: "City")
        #expect(list.departedCount == 30)
        #expect(list.liveChildCount == 3 + others)
        log.counts = [:]
        try host.type("", into: "City")
        let evaluated = Set(log.counts.keys)
        let denversThatLeft = (0..<60).filter { $0 % 3 == 0 }.map { "Denver \($0)" }.filter { !$0.contains("Denver 4") }
        #expect(denversThatLeft.count == 17)
        #expect(evaluated.isDisjoint(with: denversThatLeft), "rows kept as the latest to leave were evaluated")
        // 60 rows, 3 shown throughout, 30 kept: the 27 that went for good are made again.
        #expect(evaluated.count == 27, "expected 27 rows evaluated again, got \(evaluated.count)")
        #expect(log.counts.values.allSatisfy { $0 == 1 })
        #expect(list.departedCount == 0 && list.liveChildCount == 60 + others)
        #expect(host.text.contains("Boston 1") && host.text.contains("Chicago 59"))
    }
}

/// A row whose inner view reads a model of its own.
@MainActor @Observable private final class Gate {
    var status = "On time"
}

private struct GateStatus: View {
    let gate: Gate
    var body: some View { Text("Status: \(gate.status)") }
}

private struct GateRow: View {
    let name: String
    let gate: Gate
    var body: some View {
        HStack {
            Text(name)
            GateStatus(gate: gate)
        }
    }
}

private struct GateList: View {
    let gates: [String: Gate]
    @State private var search = ""
    var body: some View {
        VStack {
            TextField("Gate", text: $search)
            List(gates.keys.sorted().filter { search.isEmpty || $0.contains(search) }, id: \.self) { name in
                GateRow(name: name, gate: gates[name]!)
            }
        }
    }
}

extension DepartedViewsTests {
    /// A change below a row that a search hid asks for no update; the row shows it when it comes back.
    @Test func aChangeBelowAHiddenRowWaitsForItsReturn() throws {
        let gates = ["A1": Gate(), "B2": Gate()]
        let host = ViewHost(GateList(gates: gates))
        try host.type("A", into: "Gate")
        #expect(!host.text.contains("B2"))
        gates["B2"]!.status = "Boarding"
        #expect(!host.graph.needsUpdate, "a hidden row's change asked for an update")
        gates["A1"]!.status = "Delayed"
        #expect(host.graph.needsUpdate)
        try host.update()
        #expect(host.text.contains("Status: Delayed"))
        try host.type("", into: "Gate")
        #expect(host.text.contains("Status: Boarding"), "the row that came back does not show its change")
    }
}

/// A board whose rows move on all week: each flight shows for a while and leaves for good.
@MainActor @Observable private final class RollingBoard {
    var first = 0
    var shown: [Int] { Array(first..<(first + 12)) }
}

private struct RollingBoardView: View {
    let board: RollingBoard
    /// In a `List` (a lazy window, which keeps no row that left), or in a stack that is not lazy.
    var lazy = false
    var body: some View {
        NavigationStack {
            if lazy {
                List(board.shown, id: \.self) { row($0) }
            } else {
                VStack { ForEach(board.shown, id: \.self) { row($0) } }
            }
        }
    }

    func row(_ flight: Int) -> some View {
        NavigationLink(destination: Text("Flight \(flight)")) {
            Text("Flight \(flight)")
        }
    }
}

extension DepartedViewsTests {
    /// Rows that leave for good are kept only as many as the list has shown at once (at least
    /// 64), on the server and on the page: a kiosk's memory stays flat through a week of
    /// flights, where 2,000 rows (and 1,000 elements) each used to pile up first.
    @Test func aListThatMovesOnKeepsFewRowsThatLeft() async throws {
        let board = RollingBoard()
        let host = ViewHost(RollingBoardView(board: board))
        var pacer = MainActorPacer()
        for _ in 0..<600 {
            board.first += 1
            try host.update()
            await pacer.pace()
        }
        let departed = countDeparted(host.graph.root)
        #expect(departed > 0 && departed <= 64, "rows kept after they left: \(departed)")
        #expect(host.graph.tree.retainedQueueLength <= 64 * 3 + 64, "elements kept: \(host.graph.tree.retainedQueueLength)")
        // Nor do the queues' arrays hold what was evicted long ago: both once kept 4,096
        // taken entries before dropping them (30 MB over a hundred boards by mid-week).
        let tree = host.graph.tree
        #expect(tree.retainedQueueCapacity <= 4 * 64 + 64, "retained queue's array: \(tree.retainedQueueCapacity)")
        let departures = largestDepartureQueue(host.graph.root)
        #expect(departures > 0 && departures <= 4 * 64 + 64, "departure queue's array: \(departures)")
        #expect(host.text.contains("Flight 600") && host.text.contains("Flight 611") && !host.text.contains("Flight 599"))
    }

    /// In a lazy list, nothing that left is kept: no departed rows, and of the elements the
    /// browser keeps only digests (at most 96).
    @Test func aLazyListThatMovesOnKeepsNoRowThatLeft() async throws {
        let board = RollingBoard()
        let host = ViewHost(RollingBoardView(board: board, lazy: true))
        var pacer = MainActorPacer()
        for _ in 0..<100 {
            board.first += 1
            try host.update()
            await pacer.pace()
        }
        #expect(countDeparted(host.graph.root) == 0)
        #expect(host.graph.tree.retainedNodeCount == 0, "no node of a row that left is kept")
        #expect(host.graph.tree.keptRowCount > 0 && host.graph.tree.keptRowCount <= 96)
        #expect(host.text.contains("Flight 100") && host.text.contains("Flight 111") && !host.text.contains("Flight 99"))
    }

    /// A link's click handler does not keep its link alive: a row that left for good frees its
    /// link's node (it held its memo, which held the node, and neither was ever freed).
    @Test func aLinkThatLeftForGoodIsFreed() throws {
        let board = RollingBoard()
        let host = ViewHost(RollingBoardView(board: board, lazy: true))
        host.graph.departedLimit = 0
        host.graph.tree.retainLimit = 0
        weak var firstLink = try #require(findLink(host.graph.tree.root, "Flight 0"))
        #expect(firstLink != nil)
        board.first = 100
        try host.update()
        host.graph.releaseRetired()
        #expect(firstLink == nil, "the link's node outlived its row")
    }

    private func countDeparted(_ instance: ViewInstance) -> Int {
        instance.children.allValues.reduce(instance.departedCount) { $0 + countDeparted($1) }
    }

    private func largestDepartureQueue(_ instance: ViewInstance) -> Int {
        instance.children.allValues.reduce(instance.departures.capacity) { max($0, largestDepartureQueue($1)) }
    }

    private func findLink(_ node: Node?, _ text: String) -> Node? {
        guard let node else { return nil }
        if node.tag == "a", node.textContent == text { return node }
        for child in node.children { if let found = findLink(child, text) { return found } }
        return nil
    }
}

private struct DetailsToggle: View {
    @State private var showDetails = false
    var body: some View {
        VStack {
            Button(showDetails ? "Hide details" : "Show details") { showDetails.toggle() }
            if showDetails { Text("Boarding closes 15 minutes before departure.") }
        }
    }
}

extension DepartedViewsTests {
    /// One element shown and hidden all day: it is kept detached while hidden and comes back
    /// each time, and its place in the eviction queue stays one entry. (Each return once left
    /// an entry the next hiding made current again: after 40,000 clicks the queue held 20,000
    /// entries, filtered at every click — a click took 1.2 ms instead of 0.1.)
    @Test func anElementShownAndHiddenAllDayKeepsOneQueueEntry() async throws {
        let host = ViewHost(DetailsToggle())
        var pacer = MainActorPacer()
        for round in 0..<2000 {
            try host.tap(round % 2 == 0 ? "Show details" : "Hide details")
            await pacer.pace()
        }
        #expect(host.graph.tree.retainedNodeCount == 1)
        #expect(host.graph.tree.retainedQueueLength <= 2 * 1 + 64, "the retained queue grew: \(host.graph.tree.retainedQueueLength)")
        try host.tap("Show details")
        #expect(host.text.contains("Boarding closes"))
    }
}
