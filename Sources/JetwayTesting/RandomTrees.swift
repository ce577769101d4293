import Jetway

/// Random trees in the shape Jetway renders (`DiffPropertyTests`, and the runtime's conformance
/// with `ModelDOM`): keyed children, text only as an element's whole
/// content, attributes from a small set (so they collide and change), awkward characters.
public struct RandomTrees {
    /// The generator every choice is drawn from (a failing tree is replayed from its seed).
    public var random: SeededGenerator
    /// The tags trees are made of. A browser's parser restructures some nestings (a `div` in a
    /// `p`, a `button` in a `button`): a test that parses trees in a browser uses tags any of
    /// which may hold any other.
    public var tags = ["div", "span", "ul", "li", "p", "button", "section"]
    /// Tags a browser's parser keeps nested as written, any inside any other.
    public static let tagsBrowsersKeepNested = ["div", "span", "section", "em", "b"]
    /// Trees drawn from `random`, of `tags` (the default set when nil).
    public init(random: SeededGenerator, tags: [String]? = nil) {
        self.random = random
        if let tags { self.tags = tags }
    }

    let attributeNames = ["class", "style", "title", "aria-label", "data-x"]
    let texts = ["", "a", "b & c", "<i>x</i>", "\"q\" 'r'", "héllo ✈︎", "line\nbreak"]

    /// A random tree at most `depth` levels deep.
    public mutating func tree(depth: Int) -> Node {
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
    public mutating func mutate(_ node: Node, depth: Int) -> Node {
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
