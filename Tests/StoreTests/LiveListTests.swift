import Foundation
import JetwayStore
import JetwayTesting
import Testing

/// Live lists: a committed write reaches every list whose query it could change, within a
/// frame, in the query's order; the same query is one shared result; bursts are one delivery.
@MainActor
@Suite
struct LiveListTests {
    let byName = [NSSortDescriptor(keyPath: \Fruit.name, ascending: true)]

    @Test(arguments: Backend.available) func aWriteReachesTwoListsAndTheirOwnersHearIt(_ backend: Backend) async throws {
        let store = try await Fixtures.fruitStore(backend)
        let red = FetchedResultList<Fruit>(store: store, filter: NSPredicate(format: "color == %@", "red"), sortDescriptors: byName)
        let all = FetchedResultList<Fruit>(store: store, sortDescriptors: byName)
        var heard: [String] = []
        red.willChange = { heard.append("will \(red.items.count)") }
        red.didChange = { heard.append("did \(red.items.count)") }
        #expect(red.items.map(\.name) == ["Apple", "Cherry"])
        try store.insert(Fruit(id: 8, name: "Raspberry", color: "red", price: 3, ripe: true, picked: nil))
        await store.settle()
        #expect(red.items.map(\.name) == ["Apple", "Cherry", "Raspberry"])
        #expect(all.items.count == 8)
        #expect(heard == ["will 2", "did 3"])
        // A write that does not touch the red list's rows leaves it (and its owner) alone.
        try store.modify(Fruit.self, id: 3) { $0.price = 0.25 }
        await store.settle()
        #expect(heard.count == 2)
        #expect(all.items.first { $0.id == 3 }?.price == 0.25)
        // A row that stops matching leaves; one that starts matching comes in, in order.
        try store.transaction { transaction in
            try transaction.modify(Fruit.self, id: 1) { $0.color = "green" }
            try transaction.modify(Fruit.self, id: 3) { $0.color = "red" }
        }
        await store.settle()
        #expect(red.items.map(\.name) == ["Banana", "Cherry", "Raspberry"])
        try store.delete(Fruit.self, id: 4)
        await store.settle()
        #expect(red.items.map(\.name) == ["Banana", "Raspberry"])
        #expect(heard.count == 6)
    }

    @Test(arguments: Backend.available) func onCommitHearsTheRowsATableChangedOrThatAnyMayHave(_ backend: Backend) async throws {
        let store = try await Fixtures.fruitStore(backend)
        await store.settle()  // the fixture's own rows
        var heard: [Set<SQLValue>?] = []
        let watch = store.onCommit(of: Fruit.table) { heard.append($0) }
        #expect(store.commitWatchCount == 1)
        try store.transaction { transaction in
            try transaction.modify(Fruit.self, id: 1) { $0.price = 9 }
            try transaction.delete(Fruit.self, id: 2)
        }
        await store.settle()
        #expect(heard == [[.integer(1), .integer(2)]], "one commit, its two rows")
        // A statement of the app's own names its table, not its rows: any row may have changed.
        try store.transaction { try $0.execute("UPDATE fruits SET price = price + 1", changing: [Fruit.table]) }
        await store.settle()
        #expect(heard.count == 2 && heard[1] == nil)
        // Nothing written, nothing heard; a failed transaction is not heard either.
        try? store.transaction { transaction in
            try transaction.modify(Fruit.self, id: 3) { $0.price = 1 }
            throw StoreError.statement("test", reason: "rolled back")
        }
        await store.settle()
        #expect(heard.count == 2)
        // Cancelled: nothing more is heard, and the store keeps nothing of it.
        watch.cancel()
        try store.delete(Fruit.self, id: 3)
        await store.settle()
        #expect(heard.count == 2 && store.commitWatchCount == 0)
    }

    /// Lists made and let go on a store nobody writes (a new browser's lists, page after page):
    /// what the store keeps of their queries stays about twice the live ones.
    @Test func listsThatAreGoneAreForgottenWithoutAWrite() throws {
        let store = try Fixtures.fruitStore()
        var kept: [FetchedResultList<Fruit>] = []
        for index in 0..<2000 {
            let list = FetchedResultList<Fruit>(
                store: store, filter: NSPredicate(format: "name == %@", "fruit \(index)"), sortDescriptors: byName)
            if index % 100 == 0 { kept.append(list) }
        }
        #expect(store.liveQueryCount == kept.count)
        // A query's entry goes with it: an entry left until the next write pinned its key and
        // its weak reference's side table, one per device that ever had a list.
        #expect(store.queryEntryCount == kept.count, "\(store.queryEntryCount) entries for \(kept.count) live lists")
        kept.removeAll()
        #expect(store.liveQueryCount == 0)
        #expect(store.queryEntryCount == 0)
    }

