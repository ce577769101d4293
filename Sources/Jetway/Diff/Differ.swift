/// Compares an old node tree with a new one and records the ops that turn one into the other.
///
/// Elements match when they have the same key and tag; the new element takes the old one's id.
/// Identical node objects (a subtree whose view did not re-render) are skipped without a walk.
/// Children are diffed by key: common prefix and suffix first, then a map of the rest, removals,
/// and the longest increasing subsequence of kept elements stays put while the others move —
/// linear for the usual filter, insert and remove.
struct Differ {
    var ops: [PatchOp] = []
    /// Steps taken over children, counted where they are taken (trims, key map, matching,
    /// the subsequence, detaching, placement, inserts and removals): what a test checks to prove
    /// the keyed diff stays linear, without timing anything.
    var work = 0
    unowned let tree: LiveTree

    init(tree: LiveTree) {
        self.tree = tree
    }

    mutating func diff(_ old: Node, _ new: Node) {
        if old === new { return }
        new.id = old.id
        diffAttributes(old, new)
        if !old.handlers.isEmpty || !new.handlers.isEmpty { tree.register(new) }
        if new.isOpaque || old.isOpaque {
            // A widget owns its children: keep the old ones, the client never gave them to us.
            new.children = old.children
            return
        }
        if let text = new.text {
            // A clock's text is the browser's to keep once the page has it (it counts by itself,
            // docs/protocol.md "Clocks"): only a clock that counts something else is written.
            if old.text != text && !Self.sameClock(old, new) {
                for child in old.children { unregister(child) }
                ops.append(.setText(new.id, text))
            }
            return
        }
        if let oldText = old.text {
            if !oldText.isEmpty { ops.append(.setText(new.id, "")) }
            insertRun(parent: new.id, byDigest: new.keepsRemovedByDigest, index: 0, new.children[...])
            return
        }
        diffChildren(parent: new.id, byDigest: new.keepsRemovedByDigest, old.children, new.children)
    }

    /// Whether both are the same clock (`data-jw-clock` and what it counts from).
    static func sameClock(_ old: Node, _ new: Node) -> Bool {
        guard let kind = new.attribute(RuntimeContract.Attribute.clock), old.attribute(RuntimeContract.Attribute.clock) == kind else {
            return false
        }
        return [
            RuntimeContract.Attribute.clockAt, RuntimeContract.Attribute.clockFrom, RuntimeContract.Attribute.clockTo,
            RuntimeContract.Attribute.clockZone,
        ].allSatisfy { old.attribute($0) == new.attribute($0) }
    }

    private mutating func diffAttributes(_ old: Node, _ new: Node) {
        let oldAttributes = old.attributes
        let newAttributes = new.attributes
        if oldAttributes.count == newAttributes.count {
            var sameNames = true
            for index in oldAttributes.indices where oldAttributes[index].name != newAttributes[index].name {
                sameNames = false
                break
            }
            if sameNames {
                let before = ops.count
                for index in newAttributes.indices where oldAttributes[index].value != newAttributes[index].value {
                    ops.append(.setAttribute(new.id, name: newAttributes[index].name, value: newAttributes[index].value))
                }
                // The same list: keep the one the page had (shared with other elements).
                if ops.count == before { new.takeAttributes(of: old) } else { new.shareAttributes() }
                return
            }
        }
        new.shareAttributes()
        for attribute in newAttributes where old.attribute(attribute.name) != attribute.value {
            ops.append(.setAttribute(new.id, name: attribute.name, value: attribute.value))
        }
        for attribute in oldAttributes where new.attribute(attribute.name) == nil {
            ops.append(.setAttribute(new.id, name: attribute.name, value: nil))
        }
    }

    @inline(__always) private func matches(_ old: Node, _ new: Node) -> Bool {
        old.key == new.key && old.tag == new.tag
    }

