import Foundation
import Jetway

/// `@NSManaged var title: String?` as `jetway port` writes it: the property's value is the
/// object's value for its name, kept by its context (`@NSManaged` needs the Objective-C
/// runtime, which Linux has not).
@attached(accessor)
public macro Managed() = #externalMacro(module: "JetwayMacros", type: "ManagedMacro")

/// What a fetch request returns: managed objects.
public protocol NSFetchRequestResult: AnyObject {}

/// The identity of a managed object, the same in every fetch and after a restart.
public final class NSManagedObjectID: Hashable, @unchecked Sendable, CustomStringConvertible {
    /// The entity of the object.
    public let entity: NSEntityDescription
    /// Its number in the store: unique among all objects of the container.
    let serial: Int64

    init(entity: NSEntityDescription, serial: Int64) {
        self.entity = entity
        self.serial = serial
    }

    /// `x-coredata://<model>/<Entity>/p<number>`.
    public func uriRepresentation() -> URL {
        URL(string: "x-coredata://\(entity.model?.name ?? "model")/\(entity.name)/p\(serial)")!
    }

    /// IDs are permanent from the start here (a new object's number is its number in the store).
    public var isTemporaryID: Bool { false }

    /// The ID's URI (`x-coredata://<model>/<Entity>/p<number>`).
    public var description: String { uriRepresentation().absoluteString }
    /// Whether the two IDs name the same object (the same entity name and number).
    public static func == (a: NSManagedObjectID, b: NSManagedObjectID) -> Bool { a.serial == b.serial && a.entity.name == b.entity.name }
    /// Hashes the ID by its number.
    public func hash(into hasher: inout Hasher) { hasher.combine(serial) }
}

/// An object of a Core Data entity: its values kept by its context, changes published to the
/// views that show it (it is an `ObservableObject`, as in SwiftUI), relationships kept in step
/// with their inverses. Subclasses are the app's entity classes (`Reminder`), their
/// properties `@Managed` (what `jetway port` makes of `@NSManaged`).
open class NSManagedObject: NSObject, ObservableObject, NSFetchRequestResult, @unchecked Sendable {
    /// Tells the views that show the object that a value is about to change.
    public let objectWillChange = ObservableObjectPublisher()
    /// The object's entity.
    public let entity: NSEntityDescription
    /// The context that keeps the object (nil for an object made with no context).
    public internal(set) weak var managedObjectContext: NSManagedObjectContext?
    /// The object's identity, permanent from the start.
    public internal(set) var objectID: NSManagedObjectID
    /// Attribute values, and relationships as the IDs of their objects (`NSManagedObjectID` or
    /// `[NSManagedObjectID]`, in order).
    var values: [String: Any] = [:]
    /// The values as last saved; nil for an object never saved.
    var committed: [String: Any]?
    /// Whether the object was deleted (saved or not yet).
    public internal(set) var isDeleted = false

    /// A new object of `entity`, inserted into `context` (its `awakeFromInsert` runs).
    public required init(entity: NSEntityDescription, insertInto context: NSManagedObjectContext?) {
        self.entity = entity
        objectID = NSManagedObjectID(entity: entity, serial: context?.coordinator.nextSerial() ?? 0)
        super.init()
        for attribute in entity.attributes {
            if let value = attribute.defaultValue { values[attribute.name] = value }
        }
        if let context {
            context.insert(self)
            awakeFromInsert()
        }
    }

    /// A new object of this class's entity, inserted into `context`.
    public convenience init(context: NSManagedObjectContext) {
        let className = String(describing: Self.self)
        NSPersistentStoreCoordinator.remember(Self.self)
        let entity = context.model?.entities.first { $0.managedObjectClassName == className } ?? Self.entity()
        self.init(entity: entity, insertInto: context)
    }

    /// The entity of this class's objects, in the models loaded so far.
    open class func entity() -> NSEntityDescription {
        let name = String(describing: self)
        return NSManagedObjectModel.entity(forClassNamed: name) ?? NSEntityDescription(placeholderNamed: name)
    }

    // MARK: What subclasses override

