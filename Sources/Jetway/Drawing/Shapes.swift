import Foundation

/// A class attribute written once, not at each render.
private let shapeFillWFillHClasses = "\(StyleClass.shape) \(StyleClass.fillW) \(StyleClass.fillH)"

/// A shape: an outline in the rectangle it is given (`path(in:)`), filled with `.fill(_:)` (the
/// foreground colour by default), outlined with `.stroke(_:lineWidth:)` or `.stroke(_:style:)`,
/// cut with `.trim(from:to:)`, or used to clip with `.clipShape(_:)`. It takes the space it is
/// offered, as in SwiftUI.
///
/// The built-in shapes (`Rectangle`, `RoundedRectangle`, `Circle`, `Ellipse`, `Capsule`) are
/// boxes with rounded corners in CSS; an app's own shape, a `Path` and any trimmed shape are
/// drawn as SVG at the size the browser reports for them (stretched to the box until it has).
///
/// ```swift
/// struct Triangle: Shape {
///     func path(in rect: CGRect) -> Path {
///         Path { path in
///             path.move(to: CGPoint(x: rect.midX, y: rect.minY))
///             path.addLine(to: CGPoint(x: rect.maxX, y: rect.maxY))
///             path.addLine(to: CGPoint(x: rect.minX, y: rect.maxY))
///             path.closeSubpath()
///         }
///     }
/// }
/// Triangle().fill(.orange).frame(width: 40, height: 30)
/// Circle().trim(from: 0, to: progress).stroke(.green, style: StrokeStyle(lineWidth: 6, lineCap: .round))
/// ```
public protocol Shape: Animatable, View, Sendable where Body == Never {
    /// The shape's outline in `rect`, the frame it was given, in points from its top-left corner.
    func path(in rect: CGRect) -> Path
}

/// A shape CSS draws as a box: its `border-radius`.
protocol BoxShape: Shape {
    var cornerCSS: String { get }
}

extension Shape {
    /// Jetway's rendering entry point; not for apps. Draws the shape filled with the foreground colour.
    public static func _render(_ view: Self, _ context: _RenderContext, _ out: inout [Node]) {
        _FilledShape._render(_FilledShape(shape: view, fill: nil, outline: nil), context, &out)
    }

    /// Never called: Jetway draws a shape itself (a CSS box or an SVG), so a shape has no body.
    public var body: Never { preconditionFailure("\(Self.self) is rendered by Jetway and has no body") }

    /// This shape filled with a style (a colour, a gradient, a material).
    public func fill<S: ShapeStyle>(_ style: S, style fillStyle: FillStyle = FillStyle()) -> _FilledShape<Self> {
        _FilledShape(shape: self, fill: ShapePaint(style), outline: nil, evenOdd: fillStyle.isEOFilled)
    }

    /// This shape filled with the foreground style.
    public func fill(style fillStyle: FillStyle = FillStyle()) -> _FilledShape<Self> {
        _FilledShape(shape: self, fill: nil, outline: nil, evenOdd: fillStyle.isEOFilled)
    }

    /// This shape's outline in `style`, `lineWidth` points wide: centred on its edge in SVG, but inside the
    /// edge for a built-in shape, which is drawn as a CSS box with a border.
    public func stroke<S: ShapeStyle>(_ style: S, lineWidth: CGFloat = 1) -> _FilledShape<Self> {
        _FilledShape(shape: self, fill: nil, outline: (ShapePaint(style), StrokeStyle(lineWidth: lineWidth)))
    }

    /// This shape's outline in `content`, drawn with `style`'s width, caps, joins and dashes.
    ///
    /// A built-in shape with a plain outline (no dashes, `.butt` caps) is a CSS box whose border
    /// lies inside its edge; any other outline is SVG, centred on the edge.
    public func stroke<S: ShapeStyle>(_ content: S, style: StrokeStyle) -> _FilledShape<Self> {
        _FilledShape(shape: self, fill: nil, outline: (ShapePaint(content), style))
    }

