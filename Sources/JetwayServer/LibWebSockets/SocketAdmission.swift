/// Who may hold the server's sockets, and for how long: the rules the service thread applies
/// when it accepts a socket and once a second after, kept apart from lws so that a test drives
/// them with a clock of its own (`SocketAdmissionTests`).
///
/// - One client address may hold at most `perAddress` sockets that are not websockets
///   (requests arriving, being answered, or kept alive between them); websockets have a cap of
///   their own (`maxWebSocketsPerAddress`). A trusted proxy's sockets are not capped: its
///   clients are counted by their forwarded address once their requests are read.
/// - All sockets together stay under `total`, which the server sets below its descriptor limit
///   so that it never runs out (`accept: errno 24`) and goes on serving what it has. At the
///   budget a new socket takes the place of the oldest unfinished request (still arriving, or
///   idle between requests) of the address that holds the most; when that address is the new
///   socket's own, or nothing can give way, the new socket is refused.
/// - A request's headers must all arrive within `headersTimeout` of the socket's opening (or of
///   its last answer), and its body within `bodyTimeout` plus its length at `minimumBodyRate`:
///   a body dribbled a byte at a time cannot keep a socket for longer than that.
///
/// ```swift
/// var admission = SocketAdmission<Int>(limits: .init(perAddress: 2, total: 100))
/// admission.admit(1, address: "10.0.0.1", now: 0)   // .admit
/// ```
struct SocketAdmission<Key: Hashable> {
    struct Limits {
        var perAddress: Int
        var total: Int
        var headersTimeout: Duration = .seconds(10)
        var bodyTimeout: Duration = .seconds(10)
        /// Bytes a second a body must at least arrive at (on average, over the whole body).
        var minimumBodyRate = 8 * 1024
        /// The largest body any request may have (longer ones are refused unread): a declared
        /// length past it buys no more time.
        var maximumBodyBytes = 64 * 1024 * 1024
    }

    enum Phase: Equatable {
        /// Opened, or answered and kept alive: its next request's headers are due by `deadline`.
        case awaitingRequest(deadline: UInt64)
        /// Its headers are in; its body is due by `deadline`.
        case receivingBody(deadline: UInt64)
        /// All in, being answered (a render, a handler): not for the admission to end.
        case answering
        /// Upgraded: counted by the websocket cap from here on.
        case websocket
        /// Given up (made room for another, or late): still holding its descriptor until lws
        /// frees it, so still counted against the budget, and not given up twice.
        case closing
    }

    enum Decision: Equatable {
        case admit
        /// Admit it, and close this socket (already forgotten here) to make room.
        case admitEvicting(Key)
        case refuse(Refusal)
    }

    enum Refusal: Equatable {
        /// The address holds `perAddress` sockets already.
        case addressFull
        /// The server is at its budget and nothing can give way.
        case serverFull
    }

    private struct Record {
        let address: String
        let countedForAddress: Bool
        var phase: Phase
    }

    let limits: Limits
    private var records: [Key: Record] = [:]
    /// Sockets per address that are not websockets, oldest first (only uncapped ones: not a
    /// trusted proxy's).
    private var byAddress: [String: [Key]] = [:]

    init(limits: Limits) {
        self.limits = limits
    }

    /// Every socket open (websockets included).
    var total: Int { records.count }

    /// Sockets of `address` that are not websockets.
    func count(of address: String) -> Int { byAddress[address]?.count ?? 0 }

    func phase(of key: Key) -> Phase? { records[key]?.phase }

    /// A socket was accepted from `address` (`trusted`: a proxy of ours). `now` in uptime
    /// nanoseconds.
    mutating func admit(_ key: Key, address: String, trusted: Bool = false, now: UInt64) -> Decision {
        if !trusted && count(of: address) >= limits.perAddress { return .refuse(.addressFull) }
        var decision = Decision.admit
        if records.count >= limits.total {
            guard let victim = victim(besides: address, trusted: trusted) else { return .refuse(.serverFull) }
            giveUp(victim)
            decision = .admitEvicting(victim)
        }
        let deadline = now + nanoseconds(limits.headersTimeout)
        records[key] = Record(address: address, countedForAddress: !trusted, phase: .awaitingRequest(deadline: deadline))
        if !trusted { byAddress[address, default: []].append(key) }
        return decision
    }

