import Foundation
import Jetway
import JetwayStore

/// What to fetch: an entity's objects, filtered by a predicate, in the sort descriptors' order.
public final class NSFetchRequest<ResultType: NSFetchRequestResult>: @unchecked Sendable {
    public var entityName: String?
    public var entity: NSEntityDescription?
    public var predicate: NSPredicate?
    public var sortDescriptors: [NSSortDescriptor]?
    public var fetchLimit = 0
    public var fetchOffset = 0
    /// Accepted: every object's values are read with it.
    public var fetchBatchSize = 0
    public var returnsObjectsAsFaults = true
    public var includesPropertyValues = true
    public var includesPendingChanges = true
    public var relationshipKeyPathsForPrefetching: [String]?
    /// `SortDescriptor`s (Swift's), after the `NSSortDescriptor`s.
    var orders: [(NSManagedObject, NSManagedObject) -> ComparisonResult] = []

    public init(entityName: String) { self.entityName = entityName }
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
/// objects change (in any page). `$reminders.nsPredicate` and `.sortDescriptors` change the
/// request.
@propertyWrapper
public struct FetchRequest<Result: NSManagedObject>: DynamicProperty {
    @Environment(\.managedObjectContext) private var context
    @State private var changes = Configuration()
    private let request: NSFetchRequest<Result>

    /// What `$results` changes: the predicate and the order.
    public struct Configuration {
        public var nsPredicate: NSPredicate?
        public var nsSortDescriptors: [NSSortDescriptor]?
        var predicateSet = false
        var sortSet = false

        init() {}

        public var sortDescriptors: [NSSortDescriptor] {
            get { nsSortDescriptors ?? [] }
            set { nsSortDescriptors = newValue }
        }
    }

    public init(fetchRequest: NSFetchRequest<Result>, animation: Animation? = nil) {
        request = fetchRequest
        if fetchRequest.entityName == nil { fetchRequest.entityName = Result.entity().name }
        NSPersistentStoreCoordinator.remember(Result.self)
    }

    public init(fetchRequest: NSFetchRequest<Result>, transaction: Jetway.Transaction) {
        self.init(fetchRequest: fetchRequest)
    }

    public init(
        entity: NSEntityDescription, sortDescriptors: [NSSortDescriptor], predicate: NSPredicate? = nil, animation: Animation? = nil
    ) {
        let request = NSFetchRequest<Result>(entityName: entity.name)
        request.sortDescriptors = sortDescriptors
        request.predicate = predicate
        self.init(fetchRequest: request, animation: animation)
    }

    public init(sortDescriptors: [NSSortDescriptor], predicate: NSPredicate? = nil, animation: Animation? = nil) {
        self.init(entity: Result.entity(), sortDescriptors: sortDescriptors, predicate: predicate, animation: animation)
    }

    @_disfavoredOverload
    public init(sortDescriptors: [SortDescriptor<Result>], predicate: NSPredicate? = nil, animation: Animation? = nil) {
        let request = NSFetchRequest<Result>(entityName: Result.entity().name)
        request.predicate = predicate
        request.orders = sortDescriptors.map { descriptor in
            { a, b in
                guard let a = a as? Result, let b = b as? Result else { return .orderedSame }
                return descriptor.compare(a, b)
            }
        }
        self.init(fetchRequest: request, animation: animation)
    }

    @MainActor public var wrappedValue: FetchedResults<Result> {
        let effective = NSFetchRequest<Result>(entityName: request.entityName ?? Result.entity().name)
        effective.predicate = changes.predicateSet ? changes.nsPredicate : request.predicate
        effective.sortDescriptors = changes.sortSet ? changes.nsSortDescriptors : request.sortDescriptors
        effective.orders = changes.sortSet ? [] : request.orders
        effective.fetchLimit = request.fetchLimit
        effective.fetchOffset = request.fetchOffset
        let objects = (try? context.fetch(effective)) ?? []
        return FetchedResults(objects: objects, predicate: effective.predicate, sortDescriptors: effective.sortDescriptors ?? [])
    }

    @MainActor public var projectedValue: Binding<Configuration> {
        let state = $changes
        let request = request
        return Binding(
            get: {
                var current = state.wrappedValue
                if !current.predicateSet { current.nsPredicate = request.predicate }
                if !current.sortSet { current.nsSortDescriptors = request.sortDescriptors }
                return current
            },
            set: { newValue in
                var changed = newValue
                changed.predicateSet = true
                changed.sortSet = true
                state.wrappedValue = changed
            })
    }
}

/// A fetch's objects, in order.
public struct FetchedResults<Result: NSManagedObject>: RandomAccessCollection {
    private let objects: [Result]
    public let nsPredicate: NSPredicate?
    public let sortDescriptors: [NSSortDescriptor]

    init(objects: [Result], predicate: NSPredicate?, sortDescriptors: [NSSortDescriptor]) {
        self.objects = objects
        nsPredicate = predicate
        self.sortDescriptors = sortDescriptors
    }

    public var startIndex: Int { objects.startIndex }
    public var endIndex: Int { objects.endIndex }
    public subscript(position: Int) -> Result { objects[position] }
}
