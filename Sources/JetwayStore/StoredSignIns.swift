import Foundation
import Jetway
import JetwayRoutes

/// Sign-ins kept in a table of the app's store (`jetway_signins`), for servers that share
/// one: several processes on one PostgreSQL behind a proxy honour each other's sign-ins, and
/// a sign-out on one ends the sign-in on every one (the store's notifications carry the ids,
/// each server reads them again). On SQLite it is one process's store, as the default file is.
///
/// ```swift
/// let store = try Store.open("postgresql://…")
/// let server = try JetwayServer(app: app, configuration: configuration, signInStore: StoredSignIns(store: store))
/// ```
public final class StoredSignIns: SignInStore {
    /// The table the sign-ins are kept in.
    public static let table = "jetway_signins"
    private let store: Store

    /// Makes the table when it is missing.
    public init(store: Store) throws {
        self.store = store
        let real = store.dialect == .postgresql ? "DOUBLE PRECISION" : "REAL"
        try store.transaction {
            // Servers starting together: one makes the table, the others wait and find it (a
            // bare CREATE … IF NOT EXISTS at the same moment can fail on PostgreSQL's catalog).
            if store.dialect == .postgresql { try $0.execute("SELECT pg_advisory_xact_lock(7219003)") }
            try $0.execute(
                "CREATE TABLE IF NOT EXISTS \(Self.table) (id TEXT PRIMARY KEY, account TEXT NOT NULL, expires \(real) NOT NULL)")
        }
    }

    /// Every sign-in in the table, by id.
    public func loadAll() throws -> [String: SignInRecord] {
        try records(store.transaction { try $0.query("SELECT id, account, expires FROM \(Self.table)") })
    }

    /// The sign-ins with these ids that are in the table.
    public func records(_ ids: Set<String>) throws -> [String: SignInRecord] {
        var found: [String: SignInRecord] = [:]
        // In slices, within the databases' limits on placeholders.
        let all = Array(ids)
        for start in stride(from: 0, to: all.count, by: 500) {
            let slice = all[start..<min(start + 500, all.count)]
            let rows = try store.transaction {
                try $0.query(
                    "SELECT id, account, expires FROM \(Self.table) WHERE id IN (\(placeholders(slice.count)))", slice.map { .text($0) })
            }
            found.merge(try records(rows)) { $1 }
        }
        return found
    }

    /// Idempotent: a sign-in offered again after a lost connection (which may have committed
    /// it) is written over.
    public func insert(_ id: String, _ record: SignInRecord) throws {
        try store.transaction {
            try $0.execute(
                "INSERT INTO \(Self.table) (id, account, expires) VALUES (\(placeholders(3))) "
                    + "ON CONFLICT (id) DO UPDATE SET account = excluded.account, expires = excluded.expires",
                [.text(id), .text(record.user), .real(record.expires.timeIntervalSince1970)])
            $0.changed(Self.table, .text(id))
        }
    }

    /// Removes these sign-ins (signed out, expired); the other processes hear of it.
    public func remove(_ ids: [String]) throws {
        guard !ids.isEmpty else { return }
        try store.transaction { transaction in
            // In slices, so a sweep of many expired sign-ins stays within the databases'
            // limits on placeholders.
            for slice in stride(from: 0, to: ids.count, by: 500).map({ ids[$0..<min($0 + 500, ids.count)] }) {
                try transaction.execute(
                    "DELETE FROM \(Self.table) WHERE id IN (\(placeholders(slice.count)))", slice.map { .text($0) })
                for id in slice { transaction.changed(Self.table, .text(id)) }
            }
        }
    }

    /// Calls `changed` on the main actor with the ids of the sign-ins another process (or this one) wrote or removed; nil when any may have changed (after a lost connection).
    @MainActor
    public func observeChanges(_ changed: @escaping @MainActor @Sendable (Set<String>?) -> Void) -> AnyCancellable {
        store.onCommit(of: Self.table) { ids in
            changed(ids.map { Set($0.compactMap { if case .text(let id) = $0 { id } else { nil } }) })
        }
    }

    private func placeholders(_ count: Int) -> String {
        (1...count).map(store.dialect.placeholder).joined(separator: ", ")
    }

    private func records(_ rows: [Row]) throws -> [String: SignInRecord] {
        var records: [String: SignInRecord] = [:]
        for row in rows {
            guard case .text(let id)? = row["id"], case .text(let user)? = row["account"] else {
                throw StoreError.encoding(table: Self.table, reason: "a sign-in without its id or account")
            }
            let expires: Double
            switch row["expires"] {
            case .real(let seconds)?: expires = seconds
            case .integer(let seconds)?: expires = Double(seconds)
            default: throw StoreError.encoding(table: Self.table, reason: "sign-in \(id) has no end")
            }
            records[id] = SignInRecord(user: user, expires: Date(timeIntervalSince1970: expires))
        }
        return records
    }
}