    /// Runs once, when the object is first inserted: set the values new objects start with.
    open func awakeFromInsert() {}
    /// Runs when the object is read from the store.
    open func awakeFromFetch() {}
    /// Runs before the object's changes are saved.
    open func willSave() {}
    /// Runs after they are.
    open func didSave() {}
    /// Runs before the object is deleted.
    open func prepareForDeletion() {}
    /// Never called: objects here are never faults.
    open func willTurnIntoFault() {}
    /// Never called: objects here are never faults.
    open func didTurnIntoFault() {}
    /// Called before a value the app sets is stored (not for the other side of a relationship, which the context
    /// keeps in step); does nothing unless overridden.
    open func willChangeValue(forKey key: String) {}
    /// Called after a value the app sets is stored; does nothing unless overridden.
    open func didChangeValue(forKey key: String) {}
    /// Never called here (values are read without it); for subclasses that override it.
    open func willAccessValue(forKey key: String?) {}
    /// Never called here (values are read without it); for subclasses that override it.
    open func didAccessValue(forKey key: String?) {}

    // MARK: State

    /// Whether the object was inserted and never saved.
    public var isInserted: Bool { committed == nil && managedObjectContext?.inserted.contains(self) == true }
    /// Whether a saved object has changes not saved.
    public var isUpdated: Bool { managedObjectContext?.updated.contains(self) == true }
    /// Whether the object has anything to save: inserted, changed, or deleted.
    public var hasChanges: Bool { isInserted || isUpdated || (isDeleted && managedObjectContext != nil) }
    /// Objects here are never faults: their values are read with them.
    public var isFault: Bool { false }
    /// Whether any value differs from what was last saved (for an object never saved: whether it has any value).
    public var hasPersistentChangedValues: Bool { !changedValues().isEmpty }

    /// The values changed since the last save.
    public func changedValues() -> [String: Any] {
        guard let committed else {
            return values.reduce(into: [:]) { result, entry in result[entry.key] = external(entry.value, forKey: entry.key) }
        }
        var changed: [String: Any] = [:]
        for (key, value) in values where !Self.same(value, committed[key]) { changed[key] = external(value, forKey: key) ?? NSNull() }
        for key in committed.keys where values[key] == nil { changed[key] = NSNull() }
        return changed
    }

    /// The values of `keys` (nil: every key) as last saved; empty for an object never saved.
    public func committedValues(forKeys keys: [String]?) -> [String: Any] {
        let source = committed ?? [:]
        return (keys ?? Array(source.keys)).reduce(into: [:]) { result, key in
            result[key] = source[key].flatMap { external($0, forKey: key) }
        }
    }

    // MARK: Values by key

    /// The value for `key`: an attribute's, or a relationship's object (a to-one) or set (a
    /// to-many, as an `NSSet`, or an `NSOrderedSet` when ordered).
    open func value(forKey key: String) -> Any? {
        managedObjectContext?.accessed()
        guard let value = values[key] else { return nil }
        return external(value, forKey: key)
    }

    /// Follows a dotted path (`list.title`) through to-one relationships.
    open func value(forKeyPath keyPath: String) -> Any? {
        var object: NSManagedObject = self
        let parts = keyPath.split(separator: ".").map(String.init)
        for part in parts.dropLast() {
            guard let next = object.value(forKey: part) as? NSManagedObject else { return nil }
            object = next
        }
        return parts.last.flatMap { object.value(forKey: $0) }
    }

    /// Sets the value for `key` (an object, or a set, array or ordered set of objects for a relationship; nil or
    /// `NSNull` clears it), keeps the inverse in step and tells the context and the views.
    open func setValue(_ value: Any?, forKey key: String) {
        set(internalValue(value, forKey: key), forKey: key)
    }

    /// The value for `key` as stored, without telling the views that it was read.
    open func primitiveValue(forKey key: String) -> Any? { values[key].flatMap { external($0, forKey: key) } }
    /// Stores `value` for `key` without telling the context or the views, nor keeping an inverse in step: it is
    /// written when the object is next saved for another change (or as a new object).
    open func setPrimitiveValue(_ value: Any?, forKey key: String) { values[key] = internalValue(value, forKey: key) }