    /// The outline in the foreground colour.
    public func stroke(lineWidth: CGFloat = 1) -> _FilledShape<Self> {
        _FilledShape(shape: self, fill: nil, outline: (nil, StrokeStyle(lineWidth: lineWidth)))
    }

    /// This shape's outline in the foreground colour, drawn with `style`.
    public func stroke(style: StrokeStyle) -> _FilledShape<Self> {
        _FilledShape(shape: self, fill: nil, outline: (nil, style))
    }

    /// The part of the outline from `from` to `to` of its length (a ring that fills as a value
    /// grows): an animated change of it moves along the outline.
    public func trim(from: CGFloat = 0, to: CGFloat = 1) -> _TrimmedShape<Self> {
        _TrimmedShape(shape: self, from: Double(min(max(from, 0), 1)), to: Double(min(max(to, 0), 1)))
    }
}

/// How a shape's inside is decided: the even-odd rule leaves overlapping subpaths' shared parts
/// empty.
public struct FillStyle: Hashable, Sendable {
    /// Whether the even-odd rule decides the inside (SVG `fill-rule:evenodd`) rather than the non-zero rule.
    public var isEOFilled: Bool
    /// Accepted so SwiftUI code compiles; a browser always antialiases, so this is not used.
    public var isAntialiased: Bool
    /// A fill style, by the even-odd rule when `eoFill`; `antialiased` is not used.
    public init(eoFill: Bool = false, antialiased: Bool = true) {
        isEOFilled = eoFill
        isAntialiased = antialiased
    }
}

/// A fill or stroke's paint: its CSS, and whether it is a gradient (drawn through a mask).
struct ShapePaint: Sendable {
    let css: String
    let isGradient: Bool
    /// A material's blur of what is behind it, in pixels.
    let blur: Int?
    init<S: ShapeStyle>(_ style: S) {
        css = style.css
        isGradient = style.isGradient
        blur = Material.blur(of: style)
    }
}

/// How a shape's outline is drawn: its width, caps, joins and dashes.
public struct StrokeStyle: Hashable, Sendable {
    /// The line's width in points (SVG `stroke-width`, or the CSS border's width for a box shape).
    public var lineWidth: CGFloat
    /// How open line ends are drawn (SVG `stroke-linecap`).
    public var lineCap: CGLineCap
    /// How corners are joined (SVG `stroke-linejoin`).
    public var lineJoin: CGLineJoin
    /// How far a mitred corner may reach, relative to the width, before it is bevelled (`stroke-miterlimit`).
    public var miterLimit: CGFloat
    /// Dash and gap lengths, in points, repeated along the line (`stroke-dasharray`); empty for a solid line.
    public var dash: [CGFloat]
    /// How far into the dash pattern the line starts, in points (`stroke-dashoffset`).
    public var dashPhase: CGFloat

    /// A stroke of `lineWidth` points with the given caps, joins, miter limit and dash pattern.
    nonisolated public init(
        lineWidth: CGFloat = 1, lineCap: CGLineCap = .butt, lineJoin: CGLineJoin = .miter, miterLimit: CGFloat = 10, dash: [CGFloat] = [],
        dashPhase: CGFloat = 0
    ) {
        self.lineWidth = lineWidth
        self.lineCap = lineCap
        self.lineJoin = lineJoin
        self.miterLimit = miterLimit
        self.dash = dash
        self.dashPhase = dashPhase
    }

    /// SVG's stroke properties.
    var svg: String {
        var css = "stroke-width:\(Color.format(Double(max(lineWidth, 0))))"
        if lineCap != .butt { css += ";stroke-linecap:" + lineCap.css }
        if lineJoin == .miter {
            css += ";stroke-miterlimit:\(Color.format(Double(miterLimit)))"
        } else {
            css += ";stroke-linejoin:" + lineJoin.css
        }
        if !dash.isEmpty {
            css += ";stroke-dasharray:" + dash.map { Color.format(Double(max($0, 0))) }.joined(separator: " ")
            if dashPhase != 0 { css += ";stroke-dashoffset:\(Color.format(Double(dashPhase)))" }
        }
        return css
    }
}

