import Foundation
import Jetway
import JetwayBrowser
import Testing

@testable import JetwayServer

/// HTTP handlers beside the pages, over real sockets: methods, statuses, bodies, JSON errors,
/// bearer tokens, cross-site refusal, and a handler's change reaching an open page.
@MainActor
@Suite(.serialized)
struct HandlerTests {
    @Observable @MainActor
    final class Board {
        var flights: [String: String] = ["MA100": "On time", "MA200": "Boarding"]
        var notes: [String] = []
    }

    struct StatusChange: Codable {
        let status: String
        let gate: Int?
    }

    struct BoardPage: View {
        let board: Board
        var body: some View {
            VStack {
                ForEach(board.flights.keys.sorted(), id: \.self) { number in
                    Text("\(number): \(board.flights[number] ?? "")")
                }
            }
        }
    }

    static let token = "machine-token-0123456789abcdef"

    func makeServer(_ board: Board, transport: TestTransport = .memory) throws -> TestServer {
        let app = JetwayApp(
            title: "Handlers",
            routes: [Route("/") { _ in BoardPage(board: board) }],
            handlers: [
                Handler(.get, "/api/flights/:number") { request in
                    let number = request.parameters["number"] ?? ""
                    guard let status = board.flights[number] else { throw HTTPError(404, "no flight \(number)") }
                    return try .json(["number": number, "status": status])
                },
                Handler(.post, "/api/flights/:number/status", maxBodyBytes: 256) { request in
                    let change = try request.decode(StatusChange.self)
                    board.flights[request.parameters["number"] ?? ""] = change.status
                    return .noContent
                },
                Handler(.put, "/api/flights/:number") { request in
                    let change = try request.decode(StatusChange.self)
                    board.flights[request.parameters["number"] ?? ""] = change.status
                    return try .json(["created": request.parameters["number"] ?? ""], status: 201)
                },
                Handler(.patch, "/api/notes") { request in
                    board.notes.append(request.text)
                    return .text("\(board.notes.count) notes")
                },
                Handler(.delete, "/api/flights/:number", auth: .bearer) { request in
                    board.flights[request.parameters["number"] ?? ""] = nil
                    return .noContent
                },
                Handler(.get, "/api/echo-cookie") { request in
                    .text(request.cookies["flavour"] ?? "none")
                },
                Handler(.get, "/go") { _ in .redirect(to: "/") },
                Handler(.get, "/old-board") { _ in .redirect(to: "/", status: 301) },
                Handler(.post, "/api/flavour") { request in
                    var response = Response.text("set")
                    response.setCookie(Cookie(name: "flavour", value: request.text, maxAge: 3600))
                    return response
                },
                Handler(.get, "/api/flavour") { request in .text(request.signedCookies["flavour"] ?? "none") },
                Handler(.get, "/api/device") { request in .text(request.device ?? "none") },
                Handler(.get, "/api/bad-header") { _ in
                    Response(status: 200, contentType: "text/plain", headers: [("x-evil", "a\r\nset-cookie: b=c")])
                },
                Handler(.get, "/api/fails") { _ in throw CocoaError(.fileNoSuchFile) },
                Handler(.get, "/api/echo-query") { request in
                    .text(request.query.sorted { $0.key < $1.key }.map { "\($0.key)=\($0.value)" }.joined(separator: "|"))
                },
            ])
        return try TestServer(app: app, transport: transport) { $0.apiTokens = [Self.token] }
    }

    @Test func aGetHandlerAnswersJSONAndHeadTheSameHeaders() async throws {
        let board = Board()
        let server = try makeServer(board)
        defer { server.stop() }
        let reply = await server.exchange("GET /api/flights/MA100 HTTP/1.1")
        #expect(reply.status == 200)
        #expect(reply.headers["content-type"] == "application/json")
        #expect(reply.body == #"{"number":"MA100","status":"On time"}"#)
        #expect(reply.headers["x-content-type-options"] == "nosniff", "handlers' answers carry the security headers")
        let head = await server.exchange("HEAD /api/flights/MA100 HTTP/1.1")
        #expect(head.status == 200 && head.body.isEmpty)
        #expect(head.headers["content-length"] == reply.headers["content-length"])
        let missing = await server.exchange("GET /api/flights/MA999 HTTP/1.1")
        #expect(missing.status == 404 && missing.body == #"{"error":"no flight MA999"}"#)
    }

