import Foundation
import Jetway
import Observation

/// The objects an app works with, their changes until saved, and fetches over them. One
/// context serves the whole app (as the view context does on a device): every page sees the
/// same objects, and a change in one page re-renders the lists and rows of every page that
/// shows them (views that fetch or read objects track the context). Work is done on the main
/// actor, where views run: `perform` runs its block there at once.
public final class NSManagedObjectContext: Observable, @unchecked Sendable {
    /// Core Data's kinds of context; every kind works on the main actor here.
    public enum ConcurrencyType: Sendable {
        /// Core Data's main-queue, private-queue and confinement contexts; all three work alike here, on the
        /// main actor, where `perform` runs its block at once.
        case mainQueueConcurrencyType, privateQueueConcurrencyType, confinementConcurrencyType
    }

    /// The kind of context it was made as (every kind works the same here).
    public let concurrencyType: ConcurrencyType
    /// A name for the context, for the app's own use.
    public var name: String?
    /// Accepted: changes reach the one context at once.
    public var automaticallyMergesChangesFromParent = false
    /// Accepted: one context, so there is nothing to merge.
    public var mergePolicy: Any = NSErrorMergePolicy
    /// Kept as the app sets it; changes are not recorded for undo.
    public var undoManager: AnyObject?

    var coordinator: NSPersistentStoreCoordinator
    /// The coordinator of the store the context reads and saves (setting nil is ignored).
    public var persistentStoreCoordinator: NSPersistentStoreCoordinator? {
        get { coordinator }
        set { if let newValue { coordinator = newValue } }
    }
    var model: NSManagedObjectModel? { coordinator.managedObjectModel }

    /// The objects read or made so far, by ID.
    private var objects: [NSManagedObjectID: NSManagedObject] = [:]
    /// Entities whose stored objects have been read into `objects`.
    private var materialized: Set<String> = []
    var inserted: Set<NSManagedObject> = []
    var updated: Set<NSManagedObject> = []
    var deleted: Set<NSManagedObject> = []
    /// The page whose handler made each unsaved change (nil: no page, as at launch): a page's
    /// `save()` and `rollback()` take its own changes, and its fetches leave out the objects
    /// another page inserted and has not saved.
    private var changedBy: [ObjectIdentifier: ObjectIdentifier] = [:]

    /// The page acting now (in its handler or render).
    private var actingPage: ObjectIdentifier? { PageHost.actingPage }

    private func note(_ object: NSManagedObject) {
        let key = ObjectIdentifier(object)
        if changedBy[key] == nil, let page = actingPage { changedBy[key] = page }
    }

    /// Whether `object`'s unsaved change is the acting page's to save or forget (its own, or no
    /// page's; everything outside a page).
    private func isMine(_ object: NSManagedObject, _ page: ObjectIdentifier?) -> Bool {
        guard let page, let owner = changedBy[ObjectIdentifier(object)] else { return true }
        return owner == page
    }

    private let registrar = ObservationRegistrar()
    private var generation = 0

    /// A context with no model or store of its own: fetching and saving fail until its `persistentStoreCoordinator` is set.
    ///
    /// Objects it reads are its own, apart from the container's `viewContext`; the app's views use that one.
    public init(concurrencyType: ConcurrencyType) {
        self.concurrencyType = concurrencyType
        coordinator = NSPersistentStoreCoordinator(managedObjectModel: NSManagedObjectModel(.init(name: "None", entities: [])))
    }

    /// Why this context cannot fetch or save, when it has no model (the environment's before
    /// the app sets one).
    private var missingModel: NSError? {
        guard model?.entities.isEmpty ?? true else { return nil }
        return Self.error(
            134_060,
            "this context has no model: give the views the container's (.environment(\\.managedObjectContext, container.viewContext)), "
                + "or set its persistentStoreCoordinator")
    }

    init(coordinator: NSPersistentStoreCoordinator) {
        concurrencyType = .mainQueueConcurrencyType
        self.coordinator = coordinator
    }

    // MARK: Changes