/// How the ends of an open line are drawn.
public enum CGLineCap: Int32, Sendable, Hashable {
    /// Ends flat at the end point, ends rounded past it by half the width, or ends squared past it
    /// by half the width.
    case butt, round, square
    /// The name SVG, CSS and the canvas give it.
    var css: String {
        switch self {
        case .butt: "butt"
        case .round: "round"
        case .square: "square"
        }
    }
}
/// How a line's corners are drawn.
public enum CGLineJoin: Int32, Sendable, Hashable {
    /// A sharp corner (cut off past the miter limit), a rounded corner, or a corner cut flat.
    case miter, round, bevel
    /// The name SVG, CSS and the canvas give it.
    var css: String {
        switch self {
        case .miter: "miter"
        case .round: "round"
        case .bevel: "bevel"
        }
    }
}

/// A shape with its fill or stroke.
public struct _FilledShape<S: Shape>: _PrimitiveView {
    let shape: S
    /// nil: the foreground colour.
    var fill: ShapePaint?
    /// The outline's paint (nil: the foreground colour) and stroke.
    var outline: (paint: ShapePaint?, style: StrokeStyle)?
    var evenOdd = false
    /// `.strokeBorder`: the outline inside the edge.
    var inside = false

    /// Paints this shape with a style: a stroked shape's outline (`.stroke(style:).fill(.red)`,
    /// as a stroked shape is itself a shape), a filled one's inside.
    public func fill<Style: ShapeStyle>(_ style: Style, style fillStyle: FillStyle = FillStyle()) -> _FilledShape<S> {
        var painted = self
        if let outline, painted.fill == nil {
            painted.outline = (ShapePaint(style), outline.style)
        } else {
            painted.fill = ShapePaint(style)
            painted.evenOdd = fillStyle.isEOFilled
        }
        return painted
    }

    /// Outlines this shape too (`.fill(.blue).stroke(.white, lineWidth: 2)`, as iOS 17 draws
    /// both): the outline over the fill.
    public func stroke<Style: ShapeStyle>(_ content: Style, lineWidth: CGFloat = 1, antialiased: Bool = true) -> _FilledShape<S> {
        stroke(content, style: StrokeStyle(lineWidth: lineWidth))
    }

    /// Outlines this shape too with `content`, drawn with `style`; `antialiased` is not used.
    public func stroke<Style: ShapeStyle>(_ content: Style, style: StrokeStyle, antialiased: Bool = true) -> _FilledShape<S> {
        var painted = self
        painted.outline = (ShapePaint(content), style)
        return painted
    }

    /// Outlines this shape too in the foreground colour, `lineWidth` points wide.
    public func stroke(lineWidth: CGFloat = 1) -> _FilledShape<S> {
        var painted = self
        painted.outline = (nil, StrokeStyle(lineWidth: lineWidth))
        return painted
    }

    /// Outlines this shape too in the foreground colour, drawn with `style`.
    public func stroke(style: StrokeStyle) -> _FilledShape<S> {
        var painted = self
        painted.outline = (nil, style)
        return painted
    }

    /// Jetway's rendering entry point; not for apps. A built-in shape with no dash or cap is a `<div>` with a
    /// `border-radius` (its fill the background, its outline the border); anything else an SVG path.
    public static func _render(_ view: Self, _ context: _RenderContext, _ out: inout [Node]) {
        if let box = view.shape as? any BoxShape, view.outline.map({ $0.style.dash.isEmpty && $0.style.lineCap == .butt }) ?? true {
            out.append(Self.boxNode(view, cornerCSS: box.cornerCSS, context))
        } else {
            ShapeDrawing.render(
                view.shape, fill: view.fill, stroke: view.outline, evenOdd: view.evenOdd, inside: view.inside, context, &out)
        }
    }

