import Jetway

/// A flight on the board.
public struct FlightInformation: Identifiable, Hashable, Sendable {
    public enum Direction: String, Sendable { case arrival, departure }
    public enum Status: String, Sendable, CaseIterable {
        case onTime = "On Time", delayed = "Delayed", boarding = "Boarding", departed = "Departed", landed = "Landed", cancelled =
            "Cancelled"
    }

    public let id: Int
    public let airline: String
    public let number: String
    public let otherAirport: String
    public let direction: Direction
    public let scheduledTime: Date
    public var status: Status
    public let gate: String

    /// The flights of one day at Mountain Airport, the same every run.
    public static func sampleDay(count: Int = 40, start: Date = Date(timeIntervalSince1970: 1_795_000_000)) -> [FlightInformation] {
        let airlines = ["Mountain Air", "Summit Express", "Alpine Jet", "Glacier Airways"]
        let airports = ["Denver", "Boston", "Chicago", "Seattle", "Atlanta", "Calgary", "Phoenix", "Toronto", "Miami", "Portland"]
        return (0..<count).map { index in
            let direction: Direction = index % 2 == 0 ? .departure : .arrival
            let status = Status.allCases[(index * 5) % 4]
            let gate = ["A", "B", "C"][index % 3] + String(index % 12 + 1)
            let time = start.addingTimeInterval(Double(index) * 900)
            return FlightInformation(
                id: index, airline: airlines[index % airlines.count], number: "MA" + String(100 + index * 7),
                otherAirport: airports[(index * 3) % airports.count], direction: direction,
                scheduledTime: time, status: status, gate: gate)
        }
    }
}

/// The board's data, shared by every session of the server.
@MainActor @Observable
public final class FlightBoardModel {
    public var flights: [FlightInformation]

    public init(flights: [FlightInformation] = FlightInformation.sampleDay()) {
        self.flights = flights
    }
}
