import Jetway
import JetwayTesting
import Testing

/// A board written the way SwiftUI code usually is: `NavigationStack`, `.searchable`, a `List`
/// of a row struct that does not declare `Equatable`. A keystroke must not evaluate rows whose
/// data did not change.
struct Departure: Identifiable {
    let id: Int
    let city: String
    var status: String
}

@Observable @MainActor
final class Departures {
    var flights = (0..<60).map { Departure(id: $0, city: ["Denver", "Boston", "Chicago"][$0 % 3] + " \($0)", status: "On time") }
}

private struct DeparturesScreen: View {
    let departures: Departures
    let log: EvaluationLog
    @State private var search = ""

    var body: some View {
        NavigationStack {
            List(departures.flights.filter { search.isEmpty || $0.city.localizedCaseInsensitiveContains(search) }) { flight in
                NavigationLink {
                    Text("Details of \(flight.city)")
                } label: {
                    DepartureRow(flight: flight, log: log)
                }
            }
            .navigationTitle("Departures")
            .searchable(text: $search, prompt: "City")
            .disabled(false)
            .pickerStyle(.menu)
        }
    }
}

private struct DepartureRow: View {
    let flight: Departure
    let log: EvaluationLog

    var body: some View {
        let _ = log.hit("row")
        HStack {
            Text(flight.city)
            Spacer()
            Text(flight.status)
        }
    }
}

@MainActor
struct UsualShapeTests {
    @Test func aKeystrokeEvaluatesNoRowWhoseDataDidNotChange() throws {
        let departures = Departures()
        let log = EvaluationLog()
        let host = ViewHost(DeparturesScreen(departures: departures, log: log))
        #expect(log["row"] == LazyWindow.firstCount, "a list evaluates the rows of its first window")
        try host.showAllRows()
        #expect(log["row"] == 60)

        // The first letter starts a search: `isSearching` turns true in the environment, which
        // the rows never read, so none is evaluated, then or on any later keystroke.
        log.counts = [:]
        try host.type("d", into: "City")
        #expect(log["row"] == 0, "starting a search evaluated rows that do not read isSearching")
        for text in ["de", "den", "denv", "denver", "denver 1"] {
            log.counts = [:]
            try host.type(text, into: "City")
            #expect(log["row"] == 0, "typing \(text) evaluated rows whose data did not change")
        }
        #expect(host.text.contains("Denver 15"))
        #expect(!host.text.contains("Boston 1"))

        // One flight changes: only its row is evaluated.
        log.counts = [:]
        departures.flights[12].status = "Boarding"
        try host.update()
        #expect(log["row"] == 1)
        #expect(host.text.contains("Boarding"))
    }

    @Test func aRowWithChangedDataIsEvaluatedEvenThoughItIsNotEquatable() throws {
        let departures = Departures()
        let log = EvaluationLog()
        let host = ViewHost(DeparturesScreen(departures: departures, log: log))
        log.counts = [:]
        departures.flights[0].status = "Delayed"
        departures.flights[1].status = "Cancelled"
        try host.update()
        #expect(log["row"] == 2)
        #expect(host.text.contains("Delayed") && host.text.contains("Cancelled"))
    }

    @Test func anEnvironmentChangeStillReachesTheRows() throws {
        struct Screen: View {
            @State var disabled = false
            let log: EvaluationLog
            var body: some View {
                VStack {
                    Toggle("Disable", isOn: $disabled)
                    List(0..<3, id: \.self) { index in
                        ReadsEnabled(index: index, log: log)
                    }
                    .disabled(disabled)
                }
            }
        }
        struct ReadsEnabled: View {
            let index: Int
            let log: EvaluationLog
            @Environment(\.isEnabled) private var isEnabled
            var body: some View {
                let _ = log.hit("row")
                Text("Row \(index) \(isEnabled ? "on" : "off")")
            }
        }
        let log = EvaluationLog()
        let host = ViewHost(Screen(log: log))
        #expect(host.text.contains("Row 2 on"))
        try host.toggle("Disable")
        #expect(host.text.contains("Row 2 off"))
    }

    @Test func rowsThatComeBackWhenASearchIsClearedAreNotEvaluatedAgain() throws {
        // The plain shape in a stack that is not lazy, whose rows that leave are kept
        // (`clearingASearchEvaluatesOnlyTheRowsThatComeBack` has the usual lazy list).
        struct Screen: View {
            let departures: Departures
            let log: EvaluationLog
            @State private var search = ""
            var body: some View {
                VStack {
                    TextField("City", text: $search)
                    ScrollView {
                        VStack {
                            ForEach(departures.flights.filter { search.isEmpty || $0.city.localizedCaseInsensitiveContains(search) }) {
                                DepartureRow(flight: $0, log: log)
                            }
                        }
                    }
                }
            }
        }
        let departures = Departures()
        let log = EvaluationLog()
        let host = ViewHost(Screen(departures: departures, log: log))
        try host.type("d", into: "City")
        try host.type("de", into: "City")
        // Cleared: the 40 rows that left come back; their last render still holds, except for
        // the one whose data changed while it was away.
        departures.flights[1].status = "Boarding"  // Boston 1, filtered out
        log.counts = [:]
        try host.type("", into: "City")
        #expect(log["row"] == 1, "the returning rows were evaluated again")
        #expect(host.text.contains("Boston 1") && host.text.contains("Boarding"))
        #expect(host.text.contains("Chicago 59"))
    }