    /// A box with rounded corners: the fill its background, the outline its border.
    static func boxNode(_ view: Self, cornerCSS: String, _ context: _RenderContext) -> Node {
        let node = context.element("div", shapeFillWFillHClasses)
        node.setAttribute("aria-hidden", "true")
        if cornerCSS != "0" { node.addStyle("border-radius:\(cornerCSS)") }
        guard let (paint, style) = view.outline else {
            node.addStyle("background:\(view.fill?.css ?? "currentColor")")
            if let blur = view.fill?.blur { node.addStyle(Material.backdropCSS(blur: blur)) }
            return node
        }
        let width = px(style.lineWidth)
        let color = paint?.css ?? "currentColor"
        if paint?.isGradient == true {
            // A gradient outline: the gradient behind a transparent border, the inside cut out.
            node.addStyle(
                "border:\(width) solid transparent;background:\(color) border-box"
                    + ";-webkit-mask:linear-gradient(#000 0 0) padding-box exclude,linear-gradient(#000 0 0);mask:linear-gradient(#000 0 0) padding-box exclude,linear-gradient(#000 0 0)"
            )
        } else {
            // A border: inside the box (SwiftUI centres a stroke on the edge, half of it outside),
            // over the fill when there is one.
            node.addStyle("border:\(width) solid \(color)")
            if let fill = view.fill { node.addStyle("background:\(fill.css)") }
        }
        return node
    }
}

/// A shape cut to a part of its outline (`.trim(from:to:)`).
public struct _TrimmedShape<S: Shape>: Shape {
    let shape: S
    let from: Double
    let to: Double

    /// The part of the shape's outline between the trim's ends, curves followed as straight pieces.
    public func path(in rect: CGRect) -> Path {
        shape.path(in: rect).trimmedPath(from: from, to: to)
    }
}

/// A shape that can be drawn inside its edge: `.strokeBorder` insets it by half the line.
public protocol InsettableShape: Shape {
    /// The type of the shape `inset(by:)` returns.
    associatedtype InsetShape: InsettableShape
    /// The shape drawn `amount` points inside this one's edge; `strokeBorder` strokes it inset by half the line.
    func inset(by amount: CGFloat) -> InsetShape
}

extension InsettableShape {
    /// The outline inside the shape's edge.
    public func strokeBorder<S: ShapeStyle>(_ content: S, lineWidth: CGFloat = 1) -> _FilledShape<InsetShape> {
        strokeBorder(content, style: StrokeStyle(lineWidth: lineWidth))
    }

    /// The outline inside the shape's edge, in the foreground colour, `lineWidth` points wide.
    public func strokeBorder(lineWidth: CGFloat = 1) -> _FilledShape<InsetShape> {
        var shape = inset(by: lineWidth / 2).stroke(lineWidth: lineWidth)
        shape.inside = true
        return shape
    }

    /// The outline in `content` inside the shape's edge, drawn with `style`.
    public func strokeBorder<S: ShapeStyle>(_ content: S, style: StrokeStyle) -> _FilledShape<InsetShape> {
        var shape = inset(by: style.lineWidth / 2).stroke(content, style: style)
        shape.inside = true
        return shape
    }

    /// The outline in the foreground colour inside the shape's edge, drawn with `style`.
    public func strokeBorder(style: StrokeStyle) -> _FilledShape<InsetShape> {
        var shape = inset(by: style.lineWidth / 2).stroke(style: style)
        shape.inside = true
        return shape
    }
}

