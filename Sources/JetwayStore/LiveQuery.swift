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

    /// The result; read through `items`, changed in place (`withMutation`) so that a change to
    /// one row of 10,000 does not copy the others when nothing else holds them.
    @ObservationIgnored private var rows: [R] = []
    /// The result's records by id, to find a changed row's old place without a pass over all.
    @ObservationIgnored private var byID: [SQLValue: R] = [:]

    var items: [R] {
        access(keyPath: \.items)
        return rows
    }
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
                rows = try made.fetch(limit: limit)
                byID = Self.index(rows)
            } catch {
                self.error = error as? StoreError ?? .statement("", reason: String(describing: error))
            }
        }
    }

    @ObservationIgnored private weak var registry: QueryRegistry?
    @ObservationIgnored private var signature = ""

    func registered(as signature: String, in registry: QueryRegistry) {
        self.signature = signature
        self.registry = registry
    }

    isolated deinit {
        registry?.forget(signature)
    }

    func attach(_ list: FetchedResultList<R>) {
        lists.removeAll { $0.list == nil }
        lists.append(WeakList(list: list))
    }

    /// The list now asks another question: it hears no more of this one's changes.
    func detach(_ list: FetchedResultList<R>) {
        lists.removeAll { $0.list == nil || $0.list === list }
    }

    /// A refresh failed: until one that reads everything succeeds, the rows are not to be
    /// trusted, and changes to a few of them are not applied on top.
    @ObservationIgnored private var needsFullRefresh = false

    private static func index(_ records: [R]) -> [SQLValue: R] {
        var index: [SQLValue: R] = [:]
        index.reserveCapacity(records.count)
        for record in records { index[record.id.sqlValue] = record }
        return index
    }

    func refresh(_ change: TableChange, rows changed: ChangedRows?) {
        guard let query else { return }
        do {
            if change.everything || change.ids.count > Self.incrementalLimit || needsFullRefresh {
                replace(with: try query.fetch(limit: limit))
            } else {
                try apply(change.ids, changed, query)
            }
        } catch {
            // The result stays as it was (a lost connection loses no rows on the page); the
            // error says why it is not fresh, until a later refresh succeeds.
            self.error = error as? StoreError ?? .statement("", reason: String(describing: error))
            needsFullRefresh = true
        }
    }

    /// The rows `ids` read again: those that left taken out, those that match put in their
    /// place. Nothing happens (and no one hears of it) when none of them is or was in the result.
    private func apply(_ ids: Set<SQLValue>, _ changed: ChangedRows?, _ query: Query<R>) throws {
        // The rows read once for every query of the table, decided here; or, when the
        // predicate needs the database, read again with it.
        let fresh = try changed.flatMap { try query.admitted($0) } ?? query.fetch(ids: Array(ids))
        var leaving: [Int] = []
        for id in ids {
            guard let old = byID[id] else { continue }
            leaving.append(position(of: old, id: id, query))
        }
        if fresh.isEmpty && leaving.isEmpty {
            if error != nil { error = nil }
            return
        }
        // A full limited result (its first N) ends at its last row: rows past it that did not
        // change are after it, so only changed rows up to it can be placed here. If too few
        // stay to fill it, only the database knows which rows come next.
        var placed = fresh
        if let limit, rows.count >= limit, let last = rows.last {
            placed = fresh.filter { !query.precedes(last, $0) }
            if rows.count - leaving.count + placed.count < limit { return replace(with: try query.fetch(limit: limit)) }
        }
        // Every changed row falls past the end of a full result: nothing to tell anyone.
        if placed.isEmpty && leaving.isEmpty { return }
        let listeners = lists.compactMap(\.list)
        for list in listeners { list.willChange?() }
        withMutation(keyPath: \.items) {
            for position in leaving.sorted(by: >) { rows.remove(at: position) }
            for id in ids { byID.removeValue(forKey: id) }
            for record in placed {
                rows.insert(record, at: insertion(of: record, query))
                byID[record.id.sqlValue] = record
            }
            if let limit, rows.count > limit {
                for record in rows[limit...] { byID.removeValue(forKey: record.id.sqlValue) }
                rows.removeLast(rows.count - limit)
            }
        }
        error = nil
        version += 1
        for list in listeners { list.didChange?() }
    }

    /// Where `record` goes: the first place whose record comes after it.
    private func insertion(of record: R, _ query: Query<R>) -> Int {
        var low = 0
        var high = rows.count
        while low < high {
            let middle = (low + high) / 2
            if query.precedes(rows[middle], record) { low = middle + 1 } else { high = middle }
        }
        return low
    }

    /// Where the result holds `old` (the order is total: ties go by id), found by its place in
    /// the order; a pass over the result only if that fails.
    private func position(of old: R, id: SQLValue, _ query: Query<R>) -> Int {
        let guess = insertion(of: old, query)
        if guess < rows.count, rows[guess].id.sqlValue == id { return guess }
        return rows.firstIndex { $0.id.sqlValue == id } ?? guess
    }

    /// A whole new result (read again), announced as one change.
    private func replace(with next: [R]) {
        needsFullRefresh = false
        if rows.isEmpty && next.isEmpty && error == nil { return }
        let listeners = lists.compactMap(\.list)
        for list in listeners { list.willChange?() }
        withMutation(keyPath: \.items) {
            rows = next
            byID = Self.index(next)
        }
        error = nil
        version += 1
        for list in listeners { list.didChange?() }
    }
}

struct WeakList<R: Record> {
    weak var list: FetchedResultList<R>?
}
