/// A message from the browser runtime, decoded and checked. Anything else is malformed.
///
/// | message | JSON |
/// |---|---|
/// | join | `["join", token, path, version, buildID, query?]` |
/// | event | `["e", ref, elementId, event, payload]` — payload: null, string, bool, number, `[w,h]`, `[name, json]` |
/// | ping | `["ping", stamp]` |
/// | resync | `["resync"]` |
///
/// The bytes are read by `ClientJSON`, which keeps JSON's types apart (a `true` is never a
/// number) and refuses anything deeper or longer than these shapes need.
public enum ClientMessage: Equatable, Sendable {
    /// `query` is the page's own query string (no `?`; empty when the client sent none): a
    /// page re-mounted after a restart is mounted at its path and this query.
    case join(token: String, path: String, version: UInt64, buildID: String, query: String = "")
    case event(ref: Int, id: String, event: String, payload: EventValue)
    case ping(Int)
    case resync

    /// The message as a browser sends it (what test clients and the load client send).
    public var encoded: [UInt8] {
        var out: [UInt8] = []
        func number(_ value: Double) {
            if value.rounded() == value, abs(value) < 9e15 {
                out.append(contentsOf: String(Int64(value)).utf8)
            } else {
                out.append(contentsOf: (value.isFinite ? String(value) : "0").utf8)
            }
        }
        switch self {
        case .join(let token, let path, let version, let buildID, let query):
            out.append(contentsOf: "[\"join\",".utf8)
            PatchEncoder.appendString(token, to: &out)
            out.append(UInt8(ascii: ","))
            PatchEncoder.appendString(path, to: &out)
            out.append(UInt8(ascii: ","))
            PatchEncoder.appendInteger(version, to: &out)
            out.append(UInt8(ascii: ","))
            PatchEncoder.appendString(buildID, to: &out)
            out.append(UInt8(ascii: ","))
            PatchEncoder.appendString(query, to: &out)
        case .event(let ref, let id, let event, let payload):
            out.append(contentsOf: "[\"e\",".utf8)
            number(Double(ref))
            out.append(UInt8(ascii: ","))
            PatchEncoder.appendString(id, to: &out)
            out.append(UInt8(ascii: ","))
            PatchEncoder.appendString(event, to: &out)
            out.append(UInt8(ascii: ","))
            switch payload {
            case .none: out.append(contentsOf: "null".utf8)
            case .text(let text): PatchEncoder.appendString(text, to: &out)
            case .bool(let flag): out.append(contentsOf: (flag ? "true" : "false").utf8)
            case .number(let value): number(value)
            case .size(let width, let height):
                out.append(UInt8(ascii: "["))
                number(width)
                out.append(UInt8(ascii: ","))
                number(height)
                out.append(UInt8(ascii: "]"))
            case .message(let name, let json):
                out.append(UInt8(ascii: "["))
                PatchEncoder.appendString(name, to: &out)
                out.append(UInt8(ascii: ","))
                PatchEncoder.appendString(json, to: &out)
                out.append(UInt8(ascii: "]"))
            }
        case .ping(let stamp):
            out.append(contentsOf: "[\"ping\",".utf8)
            number(Double(stamp))
        case .resync:
            out.append(contentsOf: "[\"resync\"".utf8)
        }
        out.append(UInt8(ascii: "]"))
        return out
    }

    /// The message as text, for a websocket text frame.
    public var text: String { String(decoding: encoded, as: UTF8.self) }

    /// Every message's kind (docs/protocol.md lists exactly these).
    public static let kinds = ["join", "e", "ping", "resync"]

    /// Decodes one message, or says what is wrong with it.
    public static func decode(_ bytes: [UInt8]) throws(ClientMessageError) -> ClientMessage {
        let array = try bytes.withUnsafeBufferPointer { buffer throws(ClientMessageError) in
            var reader = ClientJSON(buffer)
            return try reader.readMessage()
        }
        guard case .string(let kind) = array.first else { throw .init("the first element must be the message kind, a string") }
        switch kind {
        case "join":
            guard array.count == 5 || array.count == 6, case .string(let token) = array[1], case .string(let path) = array[2],
                path.hasPrefix("/"), let version = array[3].integer, version >= 0, case .string(let buildID) = array[4]
            else { throw .init("join is [\"join\", token, path, version, buildID, query]") }
            var query = ""
            if array.count == 6 {
                guard case .string(let sent) = array[5], sent.utf8.count <= 2048, !sent.hasPrefix("?") else {
                    throw .init("a join's query is a string of at most 2048 bytes, without the \"?\"")
                }
                query = sent
            }
            return .join(token: token, path: path, version: UInt64(version), buildID: buildID, query: query)
        case "e":
            guard array.count == 5, let ref = array[1].integer, case .string(let id) = array[2], id.utf8.count <= 8,
                case .string(let event) = array[3], event.utf8.count <= 16
            else { throw .init("an event is [\"e\", ref, elementId, event, payload]") }
            let payload: EventValue
            switch array[4] {
            case .null: payload = .none
            case .string(let text): payload = .text(text)
            case .bool(let flag): payload = .bool(flag)
            case .number(let number, _): payload = .number(number)
            case .array(let pair):
                if pair.count == 2, case .string(let name) = pair[0], case .string(let json) = pair[1] {
                    // A widget's message or request: its name and its payload as JSON text.
                    guard name.utf8.count <= 64 else { throw .init("a widget message's name is at most 64 bytes") }
                    payload = .message(name: name, json: json)
                    break
                }
                guard pair.count == 2, case .number(let width, _) = pair[0], case .number(let height, _) = pair[1] else {
                    throw .init("a size payload is [width, height], a widget message [name, json]")
                }
                payload = .size(width: width, height: height)
            }
            return .event(ref: ref, id: id, event: event, payload: payload)
        case "ping":
            guard array.count == 2, let stamp = array[1].integer else { throw .init("ping is [\"ping\", stamp]") }
            return .ping(stamp)
        case "resync":
            guard array.count == 1 else { throw .init("resync is [\"resync\"]") }
            return .resync
        default:
            throw .init("unknown message kind")
        }
    }
}

