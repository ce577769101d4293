import Foundation
import Synchronization

/// The signed-in sessions of one server: a random id in a signed, `HttpOnly` cookie
/// (`jw_signin`) stands for a user until it ends: at sign-out, after `lifetime`, or when the
/// app ends every sign-in of a user. Kept in the data folder (0600), so a restart signs nobody
/// out, and a signed-out cookie stays refused even if someone kept a copy.
///
/// Any thread: pages are rendered on the main actor, but their cookies are read on the
/// service thread.
final class SignIns: Sendable {
    struct Entry: Codable, Equatable {
        let user: String
        let expires: Date
    }

    static let cookieName = "jw_signin"
    /// More than this many live sign-ins: the oldest end first (a flood of sign-ins cannot
    /// grow the store without bound).
    static let maxEntries = 100_000

    private let entries: Mutex<[String: Entry]>
    private let file: String?
    /// Writes the store in the order it changed, off the lock (a large store must not hold up
    /// the service thread, which reads sign-ins for every page and upgrade).
    private let writer = DispatchQueue(label: "jetway.signins")
    let lifetime: TimeInterval

    /// `dataDirectory` nil: kept in memory only (tests).
    init(dataDirectory: String?, lifetime: TimeInterval) {
        self.lifetime = lifetime
        file = dataDirectory.map { URL(fileURLWithPath: $0).appendingPathComponent("signins.json").path }
        var loaded: [String: Entry] = [:]
        if let file, let data = FileManager.default.contents(atPath: file) {
            if let decoded = try? JSONDecoder().decode([String: Entry].self, from: data) {
                loaded = decoded
            } else {
                Log.warn("signins_unreadable", ["file": file, "effect": "everyone signs in again"])
            }
        }
        let now = Date()
        entries = Mutex(loaded.filter { $0.value.expires > now })
    }

    /// Starts a sign-in for `user`; returns the id its cookie carries.
    func start(user: String, now: Date = Date()) -> String {
        let id = SessionToken.newSessionID() + SessionToken.newSessionID()
        entries.withLock { entries in
            if entries.count >= Self.maxEntries {
                for (key, _) in entries.sorted(by: { $0.value.expires < $1.value.expires }).prefix(entries.count - Self.maxEntries + 1) {
                    entries.removeValue(forKey: key)
                }
            }
            entries[id] = Entry(user: user, expires: now.addingTimeInterval(lifetime))
            save(entries)
        }
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
        entries.withLock { entries in
            guard entries.removeValue(forKey: id) != nil else { return false }
            save(entries)
            return true
        }
    }

    /// Ends every sign-in of `user` (a changed password, a removed account); returns their ids.
    func endAll(user: String) -> [String] {
        entries.withLock { entries in
            let ids = entries.filter { $0.value.user == user }.map(\.key)
            for id in ids { entries.removeValue(forKey: id) }
            if !ids.isEmpty { save(entries) }
            return ids
        }
    }

    /// Drops the sign-ins that have expired; returns their ids.
    func expire(now: Date = Date()) -> [String] {
        entries.withLock { entries in
            let ids = entries.filter { $0.value.expires <= now }.map(\.key)
            for id in ids { entries.removeValue(forKey: id) }
            if !ids.isEmpty { save(entries) }
            return ids
        }
    }

    var count: Int { entries.withLock { $0.count } }

    /// Under the lock: queues the store as it is now to be written (in order, on `writer`).
    private func save(_ entries: [String: Entry]) {
        guard let file else { return }
        writer.async { Self.write(entries, to: file) }
    }

    /// Waits until every change so far is on disk.
    func flushWrites() {
        writer.sync {}
    }

    /// The whole store, written to a temporary file and renamed over the old one, so a crash
    /// leaves one or the other, never half of one.
    private static func write(_ entries: [String: Entry], to file: String) {
        do {
            let data = try JSONEncoder().encode(entries)
            let directory = (file as NSString).deletingLastPathComponent
            try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
            let temporary = file + ".tmp"
            guard FileManager.default.createFile(atPath: temporary, contents: data, attributes: [.posixPermissions: 0o600]) else {
                throw CocoaError(.fileWriteUnknown)
            }
            guard rename(temporary, file) == 0 else { throw CocoaError(.fileWriteUnknown) }
        } catch {
            Log.error("signins_not_saved", ["file": file, "error": String(describing: error)])
        }
    }
}
