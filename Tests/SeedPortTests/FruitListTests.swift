// Seed 001, "NSFetchedResultsController wrapper for SwiftUI view models": the view model and
// FruitList view as published, with `import Jetway` and `import JetwayStore` for the seed's
// SwiftUI and Core Data. The wrapper it writes by hand, `FetchedResultList`, is JetwayStore's:
// a live query over a real SQLite file. `Fruit` and `PersistenceController` stand in for the
// Core Data model and the Xcode template's persistence file the article leaves out.
import Jetway
import JetwayStore
import JetwayTesting
import Testing

struct Fruit: Record {
    static let table = "fruits"
    let id: Int
    let name: String
}

struct PersistenceController {
    static let shared = PersistenceController()
    let container: Container

    struct Container {
        let viewContext: Store
    }

    init() {
        let path = NSTemporaryDirectory() + "jetway-seed-fruits-\(UUID().uuidString)/fruits.sqlite"
        let store = try! Store.sqlite(
            path: path,
            migrations: [
                Migration(1, "fruits") { db in
                    try db.createTable("fruits", [ColumnDefinition("name", .text)])
                    for (index, name) in ["Apple", "Apricot", "Banana", "Cherry", "Grape"].enumerated() {
                        try db.execute("INSERT INTO fruits (id, name) VALUES (?, ?)", [.integer(Int64(index)), .text(name)])
                    }
                }
            ])
        container = Container(viewContext: store)
    }
}

// MARK: The seed's code, unchanged

@MainActor final class ViewModel: ObservableObject {
    private let list: FetchedResultList<Fruit>
    init(context: NSManagedObjectContext = PersistenceController.shared.container.viewContext) {
        list = FetchedResultList(
            context: context,
            sortDescriptors: [
                NSSortDescriptor(keyPath: \Fruit.name, ascending: true)
            ])
        list.willChange = { [weak self] in self?.objectWillChange.send() }
    }
    var fruits: [Fruit] {
        list.items
    }
    @Published var searchText: String = "" {
        didSet {
            if searchText.isEmpty {
                list.predicate = nil
            } else {
                list.predicate = NSPredicate(format: "name contains[cd] %@", searchText)
            }
        }
    }
}

struct FruitList: View {
    @StateObject var viewModel = ViewModel()
    var body: some View {
        NavigationStack {
            List(viewModel.fruits) { item in
                NavigationLink(item.name) {
                    Text(verbatim: "Detail view for \(item.name)")
                }
            }
            .navigationTitle("Fruits")
            .searchable(text: $viewModel.searchText)
        }
    }
}

@MainActor
@Suite(.serialized)
struct FruitListTests {
    @Test func showsEveryFruitWithTitleAndSearchField() throws {
        let host = ViewHost(FruitList())
        #expect(host.elements(withText: "Fruits").first?.tag == "h1")
        for name in ["Apple", "Apricot", "Banana", "Cherry", "Grape"] {
            #expect(host.elements(withText: name).count == 1)
        }
        #expect(host.html.contains("type=\"search\""))
    }

    @Test func searchFiltersRowsWithKeyedRemovals() throws {
        let host = ViewHost(FruitList())
        try host.type("ap", into: "Search")
        #expect(host.elements(withText: "Apple").count == 1)
        #expect(host.elements(withText: "Apricot").count == 1)
        #expect(host.elements(withText: "Grape").count == 1)
        #expect(host.elements(withText: "Banana").isEmpty)
        #expect(host.elements(withText: "Cherry").isEmpty)
        // Filtering takes rows out (the browser keeps them); it never re-sends the rows that stay.
        let detaches = host.lastPatches.filter { if case .detach = $0 { true } else { false } }
        let inserts = host.lastPatches.filter { if case .insert = $0 { true } else { false } }
        #expect(detaches.count == 1)
        #expect(inserts.isEmpty)
        try host.type("", into: "Search")
        #expect(host.elements(withText: "Banana").count == 1)
        // The rows that come back are moved back, not sent again (the server kept their digests).
        let sent = host.lastPatches.compactMap { if case .insert(_, _, let html) = $0 { html } else { nil } }.joined()
        #expect(sent.isEmpty, "\(sent)")
        #expect(host.lastPatches.contains { if case .move = $0 { true } else { false } })
    }

    @Test func navigationLinkPushesDetailAndBackReturns() throws {
        let host = ViewHost(FruitList())
        try host.tap("Banana")
        #expect(host.text.contains("Detail view for Banana"))
        #expect(host.elements(withText: "Apple").isEmpty)
        try host.tap("Back")
        #expect(host.elements(withText: "Apple").count == 1)
        #expect(!host.text.contains("Detail view"))
    }

    @Test func searchTextSurvivesNavigation() throws {
        let host = ViewHost(FruitList())
        try host.type("cher", into: "Search")
        try host.tap("Cherry")
        try host.tap("Back")
        #expect(host.elements(withText: "Banana").isEmpty)
        #expect(host.html.contains("value=\"cher\""))
    }

    /// A write to the store (another session, a job) reaches the open list, in name order,
    /// through the seed's `willChange` → `objectWillChange`.
    @Test func aFruitAddedToTheStoreAppearsInTheOpenList() async throws {
        let store = PersistenceController.shared.container.viewContext
        let host = ViewHost(FruitList())
        try store.insert(Fruit(id: 100, name: "Blueberry"))
        defer { try? store.delete(Fruit.self, id: 100) }
        #expect(await host.settle { $0.elements(withText: "Blueberry").count == 1 })
        let text = host.text
        let positions = ["Apple", "Apricot", "Banana", "Blueberry", "Cherry"].compactMap { text.range(of: $0)?.lowerBound }
        #expect(positions.count == 5 && positions == positions.sorted(), "\(text)")
        // Searching still goes through the database: "blue" finds it, case-insensitively.
        try host.type("BLUE", into: "Search")
        #expect(host.elements(withText: "Blueberry").count == 1)
        #expect(host.elements(withText: "Apple").isEmpty)
    }
}
