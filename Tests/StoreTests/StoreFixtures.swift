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
            let name = "jw_" + UUID().uuidString.replacingOccurrences(of: "-", with: "").lowercased().prefix(16)
            try Self.psql(base, "CREATE DATABASE \(name)")
            guard let slash = base.range(of: "/", options: .backwards) else { throw StoreError.badURL(base) }
            return String(base[..<slash.upperBound]) + name
        }
    }

    /// Runs one statement with psql (CREATE DATABASE cannot run in a transaction), by
    /// posix_spawn and waitpid.
    static func psql(_ url: String, _ statement: String) throws {
        let log = NSTemporaryDirectory() + "jetway-psql-\(UUID().uuidString.prefix(8)).log"
        defer { try? FileManager.default.removeItem(atPath: log) }
        let words: [String] = ["/usr/bin/psql", url, "-q", "-v", "ON_ERROR_STOP=1", "-o", "/dev/null", "-c", statement]
        let arguments: [UnsafeMutablePointer<CChar>?] = words.map { strdup($0) } + [nil]
        defer { for argument in arguments { free(argument) } }
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        posix_spawn_file_actions_addopen(&actions, 2, log, O_WRONLY | O_CREAT | O_TRUNC, 0o600)
        var pid: pid_t = 0
        guard posix_spawn(&pid, "/usr/bin/psql", &actions, nil, arguments, environ) == 0 else {
            throw StoreError.statement(statement, reason: "cannot run psql")
        }
        var status: Int32 = 0
        while waitpid(pid, &status, 0) < 0 && errno == EINTR {}
        guard status == 0 else {
            throw StoreError.statement(statement, reason: (try? String(contentsOfFile: log, encoding: .utf8)) ?? "psql failed")
        }
    }
}
