import Foundation
import Jetway
import Synchronization

/// Where and how a container keeps its models: a store file (`default.store`, or `<name>.store`,
/// in `JETWAY_DATA`, else `data/` in the working directory; or the `url` given), or memory only.
public struct ModelConfiguration: Hashable, Sendable {
    /// The configuration's name (`default` unless given; the file's name for a configuration with a `url`).
    public let name: String
    /// The store file (`<name>.store` in the data folder, unless given).
    public let url: URL
    /// Whether the models are kept in memory only (gone when the app stops).
    public let isStoredInMemoryOnly: Bool
    /// Whether saving is allowed (when false, `save()` throws `ModelError.saveNotAllowed` and nothing autosaves).
    public let allowsSave: Bool
    /// Models the configuration adds to the container's schema.
    public let schema: Schema?

    /// A configuration of the store `<name>.store` (`default.store`) in `JETWAY_DATA` (else `data/` in the working
    /// directory), or of memory only; `groupContainer` and `cloudKitDatabase` are accepted and not used.
    public init(
        _ name: String? = nil, schema: Schema? = nil, isStoredInMemoryOnly: Bool = false, allowsSave: Bool = true,
        groupContainer: GroupContainer = .automatic, cloudKitDatabase: CloudKitDatabase = .automatic
    ) {
        self.name = name ?? "default"
        self.schema = schema
        self.isStoredInMemoryOnly = isStoredInMemoryOnly
        self.allowsSave = allowsSave
        url = Self.defaultDirectory.appendingPathComponent("\(name ?? "default").store")
    }

    /// A configuration of the store file at `url` (`/dev/null`: memory only); `cloudKitDatabase` is accepted and not used.
    public init(
        _ name: String? = nil, schema: Schema? = nil, url: URL, allowsSave: Bool = true, cloudKitDatabase: CloudKitDatabase = .automatic
    ) {
        self.name = name ?? url.deletingPathExtension().lastPathComponent
        self.schema = schema
        self.url = url
        isStoredInMemoryOnly = url.path == "/dev/null"
        self.allowsSave = allowsSave
    }

    /// The default store, or memory only.
    public init(isStoredInMemoryOnly: Bool) { self.init(nil, isStoredInMemoryOnly: isStoredInMemoryOnly) }

    /// The default store (or memory only), with the models `forTypes`.
    @_disfavoredOverload
    public init(for forTypes: any PersistentModel.Type..., isStoredInMemoryOnly: Bool = false) {
        self.init(nil, schema: Schema(forTypes), isStoredInMemoryOnly: isStoredInMemoryOnly)
    }

    /// The folder stores are kept in: `JETWAY_DATA`, else `data` in the working directory.
    static var defaultDirectory: URL {
        if let data = ProcessInfo.processInfo.environment["JETWAY_DATA"], !data.isEmpty { return URL(fileURLWithPath: data) }
        return URL(fileURLWithPath: FileManager.default.currentDirectoryPath).appendingPathComponent("data")
    }

    /// App groups: one server, so the store is the app's.
    public struct GroupContainer: Hashable, Sendable {
        /// Accepted so SwiftData code compiles; the store is the app's.
        public static let automatic = GroupContainer()
        /// Accepted so SwiftData code compiles; the store is the app's.
        public static let none = GroupContainer()
        /// Accepted so SwiftData code compiles; the store is the app's, whatever `groupName` says.
        public static func identifier(_ groupName: String) -> GroupContainer { GroupContainer() }
    }

    /// iCloud sync: a server's store is its own (not synced).
    public struct CloudKitDatabase: Hashable, Sendable {
        /// Accepted so SwiftData code compiles; the store is not synced.
        public static let automatic = CloudKitDatabase()
        /// Accepted so SwiftData code compiles; the store is not synced.
        public static let none = CloudKitDatabase()
        /// Accepted so SwiftData code compiles; the store is not synced with `containerIdentifier`.
        public static func `private`(_ containerIdentifier: String) -> CloudKitDatabase { CloudKitDatabase() }
    }

    /// Whether the two configurations have the same name, store file, memory-only flag and `allowsSave`.
    public static func == (a: Self, b: Self) -> Bool {
        a.name == b.name && a.url == b.url && a.isStoredInMemoryOnly == b.isStoredInMemoryOnly && a.allowsSave == b.allowsSave
    }
    /// Hashes the configuration by its store file and memory-only flag.
    public func hash(into hasher: inout Hasher) {
        hasher.combine(url)
        hasher.combine(isStoredInMemoryOnly)
    }
}

