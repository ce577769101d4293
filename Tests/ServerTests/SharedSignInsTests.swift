import Foundation
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
        let port = TestServer.freePort()
        var store = try Store.sqlite(path: file)
        var server = try TestServer(port: port, app: Self.app(Flags()), signInStore: try StoredSignIns(store: store))
        let ana = try await signIn(server, as: "ana")
        #expect(await whoami(server, cookie: ana) == "ana")
        server.stop()
        store.close()
        try? await Task.sleep(for: .milliseconds(200))
        store = try Store.sqlite(path: file)
        server = try TestServer(port: port, app: Self.app(Flags()), signInStore: try StoredSignIns(store: store))
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
