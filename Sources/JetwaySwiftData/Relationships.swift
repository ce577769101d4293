import Foundation
import Synchronization

extension PersistentModel {
    /// The saved property named `key`.
    static func metadata(_ key: String) -> Schema.PropertyMetadata? {
        Relationships.properties(of: Self.self)[key]
    }
}

/// Relationships between models: each one's inverse (declared on either side, or the one
/// relationship back when there is exactly one), kept in step when either side changes.
enum Relationships {
    private static let propertiesByType = Mutex<[ObjectIdentifier: [String: Schema.PropertyMetadata]]>([:])
    private static let inverses = Mutex<[String: String?]>([:])

    static func properties(of type: any PersistentModel.Type) -> [String: Schema.PropertyMetadata] {
        let key = ObjectIdentifier(type)
        if let known = propertiesByType.withLock({ $0[key] }) { return known }
        let properties = Dictionary(type.schemaMetadata.map { ($0.name, $0) }, uniquingKeysWith: { first, _ in first })
        propertiesByType.withLock { $0[key] = properties }
        return properties
    }

    /// The name of the property on `kind.destination` that is the inverse of `property` of
    /// `type`, if any.
    static func inverse(of property: Schema.PropertyMetadata, in type: any PersistentModel.Type, kind: RelationshipKind) -> String? {
        let cacheKey = "\(ObjectIdentifier(type).hashValue).\(property.name)"
        if let known = inverses.withLock({ $0[cacheKey] }) { return known }
        let others = kind.destination.schemaMetadata
        var found: String?
        if let inverse = property.inverse {
            found = others.first { $0.keyPath == inverse }?.name
        } else if let declared = others.first(where: { $0.inverse == property.keyPath }) {
            found = declared.name
        } else {
            // Undeclared on both sides: the one relationship back to this type, when there is
            // exactly one each way and neither names another inverse.
            let back = others.filter { $0.inverse == nil && $0.relationship?.destination == type }
            let forth = type.schemaMetadata.filter { $0.relationship?.destination == kind.destination }
            if back.count == 1, forth.count == 1, !(kind.destination == type && back[0].name == property.name) { found = back[0].name }
        }
        inverses.withLock { $0[cacheKey] = .some(found) }
        return found
    }

    /// After `model`'s `property` changed from holding `old` to holding `new`: the models let go
    /// of drop `model` from their inverse, the models taken add it (a to-one inverse moves, so
    /// its previous holder lets go of it), and new models join `model`'s context.
    static func relink(
        _ model: some PersistentModel, property: Schema.PropertyMetadata, kind: RelationshipKind, from old: [any PersistentModel],
        to new: [any PersistentModel]
    ) {
        let oldIDs = Set(old.map(ObjectIdentifier.init)), newIDs = Set(new.map(ObjectIdentifier.init))
        // Related models share a context: a model joins its holder's, a holder joins its
        // model's (`stop.trip = trip` for a stop not yet inserted).
        if model._$backingData.graph == nil, let graph = new.lazy.compactMap({ $0._$backingData.graph }).first {
            graph.insert(model)
        }
        if let graph = model._$backingData.graph {
            for added in new where added._$backingData.graph == nil && !added._$backingData.isDeleted { graph.insert(added) }
        }
        guard let inverseName = inverse(of: property, in: type(of: model), kind: kind) else { return }
        for removed in old where !newIDs.contains(ObjectIdentifier(removed)) {
            unlink(model, from: removed, key: inverseName)
        }
        for added in new where !oldIDs.contains(ObjectIdentifier(added)) {
            link(model, to: added, key: inverseName, holderKey: property.name)
        }
    }

    /// `target`'s relationship `key` lets go of `model`.
    private static func unlink(_ model: any PersistentModel, from target: any PersistentModel, key: String) {
        guard let inverse = properties(of: type(of: target))[key], let inverseKind = inverse.relationship else { return }
        let held = heldHere(target, key)
        let remaining = held.filter { $0 !== model }
        guard remaining.count != held.count else { return }
        target._$backingData.setFromInverse(key, inverseKind.value(holding: remaining), of: target)
    }

    private static func link(_ model: any PersistentModel, to target: any PersistentModel, key: String, holderKey: String) {
        guard let inverse = properties(of: type(of: target))[key], let inverseKind = inverse.relationship else { return }
        let held = heldHere(target, key)
        guard !held.contains(where: { $0 === model }) else { return }
        if inverseKind.isToMany {
            target._$backingData.setFromInverse(key, inverseKind.value(holding: held + [model]), of: target)
        } else {
            // A to-one moves: its previous holder lets go of the target.
            for previous in held { unlink(target, from: previous, key: holderKey) }
            target._$backingData.setFromInverse(key, inverseKind.value(holding: [model]), of: target)
        }
    }

    /// The models `model`'s relationship `key` holds.
    static func heldHere(_ model: any PersistentModel, _ key: String) -> [any PersistentModel] {
        func open<M: PersistentModel>(_ model: M) -> [any PersistentModel] { model._$backingData.held(key, of: M.self) }
        return open(model)
    }
}
