import Testing

@testable import JetwayServer

/// The rules sockets are admitted and timed by, with a clock of the test's own (in seconds,
/// as uptime nanoseconds): per-address caps, the server's budget and who gives way at it, and
/// the deadlines of headers and bodies.
struct SocketAdmissionTests {
    let second: UInt64 = 1_000_000_000

    func admission(perAddress: Int = 3, total: Int = 100) -> SocketAdmission<Int> {
        SocketAdmission(
            limits: .init(
                perAddress: perAddress, total: total, headersTimeout: .seconds(10), bodyTimeout: .seconds(10), minimumBodyRate: 1000))
    }

    @Test func anAddressHoldsAtMostItsShareButATrustedProxyIsNotCapped() {
        var sockets = admission(perAddress: 3)
        for key in 0..<3 { #expect(sockets.admit(key, address: "a", now: 0) == .admit) }
        #expect(sockets.admit(3, address: "a", now: 0) == .refuse(.addressFull))
        #expect(sockets.admit(4, address: "b", now: 0) == .admit)
        for key in 10..<20 { #expect(sockets.admit(key, address: "proxy", trusted: true, now: 0) == .admit) }
        // A websocket leaves its address's share of requests.
        sockets.upgraded(0)
        #expect(sockets.count(of: "a") == 2)
        #expect(sockets.admit(5, address: "a", now: 0) == .admit)
        sockets.closed(1)
        #expect(sockets.count(of: "a") == 2 && sockets.total == 14)
    }

    @Test func atTheBudgetTheHeaviestAddressGivesWayNotTheNewcomer() {
        var sockets = admission(perAddress: 10, total: 6)
        for key in 0..<5 { #expect(sockets.admit(key, address: "attacker", now: UInt64(key) * second) == .admit) }
        #expect(sockets.admit(5, address: "bystander", now: 0) == .admit)
        // Full: the bystander's next socket takes the attacker's oldest unfinished one.
        #expect(sockets.admit(6, address: "bystander", now: 0) == .admitEvicting(0))
        // (The socket given up counts until lws frees it.)
        #expect(sockets.count(of: "attacker") == 4 && sockets.total == 7)
        // The attacker cannot take the bystander's: it is the heaviest itself.
        #expect(sockets.admit(7, address: "attacker", now: 0) == .refuse(.serverFull))
        // A request being answered is not ended to make room.
        for key in [1, 2, 3, 4, 5, 6] { sockets.headersArrived(key, bodyBytes: 0, now: 0) }
        #expect(sockets.admit(8, address: "third", now: 0) == .refuse(.serverFull))
        // Answered and kept alive, it may give way again.
        sockets.answered(1, now: 0)
        #expect(sockets.admit(8, address: "third", now: 0) == .admitEvicting(1))
    }

    /// A socket given up holds its descriptor until lws frees it: it stays in the budget (so
    /// the reserve of descriptors holds) but not in its address's count, and is not given up
    /// twice.
    @Test func aSocketGivenUpCountsUntilItIsFreed() {
        var sockets = admission(perAddress: 10, total: 3)
        for key in 0..<3 { #expect(sockets.admit(key, address: "a", now: 0) == .admit) }
        #expect(sockets.admit(3, address: "b", now: 0) == .admitEvicting(0))
        #expect(sockets.total == 4 && sockets.count(of: "a") == 2 && sockets.phase(of: 0) == .closing)
        // The others are late in time; the one already given up is not given up again.
        #expect(Set(sockets.expired(now: 1000 * second)) == [1, 2, 3])
        #expect(sockets.expired(now: 2000 * second).isEmpty && sockets.total == 4)
        for key in 0..<4 { sockets.closed(key) }
        #expect(sockets.total == 0)
        // A length no route takes buys no more time than the largest body, and cannot trap.
        var lengths = admission()
        #expect(lengths.admit(9, address: "c", now: 0) == .admit)
        lengths.headersArrived(9, bodyBytes: 20_000_000_000, now: 0)
        #expect(lengths.expired(now: 10 * second + 64 * 1024 * 1024 / 1000 * second + second) == [9])
    }

    @Test func headersAndBodiesHaveDeadlinesNotOnlyPerPiece() {
        var sockets = admission()
        #expect(sockets.admit(1, address: "a", now: 0) == .admit)
        #expect(sockets.admit(2, address: "a", now: 0) == .admit)
        #expect(sockets.admit(3, address: "b", now: 0) == .admit)
        // 1 sends its headers at 5 s with a 5,000-byte body: due by 5 + 10 + 5 s.
        sockets.headersArrived(1, bodyBytes: 5000, now: 5 * second)
        // 3 sends a request without a body: it is answered, whatever the time.
        sockets.headersArrived(3, bodyBytes: 0, now: 1 * second)
        // 2 never finishes its headers.
        #expect(sockets.expired(now: 10 * second).isEmpty)
        #expect(sockets.expired(now: 11 * second) == [2])
        #expect(sockets.expired(now: 20 * second).isEmpty)
        #expect(sockets.expired(now: 21 * second) == [1])
        #expect(sockets.total == 3 && sockets.phase(of: 1) == .closing)
        sockets.closed(1)
        sockets.closed(2)
        #expect(sockets.total == 1 && sockets.phase(of: 3) == .answering)
        // Answered, its next request is due within the headers' time.
        sockets.answered(3, now: 30 * second)
        #expect(sockets.expired(now: 40 * second).isEmpty)
        #expect(sockets.expired(now: 41 * second) == [3])
        sockets.closed(3)
        // A body that arrives in time is answered, not ended.
        #expect(sockets.admit(4, address: "c", now: 50 * second) == .admit)
        sockets.headersArrived(4, bodyBytes: nil, now: 50 * second)
        sockets.bodyArrived(4)
        #expect(sockets.expired(now: 100 * second).isEmpty && sockets.phase(of: 4) == .answering)
        // A websocket has no deadline here (IdleSockets closes silent ones).
        sockets.upgraded(4)
        #expect(sockets.expired(now: 1000 * second).isEmpty && sockets.total == 1)
    }
}
