/// The page as the browser has it: the current root node, the id counter, and the index from id
/// to the elements that have event handlers.
///
/// `mount(_:)` gives every element an id for the first paint; `update(to:)` diffs against the new
/// render and returns the patch that turns the page into it.
///
/// ```swift
/// let tree = LiveTree()
/// tree.mount(firstRender)
/// let ops = tree.update(to: secondRender)
/// ```
public final class LiveTree {
    /// The page's root element as the browser has it now; nil until the first `mount(_:)` or `update(to:)`.
    @exclusivity(unchecked) public private(set) var root: Node?
    /// The page before the last update, kept until `releaseRetired()` so that freeing it does
    /// not delay the patch.
    @exclusivity(unchecked) private var retired: Node?
    @exclusivity(unchecked) private var nextID: UInt32 = 1
    /// Removed keyed elements the client keeps (detached), by parent and key, oldest first out.
    /// `serial` tells one keeping from another of the same element: an element shown and
    /// hidden all day is kept, taken back and kept again with the same id, and only the queue's
    /// entry of its latest keeping is current.
    @exclusivity(unchecked) private var retained = KeyMap<(parent: NodeID, node: Node, serial: UInt64)>()
    /// A lazy list's rows the client keeps detached: only their digests (KeptRows.swift).
    @exclusivity(unchecked) private var keptRows = KeptRows()
    @exclusivity(unchecked) private var retainedOrder = EvictionQueue<(parent: NodeID, key: UInt64, serial: UInt64)>()
    @exclusivity(unchecked) private var retainedCount = 0
    @exclusivity(unchecked) private var retainSerial: UInt64 = 0
    /// Elements evicted from `retained` since the last update: the client drops them too.
    @exclusivity(unchecked) private var evicted: [NodeID] = []
    /// The diff's step count for the last update (see `Differ.work`).
    @exclusivity(unchecked) public private(set) var lastUpdateWork = 0
    /// How many removed elements the page keeps for a quick return, at most: as many as its
    /// longest list has had (at least 64), so that a kiosk whose rows change all week keeps a
    /// few dozen, not a thousand.
    @exclusivity(unchecked) public var retainLimit = 1000
    /// The most children a parent had when some of them left.
    @exclusivity(unchecked) private var peakSiblings = 0
    /// Elements that currently have handlers, by id.
    /// (A `KeyMap` by raw id, not a `Dictionary`: a search that hides a thousand rows with
    /// links unregisters a thousand handlers, and SipHash was most of that.)
    @exclusivity(unchecked) private var handlerNodes = KeyMap<Node>()

    /// Creates an empty page; `mount(_:)` or `update(to:)` gives it its first content.
    public init() {}

    /// Takes `root` as the page's content: assigns ids and indexes handlers.
    public func mount(_ root: Node) {
        handlerNodes.removeAll()
        forgetRetained()
        assignIDs(root)
        self.root = root
    }

    /// The ops that turn the current page into `newRoot`, which becomes the current page.
    /// A root with another tag or key is replaced whole.
    public func update(to newRoot: Node) -> [PatchOp] {
        guard let old = root else {
            mount(newRoot)
            return []
        }
        var differ = Differ(tree: self)
        if old.tag == newRoot.tag && old.key == newRoot.key {
            differ.diff(old, newRoot)
        } else {
            differ.unregister(old)
            assignIDs(newRoot)
            differ.ops.append(.replace(old.id, html: newRoot.html))
        }
        retired = old
        root = newRoot
        lastUpdateWork = differ.work
        if !evicted.isEmpty {
            differ.ops.append(.remove(evicted))
            evicted.removeAll()
        }
        return differ.ops
    }

    /// Takes the ids of `other`'s page when this page is the same document (tag, key,
    /// attributes, text and children of every element), so that the browser showing `other`
    /// can go on with this tree's patches. The elements `other` keeps detached in that browser
    /// are evicted with the next patch. Returns false, changing nothing, when the pages differ.
    ///
    /// Subtrees without handlers are not copied but shared: this page takes `other`'s node
    /// objects for them, and the returned replacement says which of its own nodes each one
    /// stands for (the graph points its views' outputs and caches at them). Nil when the pages
    /// differ.
    func adoptIDs(from other: LiveTree) -> NodeReplacement? {
        guard let mine = root, let theirs = other.root, Self.isSameDocument(mine, theirs, ids: false) else { return nil }
        handlerNodes.removeAll()
        forgetRetained()
        var replacement = NodeReplacement()
        root = adopt(mine, theirs, &replacement)
        nextID = other.nextID
        evicted = other.retainedIDs
        return replacement
    }

