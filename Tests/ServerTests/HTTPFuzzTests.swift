import Foundation
import JetwayBrowser
import MountainAirportViews
import Testing

@testable import JetwayServer

/// Seeded requests, mutated, sent over real sockets to MountainAirport served in this process:
/// the request line, headers, cookies, queries, paths and bodies reach libwebsockets' parser and
/// then ours (`HTTPHandling`, `RequestRouting`, `Handlers`, the identity cookies, the API's JSON, the
/// sign-in form, the websocket upgrade). Each input must be answered with a well-formed status
/// line or closed within five seconds; none may get a 500 (an error nobody handled); a valid
/// request every few hundred inputs must be answered at once (the server neither crashed nor
/// hangs); and the process must not grow without bound. `make fuzz` runs 1,000,000 inputs
/// under the address sanitizer, `make test` 20,000, alone after the other tests (its thousands
/// of connections a second starved timing-sensitive tests beside it).
@MainActor
@Suite(.serialized)
struct HTTPFuzzTests {
    nonisolated static let token = "fuzz-api-token-0123456789"

    nonisolated static let seeds: [[UInt8]] = [
        "GET / HTTP/1.1\r\nHost: 127.0.0.1\r\nCookie: jw_device=abc.def; jw_sizes=320x480\r\nAccept-Encoding: gzip\r\n\r\n",
        "GET /flights/3?tab=history&x=%20%C3%A9 HTTP/1.1\r\nHost: 127.0.0.1\r\nUser-Agent: fuzz\r\n\r\n",
        "GET /api/flights?search=den&limit=5&status=Delayed HTTP/1.1\r\nHost: 127.0.0.1\r\nAccept: application/json\r\n\r\n",
        "PATCH /api/flights/3 HTTP/1.1\r\nHost: 127.0.0.1\r\nAuthorization: Bearer \(token)\r\nContent-Type: application/json\r\nContent-Length: 20\r\n\r\n{\"status\":\"Delayed\"}",
        "POST /ops/signin HTTP/1.1\r\nHost: 127.0.0.1\r\nOrigin: http://127.0.0.1\r\nContent-Type: application/x-www-form-urlencoded\r\nContent-Length: 22\r\n\r\nname=ops&password=abcd",
        "GET / HTTP/1.1\r\nHost: 127.0.0.1\r\nUpgrade: websocket\r\nConnection: Upgrade\r\nSec-WebSocket-Key: dGhlIHNhbXBsZSBub25jZQ==\r\nSec-WebSocket-Version: 13\r\nSec-WebSocket-Protocol: jetway\r\nOrigin: http://127.0.0.1\r\n\r\n",
        "HEAD /assets/jetway.css HTTP/1.1\r\nHost: 127.0.0.1\r\nIf-None-Match: \"abc\"\r\n\r\n",
        "GET /_jetway/stats HTTP/1.1\r\nHost: 127.0.0.1\r\nAuthorization: Bearer \(token)\r\n\r\n",
        "GET /gate/A1 HTTP/1.0\r\n\r\n",
    ].map { Array($0.utf8) }

    nonisolated static let fragments: [[UInt8]] = [
        "\r\n", "\n", "\r", "\r\n\r\n", ":", " ", "\t", "%", "%00", "%zz", "%2e%2e/", "/../", "//", "?", "#", "&", "=", ";", "\"", ",",
        "Content-Length: 5\r\n", "Content-Length: 99999999999999999999\r\n", "Content-Length: -1\r\n", "Transfer-Encoding: chunked\r\n",
        "Cookie: jw_signin=x.y\r\n", "Host:\r\n", "X-Forwarded-For: 1.2.3.4, ::1\r\n", "Expect: 100-continue\r\n", "Connection: close\r\n",
        "Authorization: Bearer \r\n", "Range: bytes=0-1\r\n", "Accept-Encoding: br, *;q=0\r\n", "\u{0}", "\u{FEFF}", "é", "\u{1F6EB}",
        String(repeating: "A", count: 9_000), String(repeating: "/a", count: 600), "HTTP/1.1", "HTTP/9.9", "OPTIONS", "CONNECT", "TRACE",
        // The head's syntax (RequestSyntax): lengths signed, hexadecimal, listed or given twice,
        // whitespace before a colon, folded lines.
        "Content-Length: +5\r\n", "Content-Length: 0x5\r\n", "Content-Length: 5, 5\r\n", "Content-Length : 5\r\n",
        "Transfer-Encoding : chunked\r\n", "Host : 127.0.0.1\r\n", " folded\r\n", "\tfolded: x\r\n",
        // Line syntax (RequestHeadScanner): bare LFs, a CR alone, names lws misreads.
        "Host: 127.0.0.1\n", "\n\n", "\r\r\n", "Content: 1\r\n", "Accept-: x\r\n", "X-A: a\u{7F}\r\n",
    ].map { Array($0.utf8) }

