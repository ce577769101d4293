import Foundation
import JetwayTesting
import Testing

@testable import Jetway

/// `ForEach` rows built by a closure that captures nothing are a function of their element: an
/// equal element skips the builder itself, not only the row's views. These tests count the
/// builder's calls, and check what must still reach a row: a changed element, an observed
/// element's property, a captured value, the environment.
// The board's data: `Departure` and `Departures` of UsualShapeTests.swift.

@Observable @MainActor
private final class Gate: Identifiable {
    let id: Int
    var name: String
    init(id: Int, name: String) {
        self.id = id
        self.name = name
    }
}

/// Counts builder calls: a global, so reading it captures nothing.
@MainActor private var builderCalls = 0

private struct Row: View {
    let flight: Departure
    var body: some View {
        HStack {
            Text(flight.city)
            Text(flight.status)
        }
    }
}

private struct PureBoard: View {
    let departures: Departures
    @State private var search = ""
    var body: some View {
        NavigationStack {
            List(departures.flights.filter { search.isEmpty || $0.city.localizedCaseInsensitiveContains(search) }) { flight in
                let _ = builderCalls += 1
                NavigationLink {
                    Text("Details of \(flight.city)")
                } label: {
                    Row(flight: flight)
                }
            }
            .searchable(text: $search, prompt: "City")
        }
    }
}

@MainActor
@Suite(.serialized)
struct ForEachRowTests {
    @Test func aKeystrokeCallsNoBuilderOfARowWhoseElementIsUnchanged() throws {
        let departures = Departures()
        builderCalls = 0
        let host = ViewHost(PureBoard(departures: departures))
        // A list builds the rows of its first window (a screen and a half), then the rest
        // as a tall browser asks for them.
        #expect(builderCalls == LazyWindow.firstCount)
        try host.showAllRows()
        #expect(builderCalls == 60)
        for text in ["d", "de", "den", "denver 1"] {
            builderCalls = 0
            try host.type(text, into: "City")
            #expect(builderCalls == 0, "typing '\(text)' built rows whose element did not change")
        }
        // Cleared: the rows that stayed are not built; the ones that left the list's window
        // come back built afresh (a lazy list keeps no rows that left it).
        let stayed = host.elements(withClass: "jw-list-row").count
        builderCalls = 0
        try host.type("", into: "City")
        #expect(builderCalls == 60 - stayed)
        #expect(host.text.contains("Boston 1") && host.text.contains("Chicago 59"))

        // A changed element builds its row, and only its row; one that changed while filtered
        // out is built with the others when it comes back.
        try host.type("den", into: "City")
        builderCalls = 0
        departures.flights[0].status = "Boarding"
        departures.flights[1].status = "Delayed"
        try host.update()
        #expect(builderCalls == 1)
        #expect(host.text.contains("Boarding") && !host.text.contains("Delayed"))
        builderCalls = 0
        try host.type("", into: "City")
        #expect(builderCalls == 40)
        #expect(host.text.contains("Delayed"))
    }

    @Test func anElementWhoseEqualityIsItsIdStillUpdatesItsRow() throws {
        // Models often compare by id only (to serve as selections and navigation values): a row
        // is skipped by the element's stored bits, never by its `==`.
        struct Gate: Identifiable, Hashable {
            let id: Int
            var status: String
            static func == (lhs: Gate, rhs: Gate) -> Bool { lhs.id == rhs.id }
            func hash(into hasher: inout Hasher) { hasher.combine(id) }
        }
        struct Screen: View {
            @State var gates = [Gate(id: 1, status: "Open"), Gate(id: 2, status: "Open")]
            var body: some View {
                VStack {
                    Button("Close gate 1") { gates[0].status = "Closed" }
                    ForEach(gates) { gate in Text("Gate \(gate.id) \(gate.status)") }
                }
            }
        }
        let host = ViewHost(Screen())
        try host.tap("Close gate 1")
        #expect(host.text.contains("Gate 1 Closed") && host.text.contains("Gate 2 Open"))
    }

