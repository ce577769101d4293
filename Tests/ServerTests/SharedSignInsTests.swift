import Foundation
import Jetway
import JetwayBrowser
import JetwayStore
import Testing

@testable import JetwayServer

/// Sign-ins kept in a table of the app's store (`StoredSignIns`): on SQLite they outlive a
/// restart as the default file does; on one PostgreSQL two servers honour each other's, and a
/// sign-out on one signs the other's open pages out.
extension SignedInPagesTests {
    @Test func storedSignInsOutliveARestartAndASignOutLeavesNoRow() async throws {
        let file = NSTemporaryDirectory() + "jetway-stored-signins-\(UUID().uuidString).sqlite"
        var store = try Store.sqlite(path: file)
        var server = try TestServer(app: Self.app(Flags()), signInStore: try StoredSignIns(store: store), transport: .memory)
        let ana = try await signIn(server, as: "ana")
        #expect(await whoami(server, cookie: ana) == "ana")
        server.stop()
        store.close()
        store = try Store.sqlite(path: file)
        server = try TestServer(app: Self.app(Flags()), signInStore: try StoredSignIns(store: store), transport: .memory)
        defer {
            server.stop()
            store.close()
        }
        #expect(await whoami(server, cookie: ana) == "ana", "the sign-in came back from the table after the restart")
        #expect(try store.transaction { try $0.query("SELECT account FROM jetway_signins") }.count == 1)
        let out = await server.exchange("POST /signout HTTP/1.1", headers: ["Cookie": ana], body: "", type: "text/plain")
        #expect(out.status == 303)
        server.server.signIns.flushWrites()
        #expect(try store.transaction { try $0.query("SELECT account FROM jetway_signins") }.isEmpty, "the sign-out removed its row")
        #expect(await whoami(server, cookie: ana) == "nobody")
    }

    @Test(
        .enabled(
            if: ProcessInfo.processInfo.environment["JETWAY_TEST_POSTGRES"] != nil
                || ProcessInfo.processInfo.environment["JETWAY_REQUIRE_POSTGRES"] == "1",
            "needs PostgreSQL: make test starts one (JETWAY_TEST_POSTGRES)"))
    func aSignInOnOneServerCountsOnTheOtherAndASignOutThereEndsItHere() async throws {
        let base = try #require(ProcessInfo.processInfo.environment["JETWAY_TEST_POSTGRES"], "make test starts PostgreSQL")
        let url = try Command.freshPostgreSQLDatabase(from: base)
        // Two servers as two processes would be: a store (its own connection and listener) each.
        let storeA = try Store.open(url), storeB = try Store.open(url)
        let serverA = try TestServer(app: Self.app(Flags()), signInStore: try StoredSignIns(store: storeA))
        let serverB = try TestServer(app: Self.app(Flags()), signInStore: try StoredSignIns(store: storeB))
        defer {
            serverA.stop()
            serverB.stop()
            storeA.close()
            storeB.close()
        }
        let ana = try await signIn(serverA, as: "ana")
        #expect(await eventually { await whoami(serverB, cookie: ana) == "ana" }, "B never heard of A's sign-in")
        // A page open on B, signed in with A's cookie.
        let page = await page(serverB, "/me", cookie: ana)
        #expect(page.body.contains("user: ana"), "\(page.body.prefix(300))")
        let live = try await join(serverB, page.body, path: "/me", cookie: ana)
        // Signing out on A ends the sign-in on B: its page is told, and the cookie counts no more.
        let out = await serverA.exchange("POST /signout HTTP/1.1", headers: ["Cookie": ana], body: "", type: "text/plain")
        #expect(out.status == 303)
        let started = ContinuousClock.now
        guard case .text(let signedOut) = await live.next(startingWith: "[\"signedout\"") else {
            Issue.record("B's page was not signed out")
            return
        }
        #expect(signedOut == "[\"signedout\"]")
        #expect(ContinuousClock.now - started < .seconds(1), "B heard of the sign-out after \(ContinuousClock.now - started)")
        #expect(await whoami(serverB, cookie: ana) == "nobody")
        // Ending every sign-in of a user on B reaches A the same way.
        let bob = try await signIn(serverB, as: "bob")
        #expect(await eventually { await whoami(serverA, cookie: bob) == "bob" })
        #expect(serverB.server.signOutEverywhere(user: "bob") == 1)
        #expect(await eventually { await whoami(serverA, cookie: bob) == "nobody" }, "A still honours bob's ended sign-in")
    }

