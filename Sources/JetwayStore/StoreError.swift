import Foundation

/// What went wrong in the store, in words a developer can act on. A write that throws one of
/// these has been rolled back whole.
public enum StoreError: Error, CustomStringConvertible, Equatable, Sendable {
    /// The database could not be opened (or reached).
    case cannotOpen(String, reason: String)
    /// A configuration URL the store does not understand.
    case badURL(String)
    /// The database refused a statement.
    case statement(String, reason: String)
    /// A write broke a constraint (a duplicate id, a NOT NULL, a foreign key).
    case constraint(String)
    /// `update` or `delete` of a row that is not there.
    case notFound(table: String, id: String)
    /// A predicate's format could not be read.
    case badPredicate(String, reason: String)
    /// A predicate, sort or section names a key the record's table does not have.
    case unknownKey(String, table: String)
    /// A row could not be read back as the record type.
    case decoding(table: String, reason: String)
    /// A record could not be written as a row.
    case encoding(table: String, reason: String)
    /// A migration failed; the database is as it was before it.
    case migration(version: Int, name: String, reason: String)
    /// The migrations themselves are wrong (versions not increasing), or the database is newer
    /// than this program.
    case migrations(String)
    /// The connection to the database server is gone; the store is reconnecting.
    case connectionLost(String)

    public var description: String {
        switch self {
        case .cannotOpen(let what, let reason): "cannot open the store \(what): \(reason)"
        case .badURL(let url): "not a store URL: \(url) (use sqlite:PATH or sqlite::memory:)"
        case .statement(let sql, let reason): "the database refused \(sql.prefix(200)): \(reason)"
        case .constraint(let reason): "the write breaks a constraint: \(reason)"
        case .notFound(let table, let id): "no row \(id) in \(table)"
        case .badPredicate(let format, let reason): "cannot read the predicate \"\(format.prefix(200))\": \(reason)"
        case .unknownKey(let key, let table): "\(table) has no column \(key)"
        case .decoding(let table, let reason): "a row of \(table) does not decode: \(reason)"
        case .encoding(let table, let reason): "a record for \(table) does not encode: \(reason)"
        case .migration(let version, let name, let reason):
            "migration \(version) (\(name)) failed and was rolled back, the database is unchanged: \(reason)"
        case .migrations(let reason): "the migrations cannot run: \(reason)"
        case .connectionLost(let reason): "the database connection was lost: \(reason)"
        }
    }
}
