/// A class attribute written once, not at each render.
private let fillWClasses = " \(StyleClass.fillW)"
/// A class attribute written once, not at each render.
private let fillWFillHClasses = " \(StyleClass.fillW) \(StyleClass.fillH)"
/// A class attribute written once, not at each render.
private let noIndicatorsClasses = " \(StyleClass.noIndicators)"
/// A class attribute written once, not at each render.
private let scrollHClasses = " \(StyleClass.scrollH)"
/// A class attribute written once, not at each render.
private let scrollVClasses = " \(StyleClass.scrollV)"

/// Children one above the other, rendered as a flex column `<div>`.
///
/// ```swift
/// VStack(alignment: .leading, spacing: 4) {
///     Text(flight.airline).font(.headline)
///     Text(flight.number)
/// }
/// ```
public struct VStack<Content: View>: _PrimitiveView {
    let alignment: HorizontalAlignment
    let spacing: CGFloat?
    let content: Content

    /// A column of `content` with `alignment` and `spacing` points between the views (the default
    /// spacing when nil). It grows as tall as offered when it holds a `Spacer`.
    public init(alignment: HorizontalAlignment = .center, spacing: CGFloat? = nil, @ViewBuilder content: () -> Content) {
        self.alignment = alignment
        self.spacing = spacing
        self.content = content()
    }

    /// Jetway's rendering entry point; not for apps.
    public static func _render(_ view: Self, _ context: _RenderContext, _ out: inout [Node]) {
        render(view, context, &out, lazy: false)
    }

    /// As a `VStack`, or as a `LazyVStack` (`lazy`: its `ForEach` rows in a window).
    static func render(_ view: Self, _ context: _RenderContext, _ out: inout [Node], lazy: Bool, pins: PinnedScrollableViews = []) {
        let node = context.element(
            "div", view.alignment == .center ? StyleClass.vstack : "\(StyleClass.vstack) \(StyleClass.hPrefix)\(view.alignment.cssName)")
        if let spacing = view.spacing { node.addStyle("gap:\(px(spacing))") }
        if lazy { LazyStack.mark(node, spacing: view.spacing, pins: pins) }
        context.renderChildren(view.content, into: node, lazy: lazy ? .vertical : nil)
        // A Spacer makes a stack as tall as it is offered; a filling child, as wide or tall.
        if containsSpacer(node) { node.addClass(StyleClass.fillH) }
        node.takeFills(from: node.children)
        out.append(node)
    }
}

/// Children side by side, rendered as a flex row `<div>`.
///
/// ```swift
/// HStack {
///     Text(flight.number)
///     Spacer()
///     Text(flight.status)
/// }
/// ```
public struct HStack<Content: View>: _PrimitiveView {
    let alignment: VerticalAlignment
    let spacing: CGFloat?
    let content: Content

    /// A row of `content` with `alignment` and `spacing` points between the views (the default spacing
    /// when nil). It grows as wide as offered when it holds a `Spacer`.
    public init(alignment: VerticalAlignment = .center, spacing: CGFloat? = nil, @ViewBuilder content: () -> Content) {
        self.alignment = alignment
        self.spacing = spacing
        self.content = content()
    }

    /// Jetway's rendering entry point; not for apps.
    public static func _render(_ view: Self, _ context: _RenderContext, _ out: inout [Node]) {
        render(view, context, &out, lazy: false)
    }

    /// As an `HStack`, or as a `LazyHStack` (`lazy`: its `ForEach` rows in a window).
    static func render(_ view: Self, _ context: _RenderContext, _ out: inout [Node], lazy: Bool, pins: PinnedScrollableViews = []) {
        let node = context.element(
            "div", view.alignment == .center ? StyleClass.hstack : "\(StyleClass.hstack) \(StyleClass.vPrefix)\(view.alignment.cssName)")
        if let spacing = view.spacing { node.addStyle("gap:\(px(spacing))") }
        if lazy { LazyStack.mark(node, spacing: view.spacing, pins: pins) }
        context.renderChildren(view.content, into: node, lazy: lazy ? .horizontal : nil)
        // A Spacer makes a row as wide as it is offered; a filling child, as wide or tall.
        if containsSpacer(node) { node.addClass(StyleClass.fillW) }
        node.takeFills(from: node.children)
        out.append(node)
    }
}

