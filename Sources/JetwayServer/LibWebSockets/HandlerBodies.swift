import CLibWebSockets
import Foundation

/// A handler request's body, gathered as libwebsockets hands it over.
extension LibWebSocketsTransport {
    /// Service thread: a piece of a handler request's body.
    func receiveBody(_ connection: Connection, _ bytes: UnsafeRawBufferPointer) {
        guard let pending = connection.pendingRequest else { return }
        // Appended in place: a copy of the struct would copy the whole body for every chunk.
        if pending.body.count + bytes.count > pending.handler.maxBodyBytes {
            connection.pendingRequest!.oversize = true
            connection.pendingRequest!.body = []
        } else if !pending.oversize {
            connection.pendingRequest!.body.append(contentsOf: bytes)
        }
    }

    /// Service thread: the body is complete.
    func bodyComplete(_ wsi: OpaquePointer, _ connection: Connection) {
        guard let pending = connection.pendingRequest else {
            lws_callback_on_writable(wsi)
            return
        }
        connection.pendingRequest = nil
        if pending.oversize {
            _ = carryOut(.answer(JetwayServer.bodyTooLarge(pending.handler).httpResponse, headOnly: false, closes: true), wsi, connection)
            return
        }
        _ = carryOut(.handler(pending, bodyBytes: 0), wsi, connection)
    }

    /// The headers a handler may read (`Request.headerNames`), by lower-cased name.
    static func requestHeaders(_ wsi: OpaquePointer) -> [String: String] {
        let tokens: [(String, lws_token_indexes)] = [
            ("accept", WSI_TOKEN_HTTP_ACCEPT), ("accept-language", WSI_TOKEN_HTTP_ACCEPT_LANGUAGE),
            ("authorization", WSI_TOKEN_HTTP_AUTHORIZATION),
            ("content-type", WSI_TOKEN_HTTP_CONTENT_TYPE), ("content-length", WSI_TOKEN_HTTP_CONTENT_LENGTH),
            ("cookie", WSI_TOKEN_HTTP_COOKIE), ("host", WSI_TOKEN_HOST), ("origin", WSI_TOKEN_ORIGIN),
            ("referer", WSI_TOKEN_HTTP_REFERER), ("user-agent", WSI_TOKEN_HTTP_USER_AGENT),
            ("if-none-match", WSI_TOKEN_HTTP_IF_NONE_MATCH), ("transfer-encoding", WSI_TOKEN_HTTP_TRANSFER_ENCODING),
        ]
        var headers: [String: String] = [:]
        for (name, token) in tokens {
            if let value = header(wsi, token) { headers[name] = value }
        }
        for name in ["sec-fetch-site", "x-request-id"] {
            if let value = customHeader(wsi, name) { headers[name] = value }
        }
        return headers
    }

    /// A header libwebsockets has no token for.
    static func customHeader(_ wsi: OpaquePointer, _ name: String) -> String? {
        let key = name + ":"
        let length = key.withCString { Int(lws_hdr_custom_length(wsi, $0, Int32(key.utf8.count))) }
        guard length > 0, length < 8192 else { return nil }
        var buffer = [CChar](repeating: 0, count: length + 1)
        let copied = key.withCString { lws_hdr_custom_copy(wsi, &buffer, Int32(buffer.count), $0, Int32(key.utf8.count)) }
        guard copied >= 0 else { return nil }
        return String(cBuffer: buffer)
    }
}
