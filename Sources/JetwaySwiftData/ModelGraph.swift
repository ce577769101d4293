import Foundation
import Jetway
import JetwayStore
import Observation
import Synchronization

/// The models of one store and their changes until saved: what every `ModelContext` of a
/// container works on (its `mainContext` and any made with `ModelContext(container)`). One graph
/// serves the whole app, as the main context does on a device: every page sees the same models,
/// and a change in one page renders again the queries and views of every page that shows them.
/// Changes are saved by `save()`, and — while autosave is on, as it is for the main context —
/// right after the event that made them.
final class ModelGraph: Observable, @unchecked Sendable {
    let name: String
    /// The SQLite table the models are kept in; nil in memory.
    private let table: ObjectRowTable?
    /// Why the store could not be opened: what `save()` throws.
    let openError: (any Error)?
    let allowsSave: Bool
    /// The first container that opened the graph.
    weak var owner: ModelContainer?
    /// The saved rows, by entity: number → values (JSON).
    private var stored: [String: [Int64: [String: Any]]] = [:]
    /// The model types known, by entity name (the schema's and those used since).
    private var types: [String: any PersistentModel.Type] = [:]
    /// The models read or inserted, by number.
    private var models: [Int64: any PersistentModel] = [:]
    /// Entities whose stored rows have been read into models.
    private var materialized: Set<String> = []
    private var lastSerial: Int64 = 0
    private(set) var inserted: [ObjectIdentifier: any PersistentModel] = [:]
    private(set) var changed: [ObjectIdentifier: any PersistentModel] = [:]
    private(set) var deleted: [ObjectIdentifier: any PersistentModel] = [:]
    /// Each changed model's values as last saved (for `rollback()`).
    private var committed: [ObjectIdentifier: [String: Any]] = [:]
    var autosaveEnabled = true
    static let log = Logger(subsystem: "JetwaySwiftData", category: "store")
    private var autosaveScheduled = false
    private let registrar = ObservationRegistrar()
    private var generation = 0

    init(name: String, path: String?, types: [any PersistentModel.Type], allowsSave: Bool) {
        self.name = name
        self.allowsSave = allowsSave
        var table: ObjectRowTable?
        var openError: (any Error)?
        if let path {
            do {
                table = try ObjectRowTable(path: path, table: "jetway_swift_data")
            } catch {
                openError = ModelError.storeUnavailable("the store at \(path) cannot be opened: \(error)")
            }
        }
        self.table = table
        self.openError = openError
        for row in table?.rows ?? [] {
            if row.entity == Self.schemaEntity {
                schemaVersion = (row.values["version"] as? String).flatMap(Schema.Version.init(text:))
            } else {
                stored[row.entity, default: [:]][row.id] = row.values
            }
        }
        lastSerial = table?.lastSerial ?? 0
        for type in types { learn(type) }
    }

    /// The row (number 0, never a model's) that keeps the version of the schema the store was
    /// last opened with, for a migration plan.
    private static let schemaEntity = "jetway.schema"
    var schemaVersion: Schema.Version? {
        didSet {
            guard let schemaVersion, let table else { return }
            try? table.write(
                [ObjectRowTable.Row(id: 0, entity: Self.schemaEntity, values: ["version": schemaVersion.description])], deleting: [])
        }
    }

    private static let temporarySerials = Atomic<Int64>(0)
    static func nextTemporarySerial() -> Int64 { temporarySerials.add(1, ordering: .relaxed).newValue }

    var knownTypes: [any PersistentModel.Type] { Array(types.values) }

    /// The name `key` of `entity` had before (`@Attribute(originalName:)`).
    func originalName(of key: String, in entity: String) -> String? {
        types[entity].flatMap { Relationships.properties(of: $0)[key]?.originalName }
    }

    func learn(_ type: any PersistentModel.Type) {
        let name = String(describing: type)
        guard types[name] == nil else { return }
        types[name] = type
        for property in type.schemaMetadata { if let destination = property.relationship?.destination { learn(destination) } }
    }

