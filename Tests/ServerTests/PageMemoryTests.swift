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
    /// A sweep trims after it let renderings go, and again once the heap has fallen by an
    /// eighth since the last trim (what the sessions' lists held, freed seconds later).
    @Test func aSweepTrimsAfterReleasesAndAfterALaterFall() {
        let mb = 1024 * 1024
        #expect(PageMemory.wantsTrim(released: 1, heapInUse: 500 * mb, heapAtLastTrim: 0))
        #expect(!PageMemory.wantsTrim(released: 0, heapInUse: 4 * mb, heapAtLastTrim: 0), "never trimmed: nothing to compare")
        #expect(PageMemory.wantsTrim(released: 0, heapInUse: 2_500_000, heapAtLastTrim: 3_800_000))
        #expect(!PageMemory.wantsTrim(released: 0, heapInUse: 3_500_000, heapAtLastTrim: 3_800_000), "less than an eighth")
        #expect(!PageMemory.wantsTrim(released: 0, heapInUse: 600_000, heapAtLastTrim: 1_000_000), "less than 512 KB")
        #expect(!PageMemory.wantsTrim(released: 0, heapInUse: 9 * mb, heapAtLastTrim: 4 * mb), "the heap grew")
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
