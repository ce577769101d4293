import Foundation
import Observation

/// Makes a class a persistent model, as SwiftData's `@Model` does: its stored `var`s are kept
/// by its context and saved in the container's store (an SQLite file), views that read them
/// render again when they change, and relationships to other models keep their inverses in
/// step.
///
/// ```swift
/// @Model final class Trip {
///     var name: String
///     var start = Date.now
///     @Relationship(deleteRule: .cascade, inverse: \Stop.trip) var stops: [Stop] = []
///     @Transient var isExpanded = false      // not saved
///     init(name: String) { self.name = name }
/// }
/// ```
@attached(member, names: named(_$backingData), named(schemaMetadata), named(init(backingData:)))
@attached(memberAttribute)
@attached(extension, conformances: PersistentModel)
public macro Model() = #externalMacro(module: "JetwayMacros", type: "ModelMacro")

/// What `@Model` puts on each stored property: its value is the model's backing data's.
@attached(accessor, names: named(init), named(get), named(set))
public macro _PersistedProperty() = #externalMacro(module: "JetwayMacros", type: "PersistedPropertyMacro")

/// How a model's property is kept: `.unique` (inserting a model with the value of one already
/// stored updates that one), `.externalStorage`, `.spotlight`…, and the name it had before.
@attached(peer)
public macro Attribute(_ options: Schema.Attribute.Option..., originalName: String? = nil, hashModifier: String? = nil) =
    #externalMacro(module: "JetwayMacros", type: "ModelPropertyMarkerMacro")

/// A property that holds other models: what happens to them when this model is deleted
/// (`.cascade` deletes them, `.nullify` lets go of them, `.deny` refuses the delete while it
/// holds any), and its inverse on their side, kept in step.
@attached(peer)
public macro Relationship(
    _ options: Schema.Relationship.Option..., deleteRule: Schema.Relationship.DeleteRule = .nullify, minimumModelCount: Int? = 0,
    maximumModelCount: Int? = 0, originalName: String? = nil, inverse: AnyKeyPath? = nil, hashModifier: String? = nil
) = #externalMacro(module: "JetwayMacros", type: "ModelPropertyMarkerMacro")

/// A property of a model that is not saved (it needs an initial value).
@attached(peer)
public macro Transient() = #externalMacro(module: "JetwayMacros", type: "ModelPropertyMarkerMacro")

/// A class `@Model` made persistent: compared and hashed by identity, identified by its
/// `persistentModelID` (unless it declares an `id` of its own).
public protocol PersistentModel: AnyObject, Observable, Hashable, Identifiable, _RelationshipValue {
    /// Where the model's values are kept (made by `@Model`).
    var _$backingData: ModelBackingData { get }
    /// The model's saved properties (made by `@Model`).
    static var schemaMetadata: [Schema.PropertyMetadata] { get }
    /// A model read from the store (made by `@Model`).
    init(backingData: ModelRow)
}

extension PersistentModel {
    /// The model's identity in its store: the same in every fetch and after a restart (a model
    /// not yet inserted has a temporary one).
    public var persistentModelID: PersistentIdentifier { _$backingData.identifier(entity: Self.entityName) }
    /// The context the model was inserted into; nil before, and after it is deleted and saved.
    public var modelContext: ModelContext? { _$backingData.graph.map { ModelContext(graph: $0) } }
    /// Whether the model has changes not yet saved.
    public var hasChanges: Bool { _$backingData.graph?.hasChanges(self) ?? false }
    /// Whether the model was deleted from its context.
    public var isDeleted: Bool { _$backingData.isDeleted }

    /// The model's identity: its `persistentModelID` (a model that declares an `id` of its own uses that one).
    public var id: PersistentIdentifier { persistentModelID }

    // A model is a to-one relationship's value.
    /// The type a relationship holding this model holds: its own (Jetway's relationship bookkeeping).
    public static var destination: any PersistentModel.Type { Self.self }
    /// A model alone is a to-one relationship's value.
    public static var isToMany: Bool { false }
    /// The models the value holds: this one.
    public var heldModels: [any PersistentModel] { [self] }
    /// The first of `models` as this type (nil when there is none).
    public static func holding(_ models: [any PersistentModel]) -> Self? { models.first as? Self }

    /// Whether the two are the same model (the same object).
    public static func == (a: Self, b: Self) -> Bool { a === b }
    /// Hashes the model by identity.
    public func hash(into hasher: inout Hasher) { hasher.combine(ObjectIdentifier(self)) }

    /// The name the store keeps the model's rows under: its class's name.
    static var entityName: String { String(describing: Self.self) }

    /// The value of a property by name (what relationships and the store read).
    public func getValue<T>(forKey key: KeyPath<Self, T>) -> T { self[keyPath: key] }
}

/// A model's identity: its entity and its number in the store.
public struct PersistentIdentifier: Hashable, Comparable, Codable, Sendable, CustomStringConvertible {
    /// The name of the model's class, which the store keeps its rows under.
    public let entityName: String
    let serial: Int64
    /// Not yet inserted: a number of its own, not in any store.
    let isTemporary: Bool

    init(entityName: String, serial: Int64, isTemporary: Bool = false) {
        self.entityName = entityName
        self.serial = serial
        self.isTemporary = isTemporary
    }

    /// `"default"` for a model in a store; nil for one not yet inserted.
    public var storeIdentifier: String? { isTemporary ? nil : "default" }
    /// `PersistentIdentifier(<Entity>/p<number>)` (`t<number>` for a model not yet inserted).
    public var description: String { "PersistentIdentifier(\(entityName)/\(isTemporary ? "t" : "p")\(serial))" }
    /// Orders identifiers by entity name, then by number.
    public static func < (a: Self, b: Self) -> Bool { (a.entityName, a.serial) < (b.entityName, b.serial) }
}
