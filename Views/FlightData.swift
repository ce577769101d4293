import Foundation
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
    /// When it now leaves or lands, if not when scheduled (a delay).
    public var currentTime: Date? = nil

    /// Minutes between the scheduled and the current time (0 when on time).
    public var timeDifference: Int {
        guard let currentTime else { return 0 }
        return Int((currentTime.timeIntervalSince(scheduledTime) / 60).rounded())
    }

    /// The timeline's bubble: green on time (or early), yellow up to a quarter of an hour
    /// late, red later or cancelled.
    public var timelineColor: Color {
        if status == .cancelled || timeDifference > 15 { return .red }
        if timeDifference > 0 { return .yellow }
        return .green
    }

    /// "On Time for 10:05", "10:05 Now: 10:40", "Cancelled": the timeline cell's title (seed 000).
    public func timelineTitle(timeZone: TimeZone) -> String {
        let formatter = DateFormatter()
        formatter.timeStyle = .short
        formatter.dateStyle = .none
        formatter.timeZone = timeZone
        formatter.locale = Locale(identifier: "en_US")
        let scheduled = formatter.string(from: scheduledTime)
        let current = formatter.string(from: currentTime ?? scheduledTime)
        if status == .cancelled { return "Cancelled" }
        if timeDifference != 0 { return "\(scheduled) Now: \(current)" }
        return "On Time for \(scheduled)"
    }

    /// The flights of one day at Mountain Airport, the same every run.
    public static func sampleDay(count: Int = 40, start: Date = Date(timeIntervalSince1970: 1_795_000_000)) -> [FlightInformation] {
        let airlines = ["Mountain Air", "Summit Express", "Alpine Jet", "Glacier Airways"]
        let airports = ["Denver", "Boston", "Chicago", "Seattle", "Atlanta", "Calgary", "Phoenix", "Toronto", "Miami", "Portland"]
        return (0..<count).map { index in
            let direction: Direction = index % 2 == 0 ? .departure : .arrival
            let status = Status.allCases[(index * 5) % 4]
            let gate = ["A", "B", "C"][index % 3] + String(index % 12 + 1)
            let time = start.addingTimeInterval(Double(index) * 900)
            // Delayed flights run 10 to 40 minutes late; a few others are late too.
            let late = status == .delayed ? Double(10 * (index % 4 + 1)) : (index % 7 == 3 ? 5 : 0)
            return FlightInformation(
                id: index, airline: airlines[index % airlines.count], number: "MA" + String(100 + index * 7),
                otherAirport: airports[(index * 3) % airports.count], direction: direction,
                scheduledTime: time, status: status, gate: gate, currentTime: late > 0 ? time.addingTimeInterval(late * 60) : nil)
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
