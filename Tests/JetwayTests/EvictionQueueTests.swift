import Testing

@testable import Jetway

@Suite struct EvictionQueueTests {
    @Test func entriesComeOutOldestFirst() {
        var queue = EvictionQueue<Int>()
        for value in 0..<100 { queue.append(value) }
        var taken: [Int] = []
        while let value = queue.popFirst() { taken.append(value) }
        #expect(taken == Array(0..<100))
        #expect(queue.isEmpty && queue.count == 0)
    }

    /// A queue that stays about 100 long while a million entries pass through it: its array
    /// stays a small multiple of that, and the order holds throughout.
    @Test func aQueueThatStaysShortKeepsASmallArray() {
        var queue = EvictionQueue<Int>()
        var next = 0
        var expected = 0
        var largest = 0
        for _ in 0..<1_000_000 {
            queue.append(next)
            next += 1
            if queue.count > 100 {
                #expect(queue.popFirst() == expected)
                expected += 1
            }
            largest = max(largest, queue.capacity)
        }
        #expect(queue.count == 100)
        #expect(largest <= 4 * 100, "the array reached \(largest) entries for a queue of 100")
    }

    @Test func staleEntriesGoOnlyPastTwiceWhatIsCurrent() {
        var queue = EvictionQueue<Int>()
        for value in 0..<100 { queue.append(value) }
        // 10 current: 100 > 2 × 10 + 64, so only the even ones under 20 stay.
        queue.dropStale(whenMoreThanTwice: 10) { $0 < 20 && $0 % 2 == 0 }
        #expect(queue.count == 10)
        #expect(queue.popFirst() == 0 && queue.popFirst() == 2)
        // 8 left, 30 current: not more than 2 × 30 + 64, nothing goes.
        queue.dropStale(whenMoreThanTwice: 30) { _ in false }
        #expect(queue.count == 8)
        queue.removeAll()
        #expect(queue.isEmpty && queue.popFirst() == nil)
    }
}
