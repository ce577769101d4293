import Jetway

/// One departure on the board.
struct Flight: Identifiable, Hashable {
    enum Status: String {
        case onTime = "On time"
        case delayed = "Delayed"
        case boarding = "Boarding"
    }

    /// The flight number: "MA100".
    let id: String
    var destination: String
    var departure: Date
    var status: Status
}

extension Flight {
    /// Today's departures, from now on.
    static var today: [Flight] {
        let now = Date()
        return [
            Flight(id: "MA100", destination: "Denver", departure: now.addingTimeInterval(25 * 60), status: .boarding),
            Flight(id: "MA214", destination: "Salt Lake City", departure: now.addingTimeInterval(50 * 60), status: .onTime),
            Flight(id: "MA318", destination: "Boise", departure: now.addingTimeInterval(80 * 60), status: .delayed),
            Flight(id: "MA420", destination: "Phoenix", departure: now.addingTimeInterval(110 * 60), status: .onTime),
        ]
    }
}
