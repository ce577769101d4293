import Foundation
import JetwayStore

/// MountainAirport's schema and its first day.
public enum AirportStore {
    public static let migrations = [
        Migration(1, "flights") { db in
            try db.createTable(
                "flights",
                [
                    ColumnDefinition("airline", .text), ColumnDefinition("number", .text), ColumnDefinition("otherAirport", .text),
                    ColumnDefinition("direction", .text), ColumnDefinition("scheduledTime", .date), ColumnDefinition("status", .text),
                    ColumnDefinition("gate", .text), ColumnDefinition("terminal", .text),
                    ColumnDefinition("currentTime", .date, nullable: true),
                ])
            try db.createIndex(on: "flights", ["scheduledTime"])
            try db.createIndex(on: "flights", ["gate", "scheduledTime"])
        },
        Migration(2, "gate changes") { db in
            try db.addColumn("flights", ColumnDefinition("previousGate", .text, nullable: true))
        },
        Migration(3, "staff and flight history") { db in
            try db.createTable(
                "staff", id: .text, [ColumnDefinition("displayName", .text), ColumnDefinition("passwordHash", .text)])
            try db.createTable(
                "flight_history", id: .text,
                [
                    ColumnDefinition("flightID", .integer), ColumnDefinition("at", .date), ColumnDefinition("who", .text),
                    ColumnDefinition("what", .text),
                ])
            try db.createIndex(on: "flight_history", ["flightID", "at"])
        },
        Migration(4, "my flights") { db in
            try db.createTable("starred_flights", id: .text, [ColumnDefinition("device", .text), ColumnDefinition("flightID", .integer)])
            try db.createIndex(on: "starred_flights", ["device"])
        },
        Migration(5, "pictures") { db in
            // What pages watch (small) apart from the bytes only the picture's URL reads.
            try db.createTable("avatars", id: .text, [ColumnDefinition("contentType", .text), ColumnDefinition("version", .integer)])
            try db.createTable("avatar_images", id: .text, [ColumnDefinition("image", .blob)])
        },
        Migration(6, "pictures' sizes and when their devices were last seen") { db in
            // The store keeps a budget for pictures, and removes those of devices gone a while.
            try db.addColumn("avatars", ColumnDefinition("bytes", .integer, nullable: true))
            try db.addColumn("avatars", ColumnDefinition("lastSeen", .date, nullable: true))
            try db.execute(
                "UPDATE avatars SET \"bytes\" = (SELECT length(\"image\") FROM avatar_images WHERE avatar_images.\"id\" = avatars.\"id\")")
        },
    ]

    /// Opens the airport's store (`sqlite:data/airport.sqlite`, `postgresql://…`), migrated.
    public static func open(_ url: String) throws -> Store {
        try Store.open(url, migrations: migrations)
    }

    /// Fills an empty store with a generated day of `count` flights on `day`; a store that has
    /// flights is left as it is. Returns how many flights were added.
    @discardableResult
    public static func seedIfEmpty(
        _ store: Store, count: Int = 1200, day: Date = Date(), timeZone: TimeZone = TimeZone(identifier: "UTC")!
    ) throws -> Int {
        try store.transaction { transaction in
            // Servers starting together on one PostgreSQL: one seeds, the others then see its day.
            if store.dialect == .postgresql { try transaction.execute("SELECT pg_advisory_xact_lock(7219002)") }
            guard try transaction.fetch(FlightInformation.self, limit: 1).isEmpty else { return 0 }
            let flights = FlightInformation.generatedDay(count: count, day: day, timeZone: timeZone)
            for flight in flights { try transaction.insert(flight) }
            return flights.count
        }
    }

    /// Replaces every flight with the ones in a JSON file (an array of flights, times in ISO
    /// 8601). Nothing changes unless the whole file is good.
    @discardableResult
    public static func importFlights(from path: String, into store: Store) throws -> Int {
        guard let data = FileManager.default.contents(atPath: path) else { throw ImportError("cannot read \(path)") }
        let decoder = JSONDecoder()
        decoder.dateDecodingStrategy = .iso8601
        let flights: [FlightInformation]
        do {
            flights = try decoder.decode([FlightInformation].self, from: data)
        } catch let error as DecodingError {
            throw ImportError("\(path) is not a list of flights: \(describe(error))")
        }
        var seen = Set<Int>()
        for flight in flights {
            guard seen.insert(flight.id).inserted else { throw ImportError("\(path): the id \(flight.id) is used twice") }
            if let problem = FlightChange.problem(gate: flight.gate) { throw ImportError("\(path): flight \(flight.id): \(problem)") }
        }
        try store.transaction { transaction in
            try transaction.execute("DELETE FROM flights", changing: ["flights"])
            for flight in flights { try transaction.insert(flight) }
        }
        return flights.count
    }

