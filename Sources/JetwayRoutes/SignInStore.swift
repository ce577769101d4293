import Foundation
import Jetway

/// One sign-in as a `SignInStore` keeps it: whose it is and when it ends.
public struct SignInRecord: Codable, Sendable, Equatable {
    /// Who signed in (the name the app gave `Response.signIn(user:)`).
    public let user: String
    /// When the sign-in ends unless renewed.
    public let expires: Date

    /// A sign-in of `user` until `expires`.
    public init(user: String, expires: Date) {
        self.user = user
        self.expires = expires
    }
}

/// Where a server keeps its sign-ins (the ids in `jw_signin` cookies). The server holds every
/// live sign-in in memory and reads only that copy when it checks a cookie; the store is what
/// outlives a restart and, when it is shared, what several server processes agree on.
///
/// The default is a file in the data folder, for one process. Several processes behind one
/// proxy share a database table instead (`StoredSignIns` in JetwayStore, on the PostgreSQL the
/// app's records are in), so a sign-in made on one is honoured by all, and a sign-out on one
/// ends the sign-in on all.
///
/// The server calls `insert`, `remove` and `records` on one serial queue of its own, in the
/// order the sign-ins changed (never on the service thread that reads cookies).
public protocol SignInStore: Sendable {
    /// Every sign-in kept (the server drops those that have expired).
    func loadAll() throws -> [String: SignInRecord]
    /// These sign-ins as they are kept now: an id missing from the answer has ended.
    func records(_ ids: Set<String>) throws -> [String: SignInRecord]
    /// Keeps the sign-in `id` as `record` (replacing any kept under that id); the server calls it when a sign-in
    /// starts. When it throws, the server logs it and offers the same change again before any later one.
    func insert(_ id: String, _ record: SignInRecord) throws
    /// Forgets the sign-ins `ids` (an id not kept is no error); the server calls it when a sign-in is signed out,
    /// ended or expires. When it throws, the server logs it and offers the same change again before any later one.
    func remove(_ ids: [String]) throws
    /// Called once, when the server starts: until the answer is cancelled or released, the
    /// store calls `changed`, on the main actor, when
    /// another process started or ended sign-ins, with their ids (nil: any may have changed,
    /// as after a lost connection to the database). It may call it for this process's own
    /// changes too (they are read again, no harm); a file only this process writes never does.
    /// `insert` and `remove` may be offered the same change again (after a failure whose outcome
    /// was unknown): they must be idempotent.
    @MainActor func observeChanges(_ changed: @escaping @MainActor @Sendable (Set<String>?) -> Void) -> AnyCancellable
}