    /// A `@Managed` property's value, as its type asks: scalars from any number, nil as zero
    /// for a scalar, a relationship as its objects.
    public func managedValue<T>(forKey key: String) -> T {
        let value = self.value(forKey: key)
        if let typed = value as? T { return typed }
        if let converted = ManagedValues.convert(value, to: T.self) { return converted }
        if let relationship = entity.relationshipsByName[key], relationship.isToMany {
            let objects = (value as? NSOrderedSet)?.array ?? (value as? NSSet)?.allObjects ?? []
            if let typed = ManagedValues.collection(objects.compactMap { $0 as? NSManagedObject }, as: T.self) { return typed }
        }
        if let empty = ManagedValues.empty(T.self) { return empty }
        // A required object with none (its list deleted): an object of its entity with no
        // values and no context, rather than a trap that would stop every page.
        if let type = T.self as? NSManagedObject.Type {
            let destination = entity.relationshipsByName[key].flatMap { entity.model?.entitiesByName[$0.destinationEntityName] }
            if let placeholder = type.init(entity: destination ?? type.entity(), insertInto: nil) as? T { return placeholder }
        }
        preconditionFailure(
            "\(entity.name).\(key) has no value, and \(T.self) is not optional: give it a default in the model or make the property optional"
        )
    }

    /// Sets a `@Managed` property.
    public func setManagedValue<T>(_ value: T, forKey key: String) {
        setValue(ManagedValues.unwrapped(value), forKey: key)
    }

    /// Adds objects to a to-many relationship (the generated `addToTags(_:)`).
    public func addManagedObjects(_ objects: Any, toKey key: String) {
        let adding = ManagedValues.objects(in: objects)
        var ids = values[key] as? [NSManagedObjectID] ?? []
        for object in adding where !ids.contains(object.objectID) { ids.append(object.objectID) }
        set(ids, forKey: key)
    }

    /// Removes objects from a to-many relationship (the generated `removeFromTags(_:)`).
    public func removeManagedObjects(_ objects: Any, fromKey key: String) {
        let removing = Set(ManagedValues.objects(in: objects).map(\.objectID))
        let ids = (values[key] as? [NSManagedObjectID] ?? []).filter { !removing.contains($0) }
        set(ids, forKey: key)
    }

    /// A copy of the set a to-many relationship holds: changing it does not change the relationship (use
    /// `addManagedObjects(_:toKey:)`, `removeManagedObjects(_:fromKey:)` or `setValue(_:forKey:)`).
    public func mutableSetValue(forKey key: String) -> NSMutableSet {
        NSMutableSet(array: (value(forKey: key) as? NSSet)?.allObjects ?? [])
    }

    // MARK: Inside

    /// Stores `value` (internal form) for `key`, keeps inverses in step, and tells the context
    /// and the views that show this object.
    func set(_ value: Any?, forKey key: String) {
        let old = values[key]
        if Self.same(value as Any, old) { return }
        willChangeValue(forKey: key)
        objectWillChange.send()
        values[key] = value
        if let relationship = entity.relationshipsByName[key], let context = managedObjectContext {
            context.relink(self, relationship, from: old, to: value)
        }
        managedObjectContext?.didChange(self)
        didChangeValue(forKey: key)
    }

    /// Sets an inverse's side without relinking again.
    func setInverse(_ value: Any?, forKey key: String) {
        objectWillChange.send()
        values[key] = value
        managedObjectContext?.didChange(self)
    }

    /// What the app sees of an internal value: objects for IDs (a to-many as an `NSSet`, or
    /// an `NSOrderedSet` when the relationship is ordered).
    func external(_ value: Any, forKey key: String) -> Any? {
        if let id = value as? NSManagedObjectID { return managedObjectContext?.registeredObject(for: id) }
        if let ids = value as? [NSManagedObjectID] {
            let objects = ids.compactMap { managedObjectContext?.registeredObject(for: $0) }
            return entity.relationshipsByName[key]?.isOrdered == true ? NSOrderedSet(array: objects) : NSSet(array: objects)
        }
        return value
    }

    /// What is stored of a value the app sets: IDs for objects, numbers as they are.
    func internalValue(_ value: Any?, forKey key: String) -> Any? {
        // `NSNull` clears a value or a relationship of either kind.
        guard let value, !(value is NSNull) else { return nil }
        if let relationship = entity.relationshipsByName[key] {
            if let object = value as? NSManagedObject { return object.objectID }
            // A to-one holds an object or none; a to-many the objects of a set, array or ordered set.
            guard relationship.isToMany else { return nil }
            return ManagedValues.objects(in: value).map(\.objectID)
        }
        return value
    }