    @Test func aPostedChangeReachesAnOpenPage() async throws {
        let board = Board()
        let server = try makeServer(board)
        defer { server.stop() }
        let page = try await server.get("/").body
        #expect(page.contains("MA100: On time"))
        let token = try #require(metaContent("jetway-token", in: page))
        let client = try await server.pageSocket()
        await client.sendText(#"["join","\#(token)","/",\#(metaContent("jetway-version", in: page) ?? "0"),"test"]"#)
        #expect(await client.next() == .text("[\"joined\",0]"))
        let reply = await server.exchange(
            "POST /api/flights/MA100/status HTTP/1.1", body: #"{"status":"Delayed"}"#, type: "application/json")
        #expect(reply.status == 204, "\(reply)")
        #expect(board.flights["MA100"] == "Delayed")
        guard case .text(let patch) = await client.next() else { Issue.record("the open page got no patch"); return }
        #expect(patch.contains("MA100: Delayed"))
    }

    @Test func badJSONIsA400NamingTheField() async throws {
        let server = try makeServer(Board())
        defer { server.stop() }
        let path = "POST /api/flights/MA100/status HTTP/1.1"
        let malformed = await server.exchange(path, body: #"{"status": "#, type: "application/json")
        #expect(malformed.status == 400 && malformed.body == #"{"error":"malformed JSON"}"#, "\(malformed)")
        let missing = await server.exchange(path, body: #"{"gate": 3}"#, type: "application/json")
        #expect(missing.status == 400 && missing.body == #"{"error":"missing field","field":"status"}"#, "\(missing)")
        let wrong = await server.exchange(path, body: #"{"status": "Delayed", "gate": "three"}"#, type: "application/json")
        #expect(wrong.status == 400 && wrong.body == #"{"error":"wrong type","field":"gate"}"#, "\(wrong)")
    }

    @Test func wrongMethodsAndUnknownPathsGetTheirStatus() async throws {
        let server = try makeServer(Board())
        defer { server.stop() }
        let wrong = await server.exchange("POST /api/flights/MA100 HTTP/1.1", body: "{}")
        #expect(wrong.status == 405)
        #expect(wrong.headers["allow"] == "GET, HEAD, PUT, DELETE", "\(wrong.headers)")
        let page = await server.exchange("DELETE / HTTP/1.1")
        #expect(page.status == 405 && page.headers["allow"] == "GET, HEAD")
        let unknown = await server.exchange("POST /nowhere HTTP/1.1", body: "x")
        #expect(unknown.status == 404 && unknown.body == #"{"error":"not found"}"#)
        let unknownPage = await server.exchange("GET /nowhere HTTP/1.1")
        #expect(unknownPage.status == 404 && unknownPage.body.contains("Page not found"))
    }

    @Test func putPatchAndDeleteReachTheirHandlers() async throws {
        let board = Board()
        let server = try makeServer(board)
        defer { server.stop() }
        let put = await server.exchange("PUT /api/flights/MA300 HTTP/1.1", body: #"{"status":"Scheduled"}"#, type: "application/json")
        #expect(put.status == 201 && put.body == #"{"created":"MA300"}"#, "\(put)")
        #expect(board.flights["MA300"] == "Scheduled")
        let patch = await server.exchange("PATCH /api/notes HTTP/1.1", body: "gate B12 closed", type: "text/plain")
        #expect(patch.status == 200 && patch.body == "1 notes")
        #expect(board.notes == ["gate B12 closed"])
        let delete = await server.exchange("DELETE /api/flights/MA300 HTTP/1.1", headers: ["Authorization": "Bearer \(Self.token)"])
        #expect(delete.status == 204, "\(delete)")
        #expect(board.flights["MA300"] == nil)
    }

    /// A query's arguments are decoded once, whichever transport read them: an encoded `&`, `=`,
    /// `+` or `%` stays in its value, and `+` is a space.
    @Test(arguments: [TestTransport.memory, .sockets])
    func aQueryIsDecodedOnceOverEitherTransport(_ transport: TestTransport) async throws {
        let server = try makeServer(Board(), transport: transport)
        defer { server.stop() }
        let reply = await server.exchange("GET /api/echo-query?q=a%26b%3Dc%2Bd+e%25&city=Z%C3%BCrich&flag HTTP/1.1")
        #expect(reply.body == "city=Zürich|flag=|q=a&b=c+d e%", "\(reply)")
    }

    /// Bodies as they arrive on a socket (declared, chunked, garbled, pipelined): the socket
    /// transport's.
    @Test func aBodyOverTheLimitIsA413AndIsNotRead() async throws {
        let board = Board()
        let server = try makeServer(board, transport: .sockets)
        defer { server.stop() }
        let big = #"{"status":""# + String(repeating: "x", count: 1000) + #""}"#
        let reply = await server.exchange("POST /api/flights/MA100/status HTTP/1.1", body: big, type: "application/json")
        #expect(reply.status == 413, "\(reply)")
        #expect(reply.body.contains("larger than 256 bytes"))
        #expect(board.flights["MA100"] == "On time")
        // A body of 3 MB, sent whole before the answer is read: the 413 still arrives (here, on
        // loopback, where the kernel has taken the body before the server closes).
        let huge = String(repeating: "x", count: 3 << 20)
        let hugeReply = await server.exchange("PATCH /api/notes HTTP/1.1", body: huge, type: "text/plain")
        #expect(hugeReply.status == 413, "a large refused body ended in \(hugeReply.status)")
        #expect(board.notes.isEmpty)
        // Chunked, with no length announced: refused with a clear status, not waited for.
        let chunk = String(big.utf8.count, radix: 16)
        let chunked = await server.exchange(
            "POST /api/flights/MA100/status HTTP/1.1", headers: ["Transfer-Encoding": "chunked", "Content-Type": "application/json"],
            rawBody: "\(chunk)\r\n\(big)\r\n0\r\n\r\n")
        #expect(chunked.status == 411, "\(chunked)")
        #expect(board.flights["MA100"] == "On time")
        // Exactly at the limit is accepted, one byte over is not.
        let exact = #"{"status":""# + String(repeating: "x", count: 256 - 13) + #""}"#
        #expect(exact.utf8.count == 256)
        #expect(await server.exchange("POST /api/flights/MA200/status HTTP/1.1", body: exact, type: "application/json").status == 204)
        let over = #"{"status":""# + String(repeating: "x", count: 257 - 13) + #""}"#
        #expect(await server.exchange("POST /api/flights/MA200/status HTTP/1.1", body: over, type: "application/json").status == 413)
        // A Content-Length that is not a number is a 400, not an empty body.
        let garbled = await server.exchange(
            "POST /api/flights/MA100/status HTTP/1.1", headers: ["Content-Length": "5x", "Content-Type": "application/json"],
            rawBody: "{}")
        #expect(garbled.status == 400, "\(garbled)")
        // A body declared short that goes on: the declared bytes are the body; what follows is
        // the next request, parsed as one (and answered in its own right).
        let notes = #"first note"#
        let pipelined = await server.rawExchange(
            Array(
                ("PATCH /api/notes HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: text/plain\r\n"
                    + "Content-Length: \(notes.utf8.count)\r\n\r\n\(notes)second note that is not a request").utf8))
        #expect(String(decoding: pipelined, as: UTF8.self).hasPrefix("HTTP/1.1 200"))
        try? await Task.sleep(for: .milliseconds(100))
        #expect(board.notes == ["first note"], "the bytes past the declared length became part of a body: \(board.notes)")
    }

    @Test func bearerHandlersRefuseMissingAndWrongTokens() async throws {
        let board = Board()
        let server = try makeServer(board)
        defer { server.stop() }
        let missing = await server.exchange("DELETE /api/flights/MA100 HTTP/1.1")
        #expect(missing.status == 401 && missing.headers["www-authenticate"] == "Bearer")
        let wrong = await server.exchange("DELETE /api/flights/MA100 HTTP/1.1", headers: ["Authorization": "Bearer \(Self.token)x"])
        #expect(wrong.status == 401 && wrong.body.contains("not valid"))
        #expect(board.flights["MA100"] == "On time")
        #expect(JetwayServer.constantTimeEqual("abc", "abc") && !JetwayServer.constantTimeEqual("abc", "abd"))
        #expect(!JetwayServer.constantTimeEqual("abc", "abcd") && !JetwayServer.constantTimeEqual("", "a"))
    }

    @Test func stateChangingRequestsFromAnotherSiteAreRefused() async throws {
        let board = Board()
        let server = try makeServer(board)
        defer { server.stop() }
        let path = "POST /api/flights/MA100/status HTTP/1.1"
        let body = #"{"status":"Cancelled"}"#
        let foreign = await server.exchange(path, headers: ["Origin": "http://evil.example"], body: body, type: "application/json")
        #expect(foreign.status == 403, "\(foreign)")
        let fetch = await server.exchange(path, headers: ["Sec-Fetch-Site": "cross-site"], body: body, type: "application/json")
        #expect(fetch.status == 403)
        let sameSite = await server.exchange(path, headers: ["Sec-Fetch-Site": "same-site"], body: body, type: "application/json")
        #expect(sameSite.status == 403, "a sibling subdomain is another site's page too")
        #expect(board.flights["MA100"] == "On time")
        let own = await server.exchange(
            path, headers: ["Origin": "http://127.0.0.1", "Sec-Fetch-Site": "same-origin"], body: body, type: "application/json")
        #expect(own.status == 204, "\(own)")
        // A GET from anywhere is fine: it changes nothing.
        let read = await server.exchange("GET /api/flights/MA100 HTTP/1.1", headers: ["Origin": "http://evil.example"])
        #expect(read.status == 200 && read.body.contains("Cancelled"))
    }

    @Test func signedCookiesComeBackOnlyUntouched() async throws {
        let server = try makeServer(Board())
        defer { server.stop() }
        let set = await server.exchange("POST /api/flavour HTTP/1.1", body: "mint", type: "text/plain")
        let cookie = try #require(set.headers["set-cookie"])
        #expect(cookie.hasPrefix("flavour=mint."), "\(cookie)")
        #expect(
            cookie.contains("; Path=/") && cookie.contains("; Max-Age=3600") && cookie.contains("; SameSite=Lax")
                && cookie.contains("; HttpOnly"))
        #expect(!cookie.contains("Secure"), "plain http: no Secure flag unless configured")
        let pair = String(cookie.prefix { $0 != ";" })
        #expect(await server.exchange("GET /api/flavour HTTP/1.1", headers: ["Cookie": pair]).body == "mint")
        let mac = pair.split(separator: ".").last ?? ""
        #expect(await server.exchange("GET /api/flavour HTTP/1.1", headers: ["Cookie": "flavour=chocolate.\(mac)"]).body == "none")
        #expect(await server.exchange("GET /api/flavour HTTP/1.1", headers: ["Cookie": "flavour=mint"]).body == "none")
        // A value that would break the header is refused, not sent.
        let broken = await server.exchange("POST /api/flavour HTTP/1.1", body: "a;b", type: "text/plain")
        #expect(broken.status == 500 && broken.headers["set-cookie"] == nil)
    }

    @Test func pagesGiveEachBrowserADeviceCookieThatHandlersRead() async throws {
        let server = try makeServer(Board())
        defer { server.stop() }
        let first = await server.exchange("GET / HTTP/1.1")
        let cookie = try #require(first.headers["set-cookie"])
        #expect(cookie.hasPrefix("jw_device=") && cookie.contains("; HttpOnly") && cookie.contains("; Max-Age=31536000"), "\(cookie)")
        let pair = String(cookie.prefix { $0 != ";" })
        let again = await server.exchange("GET / HTTP/1.1", headers: ["Cookie": pair])
        #expect(again.headers["set-cookie"] == nil, "a browser with a device cookie keeps it")
        let device = await server.exchange("GET /api/device HTTP/1.1", headers: ["Cookie": pair]).body
        #expect(device.count == 32 && pair.contains(device))
        #expect(await server.exchange("GET /api/device HTTP/1.1").body == "none")
        let forged = await server.exchange("GET / HTTP/1.1", headers: ["Cookie": "jw_device=0123.abc"])
        #expect(forged.headers["set-cookie"]?.hasPrefix("jw_device=") == true, "a forged device cookie is replaced")
    }

    @Test func cookiesRedirectsAndBrokenResponses() async throws {
        let server = try makeServer(Board())
        defer { server.stop() }
        let cookie = await server.exchange("GET /api/echo-cookie HTTP/1.1", headers: ["Cookie": "a=1; flavour=\"mint\"; b=2"])
        #expect(cookie.body == "mint")
        let redirect = await server.exchange("GET /go HTTP/1.1")
        #expect(redirect.status == 303 && redirect.headers["location"] == "/")
        let moved = await server.exchange("GET /old-board HTTP/1.1")
        #expect(moved.status == 301 && moved.headers["location"] == "/", "\(moved)")
        let injected = await server.exchange("GET /api/bad-header HTTP/1.1")
        #expect(injected.status == 500 && injected.headers["set-cookie"] == nil, "a handler's header must not split the response")
        let failed = await server.exchange("GET /api/fails HTTP/1.1")
        #expect(failed.status == 500 && failed.body == #"{"error":"internal error"}"#, "the error's text stays in the log")
    }
}

/// A raw HTTP exchange over one connection: status, headers (lower-cased names), body.
struct HTTPReply: CustomStringConvertible {
    let status: Int
    let headers: [String: String]
    let body: String
    var description: String { "\(status) \(headers) \(body)" }
}

extension TestServer {
    nonisolated func exchange(
        _ requestLine: String, headers: [String: String] = [:], body: String? = nil, type: String? = nil, rawBody: String? = nil,
        timeout: Int = 20
    ) async -> HTTPReply {
        if let memory {
            precondition(rawBody == nil, "a raw body is the socket transport's to read")
            let parts = requestLine.split(separator: " ")
            var sent = headers
            if let type { sent["Content-Type"] = type }
            // As the socket form writes it: a body given, even empty, has its length.
            if let body { sent["Content-Length"] = String(body.utf8.count) }
            let reply = await memory.request(
                String(parts[0]), String(parts[1]), headers: sent, body: Array((body ?? "").utf8), http10: parts.last == "HTTP/1.0")
            return HTTPReply(status: reply.status, headers: TestServer.lastOfEach(reply.headers), body: reply.text)
        }
        var request = requestLine + "\r\nHost: 127.0.0.1\r\nConnection: close\r\n"
        for (name, value) in headers { request += "\(name): \(value)\r\n" }
        if let type { request += "Content-Type: \(type)\r\n" }
        if let body { request += "Content-Length: \(body.utf8.count)\r\n" }
        request += "\r\n" + (body ?? rawBody ?? "")
        let bytes = await rawExchange(Array(request.utf8), timeout: timeout)
        let text = String(decoding: bytes, as: UTF8.self)
        guard let split = text.range(of: "\r\n\r\n") else { return HTTPReply(status: 0, headers: [:], body: text) }
        let lines = text[..<split.lowerBound].components(separatedBy: "\r\n")
        let status = lines.first.flatMap { Int($0.split(separator: " ").dropFirst().first ?? "") } ?? 0
        var parsed: [String: String] = [:]
        for line in lines.dropFirst() {
            guard let colon = line.firstIndex(of: ":") else { continue }
            parsed[line[..<colon].lowercased()] = line[line.index(after: colon)...].trimmingCharacters(in: .whitespaces)
        }
        return HTTPReply(status: status, headers: parsed, body: String(text[split.upperBound...]))
    }
}
