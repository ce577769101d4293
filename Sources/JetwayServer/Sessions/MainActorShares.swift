/// How much of the main actor each client address and each session has used lately, so that
/// none takes more than its share: every page's events and renders run there, and twenty pages
/// typing from one address would otherwise leave a bystander's page load waiting seconds.
///
/// Work is charged as it is done (a drain of a page's messages, a page's first render); the
/// charge decays at the key's share of real time (0.3: three tenths of a second each second).
/// Past its `allowance`, a key waits until its charge has decayed back under it: its messages
/// stay queued (and coalesce, `InboundCoalescing`), the others run.
///
/// ```swift
/// var shares = MainActorShares(policy: .init())
/// shares.charge(.milliseconds(400), to: ["a:10.0.0.1"], at: now)
/// shares.wait(for: ["a:10.0.0.1"], at: now)   // .milliseconds(333): 100 ms over, at 0.3
/// ```
struct MainActorShares {
    struct Policy {
        /// The part of each second one address may use, over all its pages.
        var perAddress = 0.3
        /// The part of each second one session (a page) may use.
        var perSession = 0.2
        /// What a key may use at once before it waits (a burst of typing, a page's first render).
        var allowance: Duration = .milliseconds(250)
        /// Keys remembered at most; idle ones are forgotten first.
        var maximumKeys = 100_000
    }

    private struct Balance {
        var charge: Duration
        var at: ContinuousClock.Instant
    }

    let policy: Policy
    private var balances: [String: Balance] = [:]

    init(policy: Policy) {
        self.policy = policy
    }

    static func addressKey(_ address: String) -> String { "a:" + address }
    static func sessionKey(_ id: String) -> String { "s:" + id }

    /// Keys remembered now (for tests and stats).
    var count: Int { balances.count }

    /// How long the work of these keys must wait, or nil when it may run now.
    func wait(for keys: [String], at now: ContinuousClock.Instant) -> Duration? {
        var longest: Duration?
        for key in keys {
            guard let balance = balances[key] else { continue }
            let rate = share(of: key)
            let charge = decayed(balance, at: now, rate: rate)
            guard charge > policy.allowance else { continue }
            let wait = (charge - policy.allowance) / rate
            if wait > (longest ?? .zero) { longest = wait }
        }
        return longest
    }

    /// Work of `duration` was done for these keys.
    mutating func charge(_ duration: Duration, to keys: [String], at now: ContinuousClock.Instant) {
        for key in keys {
            let rate = share(of: key)
            let before = balances[key].map { decayed($0, at: now, rate: rate) } ?? .zero
            if balances[key] == nil && balances.count >= policy.maximumKeys { forgetIdle(at: now) }
            balances[key] = Balance(charge: before + duration, at: now)
        }
    }

    private func share(of key: String) -> Double {
        key.hasPrefix("s:") ? policy.perSession : policy.perAddress
    }

    private func decayed(_ balance: Balance, at now: ContinuousClock.Instant, rate: Double) -> Duration {
        guard now > balance.at else { return balance.charge }
        let paid = (now - balance.at) * rate
        return paid >= balance.charge ? .zero : balance.charge - paid
    }

    /// Forgets a key (a session that ended).
    mutating func forget(_ key: String) { balances.removeValue(forKey: key) }

    /// Forgets the keys whose charge has decayed away (and, if that is not enough, half of all).
    mutating func forgetIdle(at now: ContinuousClock.Instant) {
        balances = balances.filter { decayed($0.value, at: now, rate: share(of: $0.key)) > .zero }
        if balances.count >= policy.maximumKeys {
            balances = Dictionary(uniqueKeysWithValues: balances.prefix(policy.maximumKeys / 2).map { ($0.key, $0.value) })
        }
    }
}
