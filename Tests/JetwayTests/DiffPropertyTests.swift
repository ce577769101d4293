import Jetway
import JetwayTesting
import Testing

// Not on the main actor: these run long and must not hold up the server tests that need it.
struct DiffPropertyTests {
    @Test func applyingTheDiffTurnsAIntoBForRandomTrees() throws {
        var failures = 0
        for seed in UInt64(1)...1200 {
            var generator = RandomTrees(random: SeededGenerator(state: seed))
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
        var generator = RandomTrees(random: SeededGenerator(state: 99))
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
