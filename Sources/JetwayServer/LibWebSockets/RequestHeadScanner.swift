/// Reads the bytes a client sends on one HTTP connection, as they arrive, and says when a
/// request's head breaks the line syntax of RFC 9112 in a way libwebsockets 4.1 lets through:
///
/// - a bare LF for a line end, or a CR not followed by LF (§2.2);
/// - a line folded onto the one before it (obs-fold, §5.2), or a head that starts with
///   whitespace;
/// - whitespace between a field name and its colon (§5.1), a field line without a colon, a
///   control character in a field value or the request line;
/// - a field whose name is the start of one lws knows (`Content:`): lws's parser takes the next
///   line into its name, so `Content: 1` hides the `Content-Length` after it.
///
/// It follows each request's framing to find the next one's head on a kept-alive connection:
/// a `Content-Length` body is passed over; after a head that asks for an upgrade (a websocket)
/// or sends `Transfer-Encoding` or a length that is not digits (both refused when routed, and
/// the connection closed) it reads nothing more. No I/O: `StrictRequestHeads` feeds it what
/// lws receives.
struct RequestHeadScanner {
    private enum State: Equatable {
        /// Before a request line (empty lines are let through, §2.2).
        case start
        case requestLine
        /// At the start of a field line, or of the empty line that ends the head.
        case lineStart
        case fieldName
        case fieldValue
        /// A CR was read; the LF must follow. Then: what `then` says.
        case lineFeed(then: AfterLine)
        case body(remaining: Int)
        /// Nothing more is read (an upgraded connection, or one whose framing is not followed).
        case passedOver
    }

    private enum AfterLine: Equatable {
        /// An empty line before the request line: still before it.
        case start
        /// The request line or a field line ended: the next field line (or the end).
        case fields
        /// The empty line that ends the head.
        case headEnd
    }

    private var state = State.start
    private var name: [UInt8] = []
    private var value: [UInt8] = []
    private var contentLength: Int?
    private var unframed = false
    private var upgrade = false

    /// What a name longer than any field looked at is kept to.
    private static let keptBytes = 64

    /// Reads `bytes`; the reason to refuse the request, or nil while they are well formed.
    mutating func scan(_ bytes: UnsafeRawBufferPointer) -> String? {
        var index = 0
        while index < bytes.count {
            switch state {
            case .passedOver:
                return nil
            case .body(let remaining):
                let taken = min(remaining, bytes.count - index)
                index += taken
                state = remaining - taken == 0 ? .start : .body(remaining: remaining - taken)
                continue
            default:
                break
            }
            if let problem = read(bytes[index]) { return problem }
            index += 1
        }
        return nil
    }

    private mutating func read(_ byte: UInt8) -> String? {
        switch state {
        case .start:
            switch byte {
            case Self.cr: state = .lineFeed(then: .start)
            case Self.lf: return "a bare LF ends a line"
            case Self.space, Self.tab: return "the request starts with whitespace"
            default:
                if Self.isControl(byte) { return "a control character in the request line" }
                state = .requestLine
            }
        case .requestLine:
            switch byte {
            case Self.cr: state = .lineFeed(then: .fields)
            case Self.lf: return "a bare LF ends the request line"
            default: if Self.isControl(byte) && byte != Self.tab { return "a control character in the request line" }
            }
        case .lineStart:
            switch byte {
            case Self.cr: state = .lineFeed(then: .headEnd)
            case Self.lf: return "a bare LF ends a line"
            case Self.space, Self.tab: return "a folded header line (obs-fold)"
            case Self.colon: return "a field without a name"
            default:
                guard Self.isToken(byte) else { return "a field name with a character a token cannot have" }
                name.removeAll(keepingCapacity: true)
                name.append(Self.lowercased(byte))
                state = .fieldName
            }
        case .fieldName:
            switch byte {
            case Self.colon:
                if Self.misreadNames.contains(name) { return "a field name lws 4.1 misreads (the start of one it knows)" }
                value.removeAll(keepingCapacity: true)
                state = .fieldValue
            case Self.space, Self.tab: return "whitespace between a field name and its colon"
            case Self.cr, Self.lf: return "a field line without a colon"
            default:
                guard Self.isToken(byte) else { return "a field name with a character a token cannot have" }
                if name.count < Self.keptBytes { name.append(Self.lowercased(byte)) }
            }
        case .fieldValue:
            switch byte {
            case Self.cr:
                fieldEnded()
                state = .lineFeed(then: .fields)
            case Self.lf: return "a bare LF ends a line"
            default:
                if Self.isControl(byte) && byte != Self.tab { return "a control character in a field value" }
                if value.count < Self.keptBytes { value.append(byte) }
            }
        case .lineFeed(let then):
            guard byte == Self.lf else { return "a CR not followed by LF" }
            switch then {
            case .start: state = .start
            case .fields: state = .lineStart
            case .headEnd: headEnded()
            }
        case .body, .passedOver:
            break
        }
        return nil
    }

