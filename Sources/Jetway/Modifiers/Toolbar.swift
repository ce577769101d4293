/// Where a toolbar item goes (SwiftUI's `ToolbarItemPlacement`): the leading or trailing end of
/// the screen's bar, its middle, or (`.bottomBar`, `.status`) after the other items of the same bar.
public struct ToolbarItemPlacement: Hashable, Sendable {
    let side: String

    /// The trailing end of the bar.
    public static let automatic = ToolbarItemPlacement(side: "trailing")
    /// The trailing end of the bar.
    public static let primaryAction = ToolbarItemPlacement(side: "trailing")
    /// The trailing end of the bar.
    public static let confirmationAction = ToolbarItemPlacement(side: "trailing")
    /// The leading end of the bar.
    public static let cancellationAction = ToolbarItemPlacement(side: "leading")
    /// The leading end of the bar.
    public static let navigation = ToolbarItemPlacement(side: "leading")
    /// The middle of the bar, in semibold.
    public static let principal = ToolbarItemPlacement(side: "principal")
    /// The leading end of the bar.
    public static let topBarLeading = ToolbarItemPlacement(side: "leading")
    /// The trailing end of the bar.
    public static let topBarTrailing = ToolbarItemPlacement(side: "trailing")
    /// The leading end of the bar (the older name of `.topBarLeading`).
    public static let navigationBarLeading = ToolbarItemPlacement(side: "leading")
    /// The trailing end of the bar (the older name of `.topBarTrailing`).
    public static let navigationBarTrailing = ToolbarItemPlacement(side: "trailing")
    /// A bar at the bottom of the screen in SwiftUI. Jetway has no bottom bar: the item comes last in
    /// the same bar, above the content.
    public static let bottomBar = ToolbarItemPlacement(side: "bottom")
    /// Above the on-screen keyboard: shown while a field of the page has the focus, in a bar
    /// at the bottom of the window (over the keyboard where the browser says where it is).
    public static let keyboard = ToolbarItemPlacement(side: "keyboard")
    /// Placed as `.bottomBar`: last in the bar above the content.
    public static let status = ToolbarItemPlacement(side: "bottom")
    /// The trailing end of the bar (SwiftUI may move it to an overflow menu; Jetway does not).
    public static let secondaryAction = ToolbarItemPlacement(side: "trailing")
}

/// One item of a toolbar, placed at `placement`.
///
/// ```swift
/// .toolbar {
///     ToolbarItem(placement: .topBarTrailing) { Button("Add") { adding = true } }
/// }
/// ```
public struct ToolbarItem<Content: View>: _PrimitiveView {
    let placement: ToolbarItemPlacement
    let content: Content
    var shown = true

    /// An item at `placement` holding the views `content` builds.
    public init(placement: ToolbarItemPlacement = .automatic, @ViewBuilder content: () -> Content) {
        self.placement = placement
        self.content = content()
    }

    /// An item of a customizable toolbar (`.toolbar(id:)`). A page offers no toolbar editing:
    /// the item shows at its placement, and one that `showsByDefault: false` (shown only once
    /// a user adds it in SwiftUI's editor) is not shown.
    public init(id: String, placement: ToolbarItemPlacement = .automatic, showsByDefault: Bool = true, @ViewBuilder content: () -> Content)
    {
        self.placement = placement
        self.content = content()
        self.shown = showsByDefault
    }

    /// Jetway's rendering entry point; not for apps.
    public static func _render(_ view: Self, _ context: _RenderContext, _ out: inout [Node]) {
        guard view.shown else { return }
        let node = context.element("div", StyleClass.toolbarItem)
        node.setAttribute("data-placement", view.placement.side)
        context.renderChildren(view.content, into: node)
        out.append(node)
    }
}

/// Several items at one placement.
public struct ToolbarItemGroup<Content: View>: _PrimitiveView {
    let placement: ToolbarItemPlacement
    let content: Content

    /// A group at `placement` holding the views `content` builds, side by side.
    public init(placement: ToolbarItemPlacement = .automatic, @ViewBuilder content: () -> Content) {
        self.placement = placement
        self.content = content()
    }

    /// Jetway's rendering entry point; not for apps.
    public static func _render(_ view: Self, _ context: _RenderContext, _ out: inout [Node]) {
        ToolbarItem._render(ToolbarItem(placement: view.placement) { view.content }, context, &out)
    }
}

extension View {
    /// The screen's toolbar: its items (`ToolbarItem`, `ToolbarItemGroup`, or plain views,
    /// placed at the trailing end) in a bar above the content, in the order of their placement.
    public func toolbar<Content: View>(@ViewBuilder content: () -> Content) -> some View {
        modifier(ToolbarModifier(items: content()))
    }

    /// A customizable toolbar (SwiftUI lets the user rearrange its items, named by `id`): the
    /// same bar as `toolbar(content:)`, its items where they are placed.
    public func toolbar<Content: View>(id: String, @ViewBuilder content: () -> Content) -> some View {
        modifier(ToolbarModifier(items: content()))
    }

    /// SwiftUI's older toolbar: items at the leading and trailing ends of the bar.
    public func navigationBarItems<Leading: View, Trailing: View>(leading: Leading, trailing: Trailing) -> some View {
        toolbar {
            ToolbarItem(placement: .navigationBarLeading) { leading }
            ToolbarItem(placement: .navigationBarTrailing) { trailing }
        }
    }

    /// SwiftUI's older toolbar: `leading` at the leading end of the bar.
    public func navigationBarItems<Leading: View>(leading: Leading) -> some View {
        toolbar { ToolbarItem(placement: .navigationBarLeading) { leading } }
    }

    /// SwiftUI's older toolbar: `trailing` at the trailing end of the bar.
    public func navigationBarItems<Trailing: View>(trailing: Trailing) -> some View {
        toolbar { ToolbarItem(placement: .navigationBarTrailing) { trailing } }
    }
}

struct ToolbarModifier<Items: View>: _PrimitiveModifier {
    let items: Items

    static func _apply(_ modifier: Self, _ context: _RenderContext, _ out: inout [Node], _ content: @escaping _ContentRenderer) {
        let barContext = context.branch(0x7B0)
        let bar = barContext.element("div", StyleClass.toolbar)
        bar.setAttribute("role", "toolbar")
        barContext.renderChildren(modifier.items, into: bar)
        out.append(bar)
        content(context, &out)
    }
}

/// What a toolbar holds (`var sortOptions: some ToolbarContent`): toolbar items are views here,
/// so toolbar content is view content and its builder the view builder.
public typealias ToolbarContent = View
/// What a customizable toolbar holds: view content, as `ToolbarContent` is.
public typealias CustomizableToolbarContent = View
/// The builder of toolbar content: the view builder.
public typealias ToolbarContentBuilder = ViewBuilder