/// A rectangle filling its frame; drawn as a CSS box.
public struct Rectangle: InsettableShape, BoxShape {
    var insetAmount: CGFloat = 0
    /// A rectangle.
    public init() {}
    /// The CSS `border-radius` of the box: none.
    public var cornerCSS: String { "0" }
    /// The rectangle `rect`, less any inset.
    public func path(in rect: CGRect) -> Path { Path(rect.insetBy(dx: insetAmount, dy: insetAmount)) }
    /// This rectangle made smaller by `amount` on every side.
    ///
    /// A filled rectangle is drawn as a CSS box that fills its frame, so the inset shows only in an
    /// SVG drawing (a dashed or capped outline, a trim).
    public func inset(by amount: CGFloat) -> Rectangle {
        var shape = self
        shape.insetAmount += amount
        return shape
    }
}

/// A rectangle with rounded corners, filling its frame; drawn as a CSS box with a `border-radius`.
public struct RoundedRectangle: InsettableShape, BoxShape {
    /// The width and height of each corner's curve.
    public var cornerSize: CGSize
    /// The kind of corners asked for; `.continuous` corners are drawn as `.circular` ones.
    public var style: RoundedCornerStyle
    var insetAmount: CGFloat = 0
    /// A rectangle with corners of `cornerRadius` points.
    public init(cornerRadius: CGFloat, style: RoundedCornerStyle = .circular) {
        self.cornerSize = CGSize(width: cornerRadius, height: cornerRadius)
        self.style = style
    }
    /// A rectangle with corners of `cornerSize`, whose width and height may differ.
    public init(cornerSize: CGSize, style: RoundedCornerStyle = .circular) {
        self.cornerSize = cornerSize
        self.style = style
    }
    /// The CSS `border-radius` of the box: `8px`, or `8px/4px` when the corner's width and height differ.
    public var cornerCSS: String {
        cornerSize.width == cornerSize.height ? px(cornerSize.width) : "\(px(cornerSize.width))/\(px(cornerSize.height))"
    }
    /// The rounded rectangle in `rect`, less any inset.
    public func path(in rect: CGRect) -> Path {
        Path(roundedRect: rect.insetBy(dx: insetAmount, dy: insetAmount), cornerSize: cornerSize, style: style)
    }
    /// This shape made smaller by `amount` on every side.
    ///
    /// As with `Rectangle`, the inset shows only when the shape is drawn as SVG.
    public func inset(by amount: CGFloat) -> RoundedRectangle {
        var shape = self
        shape.insetAmount += amount
        return shape
    }
}

/// The kind of curve at a rounded corner.
public enum RoundedCornerStyle: Hashable, Sendable {
    /// A quarter circle, or Apple's smoother continuous curve; in a browser both are a quarter
    /// circle (`border-radius`).
    case circular, continuous
}

/// The largest circle that fits in the frame, centred; drawn as a CSS box with `border-radius:50%`.
///
/// As a CSS box it fills the whole frame, so in a frame that is not square it is an ellipse; its SVG outline
/// (a dash, a trim) is the circle.
public struct Circle: InsettableShape, BoxShape {
    var insetAmount: CGFloat = 0
    /// A circle.
    public init() {}
    /// The CSS `border-radius` of the box: `50%`.
    public var cornerCSS: String { "50%" }
    /// The largest circle centred in `rect`, less any inset.
    public func path(in rect: CGRect) -> Path {
        let side = min(rect.width, rect.height) - 2 * insetAmount
        return Path(ellipseIn: CGRect(x: rect.midX - side / 2, y: rect.midY - side / 2, width: max(side, 0), height: max(side, 0)))
    }
    /// This circle made smaller by `amount` all round.
    ///
    /// As with `Rectangle`, the inset shows only when the shape is drawn as SVG.
    public func inset(by amount: CGFloat) -> Circle {
        var shape = self
        shape.insetAmount += amount
        return shape
    }
}

