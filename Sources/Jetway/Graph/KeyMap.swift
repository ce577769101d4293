/// A map from 64-bit identity hashes to values: open addressing with linear probing.
///
/// The keys are already well-mixed hashes, so this skips `Dictionary`'s SipHash, which was a
/// tenth of an update's instructions when looking up a thousand rows' instances.
struct KeyMap<Value> {
    private var keys: [UInt64] = []
    private var values: [Value?] = []
    private var occupied: [Bool] = []
    private(set) var count = 0

    init() {}

    init(minimumCapacity: Int) {
        if minimumCapacity > 0 { resize(to: Self.capacity(for: minimumCapacity)) }
    }

    private static func capacity(for count: Int) -> Int {
        var capacity = 8
        while capacity < count * 2 { capacity <<= 1 }
        return capacity
    }

    @inline(__always)
    private func slot(for key: UInt64) -> Int {
        let mask = keys.count - 1
        var index = Int(truncatingIfNeeded: key ^ (key >> 29)) & mask
        while occupied[index] && keys[index] != key { index = (index + 1) & mask }
        return index
    }

    subscript(key: UInt64) -> Value? {
        get {
            guard count > 0 else { return nil }
            let index = slot(for: key)
            return occupied[index] ? values[index] : nil
        }
        set {
            if let newValue {
                if keys.isEmpty || (count + 1) * 2 > keys.count { resize(to: Self.capacity(for: count + 1)) }
                let index = slot(for: key)
                if !occupied[index] {
                    occupied[index] = true
                    keys[index] = key
                    count += 1
                }
                values[index] = newValue
            } else {
                remove(key)
            }
        }
    }

    private mutating func remove(_ key: UInt64) {
        guard count > 0 else { return }
        var index = slot(for: key)
        guard occupied[index] else { return }
        occupied[index] = false
        values[index] = nil
        count -= 1
        // Re-insert the rest of the probe run so lookups never stop at the hole.
        let mask = keys.count - 1
        index = (index + 1) & mask
        while occupied[index] {
            let movedKey = keys[index]
            let movedValue = values[index]
            occupied[index] = false
            values[index] = nil
            let target = slot(for: movedKey)
            occupied[target] = true
            keys[target] = movedKey
            values[target] = movedValue
            index = (index + 1) & mask
        }
    }

    private mutating func resize(to capacity: Int) {
        let oldKeys = keys
        let oldValues = values
        let oldOccupied = occupied
        keys = [UInt64](repeating: 0, count: capacity)
        values = [Value?](repeating: nil, count: capacity)
        occupied = [Bool](repeating: false, count: capacity)
        for index in oldOccupied.indices where oldOccupied[index] {
            let target = slot(for: oldKeys[index])
            occupied[target] = true
            keys[target] = oldKeys[index]
            values[target] = oldValues[index]
        }
    }

    /// Every key and value, in no particular order.
    var entries: [(key: UInt64, value: Value)] {
        var result: [(key: UInt64, value: Value)] = []
        result.reserveCapacity(count)
        for index in occupied.indices where occupied[index] {
            if let value = values[index] { result.append((keys[index], value)) }
        }
        return result
    }

    var allValues: [Value] { entries.map(\.value) }

    /// The entries whose value satisfies `isIncluded`, without copying the others.
    func entries(where isIncluded: (Value) -> Bool) -> [(key: UInt64, value: Value)] {
        var result: [(key: UInt64, value: Value)] = []
        for index in occupied.indices where occupied[index] {
            if let value = values[index], isIncluded(value) { result.append((keys[index], value)) }
        }
        return result
    }

    /// Whether every value satisfies `predicate` (no array is made).
    func allSatisfy(_ predicate: (Value) -> Bool) -> Bool {
        for index in occupied.indices where occupied[index] {
            if let value = values[index], !predicate(value) { return false }
        }
        return true
    }

    /// Removes the entries whose value satisfies `isRemoved` and returns them. When many
    /// leave (a search hides most rows) the survivors go into a new table in one pass instead
    /// of each removal re-inserting its probe run.
    mutating func removeAll(where isRemoved: (Value) -> Bool) -> [(key: UInt64, value: Value)] {
        let gone = entries(where: isRemoved)
        guard !gone.isEmpty else { return gone }
        if gone.count * 4 < count {
            for entry in gone { remove(entry.key) }
            return gone
        }
        var kept = KeyMap(minimumCapacity: count - gone.count)
        for index in occupied.indices where occupied[index] {
            if let value = values[index], !isRemoved(value) { kept[keys[index]] = value }
        }
        self = kept
        return gone
    }

    mutating func removeAll() {
        self = KeyMap()
    }
}
