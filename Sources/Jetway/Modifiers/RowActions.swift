/// A class attribute written once, not at each render.
private let buttonRowActionDestructiveClasses = "\(StyleClass.button) \(StyleClass.rowAction) \(StyleClass.destructive)"
/// A class attribute written once, not at each render.
private let menuContextMenuClasses = "\(RuntimeContract.Class.menu) \(RuntimeContract.Class.contextMenu)"

extension ForEach {
    /// Makes the rows deletable: each gets a Delete button, which calls `action` with the row's
    /// index (as SwiftUI's swipe to delete does).
    ///
    /// ```swift
    /// List { ForEach(flights) { FlightRow(flight: $0) }.onDelete { flights.remove(atOffsets: $0) } }
    /// ```
    public func onDelete(perform action: (@MainActor (IndexSet) -> Void)?) -> some View {
        modifier(OnDeleteModifier(action: action))
    }
}

extension View {
    /// Buttons that act on this row (SwiftUI shows them when the row is swiped): shown at the
    /// row's trailing end.
    public func swipeActions<Actions: View>(
        edge: HorizontalEdge = .trailing, allowsFullSwipe: Bool = true, @ViewBuilder content: () -> Actions
    ) -> some View {
        modifier(SwipeActionsModifier(actions: content(), leading: edge == .leading))
    }

    /// Actions about this view, in a menu opened by a right click (or a long press), or by its
    /// "Actions" button.
    public func contextMenu<MenuItems: View>(@ViewBuilder menuItems: () -> MenuItems) -> some View {
        modifier(ContextMenuModifier(items: menuItems()))
    }
}

/// The leading or trailing edge (SwiftUI's `HorizontalEdge`).
public enum HorizontalEdge: Hashable, Sendable {
    case leading, trailing
}

struct OnDeleteModifier: _PrimitiveModifier {
    let action: (@MainActor (IndexSet) -> Void)?

    static func _apply(_ modifier: Self, _ context: _RenderContext, _ out: inout [Node], _ content: @escaping _ContentRenderer) {
        var rows: [Node] = []
        // Which element of the data each row node is (a lazy list renders only some, between
        // gaps; a row may be several nodes): the `ForEach` below says, through the environment.
        let offsets = context.persistent(RowOffsets.self) { RowOffsets() }
        offsets.start()
        var inside = context
        inside.writeEnvironment { $0.rowOffsets = offsets }
        content(inside, &rows)
        guard let action = modifier.action else {
            out += rows
            return
        }
        var elements = offsets.elements.makeIterator()
        for (position, row) in rows.enumerated() {
            if row.hasClass(RuntimeContract.Class.lazyGap) {
                out.append(row)
                continue
            }
            let index = offsets.isClaimed ? elements.next() ?? position : position
            let holder = Node("div", key: row.key)
            holder.setAttribute("class", StyleClass.rowWithActions)
            let delete = Node("button", key: row.key &+ 0xDE1)
            delete.setAttribute("class", buttonRowActionDestructiveClasses)
            delete.setAttribute("type", "button")
            delete.setAttribute("aria-label", "Delete " + Self.name(of: row))
            delete.text = "Delete"
            delete.addHandler(EventBinding(event: .click) { _ in action(IndexSet(integer: index)) })
            holder.children = [row, delete]
            out.append(holder)
        }
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

    static func _apply(_ modifier: Self, _ context: _RenderContext, _ out: inout [Node], _ content: @escaping _ContentRenderer) {
        let holder = context.element("div", StyleClass.rowWithActions)
        let inside = context.insideElement()
        var row: [Node] = []
        content(inside.structural(0), &row)
        let actions = inside.structural(1).element("div", StyleClass.rowActions)
        inside.structural(1).renderChildren(modifier.actions, into: actions)
        for button in actions.children where button.tag == "button" { button.addClass(StyleClass.rowAction) }
        holder.children = modifier.leading ? [actions] + row : row + [actions]
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
    private(set) var elements: [Int] = []
    private(set) var isClaimed = false

    func start() {
        elements.removeAll(keepingCapacity: true)
        isClaimed = false
    }

    /// The `ForEach` about to render its rows: true when it is the one to record them.
    func claim() -> Bool {
        if isClaimed { return false }
        isClaimed = true
        return true
    }

    func record(_ offset: Int, nodes: Int) {
        for _ in 0..<nodes { elements.append(offset) }
    }
}

private struct RowOffsetsKey: EnvironmentKey { static let defaultValue: RowOffsets? = nil }

extension EnvironmentValues {
    /// Where the `ForEach` below an `.onDelete` records its rows' data offsets.
    var rowOffsets: RowOffsets? {
        get { self[RowOffsetsKey.self] }
        set { self[RowOffsetsKey.self] = newValue }
    }
}