    /// One exchange on a fresh socket: the bytes sent, the write side closed, and whatever came
    /// back until the server closed or `timeout` passed. Nil when nothing could be connected.
    nonisolated static func exchange(port: Int, _ bytes: [UInt8], timeout: Int = 5) -> (answer: [UInt8], closed: Bool)? {
        let fd = TestServer.connectedSocket(port: port)
        guard fd >= 0 else { return nil }
        defer { close(fd) }
        var time = timeval(tv_sec: timeout, tv_usec: 0)
        setsockopt(fd, SOL_SOCKET, SO_RCVTIMEO, &time, socklen_t(MemoryLayout<timeval>.size))
        var sent = 0
        while sent < bytes.count {
            let wrote = bytes[sent...].withUnsafeBytes { send(fd, $0.baseAddress, $0.count, Int32(MSG_NOSIGNAL)) }
            if wrote <= 0 { break }
            sent += wrote
        }
        shutdown(fd, Int32(SHUT_WR))
        var answer: [UInt8] = []
        var chunk = [UInt8](repeating: 0, count: 16_384)
        while answer.count < 4_000_000 {
            let count = recv(fd, &chunk, chunk.count, 0)
            if count == 0 { return (answer, true) }
            if count < 0 { return (answer, false) }
            answer.append(contentsOf: chunk[..<count])
        }
        return (answer, false)
    }

    nonisolated static func residentKB() -> Int {
        let status = (try? String(contentsOfFile: "/proc/self/status", encoding: .utf8)) ?? ""
        let line = status.split(separator: "\n").first { $0.hasPrefix("VmRSS:") } ?? ""
        return Int(line.split(whereSeparator: { $0 == " " || $0 == "\t" }).dropFirst().first ?? "") ?? 0
    }

    @Test func everyMutatedRequestIsAnsweredOrClosedAndNoneBreaksTheServer() async throws {
        let server = try TestServer { $0.apiTokens = [Self.token] }
        defer { server.stop() }
        let port = server.port, inputs = FuzzTests.inputs, seed = FuzzTests.seed &+ 7
        // Off the main actor: the server's handlers run there.
        let outcome = await withCheckedContinuation { (done: CheckedContinuation<[String], Never>) in
            Thread {
                var random = FuzzRandom(seed)
                var problems: [String] = []
                var answered = 0, closedSilently = 0, statuses: [Int: Int] = [:]
                var baseline: Int?
                var sent = 0
                for number in 0..<inputs where problems.count < 10 {
                    sent += 1
                    let input =
                        random.below(8) == 0
                        ? Self.seeds[random.below(Self.seeds.count)]
                        : FuzzTests.mutate(Self.seeds[random.below(Self.seeds.count)], &random, inserting: Self.fragments)
                    guard let (answer, closed) = Self.exchange(port: port, input) else {
                        problems.append("input \(number): the server took no connection")
                        continue
                    }
                    if answer.isEmpty {
                        // Garbage may be dropped without a word, but not left hanging.
                        if closed {
                            closedSilently += 1
                        } else {
                            problems.append(
                                "input \(number): neither answered nor closed in 5 s: \(String(decoding: input.prefix(300), as: UTF8.self).debugDescription)"
                            )
                        }
                    } else {
                        let head = String(decoding: answer.prefix(12), as: UTF8.self)
                        guard head.hasPrefix("HTTP/1."), let status = Int(head.dropFirst(9).prefix(3)) else {
                            problems.append("input \(number): a malformed answer \(head.debugDescription)")
                            continue
                        }
                        answered += 1
                        statuses[status, default: 0] += 1
                        if status == 500 {
                            problems.append(
                                "input \(number): 500 for \(String(decoding: input.prefix(300), as: UTF8.self).debugDescription)")
                        }
                    }
                    if number % 500 == 0 {
                        // Still serving at once: a valid page.
                        let started = Date()
                        let page = Self.exchange(
                            port: port, Array("GET /api/flights?limit=1 HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n".utf8), timeout: 5)
                        if page.map({ String(decoding: $0.answer.prefix(12), as: UTF8.self) }) != "HTTP/1.1 200"
                            || Date().timeIntervalSince(started) > 2
                        {
                            problems.append("input \(number): a valid request was not answered at once")
                        }
                    }
                    if number == inputs / 4 { baseline = Self.residentKB() }
                }
                // Bounded: a quarter of the way in, the pages one address may open (500) are open
                // and the caches full. (A run stopped by its problems before then has no figure.)
                let growth = baseline.map { Self.residentKB() - $0 }
                if let growth, inputs >= 10_000 && growth > 64 * 1024 {
                    problems.append("the process grew \(growth) kB over the inputs")
                }
                if sent < inputs { problems.append("stopped after \(sent) of \(inputs) inputs") }
                if answered < sent / 2 {
                    problems.append("only \(answered) of \(sent) inputs were answered: the mutations test little")
                }
                if closedSilently == 0 && inputs >= 1_000 { problems.append("no input was refused by closing: the mutations test little") }
                print(
                    "http fuzz: \(sent) inputs sent, \(answered) answered \(statuses.sorted { $0.key < $1.key }), \(closedSilently) closed without an answer, RSS \(growth.map { "+\($0) kB after the first quarter" } ?? "not measured")"
                )
                done.resume(returning: problems)
            }.start()
        }
        #expect(outcome.isEmpty, "seed \(seed): \(outcome)")
        // Every transaction let its connection go (this pass runs alone: nothing else holds any).
        var live = Connection.live
        for _ in 0..<100 where live > 16 {
            try await Task.sleep(for: .milliseconds(50))
            live = Connection.live
        }
        #expect(live <= 16, "\(live) connections alive after the inputs")
    }
}
