import Foundation
import Observation

/// Where a model's values are kept: by property name, read and changed under observation (a
/// view that read a property renders again when it changes), relationships read from the store
/// only when first asked for, their inverses kept in step, and the model's context told of each
/// change.
public final class ModelBackingData: Observable, @unchecked Sendable {
    var values: [String: Any] = [:]
    /// Relationships read from the store and not yet asked for: the identities they hold.
    var pending: [String: [PersistentIdentifier]] = [:]
    /// The object graph the model is in (its context's); nil before it is inserted.
    var graph: ModelGraph?
    /// The model's number in its store: given on insert; a temporary one before.
    var serial: Int64?
    private var temporarySerial: Int64?
    var isDeleted = false
    private let registrar = ObservationRegistrar()

    /// Empty backing data, as `@Model` makes for a new model.
    public init() {}

    /// The value a property starts with (its initial value, or what an initialiser set).
    public func initialize<T>(_ key: String, to value: T) { values[key] = value }

    /// The property's value.
    public func value<Model: PersistentModel, T>(of model: Model, _ key: String) -> T {
        registrar.access(self, keyPath: \.[observed: key])
        resolvePending(key, of: Model.self)
        if let value = values[key] as? T { return value }
        if let empty = ModelValues.empty(T.self) { return empty }
        preconditionFailure("\(Model.self).\(key) has no value: give it an initial value, or set it in the model's init")
    }

    /// Sets the property: views that read it render again, the context notes the change, the
    /// related models' inverse properties follow.
    public func setValue<Model: PersistentModel, T>(of model: Model, _ key: String, to newValue: T) {
        resolvePending(key, of: Model.self)
        let old = values[key]
        if ModelValues.same(old, newValue) { return }
        registrar.withMutation(of: self, keyPath: \.[observed: key]) { values[key] = newValue }
        graph?.didChange(model, key: key, old: old)
        guard let property = Model.metadata(key), let kind = property.relationship else { return }
        Relationships.relink(model, property: property, kind: kind, from: heldModels(in: old), to: heldModels(in: newValue))
    }

    /// What observation tracks for a property: one key path per name.
    subscript(observed key: String) -> Int { 0 }

    // MARK: Inside (the graph and relationships)

    func identifier(entity: String) -> PersistentIdentifier {
        if let serial { return PersistentIdentifier(entityName: entity, serial: serial) }
        if temporarySerial == nil { temporarySerial = ModelGraph.nextTemporarySerial() }
        return PersistentIdentifier(entityName: entity, serial: temporarySerial!, isTemporary: true)
    }

    /// A relationship's value as read from the store, resolved into models on first read.
    private func resolvePending<Model: PersistentModel>(_ key: String, of type: Model.Type) {
        guard let ids = pending.removeValue(forKey: key), let graph, let kind = Model.metadata(key)?.relationship else { return }
        let models = ids.compactMap { graph.model(for: $0) }.filter { !$0._$backingData.isDeleted }
        values[key] = kind.value(holding: models)
    }

    /// Sets a relationship's value from the other side (an inverse), without relinking again.
    func setFromInverse(_ key: String, _ value: Any?, of model: any PersistentModel) {
        let old: Any? = pending.removeValue(forKey: key).map(PendingRelationship.init) ?? values[key]
        registrar.withMutation(of: self, keyPath: \.[observed: key]) { values[key] = value }
        graph?.didChange(model, key: key, old: old)
    }

    /// The models a relationship holds now (resolving it if it was not yet read).
    func held<Model: PersistentModel>(_ key: String, of type: Model.Type) -> [any PersistentModel] {
        resolvePending(key, of: type)
        return heldModels(in: values[key])
    }

    /// Every value, for saving: relationships as the numbers of the models they hold.
    func snapshot() -> [String: Any] {
        var result = values
        for (key, ids) in pending { result[key] = PendingRelationship(ids: ids) }
        return result
    }

    /// Puts back `snapshot` (a rollback), telling the views.
    func restore(_ snapshot: [String: Any]) {
        let keys = Set(values.keys).union(snapshot.keys).union(pending.keys)
        for key in keys {
            registrar.withMutation(of: self, keyPath: \.[observed: key]) {
                if let pending = snapshot[key] as? PendingRelationship {
                    self.pending[key] = pending.ids
                    values[key] = nil
                } else {
                    self.pending[key] = nil
                    values[key] = snapshot[key]
                }
            }
        }
    }
}

/// A relationship not yet read in a snapshot.
struct PendingRelationship {
    let ids: [PersistentIdentifier]
}

/// One stored model's values, as `@Model`'s `init(backingData:)` reads them.
public final class ModelRow {
    let entity: String
    let serial: Int64
    let json: [String: Any]
    weak var graph: ModelGraph?
    /// The relationships read, by name: the identities they hold.
    var relationships: [String: [PersistentIdentifier]] = [:]
    /// Values the row could not read (a type changed): named in the graph's report.
    var unreadable: [String] = []

    init(entity: String, serial: Int64, json: [String: Any], graph: ModelGraph?) {
        self.entity = entity
        self.serial = serial
        self.json = json
        self.graph = graph
    }

    /// The stored value of `key`; an empty value (zero, "", nil, []) when there is none.
    public func value<T>(_ key: String) -> T {
        read(key) ?? ModelValues.empty(T.self) ?? ModelValues.placeholder(T.self, key: key, entity: entity)
    }

    /// The stored value of `key`, or `initial` when there is none (a property added since).
    public func value<T>(_ key: String, default initial: @autoclosure () -> T) -> T {
        read(key) ?? initial()
    }

    private func read<T>(_ key: String) -> T? {
        if let kind = RelationshipKind(T.self) {
            // Read when first asked for: the related rows may not be read yet.
            let ids = ModelValues.serials(json[key]).map {
                PersistentIdentifier(entityName: String(describing: kind.destination), serial: $0)
            }
            relationships[key] = ids
            if !(T.self is any PersistentModel.Type) {
                return kind.value(holding: []) as? T
            }
            // A required model: read it now.
            if let id = ids.first, let model = graph?.model(for: id) as? T { return model }
            return nil
        }
        // A property renamed (`@Attribute(originalName: "title")`) reads the old name's value.
        let found = json[key] ?? graph?.originalName(of: key, in: entity).flatMap { json[$0] }
        guard let stored = found, !(stored is NSNull) || T.self is any _OptionalValue.Type else { return nil }
        do {
            return try ModelValues.decode(T.self, from: stored)
        } catch {
            unreadable.append(key)
            return nil
        }
    }
}

/// `Optional`, to tell a stored null that reads as nil.
protocol _OptionalValue {}
extension Optional: _OptionalValue {}
