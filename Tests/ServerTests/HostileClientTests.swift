import Foundation
import Jetway
import JetwayBrowser
import Testing

@testable import JetwayServer

/// Clients that try to hold or flood the server: silent and stalled sockets, join floods, and
/// log injection. (libwebsockets 4.1 accepts unmasked client frames; that is not refused yet.)
@MainActor
@Suite(.serialized)
struct HostileClientTests {
    func joined(_ server: TestServer) async throws -> WebSocketClient {
        let page = try await server.get("/").body
        let token = try #require(metaContent("jetway-token", in: page))
        let client = try await WebSocketClient.connect(port: server.port, origin: server.base)
        await client.sendText(#"["join","\#(token)","/",0,"test"]"#)
        // Up to 20 s: in the suite's first seconds the main actor can be busy for over 5 (the
        // socket lives meanwhile: reading answers the server's pings).
        let answer = await client.next(timeout: 20)
        #expect(answer == .text("[\"joined\",0]"), "\(answer)")
        return client
    }

    @Test func aSilentSocketIsClosedAfterItsDeadline() async throws {
        let server = try TestServer {
            $0.pingAfterIdle = 1
            $0.closeAfterIdle = 2
        }
        defer { server.stop() }
        // Joined, then silent: it never answers the server's pings.
        let silent = try await joined(server)
        // A frame header announcing 2⁶² bytes, then nothing.
        let stalled = try await joined(server)
        await stalled.sendRaw([0x81, 0xFF, 0x40, 0, 0, 0, 0, 0, 0, 0, 1, 2, 3, 4])
        let started = Date()
        #expect(await silent.waitForClose(timeout: 8), "a socket that answers nothing stayed open")
        #expect(await stalled.waitForClose(timeout: 8), "a stalled frame held its socket open")
        #expect(Date().timeIntervalSince(started) < 8)
        try? await Task.sleep(for: .milliseconds(200))
        #expect(server.server.sessions.attachedConnections.isEmpty)
    }

    @Test func aSocketThatAnswersPingsOutlivesTheDeadline() async throws {
        let server = try TestServer {
            $0.pingAfterIdle = 1
            $0.closeAfterIdle = 2
        }
        defer { server.stop() }
        let client = try await joined(server)
        // Reading answers the server's pings, as a browser does; nothing else is sent.
        #expect(await client.next(timeout: 5) == .timeout)
        await client.sendText(#"["ping",3]"#)
        #expect(isPong(await client.next(), 3), "a socket that answered every ping was closed")
    }

    @Test func aJoinFloodIsPacedAndCountsAsViolations() async throws {
        let server = try TestServer()
        defer { server.stop() }
        let page = try await server.get("/").body
        let token = try #require(metaContent("jetway-token", in: page))
        let client = try await WebSocketClient.connect(port: server.port, origin: server.base)
        var pages = 0
        var refusals = 0
        for _ in 0..<30 {
            await client.sendText(#"["join","\#(token)","/",999,"test"]"#)
            // Spaced a little: a burst that outruns the main actor is cut off by the inbound
            // queue's bound instead, which this test is not about.
            try? await Task.sleep(for: .milliseconds(5))
        }
        // Until the server closes the socket for too many violations (or goes quiet).
        var seen: [String] = []
        var last = WebSocketClient.Frame.timeout
        while true {
            last = await client.next(timeout: 5)
            guard case .text(let text) = last else { break }
            seen.append(String(text.prefix(40)))
            if text.hasPrefix("[\"sync\"") { pages += 1 }
            if text.contains("too many joins") { refusals += 1 }
        }
        #expect(pages <= 5, "30 joins sent \(pages) whole pages")
        // Refused joins answer with an error each and count as violations; at the limit the
        // socket is closed (a busy server may close it before the client has read every error).
        let ended = await client.waitForClose(timeout: 5)
        #expect(refusals >= 20 || ended, "\(refusals) joins were refused and the socket stayed open; got \(seen.prefix(8)) then \(last)")
    }

    @Test func forwardedAddressesAreBelievedOnlyFromTrustedProxies() async throws {
        // Behind a trusted proxy, each real client has its own page limit.
        let proxied = try TestServer {
            $0.trustedProxies = ["127.0.0.1"]
            $0.maxSessionsPerAddress = 1
        }
        let one = await proxied.exchange("GET / HTTP/1.1", headers: ["X-Forwarded-For": "203.0.113.5"])
        let oneAgain = await proxied.exchange("GET / HTTP/1.1", headers: ["X-Forwarded-For": "203.0.113.5"])
        let other = await proxied.exchange("GET / HTTP/1.1", headers: ["X-Forwarded-For": "198.51.100.7, 203.0.113.9"])
        proxied.stop()
        #expect(one.status == 200 && oneAgain.status == 429 && other.status == 200, "\(one.status) \(oneAgain.status) \(other)")
        // A trusted proxy that terminated TLS says so: cookies are marked Secure.
        let https = try TestServer { $0.trustedProxies = ["127.0.0.1"] }
        let secure = await https.exchange("GET / HTTP/1.1", headers: ["X-Forwarded-Proto": "https"])
        let plain = await https.exchange("GET / HTTP/1.1")
        https.stop()
        #expect(secure.headers["set-cookie"]?.contains("; Secure") == true, "\(secure.headers)")
        #expect(plain.headers["set-cookie"]?.contains("Secure") == false)
        // From anyone else the header is a client's claim, and ignored.
        let direct = try TestServer { $0.maxSessionsPerAddress = 1 }
        defer { direct.stop() }
        #expect(await direct.exchange("GET / HTTP/1.1", headers: ["X-Forwarded-For": "203.0.113.5"]).status == 200)
        #expect(await direct.exchange("GET / HTTP/1.1", headers: ["X-Forwarded-For": "203.0.113.6"]).status == 429)
        let claimed = await direct.exchange("GET /gate/A1 HTTP/1.1", headers: ["X-Forwarded-Proto": "https"])
        #expect(claimed.headers["set-cookie"].map { !$0.contains("Secure") } ?? true, "an untrusted X-Forwarded-Proto was believed")
        // The nearest untrusted hop counts; a spoofed leftmost entry does not.
        let trusted = ["10.0.0.1", "10.0.0.2"]
        #expect(
            JetwayServer.clientAddress(peer: "10.0.0.1", forwardedFor: "6.6.6.6, 203.0.113.5, 10.0.0.2", trusted: trusted) == "203.0.113.5")
        #expect(JetwayServer.clientAddress(peer: "192.0.2.1", forwardedFor: "203.0.113.5", trusted: trusted) == "192.0.2.1")
        #expect(JetwayServer.clientAddress(peer: "10.0.0.1", forwardedFor: nil, trusted: trusted) == "10.0.0.1")
        #expect(JetwayServer.clientAddress(peer: "10.0.0.1", forwardedFor: "bad\u{1B}hop", trusted: trusted) == "10.0.0.1")
        // RFC 7239's Forwarded, preferred when a trusted proxy sends it.
        let forwarded = #"for=6.6.6.6, for="[2001:db8:cafe::17]:4711";proto=https, for=10.0.0.2;by=10.0.0.1"#
        #expect(
            JetwayServer.clientAddress(peer: "10.0.0.1", forwardedFor: "198.51.100.1", forwarded: forwarded, trusted: trusted)
                == "2001:db8:cafe::17")
        #expect(
            JetwayServer.clientAddress(peer: "10.0.0.1", forwardedFor: nil, forwarded: "for=192.0.2.60:47011", trusted: trusted)
                == "192.0.2.60")
        #expect(JetwayServer.clientAddress(peer: "10.0.0.1", forwardedFor: nil, forwarded: "for=unknown", trusted: trusted) == "10.0.0.1")
        #expect(
            JetwayServer.clientAddress(peer: "10.0.0.1", forwardedFor: nil, forwarded: "for=_hidden, for=10.0.0.2", trusted: trusted)
                == "10.0.0.1")
        #expect(
            JetwayServer.clientAddress(peer: "192.0.2.1", forwardedFor: nil, forwarded: "for=203.0.113.5", trusted: trusted) == "192.0.2.1")
        #expect(JetwayServer.forwardedElements(forwarded).map(\.proto) == [nil, "https", nil])
    }

    @Test func anAddressMayHoldOnlySoManyWebsockets() async throws {
        let server = try TestServer { $0.maxWebSocketsPerAddress = 3 }
        defer { server.stop() }
        var open: [WebSocketClient] = []
        for _ in 0..<3 {
            let client = try await WebSocketClient.connect(port: server.port, origin: server.base)
            #expect(client.upgradeStatus == 101)
            open.append(client)
        }
        // Sockets that never join still count: the fourth is refused at the upgrade.
        let refused = try await WebSocketClient.connect(port: server.port, origin: server.base)
        #expect(refused.upgradeStatus != 101, "\(refused.upgradeStatus)")
        // One closes: there is room again.
        await open[0].close()
        var again: WebSocketClient?
        for _ in 0..<50 {
            let client = try await WebSocketClient.connect(port: server.port, origin: server.base)
            if client.upgradeStatus == 101 {
                again = client
                break
            }
            try await Task.sleep(for: .milliseconds(20))
        }
        #expect(again != nil, "a socket that closed makes room for another")
        // And a page still joins over it.
        if let again {
            let page = try await server.get("/").body
            let token = try #require(metaContent("jetway-token", in: page))
            await again.sendText(#"["join","\#(token)","/",0,"test"]"#)
            #expect(await again.next() == .text("[\"joined\",0]"))
        }
    }

    @Test func aTrustedProxysForwardedHeaderCountsAndMarksHTTPS() async throws {
        let proxied = try TestServer {
            $0.trustedProxies = ["127.0.0.1"]
            $0.maxSessionsPerAddress = 1
        }
        defer { proxied.stop() }
        let one = await proxied.exchange("GET / HTTP/1.1", headers: ["Forwarded": "for=203.0.113.5;proto=https"])
        let oneAgain = await proxied.exchange("GET / HTTP/1.1", headers: ["Forwarded": #"for="203.0.113.5:5000""#])
        let other = await proxied.exchange("GET / HTTP/1.1", headers: ["Forwarded": "for=198.51.100.7"])
        #expect(one.status == 200 && oneAgain.status == 429 && other.status == 200, "\(one.status) \(oneAgain.status) \(other.status)")
        #expect(one.headers["set-cookie"]?.contains("; Secure") == true, "proto=https from a trusted proxy")
        #expect(other.headers["set-cookie"]?.contains("Secure") == false)
    }

    @Test func controlCharactersNeverReachTheLogRaw() {
        #expect(Log.quoted("plain") == "plain")
        #expect(Log.quoted("/gate/x\u{1B}[31m") == #""/gate/x\u{1B}[31m""#)
        #expect(Log.quoted("a\nlevel=info event=fake") == #""a\nlevel=info event=fake""#)
        #expect(Log.quoted("zero\u{0}width\u{200B}") == #""zero\u{0}width\u{200B}""#)
        #expect(Log.quoted("") == #""""#)
        #expect(!Log.quoted("\u{9B}31m").unicodeScalars.contains { $0.value == 0x9B }, "C1 CSI is escaped too")
    }
}
