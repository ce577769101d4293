/// A JSON value: what a widget's properties, messages, requests, answers and commands carry
/// between a coordinator on the server and its widget in the browser.
///
/// ```swift
/// let row: JSONValue = ["title": "On Time for 10:05", "color": "#34c759", "index": 3]
/// row["title"]?.string  // "On Time for 10:05"
/// try JSONValue(json: #"{"row": 3}"#)["row"]?.int  // 3
/// ```
public enum JSONValue: Sendable, Hashable {
    /// JSON's `null`.
    case null
    /// `true` or `false`.
    case bool(Bool)
    /// A number; JSON has one kind, held as a `Double`.
    case number(Double)
    /// A string.
    case string(String)
    /// An array of values.
    case array([JSONValue])
    /// An object: values by key (a key given twice keeps its last value).
    case object([String: JSONValue])

    /// The string, when the value is one.
    public var string: String? { if case .string(let value) = self { value } else { nil } }
    /// The number, when the value is one.
    public var number: Double? { if case .number(let value) = self { value } else { nil } }
    /// The Boolean, when the value is one.
    public var bool: Bool? { if case .bool(let value) = self { value } else { nil } }
    /// The elements, when the value is an array.
    public var array: [JSONValue]? { if case .array(let value) = self { value } else { nil } }
    /// The members, when the value is an object.
    public var object: [String: JSONValue]? { if case .object(let value) = self { value } else { nil } }
    /// Whether the value is `null`.
    public var isNull: Bool { self == .null }
    /// A number that is a whole number in `Int`'s range.
    public var int: Int? {
        guard case .number(let value) = self, value.rounded() == value, abs(value) < 9.0e15 else { return nil }
        return Int(value)
    }

    /// The member `key`, when the value is an object that has it.
    public subscript(key: String) -> JSONValue? { object?[key] }
    /// The element at `index`, when the value is an array that long; nil otherwise (never a crash).
    public subscript(index: Int) -> JSONValue? {
        guard let array, array.indices.contains(index) else { return nil }
        return array[index]
    }

    /// The value as JSON text: object keys sorted (the same value is always the same text),
    /// whole numbers without a fraction, numbers JSON cannot hold (NaN, infinities) as `null`.
    public var json: String {
        var bytes: [UInt8] = []
        append(to: &bytes)
        return String(decoding: bytes, as: UTF8.self)
    }

    func append(to bytes: inout [UInt8]) {
        switch self {
        case .null: bytes.append(contentsOf: "null".utf8)
        case .bool(let value): bytes.append(contentsOf: (value ? "true" : "false").utf8)
        case .number(let value):
            if !value.isFinite {
                bytes.append(contentsOf: "null".utf8)
            } else if value.rounded() == value && abs(value) < 9.0e15 {
                bytes.append(contentsOf: String(Int(value)).utf8)
            } else {
                bytes.append(contentsOf: "\(value)".utf8)
            }
        case .string(let value): PatchEncoder.appendString(value, to: &bytes)
        case .array(let values):
            bytes.append(UInt8(ascii: "["))
            for (index, value) in values.enumerated() {
                if index > 0 { bytes.append(UInt8(ascii: ",")) }
                value.append(to: &bytes)
            }
            bytes.append(UInt8(ascii: "]"))
        case .object(let members):
            bytes.append(UInt8(ascii: "{"))
            for (index, key) in members.keys.sorted().enumerated() {
                if index > 0 { bytes.append(UInt8(ascii: ",")) }
                PatchEncoder.appendString(key, to: &bytes)
                bytes.append(UInt8(ascii: ":"))
                members[key]!.append(to: &bytes)
            }
            bytes.append(UInt8(ascii: "}"))
        }
    }

    /// Parses JSON text strictly (RFC 8259): one value, nothing after it but white space, at
    /// most `maxDepth` arrays and objects deep and `maxBytes` long. What a browser sends is
    /// read with this, so anything else is an error that says where.
    public init(json text: String, maxDepth: Int = 32, maxBytes: Int = 1 << 20) throws(JSONValueError) {
        guard text.utf8.count <= maxBytes else { throw JSONValueError("JSON longer than \(maxBytes) bytes", at: 0) }
        var parser = JSONParser(Array(text.utf8), maxDepth: maxDepth)
        self = try parser.document()
    }
}

/// Why JSON text was refused, and at which byte.
public struct JSONValueError: Error, Equatable, CustomStringConvertible {
    /// What was wrong ("expected a key", "nested deeper than 32").
    public let reason: String
    /// The byte of the text where it was found, from 0.
    public let offset: Int
    init(_ reason: String, at offset: Int) {
        self.reason = reason
        self.offset = offset
    }
    /// The reason and where: "expected , or ] at byte 12".
    public var description: String { "\(reason) at byte \(offset)" }
}

