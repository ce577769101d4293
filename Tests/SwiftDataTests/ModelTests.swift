import Foundation
import Jetway
import JetwayStore
import JetwayTesting
import Testing

@testable import JetwaySwiftData

// A trips app as SwiftData apps are written: `@Model` classes with relationships and their
// delete rules, `@Query` with sorts and `#Predicate` filters, `@Environment(\.modelContext)`,
// `@Bindable` forms, a container in memory for previews and a store file for the app.

@Model final class Trip {
    var name: String
    var start = Date(timeIntervalSinceReferenceDate: 0)
    var notes: String?
    var budget: Decimal = 0
    var tags: [String] = []
    @Relationship(deleteRule: .cascade, inverse: \Stop.trip) var stops: [Stop] = []
    @Transient var isExpanded = false

    init(name: String, start: Date = .now) {
        self.name = name
        self.start = start
    }

    var stopCount: Int { stops.count }
}

@Model final class Stop {
    var city: String
    var nights: Int = 1
    var trip: Trip?
    init(city: String, nights: Int = 1) {
        self.city = city
        self.nights = nights
    }
}

@Model final class Traveller {
    @Attribute(.unique) var email: String
    var name: String
    init(email: String, name: String) {
        self.email = email
        self.name = name
    }
}

@Model final class Airline {
    var name: String
    @Relationship(deleteRule: .deny) var planes: [Plane] = []
    init(name: String) { self.name = name }
}

@Model final class Plane {
    var code: String
    var airline: Airline?
    init(code: String) { self.code = code }
}

@Model final class Airport {
    @Attribute(.unique) let code: String
    let id: UUID
    var name: String
    init(code: String, name: String) {
        self.code = code
        self.name = name
        id = UUID()
    }
}

@Model final class Renamed {
    @Attribute(originalName: "title") var name: String = ""
    init(name: String) { self.name = name }
}

/// CloudKit-ready models: every relationship optional, to-many ones too.
@Model final class Shelf {
    var name: String = ""
    @Relationship(deleteRule: .cascade, inverse: \Volume.shelf) var volumes: [Volume]? = []
    var readings: [Double] = []
    init(name: String) { self.name = name }
}

@Model final class Volume {
    var title: String = ""
    var shelf: Shelf?
    init(title: String) { self.title = title }
}

func temporaryStore() -> URL {
    FileManager.default.temporaryDirectory.appendingPathComponent("swiftdata-\(UUID().uuidString)").appendingPathComponent("default.store")
}

@MainActor @Suite struct ModelTests {
    func memoryContainer() throws -> ModelContainer {
        try ModelContainer(for: Trip.self, Traveller.self, Airline.self, configurations: ModelConfiguration(isStoredInMemoryOnly: true))
    }

    @Test func relationshipsKeepTheirInversesInStep() throws {
        let context = try memoryContainer().mainContext
        let trip = Trip(name: "Alps")
        context.insert(trip)
        let bern = Stop(city: "Bern")
        trip.stops.append(bern)
        #expect(bern.trip === trip, "appending sets the inverse")
        #expect(bern.modelContext != nil, "a related model joins its holder's context")
        let zurich = Stop(city: "Zurich")
        zurich.trip = trip
        #expect(trip.stops.map(\.city) == ["Bern", "Zurich"], "setting the to-one side appends on the to-many")
        let other = Trip(name: "Coast")
        context.insert(other)
        zurich.trip = other
        #expect(trip.stops.map(\.city) == ["Bern"], "a to-one moves: the old holder lets go")
        #expect(other.stops.map(\.city) == ["Zurich"])
        trip.stops.removeAll()
        #expect(bern.trip == nil)
    }

    @Test func aModelMadeWithItsRelationshipsLinksThemOnInsert() throws {
        let context = try memoryContainer().mainContext
        let stop = Stop(city: "Oslo")
        let trip = Trip(name: "North")
        trip.stops = [stop]
        context.insert(trip)
        #expect(stop.trip === trip)
        #expect(try context.fetchCount(FetchDescriptor<Stop>()) == 1)
    }

