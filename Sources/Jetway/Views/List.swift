/// A class attribute written once, not at each render.
private let listFillWFillHClasses = "\(StyleClass.list) \(StyleClass.fillW) \(StyleClass.fillH)"

/// A list of rows, rendered as `<ul>` with one `<li>` per row.
///
/// ```swift
/// List(viewModel.fruits) { fruit in
///     NavigationLink(fruit.name) { FruitDetail(fruit: fruit) }
/// }
/// ```
public struct List<SelectionValue: Hashable, Content: View>: _PrimitiveView {
    let content: Content
    var selection: ListSelection?

    /// Jetway's rendering entry point; not for apps.
    public static func _render(_ view: Self, _ context: _RenderContext, _ out: inout [Node]) {
        // As tall and wide as offered, as SwiftUI's List: an overlay on it covers the screen,
        // not its rows.
        let list = context.element("ul", listFillWFillHClasses)
        list.keepsRemovedByDigest = true
        context.environment.listStyle.apply(to: list)
        var rows: [Node] = []
        var inside = context.insideElement()
        // Where each row is in the data: a window's rows tell a screen reader their place in the
        // whole list (`aria-posinset`, `aria-setsize`).
        let offsets = context.persistent(RowOffsets.self) { RowOffsets() }
        offsets.start()
        let selection = view.selection
        inside.writeEnvironment {
            if selection != nil { $0.collectsTags = true }
            $0.sectionsAreListRows = true
            $0.lazyStack = LazyStack(kind: .list)
            $0.rowOffsets = offsets
            // A list's sections are its rows' groups, not those of a lazy stack around it.
            $0.lazySections = nil
        }
        Content._render(view.content, inside, &rows)
        if let selection { selection.mark(&rows, list: list, context) }
        let positions = offsets.positions(of: rows)
        offsets.finish()
        // A row whose view did not re-render is the same node object as last time: give it the
        // same <li> too, so the diff skips the whole item without looking inside.
        let state = context.persistent(ListState.self) { ListState() }
        list.children = state.items(for: rows, positions: positions) { row, position in
            let item = Node("li", key: row.key)
            item.setAttribute("class", row.attribute("class") == StyleClass.section ? StyleClass.listSection : StyleClass.listRow)
            if let position {
                item.setAttribute("aria-posinset", String(position.index + 1))
                item.setAttribute("aria-setsize", String(position.total))
            }
            item.children = [row]
            Self.applyRowOptions(of: row, to: item)
            return item
        }
        out.append(list)
    }
}

/// The `<li>` made for each cached row node, by the row node's identity (the item holds the row,
/// so the row cannot be freed and its address reused while it is in the map). Only the items of
/// the rows shown are kept: a list's rows are a lazy window (`LazyRows`), and a row that comes
/// back gets a new item.
final class ListState: NodeHolding {
    /// Each item, the render it was last shown in, and the place in the data it was made for.
    private typealias Entry = (item: Node, shown: UInt64, position: RowPosition?)
    @exclusivity(unchecked) private var items = KeyMap<Entry>()
    @exclusivity(unchecked) private var render: UInt64 = 0

    private static func key(_ row: Node) -> UInt64 {
        IdentityHash.mix(0, UInt64(UInt(bitPattern: ObjectIdentifier(row))))
    }

    /// `positions`: each row's place in the data, when the list shows only some of its rows
    /// (nil for all rows otherwise).
    func items(for rows: [Node], positions: [RowPosition?]?, make: (Node, RowPosition?) -> Node) -> [Node] {
        render &+= 1
        var result: [Node] = []
        result.reserveCapacity(rows.count)
        for (index, row) in rows.enumerated() {
            let position = positions?[index]
            if row.tag == "li" {
                result.append(row)
                continue
            }
            guard row.isFrozen else {
                result.append(make(row, position))
                continue
            }
            let key = Self.key(row)
            if let known = items[key], known.item.key == row.key, known.item.children.first === row, known.position == position {
                items[key] = (known.item, render, position)
                result.append(known.item)
            } else {
                let item = make(row, position)
                items[key] = (item, render, position)
                result.append(item)
            }
        }
        if items.count > rows.count { trim() }
        return result
    }

