import Foundation
import JetwayStore
import JetwayTesting
import Testing

/// The store on real databases (an SQLite file; PostgreSQL when one runs): records,
/// predicates, sorts, transactions, migrations.
@Suite
struct StoreQueryTests {
    func names(_ store: Store, _ format: String, _ arguments: Any?..., sorted: [NSSortDescriptor] = []) throws -> [String] {
        let predicate = NSPredicate(format: format, argumentArray: arguments)
        return try store.fetch(
            Fruit.self, where: predicate, sortedBy: sorted.isEmpty ? [NSSortDescriptor(keyPath: \Fruit.id, ascending: true)] : sorted
        )
        .map(\.name)
    }

    @Test func aFileIsCreatedInWALModeAndRecordsRoundTrip() throws {
        let path = Fixtures.sqlitePath()
        let store = try Fixtures.fruitStore(path: path)
        #expect(FileManager.default.fileExists(atPath: path))
        #expect(FileManager.default.fileExists(atPath: path + "-wal"))
        let all = try store.fetch(Fruit.self, sortedBy: [NSSortDescriptor(keyPath: \Fruit.id, ascending: true)])
        #expect(all == Fixtures.basket)
        #expect(try store.find(Fruit.self, id: 5)?.name == "Crème de pêche")
        #expect(try store.find(Fruit.self, id: 99) == nil)
        #expect(try store.count(Fruit.self) == 7)
        store.close()
        // Reopened: the migration is not run again, the rows are there.
        let again = try Store.open("sqlite:" + path, migrations: Fixtures.fruitMigrations)
        #expect(try again.count(Fruit.self) == 7)
    }

    @Test(arguments: Backend.available) func predicatesFilterAsCoreDatasDo(_ backend: Backend) async throws {
        let store = try await Fixtures.fruitStore(backend)
        #expect(try names(store, "name contains[cd] %@", "ap") == ["Apple", "Apricot", "grape"])
        #expect(try names(store, "name contains %@", "ap") == ["grape"])
        #expect(try names(store, "name CONTAINS[cd] %@", "PECHE") == ["Crème de pêche"])
        #expect(try names(store, "name contains[c] %@", "peche").isEmpty)
        #expect(try names(store, "name BEGINSWITH[c] %@", "a") == ["Apple", "Apricot"])
        #expect(try names(store, "name ENDSWITH %@", "y") == ["Cherry"])
        #expect(try names(store, "name LIKE[c] %@", "?pp*") == ["Apple"])
        #expect(try names(store, "color == %@ AND price < %f", "red", 1.0) == ["Apple"])
        #expect(try names(store, "color = 'red' OR color == \"green\"") == ["Apple", "Cherry", "grape"])
        #expect(try names(store, "NOT (ripe == YES)") == ["Apricot", "Crème de pêche"])
        #expect(try names(store, "ripe == %@ && price >= 2", true) == ["Cherry", "100% juice"])
        #expect(try names(store, "id IN %@", [2, 4, 6]) == ["Apricot", "Cherry", "grape"])
        #expect(try names(store, "id IN {1, 3}") == ["Apple", "Banana"])
        #expect(try names(store, "picked == nil") == ["Apricot", "Crème de pêche", "100% juice"])
        #expect(try names(store, "picked != NULL AND picked > %@", Date(timeIntervalSince1970: 150)) == ["Banana", "Cherry"])
        #expect(try names(store, "color != 'orange'") == ["Apple", "Banana", "Cherry", "grape"])
        #expect(try names(store, "%K == %@", "color", "yellow") == ["Banana"])
        #expect(try names(store, "TRUEPREDICATE").count == 7)
        #expect(try names(store, "FALSEPREDICATE").isEmpty)
        // LIKE's wildcards in a search are letters, not wildcards.
        #expect(try names(store, "name contains %@", "%") == ["100% juice"])
        #expect(try names(store, "name contains %@", "_").isEmpty)
    }

    @Test(arguments: Backend.available) func anInjectionAttemptInASearchFindsNothingAndChangesNothing(_ backend: Backend) async throws {
        let store = try await Fixtures.fruitStore(backend)
        for attack in [
            "x' OR '1'='1", "'; DROP TABLE fruits; --", "\") OR 1=1 --", "a%' OR name LIKE '%", "Apple'--", "\\' OR 1=1",
        ] {
            #expect(try names(store, "name contains[cd] %@", attack).isEmpty, "\(attack)")
            #expect(try names(store, "name == %@", attack).isEmpty, "\(attack)")
        }
        #expect(try store.count(Fruit.self) == 7)
        // A key can only be a column's name.
        let sneaky = NSPredicate(format: "%K == 1", "id) OR (1")
        #expect(sneaky.error != nil)
        #expect(throws: StoreError.self) { try store.fetch(Fruit.self, where: sneaky) }
    }

