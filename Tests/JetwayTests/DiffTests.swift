import Jetway
import JetwayTesting
import Testing

/// Builds node trees for diff tests: `el("div", key: 1, [el("span", key: 2, text: "a")])`.
func el(_ tag: String, key: UInt64, _ children: [Node]) -> Node {
    el(tag, key: key, [:], text: nil, children)
}

func el(_ tag: String, key: UInt64, _ attributes: [String: String] = [:], text: String? = nil, _ children: [Node] = []) -> Node {
    Node(
        tag, key: key, attributes: attributes.sorted { $0.key < $1.key }.map { Attribute(name: $0.key, value: $0.value) }, text: text,
        children: children)
}

func list(_ keys: [Int]) -> Node {
    el("ul", key: 0, keys.map { el("li", key: UInt64($0), text: "row \($0)") })
}

/// Diffs old → new, applies the ops to a model DOM of old, and checks the result is new.
@discardableResult
func diffAndCheck(_ old: Node, _ new: Node) throws -> [PatchOp] {
    let tree = LiveTree()
    tree.mount(old)
    let dom = try ModelDOM(html: old.html)
    let ops = tree.update(to: new)
    try dom.apply(ops)
    let expected = try ModelDOM(html: new.html).canonicalHTML
    #expect(dom.canonicalHTML == expected)
    return ops
}

// Not on the main actor: these run long and must not hold up the server tests that need it.
struct DiffTests {
    @Test func identicalTreesGiveNoOps() throws {
        #expect(try diffAndCheck(list([1, 2, 3]), list([1, 2, 3])).isEmpty)
    }

    @Test func textChangeIsOneSetText() throws {
        let ops = try diffAndCheck(el("p", key: 0, text: "a"), el("p", key: 0, text: "b"))
        #expect(ops == [.setText(NodeID(1), "b")])
    }

    @Test func attributesAreSetAndRemoved() throws {
        let ops = try diffAndCheck(el("p", key: 0, ["class": "a", "title": "t"]), el("p", key: 0, ["class": "b", "lang": "en"]))
        #expect(ops.contains(.setAttribute(NodeID(1), name: "class", value: "b")))
        #expect(ops.contains(.setAttribute(NodeID(1), name: "lang", value: "en")))
        #expect(ops.contains(.setAttribute(NodeID(1), name: "title", value: nil)))
        #expect(ops.count == 3)
    }

    @Test func appendIsOneInsertWithAllNewRows() throws {
        let ops = try diffAndCheck(list([1, 2]), list([1, 2, 3, 4]))
        #expect(ops.count == 1)
        guard case .insert(_, let index, let html) = ops[0] else { Issue.record("expected an insert"); return }
        #expect(index == 2)
        #expect(html.components(separatedBy: "<li").count == 3)
    }

    @Test func removalsAreOneOp() throws {
        let ops = try diffAndCheck(list([1, 2, 3, 4, 5]), list([1, 3, 5]))
        #expect(ops.count == 1)
        guard case .detach(let ids) = ops[0] else { Issue.record("expected a detach"); return }
        #expect(ids.count == 2)
    }

    @Test func removedKeyedElementsComeBackByMoveNotMarkup() throws {
        let tree = LiveTree()
        let all = list(Array(0..<50))
        tree.mount(all)
        let dom = try ModelDOM(html: all.html)
        let filtered = list(Array(stride(from: 0, to: 50, by: 5)))
        try dom.apply(tree.update(to: filtered))
        let cleared = list(Array(0..<50))
        let ops = tree.update(to: cleared)
        try dom.apply(ops)
        #expect(dom.canonicalHTML == (try ModelDOM(html: cleared.html)).canonicalHTML)
        #expect(!ops.contains { if case .insert = $0 { true } else { false } })
        #expect(movedElements(ops) == 40)
        // The rows come back in runs between the kept ones: one move op per run, not per row.
        #expect(ops.filter { if case .move = $0 { true } else { false } }.count == 10)
        let bytes = PatchEncoder.encode(version: 2, ops).count
        #expect(bytes < 40 * 8, "restoring 40 rows took \(bytes) bytes")
    }

    @Test func keptElementsAreBoundedAndEvictionsReachTheClient() throws {
        let tree = LiveTree()
        tree.retainLimit = 10
        let all = list(Array(0..<30))
        tree.mount(all)
        let dom = try ModelDOM(html: all.html)
        let ops = tree.update(to: list([0]))
        // 29 rows were removed; only 10 are kept, the other 19 are removed for good.
        let removed = ops.compactMap { if case .remove(let ids) = $0 { ids.count } else { nil } }.reduce(0, +)
        #expect(removed == 19)
        try dom.apply(ops)
        let back = list(Array(0..<30))
        let restore = tree.update(to: back)
        try dom.apply(restore)
        #expect(dom.canonicalHTML == (try ModelDOM(html: back.html)).canonicalHTML)
        #expect(restore.contains { if case .insert = $0 { true } else { false } })
    }

