/// What a page's runtime keeps of its session between frames, for the Swift clients that follow
/// a page over a socket (the load client, the tests' clients): its path and build, the newest
/// token (the server renews it), the version it has, and the refs of its events. `join` is the
/// message a (re)connecting runtime sends; `note` reads a frame as the runtime does.
///
/// ```swift
/// var page = ClientPage(path: "/gate/A1", token: token, version: 0, buildID: build)
/// socket.send(page.join.text)
/// socket.send(page.event("2s", "input", .text("ber")).text)
/// if case .patch(let version, _) = try page.note(frame) { … }
/// ```
public struct ClientPage: Sendable {
    /// The page's path, sent with each join.
    public var path: String
    /// The session's newest token, sent with the next join.
    public var token: String
    /// The version of the last patch, `joined` or `sync` the page took.
    public var version: UInt64
    /// The build the page was served by, sent with a join (a page of another build is told to reload).
    public var buildID: String
    /// The page's own query string (no `?`), sent with a join so a re-mounted page keeps it.
    public var query: String
    /// The serial of the last whole page (`sync`) it took, which the runtime answers with
    /// `synced`.
    public var page = 0
    /// The ref of the last event sent.
    public private(set) var ref = 0
    /// Tokens the server renewed while the page was open.
    public private(set) var renewals = 0

    /// A page at `path` with its session's `token`, as the server served it: its `version` and `buildID`, and its own
    /// `query` (no `?`).
    public init(path: String, token: String, version: UInt64 = 0, buildID: String, query: String = "") {
        self.path = path
        self.token = token
        self.version = version
        self.buildID = buildID
        self.query = query
    }

    /// What the runtime sends first on a socket (and again on each reconnection).
    public var join: ClientMessage {
        .join(token: token, path: path, version: version, buildID: buildID, query: query)
    }

    /// An event, with the next ref.
    public mutating func event(_ id: String, _ event: String, _ payload: EventValue = .none) -> ClientMessage {
        ref += 1
        return .event(ref: ref, id: id, event: event, payload: payload)
    }

    /// What a frame was, as far as following the page goes: a patch's version and ref (its ops
    /// are the DOM's business: `ServerFrame` reads them), or the message.
    public enum Note: Equatable, Sendable {
        /// A patch, with the version it moved to and the event ref it answers (nil when it names none).
        case patch(version: UInt64, ref: Int?)
        /// Any other frame, decoded.
        case message(ServerMessage)
    }

    /// Reads `frame` as the runtime does: a patch, `joined` or `sync` moves the version; a
    /// `token` replaces the token. A patch is read from its ends only (a load client follows
    /// thousands of pages on the machine it measures).
    @discardableResult
    public mutating func note(_ frame: String) throws(WireDecodingError) -> Note {
        let bytes = frame.utf8
        if bytes.count > 2, let second = bytes.dropFirst().first, (48...57).contains(second) {
            guard let head = Self.patchHead(bytes) else { throw WireDecodingError("a patch is [version, [op, …], ref?]") }
            version = head.version
            return .patch(version: head.version, ref: head.ref)
        }
        guard case .message(let message) = try ServerFrame(decoding: frame) else {
            throw WireDecodingError("a frame starts with a version or a name")
        }
        switch message {
        case .joined(let version, _): self.version = version
        case .sync(let version, _, _, _, let page):
            self.version = version
            self.page = page
        case .token(let token):
            self.token = token
            renewals += 1
        default: break
        }
        return .message(message)
    }

    /// `[version,[…]]` or `[version,[…],ref]`: the version after the `[`, the ref before the last `]`.
    private static func patchHead(_ bytes: String.UTF8View) -> (version: UInt64, ref: Int?)? {
        var version: UInt64 = 0
        var digits = 0
        for byte in bytes.dropFirst() {
            guard (48...57).contains(byte) else { break }
            let (times, overflow) = version.multipliedReportingOverflow(by: 10)
            guard !overflow, digits < 19 else { return nil }
            version = times + UInt64(byte - 48)
            digits += 1
        }
        guard bytes.last == UInt8(ascii: "]") else { return nil }
        // Back from the end: `…],123]` carries a ref, `…]]` does not.
        var ref = 0
        var scale = 1
        var refDigits = 0
        var index = bytes.index(before: bytes.endIndex)
        while index > bytes.startIndex {
            index = bytes.index(before: index)
            let byte = bytes[index]
            if (48...57).contains(byte), refDigits < 18 {
                ref += Int(byte - 48) * scale
                scale *= 10
                refDigits += 1
                continue
            }
            if byte == UInt8(ascii: "-"), refDigits > 0 {
                ref = -ref
                index = bytes.index(before: index)
            }
            let separator = bytes[index]
            return refDigits > 0 && separator == UInt8(ascii: ",") ? (version, ref) : (version, nil)
        }
        return nil
    }
}