    static func describe(_ error: DecodingError) -> String {
        func path(_ context: DecodingError.Context) -> String {
            context.codingPath.map { $0.intValue.map { "[\($0)]" } ?? ".\($0.stringValue)" }.joined()
        }
        switch error {
        case .keyNotFound(let key, let context): return "\(path(context)).\(key.stringValue) is missing"
        case .typeMismatch(_, let context), .valueNotFound(_, let context), .dataCorrupted(let context):
            return "\(path(context)): \(context.debugDescription)"
        @unknown default: return "\(error)"
        }
    }

    public struct ImportError: Error, CustomStringConvertible {
        public let description: String
        init(_ description: String) { self.description = description }
    }
}

extension FlightInformation {
    /// The thirty airports a generated day's flights come from and go to.
    public static let otherAirports = [
        "Denver", "Boston", "Chicago", "Seattle", "Atlanta", "Calgary", "Phoenix", "Toronto", "Miami", "Portland", "Dallas", "Houston",
        "Las Vegas", "Los Angeles", "San Francisco", "San Diego", "Salt Lake City", "Minneapolis", "Detroit", "New York", "Newark",
        "Washington", "Philadelphia", "Charlotte", "Orlando", "Nashville", "Vancouver", "Montréal", "Anchorage", "Honolulu",
    ]

    /// A realistic day at Mountain Airport: `count` flights between 05:00 and 23:45 (in
    /// `timeZone`, the airport's) on `day`, half arrivals and half departures, eight airlines,
    /// thirty other airports, three terminals of twenty gates. The same `day` always makes the
    /// same flights.
    public static func generatedDay(count: Int, day: Date, timeZone: TimeZone = TimeZone(identifier: "UTC")!) -> [FlightInformation] {
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = timeZone
        let midnight = calendar.startOfDay(for: day)
        var random = DayGenerator(seed: UInt64(midnight.timeIntervalSince1970))
        let airlines = [
            ("Mountain Air", "MA"), ("Summit Express", "SX"), ("Alpine Jet", "AJ"), ("Glacier Airways", "GA"), ("Prairie Wings", "PW"),
            ("Coastal Connect", "CC"), ("Northern Lights", "NL"), ("Desert Sun", "DS"),
        ]
        let airports = otherAirports
        let span = (23 * 60 + 45 - 5 * 60) * 60.0
        return (0..<count).map { index in
            let (airline, code) = airlines[Int(random.next() % UInt64(airlines.count))]
            let terminal = ["A", "B", "C"][Int(random.next() % 3)]
            let minute = (span / Double(max(1, count)) * Double(index)).rounded(.down)
            // Whole five minutes, as timetables are.
            let time = midnight.addingTimeInterval(5 * 3600 + (minute / 300).rounded(.down) * 300)
            return FlightInformation(
                id: index + 1, airline: airline, number: "\(code) \(100 + Int(random.next() % 9000))",
                otherAirport: airports[Int(random.next() % UInt64(airports.count))], direction: index % 2 == 0 ? .departure : .arrival,
                scheduledTime: time, status: .onTime, gate: terminal + String(1 + Int(random.next() % 20)), terminal: terminal)
        }
    }
}

extension FlightInformation {
    /// The same flight with another id.
    func renumbered(_ id: Int) -> FlightInformation {
        FlightInformation(
            id: id, airline: airline, number: number, otherAirport: otherAirport, direction: direction, scheduledTime: scheduledTime,
            status: status, gate: gate, terminal: terminal, currentTime: currentTime, previousGate: previousGate)
    }
}

/// SplitMix64, so a day's flights are the same every time it is made.
struct DayGenerator: RandomNumberGenerator {
    var state: UInt64
    init(seed: UInt64) { state = seed }
    mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }
}
