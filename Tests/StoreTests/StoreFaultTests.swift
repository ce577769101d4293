import Foundation
import JetwayBrowser
import JetwayStore
import Testing

/// SQLite under the faults a deployment meets: another writer that holds the lock, and a disk
/// that fills up. Each write fails whole with an error that says what happened, nothing
/// committed is lost, and `PRAGMA integrity_check` is clean afterwards.
@Suite(.serialized)
struct StoreFaultTests {
    static func integrity(_ store: Store) throws -> String {
        guard case .text(let answer)? = try store.transaction({ try $0.query("PRAGMA integrity_check") }).first?.values.first else {
            return "no answer"
        }
        return answer
    }

    static func fruit(_ id: Int, size: Int = 10) -> Fruit {
        Fruit(id: id, name: "fruit \(id) " + String(repeating: "x", count: size), color: "red", price: 1, ripe: true, picked: nil)
    }

    /// Another connection (another process, as far as SQLite knows) holds the write lock for
    /// `seconds`, from when this returns.
    static func hold(_ other: Store, for seconds: Double, writing id: Int) -> DispatchSemaphore {
        let taken = DispatchSemaphore(value: 0), done = DispatchSemaphore(value: 0)
        Thread {
            try? other.transaction { transaction in
                try transaction.insert(fruit(id))
                taken.signal()
                Thread.sleep(forTimeInterval: seconds)
            }
            done.signal()
        }.start()
        taken.wait()
        return done
    }

    @Test func aWriteWaitsForAnotherWriterAndFailsClearlyWhenItHoldsOnTooLong() throws {
        let path = Fixtures.sqlitePath()
        let store = try Fixtures.fruitStore(path: path)
        let other = try Store.sqlite(path: path, migrations: Fixtures.fruitMigrations)
        defer {
            store.close()
            other.close()
        }
        // A short hold: the write waits for it and goes in.
        var done = Self.hold(other, for: 0.5, writing: 100)
        let started = Date()
        try store.insert(Self.fruit(8))
        #expect(Date().timeIntervalSince(started) > 0.3, "the write did not wait for the lock")
        done.wait()

        // Held past the busy timeout (5 s): the write fails whole, saying so.
        done = Self.hold(other, for: 6.5, writing: 101)
        #expect {
            try store.transaction { transaction in
                try transaction.insert(Self.fruit(9))
                try transaction.insert(Self.fruit(10))
            }
        } throws: { error in
            guard case .busy = error as? StoreError else { return false }
            return "\(error)".contains("the database is busy")
        }
        done.wait()
        // Nothing of the failed write; everything committed, by both connections.
        let ids = Set(try store.fetch(Fruit.self).map(\.id))
        #expect(ids == Set(Fixtures.basket.map(\.id)).union([8, 100, 101]))
        // And once the lock is free, the same write goes in.
        try store.transaction { transaction in
            try transaction.insert(Self.fruit(9))
            try transaction.insert(Self.fruit(10))
        }
        #expect(try store.count(Fruit.self) == Fixtures.basket.count + 5)
        #expect(try Self.integrity(store) == "ok")
    }

    @Test(.enabled(if: Command.mayMount, "needs root to mount a small tmpfs (make test runs as root on the project's machines)"))
    func aFullDiskFailsAWriteWholeAndKeepsWhatWasCommitted() throws {
        let folder = NSTemporaryDirectory() + "jetway-full-\(UUID().uuidString.prefix(8))"
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        _ = try Command.run("/bin/mount", ["-t", "tmpfs", "-o", "size=1m", "tmpfs", folder])
        defer {
            _ = try? Command.run("/bin/umount", [folder])
            try? FileManager.default.removeItem(atPath: folder)
        }
        // Room to free later, as an operator would (old logs, a backup).
        #expect(FileManager.default.createFile(atPath: folder + "/filler", contents: Data(count: 256 * 1024)))
        var store = try Store.sqlite(path: folder + "/store.sqlite", migrations: Fixtures.fruitMigrations)
        var committed = 0
        var failure: (any Error)?
        for batch in 0..<1000 {
            do {
                try store.transaction { transaction in
                    for index in 0..<20 { try transaction.insert(Self.fruit(batch * 20 + index, size: 400)) }
                }
                committed += 20
            } catch {
                failure = error
                break
            }
        }
        let error = try #require(failure, "1 MB never filled up")
        guard case .full = error as? StoreError else {
            Issue.record("a full disk gave \(error)")
            return
        }
        #expect("\(error)".contains("the disk the database is on is full"), "\(error)")
        #expect(committed > 100, "only \(committed) rows went in before the disk was full")
        // Everything committed is there, nothing of the failed transaction, and the file is sound.
        #expect(try store.count(Fruit.self) == committed)
        #expect(try Self.integrity(store) == "ok")
        // Space freed: writes go in again; the file is sound after a reopen.
        try FileManager.default.removeItem(atPath: folder + "/filler")
        try store.insert(Self.fruit(committed + 1_000_000))
        store.close()
        store = try Store.sqlite(path: folder + "/store.sqlite", migrations: Fixtures.fruitMigrations)
        defer { store.close() }
        #expect(try store.count(Fruit.self) == committed + 1)
        #expect(try Self.integrity(store) == "ok")
    }
}
