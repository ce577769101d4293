import Foundation
import Jetway

/// An HTTP request's head as a transport hands it over, once the transport has checked what
/// only it can see (the request line's syntax, header sizes, deadlines).
struct RequestHead: Sendable {
    /// Nil for a method no route takes (405).
    var method: HTTPMethod?
    var path: String
    /// The query string, without `?`.
    var query: String
    /// The headers routing and handlers read (`Request.headerNames`, `accept-encoding`, and an
    /// upload's `x-jetway-*`), by lower-cased name.
    var headers: [String: String]
    /// HTTP/1.0 may leave the Host out; 1.1 may not.
    var isHTTP10 = false
    /// The client's address (a trusted proxy's forwarded address already resolved).
    var address: String
    /// Reached over https: cookies get `Secure`.
    var secure = false
}

extension RequestHead {
    /// What RFC 9112 asks of a request's body framing, which libwebsockets 4.1 does not check:
    /// `Content-Length` one run of digits, given once (`contentLengths`: each field line's
    /// value); no `Transfer-Encoding` (chunked bodies are not read); POST, PUT and PATCH say
    /// how long their body is. The error to answer (the connection then closes), or nil.
    static func framingProblem(method: HTTPMethod?, contentLengths: [String], chunked: Bool) -> HTTPError? {
        var length: Int?
        if let first = contentLengths.first {
            guard contentLengths.count == 1 else { return HTTPError(400, "Content-Length is given more than once") }
            let value = first.trimmingCharacters(in: CharacterSet(charactersIn: " \t"))
            guard !value.isEmpty, value.utf8.count <= 18, value.utf8.allSatisfy({ $0 >= UInt8(ascii: "0") && $0 <= UInt8(ascii: "9") })
            else { return HTTPError(400, "Content-Length is not a number of bytes (digits only)") }
            length = Int(value)
        }
        if chunked { return HTTPError(411, "a Content-Length is required (chunked bodies are not read)") }
        if length == nil, method == .post || method == .put || method == .patch { return HTTPError(411, "a Content-Length is required") }
        return nil
    }
}

/// What a request needs once it is routed: the one decision both transports (libwebsockets and
/// the in-memory one) carry out, each in its own way.
enum RequestPlan: Sendable {
    /// Answered now. `closes`: the connection closes after it (its unread body is not taken
    /// for a next request).
    case answer(HTTPResponse, headOnly: Bool, closes: Bool)
    /// Answered when `work` calls its `answer` (from any thread): a file read on a worker, a
    /// page rendered on the main actor and compressed on a worker. Callbacks, not `async`: the
    /// answer goes from the thread that made it straight to the transport, without a hop
    /// through the cooperative pool (two threads here, which busy tasks can hold).
    case answerLater(headOnly: Bool, work: @Sendable (_ answer: @escaping @Sendable (HTTPResponse) -> Void) -> Void)
    /// A handler's request: its body (`bodyBytes` declared) is gathered, then `respond(to:)`.
    case handler(PendingRequest, bodyBytes: Int)
    /// A file for a page's `.fileImporter`, streamed to disk (`startUpload`).
    case upload
}

