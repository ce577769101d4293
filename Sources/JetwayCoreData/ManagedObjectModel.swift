import Foundation
import JetwayPort
import Synchronization

/// A Core Data model: its entities, read from the app's `.xcdatamodeld` (the XML Xcode's model
/// editor writes). `NSPersistentContainer(name:)` finds the model of that name among the
/// folders `searchFolders` lists (the app's assets folder, `JETWAY_ASSETS`, and the working
/// directory), or one registered with `register(_:)`.
public final class NSManagedObjectModel: @unchecked Sendable {
    /// The model's name (its `.xcdatamodeld` folder's, without the extension).
    public let name: String
    /// Its entities, in the model's order.
    public let entities: [NSEntityDescription]
    /// Its entities by name.
    public let entitiesByName: [String: NSEntityDescription]

    /// A model of the entities in `model` (a data model as `jetway port` reads it from the XML).
    public init(_ model: DataModel) {
        name = model.name
        entities = model.entities.map(NSEntityDescription.init)
        entitiesByName = Dictionary(entities.map { ($0.name, $0) }, uniquingKeysWith: { first, _ in first })
        for entity in entities { entity.model = self }
    }

    /// A model from its `contents` XML; nil when the text is not one.
    public convenience init?(name: String, xml: String) {
        guard let model = DataModel(name: name, xml: xml) else { return nil }
        self.init(model)
    }

    /// The model in a `.xcdatamodeld` folder.
    public convenience init?(contentsOf url: URL) {
        guard let model = DataModel.read(modelFolder: url) else { return nil }
        self.init(model)
    }

    // MARK: Finding an app's models

    private static let registry = Mutex<[String: NSManagedObjectModel]>([:])

    /// Makes `model` the one `NSPersistentContainer(name: model.name)` loads.
    public static func register(_ model: NSManagedObjectModel) {
        registry.withLock { $0[model.name] = model }
    }

    /// Where models are looked for: the app's assets folder (`JETWAY_ASSETS`) and the working
    /// directory, each searched through its sub-folders.
    nonisolated(unsafe) public static var searchFolders: [URL] = {
        var folders: [URL] = []
        if let assets = ProcessInfo.processInfo.environment["JETWAY_ASSETS"], !assets.isEmpty {
            folders.append(URL(fileURLWithPath: assets))
        }
        folders.append(URL(fileURLWithPath: FileManager.default.currentDirectoryPath))
        return folders
    }()

    /// The model named `name`: registered, or found in `searchFolders` (and then registered).
    public static func named(_ name: String) -> NSManagedObjectModel? {
        if let known = registry.withLock({ $0[name] }) { return known }
        for folder in searchFolders {
            for url in DataModel.find(under: folder) where url.deletingPathExtension().lastPathComponent == name {
                if let model = NSManagedObjectModel(contentsOf: url) {
                    register(model)
                    return model
                }
            }
        }
        return nil
    }

    /// Every model registered or loaded so far, merged (Core Data's `mergedModel(from:)`).
    public static func mergedModel(from bundles: [Bundle]?) -> NSManagedObjectModel? {
        let models = registry.withLock { Array($0.values) }
        guard !models.isEmpty else { return nil }
        return NSManagedObjectModel(
            DataModel(name: "Merged", entities: models.flatMap { model in model.entities.map(\.source) }))
    }

    /// The entity whose objects are of the class named `className`, in any model known.
    static func entity(forClassNamed className: String) -> NSEntityDescription? {
        let models = registry.withLock { Array($0.values) }
        for model in models {
            if let entity = model.entities.first(where: { $0.managedObjectClassName == className }) { return entity }
        }
        return nil
    }
}

/// One kind of object in a model: its attributes and relationships.
public final class NSEntityDescription: @unchecked Sendable, Hashable {
    let source: DataModel.Entity
    /// The entity's name in the model.
    public let name: String
    /// The name of the class its objects are (the model's class name, else the entity's name).
    public let managedObjectClassName: String
    /// Its attributes by name.
    public let attributesByName: [String: NSAttributeDescription]
    /// Its relationships by name.
    public let relationshipsByName: [String: NSRelationshipDescription]
    weak var model: NSManagedObjectModel?

    init(_ entity: DataModel.Entity) {
        source = entity
        name = entity.name
        managedObjectClassName = entity.className
        attributesByName = Dictionary(
            entity.attributes.map { ($0.name, NSAttributeDescription($0)) }, uniquingKeysWith: { first, _ in first })
        relationshipsByName = Dictionary(
            entity.relationships.map { ($0.name, NSRelationshipDescription($0)) }, uniquingKeysWith: { first, _ in first })
    }

    /// An entity the model does not describe (a class used before its model was loaded): no
    /// attributes, so its values are kept as they are set.
    init(placeholderNamed name: String) {
        source = DataModel.Entity(name: name, className: name, codeGeneration: .manual, attributes: [], relationships: [])
        self.name = name
        managedObjectClassName = name
        attributesByName = [:]
        relationshipsByName = [:]
    }

    /// The model the entity is in (nil for an entity no loaded model describes).
    public var managedObjectModel: NSManagedObjectModel? { model }
    /// Its attributes, in the model's order.
    public var attributes: [NSAttributeDescription] { source.attributes.compactMap { attributesByName[$0.name] } }
    /// Its relationships, in the model's order.
    public var relationships: [NSRelationshipDescription] { source.relationships.compactMap { relationshipsByName[$0.name] } }

