import Foundation
import Jetway
import JetwayStore

/// What to fetch: an entity's objects, filtered by a predicate, in the sort descriptors' order.
public final class NSFetchRequest<ResultType>: @unchecked Sendable {
    /// The name of the entity whose objects are fetched.
    public var entityName: String?
    /// The entity whose objects are fetched, when `entityName` is not set.
    public var entity: NSEntityDescription?
    /// Which objects to fetch (nil: all of them).
    public var predicate: NSPredicate?
    /// The order of the results (objects that compare the same stay in the order they were made).
    public var sortDescriptors: [NSSortDescriptor]?
    /// At most this many results (0: no limit).
    public var fetchLimit = 0
    /// How many of the ordered results to skip first.
    public var fetchOffset = 0
    /// Accepted: every object's values are read with it.
    public var fetchBatchSize = 0
    /// Accepted: objects here are never faults.
    public var returnsObjectsAsFaults = true
    /// Accepted: an object's values are always read with it.
    public var includesPropertyValues = true
    /// Accepted: a fetch always includes the acting page's unsaved changes.
    public var includesPendingChanges = true
    /// Accepted: related objects are read with their entity's objects when first needed.
    public var relationshipKeyPathsForPrefetching: [String]?
    /// `SortDescriptor`s (Swift's), after the `NSSortDescriptor`s: as comparisons, and as given
    /// (for `FetchedResults.sortDescriptors`).
    var orders: [(NSManagedObject, NSManagedObject) -> ComparisonResult] = []
    var swiftSortDescriptors: [SortDescriptor<ResultType>] = []

    /// A request for the objects of the entity named `entityName`.
    public init(entityName: String) { self.entityName = entityName }
    /// A request with no entity yet: set `entityName` or `entity` before fetching.
    public init() {}
}

extension NSPredicate {
    /// A predicate from Core Data's format (`"%K == %@"`, `"title CONTAINS[cd] %@"`,
    /// `"list.title == %@"`, `"category = %@"` with an object), read by JetwayStore's parser and
    /// decided against each object's values (a key path follows to-one relationships; an object
    /// compares by identity). A format it cannot read admits nothing. (Foundation's on Linux
    /// has no format strings.)
    public convenience init(format predicateFormat: String, _ arguments: Any...) {
        self.init(format: predicateFormat, argumentArray: arguments)
    }

    /// A predicate from Core Data's format, its arguments in an array (nil: none), read as `init(format:_:)` reads them.
    public convenience init(format predicateFormat: String, argumentArray arguments: [Any]?) {
        let predicate = StorePredicate.overObjects(format: predicateFormat, argumentArray: (arguments ?? []).map(Self.storable))
        self.init { object, _ in
            guard let object = object as? NSManagedObject else { return false }
            return predicate.evaluate { key in Self.storable(object.value(forKeyPath: key)) }
        }
    }

    /// An argument or a value as the store compares it: an object by its number, a number as
    /// a number, a set as its objects' numbers.
    private static func storable(_ value: Any?) -> Any? {
        switch value {
        case let object as NSManagedObject: object.objectID.serial
        case let id as NSManagedObjectID: id.serial
        case let number as NSNumber: number.doubleValue
        case let set as NSSet: set.allObjects.map { storable($0) }
        case let array as [Any]: array.map { storable($0) }
        default: value
        }
    }
}

extension NSSortDescriptor {
    /// Orders objects by their value for `key` (a dotted path through to-one relationships):
    /// nil first ascending, numbers by value, text as `compare(_:)` orders it.
    public convenience init(key: String?, ascending: Bool) {
        let key = key ?? ""
        self.init(keyPath: \NSManagedObject.self, ascending: ascending) { a, b in
            ManagedOrder.compare((a as? NSManagedObject)?.value(forKeyPath: key), (b as? NSManagedObject)?.value(forKeyPath: key))
        }
    }
}

enum ManagedOrder {
    static func compare(_ a: Any?, _ b: Any?) -> ComparisonResult {
        switch (a, b) {
        case (nil, nil): return .orderedSame
        case (nil, _): return .orderedAscending
        case (_, nil): return .orderedDescending
        default: break
        }
        if let x = a as? String, let y = b as? String { return x.compare(y) }
        if let x = a as? Date, let y = b as? Date { return x.compare(y) }
        if let x = ManagedValues.number(a), let y = ManagedValues.number(b) { return x.compare(y) }
        return .orderedSame
    }
}

