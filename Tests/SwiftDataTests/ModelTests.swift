import Foundation
import Jetway
import JetwaySwiftData
import JetwayTesting
import Testing

@Model final class Trip {
    var name: String
    var start = Date(timeIntervalSinceReferenceDate: 0)
    var notes: String?
    @Relationship(deleteRule: .cascade, inverse: \Stop.trip) var stops: [Stop] = []
    @Transient var isExpanded = false

    init(name: String, start: Date = .now) {
        self.name = name
        self.start = start
    }
}

@Model final class Stop {
    var city: String
    var trip: Trip?
    init(city: String) { self.city = city }
}

@MainActor @Suite struct ModelTests {
    @Test func aModelKeepsItsValues() throws {
        let container = try ModelContainer(for: Trip.self, configurations: ModelConfiguration(isStoredInMemoryOnly: true))
        let context = container.mainContext
        let trip = Trip(name: "Alps")
        context.insert(trip)
        trip.stops.append(Stop(city: "Bern"))
        #expect(trip.stops.first?.trip === trip)
        try context.save()
        let trips = try context.fetch(FetchDescriptor<Trip>())
        #expect(trips.map(\.name) == ["Alps"])
        #expect(try context.fetchCount(FetchDescriptor<Stop>()) == 1)
    }
}
