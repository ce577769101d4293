import CLibWebSockets
import Foundation
import Jetway

/// Websockets on the service thread: the upgrade's origin check, what arrives (assembled,
/// bounded, handed to the main actor in order) and what is written from each connection's queue.
extension LibWebSocketsTransport {
    func filterWebSocket(_ wsi: OpaquePointer) -> Int32 {
        let origin = Self.header(wsi, WSI_TOKEN_ORIGIN) ?? ""
        let host = Self.header(wsi, WSI_TOKEN_HOST) ?? ""
        if let problem = RequestSyntax.problem(wsi, method: .get) {
            Log.warn("upgrade_refused", ["reason": problem.message])
            return 1
        }
        guard server.allowedHosts.allows(host) else {
            Log.warn("upgrade_refused", ["host": host, "reason": "not an allowed host name"])
            return 1
        }
        let allowed =
            !origin.isEmpty && (origin == "http://" + host || origin == "https://" + host || configuration.allowedOrigins.contains(origin))
        if !allowed {
            Log.warn("upgrade_refused", ["origin": origin, "host": host])
            return 1
        }
        let address = clientAddress(wsi)
        if webSocketsByAddress[address, default: 0] >= configuration.maxWebSocketsPerAddress {
            Log.warn("upgrade_refused", ["address": address, "reason": "too many websockets from this address"])
            return 1
        }
        return 0
    }

    func established(_ wsi: OpaquePointer, _ slot: UnsafeMutablePointer<UnsafeMutableRawPointer?>) {
        let connection = Connection(kind: .websocket, maxQueuedBytes: configuration.maxQueuedBytes)
        connection.wsi = wsi
        admission.upgraded(wsi)
        if configuration.socketSendBuffer > 0 {
            var size = Int32(clamping: configuration.socketSendBuffer)
            setsockopt(lws_get_socket_fd(wsi), SOL_SOCKET, SO_SNDBUF, &size, socklen_t(MemoryLayout<Int32>.size))
        }
        connection.address = clientAddress(wsi)
        connection.identity = server.identity(
            cookieHeader: Self.header(wsi, WSI_TOKEN_HTTP_COOKIE), userAgent: Self.header(wsi, WSI_TOKEN_HTTP_USER_AGENT),
            acceptLanguage: Self.header(wsi, WSI_TOKEN_HTTP_ACCEPT_LANGUAGE))
        webSocketsByAddress[connection.address, default: 0] += 1
        connection.isCountedForAddress = true
        heard(connection)
        openWebSockets[ObjectIdentifier(connection)] = connection
        slot.pointee = Unmanaged.passRetained(connection).toOpaque()
        _ = deliver(.opened, to: connection)
    }

    /// Service thread: hands what happened on a websocket to the main actor, in order (one
    /// drain per connection at a time). False when the connection must be closed for flooding.
    private func deliver(_ item: Connection.Inbound, to connection: Connection) -> Bool {
        switch connection.enqueue(item) {
        case .scheduleDrain:
            Task { @MainActor [self] in sessions.drain(connection) }
            return true
        case .alreadyScheduled: return true
        case .overflow: return false
        }
    }

    /// Service thread: closes the websocket now with this code and reason (returns the
    /// callback's -1).
    private func close(_ wsi: OpaquePointer, _ connection: Connection, _ status: lws_close_status, _ reason: String) -> Int32 {
        reason.withCString {
            lws_close_reason(wsi, status, UnsafeMutableRawPointer(mutating: $0).assumingMemoryBound(to: UInt8.self), reason.utf8.count)
        }
        connection.markClosed()
        return -1
    }

