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
    /// A sweep trims after it let renderings go, and again when the heap has fallen since the
    /// last trim while the allocator holds memory resident and unused (what the sessions' lists
    /// held, freed seconds later, a few objects on each of many pages), at most every 10 s.
    @Test func aSweepTrimsAfterReleasesAndAfterALaterFall() {
        let mb = 1024 * 1024
        func wants(released: Int = 0, heap: Int, atLastTrim: Int, idle: Int, since: Duration = .seconds(15)) -> Bool {
            PageMemory.wantsTrim(released: released, heapInUse: heap, heapAtLastTrim: atLastTrim, residentIdle: idle, sinceLastTrim: since)
        }
        #expect(wants(released: 1, heap: 500 * mb, atLastTrim: 0, idle: 0, since: .zero))
        #expect(!wants(heap: 4 * mb, atLastTrim: 0, idle: 20 * mb), "never trimmed: nothing to compare")
        #expect(wants(heap: 3_800_000, atLastTrim: 4_100_000, idle: 11 * mb), "a small fall, much held idle")
        #expect(!wants(heap: 3_800_000, atLastTrim: 4_100_000, idle: 11 * mb, since: .seconds(5)), "within 10 s of the last")
        #expect(!wants(heap: 3_800_000, atLastTrim: 3_820_000, idle: 11 * mb), "less than 64 KB fallen")
        #expect(!wants(heap: 3_800_000, atLastTrim: 4_100_000, idle: 3 * mb), "little held idle")
        #expect(!wants(heap: 80 * mb, atLastTrim: 81 * mb, idle: 12 * mb), "idle less than a quarter of the heap")
        #expect(!wants(heap: 9 * mb, atLastTrim: 4 * mb, idle: 20 * mb), "the heap grew")
    }

    @Test func anAddressMayOpenPagesOnlyWithinItsMemoryBudget() async throws {
        let server = try TestServer(transport: .memory) { $0.maxPageMemoryPerAddress = 2 * 1024 * 1024 }
        defer { server.stop() }
        let memory = try #require(server.memory)
        // Browsers that come back (each with its device cookie): each board renders for its
        // device alone (new browsers share one rendering).
        var statuses: [Int] = []
        for _ in 0..<80 {
            let cookie = try #require(server.server.newDeviceCookie(secure: false)?.header.split(separator: ";").first)
            statuses.append(await memory.request("GET", "/", headers: ["Cookie": String(cookie)], address: "127.0.0.2").status)
        }
        let opened = statuses.filter { $0 == 200 }.count
        let refused = statuses.filter { $0 == 429 }.count
        #expect(opened > 3 && refused > 0 && opened + refused == 80, "\(opened) opened, \(refused) refused")
        let estimate = server.server.sessions.memory.byAddress["127.0.0.2"] ?? 0
        #expect(estimate >= 2 * 1024 * 1024 && estimate < 3 * 1024 * 1024, "\(estimate) bytes estimated")
        // Another address is not held up.
        #expect(await memory.request("GET", "/", address: "127.0.0.3").status == 200)
        // The refusal says what happened and when the page tries again.
        let cookie = try #require(server.server.newDeviceCookie(secure: false)?.header.split(separator: ";").first)
        let answer = await memory.request("GET", "/", headers: ["Cookie": String(cookie)], address: "127.0.0.2")
        #expect(answer.text.contains("Too many pages are open from your address") && answer.headers["retry-after"] == "30")
        // Its pages gone, the address may open pages again.
        memory.advance(by: 3600)
        #expect(server.server.sessions.memory.byAddress["127.0.0.2"] == nil)
        #expect(await memory.request("GET", "/", address: "127.0.0.2").status == 200)
    }

    @Test func aServerAtItsHeapBudgetAnswersNewPagesThatItIsFull() async throws {
        #expect(jw_heap_in_use() > 1024 * 1024, "the allocator's count is read")
        let server = try TestServer(transport: .memory) { $0.maxPageMemory = 1024 * 1024 }
        defer { server.stop() }
        let answer = try await server.get("/")
        #expect(answer.status == 503 && answer.body.contains("The server is full"), "\(answer.body.prefix(300))")
        #expect(server.server.sessions.sessionCount == 0)
    }
}
