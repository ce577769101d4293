import Foundation

// Core Data's requests that act on the store directly, its persistent-history options and its
// store management, as the Core Data stacks of SwiftUI apps use them (a "delete all" button,
// a backup restored, a CloudKit-ready description).

/// A request a context executes against the store (`context.execute(request)`).
open class NSPersistentStoreRequest: @unchecked Sendable {
    /// A request (its subclass says what it does).
    public init() {}
}

/// What a request's execution returns.
open class NSPersistentStoreResult: @unchecked Sendable {}

/// What a batch delete returns: nothing, the deleted objects' IDs, or how many.
public enum NSBatchDeleteRequestResultType: UInt, Sendable {
    /// `resultTypeStatusOnly`: `true`; `resultTypeObjectIDs`: the deleted objects' IDs; `resultTypeCount`: how many.
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
    /// What the result holds: the status (the default), the deleted IDs, or their count.
    open var resultType = NSBatchDeleteRequestResultType.resultTypeStatusOnly

    /// A batch delete of the stored objects `fetchRequest` matches (its predicate, order, limit and offset; unsaved
    /// inserts are left).
    public init(fetchRequest: NSFetchRequest<NSFetchRequestResult>) {
        self.fetchRequest = fetchRequest
        objectIDs = nil
        super.init()
    }

    /// A batch delete of the objects with `objectIDs` (IDs of objects the context does not have are skipped).
    public init(objectIDs: [NSManagedObjectID]) {
        fetchRequest = nil
        self.objectIDs = objectIDs
        super.init()
    }
}

/// A batch delete's result: `true` (status only), the deleted IDs, or their count.
open class NSBatchDeleteResult: NSPersistentStoreResult, @unchecked Sendable {
    /// `true`, the deleted objects' IDs (`[NSManagedObjectID]`), or their count (`Int`), as the request's `resultType` asked.
    public let result: Any?
    init(result: Any?) { self.result = result }
}

/// The keys of a save's changes (`[NSDeletedObjectsKey: ids]` for `mergeChanges`).
public let NSInsertedObjectsKey = "inserted"
/// The key of a save's changed objects.
public let NSUpdatedObjectsKey = "updated"
/// The key of a save's deleted objects.
public let NSDeletedObjectsKey = "deleted"
/// The key of refreshed objects.
public let NSRefreshedObjectsKey = "refreshed"
/// The key of invalidated objects.
public let NSInvalidatedObjectsKey = "invalidated"

/// Store options of persistent history and remote-change notifications (for syncing through
/// iCloud): accepted and kept in the description; the store here is the server's, with no
/// other process writing to it, so no remote change is ever posted.
public let NSPersistentHistoryTrackingKey = "NSPersistentHistoryTrackingKey"
/// The option that asks for remote-change notifications: kept, and none is ever posted.
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
    /// Core Data's kinds of merge policy (kept; there is nothing to merge here).
    public enum MergeType: UInt, Sendable {
        /// The policy that fails on a conflict, and the two that merge property by property (the store's or the object's
        /// values winning).
        case errorMergePolicyType = 0, mergeByPropertyStoreTrumpMergePolicyType, mergeByPropertyObjectTrumpMergePolicyType
        /// The policies that overwrite the store, and that roll the context's changes back.
        case overwriteMergePolicyType, rollbackMergePolicyType
    }

    /// The kind of policy.
    public let mergeType: MergeType
    /// A policy of the kind `type` (kept; it settles nothing here).
    public init(merge type: MergeType) { mergeType = type }

    /// Fails a save on a conflict (accepted; no conflict arises with one context).
    public static let error = NSMergePolicy(merge: .errorMergePolicyType)
    /// Merges property by property, the store's values winning (accepted; no conflict arises with one context).
    public static let mergeByPropertyStoreTrump = NSMergePolicy(merge: .mergeByPropertyStoreTrumpMergePolicyType)
    /// Merges property by property, the object's values winning (accepted; no conflict arises with one context).
    public static let mergeByPropertyObjectTrump = NSMergePolicy(merge: .mergeByPropertyObjectTrumpMergePolicyType)
    /// Overwrites the store with the object's values (accepted; no conflict arises with one context).
    public static let overwrite = NSMergePolicy(merge: .overwriteMergePolicyType)
    /// Keeps the store's values, dropping the object's (accepted; no conflict arises with one context).
    public static let rollback = NSMergePolicy(merge: .rollbackMergePolicyType)
}

/// The kinds of store (`addPersistentStore(type: .sqlite, at:)`).
public struct NSPersistentStoreType: Hashable, Sendable {
    /// Core Data's name for the type (`NSSQLiteStoreType`, `NSInMemoryStoreType`).
    public let rawValue: String
    /// The type named `rawValue`.
    public init(rawValue: String) { self.rawValue = rawValue }
    /// A store in an SQLite file.
    public static let sqlite = NSPersistentStoreType(rawValue: NSSQLiteStoreType)
    /// A store in memory only.
    public static let inMemory = NSPersistentStoreType(rawValue: NSInMemoryStoreType)
}

extension NSPersistentStoreCoordinator {
    /// Deletes the store at `url` (its file, and the objects read from it: the context reads
    /// again from what is added next).
    public func destroyPersistentStore(at url: URL, type storeType: NSPersistentStoreType, options: [AnyHashable: Any]? = nil) throws {
        try destroyStore(at: url)
    }

    /// Deletes the store file at `url` and its journals, as `destroyPersistentStore(at:type:options:)` does;
    /// `storeType` and `options` are not used.
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

    /// Opens the store at `url` in place of the open one and reads its objects (nil or `/dev/null`: an empty store in
    /// memory); `configurationName` and `options` are not used.
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
