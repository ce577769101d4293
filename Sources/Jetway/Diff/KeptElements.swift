/// A removed element the browser keeps detached for a quick return (`LiveTree.retain`), as the
/// server remembers it.
///
/// - `.node`: the element itself (a stack that is not lazy). When the same key comes back, the
///   diff compares the kept node with the new one and sends what changed.
/// - `.digest`: a lazy list's row (`Node.keepsRemovedByDigest`), whose rows come and go with
///   every scroll and search: keeping their nodes would cost the server what the window saves.
///   It keeps only a hash of the markup and the ids the browser has for it. A row that comes
///   back with the same markup below it is moved back and takes those ids (its own attributes
///   are sent again when they changed: a list row's place in the list); one with other markup
///   is sent whole and the kept element removed.
enum KeptElement {
    case node(Node)
    case digest(ElementDigest)

    var id: NodeID {
        switch self {
        case .node(let node): node.id
        case .digest(let digest): digest.id
        }
    }
}

/// What the server keeps of a lazy list's row that left the page: ~200 bytes, against the
/// kilobyte or two of its nodes.
final class ElementDigest {
    let id: NodeID
    /// Its tag and key.
    let shape: UInt64
    /// Its own attributes as the browser has them (the node's array, not a copy): a row's
    /// place in the list changes while it is away, and its attributes are diffed.
    let attributes: [Attribute]
    /// Everything below it: tags, keys, attributes, texts, in document order.
    let content: UInt64
    /// How many elements below it have ids.
    let count: Int
    /// Their ids in document order; nil when they are `id + 1`, `id + 2`, … (as markup the
    /// page inserted numbers them).
    let ids: [NodeID]?

    init(_ node: Node) {
        id = node.id
        shape = Self.shape(of: node)
        attributes = node.attributes
        (content, count) = Self.content(of: node)
        var ids: [NodeID] = []
        ids.reserveCapacity(count)
        Self.collectIDs(below: node, &ids)
        let consecutive = ids.indices.allSatisfy { ids[$0].rawValue == node.id.rawValue &+ UInt32($0 + 1) }
        self.ids = consecutive ? nil : ids
    }

    /// Whether `node` is this element with the same markup below it.
    func matches(_ node: Node) -> Bool {
        guard Self.shape(of: node) == shape else { return false }
        let (hash, count) = Self.content(of: node)
        return hash == content && count == self.count
    }

    /// Gives `node`'s subtree the browser's ids, in the order they were collected.
    func assignIDs(to node: Node) {
        node.id = id
        var next = 0
        if !node.isOpaque {
            for child in node.children { assign(child, &next) }
        }
    }

    private func assign(_ node: Node, _ next: inout Int) {
        node.id = ids?[next] ?? NodeID(id.rawValue &+ UInt32(next + 1))
        next += 1
        if node.isOpaque { return }
        for child in node.children { assign(child, &next) }
    }

    /// The hash of what is below `node` (its text, or its children's markup) and how many
    /// elements that is.
    private static func content(of node: Node) -> (hash: UInt64, count: Int) {
        var hash = IdentityHash.seed
        var count = 0
        walk(node, &hash, &count, isTop: true)
        return (hash, count)
    }

    private static func walk(_ node: Node, _ hash: inout UInt64, _ count: inout Int, isTop: Bool) {
        if !isTop {
            hash = IdentityHash.mix(hash, shape(of: node))
            hash = IdentityHash.mix(hash, attributes(of: node))
            count += 1
        }
        if let text = node.text {
            hash = IdentityHash.mix(hash, UInt64(bitPattern: Int64(text.hashValue)) ^ 0x7465_7874)
        }
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

    private static func shape(of node: Node) -> UInt64 {
        var hash = IdentityHash.mix(IdentityHash.seed, UInt64(bitPattern: Int64(node.tag.hashValue)))
        hash = IdentityHash.mix(hash, node.key)
        return IdentityHash.mix(hash, node.isOpaque ? 1 : 2)
    }

    /// The attributes of an element below: names and values, in any order.
    private static func attributes(of node: Node) -> UInt64 {
        var sum: UInt64 = 0
        for attribute in node.attributes {
            sum &+= IdentityHash.mix(name(attribute), UInt64(bitPattern: Int64(attribute.value.hashValue)))
        }
        return IdentityHash.mix(IdentityHash.seed, sum)
    }

    @inline(__always) private static func name(_ attribute: Attribute) -> UInt64 {
        UInt64(bitPattern: Int64(attribute.name.hashValue))
    }
}
