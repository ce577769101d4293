/// Two or three columns — a sidebar, an optional content column and a detail — side by side on
/// a wide window and one above the other on a phone, as SwiftUI's `NavigationSplitView`.
///
/// ```swift
/// NavigationSplitView {
///     List(airports, selection: $chosen) { Text($0.name) }
/// } detail: {
///     if let chosen { AirportDetail(code: chosen) } else { Text("Choose an airport") }
/// }
/// ```
///
/// The columns are one navigation stack: the sidebar's selection drives the detail, and a link
/// pushes its screen over the whole view (as on a phone), with its URL and Back.
public struct NavigationSplitView<Sidebar: View, Content: View, Detail: View>: View {
    let sidebar: Sidebar
    let content: Content?
    let detail: Detail

    /// A three-column split view: `sidebar`, `content` and `detail`.
    public init(@ViewBuilder sidebar: () -> Sidebar, @ViewBuilder content: () -> Content, @ViewBuilder detail: () -> Detail) {
        self.sidebar = sidebar()
        self.content = content()
        self.detail = detail()
    }

    /// A three-column split view; `columnVisibility` is accepted so SwiftUI code compiles and ignored
    /// (every column is shown).
    public init(
        columnVisibility: Binding<NavigationSplitViewVisibility>, @ViewBuilder sidebar: () -> Sidebar,
        @ViewBuilder content: () -> Content, @ViewBuilder detail: () -> Detail
    ) {
        self.init(sidebar: sidebar, content: content, detail: detail)
    }

    /// The columns in a `NavigationStack` of their own.
    public var body: some View {
        NavigationStack {
            SplitColumns(sidebar: sidebar, content: content, detail: detail)
        }
    }
}

extension NavigationSplitView where Content == EmptyView {
    /// A two-column split view: `sidebar` and `detail`.
    public init(@ViewBuilder sidebar: () -> Sidebar, @ViewBuilder detail: () -> Detail) {
        self.sidebar = sidebar()
        self.content = nil
        self.detail = detail()
    }

    /// A two-column split view; `columnVisibility` is accepted so SwiftUI code compiles and ignored
    /// (every column is shown).
    public init(
        columnVisibility: Binding<NavigationSplitViewVisibility>, @ViewBuilder sidebar: () -> Sidebar, @ViewBuilder detail: () -> Detail
    ) {
        self.init(sidebar: sidebar, detail: detail)
    }
}

/// The columns of a split view: a grid on a wide window, a column on a narrow one (jetway.css).
struct SplitColumns<Sidebar: View, Content: View, Detail: View>: _PrimitiveView {
    let sidebar: Sidebar
    let content: Content?
    let detail: Detail

    static func _render(_ view: Self, _ context: _RenderContext, _ out: inout [Node]) {
        let node = context.element("div", StyleClass.split)
        if view.content != nil { node.addClass(StyleClass.splitThree) }
        let inside = context.insideElement()
        var columns: [Node] = []
        func column<V: View>(_ part: V, _ index: Int, _ className: String) {
            let column = inside.structural(index).element("div", className)
            inside.structural(index).renderChildren(part, into: column)
            columns.append(column)
        }
        column(view.sidebar, 0, StyleClass.splitSidebar)
        if let content = view.content { column(content, 1, StyleClass.splitColumn) }
        column(view.detail, 2, StyleClass.splitColumn)
        node.children = columns
        out.append(node)
    }
}

/// Which columns a split view shows: in a browser every column is shown (side by side, or
/// stacked on a phone), whatever the binding asks.
public enum NavigationSplitViewVisibility: Sendable, Hashable {
    /// SwiftUI's visibilities; Jetway shows every column whichever is asked.
    case automatic, all, doubleColumn, detailOnly
}

/// How a split view's columns share the width: a browser's split view is always balanced.
public protocol NavigationSplitViewStyle {}
/// Columns sharing the width evenly, as every Jetway split view does.
public struct BalancedNavigationSplitViewStyle: NavigationSplitViewStyle {
    /// Creates the style; it has no settings.
    public init() {}
}
/// A larger detail column. Accepted so SwiftUI code compiles; the columns stay balanced.
public struct ProminentDetailNavigationSplitViewStyle: NavigationSplitViewStyle {
    /// Creates the style; it has no settings.
    public init() {}
}
/// The platform's default; the columns are balanced.
public struct AutomaticNavigationSplitViewStyle: NavigationSplitViewStyle {
    /// Creates the style; it has no settings.
    public init() {}
}
extension NavigationSplitViewStyle where Self == BalancedNavigationSplitViewStyle {
    /// Shorthand for `BalancedNavigationSplitViewStyle()`.
    public static var balanced: Self { Self() }
}
extension NavigationSplitViewStyle where Self == ProminentDetailNavigationSplitViewStyle {
    /// A larger detail column. Accepted so SwiftUI code compiles; the columns stay balanced.
    public static var prominentDetail: Self { Self() }
}
extension NavigationSplitViewStyle where Self == AutomaticNavigationSplitViewStyle {
    /// Shorthand for `AutomaticNavigationSplitViewStyle()`.
    public static var automatic: Self { Self() }
}

extension View {
    /// A split view's style: its columns are balanced in a browser.
    public func navigationSplitViewStyle<S: NavigationSplitViewStyle>(_ style: S) -> some View { self }

    /// The width of the split view column this view is in (its ideal, between min and max).
    public func navigationSplitViewColumnWidth(_ width: CGFloat) -> some View {
        modifier(StyleModifier { node in node.addStyle("\(StyleVariable.columnWidth):\(px(width))") })
    }

    /// The width of the split view column this view is in: `ideal` points. `min` and `max` are accepted
    /// so SwiftUI code compiles and ignored.
    public func navigationSplitViewColumnWidth(min: CGFloat? = nil, ideal: CGFloat, max: CGFloat? = nil) -> some View {
        modifier(StyleModifier { node in node.addStyle("\(StyleVariable.columnWidth):\(px(ideal))") })
    }
}