    /// Polls `check` for up to 3 s.
    func eventually(_ check: () async -> Bool) async -> Bool {
        for _ in 0..<60 {
            if await check() { return true }
            try? await Task.sleep(for: .milliseconds(50))
        }
        return false
    }
}

/// The sign-ins `SignIns.follow` was told had ended.
@MainActor final class EndedIDs {
    private(set) var ids: [String] = []
    func append(_ id: String) { ids.append(id) }
}

/// A sign-in store that refuses writes (a full disk, a database away) until told otherwise,
/// and whose rows a test sets as another process would.
final class RefusingSignInStore: SignInStore, @unchecked Sendable {
    private let lock = NSLock()
    private var refusing = true
    private var rows: [String: SignInRecord] = [:]

    var isRefusing: Bool {
        get { lock.withLock { refusing } }
        set { lock.withLock { refusing = newValue } }
    }
    var stored: [String: SignInRecord] {
        get { lock.withLock { rows } }
        set { lock.withLock { rows = newValue } }
    }

    func loadAll() throws -> [String: SignInRecord] { stored }
    func records(_ ids: Set<String>) throws -> [String: SignInRecord] { stored.filter { ids.contains($0.key) } }
    func insert(_ id: String, _ record: SignInRecord) throws {
        try lock.withLock {
            guard !refusing else { throw StoreError.full("refused for the test") }
            rows[id] = record
        }
    }
    func remove(_ ids: [String]) throws {
        try lock.withLock {
            guard !refusing else { throw StoreError.full("refused for the test") }
            for id in ids { rows.removeValue(forKey: id) }
        }
    }
    @MainActor func observeChanges(_ changed: @escaping @MainActor @Sendable (Set<String>?) -> Void) -> AnyCancellable {
        AnyCancellable {}
    }
}

extension SignedInPagesTests {
    /// A sign-out the store refused stays a sign-out: a read of the store (which still has the
    /// sign-in, as after a commit whose answer was lost) does not bring it back, and it reaches
    /// the store once the store takes writes again.
    @Test func aSignOutTheStoreRefusedStaysASignOutAndIsSavedLater() {
        let store = RefusingSignInStore()
        let signIns = SignIns(store: store, lifetime: 60)
        let id = signIns.start(user: "ana")
        signIns.flushWrites()
        #expect(signIns.unsavedCount == 1 && store.stored.isEmpty, "the refused sign-in waits")
        #expect(signIns.user(for: id) == "ana", "and counts here meanwhile")
        // The store has it after all (the commit went through, its answer did not).
        store.stored[id] = SignInRecord(user: "ana", expires: Date().addingTimeInterval(60))
        #expect(signIns.end(id))
        signIns.reread(nil)
        signIns.flushWrites()
        #expect(signIns.user(for: id) == nil, "a read of the store brought a signed-out sign-in back")
        #expect(signIns.unsavedCount == 2)
        // The store takes writes again: the next read offers them first.
        store.isRefusing = false
        signIns.reread(nil)
        signIns.flushWrites()
        #expect(signIns.unsavedCount == 0)
        #expect(store.stored[id] == nil, "the sign-out never reached the store")
        #expect(signIns.user(for: id) == nil)
    }

    /// Ending every sign-in of a user also ends one another process started that this one had
    /// not heard of yet (its notice still on the way), but not one started after.
    @Test func endingAUsersSignInsEndsTheOnesNotHeardOfYet() async {
        let store = RefusingSignInStore()
        store.isRefusing = false
        let signIns = SignIns(store: store, lifetime: 60)
        let heard = EndedIDs()
        signIns.follow { heard.append($0) }
        let known = signIns.start(user: "ana")
        let other = signIns.start(user: "bob")
        signIns.flushWrites()
        // Started elsewhere a moment ago, and after the call: the store has both, this process neither.
        let now = Date()
        store.stored["elsewhere"] = SignInRecord(user: "ana", expires: now.addingTimeInterval(59))
        store.stored["after"] = SignInRecord(user: "ana", expires: now.addingTimeInterval(61))
        #expect(signIns.endAll(user: "ana", now: now) == [known])
        signIns.flushWrites()
        signIns.flushWrites()
        #expect(store.stored["elsewhere"] == nil, "the sign-in not heard of yet was not ended")
        #expect(store.stored[known] == nil)
        #expect(store.stored["after"] != nil && store.stored[other] != nil, "ended more than it should")
        for _ in 0..<100 where heard.ids.isEmpty { try? await Task.sleep(for: .milliseconds(10)) }
        #expect(heard.ids == ["elsewhere"], "its pages here were not told")
        #expect(signIns.user(for: other) == "bob")
    }
}
