import CLibWebSockets
import Foundation

/// A handler request on its way: checked on the service thread (access, cross-site, size), its
/// body gathered as libwebsockets hands it over, then run on the main actor.
struct PendingRequest {
    let handler: Handler
    let method: HTTPMethod
    let path: String
    let parameters: [String: String]
    let query: [String: String]
    let headers: [String: String]
    let address: String
    /// Reached over https (cookies get `Secure`).
    let secure: Bool
    var body: [UInt8] = []
    var oversize = false
}

extension JetwayServer {
    /// Service thread: checks the request and either answers it now or waits for its body.
    func startHandler(
        _ wsi: OpaquePointer, _ connection: Connection, _ handler: Handler, _ method: HTTPMethod, path: String,
        parameters: [String: String], query: String
    ) -> Int32 {
        let headers = Self.requestHeaders(wsi)
        let address = clientAddress(wsi)
        if let refusal = refusal(for: handler, method, headers) {
            Log.warn("request_refused", ["path": path, "method": method.rawValue, "status": refusal.status, "address": address])
            connection.setResponse(refusal.httpResponse, headOnly: method == .head)
            lws_callback_on_writable(wsi)
            return 0
        }
        // Its syntax was checked with the request's head (RequestSyntax): digits, given once.
        let declared = headers["content-length"].flatMap { Int($0.trimmingCharacters(in: .whitespaces)) }
        if let declared, declared > handler.maxBodyBytes {
            // Not read at all: the connection closes after the answer, so its unread body is
            // never taken for the next request.
            connection.closeAfterResponse = true
            var error = HTTPError(413, "the body is larger than \(handler.maxBodyBytes) bytes")
            error.headers = ["connection": "close"]
            connection.setResponse(error.httpResponse, headOnly: false)
            lws_callback_on_writable(wsi)
            return 0
        }
        let pending = PendingRequest(
            handler: handler, method: method, path: path, parameters: parameters, query: RouteMatch.parseQuery(query),
            headers: headers, address: address, secure: isSecure(wsi))
        if (declared ?? 0) > 0 {
            connection.pendingRequest = pending
            return 0
        }
        run(pending, on: connection)
        return 0
    }

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
            connection.closeAfterResponse = true
            var error = HTTPError(413, "the body is larger than \(pending.handler.maxBodyBytes) bytes")
            error.headers = ["connection": "close"]
            connection.setResponse(error.httpResponse, headOnly: false)
            lws_callback_on_writable(wsi)
            return
        }
        run(pending, on: connection)
    }

    /// Why a request may not reach its handler: a missing or wrong bearer token (401), or a
    /// state-changing request from another site (403).
    func refusal(for handler: Handler, _ method: HTTPMethod, _ headers: [String: String]) -> HTTPError? {
        if handler.access == .bearer {
            let authorization = headers["authorization"] ?? ""
            guard hasAPIToken(authorization) else {
                var error = HTTPError(
                    401, Self.bearerToken(authorization).isEmpty ? "a bearer token is required" : "the bearer token is not valid")
                error.headers = ["www-authenticate": "Bearer"]
                return error
            }
        }
        if method.changesState && isCrossSite(headers) {
            return HTTPError(403, "cross-site requests may not change state")
        }
        return nil
    }

    /// A browser says where a request comes from: `Sec-Fetch-Site` when it sends it, else
    /// `Origin`. Requests with neither (machine clients, curl) are not cross-site.
    func isCrossSite(_ headers: [String: String]) -> Bool {
        if let site = headers["sec-fetch-site"]?.lowercased(), !site.isEmpty {
            return site != "same-origin" && site != "none"
        }
        guard let origin = headers["origin"], !origin.isEmpty else { return false }
        let host = headers["host"] ?? ""
        return !(origin == "http://" + host || origin == "https://" + host || configuration.allowedOrigins.contains(origin))
    }

    /// The token of an `Authorization: Bearer <token>` header; empty when there is none.
    static func bearerToken(_ authorization: String) -> String {
        let prefix = "bearer "
        return authorization.lowercased().hasPrefix(prefix) ? String(authorization.dropFirst(prefix.count)) : ""
    }

    /// Whether the header carries one of the configured API tokens.
    func hasAPIToken(_ authorization: String) -> Bool {
        let token = Self.bearerToken(authorization)
        return !token.isEmpty && configuration.apiTokens.contains(where: { Self.constantTimeEqual($0, token) })
    }

    static func constantTimeEqual(_ lhs: String, _ rhs: String) -> Bool {
        let left = Array(lhs.utf8)
        let right = Array(rhs.utf8)
        var difference = UInt8(truncatingIfNeeded: left.count ^ right.count) | (left.count == right.count ? 0 : 1)
        for index in 0..<max(left.count, right.count) {
            difference |= (index < left.count ? left[index] : 0) ^ (index < right.count ? right[index] : 0)
        }
        return difference == 0
    }

    /// Runs the handler on the main actor and queues its answer.
    private func run(_ pending: PendingRequest, on connection: Connection) {
        let cookies = Request.parseCookies(pending.headers["cookie"] ?? "")
        var request = Request(
            method: pending.method == .head ? .get : pending.method, path: pending.path, parameters: pending.parameters,
            query: pending.query, headers: pending.headers, signedCookies: Cookie.verified(cookies, secret: secret), body: pending.body,
            remoteAddress: pending.address)
        let identity = identity(signedCookies: request.signedCookies)
        request.signInID = identity.signInID
        request.user = identity.user
        let secret = secret
        let secure = pending.secure
        let headOnly = pending.method == .head
        let handler = pending.handler
        let started = DispatchTime.now()
        Task { @MainActor [self] in
            let response: HTTPResponse
            do {
                var answer = try await handler.handle(request)
                applySignInChange(of: &answer, for: request, secure: secure)
                response = answer.httpResponse(secret: secret, secureCookies: secure)
            } catch let error as HTTPError {
                response = error.httpResponse
            } catch let error as any HTTPErrorConvertible {
                let answer = error.httpError
                // A 500 is a bug to find (an error at level error); the others are the world's.
                let log = answer.status == 500 ? Log.error : Log.warn
                log(
                    "handler_failed",
                    ["path": request.path, "method": request.method.rawValue, "status": answer.status, "error": String(describing: error)])
                response = answer.httpResponse
            } catch {
                Log.error("handler_failed", ["path": request.path, "method": request.method.rawValue, "error": String(describing: error)])
                response = HTTPError(500, "internal error").httpResponse
            }
            Log.info(
                "request",
                [
                    "method": pending.method.rawValue, "path": request.path, "status": response.status, "bytes": response.body.count,
                    "duration_us": (DispatchTime.now().uptimeNanoseconds - started.uptimeNanoseconds) / 1000,
                ])
            connection.setResponse(response, headOnly: headOnly)
            wake(connection)
        }
    }

    /// The headers a handler may read (`Request.headerNames`), by lower-cased name.
    static func requestHeaders(_ wsi: OpaquePointer) -> [String: String] {
        let tokens: [(String, lws_token_indexes)] = [
            ("accept", WSI_TOKEN_HTTP_ACCEPT), ("authorization", WSI_TOKEN_HTTP_AUTHORIZATION),
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

extension Response {
    /// The response as the transport writes it. A header whose name or value could split the
    /// response (CR, LF, NUL) makes it a 500: a handler cannot inject headers by mistake.
    /// The response as the transport writes it, without cookies (an error's answer).
    var httpResponse: HTTPResponse { httpResponse(secret: [], secureCookies: false) }

    /// The response as the transport writes it, its cookies signed with `secret`.
    func httpResponse(secret: [UInt8], secureCookies: Bool) -> HTTPResponse {
        var cookieHeaders: [(String, String)] = []
        for cookie in cookies {
            guard let value = cookie.headerValue(secret: secret, secure: secureCookies), !(cookie.signed && secret.isEmpty) else {
                Log.error("bad_response", ["status": status, "reason": "a cookie's name, value or path cannot be sent"])
                return HTTPError(500, "internal error").httpResponse
            }
            cookieHeaders.append(("set-cookie", value))
        }
        let unsafe = headers.contains { name, value in
            name.isEmpty || (name + value).utf8.contains { $0 == 13 || $0 == 10 || $0 == 0 } || name.contains(":")
        }
        guard !unsafe, (100...599).contains(status), !contentType.utf8.contains(where: { $0 < 32 }) else {
            Log.error("bad_response", ["status": status, "reason": "a header carries CR, LF or NUL, or the status is out of range"])
            return HTTPError(500, "internal error").httpResponse
        }
        var headers = headers.map { ($0.0.lowercased(), $0.1) } + cookieHeaders
        if !headers.contains(where: { $0.0 == "cache-control" }) { headers.append(("cache-control", "no-store")) }
        return HTTPResponse(status: UInt32(status), contentType: contentType, headers: headers, body: body)
    }
}

extension HTTPError {
    var httpResponse: HTTPResponse { response.httpResponse }

    init(_ status: Int, _ message: String, headers: [String: String]) {
        self.init(status, message)
        self.headers = headers
    }
}
