/// A class attribute written once, not at each render.
private let buttonMenuLabelClasses = "\(StyleClass.button) \(StyleClass.menuLabel)"
/// A class attribute written once, not at each render.
private let lazyGridLazyHgridClasses = "\(StyleClass.lazyGrid) \(StyleClass.lazyHgrid)"

/// A column (or row) description of a lazy grid, as SwiftUI's: a fixed size, a flexible one
/// between bounds, or as many adaptive cells as fit.
public struct GridItem: Hashable, Sendable {
    /// How wide a grid item's column (or tall its row) is, written as a CSS grid track.
    public enum Size: Hashable, Sendable {
        /// A track of exactly this many points.
        case fixed(CGFloat)
        /// A track between `minimum` and `maximum` points, sharing the room left with the other
        /// flexible tracks (`minmax(min, 1fr)` when unbounded).
        case flexible(minimum: CGFloat = 10, maximum: CGFloat = .infinity)
        /// As many tracks of at least `minimum` points as fit (CSS `repeat(auto-fill, …)`).
        case adaptive(minimum: CGFloat, maximum: CGFloat = .infinity)
    }
    /// The track's size.
    public var size: Size
    /// The gap after this track in points (8 when nil). A lazy grid uses its first item's spacing as
    /// the gap between all its tracks.
    public var spacing: CGFloat?
    /// The alignment of views in this track. Accepted so SwiftUI code compiles; Jetway's lazy grids do
    /// not read it.
    public var alignment: Alignment?

    /// A grid item of `size`, with the given `spacing` and `alignment` (see those properties).
    public init(_ size: Size = .flexible(), spacing: CGFloat? = nil, alignment: Alignment? = nil) {
        self.size = size
        self.spacing = spacing
        self.alignment = alignment
    }

    /// The CSS track (or tracks, for an adaptive item).
    var track: String {
        func upper(_ maximum: CGFloat) -> String { maximum.isFinite ? px(maximum) : "1fr" }
        switch size {
        case .fixed(let width): return px(max(0, width))
        case .flexible(let minimum, let maximum): return "minmax(\(px(max(0, minimum))),\(upper(maximum)))"
        case .adaptive(let minimum, let maximum): return "repeat(auto-fill,minmax(\(px(max(1, minimum))),\(upper(maximum))))"
        }
    }
}

/// Cells in columns, filled row by row (a CSS grid). Of a `ForEach` in it, only the cells in
/// and near the browser's view are rendered (`LazyRows`).
///
/// ```swift
/// LazyVGrid(columns: [GridItem(.adaptive(minimum: 120))]) {
///     ForEach(awards) { AwardCard(award: $0) }
/// }
/// ```
public struct LazyVGrid<Content: View>: _PrimitiveView {
    let columns: [GridItem]
    let alignment: HorizontalAlignment
    let spacing: CGFloat?
    let pinnedViews: PinnedScrollableViews
    let content: Content

    /// A grid whose columns are `columns`, with `spacing` points (8 when nil) between rows.
    ///
    /// `alignment` is accepted so SwiftUI code compiles and not applied. `pinnedViews` makes section
    /// headers or footers stick while the grid scrolls.
    public init(
        columns: [GridItem], alignment: HorizontalAlignment = .center, spacing: CGFloat? = nil, pinnedViews: PinnedScrollableViews = [],
        @ViewBuilder content: () -> Content
    ) {
        self.columns = columns
        self.alignment = alignment
        self.spacing = spacing
        self.pinnedViews = pinnedViews
        self.content = content()
    }

    /// Jetway's rendering entry point; not for apps.
    public static func _render(_ view: Self, _ context: _RenderContext, _ out: inout [Node]) {
        let node = context.element("div", StyleClass.lazyGrid)
        node.addStyle("grid-template-columns:\(view.columns.map(\.track).joined(separator: " "))")
        let columnGap = view.columns.first?.spacing ?? 8
        node.addStyle("column-gap:\(px(columnGap));row-gap:\(px(view.spacing ?? 8))")
        LazyStack.mark(node, spacing: view.spacing ?? 8, pins: view.pinnedViews)
        context.renderChildren(view.content, into: node, lazy: .verticalGrid)
        out.append(node)
    }
}

/// Cells in rows, filled column by column.
public struct LazyHGrid<Content: View>: _PrimitiveView {
    let rows: [GridItem]
    let spacing: CGFloat?
    let pinnedViews: PinnedScrollableViews
    let content: Content

    /// A grid whose rows are `rows`, with `spacing` points (8 when nil) between columns; it grows
    /// sideways. `alignment` is accepted so SwiftUI code compiles and not applied.
    public init(
        rows: [GridItem], alignment: VerticalAlignment = .center, spacing: CGFloat? = nil, pinnedViews: PinnedScrollableViews = [],
        @ViewBuilder content: () -> Content
    ) {
        self.rows = rows
        self.spacing = spacing
        self.pinnedViews = pinnedViews
        self.content = content()
    }

