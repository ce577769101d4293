import Testing

@testable import Jetway

/// `KeyMap` against `Dictionary`: random inserts, overwrites, removals (which shift probe runs
/// back) and bulk removals, over keys chosen to collide, wrap around the table's end and form
/// long probe runs.
@Suite struct KeyMapTests {
    private struct Generator: RandomNumberGenerator {
        var state: UInt64
        mutating func next() -> UInt64 {
            state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
            return state ^ (state >> 33)
        }
    }

    @Test(arguments: [1, 2, 3, 4, 5, 6, 7, 8])
    func agreesWithADictionary(seed: UInt64) {
        var random = Generator(state: seed)
        var map = KeyMap<Int>()
        var reference: [UInt64: Int] = [:]
        // Clustered keys land on neighbouring home slots; the rest are spread.
        let keys: [UInt64] = (0..<300).map { index in
            index % 2 == 0 ? UInt64(index) << 32 : random.next()
        }
        var steps = 0
        for _ in 0..<20_000 {
            let key = keys[Int(random.next() % UInt64(keys.count))]
            switch random.next() % 10 {
            case 0...4:
                let value = Int(random.next() % 1000)
                map[key] = value
                reference[key] = value
            case 5...6:
                #expect(map.take(key) == reference.removeValue(forKey: key))
            case 7:
                map[key] = nil
                reference[key] = nil
            case 8:
                let threshold = Int(random.next() % 1000)
                let gone = map.removeAll { $0 < threshold }
                let expected = reference.filter { $0.value < threshold }
                reference = reference.filter { $0.value >= threshold }
                #expect(Dictionary(uniqueKeysWithValues: gone.map { ($0.key, $0.value) }) == expected)
            default:
                #expect(map[key] == reference[key])
            }
            steps += 1
            #expect(map.count == reference.count)
        }
        #expect(steps == 20_000)
        for key in keys { #expect(map[key] == reference[key]) }
        #expect(Dictionary(uniqueKeysWithValues: map.entries.map { ($0.key, $0.value) }) == reference)
    }

    @Test func aRemovalInTheMiddleOfAWrappedRunKeepsTheRestFindable() {
        // Keys whose home is the last slot of an 8-slot table: the run wraps to the start.
        var map = KeyMap<Int>()
        let keys: [UInt64] = [7, 7 | (1 << 40), 7 | (2 << 40)]
        for (index, key) in keys.enumerated() { map[key] = index }
        #expect(map.take(keys[0]) == 0)
        #expect(map[keys[1]] == 1)
        #expect(map[keys[2]] == 2)
        #expect(map.take(keys[1]) == 1)
        #expect(map[keys[2]] == 2)
        #expect(map.count == 1)
    }

    /// A table left an eighth full or less shrinks, by removals one by one or all at once, and
    /// finds what it still holds; a small table stays as it is.
    @Test func aTableASearchEmptiedShrinksAndStillFindsTheRest() {
        var map = KeyMap<Int>()
        for key in 0..<200 { map[IdentityHash.mix(0, UInt64(key))] = key }
        #expect(map.capacity == 512)
        for key in 20..<200 { map[IdentityHash.mix(0, UInt64(key))] = nil }
        #expect(map.capacity <= 128, "\(map.capacity) slots for 20 entries")
        #expect((0..<20).allSatisfy { map[IdentityHash.mix(0, UInt64($0))] == $0 })
        #expect(map[IdentityHash.mix(0, 150)] == nil)

        var all = KeyMap<Int>()
        for key in 0..<200 { all[IdentityHash.mix(0, UInt64(key))] = key }
        let gone = all.removeAll { $0 >= 10 }
        #expect(gone.count == 190 && all.count == 10 && all.capacity <= 32)
        #expect((0..<10).allSatisfy { all[IdentityHash.mix(0, UInt64($0))] == $0 })
        // Half gone from a large table: the size stays, for the rows' return.
        var half = KeyMap<Int>()
        for key in 0..<200 { half[IdentityHash.mix(0, UInt64(key))] = key }
        _ = half.removeAll { $0 >= 100 }
        #expect(half.capacity == 512)

        var small = KeyMap<Int>()
        for key in 0..<10 { small[UInt64(key) &* 0x9E37_79B9] = key }
        for key in 1..<10 { small[UInt64(key) &* 0x9E37_79B9] = nil }
        #expect(small.capacity == 16 && small[0] == 0)
        // Emptied, by removals or at once: nothing kept.
        small[0] = nil
        #expect(small.capacity == 0 && small.count == 0 && small[0] == nil)
        for key in 0..<10 { small[UInt64(key) &* 0x9E37_79B9] = key }
        _ = small.removeAll { _ in true }
        #expect(small.capacity == 0 && small[UInt64(3) &* 0x9E37_79B9] == nil)
        small[7] = 7
        #expect(small.count == 1 && small[7] == 7)
    }
}
