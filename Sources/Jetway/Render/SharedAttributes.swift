import Synchronization

/// Attribute lists that many elements have alike (every row's `class="jw-text"`, its stacks'
/// classes, a colour's style), kept once for the process. An element that takes its place on
/// a page takes the shared list instead of keeping its own (`LiveTree.assignIDs`, and the diff
/// for an element whose list changed); an unchanged element takes its old one's.
///
/// A list is a value: an element that changes its attributes makes its own copy first.
enum SharedAttributes {
    private static let lists = Mutex(AttributeLists())

    /// The shared copy of `attributes` (itself when it is the first of its kind).
    static func shared(_ attributes: [Attribute]) -> [Attribute] {
        if attributes.isEmpty { return attributes }
        return lists.withLock { $0.shared(attributes) }
    }
}

/// The lists behind `SharedAttributes`. A list is kept once it has been seen twice, so that
/// one element's own (a link's address, a row's place) takes no place; the tables start again
/// when full.
struct AttributeLists {
    private var kept = KeyMap<[Attribute]>()
    private var seen = KeyMap<Bool>()
    let capacity: (kept: Int, seen: Int)

    init(capacity: (kept: Int, seen: Int) = (2048, 8192)) {
        self.capacity = capacity
    }

    var keptCount: Int { kept.count }

    mutating func shared(_ attributes: [Attribute]) -> [Attribute] {
        let hash = Self.hash(attributes)
        if let known = kept[hash] {
            return known == attributes ? known : attributes
        }
        if seen[hash] == nil {
            if seen.count >= capacity.seen { seen = KeyMap() }
            seen[hash] = true
            return attributes
        }
        if kept.count >= capacity.kept { kept = KeyMap() }
        kept[hash] = attributes
        return attributes
    }

    private static func hash(_ attributes: [Attribute]) -> UInt64 {
        var hash = IdentityHash.fnvOffsetBasis
        for attribute in attributes {
            hash = IdentityHash.fnv1a(attribute.name, from: hash, end: 0x100)
            hash = IdentityHash.fnv1a(attribute.value, from: hash, end: 0x101)
        }
        return IdentityHash.mix(0, hash)
    }
}
