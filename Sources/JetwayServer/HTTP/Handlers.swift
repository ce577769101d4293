import Foundation
import Jetway

/// A handler request on its way: checked when routed (access, cross-site, size), its body
/// gathered as the transport hands it over, then run on the main actor (`respond(to:)`).
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

    /// Runs a handler's request on the main actor: its answer, with the sign-in it changed.
    /// The work of a handler's plan: `respond(to:)` on the main actor.
    func respond(to pending: PendingRequest) -> @Sendable (_ answer: @escaping @Sendable (HTTPResponse) -> Void) -> Void {
        { answer in Task { @MainActor in answer(await self.respond(to: pending)) } }
    }

    @MainActor func respond(to pending: PendingRequest) async -> HTTPResponse {
        let cookies = Request.parseCookies(pending.headers["cookie"] ?? "")
        var request = Request(
            method: pending.method == .head ? .get : pending.method, path: pending.path, parameters: pending.parameters,
            query: pending.query, headers: pending.headers, signedCookies: Cookie.verified(cookies, secret: secret), body: pending.body,
            remoteAddress: pending.address)
        let identity = identity(signedCookies: request.signedCookies)
        // What the handler does for this browser, its pages that share new browsers' rendering see.
        if let device = identity.device { sessions.deviceWasSeen(device) }
        request.signInID = identity.signInID
        request.user = identity.user
        let secure = pending.secure
        let handler = pending.handler
        let started = DispatchTime.now()
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
        return response
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