    @Test func aClassElementsRowIsBuiltAgainWhenItsOwnerRenders() throws {
        // A class instance may change under the same reference without Observation knowing (an
        // `ObservableObject`, a plain class): its rows are built on every render of the owner,
        // as before rows had instances.
        final class Stand: Identifiable {
            let id: Int
            var name: String
            init(id: Int, name: String) {
                self.id = id
                self.name = name
            }
        }
        struct Screen: View {
            let stands: [Stand]
            @State var renders = 0
            var body: some View {
                VStack {
                    Button("Render \(renders)") { renders += 1 }
                    ForEach(stands) { stand in Text("Stand \(stand.name)") }
                }
            }
        }
        let stands = [Stand(id: 1, name: "Coffee"), Stand(id: 2, name: "Books")]
        let host = ViewHost(Screen(stands: stands))
        stands[0].name = "Tea"
        try host.tap("Render 0")
        #expect(host.text.contains("Stand Tea"))
    }

    @Test func plainValuesAreTheElementsARowMayBeSkippedFor() {
        struct Plain { let id: Int; let name: String; let when: Date?; let seat: Character }
        struct HoldsAClass { let id: Int; let model: NSObject }
        struct HoldsAClosure { let id: Int; let action: () -> Void }
        struct HoldsAnArray { let id: Int; let tags: [String] }
        #expect(PlainValues.isPlain(Plain.self))
        #expect(PlainValues.isPlain(Int.self) && PlainValues.isPlain(String.self) && PlainValues.isPlain(String?.self))
        #expect(!PlainValues.isPlain(HoldsAClass.self))
        #expect(!PlainValues.isPlain(HoldsAClosure.self))
        #expect(!PlainValues.isPlain(HoldsAnArray.self))
        #expect(!PlainValues.isPlain(NSObject.self))
    }

    @Test func anObservedElementsChangeReachesItsRow() throws {
        struct Screen: View {
            let gates: [Gate]
            var body: some View {
                VStack { ForEach(gates) { gate in Text("Gate \(gate.name)") } }
            }
        }
        let gates = (0..<5).map { Gate(id: $0, name: "A\($0)") }
        let host = ViewHost(Screen(gates: gates))
        #expect(host.text.contains("Gate A3"))
        gates[3].name = "B7"
        try host.update()
        #expect(host.text.contains("Gate B7") && !host.text.contains("Gate A3"))
        // Again: the row's builder tracked what it read the second time too.
        gates[3].name = "C1"
        try host.update()
        #expect(host.text.contains("Gate C1"))
    }

    @Test func aRowThatCapturesAValueIsBuiltAgainWhenItChanges() throws {
        struct Screen: View {
            @State var suffix = "·"
            var body: some View {
                VStack {
                    Button("Mark") { suffix = "✓" }
                    ForEach(0..<3, id: \.self) { index in Text("Row \(index) \(suffix)") }
                }
            }
        }
        let host = ViewHost(Screen())
        #expect(host.text.contains("Row 2 ·"))
        try host.tap("Mark")
        #expect(host.text.contains("Row 0 ✓") && host.text.contains("Row 2 ✓"))
    }

    @Test func anEnvironmentChangeReachesRowsWhoseBuilderIsSkipped() throws {
        struct Screen: View {
            @State var disabled = false
            var body: some View {
                VStack {
                    Toggle("Disable", isOn: $disabled)
                    List(0..<3, id: \.self) { index in Button("Row \(index)") {} }
                        .disabled(disabled)
                }
            }
        }
        let host = ViewHost(Screen())
        #expect(!host.html.contains("disabled"))
        try host.toggle("Disable")
        #expect(host.html.contains("disabled"))
        try host.toggle("Disable")
        #expect(!host.html.contains("disabled"))
    }

    @Test func aPickersRowsKeepTheirTagsWhenSkipped() throws {
        struct Screen: View {
            @State var seat = "Aisle"
            @State var count = 0
            var body: some View {
                VStack {
                    Picker("Seat", selection: $seat) {
                        ForEach(["Window", "Middle", "Aisle"], id: \.self) { Text($0) }
                    }
                    Button("Count \(count)") { count += 1 }
                }
            }
        }
        let host = ViewHost(Screen())
        try host.tap("Count 0")
        try host.select("Window", in: "Seat")
        #expect(host.text.contains("Count 1"))
        try host.select("Middle", in: "Seat")
        #expect(host.html.contains("Middle"))
    }
}
