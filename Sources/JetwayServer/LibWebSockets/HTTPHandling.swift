import CLibWebSockets
import Foundation
import Jetway

/// HTTP on the service thread: the request's head read and checked for what only the transport
/// sees (syntax, sizes, deadlines), routed (`plan`, RequestRouting.swift), and the answer written
/// in one go when the socket is writable.
extension LibWebSocketsTransport {
    func handleHTTP(_ wsi: OpaquePointer, _ slot: UnsafeMutablePointer<UnsafeMutableRawPointer?>, uri: String) -> Int32 {
        if let previous = slot.pointee {
            Unmanaged<Connection>.fromOpaque(previous).release()
            slot.pointee = nil
        }
        let connection = Connection(kind: .http, maxQueuedBytes: configuration.maxQueuedBytes)
        connection.wsi = wsi
        slot.pointee = Unmanaged.passRetained(connection).toOpaque()
        requestHeadersArrived(wsi)
        // lws gives a request 5 s (its content timeout) and then closes the socket without a
        // word: a page that waits that long for the main actor (a busy server, a long render)
        // would get an empty reply. Without a body to wait for, the answer has
        // `responseTimeout`; a body's arrival keeps lws's own per-chunk deadline.
        if !Self.hasBody(wsi) { awaitAnswer(wsi) }
        if let refusal = Self.oversized(wsi) {
            connection.setResponse(refusal.httpResponse, headOnly: false)
            connection.closeAfterResponse = true
            lws_callback_on_writable(wsi)
            return 0
        }
        if var problem = RequestSyntax.problem(wsi, method: Self.method(wsi)) {
            problem.headers["connection"] = "close"
            Log.warn("request_malformed", ["reason": problem.message, "address": clientAddress(wsi)])
            connection.setResponse(problem.httpResponse, headOnly: false)
            connection.closeAfterResponse = true
            lws_callback_on_writable(wsi)
            return 0
        }
        let head = requestHead(wsi, uri: uri.isEmpty ? "/" : uri)
        return carryOut(server.plan(head), wsi, connection, head: head)
    }

    /// What libwebsockets read of a request, as routing takes it.
    func requestHead(_ wsi: OpaquePointer, uri: String) -> RequestHead {
        var headers = Self.requestHeaders(wsi)
        if let encodings = Self.header(wsi, WSI_TOKEN_HTTP_ACCEPT_ENCODING) { headers["accept-encoding"] = encodings }
        if uri == JetwayServer.uploadPath {
            for name in ["x-jetway-token", "x-jetway-path", "x-jetway-target"] {
                if let value = Self.customHeader(wsi, name) { headers[name] = value }
            }
        }
        return RequestHead(
            method: Self.method(wsi), path: uri, query: Self.queryString(wsi), headers: headers,
            isHTTP10: Self.header(wsi, WSI_TOKEN_HTTP) == "HTTP/1.0", address: clientAddress(wsi), secure: isSecure(wsi))
    }

    /// Service thread: carries out what routing decided. An answer is written when the socket
    /// is writable; work that takes time runs elsewhere and wakes the service thread when done.
    func carryOut(_ plan: RequestPlan, _ wsi: OpaquePointer, _ connection: Connection, head: RequestHead? = nil) -> Int32 {
        switch plan {
        case .answer(let response, let headOnly, let closes):
            if closes { connection.closeAfterResponse = true }
            connection.setResponse(response, headOnly: headOnly)
            lws_callback_on_writable(wsi)
        case .answerLater(let headOnly, let work):
            work { [self] response in
                connection.setResponse(response, headOnly: headOnly)
                wake(connection)
            }
        case .handler(let pending, let bodyBytes):
            if bodyBytes > 0 {
                connection.pendingRequest = pending
            } else {
                return carryOut(.answerLater(headOnly: pending.method == .head, work: server.respond(to: pending)), wsi, connection)
            }
        case .upload:
            guard let head else { return -1 }
            if let refusal = server.startUpload(head, connection) { return carryOut(refusal, wsi, connection) }
        }
        return 0
    }

    /// The request has all arrived: its answer may take `responseTimeout` (lws's deadline of
    /// 5 s, or none after a body, is replaced).
    func awaitAnswer(_ wsi: OpaquePointer) {
        lws_set_timeout(wsi, PENDING_TIMEOUT_USER_OK, Int32(clamping: Int(max(1, configuration.responseTimeout))))
    }

    /// Whether the request says a body follows (a length above zero, or chunks).
    static func hasBody(_ wsi: OpaquePointer) -> Bool {
        if lws_hdr_total_length(wsi, WSI_TOKEN_HTTP_TRANSFER_ENCODING) > 0 { return true }
        guard let length = header(wsi, WSI_TOKEN_HTTP_CONTENT_LENGTH) else { return false }
        return (Int(length.trimmingCharacters(in: .whitespaces)) ?? 1) > 0
    }

