import Foundation

/// The models a container keeps, and what `@Model` says of each property.
public final class Schema: @unchecked Sendable {
    /// The model types, as given.
    public let entities: [any PersistentModel.Type]
    /// The schema's version (1.0.0 unless given), which a migration plan compares with the store's.
    public let version: Schema.Version

    /// A schema of `types` at `version`.
    public init(_ types: [any PersistentModel.Type], version: Schema.Version = Version(1, 0, 0)) {
        entities = types
        self.version = version
    }

    /// A schema of `types` at `version`.
    public convenience init(_ types: any PersistentModel.Type..., version: Schema.Version = Version(1, 0, 0)) {
        self.init(types, version: version)
    }

    /// A versioned schema's models.
    public convenience init(versionedSchema: any VersionedSchema.Type) {
        self.init(versionedSchema.models, version: versionedSchema.versionIdentifier)
    }

    /// A schema's version: major, minor and patch numbers, ordered as numbers.
    public struct Version: Hashable, Comparable, Codable, Sendable, CustomStringConvertible {
        /// The version's major, minor and patch numbers.
        public let major: Int, minor: Int, patch: Int
        /// The version `major.minor.patch`.
        public init(_ major: Int, _ minor: Int, _ patch: Int) {
            self.major = major
            self.minor = minor
            self.patch = patch
        }
        /// `major.minor.patch`.
        public var description: String { "\(major).\(minor).\(patch)" }
        init?(text: String) {
            let parts = text.split(separator: ".").compactMap { Int($0) }
            guard parts.count == 3 else { return nil }
            self.init(parts[0], parts[1], parts[2])
        }
        /// Orders versions by major, then minor, then patch number.
        public static func < (a: Self, b: Self) -> Bool { (a.major, a.minor, a.patch) < (b.major, b.minor, b.patch) }
    }

    /// What `@Attribute` says of a property.
    public enum Attribute {
        /// An option of `@Attribute`: `.unique` is used, `.externalStorage` keeps the value in the row as any other, and
        /// the others are accepted and change nothing.
        public struct Option: Hashable, Sendable {
            let name: String
            /// One model per value: inserting a model whose value is already stored updates the
            /// stored one (an upsert).
            public static let unique = Option(name: "unique")
            /// Kept in the store's row like any value (a browser-served app has no separate
            /// file store for large data).
            public static let externalStorage = Option(name: "externalStorage")
            /// Accepted so SwiftData code compiles; the store is the server's (not iCloud's), so nothing is encrypted for it.
            public static let allowsCloudEncryption = Option(name: "allowsCloudEncryption")
            /// Accepted so SwiftData code compiles; a deleted model's values are not kept.
            public static let preserveValueOnDeletion = Option(name: "preserveValueOnDeletion")
            /// Accepted so SwiftData code compiles; the property is saved like any other.
            public static let ephemeral = Option(name: "ephemeral")
            /// Accepted so SwiftData code compiles; there is no Spotlight index.
            public static let spotlight = Option(name: "spotlight")
            /// Accepted so SwiftData code compiles; the value is saved as JSON, so it must be `Codable`.
            public static func transformable(by transformerName: String) -> Option { Option(name: "transformable") }
            /// Accepted so SwiftData code compiles; the value is saved as JSON, so it must be `Codable`.
            public static func transformable(by transformerType: Any.Type) -> Option { Option(name: "transformable") }
        }
    }

    /// What `@Relationship` says of a property.
    public enum Relationship {
        /// An option of `@Relationship`.
        public struct Option: Hashable, Sendable {
            let name: String
            /// As `Schema.Attribute.Option.unique`: inserting a model that holds what a stored one holds updates the stored one.
            public static let unique = Option(name: "unique")
        }

        /// What deleting a model does to the models a relationship holds.
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
        /// The property's name, which its value is stored under.
        public let name: String
        /// The property's key path on the model.
        public let keyPath: AnyKeyPath
        let isUnique: Bool
        let originalName: String?
        let deleteRule: Relationship.DeleteRule
        let inverse: AnyKeyPath?
        let declaredRelationship: Bool