    /// Whether the acting page (or, outside a page, anyone) has changes not saved.
    public var hasChanges: Bool {
        let page = actingPage
        return inserted.contains { isMine($0, page) } || updated.contains { isMine($0, page) } || deleted.contains { isMine($0, page) }
    }
    /// The objects the acting page (outside a page, anyone) inserted and has not saved.
    public var insertedObjects: Set<NSManagedObject> { let page = actingPage; return inserted.filter { isMine($0, page) } }
    /// The saved objects the acting page (outside a page, anyone) changed and has not saved.
    public var updatedObjects: Set<NSManagedObject> { let page = actingPage; return updated.filter { isMine($0, page) } }
    /// The objects the acting page (outside a page, anyone) deleted and has not saved.
    public var deletedObjects: Set<NSManagedObject> { let page = actingPage; return deleted.filter { isMine($0, page) } }
    /// Every object the context has read or made (every page's).
    public var registeredObjects: Set<NSManagedObject> { Set(objects.values) }

    /// Inserts `object` (one made with no context, or this context's own), to be saved on the next `save()`.
    public func insert(_ object: NSManagedObject) {
        guard object.managedObjectContext !== self || objects[object.objectID] == nil else { return }
        // An object made with no context (`insertInto: nil`) gets its number now.
        if object.objectID.serial == 0 { object.objectID = NSManagedObjectID(entity: object.entity, serial: coordinator.nextSerial()) }
        object.managedObjectContext = self
        objects[object.objectID] = object
        inserted.insert(object)
        note(object)
        changed()
    }

    /// Deletes `object` (saved on the next `save()`): the objects its relationships hold are
    /// deleted too (cascade), or let go of it (nullify), as the model says.
    public func delete(_ object: NSManagedObject) {
        guard object.managedObjectContext === self, !object.isDeleted else { return }
        object.prepareForDeletion()
        object.objectWillChange.send()
        object.isDeleted = true
        for relationship in object.entity.relationships {
            let targets = targetIDs(object.values[relationship.name]).compactMap { registeredObject(for: $0) }
            switch relationship.deleteRule {
            case .cascadeDeleteRule:
                for target in targets { delete(target) }
            case .nullifyDeleteRule:
                if let inverse = relationship.inverseRelationshipName {
                    for target in targets { unlink(object.objectID, from: target, key: inverse) }
                }
            case .denyDeleteRule, .noActionDeleteRule:
                break
            }
        }
        if inserted.remove(object) != nil {
            objects[object.objectID] = nil
            changedBy[ObjectIdentifier(object)] = nil
        } else {
            updated.remove(object)
            deleted.insert(object)
            note(object)
        }
        changed()
    }

    /// Saves the acting page's changes (outside a page, every change) to the store at once
    /// (none is saved if one fails): objects missing a value the model requires are refused
    /// with a validation error naming them.
    public func save() throws {
        let page = actingPage
        let saving = inserted.filter { isMine($0, page) } + updated.filter { isMine($0, page) }
        let deleting = deleted.filter { isMine($0, page) }
        guard !saving.isEmpty || !deleting.isEmpty else { return }
        if let missingModel { throw missingModel }
        for object in saving where !object.isDeleted { try validate(object) }
        for object in deleting {
            for relationship in object.entity.relationships where relationship.deleteRule == .denyDeleteRule {
                if !targetIDs(object.values[relationship.name]).isEmpty {
                    throw Self.validationError(
                        1600, "\(object.entity.name) cannot be deleted while its \(relationship.name) holds objects (deny rule)")
                }
            }
        }
        for object in saving + deleting { object.willSave() }
        try coordinator.write(saving.filter { !$0.isDeleted }, deleting: deleting.map(\.objectID))
        for object in saving { object.committed = object.values }
        for object in deleting { objects[object.objectID] = nil }
        let done = saving + deleting
        for object in done {
            inserted.remove(object)
            updated.remove(object)
            deleted.remove(object)
            changedBy[ObjectIdentifier(object)] = nil
        }
        for object in done { object.didSave() }
        changed()
        NotificationCenter.default.post(name: .NSManagedObjectContextDidSave, object: self)
    }

