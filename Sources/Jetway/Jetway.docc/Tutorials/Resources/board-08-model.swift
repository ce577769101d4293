import Jetway

/// The board every visitor sees: one per process, so a change reaches every open page.
@MainActor
@Observable
final class Board {
    var flights = Flight.today

    func delay(_ id: Flight.ID, by minutes: Int) {
        guard let index = flights.firstIndex(where: { $0.id == id }) else { return }
        flights[index].departure.addTimeInterval(TimeInterval(minutes * 60))
        flights[index].status = .delayed
    }
}
