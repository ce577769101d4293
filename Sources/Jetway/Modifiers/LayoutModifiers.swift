extension View {
    /// Space around the view: `.padding()`, `.padding(8)`, `.padding(.horizontal, 12)`.
    /// Padding added after a background or border goes outside it, as in SwiftUI.
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

    public func padding(_ length: CGFloat) -> some View {
        padding(.all, length)
    }

    public func padding(_ insets: EdgeInsets) -> some View {
        modifier(
            PaddingModifier(declarations: "padding:\(px(insets.top)) \(px(insets.trailing)) \(px(insets.bottom)) \(px(insets.leading))"))
    }

    /// A fixed size in one or both dimensions; the content is centered in it (or placed by
    /// `alignment`).
    public func frame(width: CGFloat? = nil, height: CGFloat? = nil, alignment: Alignment = .center) -> some View {
        var declarations: [String] = []
        if let width { declarations.append("width:\(px(width))") }
        if let height { declarations.append("height:\(px(height))") }
        return modifier(FrameModifier(declarations: declarations, fillsWidth: false, fillsHeight: false, alignment: alignment))
    }

    /// Size limits; `.infinity` as a maximum makes the view take all the space offered.
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
                declarations: declarations, fillsWidth: maxWidth == .infinity, fillsHeight: maxHeight == .infinity,
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
        if style.containsBytes("padding:") || declarations.hasPrefix("padding:") { return true }
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
    let alignment: Alignment

    func modify(_ node: Node, _ context: _RenderContext) -> Node {
        let frame = Node("div", key: node.key)
        frame.setAttribute("class", StyleClass.frame)
        if fillsWidth { frame.addClass(StyleClass.fillW) }
        if fillsHeight { frame.addClass(StyleClass.fillH) }
        if alignment != .center { frame.addStyle(alignment.css) }
        for declaration in declarations { frame.addStyle(declaration) }
        node.key = IdentityHash.mix(IdentityHash.seed, 0xF0)
        frame.children = [node]
        // A frame that sets no width (or height) is as flexible in it as what it holds.
        frame.takeFills(
            from: [node], width: !declarations.contains { $0.hasPrefix("width:") || $0.hasPrefix("max-width:") },
            height: !declarations.contains { $0.hasPrefix("height:") || $0.hasPrefix("max-height:") })
        return frame
    }
}
