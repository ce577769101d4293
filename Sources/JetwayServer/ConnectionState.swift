import Foundation

/// Per-websocket bookkeeping: the rate limits and the violation count.
@MainActor
final class ConnectionState {
    let connection: Connection
    let rate: TokenBucket
    /// Joins and resyncs each send (or may send) the whole page: a few a minute at most.
    let fullPages = TokenBucket(rate: 0.1, burst: 4)
    var violations = 0

    init(connection: Connection, rate: TokenBucket) {
        self.connection = connection
        self.rate = rate
    }
}

/// Allows `rate` events per second on average and bursts of twice that.
@MainActor
final class TokenBucket {
    private let rate: Double
    private let burst: Double
    private var tokens: Double
    private var last = Date()

    /// `burst` defaults to two seconds' worth.
    init(rate: Double, burst: Double? = nil) {
        self.rate = rate
        self.burst = burst ?? rate * 2
        tokens = self.burst
    }

    func take() -> Bool {
        let now = Date()
        tokens = min(burst, tokens + now.timeIntervalSince(last) * rate)
        last = now
        guard tokens >= 1 else { return false }
        tokens -= 1
        return true
    }
}
