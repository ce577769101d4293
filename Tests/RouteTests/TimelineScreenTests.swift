import Foundation
import Jetway
import JetwayStore
import JetwayTesting
import MountainAirportViews
import Testing

/// The timeline's logic without a browser: its widget's data source answers from the day's
/// live list, a change in the store reloads it with the new status, a bad request gets a
/// clear error, and a tapped row opens the flight.
@MainActor
struct TimelineScreenTests {
    @Test func theTimelineAnswersFromTheDayFollowsTheStoreAndOpensATappedFlight() async throws {
        let model = FlightBoardModel()
        let host = ViewHost(TimelineScreen(model: model))
        #expect(host.text.contains("Flight Timeline"))
        let count = try host.request("numberOfRows", from: "timeline")
        #expect(count.int == model.today.count && model.today.count > 10, "\(count)")
        let first = try #require(model.today.first)
        let cell = try host.request("cellForRow", ["row": 0], from: "timeline")
        #expect(cell["description"]?.string == "\(first.airline) \(first.number) to \(first.otherAirport) - On Time", "\(cell)")
        #expect(throws: (any Error).self) { try host.request("cellForRow", ["row": 100_000], from: "timeline") }
        #expect(throws: (any Error).self) { try host.request("rowCount", from: "timeline") }

        // Staff delay the first flight: the widget is told to reload, and its row says so.
        _ = try model.modify(first.id) { $0.status = .delayed }
        #expect(await host.settle { $0.widgetCommands.contains { $0.name == "reloadData" } })
        let changed = try host.request("cellForRow", ["row": 0], from: "timeline")
        #expect(changed["description"]?.string?.hasSuffix("- Delayed") == true, "\(changed)")

        // A tapped row pushes the flight's page.
        try host.sendWidgetMessage("didSelectRow", ["row": 0], to: "timeline")
        #expect(await host.settle { $0.text.contains(first.number) && $0.text.contains("Back") })
    }
}
