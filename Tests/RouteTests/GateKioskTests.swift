import Foundation
import Jetway
import JetwayStore
import JetwayTesting
import MountainAirportViews
import Testing

/// The kiosk's logic without a browser: the next departure at its gate, gate changes to and
/// away from it, the countdowns it hands the browser, and nothing to click.
@MainActor
struct GateKioskTests {
    static let start = Date(timeIntervalSince1970: 1_795_000_000)

    func kiosk(_ model: FlightBoardModel, _ gate: String, at now: Date) -> ViewHost {
        var environment = EnvironmentValues()
        environment.wallClock = WallClock(startingAt: now, rate: 0)
        return ViewHost(GateKiosk(model: model, gate: gate), environment: environment)
    }

    func model(at now: Date) -> FlightBoardModel {
        FlightBoardModel(store: FlightBoardModel().store, clock: WallClock(startingAt: now, rate: 0))
    }

    @Test func itShowsTheNextDepartureWithACountdownAndNothingToClick() throws {
        let now = Self.start.addingTimeInterval(-40 * 60)
        let host = kiosk(model(at: now), "a1", at: now)
        #expect(host.text.contains("Gate A1"))
        #expect(host.text.contains("MA100") && host.text.contains("to Denver"))
        #expect(host.text.contains("Boarding in10:00"))
        #expect(host.text.contains("Later from this gate") && host.text.contains("MA184"))
        #expect(host.elements(withClass: "jw-button").isEmpty && !host.html.contains("<button"), "a kiosk has nothing to click")
        #expect(host.html.contains("data-jw-awake") && host.html.contains("jw-pointer-hidden"))
        let countdown = try #require(host.dom.root.descendants.first { $0.attribute("data-jw-clock") == "down" })
        #expect(countdown.attribute("data-jw-to") == String(WallClock.milliseconds(Self.start.addingTimeInterval(-30 * 60))))
        #expect(countdown.attribute("data-jw-from") == String(WallClock.milliseconds(Self.start.addingTimeInterval(-30 * 60 - 24 * 3600))))
        let clock = try #require(host.dom.root.descendants.first { $0.attribute("data-jw-clock") == "now-time" })
        #expect(clock.attribute("data-jw-tz") == TimeZone(identifier: "UTC")!.identifier)
    }

    @Test func boardingShowsWhenTheGateClosesAndAFarFlightItsBoardingTime() throws {
        let now = Self.start.addingTimeInterval(-15 * 60)
        let model = model(at: now)
        try model.change(0, by: "alice") { $0.status = .boarding }
        let host = kiosk(model, "A1", at: now)
        #expect(host.text.contains("Gate closes in5:00"))
        let early = kiosk(self.model(at: Self.start.addingTimeInterval(-4 * 3600)), "A1", at: Self.start.addingTimeInterval(-4 * 3600))
        #expect(early.text.contains("Boarding at"))
    }

    @Test func gateChangesAreHighlightedAtBothGates() async throws {
        let now = Self.start.addingTimeInterval(-40 * 60)
        let model = model(at: now)
        let newGate = kiosk(model, "B7", at: now)
        let oldGate = kiosk(model, "A1", at: now)
        try model.change(0, by: "alice") { $0.gate = "B7" }
        #expect(await newGate.settle { $0.text.contains("Gate changed: this flight now departs from here, not gate A1") })
        #expect(await oldGate.settle { $0.text.contains("Mountain Air MA100 to Denver now departs from gate B7") })
        // The old gate's next departure is now the one after.
        #expect(oldGate.text.contains("MA184") && oldGate.text.contains("to Phoenix"))
    }

    @Test func theClockAloneMovesAFlightOffFiveMinutesAfterItsTime() async throws {
        let now = Self.start.addingTimeInterval(-40 * 60)
        let model = model(at: now)
        model.moveWindows(to: now)
        let host = kiosk(model, "A1", at: now)
        #expect(host.text.contains("MA100"))
        // No simulator, no feed: only the clock moves (the status still says On Time).
        model.moveWindows(to: Self.start.addingTimeInterval(6 * 60))
        #expect(await host.settle { !$0.text.contains("MA100") && $0.text.contains("MA184") })
        #expect(try model.store.find(FlightInformation.self, id: 0)?.status == .onTime)
    }

    @Test func aMinuteThatChangesNothingSendsNothing() async throws {
        let now = Self.start.addingTimeInterval(-50 * 60)
        // A clock that runs a minute a second: the server's time moves past a minute.
        let clock = WallClock(startingAt: now, rate: 60)
        let model = FlightBoardModel(store: FlightBoardModel().store, clock: clock)
        model.moveWindows(to: now)
        var environment = EnvironmentValues()
        environment.wallClock = clock
        let host = ViewHost(GateKiosk(model: model, gate: "A1"), environment: environment)
        let before = host.history.count
        try await Task.sleep(for: .milliseconds(1100))
        let later = clock.now
        model.moveWindows(to: later)
        await host.settle()
        #expect(model.kioskStart == Date(timeIntervalSince1970: ((later.timeIntervalSince1970 - 300) / 60).rounded(.down) * 60))
        #expect(host.history.count == before, "a new window with the same flights sent \(host.history.suffix(1))")
    }

    @Test func aDepartedFlightLeavesAndAnEmptyGateSaysSo() async throws {
        let now = Self.start.addingTimeInterval(-40 * 60)
        let model = model(at: now)
        let host = kiosk(model, "A1", at: now)
        try model.change(0, by: "simulator") { $0.status = .departed }
        #expect(await host.settle { !$0.text.contains("MA100") })
        let nowhere = kiosk(model, "Z99", at: now)
        #expect(nowhere.text.contains("No more departures from this gate today"))
    }
}