    /// 414 for a request line longer than `maxURIBytes`, 431 for a header (or all the cookies)
    /// longer than `maxHeaderBytes`; nil when the request is within both.
    static func oversized(_ wsi: OpaquePointer) -> HTTPError? {
        let uri =
            [WSI_TOKEN_GET_URI, WSI_TOKEN_POST_URI, WSI_TOKEN_PUT_URI, WSI_TOKEN_PATCH_URI, WSI_TOKEN_DELETE_URI, WSI_TOKEN_HEAD_URI]
            .map { Int(lws_hdr_total_length(wsi, $0)) }.max() ?? 0
        let query = Int(lws_hdr_total_length(wsi, WSI_TOKEN_HTTP_URI_ARGS))
        if uri + query > maxURIBytes { return HTTPError(414, "the address is longer than \(maxURIBytes) bytes") }
        var total = 0
        for token in [
            WSI_TOKEN_HTTP_COOKIE, WSI_TOKEN_HTTP_USER_AGENT, WSI_TOKEN_HTTP_REFERER, WSI_TOKEN_HTTP_AUTHORIZATION, WSI_TOKEN_HTTP_ACCEPT,
            WSI_TOKEN_HTTP_ACCEPT_LANGUAGE, WSI_TOKEN_HTTP_ACCEPT_ENCODING, WSI_TOKEN_ORIGIN, WSI_TOKEN_HOST, WSI_TOKEN_X_FORWARDED_FOR,
        ] {
            let length = Int(lws_hdr_total_length(wsi, token))
            if length > maxHeaderBytes { return HTTPError(431, "a request header is longer than \(maxHeaderBytes) bytes") }
            total += length
        }
        if total > headerRoom - 1024 { return HTTPError(431, "the request headers are too large") }
        return nil
    }

    /// The client's address: the peer's, or — when the peer is one of `trustedProxies` — the
    /// nearest address in `Forwarded` (RFC 7239), else in `X-Forwarded-For`, that is not a
    /// trusted proxy, so per-address limits apply to the real client. A header from anyone
    /// else is ignored.
    func clientAddress(_ wsi: OpaquePointer) -> String {
        var peer = [CChar](repeating: 0, count: 64)
        let direct = lws_get_peer_simple(wsi, &peer, peer.count).map { JetwayServer.peerAddress(String(cString: $0)) } ?? "unknown"
        return JetwayServer.clientAddress(
            peer: direct, forwardedFor: Self.header(wsi, WSI_TOKEN_X_FORWARDED_FOR), forwarded: Self.customHeader(wsi, "forwarded"),
            trusted: configuration.trustedProxies)
    }

    /// Whether the browser reached us over https: `secureCookies` says so, or a trusted proxy
    /// does (`proto=https` in the last `Forwarded` element, else `X-Forwarded-Proto: https`).
    /// Cookies then carry `Secure`.
    func isSecure(_ wsi: OpaquePointer) -> Bool {
        if configuration.secureCookies { return true }
        var peer = [CChar](repeating: 0, count: 64)
        let direct = lws_get_peer_simple(wsi, &peer, peer.count).map { JetwayServer.peerAddress(String(cString: $0)) } ?? ""
        guard configuration.trustedProxies.contains(direct) else { return false }
        if let forwarded = Self.customHeader(wsi, "forwarded"), let last = JetwayServer.forwardedElements(forwarded).last {
            return last.proto == "https"
        }
        return Self.customHeader(wsi, "x-forwarded-proto")?.trimmingCharacters(in: .whitespaces).lowercased() == "https"
    }

    /// The request's method, from the token libwebsockets filled for its request line.
    static func method(_ wsi: OpaquePointer) -> HTTPMethod? {
        let tokens: [(lws_token_indexes, HTTPMethod)] = [
            (WSI_TOKEN_GET_URI, .get), (WSI_TOKEN_HEAD_URI, .head), (WSI_TOKEN_POST_URI, .post),
            (WSI_TOKEN_PUT_URI, .put), (WSI_TOKEN_PATCH_URI, .patch), (WSI_TOKEN_DELETE_URI, .delete),
        ]
        return tokens.first { lws_hdr_total_length(wsi, $0.0) > 0 }?.1
    }