/// Children on top of each other, rendered as a one-cell CSS grid.
///
/// ```swift
/// ZStack(alignment: .bottomTrailing) {
///     Image("runway")
///     Text("Runway 2")
/// }
/// ```
public struct ZStack<Content: View>: _PrimitiveView {
    let alignment: Alignment
    let content: Content

    /// Views of `content` on top of each other, the later above, placed by `alignment`.
    public init(alignment: Alignment = .center, @ViewBuilder content: () -> Content) {
        self.alignment = alignment
        self.content = content()
    }

    /// Jetway's rendering entry point; not for apps.
    public static func _render(_ view: Self, _ context: _RenderContext, _ out: inout [Node]) {
        let node = context.element("div", StyleClass.zstack)
        if view.alignment != .center {
            node.addStyle("justify-items:\(view.alignment.horizontal.cssName);align-items:\(view.alignment.vertical.cssValue)")
        }
        context.renderChildren(view.content, into: node)
        node.takeFills(from: node.children)
        out.append(node)
    }
}

/// Flexible space that pushes its siblings apart in a stack.
public struct Spacer: _PrimitiveView {
    let minLength: CGFloat?

    /// A spacer at least `minLength` points long (in both directions) when given.
    public init(minLength: CGFloat? = nil) {
        self.minLength = minLength
    }

    /// Jetway's rendering entry point; not for apps.
    public static func _render(_ view: Spacer, _ context: _RenderContext, _ out: inout [Node]) {
        let node = context.element("div", StyleClass.spacer)
        if let minLength = view.minLength { node.addStyle("min-width:\(px(minLength));min-height:\(px(minLength))") }
        out.append(node)
    }
}

/// A thin line between content, rendered as `<hr>`.
public struct Divider: _PrimitiveView {
    /// A divider.
    public init() {}

    /// Jetway's rendering entry point; not for apps.
    public static func _render(_ view: Divider, _ context: _RenderContext, _ out: inout [Node]) {
        out.append(context.element("hr", StyleClass.divider))
    }
}

/// Content that scrolls, vertically unless told otherwise.
///
/// ```swift
/// ScrollView { VStack { ForEach(flights) { FlightRow(flight: $0) } } }
/// ```
public struct ScrollView<Content: View>: _PrimitiveView {
    let axes: Axis.Set
    let showsIndicators: Bool
    let content: Content

    /// A scroll view of `content` along `axes`; `showsIndicators: false` hides the scroll bars. It is
    /// as wide as offered, and as tall when it scrolls vertically.
    public init(_ axes: Axis.Set = .vertical, showsIndicators: Bool = true, @ViewBuilder content: () -> Content) {
        self.axes = axes
        self.showsIndicators = showsIndicators
        self.content = content()
    }

    /// Jetway's rendering entry point; not for apps.
    public static func _render(_ view: Self, _ context: _RenderContext, _ out: inout [Node]) {
        var classes = StyleClass.scroll
        if view.axes.contains(.vertical) { classes += scrollVClasses }
        if view.axes.contains(.horizontal) { classes += scrollHClasses }
        if !view.showsIndicators { classes += noIndicatorsClasses }
        // As SwiftUI's: as wide as offered, and (scrolling vertically) as tall.
        classes += view.axes.contains(.vertical) ? fillWFillHClasses : fillWClasses
        let node = context.element("div", classes)
        context.renderChildren(view.content, into: node)
        out.append(node)
    }
}

/// Whether a stack's element holds a `Spacer` (then it fills its container's width or height).
/// A loop, not `contains(where:)`: a closure of the main actor's handed to the standard library
/// is checked at run time at every call (see Package.swift).
@MainActor
func containsSpacer(_ node: Node) -> Bool {
    for child in node.children where child.hasClass(StyleClass.spacer) { return true }
    return false
}
