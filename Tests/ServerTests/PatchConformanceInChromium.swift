import Foundation
import Jetway
import JetwayBrowser
import JetwayTesting
import Testing

extension EndToEnd {
    /// The two appliers of patches agree: the op streams of random trees (the diff property
    /// test's generator, with tags a browser's parser keeps nested as written) are applied by
    /// the runtime's patch.js in Chromium and by `ModelDOM`, and after each patch the two pages
    /// are the same document.
    @Suite @MainActor
    struct PatchConformanceInChromium {
        /// A model DOM node as the runtime's `applyFrames` writes one.
        static func structure(_ node: DOMNode) -> Any {
            switch node.kind {
            case .text(let text): return text
            case .element(let tag):
                let attributes = node.attributes.sorted { $0.name < $1.name }.map { [$0.name, $0.value] }
                let children = node.children.filter { if case .text(let text) = $0.kind { !text.isEmpty } else { true } }.map(structure)
                return [tag, attributes] + children
            }
        }

        static func json(_ value: Any) throws -> String {
            String(decoding: try JSONSerialization.data(withJSONObject: value, options: [.sortedKeys]), as: UTF8.self)
        }

        @Test(.enabled(if: BrowserEngine.chromium.shouldRun, "needs chromium-driver (make test installs it)"))
        func theRuntimeAndTheModelDOMMakeTheSamePages() async throws {
            let folder = URL(fileURLWithPath: NSTemporaryDirectory()).appendingPathComponent(
                "jetway-conformance-\(UUID().uuidString.prefix(8))")
            try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
            defer { try? FileManager.default.removeItem(at: folder) }
            let file = folder.appendingPathComponent("conformance.html")
            try RuntimeUnitTestsInBrowsers.page().write(to: file, atomically: true, encoding: .utf8)
            try await withBrowsers(1, .chromium) { browsers in
                let browser = browsers[0]
                try await browser.navigate(file.absoluteString)
                #expect(await browser.wait(for: "return typeof window.applyFrames === 'function'"))
                var compared = 0, opsApplied = 0, failures = 0
                for seed in UInt64(1)...400 where failures < 5 {
                    var trees = RandomTrees(random: SeededGenerator(state: seed), tags: RandomTrees.tagsBrowsersKeepNested)
                    let a = trees.tree(depth: 4)
                    let b = seed % 5 == 0 ? trees.tree(depth: 4) : trees.mutate(a, depth: 0)
                    let c = trees.mutate(b, depth: 0)
                    let tree = LiveTree()
                    tree.mount(a)
                    let first = a.html
                    let model = try ModelDOM(html: first)
                    var frames: [String] = [], expected: [String] = []
                    for next in [b, c] {
                        let ops = tree.update(to: next)
                        opsApplied += ops.count
                        try model.apply(ops)
                        frames.append(String(decoding: PatchEncoder.encode(version: UInt64(frames.count + 1), ops, ref: 0), as: UTF8.self))
                        expected.append(try Self.json(Self.structure(model.root)))
                    }
                    let framesJSON = String(decoding: try JSONSerialization.data(withJSONObject: frames), as: UTF8.self)
                    let answer = try await browser.string("return window.applyFrames(\(jsLiteral(first)), \(framesJSON))")
                    let seen = try (JSONSerialization.jsonObject(with: Data(answer.utf8)) as? [Any] ?? []).map { try Self.json($0) }
                    if seen != expected {
                        failures += 1
                        Issue.record(
                            "seed \(seed): the runtime's page differs from the model DOM's\nA: \(first)\nframes: \(frames)\nruntime: \(seen)\nmodel: \(expected)"
                        )
                    }
                    compared += 1
                }
                #expect(compared >= 400 && opsApplied > 2000, "\(compared) streams, \(opsApplied) ops")
            }
        }
    }
}
