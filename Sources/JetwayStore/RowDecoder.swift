import Foundation

/// Decodes a record from a row: each coding key is a column.
struct RowDecoder {
    static func decode<R: Record>(_ type: R.Type, from row: Row) throws -> R {
        do {
            return try R(from: RowDecoding(row: row))
        } catch let error as StoreError {
            throw error
        } catch let error as DecodingError {
            throw StoreError.decoding(table: R.table, reason: describe(error))
        } catch {
            throw StoreError.decoding(table: R.table, reason: String(describing: error))
        }
    }

    static func describe(_ error: DecodingError) -> String {
        switch error {
        case .keyNotFound(let key, _): "no column \(key.stringValue)"
        case .typeMismatch(let type, let context): "\(context.codingPath.map(\.stringValue).joined(separator: ".")) is not \(type)"
        case .valueNotFound(let type, let context): "\(context.codingPath.map(\.stringValue).joined(separator: ".")) is NULL, not \(type)"
        case .dataCorrupted(let context): "\(context.codingPath.map(\.stringValue).joined(separator: ".")): \(context.debugDescription)"
        @unknown default: String(describing: error)
        }
    }
}

private struct RowDecoding: Decoder {
    let row: Row
    var codingPath: [any CodingKey] = []
    var userInfo: [CodingUserInfoKey: Any] = [:]

    func container<Key: CodingKey>(keyedBy type: Key.Type) throws -> KeyedDecodingContainer<Key> {
        KeyedDecodingContainer(RowReader<Key>(row: row))
    }
    func unkeyedContainer() throws -> any UnkeyedDecodingContainer {
        throw DecodingError.typeMismatch([Any].self, .init(codingPath: [], debugDescription: "a record decodes from a keyed row"))
    }
    func singleValueContainer() throws -> any SingleValueDecodingContainer {
        throw DecodingError.typeMismatch(Any.self, .init(codingPath: [], debugDescription: "a record decodes from a keyed row"))
    }
}

private struct RowReader<Key: CodingKey>: KeyedDecodingContainerProtocol {
    let row: Row
    var codingPath: [any CodingKey] = []
    var allKeys: [Key] { row.columns.names.compactMap { Key(stringValue: $0) } }

    func contains(_ key: Key) -> Bool { row.columns.positions[key.stringValue] != nil }

    func value(_ key: Key) throws -> SQLValue {
        guard let value = row[key.stringValue] else {
            throw DecodingError.keyNotFound(key, .init(codingPath: [key], debugDescription: "no such column"))
        }
        return value
    }

    func mismatch<T>(_ type: T.Type, _ key: Key, _ value: SQLValue) -> DecodingError {
        if value == .null { return .valueNotFound(type, .init(codingPath: [key], debugDescription: "NULL")) }
        return .typeMismatch(type, .init(codingPath: [key], debugDescription: "found \(value)"))
    }

    func decodeNil(forKey key: Key) throws -> Bool { try value(key) == .null }

    func integer<T: FixedWidthInteger>(_ type: T.Type, _ key: Key) throws -> T {
        let found = try value(key)
        switch found {
        case .integer(let value): if let exact = T(exactly: value) { return exact }
        case .real(let value): if let exact = T(exactly: value) { return exact }
        default: break
        }
        throw mismatch(type, key, found)
    }

    func decode(_ type: Bool.Type, forKey key: Key) throws -> Bool {
        let found = try value(key)
        if case .integer(let value) = found { return value != 0 }
        throw mismatch(type, key, found)
    }
    func decode(_ type: String.Type, forKey key: Key) throws -> String {
        let found = try value(key)
        if case .text(let value) = found { return value }
        throw mismatch(type, key, found)
    }
    func decode(_ type: Double.Type, forKey key: Key) throws -> Double {
        let found = try value(key)
        switch found {
        case .real(let value): return value
        case .integer(let value): return Double(value)
        default: throw mismatch(type, key, found)
        }
    }
    func decode(_ type: Float.Type, forKey key: Key) throws -> Float { Float(try decode(Double.self, forKey: key)) }
    func decode(_ type: Int.Type, forKey key: Key) throws -> Int { try integer(type, key) }
    func decode(_ type: Int8.Type, forKey key: Key) throws -> Int8 { try integer(type, key) }
    func decode(_ type: Int16.Type, forKey key: Key) throws -> Int16 { try integer(type, key) }
    func decode(_ type: Int32.Type, forKey key: Key) throws -> Int32 { try integer(type, key) }
    func decode(_ type: Int64.Type, forKey key: Key) throws -> Int64 { try integer(type, key) }
    func decode(_ type: UInt.Type, forKey key: Key) throws -> UInt { try integer(type, key) }
    func decode(_ type: UInt8.Type, forKey key: Key) throws -> UInt8 { try integer(type, key) }
    func decode(_ type: UInt16.Type, forKey key: Key) throws -> UInt16 { try integer(type, key) }
    func decode(_ type: UInt32.Type, forKey key: Key) throws -> UInt32 { try integer(type, key) }
    func decode(_ type: UInt64.Type, forKey key: Key) throws -> UInt64 { try integer(type, key) }

