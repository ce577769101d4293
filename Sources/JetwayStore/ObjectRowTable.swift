import Foundation

/// Objects kept as rows of one SQLite table — its number, its entity's name, its values as a
/// JSON object — read all at once when opened and written in one transaction per save: the
/// store under JetwayCoreData's containers and JetwaySwiftData's. A number is never given
/// twice, not even the number of an object deleted.
public final class ObjectRowTable: @unchecked Sendable {
    /// A stored object: its number, its entity, its values as JSON.
    public struct Row {
        /// The object's number, never given twice.
        public let id: Int64
        /// The name of the object's entity (its class).
        public let entity: String
        /// The object's values by property name, as JSON reads them.
        public let values: [String: Any]

        /// A row of these.
        public init(id: Int64, entity: String, values: [String: Any]) {
            self.id = id
            self.entity = entity
            self.values = values
        }
    }

    private let store: Store
    private let table: String
    /// The rows read when the table was opened.
    public let rows: [Row]
    /// The last number stored or given.
    public private(set) var lastSerial: Int64

    /// Opens (or makes) the table `table` in the SQLite file at `path` and reads its rows.
    public init(path: String, table: String) throws {
        try FileManager.default.createDirectory(
            at: URL(fileURLWithPath: path).deletingLastPathComponent(), withIntermediateDirectories: true)
        store = try Store.sqlite(path: path)
        self.table = table
        try store.transaction { transaction in
            _ = try transaction.execute(
                "CREATE TABLE IF NOT EXISTS \(table) (id INTEGER PRIMARY KEY, entity TEXT NOT NULL, data TEXT NOT NULL)")
            _ = try transaction.execute("CREATE TABLE IF NOT EXISTS \(table)_serial (last INTEGER NOT NULL)")
        }
        let stored = try store.transaction { try $0.query("SELECT id, entity, data FROM \(table)") }
        let serials = try store.transaction {
            try $0.query("SELECT MAX(last) AS last FROM (SELECT last FROM \(table)_serial UNION ALL SELECT MAX(id) FROM \(table))")
        }
        var last: Int64 = 0
        if case .integer(let stored)? = serials.first?["last"] { last = stored }
        rows = stored.compactMap { row in
            guard case .integer(let id)? = row["id"], case .text(let entity)? = row["entity"], case .text(let text)? = row["data"],
                let values = try? JSONSerialization.jsonObject(with: Data(text.utf8)) as? [String: Any]
            else { return nil }
            return Row(id: id, entity: entity, values: values)
        }
        lastSerial = max(last, rows.map(\.id).max() ?? 0)
    }

    /// Notes that `serial` was given (by a store that numbers objects before they are saved).
    public func noteSerial(_ serial: Int64) { lastSerial = max(lastSerial, serial) }

    /// Writes `saving` (each row's values must be JSON) and removes the rows numbered
    /// `deleting`, all or nothing.
    public func write(_ saving: [Row], deleting: [Int64]) throws {
        let encoded = try saving.map { row -> (Int64, String, String) in
            let data = try JSONSerialization.data(withJSONObject: row.values, options: [.sortedKeys])
            return (row.id, row.entity, String(decoding: data, as: UTF8.self))
        }
        for row in saving { noteSerial(row.id) }
        try store.transaction { transaction in
            for (id, entity, data) in encoded {
                _ = try transaction.execute(
                    "INSERT INTO \(table) (id, entity, data) VALUES (?, ?, ?) "
                        + "ON CONFLICT(id) DO UPDATE SET entity = excluded.entity, data = excluded.data",
                    [.integer(id), .text(entity), .text(data)])
            }
            for id in deleting { _ = try transaction.execute("DELETE FROM \(table) WHERE id = ?", [.integer(id)]) }
            _ = try transaction.execute("DELETE FROM \(table)_serial")
            _ = try transaction.execute("INSERT INTO \(table)_serial (last) VALUES (?)", [.integer(lastSerial)])
        }
    }

    /// Removes every row.
    public func removeAll() throws {
        try store.transaction { _ = try $0.execute("DELETE FROM \(table)") }
    }
}