    @Test(arguments: Backend.available) func theSameQueryIsOneSharedResult(_ backend: Backend) async throws {
        let store = try await Fixtures.fruitStore(backend)
        let filter = "name contains[cd] %@"
        let first = FetchedResultList<Fruit>(store: store, filter: NSPredicate(format: filter, "a"), sortDescriptors: byName)
        let second = FetchedResultList<Fruit>(store: store, filter: NSPredicate(format: filter, "a"), sortDescriptors: byName)
        let other = FetchedResultList<Fruit>(store: store, filter: NSPredicate(format: filter, "e"), sortDescriptors: byName)
        #expect(store.liveQueryCount == 2)
        #expect(first.items.map(\.id) == second.items.map(\.id))
        first.predicate = NSPredicate(format: filter, "e")
        #expect(store.liveQueryCount == 2)
        #expect(first.items.map(\.id) == other.items.map(\.id))
        second.predicate = nil
        #expect(store.liveQueryCount == 2)
        #expect(second.items.count == 7)
        _ = other
    }

    @Test(arguments: Backend.available) func aBurstOfWritesIsOneDeliveryAndOneChange(_ backend: Backend) async throws {
        let store = try await Fixtures.fruitStore(backend)
        let list = FetchedResultList<Fruit>(store: store, sortDescriptors: [NSSortDescriptor(keyPath: \Fruit.price, ascending: false)])
        var changes = 0
        list.didChange = { changes += 1 }
        await store.settle()
        let before = store.deliveries
        for index in 0..<100 {
            try store.insert(Fruit(id: 100 + index, name: "Plum \(index)", color: "purple", price: Double(index), ripe: true, picked: nil))
        }
        await store.settle()
        #expect(list.items.count == 107)
        #expect(list.items.first?.name == "Plum 99")
        #expect(store.deliveries - before <= 2, "\(store.deliveries - before) deliveries")
        #expect(changes <= 2 && changes >= 1)
    }

    @Test(arguments: Backend.available) func writesFromOtherThreadsArriveOnTheMainActor(_ backend: Backend) async throws {
        let store = try await Fixtures.fruitStore(backend)
        let list = FetchedResultList<Fruit>(store: store, filter: NSPredicate(format: "color == 'blue'"), sortDescriptors: byName)
        await withTaskGroup(of: Void.self) { group in
            for worker in 0..<4 {
                group.addTask { @Sendable in
                    for index in 0..<25 {
                        try? store.insert(
                            Fruit(
                                id: 1000 + worker * 100 + index, name: "Berry \(worker)-\(index)", color: "blue", price: 1, ripe: true,
                                picked: nil))
                    }
                }
            }
        }
        await store.settle()
        #expect(list.items.count == 100)
        #expect(list.items.map(\.name) == list.items.map(\.name).sorted { $0.utf8.lexicographicallyPrecedes($1.utf8) })
    }

