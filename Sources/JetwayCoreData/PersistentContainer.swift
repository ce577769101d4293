import Foundation
import Jetway
import JetwayStore
import Synchronization

/// The type of a store kept in an SQLite file (JetwayStore's), the default.
public let NSSQLiteStoreType = "SQLite"
/// The type of a store kept in memory only: its objects are gone when the app stops.
public let NSInMemoryStoreType = "InMemory"

/// Where and how a container keeps its objects: an SQLite file (`url`), or memory only (the
/// type `NSInMemoryStoreType`, or the url `/dev/null`, as previews ask).
public final class NSPersistentStoreDescription: @unchecked Sendable, CustomStringConvertible {
    /// The store file's address (nil, or `/dev/null`: the store is kept in memory only).
    public var url: URL?
    /// The store's type: `NSSQLiteStoreType` (the default) or `NSInMemoryStoreType`.
    public var type: String = NSSQLiteStoreType
    /// Accepted: a model's new attributes and entities are read as they come (an object stored
    /// before keeps the values it had; new ones are empty until set).
    public var shouldMigrateStoreAutomatically = true
    /// Accepted: there are no mapping models (see `shouldMigrateStoreAutomatically`).
    public var shouldInferMappingModelAutomatically = true
    /// Accepted: `loadPersistentStores` opens the store at once, whatever this says.
    public var shouldAddStoreAsynchronously = false
    /// Accepted and not enforced: a save still writes to the store.
    public var isReadOnly = false
    /// The name of a model configuration (kept; the store holds every entity).
    public var configuration: String?
    /// The options `setOption(_:forKey:)` set, kept (persistent history and remote-change options change nothing here).
    public private(set) var options: [String: NSObject] = [:]

    /// A description with no file: a store in memory only, until `url` is set.
    public init() {}
    /// A description of the SQLite store file at `url`.
    public init(url: URL) { self.url = url }

    /// Keeps `option` for `key` (nil removes it).
    public func setOption(_ option: NSObject?, forKey key: String) { options[key] = option }

    var isInMemory: Bool { type == NSInMemoryStoreType || url == nil || url?.path == "/dev/null" }
    /// The description's type and file path, for logs.
    public var description: String { "<NSPersistentStoreDescription type: \(type), url: \(url?.path ?? "none")>" }
}

/// Keeps a model's objects in a store: an SQLite file (JetwayStore's `ObjectRowTable`), one
/// row per object (its entity, its number, its values as JSON), all read when the store is
/// loaded and written in one transaction per save.
public final class NSPersistentStoreCoordinator: @unchecked Sendable {
    /// The model whose objects the store keeps.
    public let managedObjectModel: NSManagedObjectModel
    private var table: ObjectRowTable?
    /// The saved objects, by entity: number → values (attributes; relationships as IDs).
    private var rows: [String: [Int64: [String: Any]]] = [:]
    private var lastSerial: Int64 = 0
    /// The app's entity classes by name, learned as they are used (`Reminder.self`).
    private static let classes = Mutex<[String: NSManagedObject.Type]>([:])
    /// The modules those classes are in: where a class not yet used is looked for.
    private static let modules = Mutex<Set<String>>([])

    /// A coordinator for `model`'s objects, with no store open yet (`addPersistentStore` opens one).
    public init(managedObjectModel model: NSManagedObjectModel) {
        managedObjectModel = model
    }

    /// The open store file's path.
    private var loadedPath: String?
    /// The container's context, told when the store under it is destroyed or replaced.
    weak var viewContext: NSManagedObjectContext?

    func nextSerial() -> Int64 {
        lastSerial += 1
        return lastSerial
    }

    // MARK: The app's classes

    /// Notes the class of a fetch's results (and so the module the app's classes are in).
    func learn(_ type: Any.Type) {
        guard let managed = type as? NSManagedObject.Type, managed != NSManagedObject.self else { return }
        Self.remember(managed)
    }

    static func remember(_ type: NSManagedObject.Type) {
        let name = String(describing: type)
        classes.withLock { $0[name] = type }
        let full = String(reflecting: type)
        if let dot = full.firstIndex(of: ".") { _ = modules.withLock { $0.insert(String(full[..<dot])) } }
    }

    /// The class of `entity`'s objects: one used already, else found by name in the app's
    /// module, else `NSManagedObject` (its values are read by key).
    func objectClass(for entity: NSEntityDescription) -> NSManagedObject.Type {
        let name = entity.managedObjectClassName
        if let known = Self.classes.withLock({ $0[name] }) { return known }
        let candidates =
            [AppLaunch.appModule].compactMap { $0 } + Self.modules.withLock { Array($0) } + [ProcessInfo.processInfo.processName]
        for module in candidates {
            if let type = _typeByName("\(module).\(name)") as? NSManagedObject.Type {
                Self.remember(type)
                return type
            }
        }
        return NSManagedObject.self
    }

    // MARK: The store

