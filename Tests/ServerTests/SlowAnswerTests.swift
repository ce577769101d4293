import Foundation
import Jetway
import JetwayRoutes
import Testing

@testable import JetwayServer

/// A request whose answer is slow to come (a busy main actor, a long handler) is answered when
/// the answer is ready, not dropped after lws's 5 s content timeout with an empty reply; and
/// `responseTimeout` still bounds how long a socket may wait.
@MainActor
@Suite
struct SlowAnswerTests {
    static func server(delay: Duration, configure: (inout ServerConfiguration) -> Void = { _ in }) throws -> TestServer {
        let app = JetwayApp(
            title: "Slow",
            routes: [Route("/") { _ in Text("fast") }],
            handlers: [
                Handler(.get, "/slow") { _ in
                    try await Task.sleep(for: delay)
                    return .text("at last")
                },
                Handler(.post, "/slow") { request in
                    try await Task.sleep(for: delay)
                    return .text(request.text)
                },
            ])
        return try TestServer(app: app, configure: configure)
    }

    @Test func anAnswerSlowerThanFiveSecondsStillArrives() async throws {
        let server = try Self.server(delay: .seconds(6.5))
        defer { server.stop() }
        let reply = await server.exchange("GET /slow HTTP/1.1", timeout: 30)
        #expect(reply.status == 200, "\(reply)")
        #expect(reply.body == "at last")
        let post = await server.exchange("POST /slow HTTP/1.1", body: "hello", type: "text/plain", timeout: 30)
        #expect(post.status == 200 && post.body == "hello", "\(post)")
    }

    @Test func theResponseTimeoutClosesASocketThatWaitsTooLong() async throws {
        let server = try Self.server(delay: .seconds(4)) { $0.responseTimeout = 1 }
        defer { server.stop() }
        let reply = await server.exchange("GET /slow HTTP/1.1", timeout: 30)
        #expect(reply.status == 0, "\(reply)")
        // After a body, too: lws sets no deadline there, so without ours the handler's answer
        // would come (a 200) after its 4 s.
        let post = await server.exchange("POST /slow HTTP/1.1", body: "hello", type: "text/plain", timeout: 30)
        #expect(post.status == 0, "\(post)")
    }
}
