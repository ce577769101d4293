import Foundation
import JetwayRoutes

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
    /// Another connection held the database's write lock for longer than the store waits
    /// (SQLite's busy timeout, 5 s): nothing of this write was kept; try it again.
    case busy(String)
    /// The disk the database is on is full (or the database reached its size limit): nothing
    /// of this write was kept, and everything committed before it is intact.
    case full(String)

    /// What went wrong, in words (a database's own message included).
    public var description: String {
        switch self {
        case .cannotOpen(let what, let reason): "cannot open the store \(what): \(reason)"
        case .badURL(let url):
            "not a store URL: \(url) (use sqlite:data/app.sqlite for a file, sqlite::memory:, or postgresql://user:password@host:port/database)"
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
        case .busy(let reason): "the database is busy (another connection held it too long), nothing was written; try again: \(reason)"
        case .full(let reason): "the disk the database is on is full, nothing was written; free space and try again: \(reason)"
        }
    }
}

/// What a handler that let a store error through answers: the database's own words stay in the
/// log, the client is told what it can act on.
extension StoreError: HTTPErrorConvertible {
    /// The answer: 503 with `Retry-After` for busy, full or unreachable; 404 for a record not found; 409 for a broken constraint; 500 otherwise.
    public var httpError: HTTPError {
        var error: HTTPError
        switch self {
        case .busy:
            error = HTTPError(503, "the database is busy; nothing was changed, try again")
            error.headers["Retry-After"] = "1"
        case .full:
            error = HTTPError(503, "the server cannot store anything now (its disk is full); nothing was changed")
            error.headers["Retry-After"] = "60"
        case .connectionLost:
            // A connection lost during a commit leaves its outcome unknown: not "nothing changed".
            error = HTTPError(503, "the database cannot be reached; try again in a moment")
            error.headers["Retry-After"] = "5"
        case .constraint: error = HTTPError(409, "the change conflicts with what is stored")
        case .notFound: error = HTTPError(404, "not found")
        default: error = HTTPError(500, "internal error")
        }
        return error
    }
}
