import Foundation
import Observation

/// The live result of one query, shared by every `FetchedResultList` that asks the same
/// question. A change to a few rows is applied in place (those rows are read again and put
/// where the order says); a change the store cannot name reads the whole result again.
@MainActor @Observable
final class LiveQuery<R: Record>: AnyLiveQuery {
    @ObservationIgnored let query: Query<R>?
    @ObservationIgnored let table = R.table
    @ObservationIgnored private var lists: [WeakList<R>] = []
    /// Beyond this many changed rows a refresh reads the whole result.
    @ObservationIgnored static var incrementalLimit: Int { 256 }

    private(set) var items: [R] = []
    private(set) var error: StoreError?
    /// Counts the result's changes (sections are recomputed when it moves).
    private(set) var version = 0

    /// At most this many records (the first in order), if set.
    @ObservationIgnored let limit: Int?

    init(store: Store, predicate: StorePredicate?, sortDescriptors: [NSSortDescriptor], limit: Int?) {
        self.limit = limit
        let made: Query<R>?
        do {
            made = try Query<R>(store: store, predicate: predicate, sortDescriptors: sortDescriptors)
        } catch {
            made = nil
            self.error = error as? StoreError ?? .statement("", reason: String(describing: error))
        }
        query = made
        if let made {
            do {
                items = try made.fetch(limit: limit)
            } catch {
                self.error = error as? StoreError ?? .statement("", reason: String(describing: error))
            }
        }
    }

    func attach(_ list: FetchedResultList<R>) {
        lists.removeAll { $0.list == nil }
        lists.append(WeakList(list: list))
    }

    func refresh(_ change: TableChange, rows: ChangedRows?) {
        guard let query else { return }
        do {
            let next: [R]
            if change.everything || change.ids.count > Self.incrementalLimit {
                next = try query.fetch(limit: limit)
            } else {
                guard let updated = try applied(change.ids, rows, query) else { return }
                next = updated
            }
            publish(next, error: nil)
        } catch {
            // The result stays as it was (a lost connection loses no rows on the page); the
            // error says why it is not fresh, until a later refresh succeeds.
            self.error = error as? StoreError ?? .statement("", reason: String(describing: error))
        }
    }

    /// The result with the rows `ids` read again; nil when none of them is or was in it.
    private func applied(_ ids: Set<SQLValue>, _ rows: ChangedRows?, _ query: Query<R>) throws -> [R]? {
        // The rows read once for every query of the table, decided here; or, when the
        // predicate needs the database, read again with it.
        let fresh = try rows.flatMap { try query.admitted($0) } ?? query.fetch(ids: Array(ids))
        var next = items
        let before = next.count
        next.removeAll { ids.contains($0.id.sqlValue) }
        if fresh.isEmpty && next.count == before { return nil }
        // A limited result that lost a row may now have room for one it did not hold: only
        // the database knows which.
        if let limit, before >= limit, next.count < before { return try query.fetch(limit: limit) }
        for record in fresh {
            // The first place whose record comes after this one.
            var low = 0
            var high = next.count
            while low < high {
                let middle = (low + high) / 2
                if query.precedes(next[middle], record) { low = middle + 1 } else { high = middle }
            }
            next.insert(record, at: low)
        }
        if let limit, next.count > limit { next.removeLast(next.count - limit) }
        return next
    }

    private func publish(_ next: [R], error: StoreError?) {
        if items.isEmpty && next.isEmpty && self.error == nil && error == nil { return }
        let listeners = lists.compactMap(\.list)
        for list in listeners { list.willChange?() }
        items = next
        self.error = error
        version += 1
        for list in listeners { list.didChange?() }
    }
}

struct WeakList<R: Record> {
    weak var list: FetchedResultList<R>?
}