    func decode<T: Decodable>(_ type: T.Type, forKey key: Key) throws -> T {
        let found = try value(key)
        if type == Date.self {
            switch found {
            case .real(let seconds): return Date(timeIntervalSince1970: seconds) as! T
            case .integer(let seconds): return Date(timeIntervalSince1970: Double(seconds)) as! T
            default: throw mismatch(type, key, found)
            }
        }
        if type == UUID.self {
            if case .text(let text) = found, let uuid = UUID(uuidString: text) { return uuid as! T }
            throw mismatch(type, key, found)
        }
        if type == Data.self {
            if case .blob(let bytes) = found { return Data(bytes) as! T }
            throw mismatch(type, key, found)
        }
        // A plain value (a raw-value enum) first, then JSON for nested values.
        if let plain = try? T(from: PlainValue(value: found, key: key)) { return plain }
        if case .text(let text) = found, let decoded = try? JSONDecoder().decode(T.self, from: Data(text.utf8)) { return decoded }
        throw mismatch(type, key, found)
    }

    func nestedContainer<NestedKey: CodingKey>(keyedBy type: NestedKey.Type, forKey key: Key) throws -> KeyedDecodingContainer<NestedKey> {
        throw DecodingError.typeMismatch(type, .init(codingPath: [key], debugDescription: "nested values are stored as JSON"))
    }
    func nestedUnkeyedContainer(forKey key: Key) throws -> any UnkeyedDecodingContainer {
        throw DecodingError.typeMismatch([Any].self, .init(codingPath: [key], debugDescription: "nested values are stored as JSON"))
    }
    func superDecoder() throws -> any Decoder {
        throw DecodingError.typeMismatch(Any.self, .init(codingPath: [], debugDescription: "no superclass"))
    }
    func superDecoder(forKey key: Key) throws -> any Decoder { try superDecoder() }
}

/// One column's value as a single-value decoder (for enums and other one-value types).
private struct PlainValue: Decoder, SingleValueDecodingContainer {
    let value: SQLValue
    let key: any CodingKey
    var codingPath: [any CodingKey] { [key] }
    var userInfo: [CodingUserInfoKey: Any] { [:] }

    struct NotPlain: Error {}

    func container<K: CodingKey>(keyedBy type: K.Type) throws -> KeyedDecodingContainer<K> { throw NotPlain() }
    func unkeyedContainer() throws -> any UnkeyedDecodingContainer { throw NotPlain() }
    func singleValueContainer() throws -> any SingleValueDecodingContainer { self }

    func decodeNil() -> Bool { value == .null }
    func decode(_ type: Bool.Type) throws -> Bool {
        if case .integer(let value) = value { return value != 0 }
        throw NotPlain()
    }
    func decode(_ type: String.Type) throws -> String {
        if case .text(let value) = value { return value }
        throw NotPlain()
    }
    func decode(_ type: Double.Type) throws -> Double {
        switch value {
        case .real(let value): return value
        case .integer(let value): return Double(value)
        default: throw NotPlain()
        }
    }
    func decode(_ type: Float.Type) throws -> Float { Float(try decode(Double.self)) }
    func integer<T: FixedWidthInteger>() throws -> T {
        if case .integer(let value) = value, let exact = T(exactly: value) { return exact }
        throw NotPlain()
    }
    func decode(_ type: Int.Type) throws -> Int { try integer() }
    func decode(_ type: Int8.Type) throws -> Int8 { try integer() }
    func decode(_ type: Int16.Type) throws -> Int16 { try integer() }
    func decode(_ type: Int32.Type) throws -> Int32 { try integer() }
    func decode(_ type: Int64.Type) throws -> Int64 { try integer() }
    func decode(_ type: UInt.Type) throws -> UInt { try integer() }
    func decode(_ type: UInt8.Type) throws -> UInt8 { try integer() }
    func decode(_ type: UInt16.Type) throws -> UInt16 { try integer() }
    func decode(_ type: UInt32.Type) throws -> UInt32 { try integer() }
    func decode(_ type: UInt64.Type) throws -> UInt64 { try integer() }
    func decode<T: Decodable>(_ type: T.Type) throws -> T { try T(from: self) }
}