    /// Jetway's rendering entry point; not for apps.
    public static func _render(_ view: Self, _ context: _RenderContext, _ out: inout [Node]) {
        let node = context.element("div", lazyGridLazyHgridClasses)
        node.addStyle("grid-template-rows:\(view.rows.map(\.track).joined(separator: " "))")
        node.addStyle("row-gap:\(px(view.rows.first?.spacing ?? 8));column-gap:\(px(view.spacing ?? 8))")
        LazyStack.mark(node, spacing: view.spacing ?? 8, pins: view.pinnedViews)
        context.renderChildren(view.content, into: node, lazy: .horizontalGrid)
        out.append(node)
    }
}

/// Which views stay pinned while a lazy stack or grid scrolls: its sections' headers or footers
/// stick to the edge of the scrolling area (CSS `position: sticky`).
public struct PinnedScrollableViews: OptionSet, Sendable {
    /// The option bits.
    public let rawValue: Int
    /// The views whose bits `rawValue` sets.
    public init(rawValue: Int) { self.rawValue = rawValue }
    /// Section headers stay at the top (or, in a horizontal stack, the leading edge) while scrolling.
    public static let sectionHeaders = PinnedScrollableViews(rawValue: 1)
    /// Section footers stay at the bottom (or, in a horizontal stack, the trailing edge) while
    /// scrolling.
    public static let sectionFooters = PinnedScrollableViews(rawValue: 2)
}

/// SwiftUI's lazy stacks: a `VStack` or `HStack` of which a `ForEach`'s rows are rendered only
/// in and near the browser's view (`LazyRows`).
public struct LazyVStack<Content: View>: _PrimitiveView {
    let stack: VStack<Content>
    let pinnedViews: PinnedScrollableViews

    /// A vertical stack with `alignment` and `spacing` as `VStack`'s, whose `ForEach` rows are rendered
    /// only near the browser's view; `pinnedViews` makes section headers or footers stick.
    public init(
        alignment: HorizontalAlignment = .center, spacing: CGFloat? = nil, pinnedViews: PinnedScrollableViews = [],
        @ViewBuilder content: () -> Content
    ) {
        stack = VStack(alignment: alignment, spacing: spacing, content: content)
        self.pinnedViews = pinnedViews
    }

    /// Jetway's rendering entry point; not for apps.
    public static func _render(_ view: Self, _ context: _RenderContext, _ out: inout [Node]) {
        VStack.render(view.stack, context, &out, lazy: true, pins: view.pinnedViews)
    }
}

/// A horizontal stack of which a `ForEach`'s views are rendered only in and near the browser's view
/// (`LazyRows`).
public struct LazyHStack<Content: View>: _PrimitiveView {
    let stack: HStack<Content>
    let pinnedViews: PinnedScrollableViews

    /// A horizontal stack with `alignment` and `spacing` as `HStack`'s, whose `ForEach` views are
    /// rendered only near the browser's view; `pinnedViews` makes section headers or footers stick.
    public init(
        alignment: VerticalAlignment = .center, spacing: CGFloat? = nil, pinnedViews: PinnedScrollableViews = [],
        @ViewBuilder content: () -> Content
    ) {
        stack = HStack(alignment: alignment, spacing: spacing, content: content)
        self.pinnedViews = pinnedViews
    }

    /// Jetway's rendering entry point; not for apps.
    public static func _render(_ view: Self, _ context: _RenderContext, _ out: inout [Node]) {
        HStack.render(view.stack, context, &out, lazy: true, pins: view.pinnedViews)
    }
}

/// Content that shows and hides under its label: a native `<details>` (keyboard and screen
/// readers know it). With `isExpanded`, the app's binding follows the user's toggling.
///
/// ```swift
/// DisclosureGroup("Baggage rules") { Text("One cabin bag of 8 kg.") }
/// ```
public struct DisclosureGroup<Label: View, Content: View>: _PrimitiveView {
    let label: Label
    let content: Content
    let isExpanded: Binding<Bool>?

    /// A disclosure group showing `label` in its `<summary>` and `content` when open.
    ///
    /// Without `isExpanded` it starts closed and remembers its state itself; with it, the binding opens
    /// and closes it and follows the user's toggling.
    public init(isExpanded: Binding<Bool>? = nil, @ViewBuilder content: () -> Content, @ViewBuilder label: () -> Label) {
        self.label = label()
        self.content = content()
        self.isExpanded = isExpanded
    }

