/// Why a message could not be read, in words.
public struct WireDecodingError: Error, Equatable, CustomStringConvertible {
    /// What is wrong and, where the reader knows it, at which byte.
    public let description: String
    package init(_ description: String) { self.description = description }
}

/// A JSON value as the wire's messages use it: scalars and arrays (no objects: no message has one).
enum WireValue: Equatable {
    case null
    case bool(Bool)
    /// The value, and whether it was written as an integer (no fraction or exponent).
    case number(Double, isInteger: Bool)
    case string(String)
    case array([WireValue])

    /// An integer written as one and exactly representable (|n| ≤ 2⁵³).
    var integer: Int? {
        guard case .number(let value, true) = self, abs(value) <= 9_007_199_254_740_992 else { return nil }
        return Int(value)
    }
}

/// A strict reader for one message: a top-level array of at most `maxMessageElements` values
/// (`maxElements` when not given) whose arrays hold at most `maxElements`, nested at most
/// `maxDepth` deep. RFC 8259 grammar; no extensions, nothing after the
/// array but whitespace. A client message is at most 8 values, 2 deep (the server reads what
/// anyone sends); a server frame is as long as its patch, 3 deep (`[version,[[op…]…],ref]`).
struct WireJSON {
    let maxElements: Int
    let maxDepth: Int
    let maxMessageElements: Int

    private let bytes: UnsafeBufferPointer<UInt8>
    private var position = 0

    init(_ bytes: UnsafeBufferPointer<UInt8>, maxElements: Int, maxDepth: Int, maxMessageElements: Int? = nil) {
        self.bytes = bytes
        self.maxElements = maxElements
        self.maxDepth = maxDepth
        self.maxMessageElements = maxMessageElements ?? maxElements
    }

    mutating func readMessage() throws(WireDecodingError) -> [WireValue] {
        skipWhitespace()
        guard peek == UInt8(ascii: "[") else { throw .init("a message is a JSON array") }
        guard case .array(let elements) = try readValue(depth: 1) else { throw .init("a message is a JSON array") }
        skipWhitespace()
        guard position == bytes.count else { throw fail("unexpected bytes after the message") }
        return elements
    }

    private var peek: UInt8? { position < bytes.count ? bytes[position] : nil }

    private func fail(_ what: String) -> WireDecodingError {
        WireDecodingError("\(what) at byte \(position)")
    }

    private mutating func skipWhitespace() {
        while let byte = peek, byte == 0x20 || byte == 0x0A || byte == 0x0D || byte == 0x09 { position += 1 }
    }

    private mutating func readValue(depth: Int) throws(WireDecodingError) -> WireValue {
        skipWhitespace()
        guard let byte = peek else { throw fail("the message ends too early") }
        switch byte {
        case UInt8(ascii: "\""): return .string(try readString())
        case UInt8(ascii: "["): return .array(try readArray(depth: depth))
        case UInt8(ascii: "t"): try expectLiteral("true"); return .bool(true)
        case UInt8(ascii: "f"): try expectLiteral("false"); return .bool(false)
        case UInt8(ascii: "n"): try expectLiteral("null"); return .null
        case UInt8(ascii: "-"), UInt8(ascii: "0")...UInt8(ascii: "9"): return try readNumber()
        default: throw fail("unexpected character")
        }
    }

    private mutating func readArray(depth: Int) throws(WireDecodingError) -> [WireValue] {
        guard depth <= maxDepth else { throw fail("arrays nested too deeply") }
        position += 1  // [
        var elements: [WireValue] = []
        let most = depth == 1 ? maxMessageElements : maxElements
        skipWhitespace()
        if peek == UInt8(ascii: "]") {
            position += 1
            return elements
        }
        while true {
            guard elements.count < most else { throw fail("too many elements") }
            elements.append(try readValue(depth: depth + 1))
            skipWhitespace()
            switch peek {
            case UInt8(ascii: ","): position += 1
            case UInt8(ascii: "]"):
                position += 1
                return elements
            default: throw fail("expected , or ]")
            }
        }
    }

    private mutating func expectLiteral(_ literal: StaticString) throws(WireDecodingError) {
        let count = literal.utf8CodeUnitCount
        guard bytes.count - position >= count else { throw fail("unexpected character") }
        for index in 0..<count where bytes[position + index] != literal.utf8Start[index] {
            throw fail("unexpected character")
        }
        position += count
    }

