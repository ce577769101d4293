import Foundation
import Jetway

/// A view's live fetch: `@Query(sort: \Trip.start, order: .reverse) var trips: [Trip]`. The
/// models are fetched from the environment's context each time the view renders, and the view
/// renders again whenever the container's models change (in any page).
@propertyWrapper
public struct Query<Element: PersistentModel, Result: Sequence>: DynamicProperty where Result.Element == Element {
    @Environment(\.modelContext) private var context
    /// The last render's results: what the view's handlers index into (`for index in offsets {
    /// context.delete(trips[index]) }`), as SwiftUI's stay put until the next render.
    @State private var snapshot = Snapshot()
    private let descriptor: FetchDescriptor<Element>

    final class Snapshot {
        var models: [Element]?
        var error: (any Error)?
    }

    init(descriptor: FetchDescriptor<Element>) { self.descriptor = descriptor }

    /// Every model of `Element`, in the order they were inserted. (Here, not with the other
    /// initialisers, so that `@Query var trips: [Trip]` finds it.)
    public init() { self.init(descriptor: FetchDescriptor()) }

    /// Fetches again: called before each `body`.
    public mutating func update() {
        nonisolated(unsafe) let property = self
        MainActor.assumeIsolated { property.refresh() }
    }

    @MainActor private func refresh() {
        do {
            snapshot.models = try context.fetch(descriptor)
            snapshot.error = nil
        } catch {
            snapshot.models = []
            snapshot.error = error
        }
    }

    /// The models of the fetch made before the view's `body`, in order (none when it failed: see `fetchError`).
    @MainActor public var wrappedValue: Result {
        // Read during a render: the view depends on the container's models.
        context.graph.accessed()
        if snapshot.models == nil { refresh() }
        // `Result` is `[Element]`: the only initialisers are those below.
        return (snapshot.models ?? []) as! Result
    }

    /// The context the query fetches from.
    @MainActor public var modelContext: ModelContext { context }
    /// Why the last fetch failed (a predicate that threw), if it did.
    @MainActor public var fetchError: (any Error)? { snapshot.error }
}

extension Query where Result == [Element] {
    /// A live fetch of `descriptor`; `animation` is accepted and not used.
    public init(_ descriptor: FetchDescriptor<Element>, animation: Animation = .default) {
        self.init(descriptor: descriptor)
    }

    /// A live fetch of `descriptor`; `transaction` is accepted and not used.
    public init(_ descriptor: FetchDescriptor<Element>, transaction: Jetway.Transaction) {
        self.init(descriptor: descriptor)
    }

    /// A live fetch of the models `filter` admits, in the order of `descriptors`; `animation` is accepted and not used.
    public init(filter: Predicate<Element>? = nil, sort descriptors: [SortDescriptor<Element>] = [], animation: Animation = .default) {
        self.init(descriptor: FetchDescriptor(predicate: filter, sortBy: descriptors))
    }

    /// A live fetch of the models `filter` admits, in the order of `descriptors`; `transaction` is accepted and not used.
    public init(filter: Predicate<Element>? = nil, sort descriptors: [SortDescriptor<Element>] = [], transaction: Jetway.Transaction) {
        self.init(descriptor: FetchDescriptor(predicate: filter, sortBy: descriptors))
    }

    /// A live fetch of the models `filter` admits, sorted by `keyPath` in `order`; `animation` is accepted and not used.
    public init<Value: Comparable>(
        filter: Predicate<Element>? = nil, sort keyPath: KeyPath<Element, Value> & Sendable, order: SortOrder = .forward,
        animation: Animation = .default
    ) {
        self.init(descriptor: FetchDescriptor(predicate: filter, sortBy: [SortDescriptor(keyPath, order: order)]))
    }

    /// A live fetch of the models `filter` admits, sorted by the optional value at `keyPath` in `order`; `animation` is
    /// accepted and not used.
    public init<Value: Comparable>(
        filter: Predicate<Element>? = nil, sort keyPath: KeyPath<Element, Value?> & Sendable, order: SortOrder = .forward,
        animation: Animation = .default
    ) {
        self.init(descriptor: FetchDescriptor(predicate: filter, sortBy: [SortDescriptor(keyPath, order: order)]))
    }

    /// A live fetch of the models `filter` admits, in `descriptor`'s order; `animation` is accepted and not used.
    public init(filter: Predicate<Element>? = nil, sort descriptor: SortDescriptor<Element>, animation: Animation = .default) {
        self.init(descriptor: FetchDescriptor(predicate: filter, sortBy: [descriptor]))
    }
}

extension EnvironmentValues {
    /// The context views insert into, delete from and fetch with: the main context of the
    /// container `.modelContainer(…)` gave the views; until then, one of a container in memory.
    public var modelContext: ModelContext {
        get { self[ModelContextKey.self] }
        set { self[ModelContextKey.self] = newValue }
    }
}

private struct ModelContextKey: EnvironmentKey {
    static let defaultValue = ModelContext(graph: ModelGraph(name: "default", path: nil, types: [], allowsSave: true))
}