    // MARK: Observation

    /// A view read the graph's models (a query): it renders again when they change.
    func accessed() { registrar.access(self, keyPath: \.generation) }

    private func graphChanged() {
        registrar.withMutation(of: self, keyPath: \.generation) { generation &+= 1 }
        scheduleAutosave()
    }

    private func scheduleAutosave() {
        guard autosaveEnabled, allowsSave, !autosaveScheduled, hasChanges else { return }
        autosaveScheduled = true
        Task { @MainActor in
            self.autosaveScheduled = false
            guard self.autosaveEnabled else { return }
            do { try self.save() } catch { Self.log.error("autosave failed: \(String(describing: error), privacy: .public)") }
        }
    }

    // MARK: Changes

    var hasChanges: Bool { !inserted.isEmpty || !changed.isEmpty || !deleted.isEmpty }

    func hasChanges(_ model: any PersistentModel) -> Bool {
        let key = ObjectIdentifier(model)
        return inserted[key] != nil || changed[key] != nil || deleted[key] != nil
    }

    /// Inserts `model` (and the models its relationships hold); a model with a `.unique` value
    /// already stored updates the stored one instead.
    func insert(_ model: any PersistentModel) {
        let backing = model._$backingData
        guard backing.graph == nil || backing.graph === self, !(backing.graph === self && backing.serial != nil) else { return }
        learn(type(of: model))
        if let existing = uniqueMatch(for: model) {
            update(existing, from: model)
            return
        }
        lastSerial += 1
        backing.serial = lastSerial
        backing.graph = self
        backing.isDeleted = false
        models[lastSerial] = model
        inserted[ObjectIdentifier(model)] = model
        // What its initialiser set: related models join, their inverses follow.
        for property in type(of: model).schemaMetadata {
            guard let kind = property.relationship else { continue }
            let held = Relationships.heldHere(model, property.name)
            if !held.isEmpty { relinkOpened(model, property: property, kind: kind, held: held) }
        }
        graphChanged()
    }

    private func relinkOpened(
        _ model: some PersistentModel, property: Schema.PropertyMetadata, kind: RelationshipKind, held: [any PersistentModel]
    ) {
        Relationships.relink(model, property: property, kind: kind, from: [], to: held)
    }

    /// The stored model whose `.unique` value equals one of `model`'s.
    private func uniqueMatch(for model: any PersistentModel) -> (any PersistentModel)? {
        let uniques = type(of: model).schemaMetadata.filter(\.isUnique)
        guard !uniques.isEmpty else { return nil }
        materialize(String(describing: type(of: model)))
        for property in uniques {
            guard let value = Self.value(of: model, property) else { continue }
            if let match = models.values.first(where: {
                $0 !== model && type(of: $0) == type(of: model) && !$0._$backingData.isDeleted && Self.value(of: $0, property) == value
            }) {
                return match
            }
        }
        return nil
    }

    /// A property's value as a hashable (a `let` read through its key path).
    private static func value(of model: any PersistentModel, _ property: Schema.PropertyMetadata) -> AnyHashable? {
        (model._$backingData.values[property.name] ?? model[keyPath: property.keyPath]) as? AnyHashable
    }

    /// An upsert: the stored model takes the new one's values.
    private func update(_ existing: any PersistentModel, from model: any PersistentModel) {
        let key = ObjectIdentifier(existing)
        if committed[key] == nil, inserted[key] == nil { committed[key] = existing._$backingData.snapshot() }
        var values = existing._$backingData.snapshot()
        for (name, value) in model._$backingData.values { values[name] = value }
        existing._$backingData.restore(values)
        if inserted[key] == nil { changed[key] = existing }
        graphChanged()
    }

    /// `model`'s `key` changed from `old` (its value, or a relationship not yet read).
    func didChange(_ model: any PersistentModel, key: String, old: Any?) {
        guard model._$backingData.graph === self else { return }
        let id = ObjectIdentifier(model)
        if inserted[id] == nil, deleted[id] == nil, changed[id] == nil {
            changed[id] = model
            var snapshot = model._$backingData.snapshot()
            snapshot[key] = old
            committed[id] = snapshot
        }
        graphChanged()
    }