    /// The request's headers are in; `bodyBytes` follow (0: none; nil: chunked or unknown,
    /// which gets the base time only).
    mutating func headersArrived(_ key: Key, bodyBytes: Int?, now: UInt64) {
        guard records[key] != nil else { return }
        let length = min(max(0, bodyBytes ?? 0), limits.maximumBodyBytes)
        if bodyBytes == nil || length > 0 {
            let allowed = nanoseconds(limits.bodyTimeout) + UInt64(length) * 1_000_000_000 / UInt64(max(1, limits.minimumBodyRate))
            records[key]?.phase = .receivingBody(deadline: now &+ allowed)
        } else {
            records[key]?.phase = .answering
        }
    }

    /// The body is all in: the request is being answered.
    mutating func bodyArrived(_ key: Key) {
        guard case .receivingBody = records[key]?.phase else { return }
        records[key]?.phase = .answering
    }

    /// The answer went out and the socket is kept for the next request.
    mutating func answered(_ key: Key, now: UInt64) {
        guard let phase = records[key]?.phase, phase != .websocket, phase != .closing else { return }
        let deadline = now + nanoseconds(limits.headersTimeout)
        records[key]?.phase = .awaitingRequest(deadline: deadline)
    }

    /// The socket became a websocket: it no longer counts against its address's requests.
    mutating func upgraded(_ key: Key) {
        guard let record = records[key] else { return }
        records[key]?.phase = .websocket
        if record.countedForAddress { removeFromAddress(key, record.address) }
    }

    /// The socket closed.
    mutating func closed(_ key: Key) { forget(key) }

    /// Sockets past their deadline (given up here: the caller closes them).
    mutating func expired(now: UInt64) -> [Key] {
        var late: [Key] = []
        for (key, record) in records {
            switch record.phase {
            case .awaitingRequest(let deadline), .receivingBody(let deadline):
                if now > deadline { late.append(key) }
            case .answering, .websocket, .closing: break
            }
        }
        for key in late { giveUp(key) }
        return late
    }

    /// A socket to be closed: it leaves its address's count (the address may open another),
    /// but holds its place in the budget until `closed`.
    private mutating func giveUp(_ key: Key) {
        guard let record = records[key] else { return }
        if record.countedForAddress { removeFromAddress(key, record.address) }
        records[key] = Record(address: record.address, countedForAddress: false, phase: .closing)
    }

    /// The oldest unfinished request of the address holding the most, when that is not the
    /// newcomer's (which would only trade its own sockets around).
    private func victim(besides address: String, trusted: Bool) -> Key? {
        let own = trusted ? 0 : count(of: address)
        var heaviest: (address: String, count: Int)?
        for (candidate, keys) in byAddress where keys.count > own && keys.count > (heaviest?.count ?? 0) {
            guard keys.contains(where: isUnfinished) else { continue }
            heaviest = (candidate, keys.count)
        }
        guard let heaviest else { return nil }
        return byAddress[heaviest.address]?.first(where: isUnfinished)
    }

    private func isUnfinished(_ key: Key) -> Bool {
        switch records[key]?.phase {
        case .awaitingRequest, .receivingBody: true
        default: false
        }
    }

    private mutating func forget(_ key: Key) {
        guard let record = records.removeValue(forKey: key) else { return }
        if record.countedForAddress { removeFromAddress(key, record.address) }
    }

    private mutating func removeFromAddress(_ key: Key, _ address: String) {
        guard var keys = byAddress[address], let index = keys.firstIndex(of: key) else { return }
        keys.remove(at: index)
        byAddress[address] = keys.isEmpty ? nil : keys
    }

    private func nanoseconds(_ duration: Duration) -> UInt64 {
        UInt64(max(0, duration / .nanoseconds(1)))
    }
}