    /// Opens the store `description` names and reads its objects.
    func load(_ description: NSPersistentStoreDescription) throws {
        guard !description.isInMemory, let url = description.url else { return }
        let table = try ObjectRowTable(path: url.path, table: "jetway_core_data")
        loadedPath = url.standardizedFileURL.path
        for row in table.rows {
            guard let entity = managedObjectModel.entitiesByName[row.entity] else { continue }
            rows[row.entity, default: [:]][row.id] = decode(row.values, of: entity)
        }
        lastSerial = max(lastSerial, table.lastSerial)
        self.table = table
    }

    /// Deletes the store file at `url` (and its journals); when it is the open store, closes it
    /// and forgets its objects (every page's unsaved changes with them, as on a device).
    func destroyStore(at url: URL) throws {
        let isOpen = loadedPath == url.standardizedFileURL.path
        if isOpen {
            table = nil
            rows = [:]
            loadedPath = nil
        }
        for suffix in ["", "-wal", "-shm", "-journal"] {
            let path = url.path + suffix
            if FileManager.default.fileExists(atPath: path) { try FileManager.default.removeItem(atPath: path) }
        }
        if isOpen { viewContext?.discardAll() }
    }

    /// Opens the store `description` names in place of the one open (its objects replace theirs).
    func replaceStore(_ description: NSPersistentStoreDescription) throws {
        table = nil
        rows = [:]
        loadedPath = nil
        try load(description)
        viewContext?.discardAll()
    }

    /// The saved objects of `entity`.
    func stored(_ entity: NSEntityDescription) -> [Int64: [String: Any]] { rows[entity.name] ?? [:] }

    /// Writes `saving` and removes `deleting`, all or nothing.
    func write(_ saving: [NSManagedObject], deleting: [NSManagedObjectID]) throws {
        if let table {
            table.noteSerial(lastSerial)
            try table.write(
                saving.map { ObjectRowTable.Row(id: $0.objectID.serial, entity: $0.entity.name, values: encode($0.values, of: $0.entity)) },
                deleting: deleting.map(\.serial))
        }
        for object in saving { rows[object.entity.name, default: [:]][object.objectID.serial] = object.values }
        for id in deleting { rows[id.entity.name]?[id.serial] = nil }
    }

    // MARK: Values as JSON

    private func encode(_ values: [String: Any], of entity: NSEntityDescription) -> [String: Any] {
        var json: [String: Any] = [:]
        for (key, value) in values {
            if let relationship = entity.relationshipsByName[key] {
                if relationship.isToMany {
                    json[key] = (value as? [NSManagedObjectID] ?? []).map(\.serial)
                } else if let id = value as? NSManagedObjectID {
                    json[key] = id.serial
                }
                continue
            }
            guard let attribute = entity.attributesByName[key] else { continue }
            switch attribute.attributeType {
            case .dateAttributeType: if let date = value as? Date { json[key] = date.timeIntervalSince1970 }
            case .binaryDataAttributeType: if let data = value as? Data { json[key] = data.base64EncodedString() }
            case .UUIDAttributeType: if let uuid = value as? UUID { json[key] = uuid.uuidString }
            case .URIAttributeType: if let url = value as? URL { json[key] = url.absoluteString }
            case .stringAttributeType: if let text = value as? String { json[key] = text }
            case .booleanAttributeType: if let number = ManagedValues.number(value) { json[key] = number.boolValue }
            case .integer16AttributeType, .integer32AttributeType, .integer64AttributeType:
                if let number = ManagedValues.number(value) { json[key] = number.int64Value }
            case .doubleAttributeType, .floatAttributeType, .decimalAttributeType:
                if let number = ManagedValues.number(value) { json[key] = number.doubleValue }
            case .transformableAttributeType, .undefinedAttributeType: break
            }
        }
        return json
    }

    private func decode(_ json: [String: Any], of entity: NSEntityDescription) -> [String: Any] {
        var values: [String: Any] = [:]
        for (key, value) in json {
            if let relationship = entity.relationshipsByName[key] {
                guard let destination = managedObjectModel.entitiesByName[relationship.destinationEntityName] else { continue }
                if let serials = value as? [Any] {
                    values[key] = serials.compactMap { ManagedValues.number($0)?.int64Value }.map {
                        NSManagedObjectID(entity: destination, serial: $0)
                    }
                } else if let serial = ManagedValues.number(value)?.int64Value {
                    values[key] = NSManagedObjectID(entity: destination, serial: serial)
                }
                continue
            }
            guard let attribute = entity.attributesByName[key] else { continue }
            let number = ManagedValues.number(value)
            switch attribute.attributeType {
            case .dateAttributeType: values[key] = number.map { Date(timeIntervalSince1970: $0.doubleValue) }
            case .binaryDataAttributeType: values[key] = (value as? String).flatMap { Data(base64Encoded: $0) }
            case .UUIDAttributeType: values[key] = (value as? String).flatMap(UUID.init(uuidString:))
            case .URIAttributeType: values[key] = (value as? String).flatMap(URL.init(string:))
            case .stringAttributeType: values[key] = value as? String
            case .booleanAttributeType: values[key] = number?.boolValue
            case .integer16AttributeType: values[key] = number.map { Int16(clamping: $0.int64Value) }
            case .integer32AttributeType: values[key] = number.map { Int32(clamping: $0.int64Value) }
            case .integer64AttributeType: values[key] = number?.int64Value
            case .doubleAttributeType: values[key] = number?.doubleValue
            case .floatAttributeType: values[key] = number?.floatValue
            case .decimalAttributeType: values[key] = number.map { Decimal($0.doubleValue) }
            case .transformableAttributeType, .undefinedAttributeType: break
            }
        }
        return values
    }
}

