import CLibWebSockets
import Foundation

/// The one C callback for both protocols. It finds the transport through the context's user
/// pointer and the connection through the per-session slot.
func jetwayCallback(
    _ wsi: OpaquePointer?, _ reason: lws_callback_reasons, _ user: UnsafeMutableRawPointer?, _ input: UnsafeMutableRawPointer?,
    _ length: Int
) -> Int32 {
    guard let wsi, let contextUser = lws_context_user(lws_get_context(wsi)) else { return 0 }
    let transport = Unmanaged<LibWebSocketsTransport>.fromOpaque(contextUser).takeUnretainedValue()
    // `user` is the per-session slot only for the reasons handled below; for others lws passes
    // other things there, so it is read only inside those cases.
    var slot: UnsafeMutablePointer<UnsafeMutableRawPointer?>? { user?.assumingMemoryBound(to: UnsafeMutableRawPointer?.self) }
    var connection: Connection? { slot?.pointee.map { Unmanaged<Connection>.fromOpaque($0).takeUnretainedValue() } }
    switch reason {
    case LWS_CALLBACK_EVENT_WAIT_CANCELLED:
        transport.drainPending()
        return 0
    case LWS_CALLBACK_SERVER_NEW_CLIENT_INSTANTIATED:
        return transport.accepted(wsi)
    case LWS_CALLBACK_WSI_DESTROY:
        transport.socketDestroyed(wsi)
        return 0
    case LWS_CALLBACK_HTTP:
        guard let slot else { return -1 }
        let uri = input.map { String(cString: $0.assumingMemoryBound(to: CChar.self)) } ?? "/"
        return transport.handleHTTP(wsi, slot, uri: uri)
    case LWS_CALLBACK_HTTP_BODY:
        // A handler's body is gathered (bounded); any other request's body is dropped.
        if let connection, let input {
            let bytes = UnsafeRawBufferPointer(start: input, count: length)
            if connection.pendingUpload != nil {
                transport.server.receiveUploadBody(connection, bytes)
            } else {
                transport.receiveBody(connection, bytes)
            }
        }
        return 0
    case LWS_CALLBACK_HTTP_BODY_COMPLETION:
        transport.admission.bodyArrived(wsi)
        transport.awaitAnswer(wsi)
        if let connection, connection.pendingUpload != nil {
            transport.server.uploadBodyComplete(connection)
        } else if let connection {
            transport.bodyComplete(wsi, connection)
        } else {
            lws_callback_on_writable(wsi)
        }
        return 0
    case LWS_CALLBACK_HTTP_WRITEABLE:
        guard let connection else { return 0 }
        return transport.writeHTTP(wsi, connection)
    case LWS_CALLBACK_FILTER_PROTOCOL_CONNECTION:
        return transport.filterWebSocket(wsi)
    case LWS_CALLBACK_ESTABLISHED:
        guard let slot else { return -1 }
        transport.established(wsi, slot)
        return 0
    case LWS_CALLBACK_RECEIVE:
        guard let connection, let input else { return 0 }
        return transport.receive(wsi, connection, UnsafeRawBufferPointer(start: input, count: length))
    case LWS_CALLBACK_RECEIVE_PONG:
        if let connection { transport.heard(connection) }
        return 0
    case LWS_CALLBACK_SERVER_WRITEABLE:
        guard let connection else { return 0 }
        return transport.writeWebSocket(wsi, connection)
    // An HTTP transaction ends (lws frees the slot's memory when it unbinds the protocol:
    // what it held had to be let go here, or every answered request kept its connection),
    // or the socket closes.
    case LWS_CALLBACK_CLOSED, LWS_CALLBACK_CLOSED_HTTP, LWS_CALLBACK_HTTP_DROP_PROTOCOL:
        if let slot, let pointer = slot.pointee {
            transport.closed(Unmanaged<Connection>.fromOpaque(pointer).takeUnretainedValue())
            Unmanaged<Connection>.fromOpaque(pointer).release()
            slot.pointee = nil
        }
        return 0
    default:
        return lws_callback_http_dummy(wsi, reason, user, input, length)
    }
}
