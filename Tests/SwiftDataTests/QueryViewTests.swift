import Foundation
import Jetway
import JetwayTesting
import Testing

@testable import JetwaySwiftData

// Views as SwiftData apps write them: Xcode's template (a list of timestamps with add and
// delete), a searchable list whose child view builds its `@Query` in `init`, a `@Bindable`
// form, and two pages on one container.

@Model final class Item {
    var timestamp: Date
    init(timestamp: Date) { self.timestamp = timestamp }
}

struct TemplateContentView: View {
    @Environment(\.modelContext) private var modelContext
    @Query private var items: [Item]

    var body: some View {
        NavigationStack {
            List {
                ForEach(items) { item in
                    Text("Item at \(Int(item.timestamp.timeIntervalSinceReferenceDate))")
                }
                .onDelete(perform: deleteItems)
            }
            .toolbar {
                ToolbarItem {
                    Button(action: addItem) { Label("Add Item", systemImage: "plus") }
                }
            }
            Text("\(items.count) items")
        }
    }

    private func addItem() {
        withAnimation {
            let newItem = Item(timestamp: Date(timeIntervalSinceReferenceDate: Double(items.count + 1)))
            modelContext.insert(newItem)
        }
    }

    private func deleteItems(offsets: IndexSet) {
        withAnimation {
            for index in offsets { modelContext.delete(items[index]) }
        }
    }
}

struct TripsView: View {
    @State private var searchText = ""
    var body: some View {
        NavigationStack {
            TripList(searchString: searchText)
                .searchable(text: $searchText)
                .navigationTitle("Trips")
        }
    }
}

struct TripList: View {
    @Environment(\.modelContext) private var modelContext
    @Query private var trips: [Trip]

    init(searchString: String = "") {
        _trips = Query(
            filter: #Predicate {
                if searchString.isEmpty { return true } else { return $0.name.localizedStandardContains(searchString) }
            }, sort: \Trip.start, order: .reverse)
    }

    var body: some View {
        List {
            ForEach(trips) { trip in
                NavigationLink(value: trip) {
                    VStack {
                        Text(trip.name)
                        Text("\(trip.stopCount) stops")
                    }
                }
            }
            .onDelete { offsets in
                for offset in offsets { modelContext.delete(trips[offset]) }
            }
        }
        .navigationDestination(for: Trip.self) { trip in TripForm(trip: trip) }
        .toolbar { Button("New trip") { modelContext.insert(Trip(name: "Trip \(trips.count + 1)")) } }
    }
}

struct TripForm: View {
    @Bindable var trip: Trip
    var body: some View {
        Form {
            TextField("Name", text: $trip.name)
            Button("Add stop") { trip.stops.append(Stop(city: "Stop \(trip.stops.count + 1)")) }
            ForEach(trip.stops) { stop in Text(stop.city) }
        }
    }
}

extension ViewHost {
    /// The texts the page shows, in order.
    var texts: [String] { elements(withClass: StyleClass.text).map(\.textContent) }
}

@MainActor @Suite struct QueryViewTests {
    @Test func xcodesTemplateAddsAndDeletesItems() throws {
        let host = ViewHost(TemplateContentView().modelContainer(for: Item.self, inMemory: true))
        #expect(host.text.contains("0 items"))
        try host.tap("Add Item")
        try host.tap("Add Item")
        #expect(host.text.contains("2 items"), "\(host.text)")
        #expect(host.text.contains("Item at 1") && host.text.contains("Item at 2"))
        try host.tap("Delete Item at 1")
        #expect(host.text.contains("1 items"))
        #expect(!host.text.contains("Item at 1"))
    }

    @Test func aSearchBuildsTheQueryAndEditsShowEverywhere() throws {
        let container = try ModelContainer(for: Trip.self, configurations: ModelConfiguration(isStoredInMemoryOnly: true))
        for (name, day) in [("Lofoten", 1.0), ("Dolomites", 2.0), ("Écrins", 3.0)] {
            container.mainContext.insert(Trip(name: name, start: Date(timeIntervalSinceReferenceDate: day * 86_400)))
        }
        let host = ViewHost(TripsView().modelContainer(container))
        let names = { host.texts.filter { ["Lofoten", "Dolomites", "Écrins"].contains($0) } }
        #expect(names() == ["Écrins", "Dolomites", "Lofoten"], "newest first")
        try host.type("ecr", into: "Search")
        #expect(names() == ["Écrins"], "\(host.texts)")
        try host.type("", into: "Search")
        try host.tap("Lofoten 0 stops")
        try host.type("Lofoten Islands", into: "Name")
        try host.tap("Add stop")
        try host.tap("Add stop")
        #expect(host.text.contains("Stop 2"))
        let trip = try #require(
            try container.mainContext.fetch(FetchDescriptor<Trip>(predicate: #Predicate { $0.name == "Lofoten Islands" })).first)
        #expect(trip.stops.map(\.city) == ["Stop 1", "Stop 2"])
        #expect(trip.stops.allSatisfy { $0.trip === trip })
    }

    @Test func twoPagesOnOneContainerSeeEachOthersChanges() throws {
        let container = try ModelContainer(for: Trip.self, configurations: ModelConfiguration(isStoredInMemoryOnly: true))
        let first = ViewHost(TripsView().modelContainer(container))
        let second = ViewHost(TripsView().modelContainer(container))
        try first.tap("New trip")
        try second.update()
        #expect(second.texts.contains("Trip 1"))
        try second.tap("Delete Trip 1")
        try first.update()
        #expect(!first.texts.contains("Trip 1"))
    }
}
