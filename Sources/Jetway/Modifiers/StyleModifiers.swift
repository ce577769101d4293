extension View {
    /// The font of text in this view.
    public func font(_ font: Font?) -> some View {
        modifier(StyleModifier { node in font?.apply(to: node) })
    }

    /// Makes the text in this view bold (weight 700) when `isActive`.
    public func bold(_ isActive: Bool = true) -> some View {
        modifier(StyleModifier { node in if isActive { node.addClass(StyleClass.bold) } })
    }

    /// Makes the text in this view italic when `isActive`.
    public func italic(_ isActive: Bool = true) -> some View {
        modifier(StyleModifier { node in if isActive { node.addClass(StyleClass.italic) } })
    }

    /// The weight of the text in this view (CSS `font-weight`); nil leaves it as it is.
    public func fontWeight(_ weight: Font.Weight?) -> some View {
        modifier(StyleModifier { node in if let weight { node.addStyle("font-weight:\(weight.value)") } })
    }

    /// The color of text and icons in this view.
    public func foregroundColor(_ color: Color?) -> some View {
        modifier(StyleModifier { node in if let color { node.addStyle("color:\(color.css)") } })
    }

    /// The accent of the controls in this view (buttons, links, switches, sliders, pickers),
    /// as SwiftUI's `.tint`. Nil keeps the app's accent.
    public func tint(_ color: Color?) -> some View {
        modifier(
            StyleModifier { node in
                if let color { node.addStyle("\(StyleVariable.accent):\(color.css);\(StyleVariable.switchOn):\(color.css)") }
            })
    }

    /// The accent of the controls in this view: the older name of `.tint`.
    public func accentColor(_ accentColor: Color?) -> some View {
        tint(accentColor)
    }

    /// The color of text and icons in this view; a gradient paints the text through it.
    public func foregroundStyle<S: ShapeStyle>(_ style: S) -> some View {
        // A gradient paints the text through it (the text clips its background).
        let css =
            style.isGradient
            ? "background:\(style.css);-webkit-background-clip:text;background-clip:text;color:transparent"
            : "color:\(style.css)"
        return modifier(StyleModifier { node in node.addStyle(css) })
    }

    /// A background color behind the view.
    public func background<S: ShapeStyle>(_ style: S, ignoresSafeAreaEdges edges: Edge.Set = .all) -> some View {
        // A material blurs what is behind it.
        let blur = Material.blur(of: style).map { ";" + Material.backdropCSS(blur: $0) } ?? ""
        return modifier(StyleModifier { node in node.addStyle("background:\(style.css)" + blur) })
    }

    /// The styles of a symbol's layers (`.foregroundStyle(.white, .blue)`). Jetway draws each
    /// system symbol as one layer, so the first style paints it and the others have no layer
    /// to paint (docs/swiftui.md).
    public func foregroundStyle<S1: ShapeStyle, S2: ShapeStyle>(_ primary: S1, _ secondary: S2) -> some View {
        foregroundStyle(primary)
    }

    /// The styles of a symbol's three layers: only `primary` is used, as with two styles.
    public func foregroundStyle<S1: ShapeStyle, S2: ShapeStyle, S3: ShapeStyle>(_ primary: S1, _ secondary: S2, _ tertiary: S3) -> some View
    {
        foregroundStyle(primary)
    }

    /// How symbols inside are coloured. Jetway's symbols are drawn in one layer, in the
    /// foreground style, so every mode draws as `.monochrome` does (docs/swiftui.md).
    public func symbolRenderingMode(_ mode: SymbolRenderingMode?) -> some View {
        self
    }

    /// A shape filled with a style behind this view, sized to it
    /// (`.background(.thinMaterial, in: .rect(cornerRadius: 12))`).
    public func background<S: ShapeStyle, T: Shape>(_ style: S, in shape: T, fillStyle: FillStyle = FillStyle()) -> some View {
        modifier(LayerModifier(layer: shape.fill(style, style: fillStyle), isOverlay: false, alignment: .center))
    }

    /// A shape filled with the background style behind this view, sized to it.
    public func background<T: Shape>(in shape: T, fillStyle: FillStyle = FillStyle()) -> some View {
        background(BackgroundStyle(), in: shape, fillStyle: fillStyle)
    }

    /// A view behind this one, sized to it.
    public func background<Background: View>(alignment: Alignment = .center, @ViewBuilder content: () -> Background) -> some View {
        modifier(LayerModifier(layer: content(), isOverlay: false, alignment: alignment))
    }

    /// A view in front of this one, sized to it.
    public func overlay<Overlay: View>(alignment: Alignment = .center, @ViewBuilder content: () -> Overlay) -> some View {
        modifier(LayerModifier(layer: content(), isOverlay: true, alignment: alignment))
    }

    /// A view in front of this one, sized to it: the older form, `.overlay(Circle().stroke())`.
    @_disfavoredOverload
    public func overlay<Overlay: View>(_ overlay: Overlay, alignment: Alignment = .center) -> some View {
        modifier(LayerModifier(layer: overlay, isOverlay: true, alignment: alignment))
    }

    /// A style in front of this view, filling it (`.overlay(.blue.opacity(0.2))`).
    public func overlay<S: ShapeStyle>(_ style: S, ignoresSafeAreaEdges edges: Edge.Set = .all) -> some View {
        modifier(LayerModifier(layer: Rectangle().fill(style), isOverlay: true, alignment: .center))
    }

    /// A view behind this one, sized to it: the older form, `.background(Capsule().fill(.blue))`.
    @_disfavoredOverload
    public func background<Background: View>(_ background: Background, alignment: Alignment = .center) -> some View {
        modifier(LayerModifier(layer: background, isOverlay: false, alignment: alignment))
    }

    /// Rounds the view's corners by `radius` points and clips its content to them; `antialiased` is
    /// ignored.
    public func cornerRadius(_ radius: CGFloat, antialiased: Bool = true) -> some View {
        modifier(StyleModifier { node in node.addStyle("border-radius:\(px(radius));overflow:hidden") })
    }

    /// Clips the view to a shape: `Circle()`, `RoundedRectangle(cornerRadius: 8)`, `Capsule()`.
    /// A shape of an app's own (or a `Path`) clips through a mask of its outline drawn in a
    /// 100 × 100 square and stretched to the view: exact for outlines drawn in proportion to their
    /// rectangle, as apps' shapes usually are.
    public func clipShape<S: Shape>(_ shape: S, style: FillStyle = FillStyle()) -> some View {
        let css = ShapeMask.css(shape, evenOdd: style.isEOFilled)
        return modifier(StyleModifier { node in node.addStyle(css) })
    }

    /// Shows this view only where `mask` is opaque: a shape cuts it to the shape (as
    /// `clipShape`), a gradient or colour fades it by the style's opacity (CSS `mask-image`). A
    /// mask of other views cuts it to the view's own box (the browser cannot mask by arbitrary
    /// content: docs/swiftui.md).
    public func mask<Mask: View>(alignment: Alignment = .center, @ViewBuilder _ mask: () -> Mask) -> some View {
        let css = ShapeMask.css(for: mask())
        return modifier(StyleModifier { node in node.addStyle(css) })
    }

    /// The older form: `.mask(LinearGradient(…))`.
    public func mask<Mask: View>(_ mask: Mask) -> some View {
        self.mask { mask }
    }

    /// Hides what is drawn past the view's bounds. A clipped view that fills the page
    /// (`.frame(maxWidth: .infinity, maxHeight: .infinity).clipped()`) is the window's size, as
    /// a root view is the screen's in SwiftUI: the page never scrolls (a wall screen).
    public func clipped(antialiased: Bool = false) -> some View {
        modifier(StyleModifier { node in node.addClass(StyleClass.clipped) })
    }

    /// A CSS border of `width` points painted with `style` around the view.
    public func border<S: ShapeStyle>(_ style: S, width: CGFloat = 1) -> some View {
        modifier(StyleModifier { node in node.addStyle("border:\(px(width)) solid \(style.css)") })
    }

    /// The view's opacity, from 0 (transparent) to 1 (clamped).
    public func opacity(_ opacity: Double) -> some View {
        let value = Color.format(min(max(opacity, 0), 1))
        return modifier(StyleModifier { node in node.addStyle("opacity:\(value)") })
    }

    /// A shadow of `color` blurred by `radius` and moved by `x`, `y`. It is a CSS `box-shadow`: it
    /// follows the view's box, not the outline of its text or shape.
    public func shadow(color: Color = Color(white: 0, opacity: 0.33), radius: CGFloat, x: CGFloat = 0, y: CGFloat = 0) -> some View {
        modifier(StyleModifier { node in node.addStyle("box-shadow:\(px(x)) \(px(y)) \(px(radius)) \(color.css)") })
    }

    /// How lines of text in this view line up: at the layout's leading edge, centred, or at its
    /// trailing edge (CSS `text-align` left or right by the layout direction, not by each
    /// text's own script).
    public func multilineTextAlignment(_ alignment: TextAlignment) -> some View {
        modifier(TextAlignmentModifier(alignment: alignment))
    }

    /// Keeps the view at its ideal size: its text never wraps (or is squeezed) to fit.
    public func fixedSize() -> some View {
        fixedSize(horizontal: true, vertical: true)
    }

    /// Keeps the view at its ideal width (its text on one line), height, or both.
    public func fixedSize(horizontal: Bool, vertical: Bool) -> some View {
        modifier(
            StyleModifier { node in
                // Its ideal size, not what it is offered: it stops filling.
                if horizontal {
                    node.removeClass(StyleClass.fillW)
                    node.addClass(StyleClass.fixedW)
                }
                if vertical {
                    node.removeClass(StyleClass.fillH)
                    node.addClass(StyleClass.fixedH)
                }
            })
    }

    /// Which of a stack's children gets its ideal size first when they do not all fit: a
    /// higher priority keeps its size (its text on one line, up to the stack's width) while
    /// the others shrink and wrap; a lower one gives way first.
    public func layoutPriority(_ value: Double) -> some View {
        modifier(
            StyleModifier { node in
                if value > 0 {
                    node.addClass(StyleClass.priorityHigh)
                } else if value < 0 {
                    node.addClass(StyleClass.priorityLow)
                }
            })
    }

    /// At least `limits.lowerBound` lines tall and at most `upperBound` (a vertical text field
    /// grows from the first to the second as its text does, then scrolls).
    public func lineLimit(_ limits: ClosedRange<Int>) -> some View {
        let lower = max(limits.lowerBound, 1), upper = max(limits.upperBound, 1)
        return modifier(StyleModifier { node in LineLimits.apply(node, lower: lower, upper: upper) })
    }

    /// At least `limits.lowerBound` lines tall.
    public func lineLimit(_ limits: PartialRangeFrom<Int>) -> some View {
        let lower = max(limits.lowerBound, 1)
        return modifier(StyleModifier { node in LineLimits.apply(node, lower: lower, upper: nil) })
    }

    /// At most `limits.upperBound` lines.
    public func lineLimit(_ limits: PartialRangeThrough<Int>) -> some View {
        lineLimit(max(limits.upperBound, 1))
    }

    /// At most `limit` lines, and — when `reservesSpace` — as tall as `limit` lines however few
    /// the text has.
    public func lineLimit(_ limit: Int, reservesSpace: Bool) -> some View {
        let limit = max(limit, 1)
        return modifier(StyleModifier { node in LineLimits.apply(node, lower: reservesSpace ? limit : 1, upper: limit) })
    }

    /// At most this many lines of text; the rest is cut with an ellipsis. Nil leaves the text as it is.
    public func lineLimit(_ number: Int?) -> some View {
        modifier(
            StyleModifier { node in
                guard let number else { return }
                node.addClass(StyleClass.lineLimit)
                node.addStyle("-webkit-line-clamp:\(max(number, 1))")
            })
    }

    /// Hides the view but keeps its space, as SwiftUI does.
    public func hidden() -> some View {
        modifier(
            StyleModifier { node in
                node.addStyle("visibility:hidden")
                node.setAttribute("aria-hidden", "true")
            })
    }

    /// Draws the view moved by `offset`, without changing its place in the layout.
    public func offset(_ offset: CGSize) -> some View {
        self.offset(x: offset.width, y: offset.height)
    }

    /// Draws the view moved by `x` and `y` points, without changing its place in the layout.
    public func offset(x: CGFloat = 0, y: CGFloat = 0) -> some View {
        modifier(StyleModifier { node in Effects.transform(node, "translate(\(px(x)),\(px(y)))", anchor: .center) })
    }

    /// The view's stacking order among overlapping siblings (CSS `z-index`, an integer: a fraction
    /// is rounded away from zero, so `0.5` still stacks above `0`; NaN is `0`, and values past
    /// CSS's 32-bit range are clamped to it).
    public func zIndex(_ value: Double) -> some View {
        modifier(StyleModifier { node in node.addStyle("z-index:\(Self.cssZIndex(value))") })
    }

    /// `zIndex`'s value as CSS takes it.
    static func cssZIndex(_ value: Double) -> Int {
        guard !value.isNaN else { return 0 }
        return Int(min(Double(Int32.max), max(Double(Int32.min), value.rounded(.awayFromZero))))
    }
}