/// The containers `.modelContainer(for:)` makes, by what it was given: one per store, made
/// once, however many times a body asks (an in-memory one would otherwise start empty each
/// render).
enum ModifierContainers {
    nonisolated(unsafe) private static var made: [String: ModelContainer] = [:]

    @MainActor static func container(
        for types: [any PersistentModel.Type], inMemory: Bool, isAutosaveEnabled: Bool,
        onSetup: (Swift.Result<ModelContainer, any Error>) -> Void
    ) -> ModelContainer? {
        let key = types.map { String(reflecting: $0) }.sorted().joined(separator: ",") + (inMemory ? "|memory" : "")
        if let container = made[key] { return container }
        do {
            let container = try ModelContainer(for: Schema(types), configurations: [ModelConfiguration(isStoredInMemoryOnly: inMemory)])
            container.graph.autosaveEnabled = isAutosaveEnabled
            made[key] = container
            onSetup(.success(container))
            return container
        } catch {
            ModelGraph.log.error(
                "the model container for \(key, privacy: .public) cannot be made: \(String(describing: error), privacy: .public)")
            onSetup(.failure(error))
            return nil
        }
    }
}

extension View {
    /// Gives the views the container's main context (`@Environment(\.modelContext)`, `@Query`).
    public func modelContainer(_ container: ModelContainer) -> some View {
        environment(\.modelContext, ModelContext(graph: container.graph))
    }

    /// Gives the views the main context of a container for `modelType` (and the models it
    /// relates to): the default store file, or memory.
    public func modelContainer(
        for modelType: any PersistentModel.Type, inMemory: Bool = false, isAutosaveEnabled: Bool = true, isUndoEnabled: Bool = false,
        onSetup: @escaping (Swift.Result<ModelContainer, any Error>) -> Void = { _ in }
    ) -> some View {
        modelContainer(
            for: [modelType], inMemory: inMemory, isAutosaveEnabled: isAutosaveEnabled, isUndoEnabled: isUndoEnabled, onSetup: onSetup)
    }

    /// Gives the views the main context of a container for `modelTypes` (and the models they relate to): the default
    /// store file, or memory.
    ///
    /// The container is made once for these types (`onSetup` hears of it then, or of the error, and the views then get
    /// an empty container in memory); `isAutosaveEnabled` sets autosave for every context of its store.
    /// `isUndoEnabled` is accepted and not used.
    public func modelContainer(
        for modelTypes: [any PersistentModel.Type], inMemory: Bool = false, isAutosaveEnabled: Bool = true, isUndoEnabled: Bool = false,
        onSetup: @escaping (Swift.Result<ModelContainer, any Error>) -> Void = { _ in }
    ) -> some View {
        let container = MainActor.assumeIsolated {
            ModifierContainers.container(for: modelTypes, inMemory: inMemory, isAutosaveEnabled: isAutosaveEnabled, onSetup: onSetup)
        }
        return environment(\.modelContext, container.map { ModelContext(graph: $0.graph) } ?? EnvironmentValues().modelContext)
    }

    /// Gives the views `context`.
    public func modelContext(_ context: ModelContext) -> some View {
        environment(\.modelContext, context)
    }
}

extension Scene {
    /// Gives every window's views the container's main context.
    public func modelContainer(_ container: ModelContainer) -> some Scene {
        environment(\.modelContext, ModelContext(graph: container.graph))
    }

    /// Gives every window's views the main context of a container for `modelType` (and the models it relates to), as
    /// the view modifier of the same name does.
    public func modelContainer(
        for modelType: any PersistentModel.Type, inMemory: Bool = false, isAutosaveEnabled: Bool = true, isUndoEnabled: Bool = false,
        onSetup: @escaping (Swift.Result<ModelContainer, any Error>) -> Void = { _ in }
    ) -> some Scene {
        modelContainer(
            for: [modelType], inMemory: inMemory, isAutosaveEnabled: isAutosaveEnabled, isUndoEnabled: isUndoEnabled, onSetup: onSetup)
    }

    /// Gives every window's views the main context of a container for `modelTypes` (and the models they relate to), as
    /// the view modifier of the same name does.
    public func modelContainer(
        for modelTypes: [any PersistentModel.Type], inMemory: Bool = false, isAutosaveEnabled: Bool = true, isUndoEnabled: Bool = false,
        onSetup: @escaping (Swift.Result<ModelContainer, any Error>) -> Void = { _ in }
    ) -> some Scene {
        let container = MainActor.assumeIsolated {
            ModifierContainers.container(for: modelTypes, inMemory: inMemory, isAutosaveEnabled: isAutosaveEnabled, onSetup: onSetup)
        }
        return environment(\.modelContext, container.map { ModelContext(graph: $0.graph) } ?? EnvironmentValues().modelContext)
    }

    /// Gives every window's views `context`.
    public func modelContext(_ context: ModelContext) -> some Scene {
        environment(\.modelContext, context)
    }
}
