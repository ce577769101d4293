import Foundation
import Jetway

/// Where committed changes meet the live queries, on the main actor. Writes from any thread
/// post their changes here; a burst of them is merged and delivered at most once a frame
/// (`frame`, 16 ms), so a page re-renders once for a hundred writes. Queries that are the
/// same (table, type, filter, order) are one `LiveQuery`, shared by every list and session
/// that asks for it.
final class ChangeHub: @unchecked Sendable {
    weak var store: Store?
    static let frame: Duration = .milliseconds(16)

    private let lock = NSLock()
    private var pending: StoreChanges = [:]
    private var scheduled = false
    private var delivering = false
    private var lastDelivery = ContinuousClock.now - .seconds(1)

    private let registry = QueryRegistry()
    /// What `Store.onCommit(of:)` asked to hear, by table and then by watch (under `lock`: a
    /// watch may be cancelled on any thread).
    private var watchers: [String: [Int: @MainActor @Sendable (Set<SQLValue>?) -> Void]] = [:]
    private var nextWatch = 0

    /// Changes committed (on any thread).
    func post(_ changes: StoreChanges) {
        let schedule = lock.withLock {
            for (table, change) in changes { pending[table, default: TableChange()].merge(change) }
            defer { scheduled = true }
            return !scheduled
        }
        if schedule { Task { @MainActor in await self.deliverSoon() } }
    }

    /// Every live query must read its whole result again (a lost connection came back, and
    /// what changed meanwhile was not heard).
    func postEverywhere() {
        post([Self.everywhere: TableChange(everything: true)])
    }

    /// The pseudo-table that stands for every table.
    static let everywhere = "*"

    @MainActor
    private func deliverSoon() async {
        let wait = lastDelivery + Self.frame - ContinuousClock.now
        if wait > .zero { try? await Task.sleep(for: wait) }
        deliverNow()
    }

    /// Delivers what has been committed and not yet delivered, now.
    @MainActor
    func deliverNow() {
        let changes = lock.withLock {
            defer {
                pending = [:]
                scheduled = false
                delivering = true
            }
            return pending
        }
        lastDelivery = ContinuousClock.now
        if !changes.isEmpty, let store { registry.deliver(changes, store: store) }
        if !changes.isEmpty { tellWatchers(changes) }
        lock.withLock { delivering = false }
    }

    /// Calls `body` with each delivery that changed `table`, until the answer is cancelled or
    /// released.
    func watch(_ table: String, _ body: @escaping @MainActor @Sendable (Set<SQLValue>?) -> Void) -> AnyCancellable {
        let watch = lock.withLock {
            defer { nextWatch += 1 }
            watchers[table, default: [:]][nextWatch] = body
            return nextWatch
        }
        return AnyCancellable { [weak self] in
            guard let self else { return }
            // The body is let go after the lock: what it holds may cancel another watch as it goes.
            let body = self.lock.withLock {
                defer { if self.watchers[table]?.isEmpty == true { self.watchers[table] = nil } }
                return self.watchers[table]?.removeValue(forKey: watch)
            }
            _ = body
        }
    }

    /// How many watches are open (tests).
    var watchCount: Int { lock.withLock { watchers.values.reduce(0) { $0 + $1.count } } }

    @MainActor
    private func tellWatchers(_ changes: StoreChanges) {
        let everything = changes[Self.everywhere] != nil
        // In the order they were made; read under the lock, called outside it (a body may
        // cancel its own watch or make another).
        let calls = lock.withLock {
            watchers.compactMap { table, bodies -> (String, TableChange, [Int])? in
                guard let change = everything ? TableChange(everything: true) : changes[table] else { return nil }
                return (table, change, bodies.keys.sorted())
            }
        }
        for (table, change, watches) in calls {
            for watch in watches {
                // Cancelled meanwhile (by an earlier body, or on another thread): not called.
                guard let body = lock.withLock({ watchers[table]?[watch] }) else { continue }
                body(change.everything ? nil : change.ids)
            }
        }
    }

    /// The shared live query with this signature, made by `make` when there is none.
    @MainActor
    func query<Q: AnyLiveQuery>(_ signature: String, make: () -> Q) -> Q { registry.query(signature, make: make) }

    /// How many live queries are open (each shared by every list that asks for it).
    @MainActor var liveQueries: Int { registry.liveQueries }
    @MainActor var queryEntries: Int { registry.entries }

    /// How many deliveries have run (a burst of writes is one).
    @MainActor var deliveryCount: Int { registry.deliveries }

    @MainActor
    func settle() async {
        while true {
            if !lock.withLock({ scheduled || delivering }) { return }
            try? await Task.sleep(for: .milliseconds(1))
        }
    }
}

/// Live queries by signature, held weakly: a query no list uses any more goes away.
@MainActor
final class QueryRegistry {
    private var queries: [String: WeakQuery] = [:]
    private(set) var deliveries = 0

    nonisolated init() {}

    func deliver(_ changes: StoreChanges, store: Store) {
        deliveries += 1
        var gone: [String] = []
        // Each table's changed rows are read once, for all of its queries.
        var rows: [String: ChangedRows] = [:]
        for (table, change) in changes where !change.everything && !change.ids.isEmpty {
            rows[table] = ChangedRows(store: store, table: table, ids: change.ids)
        }
        for (signature, weak) in queries {
            guard let query = weak.query else {
                gone.append(signature)
                continue
            }
            if let change = changes[ChangeHub.everywhere] ?? changes[query.table] { query.refresh(change, rows: rows[query.table]) }
        }
        for signature in gone { queries.removeValue(forKey: signature) }
    }

    func query<Q: AnyLiveQuery>(_ signature: String, make: () -> Q) -> Q {
        if let found = queries[signature]?.query as? Q { return found }
        let made = make()
        made.registered(as: signature, in: self)
        queries[signature] = WeakQuery(query: made)
        return made
    }

    /// A query went: its entry goes with it (an entry kept until the next change pinned its
    /// key and its weak reference's side table, one of each per device that ever had a list,
    /// scattered over the heap pages its sessions had used, so those pages stayed resident).
    func forget(_ signature: String) {
        if let entry = queries[signature], entry.query == nil { queries.removeValue(forKey: signature) }
    }

    var liveQueries: Int { queries.values.filter { $0.query != nil }.count }
    /// Entries kept, of live queries and of gone ones not yet dropped.
    var entries: Int { queries.count }
}

struct WeakQuery {
    weak var query: (any AnyLiveQuery)?
}

@MainActor
protocol AnyLiveQuery: AnyObject {
    var table: String { get }
    /// Called once, by the registry that holds it: the query tells it when it goes.
    func registered(as signature: String, in registry: QueryRegistry)
    func refresh(_ change: TableChange, rows: ChangedRows?)
}