    /// Deletes `targets` (and what their cascade rules take) in the store at once, leaving the
    /// context's other changes unsaved: a batch delete. Returns the deleted IDs.
    /// The objects that only the batch changed (a nullified inverse) are written with it, so
    /// nothing of the batch is left pending.
    func batchDelete(_ targets: [NSManagedObject]) throws -> [NSManagedObjectID] {
        let before = deleted
        let updatedBefore = updated
        // The store's objects only: an unsaved insert is not in the store.
        for object in targets where !inserted.contains(object) { delete(object) }
        let removed = deleted.subtracting(before)
        let relinked = updated.subtracting(updatedBefore).filter { !removed.contains($0) }
        try coordinator.write(Array(relinked), deleting: removed.map(\.objectID))
        for object in relinked {
            object.committed = object.values
            updated.remove(object)
            changedBy[ObjectIdentifier(object)] = nil
        }
        for object in removed {
            objects[object.objectID] = nil
            deleted.remove(object)
            changedBy[ObjectIdentifier(object)] = nil
        }
        changed()
        return removed.map(\.objectID)
    }

    /// Forgets the acting page's changes since the last save (outside a page, every change).
    public func rollback() {
        let page = actingPage
        for object in inserted where isMine(object, page) {
            object.objectWillChange.send()
            objects[object.objectID] = nil
            object.isDeleted = true
            inserted.remove(object)
            changedBy[ObjectIdentifier(object)] = nil
        }
        for object in updated.union(deleted) where isMine(object, page) {
            object.objectWillChange.send()
            object.values = object.committed ?? [:]
            object.isDeleted = false
            updated.remove(object)
            deleted.remove(object)
            changedBy[ObjectIdentifier(object)] = nil
        }
        changed()
    }

    /// Forgets every page's changes and every object read (the store under the context was
    /// destroyed or replaced): the next fetch reads the store again.
    func discardAll() {
        for object in objects.values { object.objectWillChange.send() }
        objects = [:]
        materialized = []
        inserted = []
        updated = []
        deleted = []
        changedBy = [:]
        changed()
    }

    /// Forgets the acting page's changes and every object read: the next fetch reads them again.
    public func reset() {
        rollback()
        // What other pages have not saved stays theirs: the objects are read again only when
        // no change is pending.
        guard inserted.isEmpty && updated.isEmpty && deleted.isEmpty else { return }
        objects = [:]
        materialized = []
        changed()
    }

    /// With `flag` false, forgets the unsaved changes of a saved `object`; with `flag` true, does nothing (the object
    /// has the context's values already).
    public func refresh(_ object: NSManagedObject, mergeChanges flag: Bool) {
        guard !flag, object.committed != nil else { return }
        object.objectWillChange.send()
        object.values = object.committed ?? [:]
        updated.remove(object)
        changed()
    }

    /// Does nothing: the objects have the store's values already (one context).
    public func refreshAllObjects() {}
    /// Does nothing: changes are processed as they are made.
    public func processPendingChanges() {}
    /// Does nothing: IDs are permanent from the start.
    public func obtainPermanentIDs(for objects: [NSManagedObject]) throws {}

    /// Runs `block` at once, on the caller's actor (the main actor, where views run).
    public func perform(_ block: @escaping () -> Void) { block() }
    /// Runs `block` at once.
    public func performAndWait(_ block: () -> Void) { block() }
    /// Runs `block` at once and returns what it returns.
    public func performAndWait<T>(_ block: () throws -> T) rethrows -> T { try block() }
    /// Runs `block` at once and returns what it returns; `schedule` is accepted and not used.
    public func perform<T>(schedule: Any? = nil, _ block: @escaping () throws -> T) async rethrows -> T { try block() }

    // MARK: Reading

