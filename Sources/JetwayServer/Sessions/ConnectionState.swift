import Foundation

/// Per-websocket bookkeeping: the rate limits and the violation count.
@MainActor
final class ConnectionState {
    let connection: Connection
    let rate: TokenBucket
    /// Joins and resyncs each send (or may send) the whole page: a few a minute at most.
    let fullPages = TokenBucket(rate: 0.1, burst: 4)
    var violations = 0
    /// Its address's key in `MainActorShares`, made once.
    let addressShareKey: String

    init(connection: Connection, rate: TokenBucket) {
        self.connection = connection
        self.rate = rate
        self.addressShareKey = MainActorShares.addressKey(connection.address)
    }
}

/// Allows `rate` events per second on average and bursts of twice that, counted by when each
/// message arrived (not when the main actor handled it).
@MainActor
final class TokenBucket {
    private let rate: Double
    private let burst: Double
    private var tokens: Double
    private var last = ContinuousClock.now

    /// `burst` defaults to two seconds' worth.
    init(rate: Double, burst: Double? = nil) {
        self.rate = rate
        self.burst = burst ?? rate * 2
        tokens = self.burst
    }

    /// `count` tokens (one event's, or a `sizes` message's share) for a message that arrived at `arrived`. Messages of several connections (a
    /// page's joins) may come out of order: an earlier one refills nothing.
    func take(at arrived: ContinuousClock.Instant, count: Int = 1) -> Bool {
        if arrived > last {
            tokens = min(burst, tokens + (arrived - last) / .seconds(1) * rate)
            last = arrived
        }
        guard tokens >= Double(count) else { return false }
        tokens -= Double(count)
        return true
    }
}
