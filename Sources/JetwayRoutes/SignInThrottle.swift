import Foundation

/// Sign-in tries counted before their passwords are checked, and how long each must wait: a
/// few free failures, then a delay that doubles with each further one (up to `maximumDelay`),
/// forgotten after `window` without failures.
///
/// Every try counts as a failure from the moment it is let through (`begin`) until the app says
/// it succeeded, so a burst of a hundred wrong passwords sent at once gets only the allowance
/// checked, not a hundred scrypt runs. What is counted, and who waits:
/// - a name **from one address**, and a name **from one device** (the signed `jw_device`
///   cookie): a few free failures each, so one attacker cannot lock a colleague out by trying
///   her name — she signs in from her own address and device;
/// - one address **over all names** (an attacker trying many names);
/// - a name **over all addresses** (a password guessed from many machines at once): a larger
///   allowance, which never holds up a device the name signed in from before.
///
/// ```swift
/// switch throttle.begin(user: name, address: request.remoteAddress, device: request.device) {
/// case .wait(let seconds): return .text("Too many attempts; try again in \(seconds) s", status: 429)
/// case .allowed(let attempt):
///     if await Passwords.verify(password, against: stored) { throttle.succeeded(attempt) }
/// }
/// ```
///
/// Memory is bounded: at most `maximumEntries` entries in each table; past that the entries
/// whose window has passed go first, then the oldest.
public final class SignInThrottle: @unchecked Sendable {
    /// How many failures are free, how long the waits after them grow, and how much it remembers.
    public struct Policy: Sendable {
        /// Failures one name may have from one address (and from one device) before each further
        /// try from there waits.
        public var freeFailuresPerUser = 5
        /// Failures one address may have, over all names, before it waits.
        public var freeFailuresPerAddress = 20
        /// Failures one name may have over all addresses before tries from devices it never
        /// signed in from wait.
        public var freeFailuresPerUserOverall = 100
        /// The wait after the first failure over the free ones; it doubles with each more.
        public var firstDelay: TimeInterval = 1
        /// The longest wait, however many failures.
        public var maximumDelay: TimeInterval = 15 * 60
        /// A count is forgotten this long after its last failure.
        public var window: TimeInterval = 15 * 60
        /// Entries each of its tables keeps at most (see the type's note on memory).
        public var maximumEntries = 100_000
        /// Devices remembered per name as ones it signed in from.
        public var knownDevicesPerUser = 16
        /// The defaults above.
        public init() {}
    }

    /// A try that was let through, counted as a failure until `succeeded(_:)`.
    public struct Attempt: Equatable, Sendable {
        let user: String
        let address: String
        let device: String?
        let fromKnownDevice: Bool
    }

    /// Whether a try may check its password now.
    public enum Decision: Equatable, Sendable {
        /// The try may check its password; report how it went with this attempt.
        case allowed(Attempt)
        /// Whole seconds until the next try is allowed; this one was not counted.
        case wait(seconds: Int)
    }

    private struct Entry {
        var failures: Int
        var lastFailure: Date
        var blockedUntil: Date
    }

    /// The policy it applies.
    public let policy: Policy
    private let now: @Sendable () -> Date
    private let lock = NSLock()
    private var byUserAndAddress: [String: Entry] = [:]
    private var byUserAndDevice: [String: Entry] = [:]
    private var byAddress: [String: Entry] = [:]
    private var byUser: [String: Entry] = [:]
    /// Devices each name signed in from, most recent last.
    private var knownDevices: [String: [String]] = [:]

    /// A throttle with nothing counted yet; `now` is its clock (tests move it).
    public init(policy: Policy = Policy(), now: @escaping @Sendable () -> Date = { Date() }) {
        self.policy = policy
        self.now = now
    }

