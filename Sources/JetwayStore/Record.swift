import Foundation

/// A type the store keeps as rows of one table: `Codable` (its coding keys are the columns),
/// identified by an `id` column.
///
/// ```swift
/// struct Fruit: Record {
///     static let table = "fruits"
///     let id: Int
///     var name: String
/// }
/// ```
/// Strings, numbers, booleans, dates, UUIDs and raw-value enums are columns of their own kind;
/// anything else `Codable` (an array, a nested struct) is stored as JSON text.
public protocol Record: Codable, Sendable, Identifiable where ID: SQLValueConvertible & Codable & Sendable & Hashable {
    /// The table's name (letters, digits and underscores).
    static var table: String { get }
    /// Key paths queries sort and group by, and their columns. The default reads a key path's
    /// name (`\Fruit.name` is `name`); list them when a property's coding key differs.
    static var columns: [PartialKeyPath<Self>: String] { get }
}

extension Record {
    /// None listed: each key path's name is its column.
    public static var columns: [PartialKeyPath<Self>: String] { [:] }

    /// The column a key path of this record names.
    static func column(for keyPath: AnyKeyPath) throws -> String {
        if let keyPath = keyPath as? PartialKeyPath<Self>, let name = columns[keyPath] { return name }
        let text = String(describing: keyPath)
        // "\Fruit.name": the part after the type's name; a path through several properties
        // (`\Flight.gate.name`) is no column.
        guard let dot = text.firstIndex(of: "."), !text[text.index(after: dot)...].contains(".") else {
            throw StoreError.unknownKey(text, table: table)
        }
        return String(text[text.index(after: dot)...])
    }

    /// The value of `keyPath` as a column would hold it.
    func sqlValue(at keyPath: AnyKeyPath) -> SQLValue {
        guard let value = self[keyPath: keyPath] else { return .null }
        return SQLValue.from(value) ?? .null
    }
}

// MARK: - Records to rows

/// Encodes a record's top level into column values.
struct RowEncoder {
    static func encode<R: Record>(_ record: R) throws -> [(String, SQLValue)] {
        let storage = RowStorage()
        do {
            try record.encode(to: RowEncoding(storage: storage))
        } catch let error as StoreError {
            throw error
        } catch {
            throw StoreError.encoding(table: R.table, reason: String(describing: error))
        }
        return storage.values
    }
}

final class RowStorage {
    var values: [(String, SQLValue)] = []
}

private struct RowEncoding: Encoder {
    let storage: RowStorage
    var codingPath: [any CodingKey] = []
    var userInfo: [CodingUserInfoKey: Any] = [:]

    func container<Key: CodingKey>(keyedBy type: Key.Type) -> KeyedEncodingContainer<Key> {
        KeyedEncodingContainer(RowContainer<Key>(storage: storage))
    }
    // A record is a keyed container; any other shape fails its first value (an error, not a trap).
    func unkeyedContainer() -> any UnkeyedEncodingContainer { SingleValueProbe.RefuseUnkeyed() }
    func singleValueContainer() -> any SingleValueEncodingContainer { SingleValueProbe.Refuse<RowKey>() }
}

private struct RowContainer<Key: CodingKey>: KeyedEncodingContainerProtocol {
    let storage: RowStorage
    var codingPath: [any CodingKey] = []

    mutating func put(_ key: Key, _ value: SQLValue) { storage.values.append((key.stringValue, value)) }
    mutating func encodeNil(forKey key: Key) throws { put(key, .null) }
    mutating func encode(_ value: Bool, forKey key: Key) throws { put(key, value.sqlValue) }
    mutating func encode(_ value: String, forKey key: Key) throws { put(key, .text(value)) }
    mutating func encode(_ value: Double, forKey key: Key) throws { put(key, .real(value)) }
    mutating func encode(_ value: Float, forKey key: Key) throws { put(key, .real(Double(value))) }
    mutating func encode(_ value: Int, forKey key: Key) throws { put(key, .integer(Int64(value))) }
    mutating func encode(_ value: Int8, forKey key: Key) throws { put(key, .integer(Int64(value))) }
    mutating func encode(_ value: Int16, forKey key: Key) throws { put(key, .integer(Int64(value))) }
    mutating func encode(_ value: Int32, forKey key: Key) throws { put(key, .integer(Int64(value))) }
    mutating func encode(_ value: Int64, forKey key: Key) throws { put(key, .integer(value)) }
    mutating func encode(_ value: UInt, forKey key: Key) throws { put(key, .integer(Int64(clamping: value))) }
    mutating func encode(_ value: UInt8, forKey key: Key) throws { put(key, .integer(Int64(value))) }
    mutating func encode(_ value: UInt16, forKey key: Key) throws { put(key, .integer(Int64(value))) }
    mutating func encode(_ value: UInt32, forKey key: Key) throws { put(key, .integer(Int64(value))) }
    mutating func encode(_ value: UInt64, forKey key: Key) throws { put(key, .integer(Int64(clamping: value))) }
    mutating func encode<T: Encodable>(_ value: T, forKey key: Key) throws {
        if let value = value as? any SQLValueConvertible {
            put(key, value.sqlValue)
        } else if let probe = try? SingleValueProbe.value(of: value) {
            // A raw-value enum, or another type that encodes as one plain value.
            put(key, probe)
        } else {
            let encoder = JSONEncoder()
            encoder.outputFormatting = .sortedKeys
            put(key, .text(String(decoding: try encoder.encode(value), as: UTF8.self)))
        }
    }
    // A hand-written encode(to:) that nests containers: refused when it writes to them.
    mutating func nestedContainer<NestedKey: CodingKey>(keyedBy keyType: NestedKey.Type, forKey key: Key) -> KeyedEncodingContainer<
        NestedKey
    > {
        KeyedEncodingContainer(SingleValueProbe.Refuse<NestedKey>())
    }
    mutating func nestedUnkeyedContainer(forKey key: Key) -> any UnkeyedEncodingContainer { SingleValueProbe.RefuseUnkeyed() }
    mutating func superEncoder() -> any Encoder { SingleValueProbe.Probe() }
    mutating func superEncoder(forKey key: Key) -> any Encoder { SingleValueProbe.Probe() }
}

