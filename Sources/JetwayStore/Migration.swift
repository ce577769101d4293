import Foundation

/// One step of the schema, run once, in version order, when the store opens. Each runs in its
/// own transaction: if it throws, the database is left as it was and opening fails with
/// `StoreError.migration`.
public struct Migration: Sendable {
    /// Its place in the order (1, 2, …): each runs once, the database remembers up to which.
    public let version: Int
    /// What it does, in a word or two (said when it fails).
    public let name: String
    let apply: @Sendable (MigrationContext) throws -> Void

    /// A step `version`, named `name`, doing `apply`.
    public init(_ version: Int, _ name: String, _ apply: @escaping @Sendable (MigrationContext) throws -> Void) {
        self.version = version
        self.name = name
        self.apply = apply
    }
}

/// A column's kind. Booleans are integers and dates seconds since 1970 in both databases, so
/// the same records and queries work on either.
public enum ColumnType: Sendable {
    /// A 64-bit integer, a double, text, a boolean (an integer), a date (seconds since 1970) or bytes.
    case integer, real, text, bool, date, blob
}

/// A column of `MigrationContext.createTable`.
public struct ColumnDefinition: Sendable {
    /// The column's name.
    public let name: String
    /// What it holds.
    public let type: ColumnType
    /// Whether it may be NULL (a record's optional property).
    public let nullable: Bool
    /// The value rows get when none is written (and the rows already there, when the column is added).
    public let defaultValue: SQLValue?

    /// A column: not NULL and without a default unless told.
    public init(_ name: String, _ type: ColumnType, nullable: Bool = false, default defaultValue: SQLValue? = nil) {
        self.name = name
        self.type = type
        self.nullable = nullable
        self.defaultValue = defaultValue
    }
}

/// What a migration can do: tables, columns and indexes written for the database in use, and
/// any statement of its own.
public struct MigrationContext {
    let connection: any DatabaseConnection
    /// The database's kind (SQLite or PostgreSQL), for a statement of the migration's own.
    public var dialect: SQLDialect { connection.dialect }

    /// A table with an `id` primary key of `idType` and the given columns.
    public func createTable(_ name: String, id idType: ColumnType = .integer, _ columns: [ColumnDefinition]) throws {
        var parts = ["\(try quoted("id")) \(dialect.typeName(idType)) PRIMARY KEY"]
        for column in columns { parts.append(try definition(column)) }
        try connection.execute("CREATE TABLE \(try quoted(name)) (\(parts.joined(separator: ", ")))", [])
    }

    /// Adds a column to a table.
    public func addColumn(_ table: String, _ column: ColumnDefinition) throws {
        try connection.execute("ALTER TABLE \(try quoted(table)) ADD COLUMN \(try definition(column))", [])
    }

    /// An index of `columns` in `table` (`unique`: no two rows with the same values).
    public func createIndex(on table: String, _ columns: [String], unique: Bool = false) throws {
        let name = "\(table)_\(columns.joined(separator: "_"))_index"
        try connection.execute(
            "CREATE \(unique ? "UNIQUE " : "")INDEX \(try quoted(name)) ON \(try quoted(table)) (\(try columns.map(quoted).joined(separator: ", ")))",
            [])
    }

    /// Deletes a table and its rows.
    public func dropTable(_ name: String) throws {
        try connection.execute("DROP TABLE \(try quoted(name))", [])
    }

    /// A statement of the migration's own (its values bound).
    public func execute(_ sql: String, _ values: [SQLValue] = []) throws {
        try connection.execute(sql, values)
    }

    private func definition(_ column: ColumnDefinition) throws -> String {
        var text = "\(try quoted(column.name)) \(dialect.typeName(column.type))"
        if !column.nullable { text += " NOT NULL" }
        if let value = column.defaultValue {
            switch value {
            case .null: text += " DEFAULT NULL"
            case .integer(let number): text += " DEFAULT \(number)"
            case .real(let number): text += " DEFAULT \(number)"
            case .text(let string): text += " DEFAULT '\(string.replacingOccurrences(of: "'", with: "''"))'"
            case .blob: throw StoreError.migrations("a blob column cannot have a default")
            }
        }
        return text
    }
}

extension Store {
    /// Runs the migrations the database has not had, each in its own transaction.
    static func migrate(_ connection: any DatabaseConnection, _ migrations: [Migration]) throws {
        let versions = migrations.map(\.version)
        guard versions == versions.sorted(), Set(versions).count == versions.count, versions.allSatisfy({ $0 > 0 }) else {
            throw StoreError.migrations("versions must be positive, unique and in order: \(versions)")
        }
        // Several servers may start at once on one PostgreSQL: one migrates, the others wait
        // and then find nothing to do.
        if connection.dialect == .postgresql {
            try connection.execute("SELECT pg_advisory_lock(7219001)", [])
        }
        defer { if connection.dialect == .postgresql { _ = try? connection.execute("SELECT pg_advisory_unlock(7219001)", []) } }
        if connection.dialect == .postgresql { try connection.execute(TextFolding.postgresFunction, []) }
        let real = connection.dialect.typeName(.real)
        try connection.execute(
            "CREATE TABLE IF NOT EXISTS jetway_migrations (version BIGINT PRIMARY KEY, name TEXT NOT NULL, applied_at \(real) NOT NULL)", []
        )
        let applied = try connection.query("SELECT version FROM jetway_migrations ORDER BY version", []).compactMap { row -> Int? in
            if case .integer(let version) = row.values[0] { Int(version) } else { nil }
        }
        if let newest = applied.last, newest > versions.last ?? 0 {
            let known = versions.last ?? 0
            throw StoreError.migrations("the database is at version \(newest), newer than this program's \(known)")
        }
        let done = Set(applied)
        for migration in migrations where !done.contains(migration.version) {
            do {
                try connection.begin()
                try migration.apply(MigrationContext(connection: connection))
                try connection.execute(
                    "INSERT INTO jetway_migrations (version, name, applied_at) VALUES (\(connection.dialect.placeholder(1)), \(connection.dialect.placeholder(2)), \(connection.dialect.placeholder(3)))",
                    [.integer(Int64(migration.version)), .text(migration.name), .real(Date().timeIntervalSince1970)])
                try connection.commit()
            } catch {
                connection.rollback()
                throw StoreError.migration(version: migration.version, name: migration.name, reason: String(describing: error))
            }
        }
    }
}
