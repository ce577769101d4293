/// The first of its views that fits the space offered, along the axes asked for: a row of
/// buttons that becomes a column on a phone, a long label that becomes a short one. Every
/// candidate is in the page; the runtime measures each one's ideal size against the width the
/// view is given (and its height, where the height is bounded) and shows the first that fits,
/// the last when none does, again whenever the space changes. Before the runtime runs, and
/// with scripts off, the first is shown.
///
/// ```swift
/// ViewThatFits(in: .horizontal) {
///     HStack { Button("Check in") {}; Button("Change seat") {}; Button("Upgrade") {} }
///     VStack { Button("Check in") {}; Button("Change seat") {}; Button("Upgrade") {} }
/// }
/// ```
public struct ViewThatFits<Content: View>: _PrimitiveView {
    let axes: Axis.Set
    let content: Content

    /// The first view of `content` that fits along `axes` (both by default); the others are in the
    /// page, hidden.
    public init(in axes: Axis.Set = [.horizontal, .vertical], @ViewBuilder content: () -> Content) {
        self.axes = axes
        self.content = content()
    }

    /// Jetway's rendering entry point; not for apps.
    public static func _render(_ view: Self, _ context: _RenderContext, _ out: inout [Node]) {
        let node = context.element("div", StyleClass.fits)
        node.addClass(StyleClass.fillW)
        let axes = [view.axes.contains(.horizontal) ? "horizontal" : nil, view.axes.contains(.vertical) ? "vertical" : nil]
        node.setAttribute(RuntimeContract.Attribute.fits, axes.compactMap { $0 }.joined(separator: " "))
        context.renderChildren(view.content, into: node)
        out.append(node)
    }
}
