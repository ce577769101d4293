import Foundation
import JetwayBrowser
import JetwayStore
import Testing

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

    /// A fresh store of `backend` with the basket in it (its database made off the main actor).
    static func fruitStore(_ backend: Backend) async throws -> Store {
        let store = try Store.open(try await backend.freshURL(), migrations: fruitMigrations)
        try store.transaction { transaction in
            for fruit in basket { try transaction.insert(fruit) }
        }
        return store
    }

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

/// The databases the store tests run on: SQLite always; PostgreSQL when `make test` has
/// started one (`JETWAY_TEST_POSTGRES`). With `JETWAY_REQUIRE_POSTGRES=1` (make test) a
/// missing server fails the PostgreSQL cases instead of leaving them out.
enum Backend: String, CaseIterable, CustomTestStringConvertible, Sendable {
    case sqlite, postgresql

    var testDescription: String { rawValue }

    static var postgresURL: String? { ProcessInfo.processInfo.environment["JETWAY_TEST_POSTGRES"].flatMap { $0.isEmpty ? nil : $0 } }

    static var available: [Backend] {
        let required = ProcessInfo.processInfo.environment["JETWAY_REQUIRE_POSTGRES"] == "1"
        return postgresURL != nil || required ? [.sqlite, .postgresql] : [.sqlite]
    }

    /// A store URL no other test uses: a new SQLite file, or a new PostgreSQL database (made
    /// on a thread of its own: a test on the main actor must not hold it while psql runs).
    func freshURL() async throws -> String {
        let backend = self
        return try await Task.detached { try backend.makeURL() }.value
    }

    private func makeURL() throws -> String {
        switch self {
        case .sqlite: return "sqlite:" + Fixtures.sqlitePath()
        case .postgresql:
            guard let base = Self.postgresURL else {
                throw StoreError.cannotOpen("PostgreSQL", reason: "JETWAY_TEST_POSTGRES is not set (make test starts a server)")
            }
            return try Command.freshPostgreSQLDatabase(from: base)
        }
    }
}
