import Foundation
import Observation

/// A live, sorted, filtered list of records, as seed 001's wrapper around Core Data's
/// `NSFetchedResultsController`: `items` is always what the store holds now. A write anywhere
/// (this session, another, a background job, another server process on PostgreSQL) refreshes
/// it within a frame; `willChange` and `didChange` are called around each change, and views
/// that read `items` re-render by themselves (it is `@Observable`).
///
/// ```swift
/// list = FetchedResultList(context: store, sortDescriptors: [NSSortDescriptor(keyPath: \Fruit.name, ascending: true)])
/// list.willChange = { [weak self] in self?.objectWillChange.send() }
/// list.predicate = NSPredicate(format: "name contains[cd] %@", searchText)
/// ```
/// Lists with the same filter and order share one result, however many sessions show them.
@MainActor @Observable
public final class FetchedResultList<Result: Record> {
    /// The store it reads.
    @ObservationIgnored public let store: Store
    /// Called just before `items` changes (as `NSFetchedResultsControllerDelegate`'s
    /// `controllerWillChangeContent`).
    @ObservationIgnored public var willChange: (() -> Void)?
    /// Called just after `items` changed.
    @ObservationIgnored public var didChange: (() -> Void)?
    /// Groups `items` into `sections` by this key's value (sort by it first, as with Core Data).
    @ObservationIgnored public let sectionNameKeyPath: PartialKeyPath<Result>?
    private var live: LiveQuery<Result>
    @ObservationIgnored private var filterValue: StorePredicate?
    @ObservationIgnored private var sortValue: [NSSortDescriptor]
    @ObservationIgnored private var limitValue: Int?
    @ObservationIgnored private var sectionCache: (version: Int, query: ObjectIdentifier, sections: [FetchedSection<Result>])?

    /// A live list of the records of `Result`'s table that `filter` lets through, in `sortDescriptors`' order, at most `fetchLimit`, grouped into sections by `sectionNameKeyPath` when given.
    public init(
        store: Store, filter: StorePredicate? = nil, sortDescriptors: [NSSortDescriptor] = [], fetchLimit: Int? = nil,
        sectionNameKeyPath: PartialKeyPath<Result>? = nil
    ) {
        self.store = store
        self.sectionNameKeyPath = sectionNameKeyPath
        filterValue = filter
        sortValue = sortDescriptors
        limitValue = fetchLimit.map { max(0, $0) }
        live = Self.shared(store, filter, sortDescriptors, limitValue)
        live.attach(self)
    }

    /// Core Data's spelling: `FetchedResultList(context: context, sortDescriptors: […])`.
    public convenience init(
        context: NSManagedObjectContext, filter: StorePredicate? = nil, sortDescriptors: [NSSortDescriptor],
        sectionNameKeyPath: PartialKeyPath<Result>? = nil
    ) {
        self.init(store: context, filter: filter, sortDescriptors: sortDescriptors, sectionNameKeyPath: sectionNameKeyPath)
    }

    private static func shared(_ store: Store, _ filter: StorePredicate?, _ sorts: [NSSortDescriptor], _ limit: Int?) -> LiveQuery<Result> {
        let signature =
            (try? Query<Result>(store: store, predicate: filter, sortDescriptors: sorts).signature).map { "\($0)|\(limit ?? -1)" }
            ?? "invalid|\(Result.table)|\(filter?.description ?? "")|\(sorts.map { "\($0.keyPath)\($0.ascending)" })"
        return store.hub.query(signature) { LiveQuery<Result>(store: store, predicate: filter, sortDescriptors: sorts, limit: limit) }
    }

    /// The records, in order.
    public var items: [Result] { live.items }

    /// Why the list is empty when it should not be (a bad predicate, a lost database).
    public var error: StoreError? { live.error }

    /// The filter; setting it fetches again (nil: every record).
    public var predicate: StorePredicate? {
        get { filterValue }
        set {
            filterValue = newValue
            requery()
        }
    }

    /// The same as `predicate`.
    public var filter: StorePredicate? {
        get { predicate }
        set { predicate = newValue }
    }

    /// The order; setting it fetches again. Ties are broken by id.
    public var sortDescriptors: [NSSortDescriptor] {
        get { sortValue }
        set {
            sortValue = newValue
            requery()
        }
    }

    /// At most this many records, the first in order (nil: all). Setting it fetches again.
    public var fetchLimit: Int? {
        get { limitValue }
        set {
            limitValue = newValue.map { max(0, $0) }
            requery()
        }
    }

    private func requery() {
        let next = Self.shared(store, filterValue, sortValue, limitValue)
        guard next !== live else { return }
        willChange?()
        live.detach(self)
        live = next
        live.attach(self)
        didChange?()
    }

    /// `items` grouped by `sectionNameKeyPath`: one section per run of equal names, in order.
    public var sections: [FetchedSection<Result>] {
        let items = live.items
        guard let keyPath = sectionNameKeyPath else { return [FetchedSection(name: "", items: items)] }
        let identity = ObjectIdentifier(live)
        if let cache = sectionCache, cache.version == live.version, cache.query == identity { return cache.sections }
        var sections: [FetchedSection<Result>] = []
        for item in items {
            let name = Self.name(of: item[keyPath: keyPath])
            if sections.last?.name == name {
                sections[sections.count - 1].items.append(item)
            } else {
                sections.append(FetchedSection(name: name, items: [item]))
            }
        }
        sectionCache = (live.version, identity, sections)
        return sections
    }

    /// A section's name: a raw value's, an optional's contents ("" for nil), or the value's.
    private static func name(of value: Any) -> String {
        let mirror = Mirror(reflecting: value)
        if mirror.displayStyle == .optional {
            guard let inner = mirror.children.first?.value else { return "" }
            return name(of: inner)
        }
        if let value = value as? any RawRepresentable { return "\(value.rawValue)" }
        return "\(value)"
    }
}

/// A run of a list's records with the same section name.
public struct FetchedSection<Result: Record>: Identifiable, Sendable {
    /// The value of the section key its records share, as text.
    public let name: String
    /// Its records, in the list's order.
    public var items: [Result]
    /// The section's name: sections are told apart by it.
    public var id: String { name }
}

/// Core Data's name for what queries run against: here, the store.
public typealias NSManagedObjectContext = Store