extension JSONValue: ExpressibleByNilLiteral, ExpressibleByBooleanLiteral, ExpressibleByIntegerLiteral, ExpressibleByFloatLiteral,
    ExpressibleByStringLiteral, ExpressibleByArrayLiteral, ExpressibleByDictionaryLiteral
{
    /// `nil` is `null`.
    public init(nilLiteral: ()) { self = .null }
    /// `true` and `false` are Booleans.
    public init(booleanLiteral value: Bool) { self = .bool(value) }
    /// An integer is a number.
    public init(integerLiteral value: Int) { self = .number(Double(value)) }
    /// A decimal is a number.
    public init(floatLiteral value: Double) { self = .number(value) }
    /// A string literal is a string.
    public init(stringLiteral value: String) { self = .string(value) }
    /// An array literal is an array.
    public init(arrayLiteral elements: JSONValue...) { self = .array(elements) }
    /// A dictionary literal is an object; a key given twice keeps its last value.
    public init(dictionaryLiteral elements: (String, JSONValue)...) {
        self = .object(Dictionary(elements, uniquingKeysWith: { _, last in last }))
    }
}

extension JSONValue: CustomStringConvertible {
    /// The value as JSON text, as `json` writes it.
    public var description: String { json }
}

/// The strict reader behind `JSONValue(json:)`.
private struct JSONParser {
    let bytes: [UInt8]
    let maxDepth: Int
    var position = 0
    var depth = 0

    init(_ bytes: [UInt8], maxDepth: Int) {
        self.bytes = bytes
        self.maxDepth = maxDepth
    }

    mutating func document() throws(JSONValueError) -> JSONValue {
        skipSpace()
        let value = try self.value()
        skipSpace()
        guard position == bytes.count else { throw JSONValueError("text after the value", at: position) }
        return value
    }

    private mutating func skipSpace() {
        while position < bytes.count, [0x20, 0x09, 0x0A, 0x0D].contains(bytes[position]) { position += 1 }
    }

    private mutating func value() throws(JSONValueError) -> JSONValue {
        guard position < bytes.count else { throw JSONValueError("unexpected end", at: position) }
        switch bytes[position] {
        case UInt8(ascii: "{"): return try object()
        case UInt8(ascii: "["): return try array()
        case UInt8(ascii: "\""): return .string(try string())
        case UInt8(ascii: "t"): return try literal("true", .bool(true))
        case UInt8(ascii: "f"): return try literal("false", .bool(false))
        case UInt8(ascii: "n"): return try literal("null", .null)
        case UInt8(ascii: "-"), UInt8(ascii: "0")...UInt8(ascii: "9"): return try number()
        default: throw JSONValueError("unexpected character", at: position)
        }
    }

    private mutating func literal(_ word: String, _ value: JSONValue) throws(JSONValueError) -> JSONValue {
        let utf8 = Array(word.utf8)
        guard position + utf8.count <= bytes.count, Array(bytes[position..<position + utf8.count]) == utf8 else {
            throw JSONValueError("unexpected character", at: position)
        }
        position += utf8.count
        return value
    }

    private mutating func enter() throws(JSONValueError) {
        depth += 1
        guard depth <= maxDepth else { throw JSONValueError("nested deeper than \(maxDepth)", at: position) }
        position += 1
        skipSpace()
    }

    private mutating func array() throws(JSONValueError) -> JSONValue {
        try enter()
        var values: [JSONValue] = []
        if position < bytes.count, bytes[position] == UInt8(ascii: "]") {
            position += 1
            depth -= 1
            return .array(values)
        }
        while true {
            values.append(try value())
            skipSpace()
            guard position < bytes.count else { throw JSONValueError("unexpected end", at: position) }
            if bytes[position] == UInt8(ascii: ",") {
                position += 1
                skipSpace()
            } else if bytes[position] == UInt8(ascii: "]") {
                position += 1
                depth -= 1
                return .array(values)
            } else {
                throw JSONValueError("expected , or ]", at: position)
            }
        }
    }

    private mutating func object() throws(JSONValueError) -> JSONValue {
        try enter()
        var members: [String: JSONValue] = [:]
        if position < bytes.count, bytes[position] == UInt8(ascii: "}") {
            position += 1
            depth -= 1
            return .object(members)
        }
        while true {
            guard position < bytes.count, bytes[position] == UInt8(ascii: "\"") else {
                throw JSONValueError("expected a key", at: position)
            }
            let key = try string()
            skipSpace()
            guard position < bytes.count, bytes[position] == UInt8(ascii: ":") else { throw JSONValueError("expected :", at: position) }
            position += 1
            skipSpace()
            members[key] = try value()
            skipSpace()
            guard position < bytes.count else { throw JSONValueError("unexpected end", at: position) }
            if bytes[position] == UInt8(ascii: ",") {
                position += 1
                skipSpace()
            } else if bytes[position] == UInt8(ascii: "}") {
                position += 1
                depth -= 1
                return .object(members)
            } else {
                throw JSONValueError("expected , or }", at: position)
            }
        }
    }

