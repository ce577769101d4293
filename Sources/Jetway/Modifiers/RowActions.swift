/// A class attribute written once, not at each render.
private let buttonRowActionDestructiveClasses = "\(StyleClass.button) \(StyleClass.rowAction) \(StyleClass.destructive)"
/// A class attribute written once, not at each render.
private let buttonRowActionClasses = "\(StyleClass.button) \(StyleClass.rowAction)"
/// A class attribute written once, not at each render.
private let menuContextMenuClasses = "\(RuntimeContract.Class.menu) \(RuntimeContract.Class.contextMenu)"

/// A view that stands for rows of data (`ForEach`, and a `ForEach` with `.onDelete` or
/// `.onMove`), which the rows' edits apply to.
public protocol DynamicViewContent: View {
    /// The type of the collection the rows stand for.
    associatedtype Data: Collection
    /// The collection the rows stand for, one row per element: the indexes `.onDelete` and `.onMove` hand their
    /// actions are offsets into it. Jetway does not read it (the `ForEach` renders its rows itself).
    var data: Data { get }
}

extension ForEach: DynamicViewContent where Content: View {}

extension ModifiedContent: DynamicViewContent where Content: DynamicViewContent, Modifier: RowEditing {
    /// The data of the rows, from the `ForEach` inside.
    public var data: Content.Data { content.data }
}

/// `.onDelete` and `.onMove`: they keep the rows rows.
public protocol RowEditing: ViewModifier {}

extension DynamicViewContent {
    /// Makes the rows deletable: a swipe from the trailing edge reveals a Delete button (a
    /// full swipe deletes at once), which calls `action` with the row's index. The button is
    /// also reached with the keyboard (the row opens when it has the focus). A row with its own
    /// trailing `.swipeActions` shows those instead, as in SwiftUI.
    ///
    /// ```swift
    /// List { ForEach(flights) { FlightRow(flight: $0) }.onDelete { flights.remove(atOffsets: $0) } }
    /// ```
    public func onDelete(perform action: (@MainActor (IndexSet) -> Void)?) -> ModifiedContent<Self, OnDeleteModifier> {
        ModifiedContent(content: self, modifier: OnDeleteModifier(edit: action.map { .delete($0) }))
    }

    /// Makes the rows movable: a long press on a row lifts it to be dragged to its new place;
    /// in edit mode each row has a handle to drag, and the handle's arrow keys move it by one.
    /// `action` gets the row's index and where it goes, for `move(fromOffsets:toOffset:)`.
    ///
    /// ```swift
    /// ForEach(stops) { Text($0.name) }.onMove { stops.move(fromOffsets: $0, toOffset: $1) }
    /// ```
    public func onMove(perform action: (@MainActor (IndexSet, Int) -> Void)?) -> ModifiedContent<Self, OnDeleteModifier> {
        ModifiedContent(content: self, modifier: OnDeleteModifier(edit: action.map { .move($0) }))
    }
}

extension View {
    /// Buttons that act on this row, revealed by a swipe from `edge` (a full swipe does the
    /// first, when allowed); a button's `.tint` is its background, a destructive one is red.
    public func swipeActions<Actions: View>(
        edge: HorizontalEdge = .trailing, allowsFullSwipe: Bool = true, @ViewBuilder content: () -> Actions
    ) -> some View {
        modifier(SwipeActionsModifier(actions: content(), leading: edge == .leading, fullSwipe: allowsFullSwipe))
    }

    /// Actions about this view, in a menu opened by a right click (or a long press), or by its
    /// "Actions" button.
    public func contextMenu<MenuItems: View>(@ViewBuilder menuItems: () -> MenuItems) -> some View {
        modifier(ContextMenuModifier(items: menuItems()))
    }
}

/// What `.onDelete` and `.onMove` give each row: a Delete swipe action, or a place in the data
/// the runtime drags it from (with a handle in edit mode).
public struct OnDeleteModifier: _PrimitiveModifier, RowEditing {
    enum Edit {
        case delete(@MainActor (IndexSet) -> Void)
        case move(@MainActor (IndexSet, Int) -> Void)
    }
    let edit: Edit?