    /// The objects of the request's entity that its predicate admits, in its order (unsaved
    /// changes included, deleted objects left out).
    public func fetch<T>(_ request: NSFetchRequest<T>) throws -> [T] {
        accessed()
        coordinator.learn(T.self)
        if let missingModel { throw missingModel }
        guard let entityName = request.entityName ?? request.entity?.name, let entity = model?.entitiesByName[entityName] else {
            throw Self.error(134_010, "the model \(model?.name ?? "") has no entity named \(request.entityName ?? "?")")
        }
        materialize(entity)
        // Another page's unsaved inserts are its own until it saves them.
        let page = actingPage
        var results = objects.values.filter { $0.entity === entity && !$0.isDeleted && (!inserted.contains($0) || isMine($0, page)) }
        if let predicate = request.predicate { results = results.filter { predicate.evaluate(with: $0) } }
        let descriptors = request.sortDescriptors ?? []
        let orders = request.orders
        results.sort { a, b in
            for descriptor in descriptors {
                let order = descriptor.compare(a, to: b)
                if order != .orderedSame { return order == .orderedAscending }
            }
            for order in orders {
                let result = order(a, b)
                if result != .orderedSame { return result == .orderedAscending }
            }
            return a.objectID.serial < b.objectID.serial
        }
        if request.fetchOffset > 0 { results = Array(results.dropFirst(request.fetchOffset)) }
        if request.fetchLimit > 0 { results = Array(results.prefix(request.fetchLimit)) }
        let typed = results.compactMap { $0 as? T }
        if typed.count != results.count, let first = results.first(where: { !($0 is T) }) {
            throw Self.error(
                134_020, "the objects of \(entity.name) are \(type(of: first)), not \(T.self): name the entity's class as the model does")
        }
        return typed
    }

    /// How many objects `request` would fetch (it fetches them).
    public func count<T>(for request: NSFetchRequest<T>) throws -> Int {
        try fetch(request).count
    }

    /// The object with `objectID`; an object of its entity with no values when there is none
    /// (Core Data's is a fault that fails when read).
    public func object(with objectID: NSManagedObjectID) -> NSManagedObject {
        registeredObject(for: objectID)
            ?? coordinator.objectClass(for: objectID.entity).init(entity: objectID.entity, insertInto: nil)
    }

    /// The object with `objectID`, or an error when there is none.
    public func existingObject(with objectID: NSManagedObjectID) throws -> NSManagedObject {
        guard let object = registeredObject(for: objectID), !object.isDeleted else {
            throw Self.error(133_000, "no object with ID \(objectID)")
        }
        return object
    }

    /// The object with `objectID` if the context has it (reading its entity's stored objects first), or nil.
    public func registeredObject(for objectID: NSManagedObjectID) -> NSManagedObject? {
        if let object = objects[objectID] { return object }
        if let entity = model?.entitiesByName[objectID.entity.name], !materialized.contains(entity.name) {
            materialize(entity)
            return objects[objectID]
        }
        return nil
    }

    /// Reads the stored objects of `entity` into the context, once.
    private func materialize(_ entity: NSEntityDescription) {
        guard materialized.insert(entity.name).inserted else { return }
        let type = coordinator.objectClass(for: entity)
        for (serial, values) in coordinator.stored(entity) {
            let id = NSManagedObjectID(entity: entity, serial: serial)
            guard objects[id] == nil else { continue }
            let object = type.init(entity: entity, insertInto: nil)
            object.objectID = id
            object.values = values
            object.committed = values
            object.managedObjectContext = self
            objects[id] = object
            object.awakeFromFetch()
        }
    }

    // MARK: Relationships and their inverses

    func targetIDs(_ value: Any?) -> [NSManagedObjectID] {
        if let id = value as? NSManagedObjectID { return [id] }
        return value as? [NSManagedObjectID] ?? []
    }

