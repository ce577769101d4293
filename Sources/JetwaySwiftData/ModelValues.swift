import Foundation

/// Models' values to and from the store's JSON, and the empty value a property reads before it
/// has one.
enum ModelValues {
    /// Infinity and NaN are saved as strings (JSON has no numbers for them): a value of a
    /// computation does not stop every save.
    static let encoder: JSONEncoder = {
        let encoder = JSONEncoder()
        encoder.nonConformingFloatEncodingStrategy = .convertToString(positiveInfinity: "inf", negativeInfinity: "-inf", nan: "nan")
        return encoder
    }()
    static let decoder: JSONDecoder = {
        let decoder = JSONDecoder()
        decoder.nonConformingFloatDecodingStrategy = .convertFromString(positiveInfinity: "inf", negativeInfinity: "-inf", nan: "nan")
        return decoder
    }()

    /// The JSON of a value: relationships as the numbers of the models they hold, other values
    /// as `JSONEncoder` writes them (a model's values are `Codable`, as SwiftData asks).
    static func json(_ value: Any?, graph: ModelGraph) throws -> Any {
        switch value {
        case nil: return NSNull()
        case let pending as PendingRelationship: return pending.ids.map(\.serial)
        case let text as String: return text
        case let relationship as any _RelationshipValue:
            let serials = relationship.heldModels.compactMap { graph.serial(of: $0) }
            return type(of: relationship).isToMany ? serials : (serials.first.map { $0 as Any } ?? NSNull())
        case let value as any Encodable:
            let data = try encoder.encode(value)
            return try JSONSerialization.jsonObject(with: data, options: [.fragmentsAllowed])
        case let value?:
            throw ModelError.unsupportedValue("\(type(of: value)) is not Codable: a model's saved properties must be")
        }
    }

    /// The value of type `T` the JSON `stored` holds.
    static func decode<T>(_ type: T.Type, from stored: Any) throws -> T? {
        if let text = stored as? String, let value = text as? T { return value }
        guard let decodable = T.self as? any Decodable.Type else { return nil }
        let data = try JSONSerialization.data(withJSONObject: stored, options: [.fragmentsAllowed])
        return try decoder.decode(decodable, from: data) as? T
    }

    /// The numbers a relationship's JSON holds.
    static func serials(_ stored: Any?) -> [Int64] {
        switch stored {
        case let numbers as [Any]: numbers.compactMap { ($0 as? NSNumber)?.int64Value }
        case let number as NSNumber: [number.int64Value]
        default: []
        }
    }

    /// What a property reads before it has a value: nil, zero, false, "", an empty collection,
    /// the reference date, the zero UUID.
    static func empty<T>(_ type: T.Type) -> T? {
        if let none = Optional<Any>.none as? T { return none }
        switch type {
        case is String.Type: return "" as? T
        case is Int.Type: return 0 as? T
        case is Int64.Type: return Int64(0) as? T
        case is Int32.Type: return Int32(0) as? T
        case is Int16.Type: return Int16(0) as? T
        case is Double.Type: return 0.0 as? T
        case is Float.Type: return Float(0) as? T
        case is Bool.Type: return false as? T
        case is Decimal.Type: return Decimal(0) as? T
        case is Data.Type: return Data() as? T
        case is Date.Type: return Date(timeIntervalSinceReferenceDate: 0) as? T
        case is UUID.Type: return UUID(uuid: (0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0)) as? T
        default: break
        }
        if let relationship = T.self as? any _RelationshipValue.Type { return relationship.holding([]) as? T }
        if let collection = T.self as? any EmptyCollection.Type { return collection.emptyValue as? T }
        return nil
    }

    /// A required value with none and no empty form (a stored row from before the property
    /// existed, with no initial value to fall back on).
    static func placeholder<T>(_ type: T.Type, key: String, entity: String) -> T {
        preconditionFailure(
            "\(entity).\(key) is not in the store and \(T.self) has no empty value: give the property an initial value (var \(key): \(T.self) = …)"
        )
    }

    /// Whether setting `new` over `old` changes nothing (equal values, the same models).
    static func same(_ old: Any?, _ new: Any) -> Bool {
        guard let old else { return false }
        if let a = old as? AnyHashable, let b = new as? AnyHashable { return a == b }
        return false
    }
}

/// Collections a property starts empty with.
protocol EmptyCollection { static var emptyValue: Self { get } }
extension Array: EmptyCollection { static var emptyValue: Self { [] } }
extension Set: EmptyCollection { static var emptyValue: Self { [] } }
extension Dictionary: EmptyCollection { static var emptyValue: Self { [:] } }

/// What a context's operations throw.
public enum ModelError: Error, CustomStringConvertible, LocalizedError {
    /// A saved property's value is not `Codable` (the message names its type).
    case unsupportedValue(String)
    /// A deleted model's `.deny` relationship still holds models.
    case deleteDenied(String)
    /// The store file cannot be opened (the message says which, and why).
    case storeUnavailable(String)
    /// The container's configuration does not allow saving (`allowsSave: false`).
    case saveNotAllowed(String)

    /// What went wrong, in words.
    public var description: String {
        switch self {
        case .unsupportedValue(let message), .deleteDenied(let message), .storeUnavailable(let message), .saveNotAllowed(let message):
            message
        }
    }
    /// The same words, as `localizedDescription` reads them.
    public var errorDescription: String? { description }
}
