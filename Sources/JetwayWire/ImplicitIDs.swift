/// Implicit element ids (docs/protocol.md, "Implicit ids"): in one piece of markup, an element
/// written without `data-j` has the id one more than the element before it (the first, one more
/// than 0); `data-j=""` means the element has no id. This is the rule's one definition in
/// Swift: the writer (`HTMLWriter`) asks whether an id may go unwritten, the readers
/// (`HTMLParser`, `PageIDs`) what each element's id is. The runtime's `numberIDs`
/// (Assets/runtime/ids.js) is its JavaScript twin; `ImplicitIDsInBrowsers` and
/// `PatchConformanceInChromium` hold the two to the same numbering.
public struct ImplicitIDs: Sendable {
    @usableFromInline var lastID: UInt32 = 0
    /// The id of the element numbered last (0 before the first).
    public var last: UInt32 { lastID }

    /// A numbering at its start: the first element without `data-j` is 1.
    @inlinable public init() {}

    /// A reader's step: the id of the next element in document order, given its `data-j`
    /// attribute (nil when it has none). Nil when the element has no id (`data-j=""`, or a
    /// value that is not an id, which leaves the numbering where it was).
    public mutating func next(written attribute: String?) -> NodeID? {
        guard let attribute else {
            lastID &+= 1
            return NodeID(lastID)
        }
        guard !attribute.isEmpty, let id = NodeID(attribute) else { return nil }
        lastID = id.rawValue
        return id
    }

    /// A writer's question: whether `id`, written next, may be left out (it is the one after
    /// the last).
    @inlinable public func mayOmit(_ id: NodeID) -> Bool { id.rawValue == lastID &+ 1 }

    /// A writer's step: `id` was written (or left out) for the next element.
    @inlinable public mutating func wrote(_ id: NodeID) { lastID = id.rawValue }
}
