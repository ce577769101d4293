extension View {
    /// The padding a scene's content has from the window's edges (16 points, as on a phone).
    public func scenePadding(_ edges: Edge.Set = .all) -> some View {
        padding(edges, 16)
    }

    /// The padding a scene's content has from the window's edges: 16 points on `edges`, whatever the
    /// kind of `padding`.
    public func scenePadding(_ padding: ScenePadding, edges: Edge.Set = .all) -> some View {
        self.padding(edges, 16)
    }

    /// Space around the view: `.padding()`, `.padding(8)`, `.padding(.horizontal, 12)`; 16 points when
    /// `length` is nil. Padding added after a background or border goes outside it, as in SwiftUI.
    public func padding(_ edges: Edge.Set = .all, _ length: CGFloat? = nil) -> some View {
        let value = px(length ?? 16)
        var declarations: [String] = []
        if edges == .all {
            declarations.append("padding:\(value)")
        } else {
            if edges.contains(.top) { declarations.append("padding-top:\(value)") }
            if edges.contains(.bottom) { declarations.append("padding-bottom:\(value)") }
            if edges.contains(.leading) { declarations.append("padding-inline-start:\(value)") }
            if edges.contains(.trailing) { declarations.append("padding-inline-end:\(value)") }
        }
        return modifier(PaddingModifier(declarations: declarations.joined(separator: ";")))
    }

    /// `length` points of space on every edge.
    public func padding(_ length: CGFloat) -> some View {
        padding(.all, length)
    }

    /// Space on each edge as `insets` gives it; `leading` is the right on a right-to-left page, as
    /// in the edge-set form.
    public func padding(_ insets: EdgeInsets) -> some View {
        modifier(
            PaddingModifier(
                // Logical sides: leading is the right on a right-to-left page.
                declarations:
                    "padding-block:\(px(insets.top)) \(px(insets.bottom));padding-inline:\(px(insets.leading)) \(px(insets.trailing))"))
    }

    /// Draws the view mirrored on a right-to-left page when `enabled` (an arrow of the app's own
    /// that points the way the reader reads); a left-to-right page draws it as it is.
    /// Directional system images (`chevron.forward`) mirror without it.
    public func flipsForRightToLeftLayoutDirection(_ enabled: Bool) -> some View {
        modifier(StyleModifier { node in if enabled { node.addClass(StyleClass.flipsRightToLeft) } })
    }

    /// A fixed size in one or both dimensions; the content is centered in it (or placed by
    /// `alignment`).
    public func frame(width: CGFloat? = nil, height: CGFloat? = nil, alignment: Alignment = .center) -> some View {
        var declarations: [String] = []
        if let width { declarations.append("width:\(px(width))") }
        if let height { declarations.append("height:\(px(height))") }
        return modifier(
            FrameModifier(declarations: declarations, fillsWidth: false, fillsHeight: false, capped: false, alignment: alignment))
    }

    /// Size limits. A maximum makes the view take the space offered up to it (`.infinity`: all
    /// of it), as SwiftUI's flexible frame does: `.frame(maxWidth: 80)` is 80 wide where there
    /// is room, narrower where there is not.
    public func frame(
        minWidth: CGFloat? = nil, idealWidth: CGFloat? = nil, maxWidth: CGFloat? = nil,
        minHeight: CGFloat? = nil, idealHeight: CGFloat? = nil, maxHeight: CGFloat? = nil,
        alignment: Alignment = .center
    ) -> some View {
        var declarations: [String] = []
        if let minWidth { declarations.append("min-width:\(px(minWidth))") }
        if let idealWidth { declarations.append("width:\(px(idealWidth))") }
        if let maxWidth, maxWidth.isFinite { declarations.append("max-width:\(px(maxWidth))") }
        if let minHeight { declarations.append("min-height:\(px(minHeight))") }
        if let idealHeight { declarations.append("height:\(px(idealHeight))") }
        if let maxHeight, maxHeight.isFinite { declarations.append("max-height:\(px(maxHeight))") }
        return modifier(
            FrameModifier(
                declarations: declarations, fillsWidth: maxWidth.map { $0 > 0 } ?? false, fillsHeight: maxHeight.map { $0 > 0 } ?? false,
                capped: (maxWidth.map { $0.isFinite && $0 > 0 } ?? false) || (maxHeight.map { $0.isFinite && $0 > 0 } ?? false),
                alignment: alignment))
    }
}

struct PaddingModifier: NodeModifier {
    let declarations: String