    private mutating func fieldEnded() {
        switch name {
        case Self.contentLengthName:
            let digits = value.drop { $0 == Self.space || $0 == Self.tab }.reversed().drop { $0 == Self.space || $0 == Self.tab }
            if !digits.isEmpty, digits.count <= 18, digits.allSatisfy({ $0 >= UInt8(ascii: "0") && $0 <= UInt8(ascii: "9") }),
                contentLength == nil
            {
                contentLength = digits.reversed().reduce(0) { $0 * 10 + Int($1 - UInt8(ascii: "0")) }
            } else {
                unframed = true
            }
        case Self.transferEncodingName:
            unframed = true
        case Self.upgradeName:
            upgrade = true
        default:
            break
        }
        name.removeAll(keepingCapacity: true)
    }

    private mutating func headEnded() {
        if upgrade || unframed {
            state = .passedOver
        } else if let length = contentLength, length > 0 {
            state = .body(remaining: length)
        } else {
            state = .start
        }
        contentLength = nil
        upgrade = false
        value.removeAll(keepingCapacity: true)
    }

    private static let cr = UInt8(ascii: "\r")
    private static let lf = UInt8(ascii: "\n")
    private static let space = UInt8(ascii: " ")
    private static let tab = UInt8(ascii: "\t")
    private static let colon = UInt8(ascii: ":")
    private static let contentLengthName = Array("content-length".utf8)
    private static let transferEncodingName = Array("transfer-encoding".utf8)
    private static let upgradeName = Array("upgrade".utf8)

    private static func isControl(_ byte: UInt8) -> Bool { byte < 0x20 || byte == 0x7F }

    private static func lowercased(_ byte: UInt8) -> UInt8 { byte >= 65 && byte <= 90 ? byte + 32 : byte }

    /// tchar (RFC 9110 §5.6.2).
    private static func isToken(_ byte: UInt8) -> Bool {
        switch byte {
        case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "A")...UInt8(ascii: "Z"), UInt8(ascii: "0")...UInt8(ascii: "9"): true
        default: Array("!#$%&'*+-.^_`|~".utf8).contains(byte)
        }
    }

    /// The strings lws 4.1's parser matches a field name (and a method) against, as its
    /// lextable has them (`lib/roles/http/lextable-strings.h`).
    static let lwsLexicon = [
        "get ", "post ", "options ", "host:", "connection:", "upgrade:", "origin:", "sec-websocket-draft:", "sec-websocket-extensions:",
        "sec-websocket-key1:", "sec-websocket-key2:", "sec-websocket-protocol:", "sec-websocket-accept:", "sec-websocket-nonce:",
        "http/1.1 ", "http2-settings:", "accept:", "access-control-request-headers:", "if-modified-since:", "if-none-match:",
        "accept-encoding:", "accept-language:", "pragma:", "cache-control:", "authorization:", "cookie:", "content-length:",
        "content-type:", "date:", "range:", "referer:", "sec-websocket-key:", "sec-websocket-version:", "sec-websocket-origin:",
        "accept-charset:", "accept-ranges:", "access-control-allow-origin:", "age:", "allow:", "content-disposition:",
        "content-encoding:", "content-language:", "content-location:", "content-range:", "etag:", "expect:", "expires:", "from:",
        "if-match:", "if-range:", "if-unmodified-since:", "last-modified:", "link:", "location:", "max-forwards:",
        "proxy-authenticate:", "proxy-authorization:", "refresh:", "retry-after:", "server:", "set-cookie:",
        "strict-transport-security:", "transfer-encoding:", "user-agent:", "vary:", "via:", "www-authenticate:", "patch", "put",
        "delete", "uri-args", "proxy ", "x-real-ip:", "http/1.0 ", "x-forwarded-for:", "connect ", "head ", "te:", "replay-nonce:",
        "x-auth-token:",
    ]

    /// The names lws misreads before a colon: those its lextable takes to the colon without a
    /// mismatch (the start of a string in it) that are not a field it knows. Its walk then fails
    /// at the colon itself, which it does not recover from (`Content: 1` swallows the next line).
    static let misreadNames: Set<[UInt8]> = {
        let lexicon = Set(lwsLexicon.map { Array($0.utf8) })
        var names: Set<[UInt8]> = []
        for entry in lexicon {
            for length in 1...entry.count {
                let name = Array(entry.prefix(length))
                guard name.allSatisfy(isToken), !lexicon.contains(name + [colon]) else { continue }
                names.insert(name)
            }
        }
        return names
    }()
}