/// A background or overlay view stacked with the content in a one-cell grid.
struct LayerModifier<Layer: View>: _PrimitiveModifier {
    let layer: Layer
    let isOverlay: Bool
    let alignment: Alignment

    static func _apply(_ modifier: Self, _ context: _RenderContext, _ out: inout [Node], _ content: @escaping _ContentRenderer) {
        let node = context.element("div", StyleClass.zstack)
        let inside = context.insideElement()
        var children: [Node] = []
        content(inside.structural(0), &children)
        var layer: [Node] = []
        Layer._render(modifier.layer, inside.structural(1), &layer)
        for index in layer.indices {
            let copy = layer[index].isFrozen ? layer[index].copy() : layer[index]
            copy.addClass(modifier.isOverlay ? StyleClass.overlay : StyleClass.underlay)
            if modifier.alignment != .center {
                copy.addStyle("justify-self:\(modifier.alignment.horizontal.cssName);align-self:\(modifier.alignment.vertical.cssValue)")
            }
            layer[index] = copy
        }
        node.children = modifier.isOverlay ? children + layer : layer + children
        node.takeFills(from: children)
        out.append(node)
    }
}

/// A view's clip or mask as CSS.
@MainActor
enum ShapeMask {
    /// A shape's clip: a box shape's rounded corners, another shape's path (drawn in a 100-point
    /// square stretched to the view) as the mask.
    static func css<S: Shape>(_ shape: S, evenOdd: Bool = false, outline: StrokeStyle? = nil) -> String {
        if outline == nil, let box = shape as? any BoxShape { return "border-radius:\(box.cornerCSS);overflow:hidden" }
        let path = shape.path(in: CGRect(x: 0, y: 0, width: 100, height: 100))
        let paint =
            outline.map {
                " fill='none' stroke='#000' stroke-width='\(Color.format(Double($0.lineWidth)))' vector-effect='non-scaling-stroke'"
            } ?? ""
        let svg =
            "<svg xmlns='http://www.w3.org/2000/svg' viewBox='0 0 100 100' preserveAspectRatio='none'><path d='\(path.svgData)'"
            + (evenOdd ? " fill-rule='evenodd'" : "") + paint + "/></svg>"
        let url = "url(\"data:image/svg+xml,\(ShapeDrawing.percentEncoded(svg))\")"
        return "-webkit-mask:\(url) 0 0/100% 100% no-repeat;mask:\(url) 0 0/100% 100% no-repeat"
    }

