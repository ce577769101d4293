import Foundation
import JetwayBrowser
import JetwayStore
import Testing

/// What only PostgreSQL does: changes between stores of different processes (here two stores
/// with their own connections, as two servers have), and coming back after the server
/// restarts.
@MainActor
@Suite(.enabled(if: Backend.available.contains(.postgresql), "needs PostgreSQL: make test starts one (JETWAY_TEST_POSTGRES)"))
struct PostgreSQLTests {
    let byName = [NSSortDescriptor(keyPath: \Fruit.name, ascending: true)]

    /// Two stores on one new database, each with its own connections, as two servers have.
    func twoServers(_ body: (Store, Store) async throws -> Void) async throws {
        let url = try await Backend.postgresql.freshURL()
        let serverA = try Store.open(url, migrations: Fixtures.fruitMigrations)
        let serverB = try Store.open(url, migrations: Fixtures.fruitMigrations)
        defer {
            serverA.close()
            serverB.close()
        }
        try await body(serverA, serverB)
    }

    @Test func aWriteOnOneServerReachesTheOthersLiveLists() async throws {
        try await twoServers { serverA, serverB in
            let onB = FetchedResultList<Fruit>(store: serverB, filter: NSPredicate(format: "color == 'red'"), sortDescriptors: byName)
            var heard = 0
            onB.didChange = { heard += 1 }
            #expect(onB.items.isEmpty)
            // The listener's connection needs a moment to be listening.
            try await Task.sleep(for: .milliseconds(300))
            try serverA.insert(Fruit(id: 1, name: "Cherry", color: "red", price: 2, ripe: true, picked: nil))
            // (How fast: `store_cross_process_ms` in make bench; here only that it comes, since a
            // test beside a hundred others may wait for the main actor.)
            #expect(await wait(seconds: 10) { onB.items.map(\.name) == ["Cherry"] })
            #expect(heard == 1)
            // Updates, deletes and a transaction of several rows, in order.
            try serverA.transaction { transaction in
                try transaction.insert(Fruit(id: 2, name: "Apple", color: "red", price: 1, ripe: true, picked: nil))
                try transaction.insert(Fruit(id: 3, name: "Banana", color: "yellow", price: 1, ripe: true, picked: nil))
                try transaction.modify(Fruit.self, id: 1) { $0.name = "Red cherry" }
            }
            #expect(await wait { onB.items.map(\.name) == ["Apple", "Red cherry"] })
            try serverA.delete(Fruit.self, id: 2)
            #expect(await wait { onB.items.map(\.name) == ["Red cherry"] })
            // A rolled-back transaction sends nothing.
            let before = heard
            #expect(throws: StoreError.self) {
                try serverA.transaction { transaction in
                    try transaction.insert(Fruit(id: 9, name: "Raspberry", color: "red", price: 3, ripe: true, picked: nil))
                    try transaction.insert(Fruit(id: 9, name: "Duplicate", color: "red", price: 3, ripe: true, picked: nil))
                }
            }
            try await Task.sleep(for: .milliseconds(300))
            #expect(heard == before)
            #expect(onB.items.map(\.name) == ["Red cherry"])
            // A statement of the app's own refreshes the tables it names on the other server.
            try serverA.transaction { try $0.execute("UPDATE fruits SET color = 'red'", changing: ["fruits"]) }
            #expect(await wait { onB.items.map(\.name) == ["Banana", "Red cherry"] })
        }
    }

    @Test func aBigChangeIsSentAsItsTablesAndStillArrives() async throws {
        try await twoServers { serverA, serverB in
            let onB = FetchedResultList<Fruit>(store: serverB, sortDescriptors: byName)
            try await Task.sleep(for: .milliseconds(300))
            // 3,000 ids do not fit in a notification (8,000 bytes): the table is named instead.
            // Written off the main actor (seconds in a debug build, that other suites wait for).
            try await Task.detached {
                try serverA.transaction { transaction in
                    for id in 1...3000 {
                        try transaction.insert(Fruit(id: id, name: "Fruit \(id)", color: "red", price: 1, ripe: true, picked: nil))
                    }
                }
            }.value
            #expect(await wait { onB.items.count == 3000 })
        }
    }

    @Test func aRestartedServerIsReconnectedAndTheListsReadAgain() async throws {
        let cluster = try OwnCluster.start()
        defer { cluster.stop() }
        let store = try Store.open(cluster.url, migrations: Fixtures.fruitMigrations)
        let other = try Store.open(cluster.url, migrations: Fixtures.fruitMigrations)
        defer {
            store.close()
            other.close()
        }
        let list = FetchedResultList<Fruit>(store: store, sortDescriptors: byName)
        try store.insert(Fixtures.basket[0])
        #expect(await wait { list.items.count == 1 })
        try cluster.restart()
        // The first statement after the restart may find the connection gone: it fails with
        // a clear error and nothing is half-written; the store reconnects.
        var wrote = false
        for _ in 0..<50 where !wrote {
            do {
                try store.insert(Fixtures.basket[1])
                wrote = true
            } catch let error as StoreError {
                guard case .connectionLost = error else {
                    Issue.record("not a lost connection: \(error)")
                    return
                }
                try await Task.sleep(for: .milliseconds(200))
            }
        }
        #expect(wrote)
        #expect(await wait(seconds: 10) { list.items.count == 2 })
        // The other store's write, made while this one's listener may still be away, arrives
        // too: on reconnecting the lists read everything again.
        var otherWrote = false
        for _ in 0..<50 where !otherWrote {
            otherWrote = (try? other.insert(Fixtures.basket[2])) != nil
            if !otherWrote { try await Task.sleep(for: .milliseconds(200)) }
        }
        #expect(await wait(seconds: 10) { list.items.map(\.id).sorted() == [1, 2, 3] })
        #expect(await wait(seconds: 10) { store.reconnections >= 1 })
        #expect(list.error == nil)
    }

    func wait(seconds: Double = 10, _ condition: () -> Bool) async -> Bool {
        let deadline = ContinuousClock.now + .milliseconds(Int(seconds * 1000))
        while ContinuousClock.now < deadline {
            if condition() { return true }
            try? await Task.sleep(for: .milliseconds(5))
        }
        return condition()
    }
}

