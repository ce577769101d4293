/// The nodes a graph gave up when it took over another graph's page (`ViewGraph.adoptPage`):
/// each of its own nodes in a subtree without handlers, mapped to the other page's node in the
/// same place, which it now shares.
///
/// Such a subtree is the same document in both pages (`LiveTree.adoptIDs` checked it) with the
/// same element ids, and nothing of a graph's own reaches it (no handler closes over one
/// graph's state), so one immutable copy serves both. A session that diverges from a shared
/// rendering thus keeps only references to the rows it has in common with the others, not a
/// copy of each (`board_diverged_rss_per_session_kb_100`).
struct NodeReplacement {
    private(set) var map: [ObjectIdentifier: Node] = [:]
    /// The replaced nodes, kept until every holder has been told, so no address in `map` can be
    /// reused by another object meanwhile.
    private var replaced: [Node] = []

    var isEmpty: Bool { map.isEmpty }

    /// Records `mine` → `theirs` for a whole subtree (holders may point anywhere inside it).
    mutating func record(_ mine: Node, _ theirs: Node) {
        map[ObjectIdentifier(mine)] = theirs
        replaced.append(mine)
        // A node cached as a view's output stays frozen in its new home.
        if mine.isFrozen { theirs.isFrozen = true }
        for index in mine.children.indices { record(mine.children[index], theirs.children[index]) }
    }

    /// The node that now stands for `node`.
    func callAsFunction(_ node: Node) -> Node {
        map[ObjectIdentifier(node)] ?? node
    }

    /// `nodes` with every replaced node swapped, or nil when none of them was.
    func replacing(_ nodes: [Node]) -> [Node]? {
        guard nodes.contains(where: { map[ObjectIdentifier($0)] != nil }) else { return nil }
        return nodes.map { self($0) }
    }

    /// The identifier of the node that now stands for the one `id` named.
    func callAsFunction(_ id: ObjectIdentifier) -> ObjectIdentifier {
        map[id].map(ObjectIdentifier.init) ?? id
    }
}

/// Primitive storage that holds rendered nodes (a list's items, a link's node): told when its
/// graph swaps its nodes for shared ones, so that it goes on recognising them.
@MainActor
protocol NodeHolding: AnyObject {
    func replaceNodes(_ replacement: NodeReplacement)
}
