import Foundation
import Jetway
import JetwayStore
import JetwayTesting
import MountainAirportViews
import Testing

/// MountainAirport's data on a real SQLite file: the generated day, imports, the simulator,
/// and the screens reading live queries.
@MainActor
@Suite
struct AirportStoreTests {
    static let day = Date(timeIntervalSince1970: 1_796_000_000)  // 2026-12-01

    func store() throws -> Store {
        try AirportStore.open("sqlite:" + NSTemporaryDirectory() + "jetway-airport-\(UUID().uuidString)/airport.sqlite")
    }

    @Test func theFirstRunMakesARealisticDayOnce() throws {
        let store = try store()
        #expect(try AirportStore.seedIfEmpty(store, day: Self.day) == 1200)
        #expect(try AirportStore.seedIfEmpty(store, day: Self.day) == 0)
        let flights = try store.fetch(FlightInformation.self, sortedBy: FlightBoardModel.byTime)
        #expect(flights.count == 1200)
        #expect(Set(flights.map(\.airline)).count == 8)
        #expect(Set(flights.map(\.otherAirport)).count >= 25)
        #expect(Set(flights.map(\.terminal)) == ["A", "B", "C"])
        #expect(Set(flights.map(\.gate)).count >= 50)
        #expect(flights.filter { $0.direction == .arrival }.count == 600)
        #expect(Set(flights.map(\.number)).count > 1000)
        let times = flights.map(\.scheduledTime)
        #expect(times.first! >= Self.day.addingTimeInterval(-1_796_000_000.truncatingRemainder(dividingBy: 86400) + 5 * 3600))
        #expect(times.last!.timeIntervalSince(times.first!) > 18 * 3600)
        // The same day makes the same flights.
        #expect(FlightInformation.generatedDay(count: 1200, day: Self.day) == flights.sorted { $0.id < $1.id })
    }