/// A PostgreSQL cluster of the test's own (`.ci/postgres` on another port and folder), so that
/// restarting it disturbs no other test.
struct OwnCluster {
    let root: String
    let port: Int
    let url: String

    static var script: String {
        URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
            .appendingPathComponent(".ci/postgres").path
    }

    /// A cluster on a port of its own: 59000–59999 is apart from make test's 55000–58999 but
    /// inside the kernel's range for outgoing connections, so a port the suites' clients hold
    /// at that moment is skipped for another (a run with thousands of client sockets met one).
    static func start() throws -> OwnCluster {
        var failure: (any Error)?
        for _ in 0..<5 {
            let root = NSTemporaryDirectory() + "jetway-pg-\(UUID().uuidString.prefix(8))"
            let port = 59000 + Int.random(in: 0..<1000)
            do {
                let url = try run("start", root: root, port: port).trimmingCharacters(in: .whitespacesAndNewlines)
                return OwnCluster(root: root, port: port, url: url)
            } catch {
                _ = try? run("stop", root: root, port: port)
                guard "\(error)".contains("Address already in use") else { throw error }
                failure = error
            }
        }
        throw failure!
    }

    func restart() throws { _ = try Self.run("restart", root: root, port: port) }
    func stop() { _ = try? Self.run("stop", root: root, port: port) }

    @discardableResult
    static func run(_ command: String, root: String, port: Int) throws -> String {
        try Command.run("/bin/bash", [script, command], environment: ["JETWAY_PG_ROOT": root, "JETWAY_PG_PORT": "\(port)"])
    }
}