    /// The entity named `entityName` in the context's model.
    public static func entity(forEntityName entityName: String, in context: NSManagedObjectContext) -> NSEntityDescription? {
        context.model?.entitiesByName[entityName]
    }

    /// A new object of the entity, inserted in `context`.
    public static func insertNewObject(forEntityName entityName: String, into context: NSManagedObjectContext) -> NSManagedObject {
        let entity = context.model?.entitiesByName[entityName] ?? NSEntityDescription(placeholderNamed: entityName)
        return context.coordinator.objectClass(for: entity).init(entity: entity, insertInto: context)
    }

    /// Whether the two are the same entity description (the same object).
    public static func == (a: NSEntityDescription, b: NSEntityDescription) -> Bool { a === b }
    /// Hashes the entity description by identity.
    public func hash(into hasher: inout Hasher) { hasher.combine(ObjectIdentifier(self)) }
}

/// How an attribute is stored (Core Data's names and numbers).
public enum NSAttributeType: UInt, Sendable {
    /// No type the model names (the type is not one of those below); such a value is not stored.
    case undefinedAttributeType = 0
    /// A 16-bit integer (`Int16`).
    case integer16AttributeType = 100
    /// A 32-bit integer (`Int32`).
    case integer32AttributeType = 200
    /// A 64-bit integer (`Int64`).
    case integer64AttributeType = 300
    /// A decimal number (`Decimal`), stored as a `Double` (exact to about 15 digits).
    case decimalAttributeType = 400
    /// A `Double`.
    case doubleAttributeType = 500
    /// A `Float`.
    case floatAttributeType = 600
    /// A `String`.
    case stringAttributeType = 700
    /// A `Bool`.
    case booleanAttributeType = 800
    /// A `Date`.
    case dateAttributeType = 900
    /// Bytes (`Data`), stored as Base64 text.
    case binaryDataAttributeType = 1000
    /// A `UUID`.
    case UUIDAttributeType = 1100
    /// A `URL`.
    case URIAttributeType = 1200
    /// A value a transformer encodes: not stored in Jetway (an object keeps it only until the app restarts).
    case transformableAttributeType = 1800
}

/// One attribute of an entity: its name, type, whether it may be empty, and its default value.
public final class NSAttributeDescription: @unchecked Sendable {
    /// The attribute's name.
    public let name: String
    /// How its values are stored.
    public let attributeType: NSAttributeType
    /// Whether an object may be saved without a value for it.
    public let isOptional: Bool
    /// The model's default value, typed.
    public let defaultValue: Any?

    init(_ attribute: DataModel.Attribute) {
        name = attribute.name
        isOptional = attribute.isOptional
        attributeType =
            switch attribute.type {
            case "Integer 16": .integer16AttributeType
            case "Integer 32": .integer32AttributeType
            case "Integer 64": .integer64AttributeType
            case "Decimal": .decimalAttributeType
            case "Double": .doubleAttributeType
            case "Float": .floatAttributeType
            case "Boolean": .booleanAttributeType
            case "Date": .dateAttributeType
            case "Binary": .binaryDataAttributeType
            case "UUID": .UUIDAttributeType
            case "URI": .URIAttributeType
            case "Transformable": .transformableAttributeType
            case "String": .stringAttributeType
            default: .undefinedAttributeType
            }
        defaultValue = attribute.defaultValue.flatMap { [attributeType] text -> Any? in
            switch attributeType {
            case .integer16AttributeType, .integer32AttributeType, .integer64AttributeType: Int64(text)
            case .doubleAttributeType, .floatAttributeType, .decimalAttributeType: Double(text)
            case .booleanAttributeType: text == "YES"
            case .stringAttributeType: text
            default: nil
            }
        }
    }
}

/// What deleting an object does to the objects a relationship holds.
public enum NSDeleteRule: UInt, Sendable {
    /// `noActionDeleteRule`: the held objects are left as they are; `nullifyDeleteRule`: they let go of the deleted object
    /// (the default); `cascadeDeleteRule`: they are deleted too; `denyDeleteRule`: saving the deletion fails while the
    /// relationship holds any.
    case noActionDeleteRule, nullifyDeleteRule, cascadeDeleteRule, denyDeleteRule
}

/// One relationship of an entity: its destination, inverse, kind and delete rule.
public final class NSRelationshipDescription: @unchecked Sendable {
    /// The relationship's name.
    public let name: String
    /// The name of the entity it holds objects of.
    public let destinationEntityName: String
    /// The name of its inverse on the destination, kept in step when either side changes (nil: none).
    public let inverseRelationshipName: String?
    /// Whether it holds many objects (else one).
    public let isToMany: Bool
    /// Whether its objects are in an order (an `NSOrderedSet`) rather than a set.
    public let isOrdered: Bool
    /// Whether an object may be saved without one (checked for to-one relationships only).
    public let isOptional: Bool
    /// What deleting an object does to the objects this relationship holds.
    public let deleteRule: NSDeleteRule

    init(_ relationship: DataModel.Relationship) {
        name = relationship.name
        destinationEntityName = relationship.destination
        inverseRelationshipName = relationship.inverse
        isToMany = relationship.isToMany
        isOrdered = relationship.isOrdered
        isOptional = relationship.isOptional
        deleteRule =
            switch relationship.deleteRule {
            case "Cascade": .cascadeDeleteRule
            case "Deny": .denyDeleteRule
            case "No Action": .noActionDeleteRule
            default: .nullifyDeleteRule
            }
    }
}
