import Foundation
import JetwayBrowser
import Testing

@testable import JetwayServer

/// A request's head as RFC 9112 has it, over real sockets: what libwebsockets lets through and
/// a proxy in front might read otherwise is answered 400 (411 for a body of no stated length)
/// and the connection closed, so nothing sent after it is read as a request of its own.
@MainActor
@Suite(.serialized)
struct RequestSyntaxTests {
    @Test func contentLengthIsDigitsGivenOnceAndABodyHasOne() throws {
        func problem(_ method: HTTPMethod, _ lengths: [String], chunked: Bool = false) -> Int? {
            RequestHead.framingProblem(method: method, contentLengths: lengths, chunked: chunked).map { $0.status }
        }
        #expect(problem(.get, []) == nil && problem(.post, ["5"]) == nil && problem(.put, [" 12\t"]) == nil)
        for bad in [["+5"], ["-1"], ["0x5"], ["5, 5"], ["5 5"], [""], ["99999999999999999999"], ["5", "5"], ["٣"]] {
            #expect(problem(.post, bad) == 400, "\(bad)")
        }
        #expect(problem(.post, []) == 411 && problem(.patch, []) == 411 && problem(.get, ["0"], chunked: true) == 411)
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
            // Line syntax lws 4.1 lets through (RequestHeadScanner): folded lines (one hiding
            // the length), bare LFs, a CR alone, whitespace first, a name lws misreads.
            (post + "X-Folded: a\r\n b\r\nContent-Length: 5\r\n\r\nname=", "400"),
            ("GET / HTTP/1.1\r\nHost: 127.0.0.1\r\nUser-Agent: a\r\n\tb\r\n\r\n", "400"),
            ("GET / HTTP/1.1\nHost: 127.0.0.1\r\n\r\n", "400"),
            ("GET / HTTP/1.1\r\nHost: 127.0.0.1\n\r\n", "400"),
            ("GET / HTTP/1.1\r\nHost: 127.0.0.1\r\n\n", "400"),
            ("GET / HTTP/1.1\r\nHost: 127.0.0.1\rX-A: b\r\n\r\n", "400"),
            (" GET / HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n", "400"),
            ("GET / HTTP/1.1\r\nHost: 127.0.0.1\r\n: nameless\r\n\r\n", "400"),
            ("GET / HTTP/1.1\r\nHost: 127.0.0.1\r\nNo colon\r\n\r\n", "400"),
            // `Content: 1` swallows the line after it in lws: the length would be lost.
            (post + "Content: 1\r\nContent-Length: 5\r\n\r\nname=", "400"),
            ("GET / HTTP/1.1\r\nHost : 127.0.0.1\r\n\r\n", "400"),
            ("GET / HTTP/1.1\r\nHost: 127.0.0.1\r\nHost: evil.example\r\n\r\n", "400"),
            ("GET / HTTP/2.0\r\nHost: 127.0.0.1\r\n\r\n", "400"),
        ]
        for (request, status) in cases {
            let answer = String(decoding: await server.rawExchange(Array((request + smuggled).utf8), timeout: 5), as: UTF8.self)
            // (lws answers some itself, as HTTP/1.0.)
            let statusLine = answer.prefix(12)
            #expect(
                statusLine == "HTTP/1.1 \(status)" || statusLine == "HTTP/1.0 \(status)",
                "\(request.debugDescription) → \(answer.prefix(60).debugDescription)")
            #expect(answer.components(separatedBy: "HTTP/1.").count == 2, "more than one answer: \(answer.prefix(400))")
        }
        // A length past anything a route takes is refused, not a crash: the server answers after.
        let huge = String(
            decoding: await server.rawExchange(Array((post + "Content-Length: 20000000000\r\n\r\nname=").utf8)), as: UTF8.self)
        #expect(huge.hasPrefix("HTTP/1.1 413"), "\(huge.prefix(60))")
        // Well-formed ones still pass: a length with spaces around it, a GET, HTTP/1.0 without Host.
        let good = String(
            decoding: await server.rawExchange(Array((post + "Content-Length:  4 \r\nConnection: close\r\n\r\nname").utf8), timeout: 20),
            as: UTF8.self)
        #expect(good.hasPrefix("HTTP/1.1 303"), "\(good.prefix(80))")
        let old = String(decoding: await server.rawExchange(Array("GET /api/flights?limit=1 HTTP/1.0\r\n\r\n".utf8)), as: UTF8.self)
        #expect(old.contains(" 200 "), "\(old.prefix(80))")
        // What browsers send passes: their fields (some the start of none lws knows, some
        // longer than one it knows), an empty value, UTF-8 in a value.
        let browser =
            "GET /api/flights?limit=1 HTTP/1.1\r\nHost: 127.0.0.1\r\nUser-Agent: Mozilla/5.0 (X11; Linux x86_64) Firefox/133.0\r\n"
            + "Accept: text/html,*/*;q=0.8\r\nAccept-Language: de-CH,de;q=0.9\r\nUpgrade-Insecure-Requests: 1\r\nSec-Fetch-Dest: document\r\n"
            + "Sec-Fetch-Mode: navigate\r\nDNT: 1\r\nPriority: u=0, i\r\nOrigin-Agent-Cluster: ?1\r\nX-Empty:\r\nX-Name: Zoë\r\n"
            + "Connection: close\r\n\r\n"
        let passed = String(decoding: await server.rawExchange(Array(browser.utf8)), as: UTF8.self)
        #expect(passed.hasPrefix("HTTP/1.1 200"), "\(passed.prefix(80))")
    }

    /// On a kept-alive connection each request's head is read as the first was: a body is
    /// passed over (its bare LFs are data), the next head is checked.
    @Test func everyRequestOnAKeptAliveConnectionIsChecked() async throws {
        let server = try TestServer()
        defer { server.stop() }
        let port = server.port
        let answers = await offPool { () -> [String] in
            let fd = LoopbackClient.connect(from: "127.0.0.1", port: port)
            defer { close(fd) }
            func answer(_ request: String) -> String {
                LoopbackClient.send(fd, request)
                var text = ""
                for _ in 0..<40 where !text.contains("\r\n\r\n") {
                    usleep(50_000)
                    var chunk = [UInt8](repeating: 0, count: 65_536)
                    let count = recv(fd, &chunk, chunk.count, Int32(MSG_DONTWAIT))
                    if count > 0 { text += String(decoding: chunk[..<count], as: UTF8.self) }
                }
                return text
            }
            let body = "name=\n\n"
            return [
                answer("GET /api/flights?limit=1 HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n"),
                answer(
                    "POST /ops/signin HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/x-www-form-urlencoded\r\nContent-Length: \(body.utf8.count)\r\n\r\n\(body)"
                ),
                answer("GET /api/flights?limit=1 HTTP/1.1\nHost: 127.0.0.1\r\n\r\n"),
            ]
        }
        #expect(answers[0].hasPrefix("HTTP/1.1 200"), "\(answers[0].prefix(80))")
        #expect(answers[1].hasPrefix("HTTP/1.1 303"), "\(answers[1].prefix(80))")
        #expect(answers[2].hasPrefix("HTTP/1.1 400"), "\(answers[2].prefix(80))")
        #expect(answers[2].contains("bare LF"), "\(answers[2])")
    }

    /// The scanner reads a head the same whatever pieces it comes in.
    @Test func theScannerReadsAHeadTheSameInAnyPieces() {
        let heads: [(String, Bool)] = [
            ("GET / HTTP/1.1\r\nHost: a\r\n\r\n", true),
            ("POST / HTTP/1.1\r\nContent-Length: 3\r\n\r\na\nbGET / HTTP/1.1\r\n\r\n", true),
            ("POST / HTTP/1.1\r\nContent-Length: 3\r\n\r\na\nbGET / HTTP/1.1\n\r\n", false),
            ("GET / HTTP/1.1\r\nUpgrade: websocket\r\n\r\n\n\n\u{0}binary frames", true),
            ("GET / HTTP/1.1\r\nX-A: 1\r\n folded\r\n\r\n", false),
            ("GET / HTTP/1.1\r\nContent : 1\r\n\r\n", false),
            ("GET / HTTP/1.1\r\nAccept-: 1\r\n\r\n", false),
            ("GET / HTTP/1.1\r\nAccept-Patch: 1\r\n\r\n", true),
            ("GET / HTTP/1.1\r\nX-Zed: a\u{7F}b\r\n\r\n", false),
            ("GET / HTTP/1.1\r\nX-Zed: a\tb\r\n\r\n", true),
        ]
        for (head, fine) in heads {
            let bytes = Array(head.utf8)
            var whole = RequestHeadScanner()
            let wholeProblem = bytes.withUnsafeBytes { whole.scan($0) }
            var pieces = RequestHeadScanner()
            var pieceProblem: String?
            for byte in bytes where pieceProblem == nil { pieceProblem = [byte].withUnsafeBytes { pieces.scan($0) } }
            #expect((wholeProblem == nil) == fine, "\(head.debugDescription): \(wholeProblem ?? "fine")")
            #expect(wholeProblem == pieceProblem, "\(head.debugDescription)")
        }
        #expect(RequestHeadScanner.misreadNames.contains(Array("content".utf8)))
        #expect(!RequestHeadScanner.misreadNames.contains(Array("content-length".utf8)))
        #expect(!RequestHeadScanner.misreadNames.contains(Array("te".utf8)))
        #expect(RequestHeadScanner.misreadNames.contains(Array("get".utf8)))
    }
}