    private mutating func diffChildren(parent: NodeID, byDigest: Bool, _ old: [Node], _ new: [Node]) {
        var start = 0
        var oldEnd = old.count - 1
        var newEnd = new.count - 1
        work += 1
        while start <= oldEnd && start <= newEnd && matches(old[start], new[start]) {
            work += 1
            diff(old[start], new[start])
            start += 1
        }
        while oldEnd >= start && newEnd >= start && matches(old[oldEnd], new[newEnd]) {
            work += 1
            diff(old[oldEnd], new[newEnd])
            oldEnd -= 1
            newEnd -= 1
        }
        if start > oldEnd {
            if start <= newEnd { insertRun(parent: parent, byDigest: byDigest, index: start, new[start...newEnd]) }
            return
        }
        // Elements leave: the page keeps as many as its longest list (LiveTree.retain).
        tree.noteSiblings(old.count)
        if start > newEnd {
            removeAll(parent: parent, byDigest: byDigest, old[start...oldEnd])
            return
        }
        // General case: match the middle by key.
        var newIndexByKey = KeyMap<Int>(minimumCapacity: newEnd - start + 1)
        for index in start...newEnd {
            work += 1
            if newIndexByKey[new[index].key] == nil { newIndexByKey[new[index].key] = index }
        }
        var sources = [Int](repeating: -1, count: newEnd - start + 1)
        var removed: [NodeID] = []
        for index in start...oldEnd {
            work += 1
            let node = old[index]
            if let newIndex = newIndexByKey[node.key], sources[newIndex - start] < 0, new[newIndex].tag == node.tag {
                sources[newIndex - start] = index
                diff(node, new[newIndex])
            } else {
                unregister(node)
                tree.retain(node, parent: parent, byDigest: byDigest)
                removed.append(node.id)
            }
        }
        let stable = longestIncreasingSubsequence(sources, steps: &work)
        var isStable = [Bool](repeating: false, count: sources.count)
        for position in stable {
            work += 1
            isStable[position] = true
        }
        // Removed elements are detached, not deleted: the client keeps them, so that the same
        // keyed element coming back (a filter cleared) is moved back instead of re-sent.
        var detached = removed
        for position in sources.indices {
            work += 1
            if sources[position] >= 0 && !isStable[position] { detached.append(new[start + position].id) }
        }
        if !detached.isEmpty { ops.append(.detach(detached)) }
        // Forward pass: everything before `index` is final; stable elements follow in order.
        var index = start
        while index <= newEnd {
            work += 1
            let position = index - start
            if sources[position] < 0 {
                var runEnd = index
                while runEnd + 1 <= newEnd && sources[runEnd + 1 - start] < 0 { runEnd += 1 }
                insertRun(parent: parent, byDigest: byDigest, index: index, new[index...runEnd])
                index = runEnd + 1
                continue
            }
            if !isStable[position] { appendMove(new[index].id, parent: parent, index: index) }
            index += 1
        }
    }

    /// Places a run of consecutive new elements: one insert op per stretch of markup, and a move
    /// (plus the diff of any change) for each element the client still keeps from a removal.
    private mutating func insertRun(parent: NodeID, byDigest: Bool, index: Int, _ nodes: ArraySlice<Node>) {
        var writer = HTMLWriter()
        var runStart = index
        var position = index
        func flush(_ ops: inout [PatchOp]) {
            guard position > runStart else { return }
            ops.append(.insert(parent: parent, index: runStart, html: writer.string))
            writer = HTMLWriter()
        }
        for node in nodes {
            work += 1
            if let kept = tree.takeRetained(parent: parent, key: node.key, tag: node.tag) {
                flush(&ops)
                appendMove(kept.id, parent: parent, index: position)
                diff(kept, node)
                tree.registerSubtree(node)
                position += 1
                runStart = position
                continue
            }
            if byDigest, let row = tree.takeKeptRow(parent: parent, for: node) {
                flush(&ops)
                appendMove(row.id, parent: parent, index: position)
                row.assignIDs(to: node)
                if !KeptRows.hasSameValues(row, as: node) {
                    for attribute in node.attributes {
                        ops.append(.setAttribute(node.id, name: attribute.name, value: attribute.value))
                    }
                }
                tree.registerSubtree(node)
                position += 1
                runStart = position
                continue
            }
            tree.assignIDs(node)
            writer.write(node)
            position += 1
        }
        flush(&ops)
    }

    /// A move, joined to the previous op when that one moved elements into the places just
    /// before `index` of the same parent.
    private mutating func appendMove(_ id: NodeID, parent: NodeID, index: Int) {
        if case .move(var ids, let previousParent, let start)? = ops.last, previousParent == parent, start + ids.count == index {
            ops.removeLast()
            ids.append(id)
            ops.append(.move(ids, parent: parent, index: start))
        } else {
            ops.append(.move([id], parent: parent, index: index))
        }
    }

    private mutating func removeAll(parent: NodeID, byDigest: Bool, _ nodes: ArraySlice<Node>) {
        var ids: [NodeID] = []
        ids.reserveCapacity(nodes.count)
        if byDigest { tree.reserveKeptRows(nodes.count) }
        for node in nodes {
            work += 1
            unregister(node)
            tree.retain(node, parent: parent, byDigest: byDigest)
            ids.append(node.id)
        }
        ops.append(.detach(ids))
    }

    func unregister(_ node: Node) { tree.unregister(node) }
}
