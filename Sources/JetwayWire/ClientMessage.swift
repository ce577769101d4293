/// A message from the browser runtime, decoded and checked. Anything else is malformed.
///
/// | message | JSON |
/// |---|---|
/// | join | `["join", token, path, version, buildID, query?]` |
/// | event | `["e", ref, elementId, event, payload]` — payload: null, string, bool, number, `[w,h]`, `[name, json]` |
/// | ping | `["ping", stamp]` |
/// | resync | `["resync"]` |
/// | synced | `["synced", page]` |
/// | sizes | `["sizes", ref, [elementId, width, height, x?, y?], …]` — at most `mostSizes` |
///
/// The bytes are read by `WireJSON` (at most 8 values in an array, 2 deep; a `sizes` message itself at
/// most `mostSizes` + 2), which keeps JSON's types apart (a `true` is never a number) and refuses anything
/// deeper or longer than these shapes need.
public enum ClientMessage: Equatable, Sendable {
    /// `query` is the page's own query string (no `?`; empty when the client sent none): a
    /// page re-mounted after a restart is mounted at its path and this query.
    case join(token: String, path: String, version: UInt64, buildID: String, query: String = "")
    /// A user action on the element `id` (one that declared `event` in `data-on`), with the page's next `ref` and
    /// what the event carries.
    case event(ref: Int, id: String, event: String, payload: EventValue)
    /// The runtime's keep-alive, every 10 seconds, with a stamp the `pong` returns.
    case ping(Int)
    /// The page missed a version or could not apply a patch: it asks for the whole page again.
    case resync
    /// The page has morphed in the whole page a `sync` carried, the `page`th this session was
    /// sent: what it sends from here on names that page's elements.
    case synced(UInt64)
    /// What the page measured in one frame: each element's `resize`, answered together by one
    /// patch (a grid of GeometryReaders reports all its cells at once).
    case sizes(ref: Int, [SizeReport])