    /// `theirs` when the subtree can be shared, else `mine` with `theirs`'s ids and its
    /// children adopted in turn.
    private func adopt(_ mine: Node, _ theirs: Node, _ replacement: inout NodeReplacement) -> Node {
        if !theirs.subtreeHasHandlers && !mine.subtreeHasHandlers && !theirs.isOpaque && !mine.isOpaque {
            replacement.record(mine, theirs)
            return theirs
        }
        mine.id = theirs.id
        if mine.attributes == theirs.attributes { mine.takeAttributes(of: theirs) }
        if !mine.handlers.isEmpty { handlerNodes[UInt64(mine.id.rawValue)] = mine }
        if mine.isOpaque {
            for index in mine.children.indices { copyIDs(mine.children[index], theirs.children[index]) }
            return mine
        }
        var children = mine.children
        var changed = false
        for index in children.indices {
            let adopted = adopt(children[index], theirs.children[index], &replacement)
            if adopted !== children[index] {
                children[index] = adopted
                changed = true
            }
        }
        if changed { mine.children = children }
        return mine
    }

    /// Whether `other` shows the same document as this tree (tags, keys, attributes, texts).
    package func isSameDocument(as other: LiveTree) -> Bool {
        guard let mine = root, let theirs = other.root else { return false }
        return Self.isSameDocument(mine, theirs, ids: false)
    }

    /// Whether `other` shows the same document with the same element ids: a browser showing
    /// this page may be told the other's patches, and an event it sent for this page's
    /// elements reaches the same elements there.
    package func isSamePage(as other: LiveTree) -> Bool {
        guard let mine = root, let theirs = other.root else { return false }
        return Self.isSameDocument(mine, theirs, ids: true)
    }

    /// Every element id of this page mapped to the id of the element in the same place of
    /// `other`'s, when the two show the same document (nil otherwise): what a browser that
    /// showed this page and is sent `other`'s meant by the ids its events named.
    package func ids(mappedTo other: LiveTree) -> [NodeID: NodeID]? {
        guard let mine = root, let theirs = other.root, Self.isSameDocument(mine, theirs, ids: false) else { return nil }
        var map: [NodeID: NodeID] = [:]
        func walk(_ a: Node, _ b: Node) {
            if a.id.isAssigned { map[a.id] = b.id }
            for index in a.children.indices { walk(a.children[index], b.children[index]) }
        }
        walk(mine, theirs)
        return map
    }

    private static func isSameDocument(_ a: Node, _ b: Node, ids: Bool) -> Bool {
        if a === b { return true }
        guard !ids || a.id == b.id, a.tag == b.tag, a.key == b.key, a.isOpaque == b.isOpaque, a.text == b.text,
            a.attributes == b.attributes, a.children.count == b.children.count
        else { return false }
        for index in a.children.indices where !isSameDocument(a.children[index], b.children[index], ids: ids) { return false }
        return true
    }

    private func copyIDs(_ mine: Node, _ theirs: Node) {
        mine.id = theirs.id
        if mine.attributes == theirs.attributes { mine.takeAttributes(of: theirs) }
        if !mine.handlers.isEmpty { handlerNodes[UInt64(mine.id.rawValue)] = mine }
        for index in mine.children.indices { copyIDs(mine.children[index], theirs.children[index]) }
    }

    /// The ids of the elements kept detached in the browser.
    private var retainedIDs: [NodeID] {
        retained.allValues.map(\.node.id) + keptRows.rows.map(\.id) + evicted
    }

    /// Evicts every kept element with the next patch (a browser that joined later never had
    /// them, so none may come back).
    public func evictRetained() {
        guard retainedCount > 0 || !keptRows.rows.isEmpty else { return }
        let ids = retained.allValues.map(\.node.id) + keptRows.rows.map(\.id)
        forgetRetained()
        evicted = ids
    }

    /// Forgets the kept elements: after a full resync the client has none.
    public func forgetRetained() {
        retained = KeyMap()
        keptRows.removeAll()
        retainedOrder.removeAll()
        retainedCount = 0
        evicted.removeAll()
    }

    @inline(__always)
    private func retainedKey(_ parent: NodeID, _ key: UInt64) -> UInt64 {
        IdentityHash.mix(UInt64(parent.rawValue), key)
    }

    /// Makes room to keep `count` rows by digest at once.
    func reserveKeptRows(_ count: Int) { keptRows.reserve(count) }