/// What an event carries, as the browser sent it (the core's `EventPayload` is made from it).
public enum EventValue: Sendable, Equatable {
    case none
    case text(String)
    case bool(Bool)
    case number(Double)
    /// `[width, height]`: an element's size (a `GeometryReader`).
    case size(width: Double, height: Double)
    /// `[name, json]`: a widget's message or request, its payload as JSON text.
    case message(name: String, json: String)
}

/// Why a client message was refused, in words for the `err` frame.
public struct ClientMessageError: Error, Equatable, CustomStringConvertible {
    public let description: String
    package init(_ description: String) { self.description = description }
}

/// A JSON value as client messages use it: scalars, and one level of arrays inside the message.
enum ClientValue: Equatable {
    case null
    case bool(Bool)
    /// The value, and whether it was written as an integer (no fraction or exponent).
    case number(Double, isInteger: Bool)
    case string(String)
    case array([ClientValue])

    /// An integer written as one and exactly representable (|n| ≤ 2⁵³).
    var integer: Int? {
        guard case .number(let value, true) = self, abs(value) <= 9_007_199_254_740_992 else { return nil }
        return Int(value)
    }
}

/// A strict reader for one client message: a top-level array of at most `maxElements` values,
/// each a scalar or an array of scalars. RFC 8259 grammar; no extensions, nothing after the
/// array but whitespace.
struct ClientJSON {
    static let maxElements = 8
    static let maxDepth = 2

    private let bytes: UnsafeBufferPointer<UInt8>
    private var position = 0

    init(_ bytes: UnsafeBufferPointer<UInt8>) {
        self.bytes = bytes
    }

    mutating func readMessage() throws(ClientMessageError) -> [ClientValue] {
        skipWhitespace()
        guard peek == UInt8(ascii: "[") else { throw .init("a message is a JSON array") }
        guard case .array(let elements) = try readValue(depth: 1) else { throw .init("a message is a JSON array") }
        skipWhitespace()
        guard position == bytes.count else { throw fail("unexpected bytes after the message") }
        return elements
    }

    private var peek: UInt8? { position < bytes.count ? bytes[position] : nil }

    private func fail(_ what: String) -> ClientMessageError {
        ClientMessageError("\(what) at byte \(position)")
    }

    private mutating func skipWhitespace() {
        while let byte = peek, byte == 0x20 || byte == 0x0A || byte == 0x0D || byte == 0x09 { position += 1 }
    }

    private mutating func readValue(depth: Int) throws(ClientMessageError) -> ClientValue {
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

    private mutating func readArray(depth: Int) throws(ClientMessageError) -> [ClientValue] {
        guard depth <= Self.maxDepth else { throw fail("arrays nested too deeply") }
        position += 1  // [
        var elements: [ClientValue] = []
        skipWhitespace()
        if peek == UInt8(ascii: "]") {
            position += 1
            return elements
        }
        while true {
            guard elements.count < Self.maxElements else { throw fail("too many elements") }
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

    private mutating func expectLiteral(_ literal: StaticString) throws(ClientMessageError) {
        let count = literal.utf8CodeUnitCount
        guard bytes.count - position >= count else { throw fail("unexpected character") }
        for index in 0..<count where bytes[position + index] != literal.utf8Start[index] {
            throw fail("unexpected character")
        }
        position += count
    }

    private mutating func readNumber() throws(ClientMessageError) -> ClientValue {
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

    private mutating func readString() throws(ClientMessageError) -> String {
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
    private mutating func readUnicodeEscape() throws(ClientMessageError) -> Unicode.Scalar {
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

    private mutating func readHex4() throws(ClientMessageError) -> UInt32 {
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
