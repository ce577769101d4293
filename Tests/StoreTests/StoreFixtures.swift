import Foundation
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

    /// A fresh store of `backend` with the basket in it.
    static func fruitStore(_ backend: Backend) throws -> Store {
        let store = try Store.open(try backend.freshURL(), migrations: fruitMigrations)
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

    /// A store URL no other test uses: a new SQLite file, or a new PostgreSQL database.
    func freshURL() throws -> String {
        switch self {
        case .sqlite: return "sqlite:" + Fixtures.sqlitePath()
        case .postgresql:
            guard let base = Self.postgresURL else {
                throw StoreError.cannotOpen("PostgreSQL", reason: "JETWAY_TEST_POSTGRES is not set (make test starts a server)")
            }
            let name = "jw_" + UUID().uuidString.replacingOccurrences(of: "-", with: "").lowercased().prefix(16)
            try Self.psql(base, "CREATE DATABASE \(name)")
            guard let slash = base.range(of: "/", options: .backwards) else { throw StoreError.badURL(base) }
            return String(base[..<slash.upperBound]) + name
        }
    }

    /// Runs one statement with psql (CREATE DATABASE cannot run in a transaction).
    static func psql(_ url: String, _ statement: String) throws {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/psql")
        process.arguments = [url, "-q", "-v", "ON_ERROR_STOP=1", "-c", statement]
        let errors = Pipe()
        process.standardError = errors
        process.standardOutput = FileHandle.nullDevice
        try process.run()
        process.waitUntilExit()
        guard process.terminationStatus == 0 else {
            let text = String(decoding: errors.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
            throw StoreError.statement(statement, reason: text)
        }
    }
}