    /// Drops the items of rows not shown this render.
    private func trim() {
        // A loop, not `filter`: a closure of the main actor's handed to the standard library is
        // checked at run time at every call (see Package.swift).
        var kept = KeyMap<Entry>(minimumCapacity: items.count)
        for entry in items.entries where entry.value.shown == render { kept[entry.key] = entry.value }
        items = kept
    }

    func replaceNodes(_ replacement: NodeReplacement) {
        var moved = KeyMap<Entry>(minimumCapacity: items.count)
        for entry in items.entries {
            guard let row = entry.value.item.children.first else { continue }
            // An item whose row was replaced but not itself no longer holds the row: the
            // lookup checks that, and makes a new item.
            moved[Self.key(replacement(row))] = (replacement(entry.value.item), entry.value.shown, entry.value.position)
        }
        items = moved
    }
}

extension List where SelectionValue == Never {
    /// A list of the rows `content` makes: each view (a `ForEach`'s, a `Section`'s) is an `<li>`. The
    /// `<ul>` fills the space offered, and a `ForEach`'s rows are rendered only near the browser's
    /// view.
    public init(@ViewBuilder content: () -> Content) {
        self.content = content()
    }

    /// A list with a row for each element of `data`, identified by its `id`.
    public init<Data: RandomAccessCollection, RowContent: View>(
        _ data: Data, @ViewBuilder rowContent: @escaping (Data.Element) -> RowContent
    ) where Content == ForEach<Data, Data.Element.ID, RowContent>, Data.Element: Identifiable {
        self.content = ForEach(data, content: rowContent)
    }

    /// A list with a row for each element of `data`, identified by the `id` key path.
    public init<Data: RandomAccessCollection, ID: Hashable, RowContent: View>(
        _ data: Data, id: KeyPath<Data.Element, ID>, @ViewBuilder rowContent: @escaping (Data.Element) -> RowContent
    ) where Content == ForEach<Data, ID, RowContent> {
        self.content = ForEach(data, id: id, content: rowContent)
    }

    /// A row for each number of a constant range: `List(0..<9) { index in … }`.
    public init<RowContent: View>(_ data: Range<Int>, @ViewBuilder rowContent: @escaping (Int) -> RowContent)
    where Content == ForEach<Range<Int>, Int, RowContent> {
        self.content = ForEach(data, content: rowContent)
    }
}

extension List {
    /// A list whose rows the user selects, one at a time: a row is its `ForEach`'s id or its
    /// `.tag(_:)`; a click selects it (and a click on the selected row leaves it selected).
    public init(selection: Binding<SelectionValue?>, @ViewBuilder content: () -> Content) {
        self.content = content()
        self.selection = ListSelection(single: selection)
    }

    /// A list whose rows the user selects several of: a click adds a row or takes it out.
    public init(selection: Binding<Set<SelectionValue>>, @ViewBuilder content: () -> Content) {
        self.content = content()
        self.selection = ListSelection(multiple: selection)
    }

    /// A list with a row for each `Identifiable` element of `data`, one of which the user may select.
    public init<Data: RandomAccessCollection, RowContent: View>(
        _ data: Data, selection: Binding<SelectionValue?>, @ViewBuilder rowContent: @escaping (Data.Element) -> RowContent
    ) where Content == ForEach<Data, Data.Element.ID, RowContent>, Data.Element: Identifiable {
        self.init(selection: selection) { ForEach(data, content: rowContent) }
    }

    /// A list with a row for each `Identifiable` element of `data`, several of which the user may
    /// select.
    public init<Data: RandomAccessCollection, RowContent: View>(
        _ data: Data, selection: Binding<Set<SelectionValue>>, @ViewBuilder rowContent: @escaping (Data.Element) -> RowContent
    ) where Content == ForEach<Data, Data.Element.ID, RowContent>, Data.Element: Identifiable {
        self.init(selection: selection) { ForEach(data, content: rowContent) }
    }

