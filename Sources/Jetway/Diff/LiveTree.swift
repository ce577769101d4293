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
    public private(set) var root: Node?
    /// The page before the last update, kept until `releaseRetired()` so that freeing it does
    /// not delay the patch.
    private var retired: Node?
    private var nextID: UInt32 = 1
    /// Elements that currently have handlers, by id.
    private(set) var handlerNodes: [NodeID: Node] = [:]

    public init() {}

    /// Takes `root` as the page's content: assigns ids and indexes handlers.
    public func mount(_ root: Node) {
        handlerNodes.removeAll(keepingCapacity: true)
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
        return differ.ops
    }

    public func releaseRetired() {
        retired = nil
    }

    /// The element with this id that has handlers, if it is on the page.
    func handlerNode(_ id: NodeID) -> Node? { handlerNodes[id] }

    /// Gives the subtree fresh ids (it is new to the page) and indexes its handlers.
    func assignIDs(_ node: Node) {
        node.id = NodeID(nextID)
        nextID &+= 1
        if !node.handlers.isEmpty { handlerNodes[node.id] = node }
        if node.isOpaque { return }
        for child in node.children { assignIDs(child) }
    }

    func register(_ node: Node) {
        if node.handlers.isEmpty {
            handlerNodes.removeValue(forKey: node.id)
        } else {
            handlerNodes[node.id] = node
        }
    }

    func unregister(_ node: Node) {
        guard node.subtreeHasHandlers else { return }
        if !node.handlers.isEmpty { handlerNodes.removeValue(forKey: node.id) }
        for child in node.children { unregister(child) }
    }
}
