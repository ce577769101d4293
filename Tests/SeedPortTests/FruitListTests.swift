// Seed 001, "NSFetchedResultsController wrapper for SwiftUI view models": the view model and
// FruitList view as published, with `import Jetway`. Core Data does not exist here, so the
// FetchedResultList below keeps the published wrapper's API (items, predicate, willChange,
// didChange) over an in-memory store; JetwayStore's live query replaces it in a later issue.
import Jetway
import JetwayTesting
import Testing

struct Fruit: Identifiable, Hashable {
    let id: Int
    let name: String
}

@MainActor final class FetchedResultList<Result> {
    private let all: [Result]
    init(items: [Result]) {
        all = items
    }
    var predicate: ((Result) -> Bool)? {
        didSet {
            willChange?()
            didChange?()
        }
    }
    var items: [Result] { predicate.map { all.filter($0) } ?? all }
    var willChange: (() -> Void)?
    var didChange: (() -> Void)?
}

@MainActor final class ViewModel: ObservableObject {
    private let list: FetchedResultList<Fruit>
    init(fruits: [Fruit] = ["Apple", "Apricot", "Banana", "Cherry", "Grape"].enumerated().map { Fruit(id: $0, name: $1) }) {
        list = FetchedResultList(items: fruits)
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
                let query = searchText.lowercased()
                list.predicate = { $0.name.lowercased().contains(query) }
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
        // Filtering removes rows; it never re-sends the rows that stay.
        let removes = host.lastPatches.filter { if case .detach = $0 { true } else { false } }
        let inserts = host.lastPatches.filter { if case .insert = $0 { true } else { false } }
        #expect(removes.count == 1)
        #expect(inserts.isEmpty)
        try host.type("", into: "Search")
        #expect(host.elements(withText: "Banana").count == 1)
        // The rows come back from the client's kept elements, not as markup.
        #expect(!host.lastPatches.contains { if case .insert = $0 { true } else { false } })
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
}