    /// A mask view's CSS: a shape's (filled, or its outline), a style's (gradient or colour),
    /// else the view's box.
    static func css<Mask: View>(for mask: Mask) -> String {
        if let shape = mask as? any Shape { return shapeCSS(shape) }
        if let filled = mask as? any FilledShapeMask { return filled.maskCSS }
        if let style = mask as? any ShapeStyle {
            let image = style.isGradient ? style.css : "linear-gradient(\(style.css),\(style.css))"
            return "-webkit-mask-image:\(image);mask-image:\(image)"
        }
        return "overflow:hidden"
    }

    private static func shapeCSS<S: Shape>(_ shape: S) -> String { css(shape) }
}

/// A filled or outlined shape as a mask.
@MainActor
protocol FilledShapeMask {
    var maskCSS: String { get }
}

extension _FilledShape: FilledShapeMask {
    var maskCSS: String { ShapeMask.css(shape, evenOdd: evenOdd, outline: outline?.style) }
}

/// Line limits as CSS: a text clamped to its most lines and at least its fewest tall; a text
/// area (a vertical field) `rows` its fewest, growing with its text to its most.
enum LineLimits {
    @MainActor static func apply(_ node: Node, lower: Int, upper: Int?) {
        if node.tag == "textarea" {
            node.setAttribute("rows", String(lower))
            node.addStyle("field-sizing:content;min-height:calc(\(lower) * 1.3em + 16px)")
            if let upper { node.addStyle("max-height:calc(\(upper) * 1.3em + 16px)") }
            return
        }
        if let upper {
            node.addClass(StyleClass.lineLimit)
            node.addStyle("-webkit-line-clamp:\(upper)")
        }
        if lower > 1 { node.addStyle("min-height:calc(\(lower) * 1.3em)") }
    }
}

/// `multilineTextAlignment(_:)`: `text-align` on each element of its content, leading and
/// trailing made left or right by the environment's layout direction.
struct TextAlignmentModifier: NodeModifier, Equatable {
    let alignment: TextAlignment

    func modify(_ node: Node, _ context: _RenderContext) -> Node {
        let rightToLeft = context.environment.layoutDirection == .rightToLeft
        let value = alignment == .center ? "center" : (alignment == .leading) != rightToLeft ? "left" : "right"
        node.addStyle("text-align:\(value)")
        return node
    }
}
