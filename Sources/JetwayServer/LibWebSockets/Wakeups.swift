import CLibWebSockets
import Foundation

/// How the main actor (or a worker) hands connections to the service thread: `wake` queues them
/// and wakes lws once per batch; on the service thread `drainPending` writes each websocket's
/// next patch at once, or asks lws to call back when the socket can take it.
extension LibWebSocketsTransport {
    /// Any thread: asks the service thread to write what `connection` has queued.
    func wake(_ connection: Connection) {
        stateLock.lock()
        pending.append(connection.socketConnection)
        let needsWake = !wakeRequested
        wakeRequested = true
        stateLock.unlock()
        if needsWake { wakeServiceThread() }
    }

    /// Any thread: one wake-up for a batch of connections.
    func wake(_ connections: [Connection]) {
        guard !connections.isEmpty else { return }
        stateLock.lock()
        pending.append(contentsOf: connections.map(\.socketConnection))
        let needsWake = !wakeRequested
        wakeRequested = true
        stateLock.unlock()
        if needsWake { wakeServiceThread() }
    }

    func wakeServiceThread() {
        stateLock.lock()
        defer { stateLock.unlock() }
        // Under the lock with the alive flag: cancelling a destroyed context is a use-after-free.
        if contextAlive, let context { lws_cancel_service(context) }
    }

    /// Service thread, on EVENT_WAIT_CANCELLED: ask for writable on every woken connection.
    func drainPending() {
        stateLock.lock()
        let connections = pending
        pending.removeAll()
        wakeRequested = false
        stateLock.unlock()
        for connection in connections where !connection.isClosed {
            guard let wsi = connection.wsi else { continue }
            // A websocket with nothing left over from an earlier write takes its message now:
            // asking lws to call back once it is writable costs two epoll_ctl and a pass per
            // socket, most of a fan-out to 10,000 pages. A close, or anything lws still holds
            // back, goes through the writable callback as before.
            if connection.kind == .websocket, lws_send_pipe_choked(wsi) == 0, let next = connection.takeMessage() {
                if !writeFrame(wsi, next.message) {
                    connection.markClosed()
                    lws_set_timeout(wsi, PENDING_TIMEOUT_CLOSE_SEND, LWS_TO_KILL_ASYNC)
                    continue
                }
                if next.more { lws_callback_on_writable(wsi) }
            } else {
                lws_callback_on_writable(wsi)
            }
        }
    }
}
