/// What the server keeps of a lazy list's rows that left the page while the browser keeps
/// them detached (`Node.keepsRemovedByDigest`).
///
/// A lazy list's rows come and go with every scroll and search: keeping their nodes, as a
/// stack's removed elements are kept (`LiveTree.retain`), would cost the server what the window
/// saves. So only a digest of each is kept, in one small array: a hash of its markup and the
/// ids the browser has for it, 40 bytes a row. A row that comes back with the same
/// markup below it is moved back and takes those ids (its own attributes are sent again when
/// they changed: a list row's place in the list); one whose markup changed is sent whole and
/// the browser's copy removed. At most `limit` rows are kept, the oldest going first.
struct KeptRows {
    struct Row {
        let parent: NodeID
        let id: NodeID
        let key: UInt64
        /// The values of its attributes.
        let values: UInt64
        /// Its tag and the names of its attributes, and everything below it (tags, keys,
        /// attributes and texts, in document order, and how many elements): one hash, so that a
        /// row is 40 bytes (a search that empties a window keeps all its rows).
        let markup: UInt64
        /// Their ids in document order; nil when they are `id + 1`, `id + 2`, … (as markup the
        /// page inserted numbers them).
        let ids: [NodeID]?

        /// Gives `node`'s subtree the browser's ids, in the order they were collected.
        func assignIDs(to node: Node) {
            node.id = id
            node.shareAttributes()
            var next = 0
            if !node.isOpaque {
                for child in node.children { assign(child, &next) }
            }
        }

        private func assign(_ node: Node, _ next: inout Int) {
            // (Within its ids: a row is taken back only with as many elements below it, but
            // the count is part of a hash.)
            if let ids, next < ids.count {
                node.id = ids[next]
            } else {
                node.id = NodeID(id.rawValue &+ UInt32(next + 1))
            }
            node.shareAttributes()
            next += 1
            if node.isOpaque { return }
            for child in node.children { assign(child, &next) }
        }
    }

    /// Oldest first.
    private(set) var rows: [Row] = []
    var limit = 96

    /// Keeps `node`, which left `parent`; returns the ids of the rows that no longer fit (and
    /// of a row kept before under the same key).
    /// Makes room for `count` more rows at once (a search that takes a window of rows away):
    /// the store holds them without growing by doubling past them.
    mutating func reserve(_ count: Int) {
        let wanted = min(limit, rows.count + count)
        if wanted > rows.capacity { rows.reserveCapacity(wanted) }
    }

    mutating func keep(_ node: Node, parent: NodeID) -> [NodeID] {
        var gone: [NodeID] = []
        if let index = rows.firstIndex(where: { $0.parent == parent && $0.key == node.key }) {
            gone.append(rows.remove(at: index).id)
        }
        let (markup, count) = Self.markup(of: node)
        var ids: [NodeID] = []
        ids.reserveCapacity(count)
        Self.collectIDs(below: node, &ids)
        let consecutive = ids.indices.allSatisfy { ids[$0].rawValue == node.id.rawValue &+ UInt32($0 + 1) }
        rows.append(
            Row(parent: parent, id: node.id, key: node.key, values: Self.values(of: node), markup: markup, ids: consecutive ? nil : ids))
        if rows.count > limit {
            let excess = rows.count - limit
            gone.append(contentsOf: rows.prefix(excess).map(\.id))
            rows.removeFirst(excess)
        }
        return gone
    }

    /// The row kept for `node`'s key under `parent`, when the browser's copy has the same
    /// markup; it leaves the store. `stale`: the browser's copy, when its markup differs (it is
    /// removed, and `node` sent whole).
    mutating func take(parent: NodeID, for node: Node) -> (row: Row?, stale: NodeID?) {
        guard !rows.isEmpty, let index = rows.lastIndex(where: { $0.parent == parent && $0.key == node.key }) else {
            return (nil, nil)
        }
        let row = rows.remove(at: index)
        guard row.markup == Self.markup(of: node).hash else { return (nil, row.id) }
        return (row, nil)
    }

    /// Whether `node`'s own attributes have the values the browser's copy of `row` has.
    static func hasSameValues(_ row: Row, as node: Node) -> Bool { values(of: node) == row.values }

    mutating func removeAll() { rows.removeAll() }

    /// The hash of `node`'s shape and of what is below it (its text, or its children's
    /// markup) and how many elements are below it.
    private static func markup(of node: Node) -> (hash: UInt64, count: Int) {
        var hash = seed
        var count = 0
        walk(node, &hash, &count, isTop: true)
        hash = IdentityHash.mix(hash, shape(of: node))
        return (IdentityHash.mix(hash, UInt64(count)), count)
    }

    private static func walk(_ node: Node, _ hash: inout UInt64, _ count: inout Int, isTop: Bool) {
        if !isTop {
            hash = IdentityHash.mix(hash, shape(of: node))
            hash = IdentityHash.mix(hash, values(of: node))
            count += 1
        }
        if let text = node.text { hash = IdentityHash.fnv1a(text, from: hash, end: 0x102) }
        if node.isOpaque { return }
        for child in node.children { walk(child, &hash, &count, isTop: false) }
        // The number of children closes the element, so that where a subtree ends is part of it.
        hash = IdentityHash.mix(hash, UInt64(node.children.count) &+ 0x636c_6f73)
    }

    private static func collectIDs(below node: Node, _ ids: inout [NodeID]) {
        if node.isOpaque { return }
        for child in node.children {
            ids.append(child.id)
            collectIDs(below: child, &ids)
        }
    }

    // Attributes are hashed in any order (a sum of each one's hash): a patch that removed an
    // attribute and set it again puts it last, and the element is still the same.

    // Strings are hashed with FNV-1a, not their `hashValue`: the standard hasher's set-up and
    // finish for each of a row's texts and attribute names were a tenth of a keystroke's work.
    // The digests start from a seed of the process's own, so that rows whose digests collide
    // cannot be worked out ahead (a row's text may be a user's).
    private static let seed = IdentityHash.mix(IdentityHash.seed, UInt64.random(in: 0...UInt64.max))

    private static func shape(of node: Node) -> UInt64 {
        var hash = IdentityHash.mix(IdentityHash.seed, IdentityHash.ofString(node.tag))
        hash = IdentityHash.mix(hash, node.key)
        hash = IdentityHash.mix(hash, node.isOpaque ? 1 : 2)
        var names: UInt64 = 0
        for attribute in node.attributes { names &+= IdentityHash.mix(0x6e61_6d65, name(attribute)) }
        return IdentityHash.mix(hash, names)
    }

    private static func values(of node: Node) -> UInt64 {
        var values: UInt64 = 0
        for attribute in node.attributes {
            values &+= IdentityHash.mix(name(attribute), IdentityHash.ofString(attribute.value))
        }
        return IdentityHash.mix(seed, values)
    }

    @inline(__always) private static func name(_ attribute: Attribute) -> UInt64 {
        IdentityHash.ofString(attribute.name)
    }
}