extension JetwayServer {
    /// Where a request goes: assets, symbols, the stats, an upload, an app's handler, or a page.
    /// No I/O happens here; what takes time is in the plan's `work`.
    func plan(_ head: RequestHead) -> RequestPlan {
        let host = head.headers["host"]
        if !allowedHosts.allows(host) && !(host == nil && head.isHTTP10) {
            var refusal =
                host == nil
                ? HTTPError(400, "a Host header is required")
                : HTTPError(
                    421, "this server does not answer to that host name (the app lists its names in allowedHosts, JETWAY_ALLOWED_HOSTS)")
            refusal.headers["connection"] = "close"
            Log.warn("host_refused", ["host": host ?? "", "address": head.address])
            return .answer(refusal.httpResponse, headOnly: false, closes: true)
        }
        guard let method = head.method else {
            return .answer(
                HTTPError(405, "method not allowed", headers: ["allow": "GET, HEAD, POST, PUT, PATCH, DELETE"]).httpResponse,
                headOnly: false, closes: false)
        }
        let isHead = method == .head
        let path = head.path.isEmpty ? "/" : head.path
        let query = head.query
        if path == Self.uploadPath {
            guard method == .post else {
                return .answer(
                    HTTPError(405, "method not allowed", headers: ["allow": "POST"]).httpResponse, headOnly: isHead, closes: false)
            }
            return .upload
        }
        if path == Self.statsPath {
            guard method == .get || isHead, hasAPIToken(head.headers["authorization"] ?? "") else {
                return .answer(HTTPResponse.notFoundPage(title: app.title), headOnly: isHead, closes: false)
            }
            return .answerLater(headOnly: isHead) { answer in
                Task { @MainActor in answer(self.statsResponse()) }
            }
        }
        switch app.resolve(method, path) {
        case .handler(let handler, let parameters):
            return planHandler(head, handler, method, path: path, parameters: parameters)
        case .methodNotAllowed(let methods):
            return .answer(
                HTTPError(405, "method not allowed", headers: ["allow": Self.allowHeader(methods)]).httpResponse, headOnly: isHead,
                closes: false)
        case .notFound where method != .get && method != .head:
            return .answer(HTTPError(404, "not found").httpResponse, headOnly: false, closes: false)
        case .page, .notFound:
            break
        }
        guard method == .get || isHead else {
            return .answer(
                HTTPError(405, "method not allowed", headers: ["allow": "GET, HEAD"]).httpResponse, headOnly: false, closes: false)
        }
        if path == "/favicon.ico" {
            // Pages link the bundled SVG icon; this answers browsers and bots that ask anyway.
            let response =
                assets.response(for: "favicon.ico", ifNoneMatch: nil)
                ?? HTTPResponse(status: 204, contentType: "image/x-icon", headers: [("cache-control", "public, max-age=86400")], body: [])
            return .answer(response, headOnly: isHead, closes: false)
        }
        if let documentation, path.hasPrefix(DocumentationFiles.pathPrefix) || path == "/_jetway/docs" {
            let name = String(path.dropFirst(min(path.count, DocumentationFiles.pathPrefix.count)))
            return .answerLater(headOnly: isHead) { answer in
                DispatchQueue.global().async {
                    answer(documentation.response(for: name) ?? HTTPResponse.notFoundPage(title: self.app.title))
                }
            }
        }
        if path.hasPrefix(SymbolFiles.pathPrefix) {
            let name = String(path.dropFirst(SymbolFiles.pathPrefix.count))
            return .answerLater(headOnly: isHead) { answer in
                DispatchQueue.global().async {
                    answer(self.symbols.response(for: name) ?? HTTPResponse.notFoundPage(title: self.app.title))
                }
            }
        }
        if path.hasPrefix("/assets/") {
            let etag = head.headers["if-none-match"]
            let acceptsGzip = Gzip.isAccepted(by: head.headers["accept-encoding"])
            let name = String(path.dropFirst("/assets/".count))
            // Read (and compressed) on a worker: a large file of the app's never holds up the
            // transport, which serves every other socket.
            return .answerLater(headOnly: isHead) { answer in
                DispatchQueue.global().async {
                    answer(
                        self.assets.response(for: name, ifNoneMatch: etag, query: query, acceptsGzip: acceptsGzip)
                            ?? HTTPResponse.notFoundPage(title: self.app.title))
                }
            }
        }
        var identity = identity(
            cookieHeader: head.headers["cookie"], userAgent: head.headers["user-agent"], acceptLanguage: head.headers["accept-language"])
        let deviceCookie = identity.device == nil ? newDeviceCookie(secure: head.secure) : nil
        if let deviceCookie { (identity.device, identity.deviceIsNew) = (deviceCookie.id, true) }
        let browser = identity
        let address = head.address
        let acceptsGzip = Gzip.isAccepted(by: head.headers["accept-encoding"])
        let started = DispatchTime.now()
        return .answerLater(headOnly: isHead) { answer in
            Task { @MainActor in
                var page = await self.sessions.renderPageInTurn(path: path, query: query, address: address, identity: browser)
                if let deviceCookie { page.headers.append(("set-cookie", deviceCookie.header)) }
                let rendered = page
                // Compressed on a worker thread: neither the views nor the sockets wait for zlib.
                DispatchQueue.global().async {
                    let response = acceptsGzip ? rendered.gzipped() ?? rendered : rendered
                    Log.info(
                        "page",
                        [
                            "path": path, "status": response.status, "bytes": response.body.count,
                            "duration_us": (DispatchTime.now().uptimeNanoseconds - started.uptimeNanoseconds) / 1000,
                        ])
                    answer(response)
                }
            }
        }
    }

    /// A handler's request, checked (access, cross-site, declared size) before its body is read.
    private func planHandler(
        _ head: RequestHead, _ handler: Handler, _ method: HTTPMethod, path: String, parameters: [String: String]
    ) -> RequestPlan {
        if let refusal = refusal(for: handler, method, head.headers) {
            Log.warn("request_refused", ["path": path, "method": method.rawValue, "status": refusal.status, "address": head.address])
            return .answer(refusal.httpResponse, headOnly: method == .head, closes: false)
        }
        // Its syntax was checked with the request's head (RequestSyntax): digits, given once.
        let declared = head.headers["content-length"].flatMap { Int($0.trimmingCharacters(in: .whitespaces)) } ?? 0
        if declared > handler.maxBodyBytes {
            // Not read at all: the connection closes after the answer.
            return .answer(Self.bodyTooLarge(handler).httpResponse, headOnly: false, closes: true)
        }
        // A handler reads the headers `Request.headerNames` lists, whatever the transport read.
        let pending = PendingRequest(
            handler: handler, method: method, path: path, parameters: parameters, query: RouteMatch.parseQuery(head.query),
            headers: head.headers.filter { Request.headerNames.contains($0.key) }, address: head.address, secure: head.secure)
        return .handler(pending, bodyBytes: declared)
    }

    static func bodyTooLarge(_ handler: Handler) -> HTTPError {
        var error = HTTPError(413, "the body is larger than \(handler.maxBodyBytes) bytes")
        error.headers = ["connection": "close"]
        return error
    }
}

extension SessionManager {
    /// A page's render counts against its address's share of the main actor, and waits when
    /// the address has used it up (twenty pages typing from one address).
    func renderPageInTurn(path: String, query: String, address: String, identity: BrowserIdentity) async -> HTTPResponse {
        let key = [MainActorShares.addressKey(address)]
        if takesTurns, let wait = shares.wait(for: key, at: .now) {
            try? await Task.sleep(for: min(wait, SessionManager.longestWait))
        }
        let rendering = ContinuousClock.now
        let page = renderPage(path: path, query: query, address: address, identity: identity).varyingByEncoding()
        shares.charge(ContinuousClock.now - rendering, to: key, at: .now)
        return page
    }
}
