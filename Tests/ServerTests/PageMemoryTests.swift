import CMalloc
import Foundation
import JetwayBrowser
import Testing

@testable import JetwayServer

/// The memory pages may take: an address's pages within their budget (estimated from their
/// renderings), the process's heap within its own, each refusal a page that says so and tries
/// again. `make faults` (`JetwayBench memory`) opens 4,500 new browsers' boards in rounds and
/// checks that the process gives the memory back.
@MainActor
@Suite(.serialized)
struct PageMemoryTests {
    @Test func anAddressMayOpenPagesOnlyWithinItsMemoryBudget() async throws {
        let server = try TestServer { $0.maxPageMemoryPerAddress = 2 * 1024 * 1024 }
        defer { server.stop() }
        let port = server.port
        // New browsers (no cookie): each board renders for its device alone.
        let statuses = await offPool { () -> [String] in
            (0..<80).map { _ in String(LoopbackClient.get("/", from: "127.0.0.2", port: port).answer.prefix(12)) }
        }
        let opened = statuses.filter { $0 == "HTTP/1.1 200" }.count
        let refused = statuses.filter { $0 == "HTTP/1.1 429" }.count
        #expect(opened > 3 && refused > 0 && opened + refused == 80, "\(opened) opened, \(refused) refused")
        let estimate = server.server.sessions.memory.byAddress["127.0.0.2"] ?? 0
        #expect(estimate >= 2 * 1024 * 1024 && estimate < 3 * 1024 * 1024, "\(estimate) bytes estimated")
        // Another address is not held up.
        let other = await offPool { LoopbackClient.get("/", from: "127.0.0.3", port: port).answer }
        #expect(other.hasPrefix("HTTP/1.1 200"))
        // The refusal says what happened and when the page tries again.
        let answer = await offPool { LoopbackClient.get("/", from: "127.0.0.2", port: port).answer }
        #expect(answer.contains("Too many pages are open from your address") && answer.lowercased().contains("retry-after: 30"))
        // Its pages gone, the address may open pages again.
        server.server.sessions.now = { Date().addingTimeInterval(3600) }
        server.server.sessions.sweep()
        #expect(server.server.sessions.memory.byAddress["127.0.0.2"] == nil)
        #expect(await offPool { LoopbackClient.get("/", from: "127.0.0.2", port: port).answer }.hasPrefix("HTTP/1.1 200"))
    }

    @Test func aServerAtItsHeapBudgetAnswersNewPagesThatItIsFull() async throws {
        #expect(jw_heap_in_use() > 1024 * 1024, "the allocator's count is read")
        let server = try TestServer { $0.maxPageMemory = 1024 * 1024 }
        defer { server.stop() }
        let answer = await offPool { [port = server.port] in LoopbackClient.get("/", from: "127.0.0.2", port: port).answer }
        #expect(answer.hasPrefix("HTTP/1.1 503") && answer.contains("The server is full"), "\(answer.prefix(300))")
        #expect(server.server.sessions.sessionCount == 0)
    }
}