    @Test(arguments: Backend.available) func badFormatsAndUnknownKeysAreClearErrorsNotTraps(_ backend: Backend) async throws {
        let store = try await Fixtures.fruitStore(backend)
        for format in [
            "name ==", "name contains", "(name == 'a'", "name ~ 'a'", "== 'a'", "name == 'a", "name = %@", "name == %x", "name IN 3 4",
        ] {
            let predicate = NSPredicate(format: format)
            #expect(predicate.error != nil, "\(format)")
            #expect(throws: StoreError.self, "\(format)") { try store.fetch(Fruit.self, where: predicate) }
        }
        do {
            _ = try store.fetch(Fruit.self, where: NSPredicate(format: "weight > 3"))
            Issue.record("an unknown column was accepted")
        } catch let error as StoreError {
            #expect(error == .unknownKey("weight", table: "fruits"))
            #expect(error.description == "fruits has no column weight")
        }
        #expect(throws: StoreError.self) { try store.fetch(Fruit.self, where: NSPredicate(format: "name contains 3")) }
        // Deep nesting is refused, not a stack overflow.
        let deep = String(repeating: "(", count: 5000) + "id == 1" + String(repeating: ")", count: 5000)
        #expect(NSPredicate(format: deep).error != nil)
    }

    @Test(arguments: Backend.available) func sortsByAnyKeysBothWaysThenById(_ backend: Backend) async throws {
        let store = try await Fixtures.fruitStore(backend)
        let byColorThenPriceDown = try store.fetch(
            Fruit.self,
            sortedBy: [NSSortDescriptor(keyPath: \Fruit.color, ascending: true), NSSortDescriptor(keyPath: \Fruit.price, ascending: false)])
        #expect(byColorThenPriceDown.map(\.name) == ["grape", "Crème de pêche", "100% juice", "Apricot", "Cherry", "Apple", "Banana"])
        let byPicked = try store.fetch(Fruit.self, sortedBy: [NSSortDescriptor(keyPath: \Fruit.picked, ascending: true)])
        // NULL first, then by date; ties by id.
        #expect(byPicked.map(\.id) == [2, 5, 7, 6, 1, 4, 3])
        let byPickedDown = try store.fetch(Fruit.self, sortedBy: [NSSortDescriptor(keyPath: \Fruit.picked, ascending: false)])
        #expect(byPickedDown.map(\.id) == [3, 4, 1, 6, 2, 5, 7])
        #expect(
            try store.fetch(Fruit.self, sortedBy: [NSSortDescriptor(keyPath: \Fruit.name, ascending: true)], limit: 2).map(\.name) == [
                "100% juice", "Apple",
            ])
    }

    @Test(arguments: Backend.available) func aFailedTransactionRollsBackWholeAndSaysWhy(_ backend: Backend) async throws {
        let store = try await Fixtures.fruitStore(backend)
        do {
            try store.transaction { transaction in
                try transaction.insert(Fruit(id: 8, name: "Kiwi", color: "green", price: 1, ripe: true, picked: nil))
                try transaction.update(Fruit(id: 1, name: "Changed", color: "red", price: 1, ripe: true, picked: nil))
                try transaction.insert(Fruit(id: 3, name: "Duplicate", color: "red", price: 1, ripe: true, picked: nil))
            }
            Issue.record("a duplicate id was accepted")
        } catch let error as StoreError {
            guard case .constraint(let reason) = error else {
                Issue.record("not a constraint error: \(error)")
                return
            }
            #expect(reason.lowercased().contains("unique"), "\(reason)")
        }
        #expect(try store.count(Fruit.self) == 7)
        #expect(try store.find(Fruit.self, id: 1)?.name == "Apple")
        #expect(try store.find(Fruit.self, id: 8) == nil)
        #expect(throws: StoreError.notFound(table: "fruits", id: "42")) { try store.delete(Fruit.self, id: 42) }
        #expect(throws: StoreError.notFound(table: "fruits", id: "42")) {
            try store.update(Fruit(id: 42, name: "x", color: "x", price: 0, ripe: false, picked: nil))
        }
        // Save adds or replaces; modify reads and writes in one transaction.
        try store.save(Fruit(id: 8, name: "Kiwi", color: "green", price: 1, ripe: true, picked: nil))
        try store.save(Fruit(id: 8, name: "Gold kiwi", color: "green", price: 1, ripe: true, picked: nil))
        try store.modify(Fruit.self, id: 8) { $0.price = 1.5 }
        #expect(try store.find(Fruit.self, id: 8) == Fruit(id: 8, name: "Gold kiwi", color: "green", price: 1.5, ripe: true, picked: nil))
    }

    @Test(arguments: Backend.available) func aNestedTransactionIsASavepointAndACaughtFailureFailsTheWhole(_ backend: Backend) async throws {
        let store = try await Fixtures.fruitStore(backend)
        let kiwi = Fruit(id: 8, name: "Kiwi", color: "green", price: 1, ripe: true, picked: nil)
        // The inner transaction throws; the outer catches it and goes on: only the inner
        // writes are undone.
        try store.transaction { transaction in
            try transaction.insert(kiwi)
            do {
                try store.transaction { inner in
                    try inner.modify(Fruit.self, id: 1) { $0.name = "Changed" }
                    try inner.insert(Fixtures.basket[2])  // a duplicate id
                }
                Issue.record("the duplicate was accepted")
            } catch {}
            try transaction.modify(Fruit.self, id: 2) { $0.price = 9 }
        }
        #expect(try store.find(Fruit.self, id: 8) == kiwi)
        #expect(try store.find(Fruit.self, id: 1)?.name == "Apple")
        #expect(try store.find(Fruit.self, id: 2)?.price == 9)
        // A failed statement whose error the body swallows fails the whole transaction, on
        // both databases alike, and says so.
        #expect(throws: StoreError.self) {
            try store.transaction { transaction in
                try transaction.modify(Fruit.self, id: 3) { $0.name = "Half" }
                try? transaction.insert(Fixtures.basket[0])
            }
        }
        #expect(try store.find(Fruit.self, id: 3)?.name == "Banana")
        // Closed, the store refuses work instead of reopening.
        store.close()
        #expect(throws: StoreError.self) { try store.count(Fruit.self) }
        store.close()
    }

    @Test func aFailedMigrationLeavesTheDatabaseAsItWas() throws {
        let path = Fixtures.sqlitePath()
        _ = try Fixtures.fruitStore(path: path)
        let broken =
            Fixtures.fruitMigrations + [
                Migration(2, "add stock") { db in
                    try db.addColumn("fruits", ColumnDefinition("stock", .integer, default: .integer(0)))
                    try db.createTable("crates", [ColumnDefinition("label", .text)])
                    try db.execute("INSERT INTO nowhere VALUES (1)")
                }
            ]
        do {
            _ = try Store.sqlite(path: path, migrations: broken)
            Issue.record("a failing migration was accepted")
        } catch let error as StoreError {
            guard case .migration(2, "add stock", let reason) = error else {
                Issue.record("\(error)")
                return
            }
            #expect(reason.contains("nowhere"))
            #expect(error.description.hasPrefix("migration 2 (add stock) failed and was rolled back, the database is unchanged"))
        }
        let store = try Store.sqlite(path: path, migrations: Fixtures.fruitMigrations)
        #expect(try store.count(Fruit.self) == 7)
        let tables = try store.transaction { try $0.query("SELECT name FROM sqlite_master WHERE type = 'table' ORDER BY name") }
        #expect(tables.map { $0["name"] } == [.text("fruits"), .text("jetway_migrations")])
        let columns = try store.transaction { try $0.query("SELECT name FROM pragma_table_info('fruits')") }
        #expect(!columns.contains { $0["name"] == .text("stock") })
        // Versions out of order, and a database newer than the program, are refused.
        #expect(throws: StoreError.self) { try Store.sqlite(path: Fixtures.sqlitePath(), migrations: broken.reversed()) }
        #expect(throws: StoreError.self) { try Store.sqlite(path: path, migrations: []) }
    }

    @Test func badURLsAndUnopenableFilesAreClearErrors() throws {
        #expect(throws: StoreError.badURL("mysql://x")) { try Store.open("mysql://x") }
        // It says which URLs are: a file, memory, PostgreSQL.
        let said = String(describing: StoreError.badURL("mysql://x"))
        #expect(said.contains("sqlite:data/app.sqlite") && said.contains("postgresql://user:password@host:port/database"))
        #expect(throws: StoreError.self) { try Store.open("sqlite:/proc/no/such/place/x.sqlite") }
        let memory = try Store.open("sqlite::memory:", migrations: Fixtures.fruitMigrations)
        try memory.insert(Fixtures.basket[0])
        #expect(try memory.count(Fruit.self) == 1)
    }
}
