import Foundation
import JetwayRoutes
import Synchronization

/// The signed-in sessions of one server: a random id in a signed, `HttpOnly` cookie
/// (`jw_signin`) stands for a user until it ends: at sign-out, after `lifetime`, or when the
/// app ends every sign-in of a user. Every live sign-in is held here, in memory, and kept in a
/// `SignInStore` (a file in the data folder by default, or a table several processes share),
/// so a restart signs nobody out, and a signed-out cookie stays refused even if someone kept a
/// copy.
///
/// Any thread: pages are rendered on the main actor, but their cookies are read on the
/// service thread, which only ever reads the memory copy. The store is written in the order
/// the sign-ins changed, on a queue of its own (a slow disk or database must not hold up the
/// service thread).
final class SignIns: Sendable {
    static let cookieName = "jw_signin"
    /// More than this many live sign-ins: the oldest end first (a flood of sign-ins cannot
    /// grow the store without bound).
    static let maxEntries = 100_000

    private let entries: Mutex<[String: SignInRecord]>
    private let store: any SignInStore
    private let writer = DispatchQueue(label: "jetway.signins")
    let lifetime: TimeInterval
    /// Main actor: told of each sign-in another process ended (its open pages here sign out).
    private let ended = Mutex<(@MainActor @Sendable (String) -> Void)?>(nil)

    /// `dataDirectory` nil: kept in memory only (tests).
    convenience init(dataDirectory: String?, lifetime: TimeInterval) {
        self.init(store: SignInFile(dataDirectory: dataDirectory), lifetime: lifetime)
    }

    init(store: any SignInStore, lifetime: TimeInterval, now: Date = Date()) {
        self.store = store
        self.lifetime = lifetime
        var loaded: [String: SignInRecord] = [:]
        do {
            loaded = try store.loadAll()
        } catch {
            Log.error("signins_not_loaded", ["error": String(describing: error), "effect": "everyone signs in again"])
        }
        entries = Mutex(loaded.filter { $0.value.expires > now })
    }

    /// Main actor, once the server runs: sign-ins other processes change are read again, and
    /// `ended` hears of each that ended there.
    @MainActor
    func follow(ended: @escaping @MainActor @Sendable (String) -> Void) {
        self.ended.withLock { $0 = ended }
        store.observeChanges { [weak self] ids in self?.reread(ids) }
    }

    /// Starts a sign-in for `user`; returns the id its cookie carries.
    func start(user: String, now: Date = Date()) -> String {
        let id = SessionToken.newSessionID() + SessionToken.newSessionID()
        let record = SignInRecord(user: user, expires: now.addingTimeInterval(lifetime))
        let evicted = entries.withLock { entries in
            var evicted: [String] = []
            if entries.count >= Self.maxEntries {
                evicted = entries.sorted(by: { $0.value.expires < $1.value.expires }).prefix(entries.count - Self.maxEntries + 1).map(\.key)
                for key in evicted { entries.removeValue(forKey: key) }
            }
            entries[id] = record
            return evicted
        }
        if !evicted.isEmpty { keep { try $0.remove(evicted) } }
        keep { try $0.insert(id, record) }
        return id
    }

    /// The user a sign-in stands for, or nil when it has ended (or never was). An expired one
    /// is left for `expire(now:)`, so the sweep still ends its open pages.
    func user(for id: String, now: Date = Date()) -> String? {
        entries.withLock { entries in
            guard let entry = entries[id], entry.expires > now else { return nil }
            return entry.user
        }
    }

    /// Ends one sign-in (sign-out). Returns whether it was live.
    @discardableResult
    func end(_ id: String) -> Bool {
        guard entries.withLock({ $0.removeValue(forKey: id) }) != nil else { return false }
        keep { try $0.remove([id]) }
        return true
    }

    /// Ends every sign-in of `user` (a changed password, a removed account); returns their ids.
    func endAll(user: String) -> [String] {
        let ids = entries.withLock { entries in
            let ids = entries.filter { $0.value.user == user }.map(\.key)
            for id in ids { entries.removeValue(forKey: id) }
            return ids
        }
        if !ids.isEmpty { keep { try $0.remove(ids) } }
        return ids
    }

    /// Drops the sign-ins that have expired; returns their ids.
    func expire(now: Date = Date()) -> [String] {
        let ids = entries.withLock { entries in
            let ids = entries.filter { $0.value.expires <= now }.map(\.key)
            for id in ids { entries.removeValue(forKey: id) }
            return ids
        }
        if !ids.isEmpty { keep { try $0.remove(ids) } }
        return ids
    }

    var count: Int { entries.withLock { $0.count } }

    /// Waits until every change so far is in the store.
    func flushWrites() {
        writer.sync {}
    }

    /// Queues a write to the store, after the ones before it.
    private func keep(_ write: @escaping @Sendable (any SignInStore) throws -> Void) {
        let store = store
        writer.async {
            do {
                try write(store)
            } catch {
                Log.error("signins_not_saved", ["error": String(describing: error)])
            }
        }
    }

    /// Main actor: another process changed these sign-ins (nil: any). They are read again
    /// after this process's own writes so far (so a sign-in just started here is not read as
    /// missing), and each that was live here and is gone there has ended.
    @MainActor
    func reread(_ ids: Set<String>?, now: Date = Date()) {
        let store = store
        let read: Result<[String: SignInRecord], any Error> = writer.sync {
            Result { try ids.map { try store.records($0) } ?? store.loadAll() }
        }
        guard case .success(let kept) = read else {
            if case .failure(let error) = read { Log.warn("signins_not_reread", ["error": String(describing: error)]) }
            return
        }
        let gone = entries.withLock { entries in
            let asked = ids ?? Set(entries.keys).union(kept.keys)
            var gone: [String] = []
            for id in asked {
                if let record = kept[id], record.expires > now {
                    entries[id] = record
                } else if entries.removeValue(forKey: id) != nil {
                    gone.append(id)
                }
            }
            return gone
        }
        guard !gone.isEmpty, let ended = ended.withLock({ $0 }) else { return }
        for id in gone { ended(id) }
    }
}