/// An ellipse filling its frame; drawn as a CSS box with `border-radius:50%`.
public struct Ellipse: InsettableShape, BoxShape {
    var insetAmount: CGFloat = 0
    /// An ellipse.
    public init() {}
    /// The CSS `border-radius` of the box: `50%`.
    public var cornerCSS: String { "50%" }
    /// The ellipse filling `rect`, less any inset.
    public func path(in rect: CGRect) -> Path { Path(ellipseIn: rect.insetBy(dx: insetAmount, dy: insetAmount)) }
    /// This ellipse made smaller by `amount` on every side.
    ///
    /// As with `Rectangle`, the inset shows only when the shape is drawn as SVG.
    public func inset(by amount: CGFloat) -> Ellipse {
        var shape = self
        shape.insetAmount += amount
        return shape
    }
}

/// A rectangle with fully rounded ends, filling its frame; drawn as a CSS box with a large `border-radius`.
public struct Capsule: InsettableShape, BoxShape {
    /// The kind of corners asked for; `.continuous` is drawn as `.circular`.
    public var style: RoundedCornerStyle
    var insetAmount: CGFloat = 0
    /// A capsule; `style` is kept but draws as `.circular`.
    public init(style: RoundedCornerStyle = .circular) { self.style = style }
    /// The CSS `border-radius` of the box: `9999px`, which rounds the short sides fully.
    public var cornerCSS: String { "9999px" }
    /// The capsule in `rect`, less any inset: a rounded rectangle whose radius is half the short side.
    public func path(in rect: CGRect) -> Path {
        let r = rect.insetBy(dx: insetAmount, dy: insetAmount)
        let radius = min(r.width, r.height) / 2
        return Path(roundedRect: r, cornerRadius: radius)
    }
    /// This capsule made smaller by `amount` on every side.
    ///
    /// As with `Rectangle`, the inset shows only when the shape is drawn as SVG.
    public func inset(by amount: CGFloat) -> Capsule {
        var shape = self
        shape.insetAmount += amount
        return shape
    }
}

/// A rectangle whose corners each have their own radius.
public struct UnevenRoundedRectangle: Shape, BoxShape {
    /// The radius of each corner, in points.
    public var cornerRadii: RectangleCornerRadii
    /// A rectangle with the corners `cornerRadii`; `style` is accepted so SwiftUI code compiles and not used.
    public init(cornerRadii: RectangleCornerRadii, style: RoundedCornerStyle = .circular) { self.cornerRadii = cornerRadii }
    /// A rectangle with a radius of its own for each corner (0 unless given); `style` is not used.
    public init(
        topLeadingRadius: CGFloat = 0, bottomLeadingRadius: CGFloat = 0, bottomTrailingRadius: CGFloat = 0, topTrailingRadius: CGFloat = 0,
        style: RoundedCornerStyle = .circular
    ) {
        cornerRadii = RectangleCornerRadii(
            topLeading: topLeadingRadius, bottomLeading: bottomLeadingRadius, bottomTrailing: bottomTrailingRadius,
            topTrailing: topTrailingRadius)
    }
    /// The CSS `border-radius` of the box: the four radii, top-left first and clockwise (leading is left).
    public var cornerCSS: String {
        [cornerRadii.topLeading, cornerRadii.topTrailing, cornerRadii.bottomTrailing, cornerRadii.bottomLeading].map { px($0) }.joined(
            separator: " ")
    }
    /// The rectangle in `rect` with each corner rounded by its radius.
    public func path(in rect: CGRect) -> Path {
        let r = cornerRadii
        let topLeft = CGPoint(x: rect.minX, y: rect.minY), topRight = CGPoint(x: rect.maxX, y: rect.minY)
        let bottomRight = CGPoint(x: rect.maxX, y: rect.maxY), bottomLeft = CGPoint(x: rect.minX, y: rect.maxY)
        var path = Path()
        path.move(to: CGPoint(x: rect.minX + r.topLeading, y: rect.minY))
        path.addLine(to: CGPoint(x: rect.maxX - r.topTrailing, y: rect.minY))
        path.addArc(tangent1End: topRight, tangent2End: bottomRight, radius: r.topTrailing)
        path.addLine(to: CGPoint(x: rect.maxX, y: rect.maxY - r.bottomTrailing))
        path.addArc(tangent1End: bottomRight, tangent2End: bottomLeft, radius: r.bottomTrailing)
        path.addLine(to: CGPoint(x: rect.minX + r.bottomLeading, y: rect.maxY))
        path.addArc(tangent1End: bottomLeft, tangent2End: topLeft, radius: r.bottomLeading)
        path.addLine(to: CGPoint(x: rect.minX, y: rect.minY + r.topLeading))
        path.addArc(tangent1End: topLeft, tangent2End: topRight, radius: r.topLeading)
        path.closeSubpath()
        return path
    }
}