extension EnvironmentValues {
    /// The context views fetch from and save to (`.environment(\.managedObjectContext,
    /// container.viewContext)`); an empty one with no store until set.
    public var managedObjectContext: NSManagedObjectContext {
        get { self[ManagedObjectContextKey.self] }
        set { self[ManagedObjectContextKey.self] = newValue }
    }
}

private struct ManagedObjectContextKey: EnvironmentKey {
    static let defaultValue = NSManagedObjectContext(concurrencyType: .mainQueueConcurrencyType)
}

/// A view's live fetch: `@FetchRequest(sortDescriptors: [SortDescriptor(\.title)]) var
/// reminders: FetchedResults<Reminder>`. The results are fetched from the environment's
/// context each time the view renders, and the view renders again whenever the context's
/// objects change (in any page). `reminders.nsPredicate = …` (a search) and
/// `reminders.sortDescriptors = …` change the request, as `$reminders` does.
@propertyWrapper
public struct FetchRequest<Result: NSManagedObject>: DynamicProperty {
    @Environment(\.managedObjectContext) private var context
    @State private var changes = Changes()
    /// The results of the last render's fetch: what the view's handlers index into
    /// (`for index in offsets { context.delete(items[index]) }`), as SwiftUI's results stay
    /// put until the next render.
    @State private var snapshot = Snapshot()
    private let request: NSFetchRequest<Result>

    final class Snapshot {
        var objects: [Result]?
        var request: NSFetchRequest<Result>?
    }

    /// What the view changed of the request.
    struct Changes {
        var predicate: NSPredicate??
        var sort: (ns: [NSSortDescriptor], swift: [SortDescriptor<Result>])?
    }

    /// The request's predicate and order, as `$results` hands them out to change.
    public struct Configuration {
        /// The request's predicate (nil: every object).
        public var nsPredicate: NSPredicate?
        /// The request's `NSSortDescriptor`s.
        public var nsSortDescriptors: [NSSortDescriptor]
        /// The request's Swift `SortDescriptor`s.
        public var sortDescriptors: [SortDescriptor<Result>]
    }

    /// A live fetch of `fetchRequest` (its entity taken from `Result` when it names none); `animation` is accepted and
    /// not used.
    public init(fetchRequest: NSFetchRequest<Result>, animation: Animation? = nil) {
        request = fetchRequest
        if fetchRequest.entityName == nil { fetchRequest.entityName = Result.entity().name }
        NSPersistentStoreCoordinator.remember(Result.self)
    }

    /// A live fetch of `fetchRequest`; `transaction` is accepted and not used.
    public init(fetchRequest: NSFetchRequest<Result>, transaction: Jetway.Transaction) {
        self.init(fetchRequest: fetchRequest)
    }

    /// A live fetch of the objects of `entity` that `predicate` admits, in `sortDescriptors`' order; `animation` is
    /// accepted and not used.
    public init(
        entity: NSEntityDescription, sortDescriptors: [NSSortDescriptor], predicate: NSPredicate? = nil, animation: Animation? = nil
    ) {
        let request = NSFetchRequest<Result>(entityName: entity.name)
        request.sortDescriptors = sortDescriptors
        request.predicate = predicate
        self.init(fetchRequest: request, animation: animation)
    }

    /// A live fetch of the objects of `Result`'s entity that `predicate` admits, in `sortDescriptors`' order;
    /// `animation` is accepted and not used.
    public init(sortDescriptors: [NSSortDescriptor], predicate: NSPredicate? = nil, animation: Animation? = nil) {
        self.init(entity: Result.entity(), sortDescriptors: sortDescriptors, predicate: predicate, animation: animation)
    }

    /// A live fetch of the objects of `Result`'s entity that `predicate` admits, in the order of Swift's
    /// `SortDescriptor`s (`SortDescriptor(\.title)`); `animation` is accepted and not used.
    @_disfavoredOverload
    public init(sortDescriptors: [SortDescriptor<Result>], predicate: NSPredicate? = nil, animation: Animation? = nil) {
        let request = NSFetchRequest<Result>(entityName: Result.entity().name)
        request.predicate = predicate
        request.orders = Self.orders(sortDescriptors)
        request.swiftSortDescriptors = sortDescriptors
        self.init(fetchRequest: request, animation: animation)
    }

    static func orders(_ descriptors: [SortDescriptor<Result>]) -> [(NSManagedObject, NSManagedObject) -> ComparisonResult] {
        descriptors.map { descriptor in
            { a, b in
                guard let a = a as? Result, let b = b as? Result else { return .orderedSame }
                return descriptor.compare(a, b)
            }
        }
    }

