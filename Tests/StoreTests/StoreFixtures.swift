import Foundation
import JetwayStore

struct Fruit: Record, Equatable {
    static let table = "fruits"
    let id: Int
    var name: String
    var color: String
    var price: Double
    var ripe: Bool
    var picked: Date?
}

enum Fixtures {
    static let fruitMigrations = [
        Migration(1, "create fruits") { db in
            try db.createTable(
                "fruits",
                [
                    ColumnDefinition("name", .text), ColumnDefinition("color", .text), ColumnDefinition("price", .real),
                    ColumnDefinition("ripe", .bool), ColumnDefinition("picked", .date, nullable: true),
                ])
            try db.createIndex(on: "fruits", ["name"])
        }
    ]

    static let basket: [Fruit] = [
        Fruit(id: 1, name: "Apple", color: "red", price: 0.5, ripe: true, picked: Date(timeIntervalSince1970: 100)),
        Fruit(id: 2, name: "Apricot", color: "orange", price: 0.8, ripe: false, picked: nil),
        Fruit(id: 3, name: "Banana", color: "yellow", price: 0.3, ripe: true, picked: Date(timeIntervalSince1970: 300)),
        Fruit(id: 4, name: "Cherry", color: "red", price: 2.0, ripe: true, picked: Date(timeIntervalSince1970: 200)),
        Fruit(id: 5, name: "Crème de pêche", color: "orange", price: 4.5, ripe: false, picked: nil),
        Fruit(id: 6, name: "grape", color: "green", price: 1.2, ripe: true, picked: Date(timeIntervalSince1970: 50)),
        Fruit(id: 7, name: "100% juice", color: "orange", price: 3.0, ripe: true, picked: nil),
    ]

    /// A fresh SQLite file in a folder of its own.
    static func sqlitePath() -> String {
        NSTemporaryDirectory() + "jetway-store-\(UUID().uuidString)/store.sqlite"
    }

    static func fruitStore(path: String = sqlitePath()) throws -> Store {
        let store = try Store.sqlite(path: path, migrations: fruitMigrations)
        try store.transaction { transaction in
            for fruit in basket { try transaction.insert(fruit) }
        }
        return store
    }
}
