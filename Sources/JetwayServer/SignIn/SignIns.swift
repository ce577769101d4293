import Foundation
import Jetway
import JetwayRoutes
import Synchronization

/// The signed-in sessions of one server: a random id in a signed, `HttpOnly` cookie
/// (`jw_signin`) stands for a user until it ends: at sign-out, after `lifetime`, or when the
/// app ends every sign-in of a user. Every live sign-in is held here, in memory, and kept in a
/// `SignInStore` (a file in the data folder by default, or a table several processes share),
/// so a restart signs nobody out, and a signed-out cookie stays refused even if someone kept a
/// copy.
///
/// Cookies are checked on the service thread against the memory copy only; pages are rendered
/// on the main actor. The store is written in the order the sign-ins changed, on a queue of
/// its own (a slow disk or database must not hold up either). A write the store refused (a
/// full disk, a database away) is kept and tried again before every later write and every
/// read: until it is in, a sign-out here stays a sign-out (a read of the store does not bring
/// the sign-in back), and a sign-in made here stays.
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
    /// The writer queue's: changes the store has not taken yet, by id (a record to insert, or
    /// nil: to remove), in the order they were made.
    private let unsaved = Mutex<[(id: String, record: SignInRecord?)]>([])
    /// Other processes' changes heard, until this goes.
    private let following = Mutex<AnyCancellable?>(nil)

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
        // The ones that ended while the server was away leave the store too.
        let expired = loaded.filter { $0.value.expires <= now }.map(\.key)
        if !expired.isEmpty { keep(expired.map { ($0, nil) }) }
    }

    /// Main actor, once the server runs: sign-ins other processes change are read again, and
    /// `ended` hears of each that ended there.
    @MainActor
    func follow(ended: @escaping @MainActor @Sendable (String) -> Void) {
        self.ended.withLock { $0 = ended }
        let watch = store.observeChanges { [weak self] ids in self?.reread(ids) }
        following.withLock { $0 = watch }
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
        keep(evicted.map { ($0, nil) } + [(id, record)])
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
        keep([(id, nil)])
        return true
    }

    /// Ends every sign-in of `user` (a changed password, a removed account); returns the ids
    /// that were live here. One another process started before now and this one has not heard
    /// of yet (its notice on the way, or lost with the database connection) ends too, a moment
    /// later: the store is read whole once these removals are in, and `ended` hears of each.
    func endAll(user: String, now: Date = Date()) -> [String] {
        let ids = entries.withLock { entries in
            let ids = entries.filter { $0.value.user == user }.map(\.key)
            for id in ids { entries.removeValue(forKey: id) }
            return ids
        }
        keep(ids.map { ($0, nil) })
        // A file is this process's alone: it holds nothing this process has not heard of.
        guard !(store is SignInFile) else { return ids }
        // A sign-in that expires by then started by `now` (every process gives the same lifetime
        // and keeps the same time; one started a moment after on a clock behind ends too).
        let startedBy = now.addingTimeInterval(lifetime)
        let known = Set(ids)
        writer.async { self.endUnheard(of: user, expiringBy: startedBy, besides: known, attempt: 0) }
        return ids
    }

    /// The writer queue: ends the sign-ins of `user` the store holds that expire by `limit`,
    /// apart from `known` (ended already).
    private func endUnheard(of user: String, expiringBy limit: Date, besides known: Set<String>, attempt: Int) {
        save()
        let all: [String: SignInRecord]
        do {
            all = try store.loadAll()
        } catch {
            Log.warn("signins_not_reread", ["error": String(describing: error), "attempt": attempt + 1])
            writer.asyncAfter(deadline: .now() + min(30, 0.5 * pow(2, Double(min(attempt, 6))))) {
                self.endUnheard(of: user, expiringBy: limit, besides: known, attempt: attempt + 1)
            }
            return
        }
        let found = all.filter { $0.value.user == user && $0.value.expires <= limit && !known.contains($0.key) }.map(\.key)
        guard !found.isEmpty else { return }
        entries.withLock { entries in
            for id in found { entries.removeValue(forKey: id) }
        }
        keep(found.map { ($0, nil) })
        report(ended: found)
    }

    /// Drops the sign-ins that have expired; returns their ids.
    func expire(now: Date = Date()) -> [String] {
        let ids = entries.withLock { entries in
            let ids = entries.filter { $0.value.expires <= now }.map(\.key)
            for id in ids { entries.removeValue(forKey: id) }
            return ids
        }
        keep(ids.map { ($0, nil) })
        return ids
    }

    var count: Int { entries.withLock { $0.count } }

    /// Changes the store has not taken yet (a write it refused waits for the next attempt).
    var unsavedCount: Int { unsaved.withLock { $0.count } }

    /// Waits until every change so far has been offered to the store.
    func flushWrites() {
        writer.sync {}
    }

    /// Queues changes for the store, after the ones before them.
    private func keep(_ changes: [(id: String, record: SignInRecord?)]) {
        guard !changes.isEmpty else { return }
        unsaved.withLock { $0.append(contentsOf: changes) }
        writer.async { self.save() }
    }

    /// The writer queue: offers the store every change it has not taken, in order; stops at
    /// the first it refuses (tried again with the next change, or the next read).
    private func save() {
        while let next = unsaved.withLock({ $0.first }) {
            do {
                if let record = next.record { try store.insert(next.id, record) } else { try store.remove([next.id]) }
            } catch {
                Log.error(
                    "signins_not_saved", ["error": String(describing: error), "waiting": unsavedCount, "effect": "tried again later"])
                return
            }
            unsaved.withLock { _ = $0.removeFirst() }
        }
    }

    /// Another process changed these sign-ins (nil: any, as after the database came back).
    /// Read on the writer queue, after this process's own changes (offered again first: a
    /// database that is back takes them now), so neither the service thread nor the main
    /// actor waits for the store; each that was live here and is gone there has ended.
    @MainActor
    func reread(_ ids: Set<String>?) {
        writer.async { self.readAgain(ids, attempt: 0) }
    }

    private func readAgain(_ ids: Set<String>?, attempt: Int) {
        save()
        let read = Result { try ids.map { try store.records($0) } ?? store.loadAll() }
        guard case .success(let kept) = read else {
            // Read again a little later: a sign-out made elsewhere must not go unheard.
            if case .failure(let error) = read {
                Log.warn("signins_not_reread", ["error": String(describing: error), "attempt": attempt + 1])
            }
            writer.asyncAfter(deadline: .now() + min(30, 0.5 * pow(2, Double(min(attempt, 6))))) {
                self.readAgain(ids, attempt: attempt + 1)
            }
            return
        }
        let now = Date()
        // What this process changed and the store has not taken yet is this process's word.
        let mine = Set(unsaved.withLock { $0.map(\.id) })
        let gone = entries.withLock { entries in
            let asked = ids ?? Set(entries.keys).union(kept.keys)
            var gone: [String] = []
            for id in asked where !mine.contains(id) {
                if let record = kept[id], record.expires > now {
                    entries[id] = record
                } else if entries.removeValue(forKey: id) != nil {
                    gone.append(id)
                }
            }
            return gone
        }
        report(ended: gone)
    }

    /// Tells the main actor's `ended` of sign-ins that ended elsewhere or out of sight.
    private func report(ended ids: [String]) {
        guard !ids.isEmpty else { return }
        Task { @MainActor in
            guard let ended = self.ended.withLock({ $0 }) else { return }
            for id in ids { ended(id) }
        }
    }
}