    /// Jetway's rendering entry point; not for apps.
    public static func _apply(_ modifier: Self, _ context: _RenderContext, _ out: inout [Node], _ content: @escaping _ContentRenderer) {
        var rows: [Node] = []
        // Which element of the data each row node is (a lazy list renders only some, between
        // gaps; a row may be several nodes): the `ForEach` below says, through the environment.
        let offsets = context.persistent(RowOffsets.self) { RowOffsets() }
        offsets.start()
        // A list above hears the rows too (their places for screen readers).
        offsets.above = context.environment.rowOffsets
        var inside = context
        inside.writeEnvironment { $0.rowOffsets = offsets }
        content(inside, &rows)
        guard let edit = modifier.edit else {
            if offsets.claimedAbove, let above = offsets.above {
                for (row, offset) in zip(rows, offsets.offsets(of: rows)) {
                    if let offset { above.record(offset, nodes: [row][...]) }
                }
            }
            offsets.finish()
            out += rows
            return
        }
        let recorded = offsets.offsets(of: rows)
        offsets.finish()
        let editing = context.track { context.environment.editMode?.wrappedValue.isEditing ?? false }
        for (position, row) in rows.enumerated() {
            if row.hasClass(RuntimeContract.Class.lazyGap) {
                out.append(row)
                continue
            }
            // A row the `ForEach` did not make (none recorded it) has no place in the data to
            // delete or move.
            guard let index = recorded[position] else {
                out.append(row)
                continue
            }
            let holder = Node("div", key: row.key)
            holder.setAttribute("class", StyleClass.rowWithActions)
            switch edit {
            case .delete(let action):
                // A row with trailing swipe actions of its own shows those (SwiftUI's rule).
                if Self.swipesFromTrailingEdge(row) {
                    if offsets.claimedAbove { offsets.above?.record(index, nodes: [row][...]) }
                    out.append(row)
                    continue
                }
                let delete = Self.button(key: row.key &+ 0xDE1, "Delete", "Delete " + Self.name(of: row), buttonRowActionDestructiveClasses)
                delete.addHandler(EventBinding(event: .click) { _ in action(IndexSet(integer: index)) })
                let actions = Node("div", key: row.key &+ 0xDE2)
                actions.setAttribute("class", RuntimeContract.Class.rowActions)
                actions.children = [delete]
                holder.setAttribute(RuntimeContract.Attribute.swipe, "trailing full")
                holder.children = [row, actions]
            case .move(let action):
                let total = offsets.total
                holder.setAttribute(RuntimeContract.Attribute.reorder, String(index))
                holder.addHandler(
                    EventBinding(event: .move) { payload in
                        let destination = try Self.destination(payload, total: total)
                        // Before itself or the one after it: where it is.
                        guard destination != index, destination != index + 1 else { return }
                        action(IndexSet(integer: index), destination)
                    })
                holder.children = [row]
                if editing {
                    let handle = Self.button(key: row.key &+ 0x3F1, "≡", "Move " + Self.name(of: row), RuntimeContract.Class.rowHandle)
                    handle.setAttribute("aria-keyshortcuts", "ArrowUp ArrowDown")
                    holder.children.append(handle)
                }
            }
            if offsets.claimedAbove { offsets.above?.record(index, nodes: [holder][...]) }
            out.append(holder)
        }
    }

    /// Whether a row has trailing swipe actions of its own (its holders, outermost first: swipe
    /// holders and a move's holder, in either order).
    static func swipesFromTrailingEdge(_ row: Node) -> Bool {
        var node: Node? = row
        while let holder = node {
            if let edge = holder.attribute(RuntimeContract.Attribute.swipe) {
                if edge.hasPrefix("trailing") { return true }
            } else if holder.attribute(RuntimeContract.Attribute.reorder) == nil {
                return false
            }
            node = holder.children.first
        }
        return false
    }

    /// Where a `move` event says the row goes: a whole offset from 0 to `total`. One past the
    /// end (rows another page deleted since this one was drawn) is the end: the visitor's honest
    /// race, not bad input.
    static func destination(_ payload: EventPayload, total: Int) throws -> Int {
        guard case .number(let value) = payload, value.rounded() == value, value >= 0, value < 1e9 else {
            throw JetwayError.wrongPayload(expected: "a row offset from 0 to \(total)", got: "\(payload)")
        }
        return min(Int(value), total)
    }

    private static func button(key: UInt64, _ text: String, _ label: String, _ classes: String) -> Node {
        let button = Node("button", key: key)
        button.setAttribute("class", classes)
        button.setAttribute("type", "button")
        button.setAttribute("aria-label", label)
        button.text = text
        return button
    }

    /// What a row is called: its first text (not its actions' labels).
    static func name(of row: Node) -> String {
        var node = row
        while node.text == nil, let first = node.children.first { node = first }
        return node.text ?? row.textContent
    }
}

extension RangeReplaceableCollection where Self: MutableCollection {
    /// Removes the elements at `offsets` (what `.onDelete` hands over), as SwiftUI's extension.
    public mutating func remove(atOffsets offsets: IndexSet) {
        for offset in offsets.reversed() where offset >= 0 && offset < count {
            remove(at: index(startIndex, offsetBy: offset))
        }
    }

    /// Moves the elements at `source` to before `destination` (what `.onMove` hands over).
    public mutating func move(fromOffsets source: IndexSet, toOffset destination: Int) {
        let moving = source.filter { $0 >= 0 && $0 < count }.map { self[index(startIndex, offsetBy: $0)] }
        let before = source.filter { $0 < destination }.count
        remove(atOffsets: IndexSet(source.filter { $0 >= 0 && $0 < count }))
        let at = Swift.max(0, Swift.min(count, destination - before))
        insert(contentsOf: moving, at: index(startIndex, offsetBy: at))
    }
}

struct SwipeActionsModifier<Actions: View>: _PrimitiveModifier {
    let actions: Actions
    let leading: Bool
    let fullSwipe: Bool