    /// A list with a row for each element of `data`, identified by `id`, one of which the user may
    /// select.
    public init<Data: RandomAccessCollection, ID: Hashable, RowContent: View>(
        _ data: Data, id: KeyPath<Data.Element, ID>, selection: Binding<SelectionValue?>,
        @ViewBuilder rowContent: @escaping (Data.Element) -> RowContent
    ) where Content == ForEach<Data, ID, RowContent> {
        self.init(selection: selection) { ForEach(data, id: id, content: rowContent) }
    }

    /// A list with a row for each element of `data`, identified by `id`, several of which the user may
    /// select.
    public init<Data: RandomAccessCollection, ID: Hashable, RowContent: View>(
        _ data: Data, id: KeyPath<Data.Element, ID>, selection: Binding<Set<SelectionValue>>,
        @ViewBuilder rowContent: @escaping (Data.Element) -> RowContent
    ) where Content == ForEach<Data, ID, RowContent> {
        self.init(selection: selection) { ForEach(data, id: id, content: rowContent) }
    }
}

/// A list's selection: which rows are selected, and what a click on a row does. Rows are
/// `role="option"` with `aria-selected` in a `role="listbox"` list.
struct ListSelection {
    let selected: () -> [AnyHashable]
    let choose: (AnyHashable) -> Void
    let multiple: Bool

    init<Value: Hashable>(single binding: Binding<Value?>) {
        selected = { binding.wrappedValue.map { [AnyHashable($0)] } ?? [] }
        choose = { tag in if let value = tag.base as? Value { binding.wrappedValue = value } }
        multiple = false
    }

    init<Value: Hashable>(multiple binding: Binding<Set<Value>>) {
        selected = { binding.wrappedValue.map { AnyHashable($0) } }
        choose = { tag in
            guard let value = tag.base as? Value else { return }
            if binding.wrappedValue.contains(value) { binding.wrappedValue.remove(value) } else { binding.wrappedValue.insert(value) }
        }
        multiple = true
    }

    /// Marks each tagged row (a copy: the row's own node may be cached) selected or not, and
    /// makes a click on it choose it.
    @MainActor func mark(_ rows: inout [Node], list: Node, _ context: _RenderContext) {
        let chosen = Set(context.track { selected() })
        list.setAttribute("role", "listbox")
        if multiple { list.setAttribute("aria-multiselectable", "true") }
        for index in rows.indices {
            guard let tag = rows[index].tagValue else { continue }
            let row = rows[index].copy()
            row.setAttribute("role", "option")
            row.setAttribute("aria-selected", chosen.contains(tag) ? "true" : "false")
            row.setAttribute("tabindex", "0")
            let choose = self.choose
            row.addHandler(EventBinding(event: .click) { _ in choose(tag) })
            rows[index] = row
        }
    }
}

/// How a list looks: `.listStyle(.plain)`.
public struct ListStyleKind: Hashable, Sendable {
    let className: String?
    /// The default look: rows on the page's background, separated by lines.
    public static let automatic = ListStyleKind(className: nil)
    /// Rows edge to edge, without side padding.
    public static let plain = ListStyleKind(className: StyleClass.listPlain)
    /// Rows in rounded cards on a grouped background (the same look as `inset`).
    public static let insetGrouped = ListStyleKind(className: StyleClass.listInset)
    /// Rows on a grouped background, their sections without rounded corners.
    public static let grouped = ListStyleKind(className: StyleClass.listGrouped)
    /// Rows in rounded cards on a grouped background (the same look as `insetGrouped`).
    public static let inset = ListStyleKind(className: StyleClass.listInset)
    /// A sidebar's list. Jetway's stylesheet has no sidebar look yet: it looks like `automatic`.
    public static let sidebar = ListStyleKind(className: StyleClass.listSidebar)

    func apply(to node: Node) {
        if let className { node.addClass(className) }
    }
}

