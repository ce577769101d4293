import Foundation

/// The two databases' differences the store writes around.
public enum SQLDialect: Sendable {
    /// SQLite (a file in the data folder) or PostgreSQL (a server).
    case sqlite, postgresql

    /// The placeholder for the `index`-th value (1-based).
    func placeholder(_ index: Int) -> String {
        self == .sqlite ? "?" : "$\(index)"
    }

    /// The column type of a `ColumnType`.
    func typeName(_ type: ColumnType) -> String {
        switch (self, type) {
        case (_, .integer), (_, .bool): self == .sqlite ? "INTEGER" : "BIGINT"
        case (.sqlite, .real), (.sqlite, .date): "REAL"
        case (.postgresql, .real), (.postgresql, .date): "DOUBLE PRECISION"
        case (_, .text): "TEXT"
        case (.sqlite, .blob): "BLOB"
        case (.postgresql, .blob): "BYTEA"
        }
    }

    /// How text is compared when sorting: by code point in both, so the order a query returns
    /// is the order the store keeps when it places a changed row itself.
    var textOrder: String { self == .sqlite ? "" : " COLLATE \"C\"" }
}

/// A row as it came back: values by column position, with the columns' names shared by every
/// row of one result.
public struct Row: Sendable {
    /// The result's columns.
    public let columns: ColumnIndex
    /// The row's values, in the columns' order.
    public let values: [SQLValue]

    /// The value of the column of that name; nil when the result has none.
    public subscript(_ name: String) -> SQLValue? {
        columns.positions[name].map { values[$0] }
    }
}

/// Column names and their positions in a result.
public final class ColumnIndex: Sendable {
    /// The columns' names, in order.
    public let names: [String]
    let positions: [String: Int]

    init(_ names: [String]) {
        self.names = names
        var positions: [String: Int] = [:]
        for (index, name) in names.enumerated() where positions[name] == nil { positions[name] = index }
        self.positions = positions
    }
}

/// What the store needs of a database; SQLite and PostgreSQL each provide one. Used by one
/// thread at a time (the store's lock).
protocol DatabaseConnection: AnyObject {
    var dialect: SQLDialect { get }
    /// Runs a statement; the number of rows it changed.
    @discardableResult func execute(_ sql: String, _ values: [SQLValue]) throws -> Int
    /// Runs a query; its rows.
    func query(_ sql: String, _ values: [SQLValue]) throws -> [Row]
    /// The columns of a table (and whether each holds text), empty when there is no such table.
    func columns(of table: String) throws -> [(name: String, text: Bool)]
    func close()
}

extension DatabaseConnection {
    func begin() throws { try execute(dialect == .sqlite ? "BEGIN IMMEDIATE" : "BEGIN", []) }
    func commit() throws { try execute("COMMIT", []) }
    func rollback() { _ = try? execute("ROLLBACK", []) }
}

/// An identifier the store writes into SQL (a table or column the app declared), checked and
/// quoted: only letters, digits and underscores, not starting with a digit.
func quoted(_ identifier: String) throws -> String {
    guard isIdentifier(identifier) else {
        throw StoreError.statement(identifier, reason: "not a table or column name (letters, digits and underscores, at most 63)")
    }
    return "\"\(identifier)\""
}

func isIdentifier(_ name: String) -> Bool {
    guard let first = name.utf8.first, !(48...57).contains(first), name.utf8.count <= 63 else { return false }
    return name.utf8.allSatisfy { (48...57).contains($0) || (65...90).contains($0) || (97...122).contains($0) || $0 == 95 }
}
