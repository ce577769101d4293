/// A list of rows, rendered as `<ul>` with one `<li>` per row.
///
/// ```swift
/// List(viewModel.fruits) { fruit in
///     NavigationLink(fruit.name) { FruitDetail(fruit: fruit) }
/// }
/// ```
public struct List<SelectionValue: Hashable, Content: View>: _PrimitiveView {
    let content: Content

    public static func _render(_ view: Self, _ context: _RenderContext, _ out: inout [Node]) {
        let list = context.element("ul", "jw-list")
        context.environment.listStyle.apply(to: list)
        var rows: [Node] = []
        Content._render(view.content, context.insideElement(), &rows)
        // A row whose view did not re-render is the same node object as last time: give it the
        // same <li> too, so the diff skips the whole item without looking inside.
        let state = context.persistent(ListState.self) { ListState() }
        var items: [ObjectIdentifier: Node] = [:]
        items.reserveCapacity(rows.count)
        list.children = rows.map { row in
            if row.tag == "li" { return row }
            let id = ObjectIdentifier(row)
            if row.isFrozen, let item = state.items[id], item.key == row.key {
                items[id] = item
                return item
            }
            let item = Node("li", key: row.key)
            item.setAttribute("class", row.attribute("class") == "jw-section" ? "jw-list-section" : "jw-list-row")
            item.children = [row]
            Self.applyRowOptions(of: row, to: item)
            if row.isFrozen { items[id] = item }
            return item
        }
        state.items = items
        out.append(list)
    }
}

/// The `<li>` made for each cached row node, by the row node's identity (the item holds the row,
/// so the row cannot be freed and its address reused while it is in the map).
final class ListState: NodeHolding {
    var items: [ObjectIdentifier: Node] = [:]

    func replaceNodes(_ replacement: NodeReplacement) {
        var moved: [ObjectIdentifier: Node] = [:]
        moved.reserveCapacity(items.count)
        for (row, item) in items { moved[replacement(row)] = replacement(item) }
        items = moved
    }
}

extension List where SelectionValue == Never {
    public init(@ViewBuilder content: () -> Content) {
        self.content = content()
    }

    public init<Data: RandomAccessCollection, RowContent: View>(
        _ data: Data, @ViewBuilder rowContent: @escaping (Data.Element) -> RowContent
    ) where Content == ForEach<Data, Data.Element.ID, RowContent>, Data.Element: Identifiable {
        self.content = ForEach(data, content: rowContent)
    }

    public init<Data: RandomAccessCollection, ID: Hashable, RowContent: View>(
        _ data: Data, id: KeyPath<Data.Element, ID>, @ViewBuilder rowContent: @escaping (Data.Element) -> RowContent
    ) where Content == ForEach<Data, ID, RowContent> {
        self.content = ForEach(data, id: id, content: rowContent)
    }
}

/// How a list looks: `.listStyle(.plain)`.
public struct ListStyleKind: Hashable, Sendable {
    let className: String?
    public static let automatic = ListStyleKind(className: nil)
    public static let plain = ListStyleKind(className: "jw-list-plain")
    public static let insetGrouped = ListStyleKind(className: "jw-list-inset")
    public static let grouped = ListStyleKind(className: "jw-list-grouped")
    public static let inset = ListStyleKind(className: "jw-list-inset")
    public static let sidebar = ListStyleKind(className: "jw-list-sidebar")

    func apply(to node: Node) {
        if let className { node.addClass(className) }
    }
}

private struct ListStyleKey: EnvironmentKey { static let defaultValue = ListStyleKind.automatic }

extension EnvironmentValues {
    var listStyle: ListStyleKind {
        get { self[ListStyleKey.self] }
        set { self[ListStyleKey.self] = newValue }
    }
}

extension View {
    public func listStyle(_ style: ListStyleKind) -> some View {
        environment(\.listStyle, style)
    }
}

/// The edges of a row a separator modifier applies to (SwiftUI's `VerticalEdge.Set`); a row's
/// separator is drawn below it, so both mean that one.
public struct VerticalEdge: Hashable, Sendable {
    public struct Set: OptionSet, Hashable, Sendable {
        public let rawValue: Int
        public init(rawValue: Int) { self.rawValue = rawValue }
        public static let top = Set(rawValue: 1)
        public static let bottom = Set(rawValue: 2)
        public static let all: Set = [.top, .bottom]
    }
}

extension View {
    /// Hides (or shows) the separator under this row of a `List`.
    public func listRowSeparator(_ visibility: Visibility, edges: VerticalEdge.Set = .all) -> some View {
        modifier(
            StyleModifier { node in
                node.setAttribute("data-row-separator", visibility == .hidden ? "hidden" : "visible")
                node.hasListRowOptions = true
            })
    }

    /// The colour of the separator under this row (nil: the list's own).
    public func listRowSeparatorTint(_ color: Color?, edges: VerticalEdge.Set = .all) -> some View {
        modifier(
            StyleModifier { node in
                if let color {
                    node.setAttribute("data-row-tint", color.css)
                    node.hasListRowOptions = true
                }
            })
    }

    /// What is drawn behind this row of a `List`.
    public func listRowBackground(_ color: Color?) -> some View {
        modifier(
            StyleModifier { node in
                if let color {
                    node.setAttribute("data-row-background", color.css)
                    node.hasListRowOptions = true
                }
            })
    }
}

extension List {
    /// The `<li>` around a row takes what the row asked of it (`.listRowSeparator`,
    /// `.listRowSeparatorTint`, `.listRowBackground`).
    static func applyRowOptions(of row: Node, to item: Node) {
        guard row.hasListRowOptions else { return }
        if row.attribute("data-row-separator") == "hidden" { item.addClass("jw-no-separator") }
        if let tint = row.attribute("data-row-tint") { item.addStyle("--jw-separator:\(tint)") }
        if let background = row.attribute("data-row-background") { item.addStyle("background:\(background)") }
    }
}