    private mutating func readNumber() throws(WireDecodingError) -> WireValue {
        let start = position
        var isInteger = true
        if peek == UInt8(ascii: "-") { position += 1 }
        guard let first = peek, isDigit(first) else { throw fail("a number needs digits") }
        if first == UInt8(ascii: "0") {
            position += 1
        } else {
            while let byte = peek, isDigit(byte) { position += 1 }
        }
        if peek == UInt8(ascii: ".") {
            isInteger = false
            position += 1
            guard let byte = peek, isDigit(byte) else { throw fail("a fraction needs digits") }
            while let byte = peek, isDigit(byte) { position += 1 }
        }
        if peek == UInt8(ascii: "e") || peek == UInt8(ascii: "E") {
            isInteger = false
            position += 1
            if peek == UInt8(ascii: "+") || peek == UInt8(ascii: "-") { position += 1 }
            guard let byte = peek, isDigit(byte) else { throw fail("an exponent needs digits") }
            while let byte = peek, isDigit(byte) { position += 1 }
        }
        guard position - start <= 32 else { throw fail("number too long") }
        let text = String(decoding: UnsafeBufferPointer(rebasing: bytes[start..<position]), as: UTF8.self)
        guard let value = Double(text), value.isFinite else { throw fail("number out of range") }
        return .number(value, isInteger: isInteger)
    }

    private func isDigit(_ byte: UInt8) -> Bool { byte >= UInt8(ascii: "0") && byte <= UInt8(ascii: "9") }

    private mutating func readString() throws(WireDecodingError) -> String {
        position += 1  // "
        let start = position
        // Fast path: no escapes.
        while let byte = peek, byte != UInt8(ascii: "\""), byte != UInt8(ascii: "\\") {
            guard byte >= 0x20 else { throw fail("control character in a string") }
            position += 1
        }
        guard let stop = peek else { throw fail("unterminated string") }
        if stop == UInt8(ascii: "\"") {
            let text = String(decoding: UnsafeBufferPointer(rebasing: bytes[start..<position]), as: UTF8.self)
            position += 1
            return text
        }
        var decoded = Array(bytes[start..<position])
        while let byte = peek {
            position += 1
            switch byte {
            case UInt8(ascii: "\""):
                return String(decoding: decoded, as: UTF8.self)
            case UInt8(ascii: "\\"):
                guard let escape = peek else { throw fail("unterminated string") }
                position += 1
                switch escape {
                case UInt8(ascii: "\""), UInt8(ascii: "\\"), UInt8(ascii: "/"): decoded.append(escape)
                case UInt8(ascii: "b"): decoded.append(0x08)
                case UInt8(ascii: "f"): decoded.append(0x0C)
                case UInt8(ascii: "n"): decoded.append(0x0A)
                case UInt8(ascii: "r"): decoded.append(0x0D)
                case UInt8(ascii: "t"): decoded.append(0x09)
                case UInt8(ascii: "u"): appendUTF8(try readUnicodeEscape(), to: &decoded)
                default: throw fail("unknown escape")
                }
            case 0..<0x20:
                throw fail("control character in a string")
            default:
                decoded.append(byte)
            }
        }
        throw fail("unterminated string")
    }

    /// `\uXXXX`, joining a surrogate pair; a lone surrogate becomes U+FFFD (JavaScript strings
    /// may hold one, and `JSON.stringify` writes it as an escape).
    private mutating func readUnicodeEscape() throws(WireDecodingError) -> Unicode.Scalar {
        let high = try readHex4()
        if (0xD800..<0xDC00).contains(high) {
            if bytes.count - position >= 6, bytes[position] == UInt8(ascii: "\\"), bytes[position + 1] == UInt8(ascii: "u") {
                let saved = position
                position += 2
                let low = try readHex4()
                if (0xDC00..<0xE000).contains(low) {
                    return Unicode.Scalar(0x10000 + ((high - 0xD800) << 10) + (low - 0xDC00))!
                }
                position = saved
            }
            return "\u{FFFD}"
        }
        return Unicode.Scalar(high) ?? "\u{FFFD}"
    }

    private mutating func readHex4() throws(WireDecodingError) -> UInt32 {
        guard bytes.count - position >= 4 else { throw fail("short \\u escape") }
        var value: UInt32 = 0
        for _ in 0..<4 {
            let byte = bytes[position]
            let digit: UInt8
            switch byte {
            case UInt8(ascii: "0")...UInt8(ascii: "9"): digit = byte - UInt8(ascii: "0")
            case UInt8(ascii: "a")...UInt8(ascii: "f"): digit = byte - UInt8(ascii: "a") + 10
            case UInt8(ascii: "A")...UInt8(ascii: "F"): digit = byte - UInt8(ascii: "A") + 10
            default: throw fail("bad \\u escape")
            }
            value = value << 4 | UInt32(digit)
            position += 1
        }
        return value
    }

    private func appendUTF8(_ scalar: Unicode.Scalar, to bytes: inout [UInt8]) {
        UTF8.encode(scalar) { bytes.append($0) }
    }
}
