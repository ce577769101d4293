import Foundation
import Testing

@testable import JetwayServer

/// A request's head as RFC 9112 has it, over real sockets: what libwebsockets lets through and
/// a proxy in front might read otherwise is answered 400 (411 for a body of no stated length)
/// and the connection closed, so nothing sent after it is read as a request of its own.
@MainActor
@Suite(.serialized)
struct RequestSyntaxTests {
    @Test func contentLengthIsDigitsGivenOnce() throws {
        #expect(try RequestSyntax.contentLength([]).get() == nil)
        #expect(try RequestSyntax.contentLength(["5"]).get() == 5)
        #expect(try RequestSyntax.contentLength([" 12\t"]).get() == 12)
        for bad in [["+5"], ["-1"], ["0x5"], ["5, 5"], ["5 5"], [""], ["99999999999999999999"], ["5", "5"], ["٣"]] {
            #expect(throws: HTTPError.self, "\(bad)") { try RequestSyntax.contentLength(bad).get() }
        }
    }

    @Test func malformedHeadsAreRefusedAndNothingAfterThemIsRead() async throws {
        let server = try TestServer()
        defer { server.stop() }
        // Each followed by a second request that must never be answered.
        let smuggled = "GET /api/flights?limit=1 HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n"
        let post = "POST /ops/signin HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/x-www-form-urlencoded\r\n"
        let cases: [(String, String)] = [
            (post + "Content-Length: +5\r\n\r\nname=", "400"),
            (post + "Content-Length: 0x5\r\n\r\nname=", "400"),
            (post + "Content-Length: 5, 5\r\n\r\nname=", "400"),
            (post + "Content-Length: 5\r\nContent-Length: 5\r\n\r\nname=", "400"),
            (post + "Content-Length : 5\r\n\r\nname=", "400"),
            ("GET / HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Length     : 30\r\n\r\n", "400"),
            (post + "Transfer-Encoding\t: chunked\r\n\r\n", "400"),
            (post + "Transfer-Encoding: chunked\r\n\r\n5\r\nname=\r\n0\r\n\r\n", "411"),
            // A fold that hides the length: the POST has none.
            (post + "X-Folded: a\r\n b\r\nContent-Length: 5\r\n\r\nname=", "411"),
            ("GET / HTTP/1.1\r\nHost : 127.0.0.1\r\n\r\n", "400"),
            ("GET / HTTP/1.1\r\nHost: 127.0.0.1\r\nHost: evil.example\r\n\r\n", "400"),
            ("GET / HTTP/2.0\r\nHost: 127.0.0.1\r\n\r\n", "400"),
        ]
        for (request, status) in cases {
            let answer = String(decoding: await server.rawExchange(Array((request + smuggled).utf8), timeout: 5), as: UTF8.self)
            // (lws answers some itself, as HTTP/1.0.)
            let statusLine = answer.prefix(12)
            #expect(statusLine == "HTTP/1.1 \(status)" || statusLine == "HTTP/1.0 \(status)", "\(request.debugDescription) → \(answer.prefix(60).debugDescription)")
            #expect(answer.components(separatedBy: "HTTP/1.").count == 2, "more than one answer: \(answer.prefix(400))")
        }
        // A length past anything a route takes is refused, not a crash: the server answers after.
        let huge = String(decoding: await server.rawExchange(Array((post + "Content-Length: 20000000000\r\n\r\nname=").utf8)), as: UTF8.self)
        #expect(huge.hasPrefix("HTTP/1.1 413"), "\(huge.prefix(60))")
        // Well-formed ones still pass: a length with spaces around it, a GET, HTTP/1.0 without Host.
        let good = String(
            decoding: await server.rawExchange(Array((post + "Content-Length:  4 \r\nConnection: close\r\n\r\nname").utf8), timeout: 20),
            as: UTF8.self)
        #expect(good.hasPrefix("HTTP/1.1 303"), "\(good.prefix(80))")
        let old = String(decoding: await server.rawExchange(Array("GET /api/flights?limit=1 HTTP/1.0\r\n\r\n".utf8)), as: UTF8.self)
        #expect(old.contains(" 200 "), "\(old.prefix(80))")
    }
}
