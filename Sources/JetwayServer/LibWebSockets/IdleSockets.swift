import CLibWebSockets
import Dispatch

/// Silent websockets, on the service thread: one silent for `pingAfterIdle` is pinged (a
/// browser answers by itself), one silent for `closeAfterIdle` is closed — a stalled or
/// half-open socket does not hold a session forever. A page's runtime pings every 10 s, so a
/// live page is never silent that long.
///
/// Checked here once a second rather than by lws's retry-and-idle policy, which re-sorts lws's
/// timer list (a walk over every open socket) for every frame a socket sends or receives:
/// with a thousand idle kiosks that was 8 ms of CPU a second, and with their pings 18 ms.
extension LibWebSocketsTransport {
    /// Service thread: the socket said something (a frame, a pong).
    func heard(_ connection: Connection) {
        connection.lastHeard = DispatchTime.now().uptimeNanoseconds
        connection.pinged = false
    }

    /// Service thread, after each turn of the loop: at most once every half second, pings the
    /// silent sockets and closes the ones past their deadline.
    func checkIdleSockets() {
        let now = DispatchTime.now().uptimeNanoseconds
        guard now &- lastIdleCheck >= 500_000_000 else { return }
        lastIdleCheck = now
        closeLateRequests(now: now)
        let pingAfter = UInt64(max(1, configuration.pingAfterIdle) * 1e9)
        let closeAfter = UInt64(max(configuration.pingAfterIdle + 1, configuration.closeAfterIdle) * 1e9)
        for connection in openWebSockets.values {
            guard let wsi = connection.wsi, !connection.isClosed else { continue }
            let silent = now &- connection.lastHeard
            // Closed only once its ping had the whole time between the two deadlines to be
            // answered: the check runs about once a second, so a ping can go late.
            if silent >= closeAfter && connection.pinged && now &- connection.pingedAt >= closeAfter - pingAfter {
                Log.info("idle_close", ["connection": connection.id, "silent_s": silent / 1_000_000_000])
                connection.markClosed()
                lws_set_timeout(wsi, PENDING_TIMEOUT_CLOSE_SEND, LWS_TO_KILL_ASYNC)
            } else if silent >= pingAfter && !connection.pinged {
                connection.pinged = true
                connection.pingedAt = now
                connection.pingDue = true
                lws_callback_on_writable(wsi)
            }
        }
    }

    /// Service thread: a websocket ping. Its payload is one byte: lws hands the protocol no
    /// `RECEIVE_PONG` for an empty pong. False when lws failed.
    func writePing(_ wsi: OpaquePointer) -> Bool {
        let pre = Int(JW_LWS_PRE)
        let frame = frameScratch.buffer(pre + 1)
        frame.storeBytes(of: UInt8(ascii: "j"), toByteOffset: pre, as: UInt8.self)
        return lws_write(wsi, (frame + pre).assumingMemoryBound(to: UInt8.self), 1, LWS_WRITE_PING) >= 0
    }
}
