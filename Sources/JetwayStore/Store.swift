import Foundation
import Jetway

/// A database of records with live queries: SQLite in one file of the app's data folder (the
/// default), or PostgreSQL shared by several server processes. Every committed write says which
/// rows of which tables it changed, and every `FetchedResultList` that could show them
/// refreshes, at most once a frame.
///
/// The store may be used from any thread: statements run one at a time under its lock.
public final class Store: @unchecked Sendable {
    /// Which database this is.
    public let dialect: SQLDialect
    /// What the store was opened on, for messages (a URL without its password).
    public let location: String
    let lock = NSRecursiveLock()
    let connection: any DatabaseConnection
    private var tableColumns: [String: Set<String>] = [:]
    private var textColumns: [String: Set<String>] = [:]
    /// This store's name in the notifications it sends (its own are not heard twice).
    let origin = UUID().uuidString
    private var listener: PostgreSQLListener?
    private var open: Transaction?
    private var closed = false
    let hub: ChangeHub

    init(connection: any DatabaseConnection, location: String, migrations: [Migration]) throws {
        self.connection = connection
        self.location = location
        dialect = connection.dialect
        hub = ChangeHub()
        do {
            try Self.migrate(connection, migrations)
        } catch {
            connection.close()
            throw error
        }
        hub.store = self
        if let postgres = connection as? PostgreSQLConnection {
            let hub = hub
            // Back after a loss: what changed meanwhile was not heard, so every list reads again.
            postgres.reconnected = { hub.postEverywhere() }
            listener = PostgreSQLListener(
                conninfo: postgres.conninfo, origin: origin, heard: { hub.post($0) }, back: { hub.postEverywhere() })
        }
    }

    /// Opens the store a URL names, running its migrations: `sqlite:data/app.sqlite` (a path
    /// relative to the working folder, or absolute), `sqlite::memory:` (gone when closed), or
    /// `postgresql://user:password@host:port/database`.
    public static func open(_ url: String, migrations: [Migration] = []) throws -> Store {
        if url.hasPrefix("postgresql://") || url.hasPrefix("postgres://") {
            let connection = try PostgreSQLConnection(url: url)
            return try Store(connection: connection, location: connection.redacted, migrations: migrations)
        }
        if url.hasPrefix("sqlite:") {
            let path = String(url.dropFirst("sqlite:".count))
            let file = path.hasPrefix("//") ? String(path.dropFirst(2)) : path
            guard !file.isEmpty else { throw StoreError.badURL(url) }
            return try Store(connection: SQLiteConnection(path: file), location: url, migrations: migrations)
        }
        throw StoreError.badURL(url)
    }

    /// How many times the store's PostgreSQL listener has come back after losing its
    /// connection (0 on SQLite).
    public var reconnections: Int { listener?.reconnections ?? 0 }

    /// An SQLite file (created with its folder when missing).
    public static func sqlite(path: String, migrations: [Migration] = []) throws -> Store {
        try Store(connection: SQLiteConnection(path: path), location: "sqlite:" + path, migrations: migrations)
    }

    /// Closes the database; the store cannot be used after.
    public func close() {
        lock.lock()
        let listener = closed ? nil : self.listener
        self.listener = nil
        closed = true
        connection.close()
        lock.unlock()
        listener?.stop()
    }

    deinit {
        listener?.stop()
    }

    // MARK: Transactions

    /// Runs `body` in one transaction: all its writes are committed together, or, if it throws,
    /// none is (and the error comes back to the caller). Live lists hear of the writes once
    /// they are committed. A transaction begun inside another joins it.
    @discardableResult
    public func transaction<T>(_ body: (Transaction) throws -> T) throws -> T {
        lock.lock()
        defer { lock.unlock() }
        guard !closed else { throw StoreError.statement("BEGIN", reason: "the store is closed") }
        if let open { return try nested(open, body) }
        let transaction = Transaction(store: self)
        try connection.begin()
        open = transaction
        let result: T
        do {
            result = try body(transaction)
            // A statement that failed inside (its error caught by the body) fails it all: the
            // databases differ on what such a transaction may still do, the store does not.
            if let failure = transaction.failure { throw failure }
            if let postgres = connection as? PostgreSQLConnection { try postgres.notify(transaction.changes, origin: origin) }
            try connection.commit()
        } catch {
            open = nil
            connection.rollback()
            throw error
        }
        open = nil
        if !transaction.changes.isEmpty { hub.post(transaction.changes) }
        return result
    }

