import CCrypto
import Dispatch
import Foundation

/// Password hashes for a sign-in: scrypt from libcrypto with a random salt per password, stored
/// as one self-describing string, and compared in constant time.
///
/// ```swift
/// let stored = try await Passwords.hash("correct horse battery staple")   // "$scrypt$ln=14,r=8,p=1$…$…"
/// if await Passwords.verify(typed, against: stored) { … }
/// ```
///
/// scrypt is slow and takes memory on purpose (ln=14, r=8: ~16 MB and tens of milliseconds
/// each), so it never runs on the main actor, and at most one per core runs at a time: a flood of
/// sign-ins waits its turn instead of taking the machine's memory. A stored hash that cannot be
/// read, or that asks for more work than `maximumCost` allows, verifies as false; it never
/// crashes or runs away.
public enum Passwords {
    /// The cost new hashes get: N = 2^ln, block size r, parallelism p.
    public struct Cost: Sendable, Equatable {
        /// log₂ of N, scrypt's CPU and memory cost.
        public var ln: Int
        /// scrypt's block size.
        public var r: Int
        /// scrypt's parallelism.
        public var p: Int
        /// A cost of N = 2^ln, block size r, parallelism p.
        public init(ln: Int, r: Int, p: Int) {
            self.ln = ln
            self.r = r
            self.p = p
        }
        /// ~16 MB and tens of milliseconds on a small server core.
        public static let standard = Cost(ln: 14, r: 8, p: 1)
        /// For tests only: fast, and far too weak for real passwords.
        public static let weakForTests = Cost(ln: 4, r: 1, p: 1)

        var memory: UInt64 { 128 * (UInt64(1) << UInt64(ln)) * UInt64(r) * UInt64(p) }
    }

    /// The most work a stored hash may ask for (a bound against a tampered store).
    public static let maximumCost = Cost(ln: 20, r: 16, p: 4)
    /// Longer passwords are refused rather than hashed (a bound on the work one request causes).
    public static let maximumPasswordBytes = 1024

    /// Why a password could not be hashed.
    public enum Failure: Error, CustomStringConvertible, Equatable {
        /// The password is longer than `maximumPasswordBytes`.
        case passwordTooLong
        /// The key derivation function (libcrypt) failed.
        case kdfFailed
        /// The reason, in words.
        public var description: String {
            switch self {
            case .passwordTooLong: "the password is longer than \(Passwords.maximumPasswordBytes) bytes"
            case .kdfFailed: "scrypt failed (out of memory?)"
            }
        }
    }

    /// A new stored hash of `password` with a fresh 16-byte salt.
    public static func hash(_ password: String, cost: Cost = .standard) async throws(Failure) -> String {
        let bytes = Array(password.utf8)
        guard bytes.count <= maximumPasswordBytes else { throw .passwordTooLong }
        let salt = SecretBytes.random(16)
        guard let key = await derive(bytes, salt: salt, cost: cost) else { throw .kdfFailed }
        return "$scrypt$ln=\(cost.ln),r=\(cost.r),p=\(cost.p)$\(base64(salt))$\(base64(key))"
    }

    /// Whether `password` is the one `stored` was made from. False for a malformed hash.
    public static func verify(_ password: String, against stored: String) async -> Bool {
        let bytes = Array(password.utf8)
        guard bytes.count <= maximumPasswordBytes, let parsed = parse(stored) else {
            // The same work as a real check, so a bad hash or a long password is not faster.
            _ = await derive(Array("jetway".utf8), salt: Array(repeating: 0, count: 16), cost: .standard)
            return false
        }
        guard let key = await derive(bytes, salt: parsed.salt, cost: parsed.cost, length: parsed.key.count) else { return false }
        return SecretBytes.equal(key, parsed.key)
    }

    /// As long as a real check, for a user who does not exist: a sign-in form then takes the
    /// same time whether or not the name is known. Give the cost the app's hashes have.
    public static func verifyUnknownUser(cost: Cost = .standard) async {
        _ = await derive(Array("jetway".utf8), salt: Array(repeating: 0, count: 16), cost: cost)
    }

    static func parse(_ stored: String) -> (cost: Cost, salt: [UInt8], key: [UInt8])? {
        let parts = stored.split(separator: "$", omittingEmptySubsequences: false)
        guard parts.count == 5, parts[0].isEmpty, parts[1] == "scrypt" else { return nil }
        var values: [String: Int] = [:]
        for field in parts[2].split(separator: ",") {
            let pair = field.split(separator: "=", maxSplits: 1)
            guard pair.count == 2, pair[1].count <= 3, let value = Int(pair[1]) else { return nil }
            values[String(pair[0])] = value
        }
        guard values.count == 3, let ln = values["ln"], let r = values["r"], let p = values["p"],
            (1...maximumCost.ln).contains(ln), (1...maximumCost.r).contains(r), (1...maximumCost.p).contains(p),
            let salt = Data(base64Encoded: String(parts[3])), (8...64).contains(salt.count),
            let key = Data(base64Encoded: String(parts[4])), (16...64).contains(key.count)
        else { return nil }
        return (Cost(ln: ln, r: r, p: p), Array(salt), Array(key))
    }

    private static func base64(_ bytes: [UInt8]) -> String { Data(bytes).base64EncodedString() }

    // MARK: Running scrypt off the main actor, one per core at a time

    private static let slots = KDFSlots(count: max(1, ProcessInfo.processInfo.activeProcessorCount), maxWaiting: 256)

    /// nil when scrypt failed or too many checks are already waiting.
    private static func derive(_ password: [UInt8], salt: [UInt8], cost: Cost, length: Int = 32) async -> [UInt8]? {
        guard await slots.acquire() else { return nil }
        defer { slots.release() }
        return await withCheckedContinuation { continuation in
            DispatchQueue.global(qos: .userInitiated).async {
                var key = [UInt8](repeating: 0, count: length)
                let status = password.withUnsafeBufferPointer { pass in
                    salt.withUnsafeBufferPointer { salt in
                        pass.withMemoryRebound(to: CChar.self) { pass in
                            EVP_PBE_scrypt(
                                pass.baseAddress, pass.count, salt.baseAddress, salt.count,
                                UInt64(1) << UInt64(cost.ln), UInt64(cost.r), UInt64(cost.p), cost.memory + (1 << 20),
                                &key, length)
                        }
                    }
                }
                continuation.resume(returning: status == 1 ? key : nil)
            }
        }
    }
}

/// At most `count` key derivations at once; the rest wait in order, up to `maxWaiting` of them
/// (beyond that a check fails at once rather than queue without bound).
final class KDFSlots: @unchecked Sendable {
    private let lock = NSLock()
    private var available: Int
    private var waiting: [CheckedContinuation<Bool, Never>] = []
    private let maxWaiting: Int

    init(count: Int, maxWaiting: Int) {
        available = count
        self.maxWaiting = maxWaiting
    }

    func acquire() async -> Bool {
        await withCheckedContinuation { continuation in
            lock.lock()
            if available > 0 {
                available -= 1
                lock.unlock()
                continuation.resume(returning: true)
            } else if waiting.count < maxWaiting {
                waiting.append(continuation)
                lock.unlock()
            } else {
                lock.unlock()
                continuation.resume(returning: false)
            }
        }
    }

    func release() {
        lock.lock()
        if waiting.isEmpty {
            available += 1
            lock.unlock()
        } else {
            let next = waiting.removeFirst()
            lock.unlock()
            next.resume(returning: true)
        }
    }
}
