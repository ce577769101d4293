import Jetway
import JetwayTesting
import Testing

/// Random trees in the shape Jetway renders: keyed children, text only as an element's whole
/// content, attributes from a small set (so they collide and change), awkward characters.
struct TreeGenerator {
    var random: SeededGenerator
    let tags = ["div", "span", "ul", "li", "p", "button", "section"]
    let attributeNames = ["class", "style", "title", "aria-label", "data-x"]
    let texts = ["", "a", "b & c", "<i>x</i>", "\"q\" 'r'", "héllo ✈︎", "line\nbreak"]

    mutating func tree(depth: Int) -> Node {
        let node = Node(tags.randomElement(using: &random)!, key: UInt64.random(in: 0..<4, using: &random))
        for name in attributeNames where Int.random(in: 0..<3, using: &random) == 0 {
            node.setAttribute(name, texts.randomElement(using: &random)!)
        }
        if depth == 0 || Int.random(in: 0..<4, using: &random) == 0 {
            node.text = texts.randomElement(using: &random)!
        } else {
            let count = Int.random(in: 0..<6, using: &random)
            var keys = Array(0..<UInt64(count + 3)).shuffled(using: &random)
            node.children = (0..<count).map { _ in
                let child = tree(depth: depth - 1)
                child.key = keys.removeLast()
                return child
            }
        }
        return node
    }

    /// A copy of `node` with random edits: text and attribute changes, tag swaps, and children
    /// inserted, removed, shuffled; sometimes a subtree is the same object (an unchanged view).
    mutating func mutate(_ node: Node, depth: Int) -> Node {
        if depth > 0 && Int.random(in: 0..<6, using: &random) == 0 { return node }
        let tag = Int.random(in: 0..<12, using: &random) == 0 ? tags.randomElement(using: &random)! : node.tag
        let copy = Node(tag, key: node.key)
        for attribute in node.attributes where Int.random(in: 0..<5, using: &random) != 0 {
            copy.setAttribute(
                attribute.name, Int.random(in: 0..<4, using: &random) == 0 ? texts.randomElement(using: &random)! : attribute.value)
        }
        if Int.random(in: 0..<4, using: &random) == 0 {
            copy.setAttribute(attributeNames.randomElement(using: &random)!, texts.randomElement(using: &random)!)
        }
        if let text = node.text {
            if Int.random(in: 0..<8, using: &random) == 0 {
                copy.children = [tree(depth: 2)]
            } else {
                copy.text = Int.random(in: 0..<3, using: &random) == 0 ? texts.randomElement(using: &random)! : text
            }
            return copy
        }
        if Int.random(in: 0..<10, using: &random) == 0 {
            copy.text = texts.randomElement(using: &random)!
            return copy
        }
        var children = node.children.filter { _ in Int.random(in: 0..<5, using: &random) != 0 }.map { mutate($0, depth: depth + 1) }
        if Int.random(in: 0..<3, using: &random) == 0 { children.shuffle(using: &random) }
        var usedKeys = Set(children.map(\.key))
        for _ in 0..<Int.random(in: 0..<3, using: &random) {
            let child = tree(depth: 2)
            var key = UInt64.random(in: 0..<12, using: &random)
            while usedKeys.contains(key) { key += 1 }
            usedKeys.insert(key)
            child.key = key
            children.insert(child, at: Int.random(in: 0...children.count, using: &random))
        }
        copy.children = children
        return copy
    }
}

// Not on the main actor: these run long and must not hold up the server tests that need it.
struct DiffPropertyTests {
    @Test func applyingTheDiffTurnsAIntoBForRandomTrees() throws {
        var failures = 0
        for seed in UInt64(1)...1200 {
            var generator = TreeGenerator(random: SeededGenerator(state: seed))
            let a = generator.tree(depth: 4)
            // Most pairs are edits of A (the realistic case); some are unrelated trees.
            let b = seed % 5 == 0 ? generator.tree(depth: 4) : generator.mutate(a, depth: 0)
            let tree = LiveTree()
            tree.mount(a)
            let dom = try ModelDOM(html: a.html)
            let ops = tree.update(to: b)
            do {
                try dom.apply(ops)
            } catch {
                Issue.record("seed \(seed): applying the patch failed: \(error)")
                failures += 1
                continue
            }
            let expected = try ModelDOM(html: b.html).canonicalHTML
            if dom.canonicalHTML != expected {
                Issue.record("seed \(seed): patched page differs\nA: \(a.html)\nB: \(b.html)\nops: \(ops)")
                failures += 1
            }
            // A second update from B to a further edit must work from the ids the first one left.
            let c = generator.mutate(b, depth: 0)
            try dom.apply(tree.update(to: c))
            #expect(dom.canonicalHTML == (try ModelDOM(html: c.html)).canonicalHTML, "seed \(seed): second update")
            if failures > 5 { break }
        }
        #expect(failures == 0)
    }

    @Test func encodedPatchesRoundTripThroughJSON() throws {
        var generator = TreeGenerator(random: SeededGenerator(state: 99))
        for _ in 0..<100 {
            let a = generator.tree(depth: 3)
            let b = generator.mutate(a, depth: 0)
            let tree = LiveTree()
            tree.mount(a)
            let ops = tree.update(to: b)
            let bytes = PatchEncoder.encode(version: 7, ops)
            let decoded = try JSONSerialization.jsonObject(with: Data(bytes)) as? [Any]
            #expect(decoded?.first as? Int == 7)
            #expect((decoded?.last as? [Any])?.count == ops.count)
        }
    }
}