    /// Jetway's rendering entry point; not for apps.
    public static func _render(_ view: Self, _ context: _RenderContext, _ out: inout [Node]) {
        let state = context.persistent(DisclosureState.self) { DisclosureState() }
        let expanded = view.isExpanded.map { binding in context.track { binding.wrappedValue } } ?? state.isExpanded
        let node = context.element("details", StyleClass.disclosure)
        if expanded { node.setAttribute("open", "") }
        let inside = context.insideElement()
        let summary = inside.structural(0).element("summary", StyleClass.disclosureLabel)
        inside.structural(0).renderChildren(view.label, into: summary)
        let body = inside.structural(1).element("div", StyleClass.disclosureContent)
        inside.structural(1).renderChildren(view.content, into: body)
        node.children = [summary, body]
        let binding = view.isExpanded
        node.addHandler(
            EventBinding(event: .change) { payload in
                let open = try payload.bool()
                if let binding {
                    if binding.wrappedValue != open { binding.wrappedValue = open }
                } else if state.isExpanded != open {
                    state.isExpanded = open
                    state.owner?.invalidate()
                }
            })
        state.owner = context.owner
        out.append(node)
    }
}

extension DisclosureGroup where Label == Text {
    /// A disclosure group whose label is `title`, shown as written.
    public init(_ title: String, isExpanded: Binding<Bool>? = nil, @ViewBuilder content: () -> Content) {
        self.init(isExpanded: isExpanded, content: content) { Text(title) }
    }
}

/// Whether a `DisclosureGroup` without a binding is open (the page's own state).
@MainActor
final class DisclosureState {
    var isExpanded = false
    weak var owner: ViewInstance?
}

/// A button that shows a list of actions: a `<details>` whose items close it when chosen.
///
/// ```swift
/// Menu("Sort") {
///     Button("By time") { sort = .time }
///     Button("By gate") { sort = .gate }
/// }
/// ```
public struct Menu<Label: View, Content: View>: _PrimitiveView {
    let label: Label
    let content: Content
    /// Made by a `MenuStyle` (`Menu(configuration)`): drawn in the default look.
    var styled = false

    /// A menu whose button shows `label` and whose items are `content` (usually buttons), in a
    /// `role="menu"` list.
    public init(@ViewBuilder content: () -> Content, @ViewBuilder label: () -> Label) {
        self.label = label()
        self.content = content()
    }

    init(label: Label, content: Content, styled: Bool) {
        self.label = label
        self.content = content
        self.styled = styled
    }

    /// Jetway's rendering entry point; not for apps.
    public static func _render(_ view: Self, _ context: _RenderContext, _ out: inout [Node]) {
        switch view.styled ? .builtIn(nil) : context.environment.menuStyling {
        case .custom(let makeBody):
            AnyView._render(makeBody(MenuStyleConfiguration(label: AnyView(view.label), content: AnyView(view.content))), context, &out)
        case .builtIn(let className):
            let node = node(context, className: RuntimeContract.Class.menu, label: view.label, items: view.content)
            if let className, let summary = node.children.first { summary.addClass(className) }
            out.append(node)
        }
    }

    /// The menu's `<details>`: a summary that opens it, and its items (also a context menu's).
    static func node(_ context: _RenderContext, className: String, label: Label, accessibleName: String? = nil, items: Content) -> Node {
        let node = context.element("details", className)
        let inside = context.insideElement()
        let summary = inside.structural(0).element("summary", buttonMenuLabelClasses)
        summary.setAttribute("aria-haspopup", "menu")
        if let accessibleName { summary.setAttribute("aria-label", accessibleName) }
        inside.structural(0).renderChildren(label, into: summary)
        let list = inside.structural(1).element("div", StyleClass.menuItems)
        list.setAttribute("role", "menu")
        inside.structural(1).renderChildren(items, into: list)
        node.children = [summary, list]
        return node
    }
}

extension Menu where Label == Text {
    /// A menu whose button is `title`, shown as written.
    public init(_ title: String, @ViewBuilder content: () -> Content) {
        self.init(content: content) { Text(title) }
    }
}

extension Menu where Label == Jetway.Label<Text, Image> {
    /// A menu whose button is a title with a symbol (`Menu("Sort", systemImage: "arrow.up.arrow.down")`).
    public init(_ titleKey: LocalizedStringKey, systemImage: String, @ViewBuilder content: () -> Content) {
        self.init(content: content) { Jetway.Label(titleKey, systemImage: systemImage) }
    }

    /// A menu whose button is a title string with a symbol.
    @_disfavoredOverload
    public init<S: StringProtocol>(_ title: S, systemImage: String, @ViewBuilder content: () -> Content) {
        self.init(content: content) { Jetway.Label(String(title), systemImage: systemImage) }
    }
}