    func modify(_ node: Node, _ context: _RenderContext) -> Node {
        let style = node.attribute("style") ?? ""
        if style.containsBytes("background") || style.containsBytes("border") || overlaps(style) {
            // Outside an existing background or border, or on top of padding on the same edge
            // (SwiftUI's paddings add up): a new box.
            let wrapper = Node("div", key: node.key)
            wrapper.setAttribute("class", StyleClass.box)
            wrapper.addStyle(declarations)
            node.key = IdentityHash.mix(IdentityHash.seed, 0xB0)
            wrapper.children = [node]
            wrapper.takeFills(from: [node])
            return wrapper
        }
        node.addStyle(declarations)
        return node
    }

    /// Whether the element already has padding on an edge this modifier pads.
    private func overlaps(_ style: String) -> Bool {
        guard style.containsBytes("padding") else { return false }
        // A shorthand (`padding:`, or `padding-block`/`padding-inline` of `EdgeInsets`) on
        // either side covers edges the other names.
        if style.containsBytes("padding:") || declarations.hasPrefix("padding:") || style.containsBytes("padding-block")
            || style.containsBytes("padding-inline:") || declarations.hasPrefix("padding-block")
        {
            return true
        }
        return declarations.split(separator: ";").contains { declaration in
            style.containsBytes(String(declaration.prefix { $0 != ":" }) + ":")
        }
    }
}

/// A frame is a box of its own around the content, like SwiftUI's frame views: the content
/// keeps its size and is placed inside by the alignment.
struct FrameModifier: NodeModifier {
    let declarations: [String]
    let fillsWidth: Bool
    let fillsHeight: Bool
    /// Fills up to a finite maximum (kept where its stack aligns it, not stretched to an edge).
    let capped: Bool
    let alignment: Alignment

    func modify(_ node: Node, _ context: _RenderContext) -> Node {
        let frame = Node("div", key: node.key)
        frame.setAttribute("class", StyleClass.frame)
        if fillsWidth { frame.addClass(StyleClass.fillW) }
        if fillsHeight { frame.addClass(StyleClass.fillH) }
        if capped { frame.addClass(StyleClass.fillCapped) }
        if alignment != .center { frame.addStyle(alignment.css) }
        for declaration in declarations { frame.addStyle(declaration) }
        node.key = IdentityHash.mix(IdentityHash.seed, 0xF0)
        frame.children = [node]
        // A frame that sets no width (or height) is as flexible in it as what it holds.
        frame.takeFills(
            from: [node], width: !declarations.contains { $0.hasPrefix("width:") } && !fillsWidth,
            height: !declarations.contains { $0.hasPrefix("height:") } && !fillsHeight)
        return frame
    }
}

extension View {
    /// A size relative to the nearest container — the scroll view or list the view is in, or
    /// the window — along the axes given: the whole of it (`.containerRelativeFrame(.horizontal)`:
    /// a carousel's page), or `span` of `count` columns with `spacing` between them. CSS
    /// container units do the sizing in the browser as the container's size changes.
    public func containerRelativeFrame(_ axes: Axis.Set, alignment: Alignment = .center) -> some View {
        containerRelativeFrame(axes, count: 1, span: 1, spacing: 0, alignment: alignment)
    }

    /// A length of `span` of `count` columns of the container, with `spacing` between the columns.
    public func containerRelativeFrame(
        _ axes: Axis.Set, count: Int, span: Int = 1, spacing: CGFloat, alignment: Alignment = .center
    ) -> some View {
        let count = max(count, 1), span = min(max(span, 1), max(count, 1))
        func length(_ unit: String) -> String {
            // (container − gaps) / count × span + the gaps the span covers.
            "calc((100\(unit) - \(px(spacing * CGFloat(count - 1)))) / \(count) * \(span) + \(px(spacing * CGFloat(span - 1))))"
        }
        return relativeFrame(axes, alignment: alignment, width: length("cqw"), height: length("cqh"))
    }

    /// A length computed from the container's: `{ width, _ in width * 0.8 }`. A length that is a
    /// straight line in the container's (`width * 0.8 - 20`, `width / 3`, what apps write) is
    /// exact at every size; any other (`min(width, 400)`) is the length for a phone's window
    /// (390 × 844), as the server cannot run the closure at the browser's size.
    public func containerRelativeFrame(
        _ axes: Axis.Set, alignment: Alignment = .center, _ length: @escaping (CGFloat, Axis) -> CGFloat
    ) -> some View {
        func css(_ axis: Axis, unit: String, window: CGFloat) -> String {
            let atZero = length(0, axis), atThousand = length(1000, axis)
            let slope = (atThousand - atZero) / 1000
            let isLine = [120, 390, 777].allSatisfy { abs(length($0, axis) - (atZero + slope * $0)) < 0.01 }
            guard isLine, slope.isFinite, atZero.isFinite else { return px(max(length(window, axis), 0)) }
            return "calc(\(Color.format(Double(slope) * 100))\(unit) + \(px(atZero)))"
        }
        return relativeFrame(
            axes, alignment: alignment, width: css(.horizontal, unit: "cqw", window: 390), height: css(.vertical, unit: "cqh", window: 844))
    }

