import JetwayTesting
import Testing

@testable import Departures

/// The board driven as a visitor would, without a browser.
@MainActor
struct BoardViewTests {
    @Test func aSearchFindsAFlightAndADelayReachesTheBoard() throws {
        let board = Board()
        let host = ViewHost(BoardView().environment(board))
        try host.type("boise", into: "Flight or city")
        #expect(host.elements(withText: "MA318").count == 1)
        #expect(host.elements(withText: "MA100").isEmpty)

        try host.type("", into: "Flight or city")
        // A change to the model, made elsewhere (another visitor's click): the page follows.
        board.delay("MA100", by: 15)
        try host.update()
        #expect(host.elements(withText: "Delayed").count == 2)
    }
}
