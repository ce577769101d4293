/// Every message the server sends a page, and its one encoding. A patch is the one message
/// whose first element is not a name: `[version,[op,…],ref?]` (`PatchEncoder`).
///
/// | message | JSON |
/// |---|---|
/// | joined | `["joined",version]` or `["joined",version,lastRef]`: the page resumed; it has every patch up to `version` |
/// | sync | `["sync",version,remounted,"<html>"]`, `[…,lastRef]` or `[…,lastRef,page]`: the whole page (the root's content) at `version`; `page` counts the whole pages this session was sent (the runtime answers `synced` with it) |
/// | pong | `["pong",stamp,serverTime]`: the ping's stamp, and the server's clock in milliseconds since 1970 |
/// | token | `["token","…"]`: a fresh token for this session (a page open for days renews it) |
/// | ans | `["ans",ref,json]`: a widget request's answer (JSON text, `null` for none), before the event's patch |
/// | err | `["err",ref,"why"]`: an event (`ref`) or the connection (0) was refused |
/// | reload | `["reload"]`: the page is from another build, or its URL has no route: load it again |
/// | signedout | `["signedout"]`: the page's sign-in ended; it loads its URL again (close 4002 follows) |
/// | dev | `["dev",state,summary,[[file,line,column,message,excerpt],…]]`: development only, what `jetway dev` reports (`DevelopmentReport`) |
///
/// `lastRef` is the highest event ref the server has answered for this page, so a page that
/// reconnects knows which of its events need no answer any more.
public enum ServerMessage: Equatable, Sendable {
    /// The session is attached and the page current at `version`; `lastRef` is the highest event ref answered (left
    /// out of the frame when 0).
    case joined(version: UInt64, lastRef: Int)
    /// The whole page (the root's content) at `version`, for the runtime to morph in; `remounted` when it is a new
    /// session, `page` the session's count of whole pages, answered with `synced` (both left out when 0).
    case sync(version: UInt64, remounted: Bool, html: String, lastRef: Int, page: Int = 0)
    /// The answer to a ping: its `stamp`, and the server clock's time in milliseconds since 1970.
    case pong(stamp: Int, serverTime: Int64)
    /// A new token for this session, for the next join.
    case token(String)
    /// A widget request's answer (JSON text), sent before the patch of the same event `ref`.
    case answer(ref: Int, json: String)
    /// The event `ref` (or, with 0, a message) was refused, and why; the session stays usable.
    case error(ref: Int, message: String)
    /// The page is from another build (or its URL has no route): the runtime reloads it.
    case reload
    /// The page's sign-in ended: the runtime empties the page and loads its URL again.
    case signedOut
    /// What `jetway dev` reports (development only); the runtime shows it over the page.
    case development(DevelopmentReport)

    /// The name each message starts with, as the runtime reads it.
    public var name: String {
        switch self {
        case .joined: "joined"
        case .sync: "sync"
        case .pong: "pong"
        case .token: "token"
        case .answer: "ans"
        case .error: "err"
        case .reload: "reload"
        case .signedOut: "signedout"
        case .development: "dev"
        }
    }

    /// Every message's name (docs/protocol.md lists exactly these).
    public static let names = ["joined", "sync", "pong", "token", "ans", "err", "reload", "signedout", "dev"]