    /// Keeps the inverse of `relationship` in step when `object`'s side changed.
    func relink(_ object: NSManagedObject, _ relationship: NSRelationshipDescription, from old: Any?, to new: Any?) {
        guard let inverse = relationship.inverseRelationshipName else { return }
        let before = targetIDs(old), after = targetIDs(new)
        for id in before where !after.contains(id) {
            if let target = registeredObject(for: id) { unlink(object.objectID, from: target, key: inverse) }
        }
        for id in after where !before.contains(id) {
            guard let target = registeredObject(for: id) else { continue }
            let inverseIsToMany = target.entity.relationshipsByName[inverse]?.isToMany ?? false
            if inverseIsToMany {
                var ids = target.values[inverse] as? [NSManagedObjectID] ?? []
                if !ids.contains(object.objectID) { ids.append(object.objectID) }
                target.setInverse(ids, forKey: inverse)
            } else {
                // The target leaves whatever held it on this side (a to-one moves).
                if let previous = target.values[inverse] as? NSManagedObjectID, previous != object.objectID,
                    let holder = registeredObject(for: previous)
                {
                    unlink(id, from: holder, key: relationship.name)
                }
                target.setInverse(object.objectID, forKey: inverse)
            }
        }
    }

    private func unlink(_ id: NSManagedObjectID, from target: NSManagedObject, key: String) {
        if let ids = target.values[key] as? [NSManagedObjectID] {
            target.setInverse(ids.filter { $0 != id }, forKey: key)
        } else if target.values[key] as? NSManagedObjectID == id {
            target.setInverse(nil, forKey: key)
        }
    }

    // MARK: Observation

    /// A view read objects of this context: it renders again when they change.
    func accessed() { registrar.access(self, keyPath: \.generation) }

    func changed() {
        registrar.withMutation(of: self, keyPath: \.generation) { generation &+= 1 }
    }

    func didChange(_ object: NSManagedObject) {
        if !inserted.contains(object) && !object.isDeleted { updated.insert(object) }
        note(object)
        changed()
    }

    // MARK: Validation

    private func validate(_ object: NSManagedObject) throws {
        for attribute in object.entity.attributes where !attribute.isOptional && object.values[attribute.name] == nil {
            if attribute.attributeType == .transformableAttributeType { continue }
            throw Self.validationError(1570, "\(object.entity.name).\(attribute.name) is required and has no value")
        }
        for relationship in object.entity.relationships where !relationship.isOptional && !relationship.isToMany {
            if object.values[relationship.name] == nil {
                throw Self.validationError(1570, "\(object.entity.name).\(relationship.name) is required and has no object")
            }
        }
    }

    static func validationError(_ code: Int, _ message: String) -> NSError {
        NSError(domain: NSCocoaErrorDomain, code: code, userInfo: [NSLocalizedDescriptionKey: message])
    }

    static func error(_ code: Int, _ message: String) -> NSError {
        NSError(domain: NSCocoaErrorDomain, code: code, userInfo: [NSLocalizedDescriptionKey: message])
    }
}

/// Core Data's merge policies: accepted (one context, nothing to merge).
nonisolated(unsafe) public let NSErrorMergePolicy: Any = "NSErrorMergePolicy"
/// Merges property by property, the object's values winning (accepted; nothing to merge).
nonisolated(unsafe) public let NSMergeByPropertyObjectTrumpMergePolicy: Any = "NSMergeByPropertyObjectTrumpMergePolicy"
/// Merges property by property, the store's values winning (accepted; nothing to merge).
nonisolated(unsafe) public let NSMergeByPropertyStoreTrumpMergePolicy: Any = "NSMergeByPropertyStoreTrumpMergePolicy"
/// Overwrites the store with the objects' values (accepted; nothing to merge).
nonisolated(unsafe) public let NSOverwriteMergePolicy: Any = "NSOverwriteMergePolicy"

extension Notification.Name {
    /// Posted after a context saved.
    public static let NSManagedObjectContextDidSave = Notification.Name("NSManagedObjectContextDidSaveNotification")
    /// Never posted: the views that show objects follow their changes without it.
    public static let NSManagedObjectContextObjectsDidChange = Notification.Name("NSManagedObjectContextObjectsDidChangeNotification")
}