private struct ListStyleKey: EnvironmentKey { static let defaultValue = ListStyleKind.automatic }
private struct SectionsAreListRowsKey: EnvironmentKey { static let defaultValue = false }

extension EnvironmentValues {
    var listStyle: ListStyleKind {
        get { self[ListStyleKey.self] }
        set { self[ListStyleKey.self] = newValue }
    }

    /// Inside a `List` (and not inside a `Form` or a section's rows): a `Section`'s views are
    /// list rows.
    var sectionsAreListRows: Bool {
        get { self[SectionsAreListRowsKey.self] }
        set { self[SectionsAreListRowsKey.self] = newValue }
    }
}

extension View {
    /// The look of the lists inside (`.listStyle(.plain)`).
    public func listStyle(_ style: ListStyleKind) -> some View {
        environment(\.listStyle, style)
    }

    /// A list style by its type, as older code writes it: `.listStyle(GroupedListStyle())`.
    public func listStyle<S: ListStyle>(_ style: S) -> some View {
        environment(\.listStyle, style.kind)
    }
}

/// A list style as a type (`PlainListStyle()`, `InsetGroupedListStyle()`); `.listStyle(.plain)`
/// names the same looks.
public protocol ListStyle: Sendable {
    /// The look this style names.
    var kind: ListStyleKind { get }
}

/// The default look (`.automatic`).
public struct DefaultListStyle: ListStyle {
    /// The default style.
    public init() {}
    /// `.automatic`.
    public var kind: ListStyleKind { .automatic }
}

/// Rows edge to edge (`.plain`).
public struct PlainListStyle: ListStyle {
    /// The plain style.
    public init() {}
    /// `.plain`.
    public var kind: ListStyleKind { .plain }
}

/// Rows on a grouped background (`.grouped`).
public struct GroupedListStyle: ListStyle {
    /// The grouped style.
    public init() {}
    /// `.grouped`.
    public var kind: ListStyleKind { .grouped }
}

/// Rows in rounded cards (`.insetGrouped`).
public struct InsetGroupedListStyle: ListStyle {
    /// The inset grouped style.
    public init() {}
    /// `.insetGrouped`.
    public var kind: ListStyleKind { .insetGrouped }
}

/// Rows in rounded cards (`.inset`).
public struct InsetListStyle: ListStyle {
    /// The inset style.
    public init() {}
    /// `.inset`.
    public var kind: ListStyleKind { .inset }
}

/// A sidebar's list (`.sidebar`, which looks like `.automatic` for now).
public struct SidebarListStyle: ListStyle {
    /// The sidebar style.
    public init() {}
    /// `.sidebar`.
    public var kind: ListStyleKind { .sidebar }
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

    /// Hides (or shows) the lines above and below this section of a plain `List`.
    public func listSectionSeparator(_ visibility: Visibility, edges: VerticalEdge.Set = .all) -> some View {
        sectionSeparators(visibility == .hidden ? "transparent" : nil, edges: edges)
    }

    /// The colour of the lines above and below this section of a plain `List` (nil: the list's).
    public func listSectionSeparatorTint(_ color: Color?, edges: VerticalEdge.Set = .all) -> some View {
        sectionSeparators(color?.css, edges: edges)
    }

    private func sectionSeparators(_ css: String?, edges: VerticalEdge.Set) -> some View {
        modifier(
            StyleModifier { node in
                guard let css else { return }
                if edges.contains(.top) { node.addStyle("\(StyleVariable.sectionSeparatorTop):\(css)") }
                if edges.contains(.bottom) { node.addStyle("\(StyleVariable.sectionSeparatorBottom):\(css)") }
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
        if row.attribute("data-row-separator") == "hidden" { item.addClass(StyleClass.noSeparator) }
        if let tint = row.attribute("data-row-tint") { item.addStyle("\(StyleVariable.separator):\(tint)") }
        if let background = row.attribute("data-row-background") { item.addStyle("background:\(background)") }
        if let insets = row.attribute("data-row-insets") { item.addStyle(insets) }
    }
}
