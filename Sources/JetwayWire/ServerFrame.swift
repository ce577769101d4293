/// A frame from the server, read back as a client reads it: a patch (`[version,[op,…],ref?]`,
/// `PatchEncoder`) or a named message (`ServerMessage`). The tests, the load client and
/// `ViewHost`'s wire mode read frames through this one decoder, so what they check is what the
/// encoders wrote and the runtime reads.
///
/// ```swift
/// switch try ServerFrame(decoding: text) {
/// case .patch(let version, let ops, _): try dom.apply(ops)
/// case .message(.token(let token)): page.token = token
/// case .message(let other): print(other)
/// }
/// ```
public enum ServerFrame: Equatable, Sendable {
    /// The ops that take the page to `version`; `ref` is the event it answers, if it does.
    case patch(version: UInt64, ops: [PatchOp], ref: Int?)
    /// A named message.
    case message(ServerMessage)

    /// The message's name (`joined`, `token`, …), nil for a patch.
    public var name: String? {
        if case .message(let message) = self { message.name } else { nil }
    }

    /// The ref of the event a patch answers, nil for a message or a patch that answers none.
    public var patchRef: Int? {
        if case .patch(_, _, let ref) = self { ref } else { nil }
    }

    /// The frame's bytes, as the server writes them.
    public var encoded: [UInt8] {
        switch self {
        case .patch(let version, let ops, let ref): PatchEncoder.encode(version: version, ops, ref: ref)
        case .message(let message): message.encoded
        }
    }

    /// Reads one text frame: a patch or a named message, its shape checked; throws with what is wrong otherwise.
    public init(decoding text: String) throws(WireDecodingError) {
        let bytes = Array(text.utf8)
        let array = try bytes.withUnsafeBufferPointer { buffer throws(WireDecodingError) in
            var reader = WireJSON(buffer, maxElements: .max, maxDepth: 3)
            return try reader.readMessage()
        }
        guard let first = array.first else { throw WireDecodingError("an empty frame") }
        if let version = first.integer {
            guard version >= 0, array.count == 2 || array.count == 3, case .array(let ops) = array[1] else {
                throw WireDecodingError("a patch is [version, [op, …], ref?]")
            }
            var ref: Int?
            if array.count == 3 {
                guard let number = array[2].integer else { throw WireDecodingError("a patch's ref is an integer") }
                ref = number
            }
            self = .patch(version: UInt64(version), ops: try ops.map(Self.op), ref: ref)
            return
        }
        guard case .string(let name) = first else { throw WireDecodingError("a frame starts with a version or a name") }
        self = .message(try Self.message(name, array))
    }