    /// Deletes `model` (saved on the next save): the models its `.cascade` relationships hold
    /// are deleted with it, the others let go of it.
    func delete(_ model: any PersistentModel) {
        let backing = model._$backingData
        guard backing.graph === self, !backing.isDeleted else { return }
        backing.isDeleted = true
        for property in type(of: model).schemaMetadata {
            guard let kind = property.relationship else { continue }
            let held = Relationships.heldHere(model, property.name)
            switch property.deleteRule {
            case .cascade:
                for target in held { delete(target) }
            case .nullify:
                unlinkAll(model, property: property, kind: kind, held: held)
            case .deny, .noAction:
                break
            }
        }
        let id = ObjectIdentifier(model)
        if inserted.removeValue(forKey: id) != nil {
            if let serial = backing.serial { models[serial] = nil }
            backing.graph = nil
        } else {
            changed[id] = nil
            deleted[id] = model
        }
        graphChanged()
    }

    private func unlinkAll(
        _ model: some PersistentModel, property: Schema.PropertyMetadata, kind: RelationshipKind, held: [any PersistentModel]
    ) {
        Relationships.relink(model, property: property, kind: kind, from: held, to: [])
    }

    /// Saves every change at once (none if one fails).
    func save() throws {
        guard hasChanges else { return }
        if let openError { throw openError }
        guard allowsSave else {
            throw ModelError.saveNotAllowed("this container's configuration does not allow saving (allowsSave: false)")
        }
        for model in deleted.values {
            for property in type(of: model).schemaMetadata where property.deleteRule == .deny && property.relationship != nil {
                if !Relationships.heldHere(model, property.name).filter({ !$0._$backingData.isDeleted }).isEmpty {
                    throw ModelError.deleteDenied(
                        "\(type(of: model)) cannot be deleted while its \(property.name) holds models (deleteRule: .deny)")
                }
            }
        }
        includeRelatedModels()
        let saving = Array(inserted.values) + Array(changed.values)
        let rows = try saving.map { model -> ObjectRowTable.Row in
            var json: [String: Any] = [:]
            let values = model._$backingData.snapshot()
            for (key, value) in values { json[key] = try ModelValues.json(value, graph: self) }
            // A `let` is the model's own stored property.
            for property in type(of: model).schemaMetadata where values[property.name] == nil {
                json[property.name] = try ModelValues.json(model[keyPath: property.keyPath], graph: self)
            }
            return ObjectRowTable.Row(id: model._$backingData.serial ?? 0, entity: String(describing: type(of: model)), values: json)
        }
        let deleting = deleted.values.compactMap { $0._$backingData.serial }
        if let table {
            for row in rows { table.noteSerial(row.id) }
            table.noteSerial(lastSerial)
            try table.write(rows, deleting: deleting)
        }
        for row in rows { stored[row.entity, default: [:]][row.id] = row.values }
        for model in deleted.values {
            if let serial = model._$backingData.serial {
                stored[String(describing: type(of: model))]?[serial] = nil
                models[serial] = nil
            }
            model._$backingData.graph = nil
        }
        inserted = [:]
        changed = [:]
        deleted = [:]
        committed = [:]
        registrar.withMutation(of: self, keyPath: \.generation) { generation &+= 1 }
    }

    /// Forgets every change since the last save.
    func rollback() {
        for model in inserted.values {
            model._$backingData.isDeleted = true
            if let serial = model._$backingData.serial { models[serial] = nil }
            model._$backingData.graph = nil
        }
        for (id, model) in changed.merging(deleted, uniquingKeysWith: { a, _ in a }) {
            model._$backingData.isDeleted = false
            if let values = committed[id] { model._$backingData.restore(values) }
        }
        inserted = [:]
        changed = [:]
        deleted = [:]
        committed = [:]
        registrar.withMutation(of: self, keyPath: \.generation) { generation &+= 1 }
    }