    @Test func anImportReplacesTheDayOrChangesNothing() throws {
        let store = try store()
        try AirportStore.seedIfEmpty(store, count: 10, day: Self.day)
        let folder = NSTemporaryDirectory() + "jetway-import-\(UUID().uuidString)"
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        let good = folder + "/good.json"
        try Data(
            #"""
            [{"id": 1, "airline": "Mountain Air", "number": "MA 1", "otherAirport": "Denver", "direction": "departure",
              "scheduledTime": "2026-12-01T08:00:00Z", "status": "On Time", "gate": "A1", "terminal": "A"},
             {"id": 2, "airline": "Alpine Jet", "number": "AJ 2", "otherAirport": "Zürich", "direction": "arrival",
              "scheduledTime": "2026-12-01T09:30:00Z", "status": "Delayed", "gate": "B4", "terminal": "B",
              "currentTime": "2026-12-01T10:05:00Z"}]
            """#.utf8
        ).write(to: URL(fileURLWithPath: good))
        #expect(try AirportStore.importFlights(from: good, into: store) == 2)
        let flights = try store.fetch(FlightInformation.self, sortedBy: FlightBoardModel.byTime)
        #expect(flights.map(\.number) == ["MA 1", "AJ 2"])
        #expect(flights[1].timeDifference == 35)
        for (name, text, message) in [
            ("missing", #"[{"id": 3, "airline": "X"}]"#, "is missing"),
            (
                "status",
                #"[{"id": 1, "airline": "A", "number": "A 1", "otherAirport": "B", "direction": "departure", "scheduledTime": "2026-12-01T08:00:00Z", "status": "Late", "gate": "A1", "terminal": "A"}]"#,
                "[0].status"
            ),
            (
                "twice",
                #"[{"id": 1, "airline": "A", "number": "A 1", "otherAirport": "B", "direction": "departure", "scheduledTime": "2026-12-01T08:00:00Z", "status": "On Time", "gate": "A1", "terminal": "A"},{"id": 1, "airline": "A", "number": "A 1", "otherAirport": "B", "direction": "departure", "scheduledTime": "2026-12-01T08:00:00Z", "status": "On Time", "gate": "A1", "terminal": "A"}]"#,
                "used twice"
            ),
            (
                "gate",
                #"[{"id": 1, "airline": "A", "number": "A 1", "otherAirport": "B", "direction": "departure", "scheduledTime": "2026-12-01T08:00:00Z", "status": "On Time", "gate": "<b>", "terminal": "A"}]"#,
                "gate"
            ),
            ("json", "not json", "not a list of flights"),
        ] {
            let path = folder + "/\(name).json"
            try Data(text.utf8).write(to: URL(fileURLWithPath: path))
            do {
                try AirportStore.importFlights(from: path, into: store)
                Issue.record("\(name) was imported")
            } catch {
                #expect("\(error)".contains(message), "\(name): \(error)")
            }
            #expect(
                try store.fetch(FlightInformation.self, sortedBy: FlightBoardModel.byTime).map(\.number) == ["MA 1", "AJ 2"], "\(name)")
        }
        #expect(throws: AirportStore.ImportError.self) { try AirportStore.importFlights(from: folder + "/none.json", into: store) }
    }

    @Test func theSimulatorMovesTheDayAlong() async throws {
        let store = try store()
        try AirportStore.seedIfEmpty(store, day: Self.day)
        let model = FlightBoardModel(store: store)
        let simulator = AirportSimulator(model: model, seed: 7)
        let noon = Calendar.current.startOfDay(for: Self.day).addingTimeInterval(12 * 3600)
        try simulator.step(now: noon)
        let flights = try store.fetch(FlightInformation.self, sortedBy: FlightBoardModel.byTime)
        let past = flights.filter { $0.expectedTime <= noon }
        #expect(!past.isEmpty)
        #expect(past.allSatisfy { [.departed, .landed, .cancelled].contains($0.status) })
        let boarding = flights.filter { $0.status == .boarding }
        #expect(!boarding.isEmpty)
        #expect(boarding.allSatisfy { $0.direction == .departure && $0.expectedTime.timeIntervalSince(noon) <= 1800 })
        #expect(model.boardStart == noon.addingTimeInterval(-1800))
        // A morning of steps brings surprises: delays, and a gate change or a cancellation.
        var now = noon
        var pacer = MainActorPacer()
        for _ in 0..<240 {
            now += 60
            try simulator.step(now: now)
            await pacer.pace()
        }
        let later = try store.fetch(FlightInformation.self, sortedBy: FlightBoardModel.byTime)
        #expect(later.contains { $0.status == .delayed && $0.timeDifference >= 10 })
        #expect(zip(flights, later).contains { $0.gate != $1.gate } || later.contains { $0.status == .cancelled })
        // Late in the day the next day is added and the old one goes.
        try simulator.step(now: Calendar.current.startOfDay(for: Self.day).addingTimeInterval(23 * 3600))
        let rolled = try store.fetch(FlightInformation.self, sortedBy: FlightBoardModel.byTime)
        #expect(rolled.count == 2400)
        #expect(rolled.last!.scheduledTime > Self.day.addingTimeInterval(24 * 3600))
        #expect(Set(rolled.map(\.id)).count == 2400)
        // The timeline shows the clock's day, not both.
        await model.store.settle()
        #expect(model.flights.count == 2400)
        #expect(model.today.count == 1200)
        // A day later the first day's flights go, and their history with them.
        let before = try store.count(FlightHistoryEntry.self)
        try simulator.step(now: Calendar.current.startOfDay(for: Self.day).addingTimeInterval(47 * 3600))
        let kept = Set(try store.fetch(FlightInformation.self).map(\.id))
        let history = try store.fetch(FlightHistoryEntry.self)
        #expect(before > 0 && history.count < before, "\(before) → \(history.count)")
        #expect(history.allSatisfy { kept.contains($0.flightID) })
    }

    @Test func theBoardAndTheGateReadLiveQueries() async throws {
        let store = try store()
        try AirportStore.seedIfEmpty(store, day: Self.day)
        let model = FlightBoardModel(store: store)
        let board = ViewHost(FlightBoard(model: model))
        // A day of 1,200: the board shows the next fifty.
        #expect(board.text.contains("Next 50 flights"))
        try board.showAllRows()
        #expect(board.elements(withClass: "jw-list-row").count == 50)
        // A search that finds nothing says so, as SwiftUI's ContentUnavailableView.search.
        try board.type("Atlantis", into: "Search flights")
        #expect(await board.settle { $0.text.contains("No Results for “Atlantis”") })
        #expect(board.elements(withClass: "jw-list-row").isEmpty)
        try board.type("Denver", into: "Search flights")
        let denver = try store.count(FlightInformation.self, where: NSPredicate(format: "otherAirport == 'Denver'"))
        #expect(board.text.contains(denver >= 50 ? "Next 50 flights" : "\(denver) flights"))
        let first = try #require(
            try store.fetch(
                FlightInformation.self, where: NSPredicate(format: "otherAirport == 'Denver'"), sortedBy: FlightBoardModel.byTime, limit: 1
            ).first)
        let gate = ViewHost(GateKiosk(model: model, gate: first.gate))
        #expect(gate.text.contains(first.number) && gate.text.contains(first.airline))
        // A write (as the API or another server would make) reaches both.
        try model.modify(first.id) { $0.status = .cancelled }
        #expect(await board.settle { $0.text.contains("Cancelled") })
        #expect(await gate.settle { $0.text.contains("Cancelled") })
        // The clock moves the board's window: flights long gone leave it.
        model.boardStart = first.scheduledTime.addingTimeInterval(6 * 3600)
        try board.type("", into: "Search flights")
        #expect(await board.settle { !$0.text.contains("\(first.airline) \(first.number)") || $0.text.contains("Next 50") })
        // (The list came back after the empty state: a new lazy list, showing its first window.)
        try board.showAllRows()
        let shown = board.elements(withClass: "jw-list-row").count
        #expect(shown == 50)
    }

    /// Boards with the same filters share a live list: a search's whatever the window (it looks
    /// through the whole day), kept while it is among the last used; a window's until the window
    /// moves on (the boards still showing it keep it alive themselves).
    @Test func boardsShareListsAndTheModelKeepsOnlyWhatIsAskedFor() throws {
        let model = FlightBoardModel()
        let nine = Date(timeIntervalSince1970: 9 * 3600)
        model.boardStart = nine
        let denver = model.boardList(search: "Denver", arrivals: true)
        #expect(model.boardList(search: "Denver", arrivals: true) === denver)
        #expect(model.boardList(search: "Denver", arrivals: false) !== denver)
        model.boardStart = nine.addingTimeInterval(300)
        #expect(model.boardList(search: "Denver", arrivals: true) === denver, "a search does not depend on the window")
        // A search asked for often stays past many asked for once; one not asked for again goes.
        let once = model.boardList(search: "Boston", arrivals: true)
        for index in 0..<(FlightBoardModel.keptSearches * 2) {
            _ = model.boardList(search: "city \(index)", arrivals: true)
            _ = model.boardList(search: "Denver", arrivals: true)
        }
        #expect(model.boardList(search: "Denver", arrivals: true) === denver, "the search used most recently was let go")
        #expect(model.boardList(search: "Boston", arrivals: true) !== once)
        // A window's list: shared within the window, let go when it moves on unless a board holds it.
        var held: FetchedResultList<FlightInformation>? = model.boardList(search: "", arrivals: true)
        weak let window = held
        #expect(model.boardList(search: "", arrivals: true) === held)
        model.boardStart = nine.addingTimeInterval(600)
        let next = model.boardList(search: "", arrivals: true)
        #expect(next !== held)
        #expect(window != nil, "a board still showing the earlier window keeps its list")
        held = nil
        #expect(window == nil, "the model kept an earlier window's list")
    }
}
