import Foundation

/// The models a container keeps, and what `@Model` says of each property.
public final class Schema: @unchecked Sendable {
    public let entities: [any PersistentModel.Type]
    public let version: Schema.Version

    public init(_ types: [any PersistentModel.Type], version: Schema.Version = Version(1, 0, 0)) {
        entities = types
        self.version = version
    }

    public convenience init(_ types: any PersistentModel.Type..., version: Schema.Version = Version(1, 0, 0)) {
        self.init(types, version: version)
    }

    /// A versioned schema's models.
    public convenience init(versionedSchema: any VersionedSchema.Type) {
        self.init(versionedSchema.models, version: versionedSchema.versionIdentifier)
    }

    public struct Version: Hashable, Comparable, Codable, Sendable, CustomStringConvertible {
        public let major: Int, minor: Int, patch: Int
        public init(_ major: Int, _ minor: Int, _ patch: Int) {
            self.major = major
            self.minor = minor
            self.patch = patch
        }
        public var description: String { "\(major).\(minor).\(patch)" }
        init?(text: String) {
            let parts = text.split(separator: ".").compactMap { Int($0) }
            guard parts.count == 3 else { return nil }
            self.init(parts[0], parts[1], parts[2])
        }
        public static func < (a: Self, b: Self) -> Bool { (a.major, a.minor, a.patch) < (b.major, b.minor, b.patch) }
    }

    /// What `@Attribute` says of a property.
    public enum Attribute {
        public struct Option: Hashable, Sendable {
            let name: String
            /// One model per value: inserting a model whose value is already stored updates the
            /// stored one (an upsert).
            public static let unique = Option(name: "unique")
            /// Kept in the store's row like any value (a browser-served app has no separate
            /// file store for large data).
            public static let externalStorage = Option(name: "externalStorage")
            public static let allowsCloudEncryption = Option(name: "allowsCloudEncryption")
            public static let preserveValueOnDeletion = Option(name: "preserveValueOnDeletion")
            public static let ephemeral = Option(name: "ephemeral")
            public static let spotlight = Option(name: "spotlight")
            public static func transformable(by transformerName: String) -> Option { Option(name: "transformable") }
            public static func transformable(by transformerType: Any.Type) -> Option { Option(name: "transformable") }
        }
    }

    /// What `@Relationship` says of a property.
    public enum Relationship {
        public struct Option: Hashable, Sendable {
            let name: String
            public static let unique = Option(name: "unique")
        }

        public enum DeleteRule: Hashable, Sendable {
            /// Leaves the related models, letting go of the deleted one (the default).
            case nullify
            /// Deletes the related models with it.
            case cascade
            /// Refuses to delete while it holds related models (`save()` throws).
            case deny
            /// Leaves the related models as they are.
            case noAction
        }
    }

    /// One saved property of a model: its name, its key path, and what its macro said.
    public struct PropertyMetadata: @unchecked Sendable {
        public let name: String
        public let keyPath: AnyKeyPath
        let isUnique: Bool
        let originalName: String?
        let deleteRule: Relationship.DeleteRule
        let inverse: AnyKeyPath?
        let declaredRelationship: Bool

        public static func attribute(
            _ name: String, _ keyPath: AnyKeyPath, _ options: Attribute.Option..., originalName: String? = nil, hashModifier: String? = nil
        ) -> PropertyMetadata {
            PropertyMetadata(
                name: name, keyPath: keyPath, isUnique: options.contains(.unique), originalName: originalName, deleteRule: .nullify,
                inverse: nil, declaredRelationship: false)
        }

        public static func relationship(
            _ name: String, _ keyPath: AnyKeyPath, _ options: Relationship.Option..., deleteRule: Relationship.DeleteRule = .nullify,
            minimumModelCount: Int? = 0, maximumModelCount: Int? = 0, originalName: String? = nil, inverse: AnyKeyPath? = nil,
            hashModifier: String? = nil
        ) -> PropertyMetadata {
            PropertyMetadata(
                name: name, keyPath: keyPath, isUnique: options.contains(.unique), originalName: originalName, deleteRule: deleteRule,
                inverse: inverse, declaredRelationship: true)
        }

        /// The models this property holds, when it holds models.
        var relationship: RelationshipKind? { RelationshipKind(type(of: keyPath).valueType) }
    }
}

/// A property's type when it holds models: a model, an optional one, an array of them, or an
/// optional array.
struct RelationshipKind {
    let destination: any PersistentModel.Type
    let isToMany: Bool
    let valueType: any _RelationshipValue.Type

    init?(_ type: Any.Type) {
        guard let value = type as? any _RelationshipValue.Type else { return nil }
        destination = value.destination
        isToMany = value.isToMany
        valueType = value
    }

    /// The property's value holding `models` (nil for a model required and missing).
    func value(holding models: [any PersistentModel]) -> Any? {
        valueType.holding(models).map { $0 as Any }
    }
}

/// The types a relationship property may have: `Trip`, `Trip?`, `[Stop]` and `[Stop]?`.
public protocol _RelationshipValue {
    static var destination: any PersistentModel.Type { get }
    static var isToMany: Bool { get }
    var heldModels: [any PersistentModel] { get }
    /// The value holding `models`; nil when it cannot (a model required, and none).
    static func holding(_ models: [any PersistentModel]) -> Self?
}

extension Array: _RelationshipValue where Element: PersistentModel {
    public static var destination: any PersistentModel.Type { Element.self }
    public static var isToMany: Bool { true }
    public var heldModels: [any PersistentModel] { self }
    public static func holding(_ models: [any PersistentModel]) -> Self? { models.compactMap { $0 as? Element } }
}

extension Optional: _RelationshipValue where Wrapped: _RelationshipValue {
    public static var destination: any PersistentModel.Type { Wrapped.destination }
    public static var isToMany: Bool { Wrapped.isToMany }
    public var heldModels: [any PersistentModel] { map(\.heldModels) ?? [] }
    public static func holding(_ models: [any PersistentModel]) -> Self? { .some(Wrapped.holding(models)) }
}

/// The models a value holds: a model, an optional one, an array of them, or none.
func heldModels(in value: Any?) -> [any PersistentModel] {
    (value as? any _RelationshipValue)?.heldModels ?? []
}

/// A schema of one version of an app's models, for a migration plan.
public protocol VersionedSchema {
    static var versionIdentifier: Schema.Version { get }
    static var models: [any PersistentModel.Type] { get }
}

/// How a store of an older schema's models is read by a newer one: its stages run in order.
/// Values are kept by property name, so a stage that only adds or drops properties
/// (`.lightweight`) needs nothing; a `.custom` stage's `willMigrate` and `didMigrate` run with
/// the container's context when the container opens.
public protocol SchemaMigrationPlan {
    static var schemas: [any VersionedSchema.Type] { get }
    static var stages: [MigrationStage] { get }
}

public enum MigrationStage: @unchecked Sendable {
    case lightweight(fromVersion: any VersionedSchema.Type, toVersion: any VersionedSchema.Type)
    case custom(
        fromVersion: any VersionedSchema.Type, toVersion: any VersionedSchema.Type, willMigrate: ((ModelContext) throws -> Void)?,
        didMigrate: ((ModelContext) throws -> Void)?)
}
