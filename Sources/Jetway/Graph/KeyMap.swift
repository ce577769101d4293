/// A map from 64-bit identity hashes to values: open addressing with linear probing, one array
/// of slots, deletion by shifting the rest of a probe run back (no tombstones).
///
/// The keys are already well-mixed hashes, so this skips `Dictionary`'s SipHash, which was a
/// tenth of an update's instructions when looking up a thousand rows' instances.
struct KeyMap<Value> {
    private struct Slot {
        var key: UInt64
        var value: Value?
    }

    private var slots: [Slot] = []
    private(set) var count = 0
    /// The number of slots (for tests).
    var capacity: Int { slots.count }

    init() {}

    init(minimumCapacity: Int) {
        if minimumCapacity > 0 { resize(to: Self.capacity(for: minimumCapacity)) }
    }

    /// At most three quarters full: an environment's map of twenty keys takes 32 slots, not
    /// 64 (every view that writes the environment has one).
    private static func capacity(for count: Int) -> Int {
        // Small to start: most maps are a view's few children (a list row's one or two).
        var capacity = 2
        while capacity * 3 < count * 4 { capacity <<= 1 }
        return capacity
    }

    @inline(__always)
    private static func home(of key: UInt64, mask: Int) -> Int {
        Int(truncatingIfNeeded: key ^ (key >> 29)) & mask
    }

    /// The slot holding `key`, or the empty slot where it would go.
    @inline(__always)
    private func slot(for key: UInt64) -> Int {
        let mask = slots.count - 1
        var index = Self.home(of: key, mask: mask)
        while slots[index].value != nil && slots[index].key != key { index = (index + 1) & mask }
        return index
    }

    subscript(key: UInt64) -> Value? {
        get {
            guard count > 0 else { return nil }
            return slots[slot(for: key)].value
        }
        set {
            if let newValue {
                if slots.isEmpty || (count + 1) * 4 > slots.count * 3 { resize(to: Self.capacity(for: count + 1)) }
                let index = slot(for: key)
                if slots[index].value == nil {
                    slots[index].key = key
                    count += 1
                }
                slots[index].value = newValue
            } else {
                _ = take(key)
            }
        }
    }

    /// Removes `key` and returns its value, in one probe.
    mutating func take(_ key: UInt64) -> Value? {
        guard count > 0 else { return nil }
        var hole = slot(for: key)
        guard let value = slots[hole].value else { return nil }
        slots[hole].value = nil
        count -= 1
        // Shift back the entries of the probe run that could not sit in their home slot
        // because of the one removed, so lookups never stop at the hole.
        let mask = slots.count - 1
        var index = (hole + 1) & mask
        while slots[index].value != nil {
            let home = Self.home(of: slots[index].key, mask: mask)
            // Movable when its home is not in the cyclic range (hole, index].
            let stays = hole <= index ? (hole < home && home <= index) : (hole < home || home <= index)
            if !stays {
                slots.swapAt(hole, index)
                hole = index
            }
            index = (index + 1) & mask
        }
        shrinkIfSparse()
        return value
    }

    /// A table a quarter full or less (a search took most of a list away) goes down to the size
    /// for twice what it holds: a session that searched does not keep the table of the rows it
    /// had. Small tables stay, unless empty.
    private mutating func shrinkIfSparse() {
        // Empty: nothing kept (the instance of a list a search emptied had 16 slots for none).
        if count == 0 {
            slots = []
            return
        }
        guard let smaller = Self.smallerCapacity(count: count, capacity: slots.count) else { return }
        resize(to: smaller)
    }

    /// The smaller size a table of `capacity` slots holding `count` entries goes down to, if any.
    private static func smallerCapacity(count: Int, capacity: Int) -> Int? {
        guard capacity > sparseAbove, count * 4 <= capacity else { return nil }
        let smaller = Self.capacity(for: count * 2)
        return smaller < capacity ? smaller : nil
    }

    /// Tables this size or smaller never shrink.
    static var sparseAbove: Int { 16 }

    private mutating func resize(to capacity: Int) {
        let old = slots
        slots = [Slot](repeating: Slot(key: 0, value: nil), count: capacity)
        for entry in old where entry.value != nil {
            slots[slot(for: entry.key)] = entry
        }
    }

    /// Every key and value, in no particular order.
    var entries: [(key: UInt64, value: Value)] {
        var result: [(key: UInt64, value: Value)] = []
        result.reserveCapacity(count)
        for entry in slots {
            if let value = entry.value { result.append((entry.key, value)) }
        }
        return result
    }

    var allValues: [Value] { entries.map(\.value) }

    /// The entries whose value satisfies `isIncluded`, without copying the others.
    func entries(where isIncluded: (Value) -> Bool) -> [(key: UInt64, value: Value)] {
        var result: [(key: UInt64, value: Value)] = []
        for entry in slots {
            if let value = entry.value, isIncluded(value) { result.append((entry.key, value)) }
        }
        return result
    }

    /// Whether every value satisfies `predicate` (no array is made).
    func allSatisfy(_ predicate: (Value) -> Bool) -> Bool {
        for entry in slots {
            if let value = entry.value, !predicate(value) { return false }
        }
        return true
    }

    /// Removes the entries whose value satisfies `isRemoved` and returns them. When many
    /// leave (a search hides most rows) the survivors go into a new table in one pass instead
    /// of each removal shifting its probe run. The table keeps its size, so the rows' return
    /// (the search cleared) does not grow it again step by step, unless it is left a quarter
    /// full or less (`shrinkIfSparse`) or empty (nothing kept). `isRemoved` is called once per
    /// entry.
    mutating func removeAll(where isRemoved: (Value) -> Bool) -> [(key: UInt64, value: Value)] {
        var gone: [(key: UInt64, value: Value)] = []
        var kept: [Slot] = []
        kept.reserveCapacity(count)
        for entry in slots {
            guard let value = entry.value else { continue }
            if isRemoved(value) { gone.append((entry.key, value)) } else { kept.append(entry) }
        }
        guard !gone.isEmpty else { return gone }
        if kept.isEmpty {
            self = KeyMap()
            return gone
        }
        if gone.count * 4 < count {
            for entry in gone { _ = take(entry.key) }
            return gone
        }
        slots = [Slot](
            repeating: Slot(key: 0, value: nil), count: Self.smallerCapacity(count: kept.count, capacity: slots.count) ?? slots.count)
        count = 0
        for entry in kept {
            slots[slot(for: entry.key)] = entry
            count += 1
        }
        return gone
    }

    mutating func removeAll() {
        self = KeyMap()
    }
}