    /// Keeps a removed element for a quick return under the same parent and key: the node, or
    /// (`byDigest`, a lazy list's row) only its digest and ids.
    func retain(_ node: Node, parent: NodeID, byDigest: Bool = false) {
        guard retainLimit > 0 else {
            evicted.append(node.id)
            return
        }
        if byDigest {
            evicted.append(contentsOf: keptRows.keep(node, parent: parent))
            return
        }
        let slot = retainedKey(parent, node.key)
        if let previous = retained[slot] {
            evicted.append(previous.node.id)
        } else {
            retainedCount += 1
        }
        retainSerial &+= 1
        retained[slot] = (parent, node, retainSerial)
        retainedOrder.append((parent, node.key, retainSerial))
        let limit = min(retainLimit, max(64, peakSiblings))
        while retainedCount > limit, let oldest = retainedOrder.popFirst() {
            let oldestSlot = retainedKey(oldest.parent, oldest.key)
            if let entry = retained[oldestSlot], entry.serial == oldest.serial {
                retained[oldestSlot] = nil
                retainedCount -= 1
                evicted.append(entry.node.id)
            }
        }
        // Elements taken back (or kept again since) leave their entries behind.
        retainedOrder.dropStale(whenMoreThanTwice: retainedCount) { entry in
            retained[retainedKey(entry.parent, entry.key)]?.serial == entry.serial
        }
    }

    /// A parent with `count` children loses some (the diff tells before it retains them).
    @inline(__always) func noteSiblings(_ count: Int) {
        if count > peakSiblings { peakSiblings = count }
    }

    /// How many removed elements are kept as nodes, and how many lazy list rows by digest (tests).
    var retainedNodeCount: Int { retainedCount }
    var keptRowCount: Int { keptRows.rows.count }

    /// How many entries the eviction queue holds (tests: it stays near what is kept).
    var retainedQueueLength: Int { retainedOrder.count }
    /// How many entries its array has room for (tests: it stays near what is kept too).
    var retainedQueueCapacity: Int { retainedOrder.capacity }

    /// The kept element for `key` under `parent`, if it has the same tag; it leaves the store.
    func takeRetained(parent: NodeID, key: UInt64, tag: String) -> Node? {
        guard retainedCount > 0 else { return nil }
        let slot = retainedKey(parent, key)
        guard let entry = retained[slot], entry.parent == parent, entry.node.key == key, entry.node.tag == tag else { return nil }
        retained[slot] = nil
        retainedCount -= 1
        return entry.node
    }

    /// The digest of a lazy list's row the browser keeps for `node`, when its markup is the
    /// same; it leaves the store. A copy with other markup is removed with this update.
    func takeKeptRow(parent: NodeID, for node: Node) -> KeptRows.Row? {
        let (row, stale) = keptRows.take(parent: parent, for: node)
        if let stale { evicted.append(stale) }
        return row
    }

    /// Indexes the handlers of a subtree that came back.
    func registerSubtree(_ node: Node) {
        guard node.subtreeHasHandlers else { return }
        if !node.handlers.isEmpty { handlerNodes[UInt64(node.id.rawValue)] = node }
        for child in node.children { registerSubtree(child) }
    }

    /// Frees the page as it was before the last update (kept so that freeing it did not delay the patch).
    public func releaseRetired() {
        retired = nil
    }

    /// Whether the page has given out this id (ids are never given twice): an element that is
    /// not on the page now was taken off it by a patch.
    func wasIssued(_ id: NodeID) -> Bool { id.rawValue != 0 && id.rawValue < nextID }

    /// The element with this id that has handlers, if it is on the page.
    func handlerNode(_ id: NodeID) -> Node? { handlerNodes[UInt64(id.rawValue)] }

    /// Gives the subtree fresh ids (it is new to the page) and indexes its handlers.
    func assignIDs(_ node: Node) {
        node.id = NodeID(nextID)
        nextID &+= 1
        node.shareAttributes()
        if !node.handlers.isEmpty { handlerNodes[UInt64(node.id.rawValue)] = node }
        if node.isOpaque { return }
        for child in node.children { assignIDs(child) }
    }

    func register(_ node: Node) {
        if node.handlers.isEmpty {
            handlerNodes[UInt64(node.id.rawValue)] = nil
        } else {
            handlerNodes[UInt64(node.id.rawValue)] = node
        }
    }

    func unregister(_ node: Node) {
        guard node.subtreeHasHandlers else { return }
        if !node.handlers.isEmpty { handlerNodes[UInt64(node.id.rawValue)] = nil }
        for child in node.children { unregister(child) }
    }
}
