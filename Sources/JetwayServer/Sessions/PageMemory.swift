import CMalloc
import Foundation
import Synchronization

/// What the pages cost in memory, and the budgets that refuse a new page before the machine
/// swaps: one per client address, over the estimates of its pages' renderings, and one for the
/// process, over the heap in use (glibc's own count). When renderings are let go, the freed
/// memory is given back to the kernel (`trimAfterSweep`): glibc keeps what a process freed
/// for its next allocations, so without it the RSS of a server that once held 4,500 pages
/// stays where they took it.
///
/// A rendering is estimated at `bytesPerPageByte` times its page's HTML (measured: a board's
/// graph of views, nodes and Observation trackings costs five to seven times its HTML); a page
/// that shares another's rendering costs `sharedPageBytes`.
@MainActor
struct PageMemory {
    static let bytesPerPageByte = 6
    static let sharedPageBytes = 16 * 1024

    let perAddress: Int
    let total: Int
    private(set) var byAddress: [String: Int] = [:]
    private var heapReadAt = ContinuousClock.now - .seconds(1)
    private var heapInUse = 0
    /// Renderings let go since the last trim.
    private(set) var releasedSinceTrim = 0

    init(perAddress: Int, total: Int) {
        self.perAddress = perAddress
        self.total = total
    }

    /// The refusal for a new page from `address`, or nil when it fits both budgets.
    mutating func refusal(for address: String) -> HTTPResponse? {
        if byAddress[address, default: 0] >= perAddress {
            Log.warn("page_memory_refused", ["address": address, "reason": "address", "estimated_bytes": byAddress[address] ?? 0])
            return HTTPResponse.tooManyPages()
        }
        if currentHeap() >= total {
            Log.warn("page_memory_refused", ["reason": "server", "heap_bytes": heapInUse, "budget_bytes": total])
            return HTTPResponse.serverFull()
        }
        return nil
    }

    /// The heap in use, read at most four times a second (mallinfo2 walks every arena).
    mutating func currentHeap() -> Int {
        let now = ContinuousClock.now
        if now - heapReadAt > .milliseconds(250) {
            heapInUse = Int(jw_heap_in_use())
            heapReadAt = now
        }
        return heapInUse
    }

    /// The estimate of a session's page: its rendering's, when it is the rendering's only page.
    static func estimate(_ session: LiveSession) -> Int {
        session.group.members.count <= 1 ? session.group.pageHTMLBytes * bytesPerPageByte + sharedPageBytes : sharedPageBytes
    }

    /// Charges (or, negative, refunds) `bytes` to `address`.
    mutating func charge(_ bytes: Int, to address: String) {
        let after = byAddress[address, default: 0] + bytes
        byAddress[address] = after > 0 ? after : nil
    }

    /// A rendering was let go (its graph torn down).
    mutating func released() { releasedSinceTrim += 1 }

    /// The heap in use when the last trim ran (read by the trim, on its worker).
    private nonisolated static let heapAtLastTrim = Atomic<Int>(0)
    private var lastTrim = ContinuousClock.now
    /// The least the heap must have fallen since the last trim for a sweep to trim again.
    static let fallForTrim = 64 * 1024
    /// The least resident memory the allocator holds free for a sweep to trim again.
    static let idleForTrim = 4 * 1024 * 1024
    /// The least time between two trims of the second kind.
    static let trimInterval = Duration.seconds(10)

    /// Whether a sweep trims: after renderings were let go, or when the heap has fallen since
    /// the last trim while the allocator holds at least `idleForTrim` (and a quarter of the heap)
    /// resident and unused, at most every `trimInterval`. What a session held is not all freed
    /// by the sweep that ends it: lists held weakly are freed when their owners drop their
    /// entries, seconds later, each a few small objects all over the heap. The heap falls by
    /// little then, but each was the last object on its page: measured, a fall of a few hundred
    /// kB after 1,000 boards left 11.6 MB resident that a trim gave back.
    static func wantsTrim(released: Int, heapInUse: Int, heapAtLastTrim: Int, residentIdle: Int, sinceLastTrim: Duration) -> Bool {
        if released > 0 { return true }
        guard heapAtLastTrim > 0, sinceLastTrim >= trimInterval else { return false }
        return heapAtLastTrim - heapInUse >= fallForTrim && residentIdle >= max(idleForTrim, heapInUse / 4)
    }

    /// After a sweep: the free memory goes back to the kernel when `wantsTrim` says so, on a
    /// worker (a trim of a large heap takes milliseconds; the main actor goes on meanwhile).
    mutating func trimAfterSweep() {
        let heap = Int(jw_heap_in_use())
        let now = ContinuousClock.now
        guard
            Self.wantsTrim(
                released: releasedSinceTrim, heapInUse: heap, heapAtLastTrim: Self.heapAtLastTrim.load(ordering: .relaxed),
                residentIdle: max(0, Int(jw_resident_anonymous()) - heap), sinceLastTrim: now - lastTrim)
        else {
            return
        }
        releasedSinceTrim = 0
        lastTrim = now
        // Later than the sweep itself: the sessions it ended are freed when it returns.
        DispatchQueue.global(qos: .utility).asyncAfter(deadline: .now() + .milliseconds(100)) {
            let before = Int(jw_heap_in_use())
            Self.heapAtLastTrim.store(before, ordering: .relaxed)
            let started = DispatchTime.now()
            let resident = Int(jw_resident_anonymous())
            let released = jw_malloc_trim() == 1
            Log.debug(
                "trimmed",
                [
                    "heap_bytes": before, "released": released, "resident_freed_bytes": resident - Int(jw_resident_anonymous()),
                    "duration_us": (DispatchTime.now().uptimeNanoseconds - started.uptimeNanoseconds) / 1000,
                ])
        }
    }

    /// 75 % of the machine's memory, or of the cgroup's limit when it is smaller.
    static func defaultTotal() -> Int {
        var total = ProcessInfo.processInfo.physicalMemory
        if let text = try? String(contentsOfFile: "/sys/fs/cgroup/memory.max", encoding: .utf8),
            let limit = UInt64(text.trimmingCharacters(in: .whitespacesAndNewlines))
        {
            total = min(total, limit)
        }
        return Int(clamping: total / 4 * 3)
    }
}
