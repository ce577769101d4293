import Foundation

/// One query of a record type, checked against its table and written as SQL: the filter's
/// condition, the order (the descriptors' keys, then the id), and the same order in Swift, so
/// that a changed row can be put in its place without asking the database for the whole list.
struct Query<R: Record> {
    let store: Store
    let condition: String?
    let values: [SQLValue]
    let order: String
    let sortKeys: [(keyPath: AnyKeyPath, ascending: Bool)]
    /// What makes two queries the same (the shared live result's key).
    let signature: String
    let predicate: StorePredicate?

    init(store: Store, predicate: StorePredicate?, sortDescriptors: [NSSortDescriptor]) throws {
        self.store = store
        self.predicate = predicate
        let columns = try store.columns(of: R.table)
        if let predicate {
            let (condition, values) = try predicate.sql(dialect: store.dialect, columns: columns, table: R.table)
            self.condition = condition
            self.values = values
        } else {
            condition = nil
            values = []
        }
        var keys: [(AnyKeyPath, Bool)] = []
        var terms: [String] = []
        for descriptor in sortDescriptors {
            let keyPath = descriptor.keyPath
            let column = try R.column(for: keyPath)
            guard columns.contains(column) else { throw StoreError.unknownKey(column, table: R.table) }
            keys.append((keyPath, descriptor.ascending))
            let text = try quoted(column) + (store.isText(R.table, column) ? store.dialect.textOrder : "")
            terms.append(descriptor.ascending ? "\(text) ASC NULLS FIRST" : "\(text) DESC NULLS LAST")
        }
        terms.append("\"id\" ASC")
        order = terms.joined(separator: ", ")
        sortKeys = keys.map { (keyPath: $0.0, ascending: $0.1) }
        signature =
            "\(R.table)|\(String(reflecting: R.self))|\(predicate?.description ?? "")|"
            + keys.map { "\($0.0)\($0.1 ? "+" : "-")" }.joined(separator: ",")
    }

    private var table: String { "\"\(R.table)\"" }

    func fetch(limit: Int? = nil) throws -> [R] {
        var sql = "SELECT * FROM \(table)"
        if let condition { sql += " WHERE \(condition)" }
        sql += " ORDER BY \(order)"
        if let limit { sql += " LIMIT \(max(0, limit))" }
        return try store.transactionless { try store.connection.query(sql, values) }.map { try RowDecoder.decode(R.self, from: $0) }
    }

    func count() throws -> Int {
        var sql = "SELECT COUNT(*) FROM \(table)"
        if let condition { sql += " WHERE \(condition)" }
        let rows = try store.transactionless { try store.connection.query(sql, values) }
        if case .integer(let count)? = rows.first?.values.first { return Int(count) }
        return 0
    }

    /// The rows among `ids` that the query admits (each at most once).
    func fetch(ids: [SQLValue]) throws -> [R] {
        let dialect = store.dialect
        let first = values.count + 1
        let placeholders = ids.indices.map { dialect.placeholder(first + $0) }.joined(separator: ", ")
        // The condition's values come first, in the text as in the list (SQLite's `?` count
        // by position, PostgreSQL's `$n` by number).
        let sql = "SELECT * FROM \(table) WHERE \(condition.map { "\($0) AND " } ?? "")\"id\" IN (\(placeholders))"
        return try store.transactionless { try store.connection.query(sql, values + ids) }.map { try RowDecoder.decode(R.self, from: $0) }
    }

    /// The changed rows the query admits, decided in Swift; nil when a row needs the database
    /// to tell (then `fetch(ids:)` asks it).
    @MainActor
    func admitted(_ changed: ChangedRows) throws -> [R]? {
        let rows = try changed.fetched()
        var admitted: [R] = []
        for row in rows {
            if let node = predicate?.node {
                guard let admits = node.admits(row, dialect: store.dialect) else { return nil }
                if !admits { continue }
            }
            admitted.append(try changed.record(row, as: R.self))
        }
        return admitted
    }

    /// Whether `a` comes before `b` in this query's order.
    func precedes(_ a: R, _ b: R) -> Bool {
        for key in sortKeys {
            if let before = SQLValue.ascending(a.sqlValue(at: key.keyPath), b.sqlValue(at: key.keyPath)) {
                return key.ascending ? before : !before
            }
        }
        return SQLValue.ascending(a.id.sqlValue, b.id.sqlValue) ?? false
    }
}

extension NSSortDescriptor {
    /// A sort by an optional key (Foundation's needs a `Comparable` value): NULL comes first
    /// ascending, last descending.
    public convenience init<Root, Value: Comparable>(keyPath: KeyPath<Root, Value?>, ascending: Bool) {
        self.init(keyPath: keyPath, ascending: ascending) { a, b in
            switch (a as? Value, b as? Value) {
            case (nil, nil): .orderedSame
            case (nil, _): .orderedAscending
            case (_, nil): .orderedDescending
            case (let x?, let y?): x < y ? .orderedAscending : (x == y ? .orderedSame : .orderedDescending)
            }
        }
    }
}
