import Foundation

/// Per-websocket bookkeeping: the rate limit and the violation count.
@MainActor
final class ConnectionState {
    let connection: Connection
    let rate: TokenBucket
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
    private var tokens: Double
    private var last = Date()

    init(rate: Double) {
        self.rate = rate
        tokens = rate * 2
    }

    func take() -> Bool {
        let now = Date()
        tokens = min(rate * 2, tokens + now.timeIntervalSince(last) * rate)
        last = now
        guard tokens >= 1 else { return false }
        tokens -= 1
        return true
    }
}