    /// The message's bytes, as one websocket text frame carries them.
    public var encoded: [UInt8] {
        var out: [UInt8] = []
        out.append(contentsOf: "[\"".utf8)
        out.append(contentsOf: name.utf8)
        out.append(UInt8(ascii: "\""))
        func comma() { out.append(UInt8(ascii: ",")) }
        func integer(_ value: Int64) {
            if value < 0 { out.append(UInt8(ascii: "-")) }
            PatchEncoder.appendInteger(value.magnitude, to: &out)
        }
        switch self {
        case .joined(let version, let lastRef):
            comma()
            PatchEncoder.appendInteger(version, to: &out)
            if lastRef > 0 {
                comma()
                integer(Int64(lastRef))
            }
        case .sync(let version, let remounted, let html, let lastRef, let page):
            comma()
            PatchEncoder.appendInteger(version, to: &out)
            out.append(contentsOf: (remounted ? ",true," : ",false,").utf8)
            out.reserveCapacity(out.count + html.utf8.count + 32)
            PatchEncoder.appendString(html, to: &out)
            if lastRef > 0 || page > 0 {
                comma()
                integer(Int64(lastRef))
            }
            if page > 0 {
                comma()
                integer(Int64(page))
            }
        case .pong(let stamp, let serverTime):
            comma()
            integer(Int64(stamp))
            comma()
            integer(serverTime)
        case .token(let token):
            comma()
            PatchEncoder.appendString(token, to: &out)
        case .answer(let ref, let json):
            comma()
            integer(Int64(ref))
            comma()
            PatchEncoder.appendString(json, to: &out)
        case .error(let ref, let message):
            comma()
            integer(Int64(ref))
            comma()
            PatchEncoder.appendString(message, to: &out)
        case .development(let report):
            comma()
            PatchEncoder.appendString(report.state.rawValue, to: &out)
            comma()
            PatchEncoder.appendString(report.summary, to: &out)
            out.append(contentsOf: ",[".utf8)
            for (index, problem) in report.problems.prefix(DevelopmentReport.maxProblems).enumerated() {
                if index > 0 { comma() }
                out.append(UInt8(ascii: "["))
                PatchEncoder.appendString(problem.file, to: &out)
                comma()
                integer(Int64(problem.line))
                comma()
                integer(Int64(problem.column))
                comma()
                PatchEncoder.appendString(problem.message, to: &out)
                comma()
                PatchEncoder.appendString(problem.excerpt, to: &out)
                out.append(UInt8(ascii: "]"))
            }
            out.append(UInt8(ascii: "]"))
        case .reload, .signedOut:
            break
        }
        out.append(UInt8(ascii: "]"))
        return out
    }
}

/// A hosted view's messages share its page's socket (`<div data-jetway-view>`): each goes in
/// an envelope naming its channel, both ways: `["v",channel,message]`.
public enum ChannelEnvelope {
    /// Channels are 1…`maxChannels`; 0 is the socket's own page.
    public static let maxChannels = 16

    /// `message` in the envelope of `channel`.
    public static func wrap(_ message: [UInt8], channel: Int) -> [UInt8] {
        var wrapped = Array("[\"v\",".utf8)
        wrapped.reserveCapacity(wrapped.count + message.count + 4)
        PatchEncoder.appendInteger(UInt64(channel), to: &wrapped)
        wrapped.append(UInt8(ascii: ","))
        wrapped.append(contentsOf: message)
        wrapped.append(UInt8(ascii: "]"))
        return wrapped
    }

    /// The channel and the message inside an envelope, or nil when `bytes` is not one (a
    /// channel of one to three digits).
    public static func unwrap(_ bytes: [UInt8]) -> (channel: Int, message: ArraySlice<UInt8>)? {
        let prefix = Array("[\"v\",".utf8)
        guard bytes.count > prefix.count + 3, bytes.starts(with: prefix), bytes.last == UInt8(ascii: "]") else { return nil }
        var index = prefix.count
        var channel = 0
        while index < bytes.count, index - prefix.count < 3, (48...57).contains(bytes[index]) {
            channel = channel * 10 + Int(bytes[index] - 48)
            index += 1
        }
        guard index > prefix.count, index < bytes.count, bytes[index] == UInt8(ascii: ",") else { return nil }
        return (channel, bytes[(index + 1)..<(bytes.count - 1)])
    }
}

/// Why the server closed a page's websocket, and what the runtime does about it.
public enum CloseCode: UInt16, CaseIterable, Sendable {
    /// The server is stopping (SIGINT, SIGTERM): reconnect with backoff; the page re-mounts
    /// itself on the new process.
    case goingAway = 1001
    /// Refused for good: a bad token, too many pages from the address, too many protocol
    /// errors, a bad hosted-view channel, a client that does not read. The runtime loads the
    /// page again (at most once in five minutes) and otherwise waits a minute between tries.
    case policyViolation = 1008
    /// A message over the size limit.
    case messageTooBig = 1009
    /// The server is full (its memory budget for pages): try again with backoff.
    case tryAgainLater = 1013
    /// The same session joined from another socket (the page reconnected on a new one, or a
    /// copy of it took it over): this socket is done. The runtime does not take it back by
    /// itself (the copies would take it from each other in turn): it says the page is open in
    /// another window, and reconnects when the user comes back to it.
    case openedElsewhere = 4000
    /// An expired token tried to bring back a page that is open on another socket: reconnect
    /// later with backoff.
    case sessionInUse = 4001
    /// The page's sign-in ended: the runtime loads the page's URL again.
    case signedOut = 4002
}