    @Test func clearingASearchEvaluatesOnlyTheRowsThatComeBack() throws {
        let departures = Departures()
        let log = EvaluationLog()
        let host = ViewHost(DeparturesScreen(departures: departures, log: log))
        try host.showAllRows()
        try host.type("d", into: "City")
        try host.type("de", into: "City")
        // `isSearching` turns false again: the 20 rows that stayed are not evaluated; the 40
        // that left the list's window come back evaluated afresh (a lazy list keeps none).
        log.counts = [:]
        try host.type("", into: "City")
        #expect(log["row"] == 40, "ending a search evaluated \(log["row"]) rows")
        #expect(host.text.contains("Boston 1") && host.text.contains("Chicago 59"))
    }

    @Test func aRowReadsTheEnvironmentThroughItsControlsAndTheViewsInsideIt() throws {
        // Neither row declares `@Environment`, but a Button below each reads `isEnabled`: a
        // change of that key must reach them, while a change of a key nobody reads does not.
        struct Screen: View {
            @State var disabled = false
            @State var searching = false
            let log: EvaluationLog
            var body: some View {
                VStack {
                    Toggle("Disable", isOn: $disabled)
                    Toggle("Other key", isOn: $searching)
                    List(0..<3, id: \.self) { index in
                        Row(index: index, log: log)
                    }
                    .disabled(disabled)
                    .environment(\.colorScheme, searching ? .dark : .light)
                }
            }
        }
        struct Row: View {
            let index: Int
            let log: EvaluationLog
            var body: some View {
                let _ = log.hit("row")
                HStack {
                    Text("Row \(index)")
                    Inner(index: index, log: log)
                }
            }
        }
        struct Inner: View {
            let index: Int
            let log: EvaluationLog
            var body: some View {
                let _ = log.hit("inner")
                Button("Act \(index)") {}
            }
        }
        let log = EvaluationLog()
        let host = ViewHost(Screen(log: log))
        #expect(!host.html.contains("disabled"))
        log.counts = [:]
        try host.toggle("Other key")
        #expect(log["row"] == 0 && log["inner"] == 0, "a key no row reads evaluated rows")
        try host.toggle("Disable")
        #expect(log["inner"] == 3, "the buttons that read isEnabled were not rendered again")
        #expect(log["row"] == 3, "a row's output holds the buttons, so it must follow them")
        #expect(host.html.components(separatedBy: "disabled").count - 1 >= 3, "the buttons did not render disabled")
        try host.toggle("Disable")
        #expect(!host.html.contains("disabled"))
    }

    @Test func anUnchangedLinkKeepsItsNodeAndPushesItsLatestDestination() throws {
        struct Screen: View {
            @State private var detail = "first"
            @State private var counter = 0
            var body: some View {
                NavigationStack {
                    VStack {
                        Button("Change \(counter)") {
                            detail = "second"
                            counter += 1
                        }
                        NavigationLink {
                            Text("Detail \(detail)")
                        } label: {
                            OpenLabel()
                        }
                    }
                }
            }
        }
        struct OpenLabel: View {
            var body: some View { Text("Open") }
        }
        func link(_ node: Node?) -> Node? {
            guard let node else { return nil }
            if node.attribute("class")?.contains("jw-navlink") == true { return node }
            return node.children.lazy.compactMap(link).first
        }
        let host = ViewHost(Screen())
        let before = try #require(link(host.graph.tree.root))
        try host.tap("Change 0")
        // Only the button's text changed: the link, re-rendered with a new destination, kept
        // its node, so the diff skips it by identity.
        #expect(host.lastPatches.count == 1, "the patch was \(host.lastPatches)")
        #expect(link(host.graph.tree.root) === before, "the unchanged link was rebuilt")
        try host.tap("Open")
        #expect(host.text.contains("Detail second"), "the link pushed an old destination")
    }

    @Test func aReturningViewWithStateStartsAfresh() throws {
        struct Screen: View {
            @State var shown = true
            var body: some View {
                VStack {
                    Toggle("Shown", isOn: $shown)
                    if shown { Counter() }
                }
            }
        }
        struct Counter: View {
            @State private var count = 0
            var body: some View { Button("Count \(count)") { count += 1 } }
        }
        let host = ViewHost(Screen())
        try host.tap("Count 0")
        #expect(host.text.contains("Count 1"))
        try host.toggle("Shown")
        try host.toggle("Shown")
        #expect(host.text.contains("Count 0"), "a view's state must not survive its leaving the tree")
    }
}