    func writeHTTP(_ wsi: OpaquePointer, _ connection: Connection) -> Int32 {
        guard let (response, headOnly) = connection.takeResponse() else { return 0 }
        let headerCapacity = 4096
        var buffer = [UInt8](repeating: 0, count: Int(JW_LWS_PRE) + headerCapacity)
        let ok = buffer.withUnsafeMutableBufferPointer { raw -> Bool in
            let start = raw.baseAddress! + Int(JW_LWS_PRE)
            var cursor: UnsafeMutablePointer<UInt8>? = start
            let end = start + headerCapacity - 1
            // 204 and 304 carry no Content-Length (max is LWS_ILLEGAL_HTTP_CONTENT_LEN, which Swift
            // cannot import); a HEAD answer carries the body's.
            let length = response.status == 204 || response.status == 304 ? lws_filepos_t.max : lws_filepos_t(response.body.count)
            if lws_add_http_common_headers(wsi, response.status, response.contentType, length, &cursor, end) != 0 {
                return false
            }
            // The security headers are lws's canned headers (`info.headers`): already written.
            for (name, value) in response.headers {
                let headerName = name + ":"
                if lws_add_http_header_by_name(wsi, headerName, value, Int32(value.utf8.count), &cursor, end) != 0 { return false }
            }
            return lws_finalize_write_http_header(wsi, start, &cursor, end) == 0
        }
        guard ok else { return -1 }
        if !headOnly && !response.body.isEmpty {
            var body = [UInt8](repeating: 0, count: Int(JW_LWS_PRE) + response.body.count)
            body.replaceSubrange(Int(JW_LWS_PRE)..., with: response.body)
            let written = body.withUnsafeMutableBufferPointer { raw in
                lws_write(wsi, raw.baseAddress! + Int(JW_LWS_PRE), response.body.count, LWS_WRITE_HTTP_FINAL)
            }
            if written < 0 { return -1 }
        }
        if connection.closeAfterResponse { return -1 }
        if lws_http_transaction_completed(wsi) != 0 { return -1 }
        admission.answered(wsi, now: DispatchTime.now().uptimeNanoseconds)
        return 0
    }

    static func header(_ wsi: OpaquePointer, _ token: lws_token_indexes) -> String? {
        let length = Int(lws_hdr_total_length(wsi, token))
        guard length > 0, length < 8192 else { return nil }
        var buffer = [CChar](repeating: 0, count: length + 1)
        guard lws_hdr_copy(wsi, &buffer, Int32(length + 1), token) >= 0 else { return nil }
        return String(cBuffer: buffer)
    }

    /// The query as the browser sent it: lws keeps each argument decoded (`a%26b` as `a&b`), so
    /// each is encoded again before they are joined, and routing decodes them once, as it does
    /// a query the in-memory transport hands over.
    static func queryString(_ wsi: OpaquePointer) -> String {
        var parts: [String] = []
        var buffer = [CChar](repeating: 0, count: 1024)
        var index: Int32 = 0
        while index < 64, lws_hdr_copy_fragment(wsi, &buffer, Int32(buffer.count), WSI_TOKEN_HTTP_URI_ARGS, index) > 0 {
            let argument = String(cBuffer: buffer)
            let pair = argument.split(separator: "=", maxSplits: 1, omittingEmptySubsequences: false)
            parts.append(pair.map(Self.queryEncoded).joined(separator: "="))
            index += 1
        }
        return parts.joined(separator: "&")
    }

    /// A decoded query component encoded again: every byte but the unreserved ones as `%XX`.
    static func queryEncoded(_ text: Substring) -> String {
        var out = ""
        for byte in text.utf8 {
            switch byte {
            case UInt8(ascii: "A")...UInt8(ascii: "Z"), UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "0")...UInt8(ascii: "9"),
                UInt8(ascii: "-"), UInt8(ascii: "."), UInt8(ascii: "_"), UInt8(ascii: "~"):
                out.unicodeScalars.append(Unicode.Scalar(byte))
            default:
                out += "%" + String(byte >> 4, radix: 16, uppercase: true) + String(byte & 15, radix: 16, uppercase: true)
            }
        }
        return out
    }
}

extension Connection {
    private static let responseLock = NSLock()

    func setResponse(_ response: HTTPResponse, headOnly: Bool) {
        Self.responseLock.lock()
        httpResponse = response
        self.headOnly = headOnly
        Self.responseLock.unlock()
    }

    /// Whether an answer waits to be written.
    var hasResponse: Bool {
        Self.responseLock.lock()
        defer { Self.responseLock.unlock() }
        return httpResponse != nil
    }

    func takeResponse() -> (HTTPResponse, Bool)? {
        Self.responseLock.lock()
        defer { Self.responseLock.unlock() }
        guard let response = httpResponse else { return nil }
        httpResponse = nil
        return (response, headOnly)
    }
}
