import Foundation

/// Failed sign-ins counted per user name and per client address, and how long each must wait
/// before the next try: a few free failures, then a delay that doubles with each further one (up
/// to `maximumDelay`), forgotten after `window` without failures. A success clears the user's
/// count, not the address's (so an attacker cannot reset it with an account of their own).
///
/// ```swift
/// switch throttle.check(user: name, address: request.address) {
/// case .wait(let seconds): return .text("Too many attempts; try again in \(seconds) s", status: 429)
/// case .allowed: break
/// }
/// if await Passwords.verify(password, against: stored) { throttle.succeeded(user: name) }
/// else { throttle.failed(user: name, address: request.address) }
/// ```
///
/// Memory is bounded: at most `maximumEntries` names and as many addresses; past that the
/// entries whose window has passed go first, then the oldest.
public final class SignInThrottle: @unchecked Sendable {
    public struct Policy: Sendable {
        /// Failures a user name may have before each further try waits.
        public var freeFailuresPerUser = 5
        /// Failures one address may have, over all names, before it waits.
        public var freeFailuresPerAddress = 20
        /// The wait after the first failure over the free ones; it doubles with each more.
        public var firstDelay: TimeInterval = 1
        public var maximumDelay: TimeInterval = 15 * 60
        /// A count is forgotten this long after its last failure.
        public var window: TimeInterval = 15 * 60
        public var maximumEntries = 100_000
        public init() {}
    }

    public enum Decision: Equatable, Sendable {
        case allowed
        /// Whole seconds until the next try is allowed.
        case wait(seconds: Int)
    }

    private struct Entry {
        var failures: Int
        var lastFailure: Date
        var blockedUntil: Date
    }

    public let policy: Policy
    private let now: @Sendable () -> Date
    private let lock = NSLock()
    private var users: [String: Entry] = [:]
    private var addresses: [String: Entry] = [:]

    public init(policy: Policy = Policy(), now: @escaping @Sendable () -> Date = { Date() }) {
        self.policy = policy
        self.now = now
    }

    /// Whether a sign-in for `user` from `address` may be tried now.
    public func check(user: String, address: String) -> Decision {
        let time = now()
        lock.lock()
        defer { lock.unlock() }
        let until = max(
            Self.blocked(users[Self.normalized(user)], at: time, window: policy.window),
            Self.blocked(addresses[address], at: time, window: policy.window))
        guard until > time else { return .allowed }
        return .wait(seconds: Int(until.timeIntervalSince(time).rounded(.up)))
    }

    /// Counts a failed sign-in (a wrong password, or a name that does not exist).
    public func failed(user: String, address: String) {
        let time = now()
        lock.lock()
        defer { lock.unlock() }
        record(&users, Self.normalized(user), free: policy.freeFailuresPerUser, at: time)
        record(&addresses, address, free: policy.freeFailuresPerAddress, at: time)
    }

    /// A correct password: the name starts afresh.
    public func succeeded(user: String) {
        lock.lock()
        defer { lock.unlock() }
        users[Self.normalized(user)] = nil
    }

    /// How many names and addresses are being counted (for tests and metrics).
    public var counted: (users: Int, addresses: Int) {
        lock.lock()
        defer { lock.unlock() }
        return (users.count, addresses.count)
    }

    static func normalized(_ user: String) -> String {
        String(user.trimmingCharacters(in: .whitespacesAndNewlines).lowercased().prefix(256))
    }

    private static func blocked(_ entry: Entry?, at time: Date, window: TimeInterval) -> Date {
        guard let entry, time.timeIntervalSince(entry.lastFailure) <= window else { return .distantPast }
        return entry.blockedUntil
    }

    private func record(_ table: inout [String: Entry], _ key: String, free: Int, at time: Date) {
        var entry = table[key] ?? Entry(failures: 0, lastFailure: time, blockedUntil: .distantPast)
        if time.timeIntervalSince(entry.lastFailure) > policy.window { entry.failures = 0 }
        entry.failures += 1
        entry.lastFailure = time
        if entry.failures > free {
            let doublings = Double(min(entry.failures - free - 1, 30))
            entry.blockedUntil = time.addingTimeInterval(min(policy.maximumDelay, policy.firstDelay * pow(2, doublings)))
        }
        if table[key] == nil && table.count >= policy.maximumEntries { prune(&table, at: time) }
        table[key] = entry
    }

    /// Makes room: entries whose window has passed, then the oldest, down to 90 % of the limit.
    private func prune(_ table: inout [String: Entry], at time: Date) {
        table = table.filter { time.timeIntervalSince($0.value.lastFailure) <= policy.window }
        let target = policy.maximumEntries * 9 / 10
        guard table.count > target else { return }
        let oldest = table.sorted { $0.value.lastFailure < $1.value.lastFailure }.prefix(table.count - target)
        for (key, _) in oldest { table[key] = nil }
    }
}