    /// Whether a sign-in for `user` from `address` (and `device`, the browser's device id when
    /// it has one) may be tried now; if so, it is counted as a failure until `succeeded`.
    public func begin(user: String, address: String, device: String? = nil) -> Decision {
        let time = now()
        let name = Self.normalized(user)
        lock.lock()
        defer { lock.unlock() }
        let known = device.map { knownDevices[name]?.contains($0) == true } ?? false
        var until = max(
            Self.blocked(byUserAndAddress[name + "\u{0}" + address], at: time, window: policy.window),
            Self.blocked(byAddress[address], at: time, window: policy.window))
        if let device { until = max(until, Self.blocked(byUserAndDevice[name + "\u{0}" + device], at: time, window: policy.window)) }
        if !known { until = max(until, Self.blocked(byUser[name], at: time, window: policy.window)) }
        guard until <= time else { return .wait(seconds: Int(until.timeIntervalSince(time).rounded(.up))) }
        record(&byUserAndAddress, name + "\u{0}" + address, free: policy.freeFailuresPerUser, at: time)
        record(&byAddress, address, free: policy.freeFailuresPerAddress, at: time)
        record(&byUser, name, free: policy.freeFailuresPerUserOverall, at: time)
        if let device { record(&byUserAndDevice, name + "\u{0}" + device, free: policy.freeFailuresPerUser, at: time) }
        return .allowed(Attempt(user: name, address: address, device: device, fromKnownDevice: known))
    }

    /// The password was right: the name starts afresh from that address and device, the try is
    /// taken back from the address's and the name's counts, and the device is remembered as
    /// one the name signs in from.
    public func succeeded(_ attempt: Attempt) {
        lock.lock()
        defer { lock.unlock() }
        byUserAndAddress[attempt.user + "\u{0}" + attempt.address] = nil
        takeBack(&byAddress, attempt.address, free: policy.freeFailuresPerAddress)
        takeBack(&byUser, attempt.user, free: policy.freeFailuresPerUserOverall)
        guard let device = attempt.device else { return }
        byUserAndDevice[attempt.user + "\u{0}" + device] = nil
        var devices = knownDevices[attempt.user, default: []].filter { $0 != device }
        devices.append(device)
        knownDevices[attempt.user] = Array(devices.suffix(policy.knownDevicesPerUser))
        if knownDevices.count > policy.maximumEntries, let some = knownDevices.keys.first(where: { $0 != attempt.user }) {
            knownDevices[some] = nil
        }
    }

    /// How many names and addresses are being counted (for tests and metrics).
    public var counted: (users: Int, addresses: Int) {
        lock.lock()
        defer { lock.unlock() }
        return (byUser.count, byAddress.count)
    }

    static func normalized(_ user: String) -> String {
        String(user.trimmingCharacters(in: .whitespacesAndNewlines).lowercased().prefix(256))
    }

    private static func blocked(_ entry: Entry?, at time: Date, window: TimeInterval) -> Date {
        guard let entry, time.timeIntervalSince(entry.lastFailure) <= window else { return .distantPast }
        return entry.blockedUntil
    }

    /// The wait after `failures`: none before the free ones are used up, so exactly `free`
    /// tries are let through before the first wait.
    private func delay(after failures: Int, free: Int) -> TimeInterval? {
        guard failures >= free else { return nil }
        return min(policy.maximumDelay, policy.firstDelay * pow(2, Double(min(failures - free, 30))))
    }

    private func record(_ table: inout [String: Entry], _ key: String, free: Int, at time: Date) {
        var entry = table[key] ?? Entry(failures: 0, lastFailure: time, blockedUntil: .distantPast)
        if time.timeIntervalSince(entry.lastFailure) > policy.window { entry.failures = 0 }
        entry.failures += 1
        entry.lastFailure = time
        if let delay = delay(after: entry.failures, free: free) { entry.blockedUntil = time.addingTimeInterval(delay) }
        if table[key] == nil && table.count >= policy.maximumEntries { prune(&table, at: time) }
        table[key] = entry
    }

    /// Undoes one counted failure (a try that turned out right).
    private func takeBack(_ table: inout [String: Entry], _ key: String, free: Int) {
        guard var entry = table[key] else { return }
        entry.failures -= 1
        guard entry.failures > 0 else {
            table[key] = nil
            return
        }
        entry.blockedUntil = delay(after: entry.failures, free: free).map { entry.lastFailure.addingTimeInterval($0) } ?? .distantPast
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