struct RowKey: CodingKey {
    let stringValue: String
    var intValue: Int? { nil }
    init(stringValue: String) { self.stringValue = stringValue }
    init?(intValue: Int) { nil }
}

/// Finds the one plain value a type encodes as (an enum's raw value), or throws.
private enum SingleValueProbe {
    struct NotPlain: Error {}

    static func value<T: Encodable>(of value: T) throws -> SQLValue {
        let probe = Probe()
        try value.encode(to: probe)
        guard let result = probe.box.value else { throw NotPlain() }
        return result
    }

    final class Box { var value: SQLValue? }

    struct Probe: Encoder, SingleValueEncodingContainer {
        let box = Box()
        var codingPath: [any CodingKey] = []
        var userInfo: [CodingUserInfoKey: Any] = [:]
        func container<Key: CodingKey>(keyedBy type: Key.Type) -> KeyedEncodingContainer<Key> {
            KeyedEncodingContainer(Refuse<Key>())
        }
        func unkeyedContainer() -> any UnkeyedEncodingContainer { RefuseUnkeyed() }
        func singleValueContainer() -> any SingleValueEncodingContainer { self }
        func set(_ value: SQLValue) throws {
            guard box.value == nil else { throw NotPlain() }
            box.value = value
        }
        mutating func encodeNil() throws { try set(.null) }
        mutating func encode(_ value: Bool) throws { try set(value.sqlValue) }
        mutating func encode(_ value: String) throws { try set(.text(value)) }
        mutating func encode(_ value: Double) throws { try set(.real(value)) }
        mutating func encode(_ value: Float) throws { try set(.real(Double(value))) }
        mutating func encode(_ value: Int) throws { try set(.integer(Int64(value))) }
        mutating func encode(_ value: Int8) throws { try set(.integer(Int64(value))) }
        mutating func encode(_ value: Int16) throws { try set(.integer(Int64(value))) }
        mutating func encode(_ value: Int32) throws { try set(.integer(Int64(value))) }
        mutating func encode(_ value: Int64) throws { try set(.integer(value)) }
        mutating func encode(_ value: UInt) throws { try set(.integer(Int64(clamping: value))) }
        mutating func encode(_ value: UInt8) throws { try set(.integer(Int64(value))) }
        mutating func encode(_ value: UInt16) throws { try set(.integer(Int64(value))) }
        mutating func encode(_ value: UInt32) throws { try set(.integer(Int64(value))) }
        mutating func encode(_ value: UInt64) throws { try set(.integer(Int64(clamping: value))) }
        mutating func encode<T: Encodable>(_ value: T) throws {
            if let value = value as? any SQLValueConvertible { try set(value.sqlValue) } else { throw NotPlain() }
        }
    }

    struct Refuse<Key: CodingKey>: KeyedEncodingContainerProtocol, SingleValueEncodingContainer {
        var codingPath: [any CodingKey] = []
        mutating func encodeNil() throws { throw NotPlain() }
        mutating func encode<T: Encodable>(_ value: T) throws { throw NotPlain() }
        mutating func encodeNil(forKey key: Key) throws { throw NotPlain() }
        mutating func encode<T: Encodable>(_ value: T, forKey key: Key) throws { throw NotPlain() }
        mutating func nestedContainer<NestedKey: CodingKey>(keyedBy keyType: NestedKey.Type, forKey key: Key) -> KeyedEncodingContainer<
            NestedKey
        > {
            KeyedEncodingContainer(Refuse<NestedKey>())
        }
        mutating func nestedUnkeyedContainer(forKey key: Key) -> any UnkeyedEncodingContainer { RefuseUnkeyed() }
        mutating func superEncoder() -> any Encoder { Probe() }
        mutating func superEncoder(forKey key: Key) -> any Encoder { Probe() }
    }

    struct RefuseUnkeyed: UnkeyedEncodingContainer {
        var codingPath: [any CodingKey] = []
        var count = 0
        mutating func encodeNil() throws { throw NotPlain() }
        mutating func encode<T: Encodable>(_ value: T) throws { throw NotPlain() }
        mutating func nestedContainer<NestedKey: CodingKey>(keyedBy keyType: NestedKey.Type) -> KeyedEncodingContainer<NestedKey> {
            KeyedEncodingContainer(Refuse<NestedKey>())
        }
        mutating func nestedUnkeyedContainer() -> any UnkeyedEncodingContainer { RefuseUnkeyed() }
        mutating func superEncoder() -> any Encoder { Probe() }
    }
}
