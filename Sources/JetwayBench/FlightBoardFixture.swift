import Jetway

/// The benchmark's screen: a filterable board of flights, one composite row per flight.
struct BenchFlight: Identifiable, Equatable, Sendable {
    let id: Int
    let number: String
    let city: String
    let time: String
    var status: String
    let gate: String
    let searchKey: String

    static func searchKey(_ index: Int, _ city: String) -> String {
        "ma\(1000 + index) " + city.lowercased()
    }

    static func make(count: Int) -> [BenchFlight] {
        let cities = [
            "Boston", "Denver", "Chicago", "Atlanta", "Seattle", "Phoenix", "Dallas", "Miami", "Portland", "Toronto", "Calgary", "Houston",
            "Detroit", "Orlando", "Newark", "Vancouver",
        ]
        let statuses = ["On time", "Boarding", "Delayed", "Departed", "Cancelled"]
        return (0..<count).map { index in
            let city = cities[(index * 7) % cities.count]
            let time = String(format: "%02d:%02d", (index / 60) % 24, index % 60)
            let gate = ["A", "B", "C"][index % 3] + String(index % 30 + 1)
            return BenchFlight(
                id: index, number: "MA\(1000 + index)", city: city,
                time: time, status: statuses[index % statuses.count], gate: gate, searchKey: searchKey(index, city))
        }
    }
}

/// The flights every session shows: one model for the whole server.
@MainActor @Observable final class BenchBoardModel {
    var flights: [BenchFlight]
    init(count: Int) {
        flights = BenchFlight.make(count: count)
    }

    /// A board of 100,000 flights (made when first asked for: the other figures do not carry it).
    static let hundredThousand = BenchBoardModel(count: 100_000)
    func visible(matching filter: String) -> [BenchFlight] {
        guard !filter.isEmpty else { return flights }
        let query = filter.lowercased()
        let needle = Array(query.utf8)
        return flights.filter { containsBytes($0.searchKey, needle) }
    }
}

struct BenchFlightRow: View, Equatable {
    let flight: BenchFlight
    var body: some View {
        HStack {
            VStack(alignment: .leading) {
                Text(flight.number).font(.headline)
                Text(flight.city).foregroundColor(.secondary)
            }
            Spacer()
            Text(flight.time)
            Text(flight.gate)
            Text(flight.status).foregroundColor(flight.status == "Delayed" ? .red : .primary)
        }
    }

    nonisolated static func == (lhs: BenchFlightRow, rhs: BenchFlightRow) -> Bool { lhs.flight == rhs.flight }
}

/// The plain shape: a search field and a list; the search text is each session's own.
struct BenchBoard: View {
    let model: BenchBoardModel
    @State private var search = ""
    var body: some View {
        VStack {
            TextField("Filter", text: $search)
            List(model.visible(matching: search)) { BenchFlightRow(flight: $0) }
        }
    }
}

/// A plain byte search: the app's own filter, kept cheap so the benchmark measures Jetway.
func containsBytes(_ haystack: String, _ needle: [UInt8]) -> Bool {
    guard !needle.isEmpty else { return true }
    var haystack = haystack
    return haystack.withUTF8 { bytes in
        guard bytes.count >= needle.count else { return false }
        for start in 0...(bytes.count - needle.count) {
            var index = 0
            while index < needle.count && bytes[start + index] == needle[index] { index += 1 }
            if index == needle.count { return true }
        }
        return false
    }
}

/// The same board as SwiftUI code is usually written: a `NavigationStack`, `.searchable`, and a
/// row struct that does not declare `Equatable`, each row a `NavigationLink`.
struct UsualBenchBoard: View {
    let model: BenchBoardModel
    @State private var search = ""
    var body: some View {
        NavigationStack {
            List(model.visible(matching: search)) { flight in
                NavigationLink {
                    Text("\(flight.number) to \(flight.city)")
                } label: {
                    UsualBenchRow(flight: flight)
                }
            }
            .navigationTitle("Departures")
            .searchable(text: $search, prompt: "Filter")
        }
    }
}

struct UsualBenchRow: View {
    let flight: BenchFlight
    /// The plain fixture's row content, so the two shapes differ only in what is around it.
    var body: some View { BenchFlightRow(flight: flight).body }
}

/// Types `text` into the page's first text field, as the browser's `input` event does.
@MainActor
func type(_ text: String, into graph: ViewGraph) throws {
    guard let field = firstElement("input", in: graph.tree.root) else { throw BenchFailure("the page has no text field") }
    try graph.dispatch(field.id, .input, .text(text))
}

private func firstElement(_ tag: String, in node: Node?) -> Node? {
    guard let node else { return nil }
    if node.tag == tag { return node }
    for child in node.children {
        if let found = firstElement(tag, in: child) { return found }
    }
    return nil
}

/// The usual-shape board with a toolbar button that opens a sheet (the sheet bench).
struct SheetBenchBoard: View {
    let model: BenchBoardModel
    @State private var showingFilters = false
    var body: some View {
        UsualBenchBoard(model: model)
            .toolbar { Button("Filters") { showingFilters = true } }
            .sheet(isPresented: $showingFilters) {
                VStack {
                    Text("Filters")
                    Toggle("Departures only", isOn: .constant(true))
                }
                .presentationDetents([.medium])
            }
    }
}

/// One step of the sheet bench: open or close the sheet, push the first row's screen, go back.
@MainActor
@discardableResult
func sheetBenchStep(_ step: String, _ graph: ViewGraph) throws -> [PatchOp] {
    func find(_ predicate: (Node) -> Bool, in node: Node?) -> Node? {
        guard let node else { return nil }
        if predicate(node) { return node }
        for child in node.children { if let found = find(predicate, in: child) { return found } }
        return nil
    }
    let root = graph.tree.root
    let target: Node?
    let event: EventKind
    switch step {
    case "open":
        target = find({ $0.tag == "button" && $0.children.first?.text == "Filters" }, in: root)
        event = .click
    case "close":
        target = find({ $0.tag == "dialog" }, in: root)
        event = .dismiss
    case "push":
        target = find({ $0.attribute("class")?.contains(RuntimeContract.Class.navlink) == true }, in: root)
        event = .click
    default:
        target = find({ $0.attribute("class")?.contains(RuntimeContract.Class.navBack) == true }, in: root)
        event = .click
    }
    guard let target else { throw BenchFailure("the sheet bench found nothing to \(step)") }
    try graph.dispatch(target.id, event)
    return graph.update()
}
