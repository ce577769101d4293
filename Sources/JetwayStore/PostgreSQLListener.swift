import CPostgreSQL
import Foundation

/// Hears the other processes' changes: a connection of its own that LISTENs on the store's
/// channel, on a thread of its own. When the connection drops it reconnects with back-off
/// (0.1 s doubling to 5 s) and, once back, has every live list read everything again, since
/// changes made while it was away were not heard.
final class PostgreSQLListener: @unchecked Sendable {
    private let conninfo: String
    private let origin: String
    private let heard: @Sendable (StoreChanges) -> Void
    private let back: @Sendable () -> Void
    private let lock = NSLock()
    private var running = true
    private var thread: Thread?
    private let done = DispatchSemaphore(value: 0)
    /// How many times the connection has come back after a loss (for tests).
    private(set) var reconnections = 0

    init(conninfo: String, origin: String, heard: @escaping @Sendable (StoreChanges) -> Void, back: @escaping @Sendable () -> Void) {
        self.conninfo = conninfo
        self.origin = origin
        self.heard = heard
        self.back = back
        let thread = Thread { [self] in loop() }
        thread.name = "jetway-store-listen"
        self.thread = thread
        thread.start()
    }

    private var isRunning: Bool { lock.withLock { running } }

    /// Stops the thread and waits for it; a second call returns at once.
    func stop() {
        let first = lock.withLock {
            defer { running = false }
            return running
        }
        if first { done.wait() }
    }

    private func loop() {
        var backoff: TimeInterval = 0.1
        // Writes made between the lists' first reads and the first LISTEN were not heard:
        // the first connection, too, has the lists read again.
        var lost = true
        var first = true
        while isRunning {
            guard let handle = listen() else {
                lost = true
                sleep(backoff)
                backoff = min(backoff * 2, 5)
                continue
            }
            backoff = 0.1
            if lost {
                if !first { lock.withLock { reconnections += 1 } }
                back()
            }
            first = false
            lost = !serve(handle)
            PQfinish(handle)
        }
        done.signal()
    }

    /// Sleeps in short steps, so that `stop` is not kept waiting.
    private func sleep(_ seconds: TimeInterval) {
        let end = Date().addingTimeInterval(seconds)
        while isRunning && Date() < end { Thread.sleep(forTimeInterval: 0.05) }
    }

    private func listen() -> OpaquePointer? {
        guard let handle = PQconnectdb(conninfo) else { return nil }
        guard PQstatus(handle) == CONNECTION_OK, let result = PQexec(handle, "LISTEN \(PostgreSQLConnection.channel)") else {
            PQfinish(handle)
            return nil
        }
        let ok = PQresultStatus(result) == PGRES_COMMAND_OK
        PQclear(result)
        if !ok {
            PQfinish(handle)
            return nil
        }
        return handle
    }

    /// Reads notifications until stopped (true) or the connection drops (false).
    private func serve(_ handle: OpaquePointer) -> Bool {
        let socket = PQsocket(handle)
        while isRunning {
            var descriptor = pollfd(fd: socket, events: Int16(POLLIN), revents: 0)
            let ready = poll(&descriptor, 1, 200)
            if ready < 0 && errno != EINTR { return false }
            if ready > 0 {
                guard PQconsumeInput(handle) == 1 else { return false }
                while let notification = PQnotifies(handle) {
                    let payload = String(cString: notification.pointee.extra)
                    PQfreemem(notification)
                    if let changes = PostgreSQLConnection.changes(fromPayload: payload, ignoring: origin), !changes.isEmpty {
                        heard(changes)
                    }
                }
            }
            if PQstatus(handle) != CONNECTION_OK { return false }
        }
        return true
    }
}