    private func relativeFrame(_ axes: Axis.Set, alignment: Alignment, width: String, height: String) -> some View {
        var declarations: [String] = []
        if axes.contains(.horizontal) { declarations.append("width:\(width)") }
        if axes.contains(.vertical) { declarations.append("height:\(height)") }
        return modifier(
            FrameModifier(declarations: declarations, fillsWidth: false, fillsHeight: false, capped: false, alignment: alignment)
        )
        .modifier(StyleModifier { node in node.addClass(StyleClass.relativeFrame) })
    }

    /// A bar at an edge of the view that stays in sight while the content scrolls under it (a
    /// composer at the bottom of a chat, a summary over a list): the content makes room for it.
    public func safeAreaInset<Inset: View>(
        edge: VerticalEdge, alignment: HorizontalAlignment = .center, spacing: CGFloat? = nil,
        @ViewBuilder content: () -> Inset
    ) -> some View {
        modifier(
            SafeAreaInsetModifier(
                inset: content(), edge: edge == .top ? .top : .bottom, alignment: alignment.cssName, spacing: spacing))
    }

    /// A bar at the leading or trailing edge of the view that stays in sight while the content scrolls;
    /// the bar spans the view's height (`alignment` is not used), `spacing` (default 0) from the content.
    public func safeAreaInset<Inset: View>(
        edge: HorizontalEdge, alignment: VerticalAlignment = .center, spacing: CGFloat? = nil,
        @ViewBuilder content: () -> Inset
    ) -> some View {
        modifier(
            SafeAreaInsetModifier(
                inset: content(), edge: edge == .leading ? .leading : .trailing, alignment: alignment.cssValue, spacing: spacing))
    }
}

/// `.safeAreaInset`: the content and its bar in a stack along the edge's axis; the bar sticks
/// to its edge of the scrolling area.
struct SafeAreaInsetModifier<Inset: View>: _PrimitiveModifier {
    let inset: Inset
    let edge: Edge
    let alignment: String
    let spacing: CGFloat?

    static func _apply(_ modifier: Self, _ context: _RenderContext, _ out: inout [Node], _ content: @escaping _ContentRenderer) {
        let vertical = modifier.edge == .top || modifier.edge == .bottom
        let node = context.element("div", vertical ? StyleClass.vstack : StyleClass.hstack)
        node.addClass(StyleClass.insetHost)
        node.addStyle("gap:\(px(modifier.spacing ?? 0))")
        let inside = context.insideElement()
        var children: [Node] = []
        content(inside.structural(0), &children)
        let bar = inside.structural(1).element("div", StyleClass.inset)
        let side: String
        switch modifier.edge {
        case .top: side = "top"
        case .bottom: side = "bottom"
        case .leading: side = "inset-inline-start"
        case .trailing: side = "inset-inline-end"
        }
        bar.addStyle("\(side):0;align-self:\(vertical ? modifier.alignment : "stretch")")
        context.renderChildren(modifier.inset, into: bar)
        let leads = modifier.edge == .top || modifier.edge == .leading
        node.children = leads ? [bar] + children : children + [bar]
        node.takeFills(from: children)
        out.append(node)
    }
}

extension View {
    /// Places the view's centre at `x`, `y` in the space its parent offers, which it takes whole
    /// (as SwiftUI's `position` does).
    public func position(x: CGFloat = 0, y: CGFloat = 0) -> some View {
        modifier(PositionModifier(x: x, y: y))
    }

    /// Places the view's centre at `point`, as `position(x:y:)` does.
    public func position(_ point: CGPoint) -> some View {
        position(x: point.x, y: point.y)
    }
}

/// `.position`: a box that fills what it is offered, the view centred on the point inside it.
struct PositionModifier: NodeModifier {
    let x: CGFloat
    let y: CGFloat

    func modify(_ node: Node, _ context: _RenderContext) -> Node {
        let box = Node("div", key: node.key)
        box.setAttribute("class", "\(StyleClass.frame) \(StyleClass.fillW) \(StyleClass.fillH)")
        box.addStyle("position:relative")
        node.key = IdentityHash.mix(IdentityHash.seed, 0xF1)
        node.addStyle("position:absolute;left:\(px(x));top:\(px(y));translate:-50% -50%")
        box.children = [node]
        return box
    }
}

/// The kinds of a scene's padding (`.minimum`): one here, 16 points.
public struct ScenePadding: Hashable, Sendable {
    /// The usual padding: 16 points.
    public static let minimum = ScenePadding()
    /// The same as `.minimum` in Jetway: 16 points.
    public static let navigationBar = ScenePadding()
}