    /// A transaction inside another: a savepoint, so that when it throws only its own writes
    /// are undone and the outer one may go on.
    private func nested<T>(_ transaction: Transaction, _ body: (Transaction) throws -> T) throws -> T {
        transaction.depth += 1
        let savepoint = "jetway_\(transaction.depth)"
        defer { transaction.depth -= 1 }
        let failedBefore = transaction.failure
        try connection.execute("SAVEPOINT \(savepoint)", [])
        do {
            let result = try body(transaction)
            if transaction.failure != nil && failedBefore == nil { throw transaction.failure! }
            try connection.execute("RELEASE SAVEPOINT \(savepoint)", [])
            return result
        } catch {
            _ = try? connection.execute("ROLLBACK TO SAVEPOINT \(savepoint)", [])
            _ = try? connection.execute("RELEASE SAVEPOINT \(savepoint)", [])
            transaction.failure = failedBefore
            throw error
        }
    }

    // MARK: One-statement shorthands (each its own transaction)

    /// Adds a record; a record with the same id already there is a `StoreError.constraint`.
    public func insert<R: Record>(_ record: R) throws { try transaction { try $0.insert(record) } }
    /// Adds the record, or replaces the one with its id.
    public func save<R: Record>(_ record: R) throws { try transaction { try $0.save(record) } }
    /// Replaces the record with this one's id; `StoreError.notFound` when there is none.
    public func update<R: Record>(_ record: R) throws { try transaction { try $0.update(record) } }
    /// Removes the record with this id; `StoreError.notFound` when there is none.
    public func delete<R: Record>(_ type: R.Type, id: R.ID) throws { try transaction { try $0.delete(type, id: id) } }
    /// Reads the record, changes it, writes it back, in one transaction.
    @discardableResult
    public func modify<R: Record>(_ type: R.Type, id: R.ID, _ change: (inout R) throws -> Void) throws -> R {
        try transaction { try $0.modify(type, id: id, change) }
    }

    /// The records the predicate admits, in the descriptors' order (then by id).
    public func fetch<R: Record>(
        _ type: R.Type, where predicate: StorePredicate? = nil, sortedBy sortDescriptors: [NSSortDescriptor] = [], limit: Int? = nil
    ) throws -> [R] {
        try transactionless { try Query<R>(store: self, predicate: predicate, sortDescriptors: sortDescriptors).fetch(limit: limit) }
    }

    /// The record with this id, if there is one.
    public func find<R: Record>(_ type: R.Type, id: R.ID) throws -> R? {
        try fetch(type, where: .keyIn("id", [id]), limit: 1).first
    }

    /// How many records the predicate admits.
    public func count<R: Record>(_ type: R.Type, where predicate: StorePredicate? = nil) throws -> Int {
        try transactionless { try Query<R>(store: self, predicate: predicate, sortDescriptors: []).count() }
    }

    /// How many live queries are open: lists with the same filter and order count once.
    @MainActor public var liveQueryCount: Int { hub.liveQueries }
    /// What the store keeps of its live queries: the live ones and gone ones not yet
    /// forgotten (at most about twice the live ones, however many lists came and went).
    @MainActor public var queryEntryCount: Int { hub.queryEntries }

    /// How many times committed changes have been delivered to the live lists (a burst of
    /// writes within a frame is one).
    @MainActor public var deliveries: Int { hub.deliveryCount }

    /// Calls `body` on the main actor after writes to `table` are committed, in this process or
    /// (PostgreSQL) in another, with the ids of the rows they changed (nil: any row may have,
    /// as after a statement of the app's own or a lost connection to the database). Writes in
    /// a burst are heard together, at most once a frame, as live lists hear them.
    /// Hearing stops when the answer is cancelled or released (keep it as long as you listen).
    @MainActor public func onCommit(
        of table: String, _ body: @escaping @MainActor @Sendable (_ ids: Set<SQLValue>?) -> Void
    ) -> AnyCancellable {
        hub.watch(table, body)
    }