    static func _apply(_ modifier: Self, _ context: _RenderContext, _ out: inout [Node], _ content: @escaping _ContentRenderer) {
        let holder = context.element("div", StyleClass.rowWithActions)
        holder.setAttribute(
            RuntimeContract.Attribute.swipe, (modifier.leading ? "leading" : "trailing") + (modifier.fullSwipe ? " full" : ""))
        let inside = context.insideElement()
        var row: [Node] = []
        content(inside.structural(0), &row)
        let actions = inside.structural(1).element("div", RuntimeContract.Class.rowActions)
        inside.structural(1).renderChildren(modifier.actions, into: actions)
        for button in actions.children where button.tag == "button" {
            button.addClass(StyleClass.rowAction)
            if button.attribute("style")?.contains(StyleVariable.accent + ":") == true { button.addClass(StyleClass.tinted) }
        }
        holder.children = row + [actions]
        out.append(holder)
    }
}

struct ContextMenuModifier<Items: View>: _PrimitiveModifier {
    let items: Items

    static func _apply(_ modifier: Self, _ context: _RenderContext, _ out: inout [Node], _ content: @escaping _ContentRenderer) {
        let holder = context.element("div", RuntimeContract.Class.hasContextMenu)
        let inside = context.insideElement()
        var body: [Node] = []
        content(inside.structural(0), &body)
        let menu = Menu<Text, Items>.node(
            inside.structural(1), className: menuContextMenuClasses, label: Text("⋯"), accessibleName: "Actions", items: modifier.items)
        holder.children = body + [menu]
        out.append(holder)
    }
}

/// The data offsets of the row nodes a `ForEach` rendered, for `.onDelete` above it: one entry
/// per node, in order (gaps of a lazy list have none). Only the first `ForEach` below records:
/// a `ForEach` inside a row is not the one deleted from.
@MainActor
final class RowOffsets {
    /// The data offset of each row node recorded, by node.
    @exclusivity(unchecked) private var byNode: [ObjectIdentifier: Int] = [:]
    @exclusivity(unchecked) private(set) var isClaimed = false
    /// How many elements the data has.
    @exclusivity(unchecked) private(set) var total = 0
    /// Another recorder above this one (a list's, above an `.onDelete`'s), claimed with it when
    /// it was free, and then told the nodes that stand for the rows above (the holders).
    @exclusivity(unchecked) weak var above: RowOffsets?
    @exclusivity(unchecked) private(set) var claimedAbove = false

    func start() {
        byNode.removeAll()
        isClaimed = false
        claimedAbove = false
        above = nil
    }

    /// The `ForEach` about to render its rows, `rendered` of `total`: true when it is the one
    /// to record them.
    func claim(total: Int, rendered: Int) -> Bool {
        if isClaimed { return false }
        isClaimed = true
        self.total = total
        claimedAbove = above?.claim(total: total, rendered: rendered) ?? false
        return true
    }

    func record(_ offset: Int, nodes: ArraySlice<Node>) {
        for node in nodes { byNode[ObjectIdentifier(node)] = offset }
    }

    /// Lets go of what was recorded once it was read: a session keeps no table between renders.
    func finish() {
        byNode = [:]
    }

    /// A modifier copied a row node (a frozen one): the copy stands for the same row.
    func replaced(_ old: Node, by new: Node) {
        if let offset = byNode[ObjectIdentifier(old)] { byNode[ObjectIdentifier(new)] = offset }
    }

    /// The data offset of each of `rows` (nil for a node the `ForEach` did not make: a gap, a
    /// view beside it).
    func offsets(of rows: [Node]) -> [Int?] {
        // A loop, not `map`: a closure of the main actor's handed to the standard library is
        // checked at run time at every call (see Package.swift).
        var offsets: [Int?] = []
        offsets.reserveCapacity(rows.count)
        for row in rows { offsets.append(byNode[ObjectIdentifier(row)]) }
        return offsets
    }

    /// Each of `rows`' place in the data, whether the `ForEach` rendered a window of its rows or
    /// all of them: a row keeps the same attributes as the list grows and shrinks under a
    /// search, so one the browser kept comes back by its id (`KeptRows`) and not whole.
    func positions(of rows: [Node]) -> [RowPosition?]? {
        guard isClaimed else { return nil }
        let total = total
        var positions: [RowPosition?] = []
        positions.reserveCapacity(rows.count)
        for offset in offsets(of: rows) { positions.append(offset.map { RowPosition(index: $0, total: total) }) }
        return positions
    }
}

/// A row's place in its list's data.
struct RowPosition: Equatable {
    let index: Int
    let total: Int
}

private struct RowOffsetsKey: EnvironmentKey { static let defaultValue: RowOffsets? = nil }

extension EnvironmentValues {
    /// Where the `ForEach` below an `.onDelete` records its rows' data offsets.
    var rowOffsets: RowOffsets? {
        get { self[RowOffsetsKey.self] }
        set { self[RowOffsetsKey.self] = newValue }
    }
}