    func receive(_ wsi: OpaquePointer, _ connection: Connection, _ bytes: UnsafeRawBufferPointer) -> Int32 {
        if connection.inbound.count + bytes.count > configuration.maxMessageBytes {
            Log.warn("message_too_large", ["connection": connection.id])
            connection.inbound.removeAll()
            return close(wsi, connection, LWS_CLOSE_STATUS_MESSAGE_TOO_LARGE, "message too large")
        }
        connection.inbound.append(contentsOf: bytes)
        guard lws_is_final_fragment(wsi) != 0, lws_remaining_packet_payload(wsi) == 0 else { return 0 }
        // Only a whole message is a sign of life: a frame dribbled a byte a minute is not.
        heard(connection)
        let message = connection.inbound
        // A long message's buffer is not kept for the life of the connection.
        connection.inbound.removeAll(keepingCapacity: connection.inbound.capacity <= 4096)
        let binary = lws_frame_is_binary(wsi) != 0
        // A hosted view's message, in its envelope: to that view's connection.
        if !binary, let (channel, inner) = Self.channelEnvelope(message) {
            guard channel >= 1, channel <= Connection.maxChannels else {
                return close(
                    wsi, connection, LWS_CLOSE_STATUS_POLICY_VIOLATION, "a hosted view's channel is 1 to \(Connection.maxChannels)")
            }
            let view: Connection
            if let known = connection.channels[channel] {
                view = known
            } else {
                view = Connection(channel: channel, over: connection)
                connection.channels[channel] = view
                _ = deliver(.opened, to: view)
            }
            guard deliver(.message(inner, binary: false, arrived: .now), to: view) else {
                Log.warn("inbound_overflow", ["connection": view.id])
                return close(wsi, connection, LWS_CLOSE_STATUS_POLICY_VIOLATION, "too many messages waiting")
            }
            return 0
        }
        guard deliver(.message(message, binary: binary, arrived: .now), to: connection) else {
            Log.warn("inbound_overflow", ["connection": connection.id])
            return close(wsi, connection, LWS_CLOSE_STATUS_POLICY_VIOLATION, "too many messages waiting")
        }
        return 0
    }

    func writeWebSocket(_ wsi: OpaquePointer, _ connection: Connection) -> Int32 {
        if connection.pingDue {
            connection.pingDue = false
            if !writePing(wsi) { return -1 }
            if connection.hasOutgoing { lws_callback_on_writable(wsi) }
            return 0
        }
        let next = connection.nextOutgoing()
        if let close = next.close {
            close.reason.withCString {
                lws_close_reason(
                    wsi, lws_close_status(rawValue: UInt32(close.code)),
                    UnsafeMutableRawPointer(mutating: $0).assumingMemoryBound(to: UInt8.self), close.reason.utf8.count)
            }
            return -1
        }
        guard let message = next.message else { return 0 }
        if !writeFrame(wsi, message) { return -1 }
        if next.more { lws_callback_on_writable(wsi) }
        return 0
    }

    /// Service thread: sends `message` as one text frame (lws keeps and sends later whatever
    /// the socket does not take now). False when lws failed: the connection is finished.
    func writeFrame(_ wsi: OpaquePointer, _ message: [UInt8]) -> Bool {
        let pre = Int(JW_LWS_PRE)
        let frame = frameScratch.buffer(pre + message.count)
        message.withUnsafeBytes { bytes in
            if let base = bytes.baseAddress { (frame + pre).copyMemory(from: base, byteCount: bytes.count) }
        }
        let written = lws_write(wsi, (frame + pre).assumingMemoryBound(to: UInt8.self), message.count, LWS_WRITE_TEXT)
        return written >= message.count
    }

    func closed(_ connection: Connection) {
        connection.markClosed()
        connection.wsi = nil
        if connection.kind == .http { server.uploadConnectionClosed(connection) }
        if connection.kind == .websocket {
            openWebSockets.removeValue(forKey: ObjectIdentifier(connection))
            if connection.isCountedForAddress, let open = webSocketsByAddress[connection.address] {
                connection.isCountedForAddress = false
                webSocketsByAddress[connection.address] = open > 1 ? open - 1 : nil
            }
            _ = deliver(.closed, to: connection)
            for view in connection.channels.values {
                view.markClosed()
                _ = deliver(.closed, to: view)
            }
            connection.channels.removeAll()
        }
    }

    /// `["v",N,…]`: the channel and the message inside, without decoding the message (the
    /// sessions decode it strictly as any other). Nil for anything else.
    static func channelEnvelope(_ bytes: [UInt8]) -> (Int, [UInt8])? {
        ChannelEnvelope.unwrap(bytes).map { ($0.channel, Array($0.message)) }
    }
}

/// The service thread's buffer for putting a frame together (`LWS_PRE` bytes of room, then the
/// message): grown as needed, never shared with another thread.
final class FrameScratch: @unchecked Sendable {
    private var pointer: UnsafeMutableRawPointer?
    private var capacity = 0

    func buffer(_ size: Int) -> UnsafeMutableRawPointer {
        if let pointer, size <= capacity { return pointer }
        pointer?.deallocate()
        capacity = max(size, 64 * 1024)
        let fresh = UnsafeMutableRawPointer.allocate(byteCount: capacity, alignment: 16)
        pointer = fresh
        return fresh
    }

    deinit { pointer?.deallocate() }
}
