import Foundation
import Jetway
import JetwayStore
import JetwayTesting
import MountainAirportViews
import Testing

/// "My flights": stars kept per device, shown at the top of every board of that device, and
/// nowhere else.
@MainActor
struct PassengersTests {
    func environment(device: String?) -> EnvironmentValues {
        var environment = EnvironmentValues()
        environment.request = RequestContext(path: "/", device: device)
        return environment
    }

    @Test func aStarredFlightIsAtTheTopOfThatDevicesBoardsOnly() async throws {
        let model = FlightBoardModel()
        let board = ViewHost(FlightBoard(model: model), environment: environment(device: "device-a"))
        let sameDevice = ViewHost(FlightBoard(model: model), environment: environment(device: "device-a"))
        let otherDevice = ViewHost(FlightBoard(model: model), environment: environment(device: "device-b"))
        #expect(!board.text.contains("My flights"))
        try board.tap("Star Summit Express MA107")
        #expect(await board.settle { $0.text.contains("My flights") })
        #expect(board.html.contains("aria-label=\"Unstar Summit Express MA107\""))
        // Every board of that device follows; another device's board does not.
        #expect(await sameDevice.settle { $0.text.contains("My flights") })
        #expect(!otherDevice.text.contains("My flights"))
        #expect(try model.store.count(StarredFlight.self, where: NSPredicate(format: "device == 'device-a'")) == 1)
        // The flight's page says so, and unstarring there empties the section.
        let page = ViewHost(FlightPage(model: model, id: "1"), environment: environment(device: "device-a"))
        #expect(page.text.contains("Remove from My flights"))
        try page.tap("Unstar Summit Express MA107")
        #expect(await board.settle { !$0.text.contains("My flights") })
        #expect(try model.store.count(StarredFlight.self) == 0)
    }

    @Test func aClientWithoutADeviceHasNoStars() {
        let board = ViewHost(FlightBoard(model: FlightBoardModel()), environment: environment(device: nil))
        #expect(!board.text.contains("My flights"))
        #expect((try? board.tap("Star Summit Express MA107")) == nil)
    }
}