    private static func message(_ name: String, _ array: [WireValue]) throws(WireDecodingError) -> ServerMessage {
        func integer(_ index: Int) throws(WireDecodingError) -> Int {
            guard index < array.count, let value = array[index].integer else {
                throw WireDecodingError("\(name): element \(index) is an integer")
            }
            return value
        }
        func string(_ index: Int) throws(WireDecodingError) -> String {
            guard index < array.count, case .string(let value) = array[index] else {
                throw WireDecodingError("\(name): element \(index) is a string")
            }
            return value
        }
        func count(_ counts: ClosedRange<Int>) throws(WireDecodingError) {
            guard counts.contains(array.count) else { throw WireDecodingError("\(name) has \(array.count) elements") }
        }
        switch name {
        case "joined":
            try count(2...3)
            return .joined(version: UInt64(try integer(1)), lastRef: array.count == 3 ? try integer(2) : 0)
        case "sync":
            try count(4...6)
            guard case .bool(let remounted) = array[2] else { throw WireDecodingError("sync: element 2 is a boolean") }
            return .sync(
                version: UInt64(try integer(1)), remounted: remounted, html: try string(3), lastRef: array.count >= 5 ? try integer(4) : 0,
                page: array.count == 6 ? try integer(5) : 0)
        case "pong":
            try count(3...3)
            return .pong(stamp: try integer(1), serverTime: Int64(try integer(2)))
        case "token":
            try count(2...2)
            return .token(try string(1))
        case "ans":
            try count(3...3)
            return .answer(ref: try integer(1), json: try string(2))
        case "err":
            try count(3...3)
            return .error(ref: try integer(1), message: try string(2))
        case "reload":
            try count(1...1)
            return .reload
        case "signedout":
            try count(1...1)
            return .signedOut
        case "dev":
            try count(4...4)
            guard let state = DevelopmentReport.State(rawValue: try string(1)) else { throw WireDecodingError("dev: unknown state") }
            guard case .array(let items) = array[3], items.count <= DevelopmentReport.maxProblems else {
                throw WireDecodingError("dev: element 3 is at most \(DevelopmentReport.maxProblems) problems")
            }
            var problems: [DevelopmentReport.Problem] = []
            for item in items {
                guard case .array(let fields) = item, fields.count == 5, case .string(let file) = fields[0],
                    let line = fields[1].integer, let column = fields[2].integer, case .string(let message) = fields[3],
                    case .string(let excerpt) = fields[4]
                else { throw WireDecodingError("dev: a problem is [file, line, column, message, excerpt]") }
                problems.append(.init(file: file, line: line, column: column, message: message, excerpt: excerpt))
            }
            return .development(DevelopmentReport(state: state, summary: try string(2), problems: problems))
        default:
            throw WireDecodingError("unknown message \(name)")
        }
    }

    private static func op(_ value: WireValue) throws(WireDecodingError) -> PatchOp {
        guard case .array(let op) = value, case .string(let code) = op.first else { throw WireDecodingError("an op is [code, …]") }
        func id(_ index: Int) throws(WireDecodingError) -> NodeID {
            guard index < op.count, case .string(let text) = op[index], let id = NodeID(text) else {
                throw WireDecodingError("op \(code): element \(index) is an id")
            }
            return id
        }
        func ids(_ index: Int) throws(WireDecodingError) -> [NodeID] {
            guard index < op.count, case .string(let text) = op[index] else {
                throw WireDecodingError("op \(code): element \(index) is ids")
            }
            var ids: [NodeID] = []
            for part in text.split(separator: " ") {
                guard let id = NodeID(String(part)) else { throw WireDecodingError("op \(code): \(part) is not an id") }
                ids.append(id)
            }
            return ids
        }
        func integer(_ index: Int) throws(WireDecodingError) -> Int {
            guard index < op.count, let value = op[index].integer, value >= 0 else {
                throw WireDecodingError("op \(code): element \(index) is an index")
            }
            return value
        }
        func string(_ index: Int) throws(WireDecodingError) -> String {
            guard index < op.count, case .string(let text) = op[index] else {
                throw WireDecodingError("op \(code): element \(index) is text")
            }
            return text
        }
        func count(_ expected: Int) throws(WireDecodingError) {
            guard op.count == expected else { throw WireDecodingError("op \(code) has \(op.count) elements, not \(expected)") }
        }
        switch code {
        case "t":
            try count(3)
            return .setText(try id(1), try string(2))
        case "a":
            try count(4)
            if case .null = op[3] { return .setAttribute(try id(1), name: try string(2), value: nil) }
            return .setAttribute(try id(1), name: try string(2), value: try string(3))
        case "i":
            try count(4)
            return .insert(parent: try id(1), index: try integer(2), html: try string(3))
        case "r":
            try count(2)
            return .remove(try ids(1))
        case "d":
            try count(2)
            return .detach(try ids(1))
        case "m":
            try count(4)
            return .move(try ids(3), parent: try id(1), index: try integer(2))
        case "x":
            try count(3)
            return .replace(try id(1), html: try string(2))
        case "c":
            try count(4)
            return .command(try id(1), name: try string(2), payload: try string(3))
        default:
            throw WireDecodingError("unknown op \(code)")
        }
    }
}