/// The radii of a rectangle's four corners, in points.
public struct RectangleCornerRadii: Hashable, Sendable {
    /// The radius of each corner; leading is the left side, trailing the right.
    public var topLeading, bottomLeading, bottomTrailing, topTrailing: CGFloat
    /// Radii for the four corners, each 0 unless given.
    public init(topLeading: CGFloat = 0, bottomLeading: CGFloat = 0, bottomTrailing: CGFloat = 0, topTrailing: CGFloat = 0) {
        self.topLeading = topLeading
        self.bottomLeading = bottomLeading
        self.bottomTrailing = bottomTrailing
        self.topTrailing = topTrailing
    }
}

// `.clipShape(.rect(cornerRadius: 8))`, `.capsule`, `.circle`: the shapes by their short names.
extension Shape where Self == Rectangle {
    /// A rectangle (`.clipShape(.rect)`).
    public static var rect: Rectangle { Rectangle() }
}
extension Shape where Self == RoundedRectangle {
    /// A rounded rectangle with corners of `cornerRadius` points (`.clipShape(.rect(cornerRadius: 8))`).
    public static func rect(cornerRadius: CGFloat, style: RoundedCornerStyle = .circular) -> RoundedRectangle {
        RoundedRectangle(cornerRadius: cornerRadius, style: style)
    }
    /// A rounded rectangle with corners of `cornerSize`.
    public static func rect(cornerSize: CGSize, style: RoundedCornerStyle = .circular) -> RoundedRectangle {
        RoundedRectangle(cornerSize: cornerSize, style: style)
    }
}
extension Shape where Self == UnevenRoundedRectangle {
    /// A rectangle with a radius of its own for each corner
    /// (`.rect(topLeadingRadius: 12, topTrailingRadius: 12)`).
    public static func rect(
        topLeadingRadius: CGFloat = 0, bottomLeadingRadius: CGFloat = 0, bottomTrailingRadius: CGFloat = 0, topTrailingRadius: CGFloat = 0,
        style: RoundedCornerStyle = .circular
    ) -> UnevenRoundedRectangle {
        UnevenRoundedRectangle(
            topLeadingRadius: topLeadingRadius, bottomLeadingRadius: bottomLeadingRadius, bottomTrailingRadius: bottomTrailingRadius,
            topTrailingRadius: topTrailingRadius)
    }
}
extension Shape where Self == Circle {
    /// A circle (`.clipShape(.circle)`).
    public static var circle: Circle { Circle() }
}
extension Shape where Self == Capsule {
    /// A capsule (`.clipShape(.capsule)`).
    public static var capsule: Capsule { Capsule() }
    /// A capsule; `style` draws as `.circular`.
    public static func capsule(style: RoundedCornerStyle) -> Capsule { Capsule(style: style) }
}
extension Shape where Self == Ellipse {
    /// An ellipse (`.clipShape(.ellipse)`).
    public static var ellipse: Ellipse { Ellipse() }
}

/// A path is a shape that is itself wherever it is drawn.
extension Path: Shape {
    /// A path has no body: Jetway draws it as SVG.
    public typealias Body = Never
    /// The path itself, where its points are, whatever `rect` is.
    public func path(in rect: CGRect) -> Path { self }
}