    static func same(_ a: Any?, _ b: Any?) -> Bool {
        switch (a, b) {
        case (nil, nil): return true
        case (nil, _), (_, nil): return false
        case (let a?, let b?):
            if let x = a as? AnyHashable, let y = b as? AnyHashable { return x == y }
            return false
        }
    }
}

/// Converting stored values to the types `@Managed` properties declare.
enum ManagedValues {
    /// Numbers between Swift's numeric types (and `NSNumber`), nil as nil for an optional.
    static func convert<T>(_ value: Any?, to type: T.Type) -> T? {
        if value == nil, let none = Optional<Any>.none as? T { return none }
        guard let number = number(value) else { return nil }
        switch type {
        case is Int16.Type: return Int16(clamping: number.int64Value) as? T
        case is Int32.Type: return Int32(clamping: number.int64Value) as? T
        case is Int64.Type: return number.int64Value as? T
        case is Int.Type: return Int(number.int64Value) as? T
        case is Double.Type: return number.doubleValue as? T
        case is Float.Type: return number.floatValue as? T
        case is Bool.Type: return number.boolValue as? T
        case is NSNumber.Type, is NSNumber?.Type: return number as? T
        case is Decimal.Type, is Decimal?.Type: return Decimal(number.doubleValue) as? T
        case is Int16?.Type: return Int16(clamping: number.int64Value) as? T
        case is Int32?.Type: return Int32(clamping: number.int64Value) as? T
        case is Int64?.Type: return number.int64Value as? T
        case is Double?.Type: return number.doubleValue as? T
        case is Bool?.Type: return number.boolValue as? T
        default: return nil
        }
    }

    static func number(_ value: Any?) -> NSNumber? {
        switch value {
        case let value as NSNumber: value
        case let value as Int: NSNumber(value: value)
        case let value as Int64: NSNumber(value: value)
        case let value as Int32: NSNumber(value: value)
        case let value as Int16: NSNumber(value: value)
        case let value as Double: NSNumber(value: value)
        case let value as Float: NSNumber(value: value)
        case let value as Bool: NSNumber(value: value)
        case let value as Decimal: NSDecimalNumber(decimal: value)
        default: nil
        }
    }

    /// A scalar's zero, an empty string or data, the earliest date, for a value never set.
    static func empty<T>(_ type: T.Type) -> T? {
        if let zero = convert(NSNumber(value: 0), to: type) { return zero }
        switch type {
        case is String.Type: return "" as? T
        case is Data.Type: return Data() as? T
        // A required date or identifier never set (Core Data's bridging would trap; a server
        // would stop every page): the earliest date, the zero UUID.
        case is Date.Type: return Date(timeIntervalSince1970: 0) as? T
        case is UUID.Type: return UUID(uuid: (0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0)) as? T
        default: return collection([], as: type)
        }
    }

    /// A to-many relationship's objects as the type the property declares: `Set<Tag>`,
    /// `[Tag]`, their optionals, `NSSet`, `NSOrderedSet`.
    static func collection<T>(_ objects: [NSManagedObject], as type: T.Type) -> T? {
        if let set = NSSet(array: objects) as? T { return set }
        if let ordered = NSOrderedSet(array: objects) as? T { return ordered }
        if let set = Set(objects) as? T { return set }
        if let array = objects as? T { return array }
        return nil
    }

    /// The objects of a set, an ordered set, an array, or one object.
    static func objects(in value: Any) -> [NSManagedObject] {
        switch value {
        case let object as NSManagedObject: [object]
        case let set as NSOrderedSet: set.array.compactMap { $0 as? NSManagedObject }
        case let set as NSSet: set.allObjects.compactMap { $0 as? NSManagedObject }
        case let objects as [NSManagedObject]: objects
        case let objects as Set<NSManagedObject>: Array(objects)
        case let sequence as any Sequence: sequence.compactMap { $0 as? NSManagedObject }
        default: []
        }
    }

    /// A value out of its optional (nil stays nil).
    static func unwrapped(_ value: Any) -> Any? {
        let mirror = Mirror(reflecting: value)
        guard mirror.displayStyle == .optional else { return value }
        return mirror.children.first.map { unwrapped($0.value) } ?? nil
    }
}
