import Foundation
import Jetway
import JetwayRoutes
import JetwayStore
import JetwayTesting
import MountainAirportViews
import Testing

/// The operations console's logic without a browser: who may use it, the editor's sheet, what
/// a change writes (the flight and its history line), and where the history shows.
@MainActor
struct OperationsTests {
    func environment(user: String?) -> EnvironmentValues {
        var environment = EnvironmentValues()
        environment.request = RequestContext(path: "/ops", user: user)
        return environment
    }

    /// Alice's console, MA100 found by the search and its sheet open.
    func consoleWithMA100Open(_ model: FlightBoardModel) async throws -> ViewHost {
        let host = ViewHost(OperationsConsole(model: model), environment: environment(user: "alice"))
        try host.type("MA100", into: "Search flights")
        #expect(await host.settle { $0.elements(withClass: "jw-list-row").count == 1 })
        try host.tap("Change Mountain Air MA100")
        return host
    }

    @Test func onlySignedInStaffSeeTheConsole() throws {
        let model = FlightBoardModel()
        let anonymous = ViewHost(OperationsConsole(model: model), environment: environment(user: nil))
        #expect(anonymous.text.contains("for Mountain Airport staff"))
        #expect(anonymous.elements(withClass: "jw-list-row").isEmpty)
        let staff = ViewHost(OperationsConsole(model: model), environment: environment(user: "alice"))
        #expect(staff.text.contains("Signed in as alice"))
        try staff.showAllRows()
        #expect(staff.elements(withClass: "jw-list-row").count == 40)
    }

    /// A day of 1,200 flights: the console shows 50 and says how to reach the rest; a search
    /// that finds fewer says nothing more.
    @Test func aFullListSaysHowToFindTheOthers() async throws {
        let noon = try Date("2026-12-02T19:00:00Z", strategy: .iso8601)
        let store = try AirportStore.open("sqlite::memory:")
        try AirportStore.seedIfEmpty(store, day: noon, timeZone: FlightBoardModel.airportTimeZone)
        let model = FlightBoardModel(store: store, timeZone: FlightBoardModel.airportTimeZone, clock: WallClock(startingAt: noon, rate: 0))
        let host = ViewHost(OperationsConsole(model: model), environment: environment(user: "alice"))
        try host.showAllRows()
        #expect(host.elements(withClass: "jw-list-row").count == 50)
        #expect(host.text.contains("The next 50 flights: search by flight, airline, city or gate for any other."))
        try host.type("a", into: "Search flights")
        #expect(await host.settle { $0.text.contains("The first 50 matches: add to the search to find others.") })
        let one = try #require(model.flights.first)
        try host.type(one.number, into: "Search flights")
        #expect(await host.settle { $0.elements(withClass: "jw-list-row").count < 50 && !$0.text.contains("to find others") })
    }

    @Test func theEditorChangesAFlightAndRecordsWhoDidIt() async throws {
        let model = FlightBoardModel()
        let host = try await consoleWithMA100Open(model)
        #expect(host.text.contains("to Denver"))
        try host.select("Delayed", in: "Status")
        for _ in 0..<4 { try host.tap("Increment") }
        try host.type("b7", into: "Gate")
        try host.tap("Save")
        let flight = try #require(try model.store.find(FlightInformation.self, id: 0))
        #expect(flight.status == .delayed)
        #expect(flight.timeDifference == 20)
        #expect(flight.gate == "B7" && flight.previousGate == "A1" && flight.terminal == "B")
        #expect(!host.text.contains("Save"), "the sheet stayed open")
        let history = try model.store.fetch(FlightHistoryEntry.self, where: NSPredicate(format: "flightID == 0"))
        #expect(history.count == 1)
        #expect(history.first?.who == "alice")
        #expect(history.first?.what == "Status: On Time → Delayed; Time: 11:06 → 11:26; Gate: A1 → B7")
        // The flight's page shows it, live: a second change arrives there by itself.
        let page = ViewHost(FlightPage(model: model, id: "0"))
        #expect(page.text.contains("Status: On Time → Delayed"))
        #expect(page.text.contains("by alice"))
        try model.change(0, by: "bob") { $0.status = .boarding }
        #expect(await page.settle { $0.text.contains("Status: Delayed → Boarding") && $0.text.contains("by bob") })
    }

    @Test func aSaveWritesOnlyWhatTheSheetChanged() async throws {
        let model = FlightBoardModel()
        let host = try await consoleWithMA100Open(model)
        // Meanwhile the feed says it is boarding; the desk moves it to another gate.
        try model.change(0, by: "feed") { $0.status = .boarding }
        try host.type("A2", into: "Gate")
        try host.tap("Save")
        let flight = try #require(try model.store.find(FlightInformation.self, id: 0))
        #expect(flight.status == .boarding, "the sheet wrote back the status it opened with")
        #expect(flight.gate == "A2")
        let lines = try model.store.fetch(FlightHistoryEntry.self, where: NSPredicate(format: "flightID == 0")).map(\.what)
        #expect(lines.sorted() == ["Gate: A1 → A2", "Status: On Time → Boarding"])
    }

    @Test func aBadGateIsRefusedWithAReasonAndNothingChanges() async throws {
        let model = FlightBoardModel()
        let host = try await consoleWithMA100Open(model)
        try host.type("B 7!", into: "Gate")
        try host.tap("Save")
        #expect(host.text.contains("Gate is 1 to 8 letters and digits."))
        #expect(try model.store.find(FlightInformation.self, id: 0)?.gate == "A1")
        #expect(try model.store.count(FlightHistoryEntry.self) == 0)
        // A change that changes nothing writes no history either.
        try model.change(0, by: "alice") { $0.gate = "A1" }
        #expect(try model.store.count(FlightHistoryEntry.self) == 0)
    }

    @Test func staffAccountsAreCheckedAndBadOnesRefused() async throws {
        let model = FlightBoardModel()
        try await AirportStaff.add(name: "alice", password: "correct horse", to: model.store)
        let member = try #require(try model.store.find(StaffMember.self, id: "alice"))
        #expect(member.passwordHash.hasPrefix("$scrypt$") && !member.passwordHash.contains("correct"))
        await #expect(throws: AirportStaff.Problem.self) {
            try await AirportStaff.add(name: "Alice Smith", password: "correct horse", to: model.store)
        }
        await #expect(throws: AirportStaff.Problem.self) { try await AirportStaff.add(name: "bob", password: "short", to: model.store) }
    }

    @Test func theSimulatorsChangesAreInTheHistoryToo() throws {
        let model = FlightBoardModel()
        let simulator = AirportSimulator(model: model)
        try simulator.step(now: Date(timeIntervalSince1970: 1_795_000_000 + 60))
        let history = try model.store.fetch(FlightHistoryEntry.self, where: NSPredicate(format: "flightID == 0"))
        #expect(history.map(\.who) == ["simulator"])
        #expect(history.first?.what == "Status: On Time → Departed")
    }
}