    @Test func insertInTheMiddle() throws {
        let ops = try diffAndCheck(list([1, 2, 3]), list([1, 9, 2, 3]))
        #expect(ops.count == 1)
        if case .insert(_, let index, _) = ops[0] { #expect(index == 1) } else { Issue.record("expected an insert") }
    }

    @Test func reorderMovesOnlyWhatIsOffTheLongestRun() throws {
        let ops = try diffAndCheck(list([1, 2, 3, 4, 5]), list([5, 1, 2, 3, 4]))
        #expect(movedElements(ops) == 1)
        try diffAndCheck(list([1, 2, 3, 4, 5]), list([2, 1, 4, 3, 5]))
        try diffAndCheck(list([1, 2, 3]), list([3, 2, 1]))
    }

    @Test func sameKeyNewTagIsRemoveAndInsert() throws {
        let old = el("div", key: 0, [el("p", key: 1, text: "x")])
        let new = el("div", key: 0, [el("h1", key: 1, text: "x")])
        let ops = try diffAndCheck(old, new)
        #expect(ops.count == 2)
    }

    @Test func rootWithAnotherTagIsReplaced() throws {
        let ops = try diffAndCheck(el("div", key: 0, text: "a"), el("section", key: 0, text: "a"))
        guard case .replace = ops.first else { Issue.record("expected a replace"); return }
    }

    @Test func textAndChildrenSwap() throws {
        try diffAndCheck(el("div", key: 0, text: "t"), el("div", key: 0, [el("b", key: 1, text: "x")]))
        try diffAndCheck(el("div", key: 0, [el("b", key: 1, text: "x")]), el("div", key: 0, text: "t"))
        try diffAndCheck(el("div", key: 0, [el("b", key: 1, text: "x")]), el("div", key: 0, text: ""))
    }

    @Test func theSameNodeObjectIsSkippedWithoutAWalk() throws {
        let shared = el("section", key: 5, [el("p", key: 1, text: "deep")])
        let old = el("div", key: 0, [shared])
        let tree = LiveTree()
        tree.mount(old)
        // Mutating the shared node behind the diff's back proves it is not walked.
        shared.children[0].text = "changed"
        let ops = tree.update(to: el("div", key: 0, [shared]))
        #expect(ops.isEmpty)
    }

    @Test func duplicateKeysDoNotConfuseTheDiff() throws {
        try diffAndCheck(list([1, 1, 2]), list([2, 1, 1, 1]))
        try diffAndCheck(list([3, 3, 3]), list([3]))
    }

    @Test func newElementsTakeTheOldIDs() throws {
        let old = list([1, 2])
        let new = list([2, 1])
        let tree = LiveTree()
        tree.mount(old)
        let ids = old.children.map(\.id)
        _ = tree.update(to: new)
        #expect(new.children.map(\.id) == ids.reversed())
    }

    @Test func longestIncreasingSubsequenceFindsTheLongestRun() throws {
        // Checked through moves: keeping the longest run in place means n - LIS moves.
        for (old, new, moves) in [
            ([1, 2, 3, 4, 5, 6], [6, 5, 4, 3, 2, 1], 5), ([1, 2, 3, 4, 5, 6], [2, 3, 4, 5, 6, 1], 1),
            ([1, 2, 3, 4, 5, 6], [1, 3, 2, 5, 4, 6], 2),
        ] {
            let ops = try diffAndCheck(list(old), list(new))
            #expect(movedElements(ops) == moves)
        }
    }

    @Test func filteringAThousandRowsIsLinear() throws {
        // Counted, not timed: every step the diff takes (trims, key map, matching, the longest
        // increasing subsequence's binary search, detaching, placement, inserts) for 1,000 and
        // 8,000 rows. Quadratic matching would take ~64× the steps for 8× the rows; the keyed
        // diff takes about 8× (the subsequence's n log n on the kept rows adds a little).
        func work(_ count: Int, keep: (Int) -> Bool, shuffle: Bool = false) -> Int {
            let all = Array(0..<count)
            var kept = all.filter(keep)
            if shuffle { kept.reverse() }
            let tree = LiveTree()
            tree.retainLimit = 0
            tree.mount(list(all))
            _ = tree.update(to: list(kept))
            return tree.lastUpdateWork
        }
        for (keep, shuffle) in [
            ({ (n: Int) in n % 7 == 0 }, false), ({ (n: Int) in n % 2 == 0 }, false), ({ (n: Int) in n % 3 != 0 }, true),
            ({ (n: Int) in n % 5 != 1 }, false),
        ] {
            let small = work(1000, keep: keep, shuffle: shuffle)
            let large = work(8000, keep: keep, shuffle: shuffle)
            // At least one step per row, so a count that forgot a loop would show here.
            #expect(small >= 1000, "1,000 rows took only \(small) counted steps")
            #expect(Double(large) / Double(small) < 9, "8× the rows took \(Double(large) / Double(small))× the steps")
        }
    }

    @Test func idListsTravelAsOneStringAndEveryOpEncodesAsTheRuntimeReadsIt() {
        let ops: [PatchOp] = [
            .detach([NodeID(36), NodeID(37), NodeID(1)]), .remove([NodeID(2)]),
            .move([NodeID(10), NodeID(11)], parent: NodeID(3), index: 4),
            .setText(NodeID(5), "say \"hi\""), .setAttribute(NodeID(5), name: "class", value: nil),
        ]
        let text = String(decoding: PatchEncoder.encode(version: 9, ops, ref: 12), as: UTF8.self)
        #expect(text == #"[9,[["d","10 11 1"],["r","2"],["m","3",4,"a b"],["t","5","say \"hi\""],["a","5","class",null]],12]"#)
    }
}