    @Test func fetchesFilterSortAndPage() throws {
        let context = try memoryContainer().mainContext
        for (name, day) in [("Zermatt", 3.0), ("Ålesund", 1.0), ("Bergen", 2.0), ("Aarhus", 4.0)] {
            context.insert(Trip(name: name, start: Date(timeIntervalSinceReferenceDate: day * 86_400)))
        }
        let byStart = try context.fetch(FetchDescriptor<Trip>(sortBy: [SortDescriptor(\.start, order: .reverse)]))
        #expect(byStart.map(\.name) == ["Aarhus", "Zermatt", "Bergen", "Ålesund"])
        let search = "AL"
        let found = try context.fetch(
            FetchDescriptor<Trip>(predicate: #Predicate { $0.name.localizedStandardContains(search) }, sortBy: [SortDescriptor(\.name)]))
        #expect(found.map(\.name) == ["Ålesund"], "case and diacritics are ignored")
        var page = FetchDescriptor<Trip>(sortBy: [SortDescriptor(\.name)])
        page.fetchOffset = 1
        page.fetchLimit = 2
        #expect(try context.fetch(page).map(\.name) == ["Bergen", "Zermatt"])
        #expect(try context.fetchCount(page) == 2)
        let later = Date(timeIntervalSinceReferenceDate: 2 * 86_400)
        #expect(try context.fetchCount(FetchDescriptor<Trip>(predicate: #Predicate { $0.start >= later })) == 3)
    }

    @Test func cascadeDeletesStopsAndNullifyLetsGo() throws {
        let context = try memoryContainer().mainContext
        let trip = Trip(name: "Alps")
        context.insert(trip)
        trip.stops = [Stop(city: "Bern"), Stop(city: "Chur")]
        try context.save()
        context.delete(trip)
        #expect(trip.isDeleted)
        try context.save()
        #expect(try context.fetchCount(FetchDescriptor<Stop>()) == 0, "the trip's stops go with it")

        let kept = Trip(name: "Coast")
        context.insert(kept)
        let stop = Stop(city: "Nice")
        kept.stops.append(stop)
        context.delete(stop)
        try context.save()
        #expect(kept.stops.isEmpty, "a deleted stop leaves its trip (nullify)")
    }

    @Test func aDenyRuleRefusesTheSave() throws {
        let context = try memoryContainer().mainContext
        let airline = Airline(name: "Mountain Air")
        context.insert(airline)
        airline.planes.append(Plane(code: "MA1"))
        try context.save()
        context.delete(airline)
        #expect(throws: ModelError.self) { try context.save() }
        context.rollback()
        #expect(!airline.isDeleted)
        #expect(try context.fetchCount(FetchDescriptor<Airline>()) == 1)
    }

    @Test func aUniqueValueUpdatesTheStoredModel() throws {
        let context = try memoryContainer().mainContext
        context.insert(Traveller(email: "ana@example.com", name: "Ana"))
        try context.save()
        context.insert(Traveller(email: "ana@example.com", name: "Ana María"))
        try context.save()
        let travellers = try context.fetch(FetchDescriptor<Traveller>())
        #expect(travellers.map(\.name) == ["Ana María"])
    }

    @Test func rollbackPutsBackWhatWasSaved() throws {
        let context = try memoryContainer().mainContext
        context.autosaveEnabled = false
        let trip = Trip(name: "Alps")
        context.insert(trip)
        try context.save()
        trip.name = "Alpes"
        trip.notes = "snow"
        context.insert(Trip(name: "Unsaved"))
        #expect(context.hasChanges)
        #expect(trip.hasChanges)
        context.rollback()
        #expect(trip.name == "Alps")
        #expect(trip.notes == nil)
        #expect(try context.fetch(FetchDescriptor<Trip>()).map(\.name) == ["Alps"])
        #expect(!context.hasChanges)
    }

    @Test func theStoreFileKeepsModelsAndRelationshipsAcrossARestart() throws {
        let url = temporaryStore()
        do {
            let container = try ModelContainer(for: Trip.self, configurations: ModelConfiguration(url: url))
            let context = container.mainContext
            let trip = Trip(name: "Alps", start: Date(timeIntervalSinceReferenceDate: 1000))
            trip.notes = "boots"
            trip.budget = Decimal(string: "1234.5")!
            trip.tags = ["hike", "rail"]
            context.insert(trip)
            trip.stops = [Stop(city: "Bern", nights: 2), Stop(city: "Chur")]
            try context.save()
        }
        ModelContainer.forgetOpenStores()
        let container = try ModelContainer(for: Trip.self, configurations: ModelConfiguration(url: url))
        let trips = try container.mainContext.fetch(FetchDescriptor<Trip>())
        let trip = try #require(trips.first)
        #expect(trips.count == 1)
        #expect(trip.name == "Alps")
        #expect(trip.start == Date(timeIntervalSinceReferenceDate: 1000))
        #expect(trip.notes == "boots")
        #expect(trip.budget == Decimal(string: "1234.5")!)
        #expect(trip.tags == ["hike", "rail"])
        #expect(trip.isExpanded == false)
        #expect(trip.stops.map(\.city) == ["Bern", "Chur"], "relationships are read when asked for")
        #expect(trip.stops.first?.nights == 2)
        #expect(trip.stops.first?.trip === trip)
        #expect(trip.persistentModelID.storeIdentifier != nil)
        #expect(container.mainContext.model(for: trip.persistentModelID) as? Trip === trip)
    }

    @Test func aLetIsSavedAndCanBeUnique() throws {
        let url = temporaryStore()
        let id: UUID
        do {
            let context = try ModelContainer(for: Airport.self, configurations: ModelConfiguration(url: url)).mainContext
            let denver = Airport(code: "DEN", name: "Denver")
            id = denver.id
            context.insert(denver)
            try context.save()
            context.insert(Airport(code: "DEN", name: "Denver International"))
            try context.save()
        }
        ModelContainer.forgetOpenStores()
        let airports = try ModelContainer(for: Airport.self, configurations: ModelConfiguration(url: url)).mainContext.fetch(
            FetchDescriptor<Airport>())
        #expect(airports.map(\.code) == ["DEN"])
        #expect(airports.map(\.name) == ["Denver International"])
        #expect(airports.map(\.id) == [id])
    }

    @Test func aRenamedPropertyReadsItsOldName() throws {
        let url = temporaryStore()
        let table = try ObjectRowTable(path: url.path, table: "jetway_swift_data")
        try table.write([.init(id: 1, entity: "Renamed", values: ["title": "Alps"])], deleting: [])
        ModelContainer.forgetOpenStores()
        let context = try ModelContainer(for: Renamed.self, configurations: ModelConfiguration(url: url)).mainContext
        #expect(try context.fetch(FetchDescriptor<Renamed>()).map(\.name) == ["Alps"])
    }

    @Test func aStoredValueOfAnotherTypeReadsAsEmptyAndIsReported() throws {
        let url = temporaryStore()
        let table = try ObjectRowTable(path: url.path, table: "jetway_swift_data")
        try table.write([.init(id: 1, entity: "Stop", values: ["city": 42, "nights": "three"])], deleting: [])
        ModelContainer.forgetOpenStores()
        let container = try ModelContainer(for: Stop.self, configurations: ModelConfiguration(url: url))
        let stops = try container.mainContext.fetch(FetchDescriptor<Stop>())
        #expect(stops.map(\.city) == [""])
        #expect(stops.map(\.nights) == [1], "a property with an initial value falls back to it")
        #expect(AppLog.recent.contains { $0.message.contains("Stop#1") && $0.message.contains("city") })
    }

    @Test func aContainerWhoseStoreCannotBeOpenedSaysWhy() throws {
        let blocker = FileManager.default.temporaryDirectory.appendingPathComponent("swiftdata-file-\(UUID().uuidString)")
        try Data("not a folder".utf8).write(to: blocker)
        let url = blocker.appendingPathComponent("default.store")
        #expect {
            try ModelContainer(for: Trip.self, configurations: ModelConfiguration(url: url))
        } throws: { error in
            String(describing: error).contains("cannot be opened")
        }
    }

    @Test func changesAreSavedAfterTheEventThatMadeThem() async throws {
        let url = temporaryStore()
        let container = try ModelContainer(for: Trip.self, configurations: ModelConfiguration(url: url))
        container.mainContext.insert(Trip(name: "Autosaved"))
        #expect(container.mainContext.hasChanges)
        for _ in 0..<200 where container.mainContext.hasChanges { try await Task.sleep(for: .milliseconds(5)) }
        #expect(!container.mainContext.hasChanges)
        let table = try ObjectRowTable(path: url.path, table: "jetway_swift_data")
        #expect(table.rows.contains { $0.entity == "Trip" && $0.values["name"] as? String == "Autosaved" })
    }
}

@MainActor @Suite struct SavedRelationshipsTests {
    @Test func optionalToManyRelationshipsAreRelationships() throws {
        let url = temporaryStore()
        do {
            let context = try ModelContainer(for: Shelf.self, configurations: ModelConfiguration(url: url)).mainContext
            let shelf = Shelf(name: "Travel")
            context.insert(shelf)
            let guide = Volume(title: "Alps")
            shelf.volumes?.append(guide)
            #expect(guide.shelf === shelf, "the inverse follows an optional to-many")
            // A model not yet inserted, set on the to-one side: it joins its holder's context.
            let map = Volume(title: "Map")
            map.shelf = shelf
            #expect(map.modelContext != nil)
            shelf.readings = [1.5, .infinity, .nan]
            try context.save()
        }
        ModelContainer.forgetOpenStores()
        let context = try ModelContainer(for: Shelf.self, configurations: ModelConfiguration(url: url)).mainContext
        let shelf = try #require(try context.fetch(FetchDescriptor<Shelf>()).first)
        #expect(Set(shelf.volumes?.map(\.title) ?? []) == ["Alps", "Map"], "both volumes were saved with the shelf")
        #expect(shelf.readings.first == 1.5 && shelf.readings[1] == .infinity && shelf.readings[2].isNaN, "infinity and NaN are saved too")
        context.delete(shelf)
        try context.save()
        #expect(try context.fetchCount(FetchDescriptor<Volume>()) == 0, "cascade through an optional to-many")
        var page = FetchDescriptor<Volume>()
        page.fetchOffset = 5
        #expect(try context.fetchCount(page) == 0, "an offset past the end counts none")
    }
}

@MainActor @Suite struct ContainerFormsTests {
    /// The ways apps write a container (a cookbook's factory, a preview's in-memory store).
    @Test func theFormsAppsWriteCompileAndOpen() throws {
        let schema = Schema([Trip.self, Airport.self])
        #expect(ModelConfiguration().url.path.hasSuffix("/data/default.store"), "JETWAY_DATA, else data/ in the working directory")
        let configuration = ModelConfiguration(url: temporaryStore())
        let container = try ModelContainer(for: schema, configurations: configuration)
        #expect(container.schema.entities.count == 2)
        let memory = try ModelContainer(for: Trip.self, Stop.self, configurations: ModelConfiguration(isStoredInMemoryOnly: true))
        memory.mainContext.insert(Trip(name: "Preview"))
        #expect(try memory.mainContext.fetchCount(FetchDescriptor<Trip>()) == 1)
        _ = try ModelContainer(for: schema, configurations: [ModelConfiguration(isStoredInMemoryOnly: true)])
        _ = ModelConfiguration(for: Trip.self, isStoredInMemoryOnly: true)
    }
}
