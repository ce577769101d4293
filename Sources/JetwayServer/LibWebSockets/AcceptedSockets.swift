import CLibWebSockets
import Foundation
import Synchronization

/// Every accepted socket, on the service thread: admitted or refused as it opens, followed
/// through its requests, and closed when a request outlives its deadline (`SocketAdmission`
/// holds the rules). lws tells the http protocol of each new socket
/// (`SERVER_NEW_CLIENT_INSTANTIATED`, before a byte is read) and of each socket it frees
/// (`WSI_DESTROY`), websockets included.
extension LibWebSocketsTransport {
    /// What the server counts of the sockets it refused or closed (`/_jetway/stats`).
    final class SocketCounts: Sendable {
        let refused = Atomic<Int>(0)
        let evicted = Atomic<Int>(0)
        let expired = Atomic<Int>(0)
        /// Sockets open now, websockets included.
        let open = Atomic<Int>(0)
    }

    /// The socket budget: `maxOpenSockets`, else the descriptor limit (raised to its hard
    /// limit, up to 65,536) less a reserve for the store, uploads, logs and pipes (a tenth, at
    /// least 64).
    static func socketBudget(configured: Int?) -> Int {
        if let configured { return configured }
        var limit = rlimit()
        guard getrlimit(Int32(RLIMIT_NOFILE.rawValue), &limit) == 0 else { return 960 }
        let wanted = min(limit.rlim_max, 65_536)
        if limit.rlim_cur < wanted {
            var raised = limit
            raised.rlim_cur = wanted
            if setrlimit(Int32(RLIMIT_NOFILE.rawValue), &raised) == 0 { limit = raised }
        }
        let descriptors = Int(min(limit.rlim_cur, 1 << 30))
        return max(16, descriptors - max(64, descriptors / 10))
    }

    /// Service thread: a socket was accepted (nothing read yet). Nonzero closes it.
    func accepted(_ wsi: OpaquePointer) -> Int32 {
        var peer = [CChar](repeating: 0, count: 64)
        let address = lws_get_peer_simple(wsi, &peer, peer.count).map { JetwayServer.peerAddress(String(cString: $0)) } ?? "unknown"
        let trusted = configuration.trustedProxies.contains(address)
        defer { socketCounts.open.store(admission.total, ordering: .relaxed) }
        switch admission.admit(wsi, address: address, trusted: trusted, now: DispatchTime.now().uptimeNanoseconds) {
        case .admit:
            requestHeads.begin(lws_get_socket_fd(wsi))
            return 0
        case .admitEvicting(let victim):
            socketCounts.evicted.add(1, ordering: .relaxed)
            end(victim)
            noteRefusal("socket_evicted", address: address)
            requestHeads.begin(lws_get_socket_fd(wsi))
            return 0
        case .refuse(let refusal):
            socketCounts.refused.add(1, ordering: .relaxed)
            let (status, reason) =
                switch refusal {
                case .addressFull: ("429 Too Many Requests", "too many connections from this address")
                case .serverFull: ("503 Service Unavailable", "the server is at its connection limit")
                }
            // Written straight to the new socket (nothing else is queued on it), then closed.
            let answer = Array(
                "HTTP/1.1 \(status)\r\ncontent-type: text/plain; charset=utf-8\r\nretry-after: 5\r\nconnection: close\r\ncontent-length: \(reason.utf8.count + 1)\r\n\r\n\(reason)\n"
                    .utf8)
            _ = answer.withUnsafeBytes { send(lws_get_socket_fd(wsi), $0.baseAddress, $0.count, Int32(MSG_NOSIGNAL | MSG_DONTWAIT)) }
            noteRefusal("socket_refused", address: address, reason: reason)
            return -1
        }
    }

    /// Ends a socket the admission gave up: shut down at once, so its descriptor is let go on
    /// the loop's next pass (lws's own timeout for it comes only with the next second's tick,
    /// and a budget made of descriptors cannot wait for it).
    private func end(_ wsi: OpaquePointer) {
        shutdown(lws_get_socket_fd(wsi), Int32(SHUT_RDWR))
        lws_set_timeout(wsi, PENDING_TIMEOUT_CLOSE_SEND, LWS_TO_KILL_ASYNC)
    }

    /// Service thread: lws freed a socket.
    func socketDestroyed(_ wsi: OpaquePointer) {
        admission.closed(wsi)
        let fd = lws_get_socket_fd(wsi)
        if fd >= 0 { requestHeads.end(fd) }
        socketCounts.open.store(admission.total, ordering: .relaxed)
    }

    /// Service thread, with the idle check: requests past their deadline are closed.
    func closeLateRequests(now: UInt64) {
        for wsi in admission.expired(now: now) {
            socketCounts.expired.add(1, ordering: .relaxed)
            end(wsi)
            noteRefusal("request_too_slow", address: "")
        }
        socketCounts.open.store(admission.total, ordering: .relaxed)
    }

    /// The request line and headers are in (`handleHTTP`).
    func requestHeadersArrived(_ wsi: OpaquePointer) {
        let chunked = lws_hdr_total_length(wsi, WSI_TOKEN_HTTP_TRANSFER_ENCODING) > 0
        let length = Self.header(wsi, WSI_TOKEN_HTTP_CONTENT_LENGTH).flatMap { Int($0.trimmingCharacters(in: .whitespaces)) } ?? 0
        admission.headersArrived(wsi, bodyBytes: chunked ? nil : length, now: DispatchTime.now().uptimeNanoseconds)
    }

    /// A flood of refusals writes a line a second, not a line a socket.
    private func noteRefusal(_ event: String, address: String, reason: String = "") {
        refusalsSinceLog += 1
        let now = DispatchTime.now().uptimeNanoseconds
        guard now &- lastRefusalLog >= 1_000_000_000 else { return }
        Log.warn(
            event,
            [
                "address": address, "reason": reason, "count": refusalsSinceLog, "open": admission.total,
                "budget": admission.limits.total,
            ])
        lastRefusalLog = now
        refusalsSinceLog = 0
    }
}