    /// How many `onCommit(of:)` watches are open.
    public var commitWatchCount: Int { hub.watchCount }

    /// Delivers committed writes to the live lists now, without waiting for the next frame
    /// (for tools and benches that run the main actor themselves).
    @MainActor public func deliverChanges() { hub.deliverNow() }

    /// Waits until every committed write has reached the live lists (for tests and tools).
    @MainActor
    public func settle() async {
        await hub.settle()
    }

    func transactionless<T>(_ body: () throws -> T) throws -> T {
        lock.lock()
        defer { lock.unlock() }
        guard !closed else { throw StoreError.statement("", reason: "the store is closed") }
        return try body()
    }

    /// The table's columns (read once; a table that does not exist has none).
    func columns(of table: String) throws -> Set<String> {
        lock.lock()
        defer { lock.unlock() }
        if let known = tableColumns[table] { return known }
        let found = try connection.columns(of: table)
        guard !found.isEmpty else { throw StoreError.statement(table, reason: "there is no table \(table) (is its migration missing?)") }
        tableColumns[table] = Set(found.map(\.name))
        textColumns[table] = Set(found.filter(\.text).map(\.name))
        return Set(found.map(\.name))
    }

    /// Whether the column holds text (sorted by code point, `COLLATE "C"` on PostgreSQL).
    func isText(_ table: String, _ column: String) -> Bool {
        lock.lock()
        defer { lock.unlock() }
        return textColumns[table]?.contains(column) ?? false
    }
}

/// Which rows of one table a transaction changed.
struct TableChange: Sendable, Equatable {
    var ids: Set<SQLValue> = []
    /// Rows the store cannot name changed (a statement of the app's own): refresh all.
    var everything = false

    /// Past this many ids a change is "everything" (its lists read whole anyway), so a burst
    /// of writes while the main actor is busy holds a bounded set.
    static let maxIDs = 1024

    mutating func merge(_ other: TableChange) {
        everything = everything || other.everything || ids.count + other.ids.count > Self.maxIDs
        if !everything { ids.formUnion(other.ids) } else { ids = [] }
    }
}

typealias StoreChanges = [String: TableChange]

/// The writes of one `Store.transaction`.
public final class Transaction {
    unowned let store: Store
    var changes: StoreChanges = [:]
    /// The first statement of this transaction that failed (the whole fails with it).
    var failure: (any Error)?
    var depth = 0
    private var connection: Checked { Checked(transaction: self) }

    /// The store's connection, with every failure remembered by the transaction.
    struct Checked {
        let transaction: Transaction
        @discardableResult
        func execute(_ sql: String, _ values: [SQLValue]) throws -> Int {
            try transaction.noting { try transaction.store.connection.execute(sql, values) }
        }
        func query(_ sql: String, _ values: [SQLValue]) throws -> [Row] {
            try transaction.noting { try transaction.store.connection.query(sql, values) }
        }
    }

    func noting<T>(_ body: () throws -> T) throws -> T {
        do {
            return try body()
        } catch {
            if failure == nil { failure = error }
            throw error
        }
    }
    private var dialect: SQLDialect { store.dialect }

    init(store: Store) {
        self.store = store
    }

    /// Notes a row of `table` this transaction changed (its live lists and `onCommit` watchers
    /// hear of it once the transaction commits).
    func changed(_ table: String, _ id: SQLValue) {
        changes[table, default: TableChange()].merge(TableChange(ids: [id]))
    }

    /// The record's columns in table order, NULL for the ones it leaves out (a nil optional).
    private func row<R: Record>(_ record: R) throws -> (names: [String], values: [SQLValue]) {
        let columns = try store.columns(of: R.table)
        var encoded: [String: SQLValue] = [:]
        for (name, value) in try RowEncoder.encode(record) {
            guard columns.contains(name) else { throw StoreError.unknownKey(name, table: R.table) }
            encoded[name] = value
        }
        let names = columns.sorted()
        return (names, names.map { encoded[$0] ?? .null })
    }