/// An app's Core Data stack: its model (the `.xcdatamodeld` of that name), a store file in
/// `defaultDirectoryURL()` (`JETWAY_DATA`, else `data/` in the working directory), and the
/// view context every page shares.
open class NSPersistentContainer: @unchecked Sendable {
    /// The container's name: its model's, and its store file's (`<name>.sqlite`).
    public let name: String
    /// The model, found by the container's name (an empty one when none was found).
    public let managedObjectModel: NSManagedObjectModel
    /// The coordinator of the container's store.
    public let persistentStoreCoordinator: NSPersistentStoreCoordinator
    /// The one context every page shares (`.environment(\.managedObjectContext, container.viewContext)` gives it to the
    /// views).
    public let viewContext: NSManagedObjectContext
    /// The stores `loadPersistentStores` opens: at first `<name>.sqlite` in `defaultDirectoryURL()`; set another (a
    /// `/dev/null` url for previews) before loading.
    public var persistentStoreDescriptions: [NSPersistentStoreDescription]
    /// Why the model could not be found, told to `loadPersistentStores`' handler.
    private let modelError: NSError?

    /// A container for the model named `name` (registered, or found in `NSManagedObjectModel.searchFolders`); when there
    /// is none, `loadPersistentStores` hands its handler the error saying where it looked.
    public convenience init(name: String) {
        if let model = NSManagedObjectModel.named(name) {
            self.init(name: name, managedObjectModel: model)
        } else {
            let folders = NSManagedObjectModel.searchFolders.map(\.path).joined(separator: ", ")
            self.init(
                name: name, managedObjectModel: NSManagedObjectModel(.init(name: name, entities: [])),
                modelError: NSManagedObjectContext.error(
                    134_070,
                    "no Core Data model named \(name) (a \(name).xcdatamodeld folder) in \(folders): set JETWAY_ASSETS to the folder that holds it"
                ))
        }
    }

    /// A container named `name` for `model`, which it registers (so the entity classes' `entity()` find it).
    public convenience init(name: String, managedObjectModel model: NSManagedObjectModel) {
        self.init(name: name, managedObjectModel: model, modelError: nil)
    }

    private init(name: String, managedObjectModel model: NSManagedObjectModel, modelError: NSError?) {
        // Its entities are what `Reminder.entity()` finds.
        if modelError == nil { NSManagedObjectModel.register(model) }
        self.name = name
        managedObjectModel = model
        self.modelError = modelError
        persistentStoreCoordinator = NSPersistentStoreCoordinator(managedObjectModel: model)
        viewContext = NSManagedObjectContext(coordinator: persistentStoreCoordinator)
        persistentStoreCoordinator.viewContext = viewContext
        persistentStoreDescriptions = [
            NSPersistentStoreDescription(url: Self.defaultDirectoryURL().appendingPathComponent("\(name).sqlite"))
        ]
    }

    /// The folder stores are kept in: `JETWAY_DATA`, else `data` in the working directory.
    open class func defaultDirectoryURL() -> URL {
        if let data = ProcessInfo.processInfo.environment["JETWAY_DATA"], !data.isEmpty { return URL(fileURLWithPath: data) }
        return URL(fileURLWithPath: FileManager.default.currentDirectoryPath).appendingPathComponent("data")
    }

    /// Opens each store and reads its objects; `block` hears each, with the error if it failed
    /// (no model of the container's name, a file that cannot be opened).
    public func loadPersistentStores(completionHandler block: @escaping (NSPersistentStoreDescription, (any Error)?) -> Void) {
        for description in persistentStoreDescriptions {
            if let modelError {
                block(description, modelError)
                continue
            }
            do {
                try persistentStoreCoordinator.load(description)
                block(description, nil)
            } catch {
                block(description, error)
            }
        }
    }

    /// The view context: one context serves the app here.
    public func newBackgroundContext() -> NSManagedObjectContext { viewContext }

    /// Runs `block` with the view context, at once.
    public func performBackgroundTask(_ block: @escaping (NSManagedObjectContext) -> Void) { block(viewContext) }
}

/// A container that would also sync through iCloud: here its objects are kept as an
/// `NSPersistentContainer`'s are, on the server, shared by every visitor (there is no iCloud
/// to sync with: docs/coredata.md).
open class NSPersistentCloudKitContainer: NSPersistentContainer, @unchecked Sendable {}
