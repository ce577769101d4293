/// One change to the page, produced by the diff and applied in order by the browser runtime
/// (or by `JetwayTesting`'s model DOM).
///
/// Indices count the parent's current element children at the moment the op is applied.
public enum PatchOp: Equatable, Sendable {
    /// Replace the whole content of the element with this text.
    case setText(NodeID, String)
    /// Set an attribute, or remove it when `value` is nil.
    case setAttribute(NodeID, name: String, value: String?)
    /// Parse `html` (one or more elements) and insert it before the parent's child at `index`
    /// (append when `index` equals the child count).
    case insert(parent: NodeID, index: Int, html: String)
    /// Remove these elements and everything inside them.
    case remove([NodeID])
    /// Take these elements out of the page but keep them (and their ids) for a following `move`.
    case detach([NodeID])
    /// Put kept elements (attached or detached) at `index`, `index + 1`, … of `parent`'s
    /// children, one after the other: one op for a run of rows that come back or move together.
    case move([NodeID], parent: NodeID, index: Int)
    /// Replace the element with `html`.
    case replace(NodeID, html: String)
    /// Tell the widget on this element to do something (`Widget.perform`): no change to the
    /// page's elements.
    case command(NodeID, name: String, payload: String)
}

extension PatchOp {
    /// The op's code, the first element of its JSON array (`PatchEncoder`).
    public var code: String {
        switch self {
        case .setText: "t"
        case .setAttribute: "a"
        case .insert: "i"
        case .remove: "r"
        case .detach: "d"
        case .move: "m"
        case .replace: "x"
        case .command: "c"
        }
    }

    /// Every op's code (docs/protocol.md lists exactly these).
    public static let codes = ["t", "a", "i", "r", "d", "m", "x", "c"]
}