    /// The most sizes one `sizes` message carries (a page sends more as several).
    public static let mostSizes = 64

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
            case .numbers(let values):
                out.append(UInt8(ascii: "["))
                for (index, value) in values.enumerated() {
                    if index > 0 { out.append(UInt8(ascii: ",")) }
                    number(value)
                }
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
        case .synced(let version):
            out.append(contentsOf: "[\"synced\",".utf8)
            PatchEncoder.appendInteger(version, to: &out)
        case .sizes(let ref, let reports):
            out.append(contentsOf: "[\"sizes\",".utf8)
            number(Double(ref))
            for report in reports {
                out.append(contentsOf: ",[".utf8)
                PatchEncoder.appendString(report.id, to: &out)
                for value in report.numbers {
                    out.append(UInt8(ascii: ","))
                    number(value)
                }
                out.append(UInt8(ascii: "]"))
            }
        }
        out.append(UInt8(ascii: "]"))
        return out
    }

    /// Whether the bytes start as a `sizes` message does: `["sizes"` (JSON's whitespace allowed).
    static func isSizes(_ bytes: UnsafeBufferPointer<UInt8>) -> Bool {
        var index = 0
        func skip() { while index < bytes.count, [0x20, 0x0A, 0x0D, 0x09].contains(bytes[index]) { index += 1 } }
        skip()
        guard index < bytes.count, bytes[index] == UInt8(ascii: "[") else { return false }
        index += 1
        skip()
        let kind = Array("\"sizes\"".utf8)
        guard bytes.count - index >= kind.count else { return false }
        return zip(bytes[index..<index + kind.count], kind).allSatisfy { $0 == $1 }
    }

    /// The message as text, for a websocket text frame.
    public var text: String { String(decoding: encoded, as: UTF8.self) }

    /// Every message's kind (docs/protocol.md lists exactly these).
    public static let kinds = ["join", "e", "ping", "resync", "synced", "sizes"]

    /// Decodes one message, or says what is wrong with it.
    public static func decode(_ bytes: [UInt8]) throws(ClientMessageError) -> ClientMessage {
        let array: [WireValue]
        do {
            array = try bytes.withUnsafeBufferPointer { buffer throws(WireDecodingError) in
                // Only a `sizes` message is longer than 8 values: the reader's limit for it alone.
                let most = Self.isSizes(buffer) ? mostSizes + 2 : 8
                var reader = WireJSON(buffer, maxElements: 8, maxDepth: 2, maxMessageElements: most)
                return try reader.readMessage()
            }
        } catch {
            throw ClientMessageError(error.description)
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
                if pair.count == 2, case .number(let width, _) = pair[0], case .number(let height, _) = pair[1] {
                    payload = .size(width: width, height: height)
                    break
                }
                var numbers: [Double] = []
                for item in pair {
                    guard case .number(let value, _) = item else { break }
                    numbers.append(value)
                }
                guard (3...EventValue.mostNumbers).contains(pair.count), numbers.count == pair.count else {
                    throw .init("a size payload is [width, height], a measure 3 to 8 numbers, a widget message [name, json]")
                }
                payload = .numbers(numbers)
            }
            return .event(ref: ref, id: id, event: event, payload: payload)
        case "ping":
            guard array.count == 2, let stamp = array[1].integer else { throw .init("ping is [\"ping\", stamp]") }
            return .ping(stamp)
        case "resync":
            guard array.count == 1 else { throw .init("resync is [\"resync\"]") }
            return .resync
        case "synced":
            guard array.count == 2, let page = array[1].integer, page >= 0 else { throw .init("synced is [\"synced\", page]") }
            return .synced(UInt64(page))
        case "sizes":
            guard array.count >= 3, let ref = array[1].integer else {
                throw .init("sizes is [\"sizes\", ref, [elementId, width, height, x?, y?], …]")
            }
            var reports: [SizeReport] = []
            reports.reserveCapacity(array.count - 2)
            for entry in array[2...] {
                guard case .array(let values) = entry, values.count == 3 || values.count == 5, case .string(let id) = values[0],
                    id.utf8.count <= 8
                else { throw .init("a size is [elementId, width, height] or [elementId, width, height, x, y]") }
                var numbers: [Double] = []
                for value in values.dropFirst() {
                    guard case .number(let number, _) = value else { throw .init("a size's width, height, x and y are numbers") }
                    numbers.append(number)
                }
                reports.append(SizeReport(id: id, numbers: numbers))
            }
            return .sizes(ref: ref, reports)
        default:
            throw .init("unknown message kind")
        }
    }
}

/// One element's size in a `sizes` message: its id, and `[width, height]` or `[width, height,
/// x, y]` (where it is in the page), as a `resize` event carries them.
public struct SizeReport: Equatable, Sendable {
    /// The element's id, base 36 (at most 8 bytes).
    public let id: String
    /// `[width, height]`, or `[width, height, x, y]` with the element's place in the page.
    public let numbers: [Double]

    /// A report for the element `id` of `numbers`.
    public init(id: String, numbers: [Double]) {
        self.id = id
        self.numbers = numbers
    }

    /// What its element's `resize` event would carry.
    public var payload: EventValue {
        numbers.count == 2 ? .size(width: numbers[0], height: numbers[1]) : .numbers(numbers)
    }
}

/// What an event carries, as the browser sent it (the core's `EventPayload` is made from it).
public enum EventValue: Sendable, Equatable {
    /// `null`: nothing (a click).
    case none
    /// A string: a field's text, an option's index, a `nav` path, a phase.
    case text(String)
    /// A boolean: a toggle's state.
    case bool(Bool)
    /// One number (`move`: the data offset a dragged row goes before).
    case number(Double)
    /// `[width, height]`: an element's size (a `GeometryReader`).
    case size(width: Double, height: Double)
    /// `[name, json]`: a widget's message or request, its payload as JSON text.
    case message(name: String, json: String)
    /// 3 to `mostNumbers` numbers: a measure of the page (a lazy list's visible part).
    case numbers([Double])

    /// The most numbers a `numbers` payload carries.
    public static let mostNumbers = 8
}

/// Why a client message was refused, in words for the `err` frame.
public struct ClientMessageError: Error, Equatable, CustomStringConvertible {
    /// What was wrong, as the `err` frame says it.
    public let description: String
    package init(_ description: String) { self.description = description }
}