    private mutating func hex4() throws(JSONValueError) -> UInt32 {
        guard position + 4 <= bytes.count else { throw JSONValueError("unexpected end in \\u", at: position) }
        var value: UInt32 = 0
        for _ in 0..<4 {
            let byte = bytes[position]
            let digit: UInt32
            switch byte {
            case UInt8(ascii: "0")...UInt8(ascii: "9"): digit = UInt32(byte - UInt8(ascii: "0"))
            case UInt8(ascii: "a")...UInt8(ascii: "f"): digit = UInt32(byte - UInt8(ascii: "a") + 10)
            case UInt8(ascii: "A")...UInt8(ascii: "F"): digit = UInt32(byte - UInt8(ascii: "A") + 10)
            default: throw JSONValueError("bad \\u escape", at: position)
            }
            value = value * 16 + digit
            position += 1
        }
        return value
    }

    private mutating func string() throws(JSONValueError) -> String {
        position += 1
        var out: [UInt8] = []
        while true {
            guard position < bytes.count else { throw JSONValueError("unterminated string", at: position) }
            let byte = bytes[position]
            if byte == UInt8(ascii: "\"") {
                position += 1
                break
            }
            if byte < 0x20 { throw JSONValueError("control character in a string", at: position) }
            if byte != UInt8(ascii: "\\") {
                out.append(byte)
                position += 1
                continue
            }
            position += 1
            guard position < bytes.count else { throw JSONValueError("unterminated string", at: position) }
            let escape = bytes[position]
            position += 1
            switch escape {
            case UInt8(ascii: "\""): out.append(UInt8(ascii: "\""))
            case UInt8(ascii: "\\"): out.append(UInt8(ascii: "\\"))
            case UInt8(ascii: "/"): out.append(UInt8(ascii: "/"))
            case UInt8(ascii: "b"): out.append(0x08)
            case UInt8(ascii: "f"): out.append(0x0C)
            case UInt8(ascii: "n"): out.append(0x0A)
            case UInt8(ascii: "r"): out.append(0x0D)
            case UInt8(ascii: "t"): out.append(0x09)
            case UInt8(ascii: "u"):
                var scalar = try hex4()
                if (0xD800...0xDBFF).contains(scalar) {
                    guard position + 2 <= bytes.count, bytes[position] == UInt8(ascii: "\\"), bytes[position + 1] == UInt8(ascii: "u")
                    else {
                        throw JSONValueError("a lone surrogate", at: position)
                    }
                    position += 2
                    let low = try hex4()
                    guard (0xDC00...0xDFFF).contains(low) else { throw JSONValueError("a lone surrogate", at: position) }
                    scalar = 0x10000 + ((scalar - 0xD800) << 10) + (low - 0xDC00)
                } else if (0xDC00...0xDFFF).contains(scalar) {
                    throw JSONValueError("a lone surrogate", at: position)
                }
                guard let unicode = Unicode.Scalar(scalar) else { throw JSONValueError("bad \\u escape", at: position) }
                out.append(contentsOf: String(Character(unicode)).utf8)
            default: throw JSONValueError("bad escape", at: position - 1)
            }
        }
        // Strings the browser sends are UTF-8; anything else is refused, not repaired.
        guard let text = String(validating: out, as: UTF8.self) else { throw JSONValueError("invalid UTF-8 in a string", at: position) }
        return text
    }

    private mutating func number() throws(JSONValueError) -> JSONValue {
        let start = position
        if bytes[position] == UInt8(ascii: "-") { position += 1 }
        func digits(_ parser: inout JSONParser) -> Int {
            let from = parser.position
            while parser.position < parser.bytes.count, (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(parser.bytes[parser.position]) {
                parser.position += 1
            }
            return parser.position - from
        }
        guard position < bytes.count else { throw JSONValueError("bad number", at: start) }
        if bytes[position] == UInt8(ascii: "0") {
            position += 1
        } else if digits(&self) == 0 {
            throw JSONValueError("bad number", at: start)
        }
        if position < bytes.count, bytes[position] == UInt8(ascii: ".") {
            position += 1
            guard digits(&self) > 0 else { throw JSONValueError("bad number", at: start) }
        }
        if position < bytes.count, bytes[position] == UInt8(ascii: "e") || bytes[position] == UInt8(ascii: "E") {
            position += 1
            if position < bytes.count, bytes[position] == UInt8(ascii: "+") || bytes[position] == UInt8(ascii: "-") { position += 1 }
            guard digits(&self) > 0 else { throw JSONValueError("bad number", at: start) }
        }
        guard position - start <= 64, let value = Double(String(decoding: bytes[start..<position], as: UTF8.self)), value.isFinite else {
            throw JSONValueError("bad number", at: start)
        }
        return .number(value)
    }
}