    /// Adds the record; throws `StoreError.constraint` when its id is taken.
    public func insert<R: Record>(_ record: R) throws {
        let (names, values) = try row(record)
        let placeholders = (1...names.count).map(dialect.placeholder).joined(separator: ", ")
        try connection.execute(
            "INSERT INTO \(try quoted(R.table)) (\(try names.map(quoted).joined(separator: ", "))) VALUES (\(placeholders))", values)
        changed(R.table, record.id.sqlValue)
    }

    /// Adds the record, or replaces the one with its id.
    public func save<R: Record>(_ record: R) throws {
        let (names, values) = try row(record)
        let placeholders = (1...names.count).map(dialect.placeholder).joined(separator: ", ")
        let updates = try names.filter { $0 != "id" }.map { "\(try quoted($0)) = excluded.\(try quoted($0))" }
        let conflict = updates.isEmpty ? "DO NOTHING" : "DO UPDATE SET " + updates.joined(separator: ", ")
        try connection.execute(
            "INSERT INTO \(try quoted(R.table)) (\(try names.map(quoted).joined(separator: ", "))) VALUES (\(placeholders)) ON CONFLICT (\"id\") \(conflict)",
            values)
        changed(R.table, record.id.sqlValue)
    }

    /// Replaces the record with its id; throws `StoreError.notFound` when there is none.
    public func update<R: Record>(_ record: R) throws {
        let (names, values) = try row(record)
        let settable = names.enumerated().filter { $0.element != "id" }
        let assignments = try settable.enumerated().map { "\(try quoted($0.element.element)) = \(dialect.placeholder($0.offset + 1))" }
        let count = try connection.execute(
            "UPDATE \(try quoted(R.table)) SET \(assignments.joined(separator: ", ")) WHERE \"id\" = \(dialect.placeholder(settable.count + 1))",
            settable.map { values[$0.offset] } + [record.id.sqlValue])
        guard count > 0 else { throw StoreError.notFound(table: R.table, id: "\(record.id)") }
        changed(R.table, record.id.sqlValue)
    }

    /// Deletes the record with this id; throws `StoreError.notFound` when there is none.
    public func delete<R: Record>(_ type: R.Type, id: R.ID) throws {
        let count = try connection.execute("DELETE FROM \(try quoted(R.table)) WHERE \"id\" = \(dialect.placeholder(1))", [id.sqlValue])
        guard count > 0 else { throw StoreError.notFound(table: R.table, id: "\(id)") }
        changed(R.table, id.sqlValue)
    }

    /// Reads the record with this id, changes it with `change` and writes it back, in this transaction; returns it as written. Its id cannot change.
    @discardableResult
    public func modify<R: Record>(_ type: R.Type, id: R.ID, _ change: (inout R) throws -> Void) throws -> R {
        guard var record = try find(type, id: id) else { throw StoreError.notFound(table: R.table, id: "\(id)") }
        try change(&record)
        guard record.id == id else { throw StoreError.encoding(table: R.table, reason: "a modification cannot change the id") }
        try update(record)
        return record
    }

    /// The records `predicate` lets through, in `sortDescriptors`' order, at most `limit`.
    public func fetch<R: Record>(
        _ type: R.Type, where predicate: StorePredicate? = nil, sortedBy sortDescriptors: [NSSortDescriptor] = [], limit: Int? = nil
    ) throws -> [R] {
        try noting { try Query<R>(store: store, predicate: predicate, sortDescriptors: sortDescriptors).fetch(limit: limit) }
    }

    /// The record with this id, or nil.
    public func find<R: Record>(_ type: R.Type, id: R.ID) throws -> R? {
        try fetch(type, where: .keyIn("id", [id]), limit: 1).first
    }

    /// A statement of the app's own. Name the tables it may change: their live lists refresh
    /// whole when it commits.
    @discardableResult
    public func execute(_ sql: String, _ values: [SQLValue] = [], changing tables: [String] = []) throws -> Int {
        let count = try connection.execute(sql, values)
        for table in tables { changes[table, default: TableChange()].merge(TableChange(everything: true)) }
        return count
    }

    /// Rows of a query of the app's own.
    public func query(_ sql: String, _ values: [SQLValue] = []) throws -> [Row] {
        try connection.query(sql, values)
    }
}
