import Foundation

// Core Data's requests that act on the store directly, its persistent-history options and its
// store management, as the Core Data stacks of SwiftUI apps use them (a "delete all" button,
// a backup restored, a CloudKit-ready description).

/// A request a context executes against the store (`context.execute(request)`).
open class NSPersistentStoreRequest: @unchecked Sendable {
    public init() {}
}

/// What a request's execution returns.
open class NSPersistentStoreResult: @unchecked Sendable {}

/// What a batch delete returns: nothing, the deleted objects' IDs, or how many.
public enum NSBatchDeleteRequestResultType: UInt, Sendable {
    case resultTypeStatusOnly = 0, resultTypeObjectIDs = 1, resultTypeCount = 2
}

/// Deletes every stored object a fetch request matches (or the objects of `objectIDs`) in the
/// store at once, without saving the context's other changes (an unsaved insert is not in the
/// store, and stays). The objects leave the context too (on a device they stay until
/// `mergeChanges(fromRemoteContextSave:into:)`; here there is one context, so merging the result
/// is accepted and has nothing left to do). The model's cascade and nullify rules are applied,
/// and what they change is written with the deletions.
open class NSBatchDeleteRequest: NSPersistentStoreRequest, @unchecked Sendable {
    let fetchRequest: NSFetchRequest<NSFetchRequestResult>?
    let objectIDs: [NSManagedObjectID]?
    open var resultType = NSBatchDeleteRequestResultType.resultTypeStatusOnly

    public init(fetchRequest: NSFetchRequest<NSFetchRequestResult>) {
        self.fetchRequest = fetchRequest
        objectIDs = nil
        super.init()
    }

    public init(objectIDs: [NSManagedObjectID]) {
        fetchRequest = nil
        self.objectIDs = objectIDs
        super.init()
    }
}

/// A batch delete's result: `true` (status only), the deleted IDs, or their count.
open class NSBatchDeleteResult: NSPersistentStoreResult, @unchecked Sendable {
    public let result: Any?
    init(result: Any?) { self.result = result }
}

/// The keys of a save's changes (`[NSDeletedObjectsKey: ids]` for `mergeChanges`).
public let NSInsertedObjectsKey = "inserted"
public let NSUpdatedObjectsKey = "updated"
public let NSDeletedObjectsKey = "deleted"
public let NSRefreshedObjectsKey = "refreshed"
public let NSInvalidatedObjectsKey = "invalidated"

/// Store options of persistent history and remote-change notifications (for syncing through
/// iCloud): accepted and kept in the description; the store here is the server's, with no
/// other process writing to it, so no remote change is ever posted.
public let NSPersistentHistoryTrackingKey = "NSPersistentHistoryTrackingKey"
public let NSPersistentStoreRemoteChangeNotificationPostOptionKey = "NSPersistentStoreRemoteChangeNotificationOptionKey"

extension Notification.Name {
    /// Posted when another process changed the store: never, here (see the options above).
    public static let NSPersistentStoreRemoteChange = Notification.Name("NSPersistentStoreRemoteChangeNotification")
}

extension NSManagedObjectContext {
    /// Executes a store request: a batch delete.
    @discardableResult
    public func execute(_ request: NSPersistentStoreRequest) throws -> NSPersistentStoreResult {
        guard let delete = request as? NSBatchDeleteRequest else {
            throw Self.error(134_091, "\(type(of: request)) is not a request this store executes (batch deletes are)")
        }
        let targets: [NSManagedObject]
        if let fetch = delete.fetchRequest {
            targets = try self.fetch(fetch).compactMap { $0 as? NSManagedObject }
        } else {
            targets = (delete.objectIDs ?? []).compactMap { registeredObject(for: $0) }.filter { !$0.isDeleted }
        }
        let ids = try batchDelete(targets)
        switch delete.resultType {
        case .resultTypeStatusOnly: return NSBatchDeleteResult(result: true)
        case .resultTypeObjectIDs: return NSBatchDeleteResult(result: ids)
        case .resultTypeCount: return NSBatchDeleteResult(result: ids.count)
        }
    }

    /// Brings a save made elsewhere into `contexts`: here every change is in the one context
    /// already (a batch delete removed its objects), so there is nothing left to bring.
    public static func mergeChanges(
        fromRemoteContextSave changeNotificationData: [AnyHashable: Any], into contexts: [NSManagedObjectContext]
    ) {
        for context in contexts { context.changed() }
    }
}

/// How a context settles a conflict between its changes and the store's: one context here,
/// so there is none to settle; kept as the app sets it.
open class NSMergePolicy: @unchecked Sendable {
    public enum MergeType: UInt, Sendable {
        case errorMergePolicyType = 0, mergeByPropertyStoreTrumpMergePolicyType, mergeByPropertyObjectTrumpMergePolicyType
        case overwriteMergePolicyType, rollbackMergePolicyType
    }

    public let mergeType: MergeType
    public init(merge type: MergeType) { mergeType = type }

    public static let error = NSMergePolicy(merge: .errorMergePolicyType)
    public static let mergeByPropertyStoreTrump = NSMergePolicy(merge: .mergeByPropertyStoreTrumpMergePolicyType)
    public static let mergeByPropertyObjectTrump = NSMergePolicy(merge: .mergeByPropertyObjectTrumpMergePolicyType)
    public static let overwrite = NSMergePolicy(merge: .overwriteMergePolicyType)
    public static let rollback = NSMergePolicy(merge: .rollbackMergePolicyType)
}

/// The kinds of store (`addPersistentStore(type: .sqlite, at:)`).
public struct NSPersistentStoreType: Hashable, Sendable {
    public let rawValue: String
    public init(rawValue: String) { self.rawValue = rawValue }
    public static let sqlite = NSPersistentStoreType(rawValue: NSSQLiteStoreType)
    public static let inMemory = NSPersistentStoreType(rawValue: NSInMemoryStoreType)
}

extension NSPersistentStoreCoordinator {
    /// Deletes the store at `url` (its file, and the objects read from it: the context reads
    /// again from what is added next).
    public func destroyPersistentStore(at url: URL, type storeType: NSPersistentStoreType, options: [AnyHashable: Any]? = nil) throws {
        try destroyStore(at: url)
    }

    public func destroyPersistentStore(at url: URL, ofType storeType: String, options: [AnyHashable: Any]? = nil) throws {
        try destroyStore(at: url)
    }

    /// Opens the store at `url` (a restored backup) and reads its objects.
    @discardableResult
    public func addPersistentStore(
        type storeType: NSPersistentStoreType, configuration: String? = nil, at url: URL, options: [AnyHashable: Any]? = nil
    )
        throws -> NSPersistentStoreDescription
    {
        try addStore(type: storeType.rawValue, at: url)
    }

    @discardableResult
    public func addPersistentStore(ofType storeType: String, configurationName: String?, at url: URL?, options: [AnyHashable: Any]? = nil)
        throws -> NSPersistentStoreDescription
    {
        try addStore(type: storeType, at: url)
    }

    private func addStore(type: String, at url: URL?) throws -> NSPersistentStoreDescription {
        let description = NSPersistentStoreDescription(url: url ?? URL(fileURLWithPath: "/dev/null"))
        description.type = type
        try replaceStore(description)
        return description
    }
}
