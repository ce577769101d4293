/// Rows of cells in aligned columns, rendered as a CSS grid. Views outside a `GridRow` span
/// every column.
///
/// ```swift
/// Grid(alignment: .center, horizontalSpacing: 16, verticalSpacing: 8) {
///     Separator(title: "Today").gridCellUnsizedAxes(.horizontal)
///     GridRow {
///         Text("Finals")
///         Cell(title: "Archery", imageName: "figure.archery")
///     }
/// }
/// ```
public struct Grid<Content: View>: _PrimitiveView {
    let alignment: Alignment
    let horizontalSpacing: CGFloat?
    let verticalSpacing: CGFloat?
    let content: Content

    /// A grid of `content` with `alignment` for its cells, and `horizontalSpacing` and
    /// `verticalSpacing` points between columns and rows (the default spacing when nil). It has as
    /// many columns as its widest `GridRow`.
    public init(
        alignment: Alignment = .center, horizontalSpacing: CGFloat? = nil, verticalSpacing: CGFloat? = nil,
        @ViewBuilder content: () -> Content
    ) {
        self.alignment = alignment
        self.horizontalSpacing = horizontalSpacing
        self.verticalSpacing = verticalSpacing
        self.content = content()
    }

    /// Jetway's rendering entry point; not for apps.
    public static func _render(_ view: Self, _ context: _RenderContext, _ out: inout [Node]) {
        let node = context.element("div", StyleClass.grid)
        context.renderChildren(view.content, into: node)
        var columns = 1
        for child in node.children where child.attribute("class")?.hasPrefix(StyleClass.gridrow) == true {
            columns = max(columns, child.children.reduce(0) { $0 + ($1.gridSpan ?? 1) })
        }
        node.addStyle("grid-template-columns:repeat(\(columns),auto)")
        if let spacing = view.horizontalSpacing { node.addStyle("column-gap:\(px(spacing))") }
        if let spacing = view.verticalSpacing { node.addStyle("row-gap:\(px(spacing))") }
        node.addStyle("justify-items:\(view.alignment.horizontal.cssName);align-items:\(view.alignment.vertical.cssValue)")
        out.append(node)
    }
}

/// One row of a `Grid`; each child is a cell.
public struct GridRow<Content: View>: _PrimitiveView {
    let alignment: VerticalAlignment?
    let content: Content

    /// A row of cells, each child of `content` one cell; `alignment` overrides the grid's vertical
    /// alignment for this row.
    public init(alignment: VerticalAlignment? = nil, @ViewBuilder content: () -> Content) {
        self.alignment = alignment
        self.content = content()
    }

    /// Jetway's rendering entry point; not for apps.
    public static func _render(_ view: Self, _ context: _RenderContext, _ out: inout [Node]) {
        let node = context.element("div", StyleClass.gridrow)
        node.setAttribute("role", "row")
        if let alignment = view.alignment { node.addStyle("\(StyleVariable.rowAlign):\(alignment.cssValue)") }
        context.renderChildren(view.content, into: node)
        out.append(node)
    }
}

extension Node {
    /// The number of grid columns this cell spans, from `gridCellColumns(_:)`.
    var gridSpan: Int? {
        guard let style = attribute("style"), let range = style.range(of: "grid-column:span ") else { return nil }
        return Int(style[range.upperBound...].prefix { $0.isNumber })
    }
}

extension View {
    /// Keeps the view from sizing the grid's columns (or rows) along these axes; it takes the
    /// width the other cells give the grid.
    public func gridCellUnsizedAxes(_ axes: Axis.Set) -> some View {
        modifier(
            StyleModifier { node in
                if axes.contains(.horizontal) { node.addClass(StyleClass.unsizedH) }
                if axes.contains(.vertical) { node.addClass(StyleClass.unsizedV) }
            })
    }

    /// Makes a cell span several columns.
    public func gridCellColumns(_ count: Int) -> some View {
        let span = max(count, 1)
        return modifier(StyleModifier { node in node.addStyle("grid-column:span \(span)") })
    }

    /// Aligns this cell horizontally in its column (CSS `justify-self`). Unlike SwiftUI, it aligns only
    /// the cell it is on, not the whole column.
    public func gridColumnAlignment(_ alignment: HorizontalAlignment) -> some View {
        modifier(StyleModifier { node in node.addStyle("justify-self:\(alignment.cssName)") })
    }
}
