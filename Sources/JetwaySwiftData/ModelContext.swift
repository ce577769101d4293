import Foundation
import Jetway

/// Inserts, deletes, fetches and saves a container's models. Every context of a container
/// works on its one set of models (see `ModelGraph`): the main context views get from
/// `@Environment(\.modelContext)`, and any made with `ModelContext(container)`.
public final class ModelContext: Equatable, @unchecked Sendable {
    let graph: ModelGraph

    init(graph: ModelGraph) { self.graph = graph }

    /// A context on `container`'s models.
    public convenience init(_ container: ModelContainer) { self.init(graph: container.graph) }

    /// The container whose models this context works on.
    public var container: ModelContainer { graph.owner ?? ModelContainer(graph: graph) }

    /// Whether changes are saved right after the event that made them (on, as for SwiftData's
    /// main context).
    public var autosaveEnabled: Bool {
        get { graph.autosaveEnabled }
        set { graph.autosaveEnabled = newValue }
    }

    /// Whether the container's models have changes not saved (by any page or context: they share the models).
    public var hasChanges: Bool {
        graph.accessed()
        return graph.hasChanges
    }
    /// The models inserted and not yet saved (by any context of the container).
    public var insertedModelsArray: [any PersistentModel] { Array(graph.inserted.values) }
    /// The saved models changed and not yet saved (by any context of the container).
    public var changedModelsArray: [any PersistentModel] { Array(graph.changed.values) }
    /// The models deleted and not yet saved (by any context of the container).
    public var deletedModelsArray: [any PersistentModel] { Array(graph.deleted.values) }

    /// Inserts `model`, and the models its relationships hold, to be saved.
    public func insert<T: PersistentModel>(_ model: T) { graph.insert(model) }

    /// Deletes `model`: `.cascade` relationships delete what they hold, others let go of it.
    public func delete<T: PersistentModel>(_ model: T) { graph.delete(model) }

    /// Deletes every model of `model` the predicate admits.
    public func delete<T: PersistentModel>(model: T.Type, where predicate: Predicate<T>? = nil, includeSubclasses: Bool = true) throws {
        for found in try fetch(FetchDescriptor<T>(predicate: predicate)) { graph.delete(found) }
    }

    /// Saves every change (all or none); throws when the store cannot take them, or a
    /// `.deny` relationship refuses a delete.
    public func save() throws { try graph.save() }

    /// Forgets the changes since the last save.
    public func rollback() { graph.rollback() }

    /// Runs `block`, then saves its changes (none of them if it throws).
    public func transaction(block: () throws -> Void) throws {
        do {
            try block()
            try save()
        } catch {
            rollback()
            throw error
        }
    }

    /// Changes are applied as they are made: there is nothing pending to process.
    public func processPendingChanges() {}

    /// The models `descriptor` admits, in its order (then in the order they were inserted), unsaved changes included.
    public func fetch<T: PersistentModel>(_ descriptor: FetchDescriptor<T>) throws -> [T] { try graph.fetch(descriptor) }

    /// The models in batches: all of them here (they are in memory).
    public func fetch<T: PersistentModel>(_ descriptor: FetchDescriptor<T>, batchSize: Int) throws -> [T] { try fetch(descriptor) }

    /// How many models `descriptor` admits, within its offset and limit.
    public func fetchCount<T: PersistentModel>(_ descriptor: FetchDescriptor<T>) throws -> Int {
        var counted = descriptor
        counted.fetchLimit = nil
        counted.fetchOffset = nil
        return min(max(0, try fetch(counted).count - (descriptor.fetchOffset ?? 0)), descriptor.fetchLimit ?? .max)
    }

    /// The identities of the models `descriptor` admits, in its order.
    public func fetchIdentifiers<T: PersistentModel>(_ descriptor: FetchDescriptor<T>) throws -> [PersistentIdentifier] {
        try fetch(descriptor).map(\.persistentModelID)
    }

    /// Runs `block` on each model the descriptor admits.
    public func enumerate<T: PersistentModel>(
        _ descriptor: FetchDescriptor<T>, batchSize: Int = 5000, allowEscapingMutations: Bool = false, block: (T) throws -> Void
    ) throws {
        for model in try fetch(descriptor) { try block(model) }
    }

    /// The model with `persistentModelID`, read from the store if need be.
    public func model(for persistentModelID: PersistentIdentifier) -> any PersistentModel {
        guard let model = graph.model(for: persistentModelID) else {
            preconditionFailure("no model with \(persistentModelID) in this context: use registeredModel(for:) to ask whether there is one")
        }
        return model
    }

    /// The model with `persistentModelID` when there is one (and it is a `T`).
    public func registeredModel<T: PersistentModel>(for persistentModelID: PersistentIdentifier) -> T? {
        graph.model(for: persistentModelID) as? T
    }

    /// Whether the two contexts work on the same models (one store's).
    public static func == (a: ModelContext, b: ModelContext) -> Bool { a.graph === b.graph }
}

/// What to fetch: a model type's instances the predicate admits, in the sort descriptors'
/// order, optionally a page of them.
public struct FetchDescriptor<T: PersistentModel>: @unchecked Sendable {
    /// Which models to fetch (nil: all of them).
    public var predicate: Predicate<T>?
    /// The order of the results (models that compare the same stay in the order they were inserted).
    public var sortBy: [SortDescriptor<T>]
    /// At most this many results (nil: no limit).
    public var fetchLimit: Int?
    /// How many of the ordered results to skip first (nil: none).
    public var fetchOffset: Int?
    /// Whether unsaved inserts are fetched (they are by default).
    public var includePendingChanges = true
    /// Accepted: a model's values are all read with it.
    public var propertiesToFetch: [PartialKeyPath<T>] = []
    /// Accepted: relationships are read when first asked for.
    public var relationshipKeyPathsForPrefetching: [PartialKeyPath<T>] = []

    /// A descriptor of the models of `T` that `predicate` admits, in `sortBy`'s order.
    public init(predicate: Predicate<T>? = nil, sortBy: [SortDescriptor<T>] = []) {
        self.predicate = predicate
        self.sortBy = sortBy
    }
}
