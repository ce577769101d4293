import Foundation

/// One value as the database stores it. Every value a query uses travels as one of these,
/// bound to a placeholder: no value is ever written into SQL text.
public enum SQLValue: Sendable, Hashable, CustomStringConvertible {
    /// SQL `NULL`.
    case null
    /// A 64-bit integer.
    case integer(Int64)
    /// A double-precision number.
    case real(Double)
    /// UTF-8 text.
    case text(String)
    /// Bytes, stored as they are.
    case blob([UInt8])

    /// The value as SQL would write it (`NULL`, `42`, `'text'`), for messages.
    public var description: String {
        switch self {
        case .null: "NULL"
        case .integer(let value): String(value)
        case .real(let value): String(value)
        case .text(let value): "'\(value)'"
        case .blob(let bytes): "<\(bytes.count) bytes>"
        }
    }

    /// The value of a Swift value a query names (a predicate's argument): strings, numbers,
    /// booleans, dates (seconds since 1970), raw-value enums, optionals. Nil for anything else.
    public static func from(_ value: Any?) -> SQLValue? {
        guard let value else { return .null }
        switch value {
        case let value as SQLValue: return value
        case let value as any SQLValueConvertible: return value.sqlValue
        case let value as any RawRepresentable: return from(value.rawValue)
        default:
            // An Optional inside Any.
            let mirror = Mirror(reflecting: value)
            if mirror.displayStyle == .optional { return mirror.children.first.map { from($0.value) } ?? .null }
            return nil
        }
    }

    /// Orders values the way both databases order a column of them (NULL first, numbers by
    /// value, text by code point, as `COLLATE "C"` and SQLite's BINARY do).
    static func ascending(_ a: SQLValue, _ b: SQLValue) -> Bool? {
        switch (a, b) {
        case (.null, .null): return nil
        case (.null, _): return true
        case (_, .null): return false
        case (.integer(let x), .integer(let y)): return x == y ? nil : x < y
        case (.real(let x), .real(let y)): return x == y ? nil : x < y
        case (.integer(let x), .real(let y)): return Double(x) == y ? nil : Double(x) < y
        case (.real(let x), .integer(let y)): return x == Double(y) ? nil : x < Double(y)
        case (.text(let x), .text(let y)):
            if x == y { return nil }
            return x.utf8.lexicographicallyPrecedes(y.utf8)
        case (.blob(let x), .blob(let y)): return x == y ? nil : x.lexicographicallyPrecedes(y)
        // Mixed kinds: numbers before text before blobs (SQLite's order).
        default: return a.rank < b.rank
        }
    }

    private var rank: Int {
        switch self {
        case .null: 0
        case .integer, .real: 1
        case .text: 2
        case .blob: 3
        }
    }
}

/// A Swift type a column holds.
public protocol SQLValueConvertible {
    /// The value as a column stores it: what the store writes for a record's property of this type, and what it
    /// compares when a predicate or a sort names one (a record's `id` too).
    var sqlValue: SQLValue { get }
}

extension Int: SQLValueConvertible {
    /// The value as the database stores it.
    public var sqlValue: SQLValue { .integer(Int64(self)) }
}
extension Int64: SQLValueConvertible {
    /// The value as the database stores it.
    public var sqlValue: SQLValue { .integer(self) }
}
extension Int32: SQLValueConvertible {
    /// The value as the database stores it.
    public var sqlValue: SQLValue { .integer(Int64(self)) }
}
extension Int16: SQLValueConvertible {
    /// The value as the database stores it.
    public var sqlValue: SQLValue { .integer(Int64(self)) }
}
extension Int8: SQLValueConvertible {
    /// The value as the database stores it.
    public var sqlValue: SQLValue { .integer(Int64(self)) }
}
extension UInt: SQLValueConvertible {
    /// The value as the database stores it.
    public var sqlValue: SQLValue { .integer(Int64(clamping: self)) }
}
extension UInt64: SQLValueConvertible {
    /// The value as the database stores it.
    public var sqlValue: SQLValue { .integer(Int64(clamping: self)) }
}
extension UInt32: SQLValueConvertible {
    /// The value as the database stores it.
    public var sqlValue: SQLValue { .integer(Int64(self)) }
}
extension UInt16: SQLValueConvertible {
    /// The value as the database stores it.
    public var sqlValue: SQLValue { .integer(Int64(self)) }
}
extension UInt8: SQLValueConvertible {
    /// The value as the database stores it.
    public var sqlValue: SQLValue { .integer(Int64(self)) }
}
extension Double: SQLValueConvertible {
    /// The value as the database stores it.
    public var sqlValue: SQLValue { .real(self) }
}
extension Float: SQLValueConvertible {
    /// The value as the database stores it.
    public var sqlValue: SQLValue { .real(Double(self)) }
}
extension Bool: SQLValueConvertible {
    /// The value as the database stores it.
    public var sqlValue: SQLValue { .integer(self ? 1 : 0) }
}
extension String: SQLValueConvertible {
    /// The value as the database stores it.
    public var sqlValue: SQLValue { .text(self) }
}
extension Substring: SQLValueConvertible {
    /// The value as the database stores it.
    public var sqlValue: SQLValue { .text(String(self)) }
}
extension Date: SQLValueConvertible {
    /// The value as the database stores it.
    public var sqlValue: SQLValue { .real(timeIntervalSince1970) }
}
extension UUID: SQLValueConvertible {
    /// The value as the database stores it.
    public var sqlValue: SQLValue { .text(uuidString) }
}
extension Data: SQLValueConvertible {
    /// The value as the database stores it.
    public var sqlValue: SQLValue { .blob([UInt8](self)) }
}
