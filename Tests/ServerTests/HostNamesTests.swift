import Foundation
import JetwayBrowser
import Testing

@testable import JetwayServer

/// The host names the app answers to: a page, a sign-in and a websocket upgrade for another
/// name (DNS rebinding: `evil.example` resolved to this server) are refused before routing.
@MainActor
@Suite(.serialized)
struct HostNamesTests {
    @Test func hostHeadersAreReadStrictly() {
        #expect(AllowedHosts.name(ofHostHeader: "example.com:8080") == "example.com")
        #expect(AllowedHosts.name(ofHostHeader: "[::1]:8080") == "::1")
        #expect(AllowedHosts.name(ofHostHeader: "[::1]") == "::1")
        for bad in ["", "a b", "a:b:c", ":80", "a:8x", "[::1]x", "a,b", "a/b"] {
            #expect(AllowedHosts.name(ofHostHeader: bad) == nil, "\(bad)")
        }
        let hosts = AllowedHosts(configured: ["airport.example.com", ".mountain.test"], listenHost: "127.0.0.1")
        for good in ["localhost:8080", "127.0.0.1", "[::1]:1", "AIRPORT.example.com:443", "mountain.test", "gate.mountain.test"] {
            #expect(hosts.allows(good), "\(good)")
        }
        for bad in ["evil.example:8080", "evilmountain.test", "airport.example.com.evil", nil] {
            #expect(!hosts.allows(bad), "\(bad ?? "no header")")
        }
        #expect(AllowedHosts(configured: ["*"], listenHost: "0.0.0.0").allows("anything.example"))
        #expect(AllowedHosts(configured: [], listenHost: "10.1.2.3").allows("10.1.2.3:8080"))
        #expect(!AllowedHosts(configured: [], listenHost: "0.0.0.0").allows("0.0.0.0"))
    }

    @Test func anotherHostNameIsRefusedBeforeRouting() async throws {
        let server = try TestServer { $0.allowedHosts = ["airport.example.com"] }
        defer { server.stop() }
        func status(_ request: String) async -> String {
            let answer = String(decoding: await server.rawExchange(Array(request.utf8), timeout: 5), as: UTF8.self)
            return String(answer.prefix(12))
        }
        let evil = "Host: evil.example:8080\r\nOrigin: http://evil.example:8080\r\nConnection: close\r\n"
        #expect(await status("GET / HTTP/1.1\r\n\(evil)\r\n") == "HTTP/1.1 421")
        #expect(await status("GET /api/flights HTTP/1.1\r\n\(evil)\r\n") == "HTTP/1.1 421")
        #expect(
            await status(
                "POST /ops/signin HTTP/1.1\r\n\(evil)Content-Type: application/x-www-form-urlencoded\r\nContent-Length: 22\r\n\r\nname=ops&password=abcd"
            )
                == "HTTP/1.1 421")
        #expect(await status("GET / HTTP/1.1\r\nConnection: close\r\n\r\n") == "HTTP/1.1 400", "a request without a Host")
        let upgrade =
            "GET / HTTP/1.1\r\nHost: evil.example:8080\r\nOrigin: http://evil.example:8080\r\nUpgrade: websocket\r\nConnection: Upgrade\r\n"
            + "Sec-WebSocket-Key: dGhlIHNhbXBsZSBub25jZQ==\r\nSec-WebSocket-Version: 13\r\nSec-WebSocket-Protocol: jetway\r\n\r\n"
        #expect(await status(upgrade) != "HTTP/1.1 101", "the websocket was upgraded for another host")
        // The names it answers to: loopback, and the one it was given.
        #expect(await status("GET / HTTP/1.1\r\nHost: airport.example.com\r\nConnection: close\r\n\r\n") == "HTTP/1.1 200")
        #expect(await status("GET / HTTP/1.1\r\nHost: localhost:\(server.port)\r\nConnection: close\r\n\r\n") == "HTTP/1.1 200")
        let socket = try await WebSocketClient.connect(port: server.port, origin: server.base)
        await socket.close()
    }
}