    /// Removes every model of the store.
    func deleteAllData() throws {
        for entity in Array(types.keys) { materialize(entity) }
        for model in Array(models.values) { model._$backingData.graph = nil }
        models = [:]
        stored = [:]
        inserted = [:]
        changed = [:]
        deleted = [:]
        committed = [:]
        try table?.removeAll()
        registrar.withMutation(of: self, keyPath: \.generation) { generation &+= 1 }
    }

    // MARK: Reading

    /// The models of `T` the descriptor admits, in its order: unsaved inserts and changes
    /// included (unless it says not), deleted models left out.
    func fetch<T: PersistentModel>(_ descriptor: FetchDescriptor<T>) throws -> [T] {
        accessed()
        learn(T.self)
        let entity = String(describing: T.self)
        materialize(entity)
        var results = models.values.compactMap { $0 as? T }.filter { !$0._$backingData.isDeleted }
        if !descriptor.includePendingChanges {
            results = results.filter { inserted[ObjectIdentifier($0)] == nil }
        }
        if let predicate = descriptor.predicate { results = try results.filter { try predicate.evaluate($0) } }
        results.sort { a, b in
            for order in descriptor.sortBy {
                let result = order.compare(a, b)
                if result != .orderedSame { return result == .orderedAscending }
            }
            return (a._$backingData.serial ?? 0) < (b._$backingData.serial ?? 0)
        }
        if let offset = descriptor.fetchOffset, offset > 0 { results = Array(results.dropFirst(offset)) }
        if let limit = descriptor.fetchLimit { results = Array(results.prefix(max(0, limit))) }
        return results
    }

    /// The model with `id`, read from the store if need be.
    func model(for id: PersistentIdentifier) -> (any PersistentModel)? {
        guard !id.isTemporary else {
            return inserted.values.first { $0._$backingData.identifier(entity: String(describing: type(of: $0))) == id }
        }
        if let model = models[id.serial] { return String(describing: type(of: model)) == id.entityName ? model : nil }
        materialize(id.entityName)
        return models[id.serial]
    }

    /// The number of a model of this graph (nil for one that is not, or is deleted: a
    /// relationship saved holds only models saved with it).
    func serial(of model: any PersistentModel) -> Int64? {
        let backing = model._$backingData
        return backing.graph === self && !backing.isDeleted ? backing.serial : nil
    }

    /// Inserts the models the changed ones hold that are in no context yet (until none is
    /// left), so that a save writes every model its relationships name.
    private func includeRelatedModels() {
        var pending = Array(inserted.values) + Array(changed.values)
        while let model = pending.popLast() {
            for property in type(of: model).schemaMetadata where property.relationship != nil {
                for held in Relationships.heldHere(model, property.name)
                where held._$backingData.graph == nil && !held._$backingData.isDeleted {
                    insert(held)
                    pending.append(held)
                }
            }
        }
    }

    /// Reads the stored rows of `entity` into models, once.
    private func materialize(_ entity: String) {
        guard let type = types[entity], materialized.insert(entity).inserted else { return }
        for (serial, json) in stored[entity] ?? [:] where models[serial] == nil {
            let model = make(type, serial: serial, json: json)
            _ = model
        }
    }

    private func make(_ type: any PersistentModel.Type, serial: Int64, json: [String: Any]) -> any PersistentModel {
        let row = ModelRow(entity: String(describing: type), serial: serial, json: json, graph: self)
        let model = type.init(backingData: row)
        let backing = model._$backingData
        backing.serial = serial
        backing.graph = self
        backing.pending = row.relationships
        models[serial] = model
        if !row.unreadable.isEmpty {
            let names = row.unreadable.joined(separator: ", ")
            Self.log.error(
                "\(String(describing: type), privacy: .public)#\(serial): stored \(names, privacy: .public) could not be read as the model's types; read as empty"
            )
        }
        return model
    }
}