    /// Fetches again: called before each `body`.
    public mutating func update() {
        // Views are updated on the main actor; the requirement is not isolated.
        nonisolated(unsafe) let property = self
        MainActor.assumeIsolated {
            let effective = property.effectiveRequest
            property.snapshot.request = effective
            property.snapshot.objects = (try? property.context.fetch(effective)) ?? []
        }
    }

    /// The results of the fetch made before the view's `body`, in order.
    @MainActor public var wrappedValue: FetchedResults<Result> {
        // Read during a render, the view depends on the context's objects and on what it
        // changed of the request (read here, not only in `update()`, so a change renders again).
        context.accessed()
        _ = changes
        let effective = snapshot.request ?? effectiveRequest
        let objects = snapshot.objects ?? (try? context.fetch(effective)) ?? []
        return FetchedResults(objects: objects, request: effective, configuration: projectedValue)
    }

    @MainActor private var effectiveRequest: NSFetchRequest<Result> {
        let effective = NSFetchRequest<Result>(entityName: request.entityName ?? Result.entity().name)
        effective.predicate = changes.predicate ?? request.predicate
        effective.sortDescriptors = changes.sort?.ns ?? request.sortDescriptors
        effective.orders = changes.sort.map { Self.orders($0.swift) } ?? request.orders
        effective.swiftSortDescriptors = changes.sort?.swift ?? request.swiftSortDescriptors
        effective.fetchLimit = request.fetchLimit
        effective.fetchOffset = request.fetchOffset
        return effective
    }

    /// The request's predicate and order as a binding, to change them (a search field's text, a sort menu).
    @MainActor public var projectedValue: Binding<Configuration> {
        let state = $changes
        let request = request
        return Binding(
            get: {
                let changes = state.wrappedValue
                return Configuration(
                    nsPredicate: changes.predicate ?? request.predicate,
                    nsSortDescriptors: changes.sort?.ns ?? request.sortDescriptors ?? [],
                    sortDescriptors: changes.sort?.swift ?? request.swiftSortDescriptors)
            },
            set: { configuration in
                let old = state.wrappedValue
                var changes = old
                changes.predicate = .some(configuration.nsPredicate)
                let current = old.sort ?? (request.sortDescriptors ?? [], request.swiftSortDescriptors)
                if configuration.nsSortDescriptors != current.ns {
                    changes.sort = (configuration.nsSortDescriptors, [])
                } else if configuration.sortDescriptors != current.swift {
                    changes.sort = ([], configuration.sortDescriptors)
                }
                state.wrappedValue = changes
            })
    }
}

/// A fetch's objects, in order. Setting `nsPredicate`, `sortDescriptors` or
/// `nsSortDescriptors` changes the view's request (a search field's text, a sort menu).
public struct FetchedResults<Result: NSManagedObject>: RandomAccessCollection {
    private let objects: [Result]
    private let request: NSFetchRequest<Result>
    private let configuration: Binding<FetchRequest<Result>.Configuration>

    init(objects: [Result], request: NSFetchRequest<Result>, configuration: Binding<FetchRequest<Result>.Configuration>) {
        self.objects = objects
        self.request = request
        self.configuration = configuration
    }

    /// The predicate of the request the results came from; setting it changes the view's request, which fetches again.
    public var nsPredicate: NSPredicate? {
        get { request.predicate }
        nonmutating set { configuration.wrappedValue.nsPredicate = newValue }
    }

    /// The `NSSortDescriptor`s of the request the results came from; setting them changes the view's order (in place of
    /// its Swift sort descriptors).
    public var nsSortDescriptors: [NSSortDescriptor] {
        get { request.sortDescriptors ?? [] }
        nonmutating set { configuration.wrappedValue.nsSortDescriptors = newValue }
    }

    /// The Swift `SortDescriptor`s of the request the results came from; setting them changes the view's order (in place
    /// of its `NSSortDescriptor`s).
    public var sortDescriptors: [SortDescriptor<Result>] {
        get { request.swiftSortDescriptors }
        nonmutating set { configuration.wrappedValue.sortDescriptors = newValue }
    }

    /// The first result's index: 0.
    public var startIndex: Int { objects.startIndex }
    /// The number of results.
    public var endIndex: Int { objects.endIndex }
    /// The result at `position`.
    public subscript(position: Int) -> Result { objects[position] }
}