/// An app's models and the store they are kept in. Containers of one store file share its
/// models (whichever is made first opens it), so `.modelContainer(for: Item.self)` evaluated in
/// many pages works on one set of models; a container in memory has its own.
public final class ModelContainer: @unchecked Sendable {
    /// The container's models, as given.
    public let schema: Schema
    /// The container's configurations; the first one says where the store is (the others add only their schemas).
    public let configurations: [ModelConfiguration]
    let graph: ModelGraph

    /// The context views use (`@Environment(\.modelContext)`), autosaving.
    @MainActor public var mainContext: ModelContext { ModelContext(graph: graph) }

    /// A container of the models `forTypes` (and those they relate to) in the store the first of `configurations` names
    /// (the default store when none is given).
    public convenience init(for forTypes: any PersistentModel.Type..., configurations: ModelConfiguration...) throws {
        try self.init(for: Schema(forTypes), configurations: configurations)
    }

    /// A container of the models `forTypes` in the store the first of `configurations` names, after the custom stages of
    /// `migrationPlan` the store's version calls for.
    public convenience init(
        for forTypes: any PersistentModel.Type..., migrationPlan: (any SchemaMigrationPlan.Type)? = nil,
        configurations: ModelConfiguration...
    ) throws {
        try self.init(for: Schema(forTypes), migrationPlan: migrationPlan, configurations: configurations)
    }

    /// A container of `givenSchema`'s models in the store the first of `configurations` names (the default store when
    /// none is given).
    public convenience init(for givenSchema: Schema, configurations: ModelConfiguration...) throws {
        try self.init(for: givenSchema, migrationPlan: nil, configurations: configurations)
    }

    /// A container of `givenSchema`'s models in the store the first of `configurations` names (the default store when
    /// there is none; a file already open shares its models).
    ///
    /// Throws `ModelError.storeUnavailable` when the file cannot be opened, and what a custom stage of `migrationPlan`
    /// throws (its stages run once, for a store last opened at an older version).
    public init(for givenSchema: Schema, migrationPlan: (any SchemaMigrationPlan.Type)? = nil, configurations: [ModelConfiguration]) throws
    {
        let configuration = configurations.first ?? ModelConfiguration(nil)
        let types = givenSchema.entities + configurations.flatMap { $0.schema?.entities ?? [] }
        schema = givenSchema
        self.configurations = configurations.isEmpty ? [configuration] : configurations
        graph = Self.graph(for: configuration, types: types)
        if let error = graph.openError { throw error }
        if graph.owner == nil { graph.owner = self }
        if let migrationPlan { try Self.migrate(graph, plan: migrationPlan, to: givenSchema.version) }
    }

    /// A container for a graph opened before (a context's).
    init(graph: ModelGraph) {
        self.graph = graph
        schema = Schema(graph.knownTypes)
        configurations = [ModelConfiguration(graph.name)]
    }

    /// Removes every model of the container's store.
    public func deleteAllData() {
        try? graph.deleteAllData()
    }

    // MARK: Stores shared by file

    private static let graphs = Mutex<[String: ModelGraph]>([:])

    static func graph(for configuration: ModelConfiguration, types: [any PersistentModel.Type]) -> ModelGraph {
        guard !configuration.isStoredInMemoryOnly else {
            return ModelGraph(name: configuration.name, path: nil, types: types, allowsSave: configuration.allowsSave)
        }
        let path = configuration.url.standardizedFileURL.path
        let graph = graphs.withLock { graphs in
            if let open = graphs[path], open.openError == nil { return open }
            let graph = ModelGraph(name: configuration.name, path: path, types: types, allowsSave: configuration.allowsSave)
            graphs[path] = graph
            return graph
        }
        for type in types { graph.learn(type) }
        return graph
    }

    /// Forgets the stores opened so far (a test's restart: the next container reads its file).
    static func forgetOpenStores() { graphs.withLock { $0 = [:] } }

    /// Runs the plan's custom stages from the store's version to `version` (once: the store
    /// remembers its version).
    private static func migrate(_ graph: ModelGraph, plan: any SchemaMigrationPlan.Type, to version: Schema.Version) throws {
        let context = ModelContext(graph: graph)
        let stored = graph.schemaVersion
        guard let stored else {
            graph.schemaVersion = version
            return
        }
        for stage in plan.stages {
            guard case .custom(let from, let to, let willMigrate, let didMigrate) = stage,
                from.versionIdentifier >= stored, to.versionIdentifier <= version
            else { continue }
            try willMigrate?(context)
            try context.save()
            try didMigrate?(context)
            try context.save()
        }
        graph.schemaVersion = version
    }
}