        /// What `@Model` writes for a saved property: its `name`, `keyPath` and what `@Attribute` said (`.unique` and
        /// `originalName` are used; the other options and `hashModifier` are not).
        public static func attribute(
            _ name: String, _ keyPath: AnyKeyPath, _ options: Attribute.Option..., originalName: String? = nil, hashModifier: String? = nil
        ) -> PropertyMetadata {
            PropertyMetadata(
                name: name, keyPath: keyPath, isUnique: options.contains(.unique), originalName: originalName, deleteRule: .nullify,
                inverse: nil, declaredRelationship: false)
        }

        /// What `@Model` writes for a relationship: its `name`, `keyPath`, `deleteRule`, `inverse` and `.unique`; the model
        /// counts, `originalName` and `hashModifier` are not used.
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
    /// The model type the value holds; Jetway follows it to find the relationship's inverse and the models to learn.
    static var destination: any PersistentModel.Type { get }
    /// Whether the value is an array of models; Jetway stores a to-many value as a list of serials, a to-one as one.
    static var isToMany: Bool { get }
    /// The models the value holds now; Jetway saves their serials and relinks inverses when the property changes.
    var heldModels: [any PersistentModel] { get }
    /// The value holding `models`; nil when it cannot (a model required, and none).
    static func holding(_ models: [any PersistentModel]) -> Self?
}

extension Array: _RelationshipValue where Element: PersistentModel {
    /// The model type the array holds.
    public static var destination: any PersistentModel.Type { Element.self }
    /// An array of models is a to-many relationship's value.
    public static var isToMany: Bool { true }
    /// The models in the array.
    public var heldModels: [any PersistentModel] { self }
    /// The models of `models` that are `Element`s.
    public static func holding(_ models: [any PersistentModel]) -> Self? { models.compactMap { $0 as? Element } }
}

extension Optional: _RelationshipValue where Wrapped: _RelationshipValue {
    /// The model type the wrapped value holds.
    public static var destination: any PersistentModel.Type { Wrapped.destination }
    /// Whether the wrapped value is to-many.
    public static var isToMany: Bool { Wrapped.isToMany }
    /// The models the wrapped value holds (none when it is nil).
    public var heldModels: [any PersistentModel] { map(\.heldModels) ?? [] }
    /// The wrapped value holding `models`, or nil when it cannot (a model required, and none).
    public static func holding(_ models: [any PersistentModel]) -> Self? { .some(Wrapped.holding(models)) }
}

/// The models a value holds: a model, an optional one, an array of them, or none.
func heldModels(in value: Any?) -> [any PersistentModel] {
    (value as? any _RelationshipValue)?.heldModels ?? []
}

/// A schema of one version of an app's models, for a migration plan.
public protocol VersionedSchema {
    /// The schema's version: `Schema(versionedSchema:)` takes it, and a plan's `.custom` stage runs when its versions
    /// lie between the store's last version and the container's.
    static var versionIdentifier: Schema.Version { get }
    /// The model types of this version; `Schema(versionedSchema:)` makes a schema of them.
    static var models: [any PersistentModel.Type] { get }
}

/// How a store of an older schema's models is read by a newer one: its stages run in order.
/// Values are kept by property name, so a stage that only adds or drops properties
/// (`.lightweight`) needs nothing; a `.custom` stage's `willMigrate` and `didMigrate` run with
/// the container's context when the container opens.
public protocol SchemaMigrationPlan {
    /// The plan's versioned schemas, oldest first. Kept for SwiftData compatibility: Jetway never reads it (the
    /// container migrates to its own schema's version).
    static var schemas: [any VersionedSchema.Type] { get }
    /// The plan's stages, in order; when a container opens, Jetway runs the `.custom` ones between the store's
    /// version and the schema's, and skips `.lightweight` ones.
    static var stages: [MigrationStage] { get }
}

/// A stage of a migration plan, from one versioned schema to the next.
public enum MigrationStage: @unchecked Sendable {
    /// A stage that only adds or drops properties: nothing runs (values are kept by name).
    case lightweight(fromVersion: any VersionedSchema.Type, toVersion: any VersionedSchema.Type)
    /// A stage whose `willMigrate` and `didMigrate` run with the container's context, each followed by a save, when a
    /// store last opened at `fromVersion` or earlier is opened for a schema at `toVersion` or later.
    case custom(
        fromVersion: any VersionedSchema.Type, toVersion: any VersionedSchema.Type, willMigrate: ((ModelContext) throws -> Void)?,
        didMigrate: ((ModelContext) throws -> Void)?)
}