    /// Random writes against several live lists: after each burst, every list is exactly what
    /// a fresh query returns (the in-place placement agrees with the database's order).
    @Test(arguments: Backend.available) func placedInPlaceEqualsFetchedAfresh(_ backend: Backend) async throws {
        var random = SeededGenerator(state: 11)
        let store = try await Fixtures.fruitStore(backend)
        let queries: [(StorePredicate?, [NSSortDescriptor])] = [
            (nil, byName),
            (NSPredicate(format: "price > 1.5"), [NSSortDescriptor(keyPath: \Fruit.price, ascending: false)]),
            (
                NSPredicate(format: "name contains[cd] 'e'"),
                [NSSortDescriptor(keyPath: \Fruit.color, ascending: true), NSSortDescriptor(keyPath: \Fruit.name, ascending: false)]
            ),
            (NSPredicate(format: "ripe == NO OR picked == nil"), [NSSortDescriptor(keyPath: \Fruit.picked, ascending: true)]),
            // Decided in Swift for the changed rows (SQL's NULL rules, LIKE, folding), or by the
            // database where only it can (text order on PostgreSQL): both must agree with it.
            (
                NSPredicate(format: "color != 'red' AND NOT (color IN {'blue', 'Red'})"),
                [NSSortDescriptor(keyPath: \Fruit.name, ascending: true)]
            ),
            (
                NSPredicate(format: "name LIKE[c] '*e?' OR name BEGINSWITH 'K' OR name ENDSWITH[cd] 'E'"),
                [NSSortDescriptor(keyPath: \Fruit.id, ascending: false)]
            ),
            (NSPredicate(format: "NOT (picked < 2) OR name < 'M'"), [NSSortDescriptor(keyPath: \Fruit.name, ascending: false)]),
            (
                NSPredicate(format: "color ==[cd] 'ELAN' OR name IN[c] {'kiwi', 'zest'}"),
                [NSSortDescriptor(keyPath: \Fruit.price, ascending: true)]
            ),
            (
                NSPredicate(format: "picked != nil AND price <= 1 AND NOT (picked == 1)"),
                [NSSortDescriptor(keyPath: \Fruit.picked, ascending: false)]
            ),
        ]
        // Each query whole, and its first three (a limited list refills from the database).
        let lists = queries.map { FetchedResultList<Fruit>(store: store, filter: $0.0, sortDescriptors: $0.1) }
        let firstThree = queries.map { FetchedResultList<Fruit>(store: store, filter: $0.0, sortDescriptors: $0.1, fetchLimit: 3) }
        let colors = ["red", "green", "blue", "Red", "élan"]
        let words = ["Apple", "apple", "Éclair", "berry", "Zest", "échalote", "kiwi", "Kiwi", ""]
        var next = 100
        for _ in 0..<60 {
            try store.transaction { transaction in
                for _ in 0..<Int.random(in: 1...4, using: &random) {
                    let ids = try transaction.fetch(Fruit.self).map(\.id)
                    switch Int.random(in: 0..<4, using: &random) {
                    case 0:
                        next += 1
                        try transaction.insert(
                            Fruit(
                                id: next, name: words.randomElement(using: &random)!, color: colors.randomElement(using: &random)!,
                                price: Double(Int.random(in: 0...4, using: &random)) / 2, ripe: Bool.random(using: &random),
                                picked: Bool.random(using: &random)
                                    ? Date(timeIntervalSince1970: Double(Int.random(in: 0...3, using: &random))) : nil))
                    case 1 where !ids.isEmpty:
                        try transaction.delete(Fruit.self, id: ids.randomElement(using: &random)!)
                    default:
                        guard let id = ids.randomElement(using: &random) else { continue }
                        let price = Double(Int.random(in: 0...4, using: &random)) / 2
                        let name = words.randomElement(using: &random)!
                        try transaction.modify(Fruit.self, id: id) {
                            $0.price = price
                            $0.name = name
                        }
                    }
                }
            }
            await store.settle()
            for (list, query) in zip(lists, queries) {
                let fresh = try store.fetch(Fruit.self, where: query.0, sortedBy: query.1)
                #expect(list.items == fresh, "\(query.0?.description ?? "all")")
            }
            for (list, query) in zip(firstThree, queries) {
                let fresh = try store.fetch(Fruit.self, where: query.0, sortedBy: query.1, limit: 3)
                #expect(list.items == fresh, "first three of \(query.0?.description ?? "all")")
            }
        }
    }

    @Test(arguments: Backend.available) func sectionsGroupRunsOfTheSameName(_ backend: Backend) async throws {
        let store = try await Fixtures.fruitStore(backend)
        let list = FetchedResultList<Fruit>(
            store: store,
            sortDescriptors: [
                NSSortDescriptor(keyPath: \Fruit.color, ascending: true), NSSortDescriptor(keyPath: \Fruit.name, ascending: true),
            ],
            sectionNameKeyPath: \Fruit.color)
        #expect(list.sections.map(\.name) == ["green", "orange", "red", "yellow"])
        #expect(list.sections.map { $0.items.map(\.id) } == [[6], [7, 2, 5], [1, 4], [3]])
        try store.modify(Fruit.self, id: 3) { $0.color = "green" }
        await store.settle()
        #expect(list.sections.map(\.name) == ["green", "orange", "red"])
        #expect(list.sections[0].items.map(\.name) == ["Banana", "grape"])
    }

    @Test(arguments: Backend.available) func aBadQueryIsAnErrorOnTheListNotATrap(_ backend: Backend) async throws {
        let store = try await Fixtures.fruitStore(backend)
        let list = FetchedResultList<Fruit>(store: store, filter: NSPredicate(format: "nonsense == 1"), sortDescriptors: byName)
        #expect(list.items.isEmpty)
        #expect(list.error == .unknownKey("nonsense", table: "fruits"))
        list.predicate = NSPredicate(format: "name == %@", "Apple")
        #expect(list.error == nil)
        #expect(list.items.map(\.id) == [1])
    }
}
