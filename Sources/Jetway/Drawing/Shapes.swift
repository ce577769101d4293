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
    func path(in rect: CGRect) -> Path
}

/// A shape CSS draws as a box: its `border-radius`.
protocol BoxShape: Shape {
    var cornerCSS: String { get }
}

extension Shape {
    public static func _render(_ view: Self, _ context: _RenderContext, _ out: inout [Node]) {
        _FilledShape._render(_FilledShape(shape: view, fill: nil, outline: nil), context, &out)
    }

    public var body: Never { preconditionFailure("\(Self.self) is rendered by Jetway and has no body") }

    /// This shape filled with a style (a colour, a gradient, a material).
    public func fill<S: ShapeStyle>(_ style: S, style fillStyle: FillStyle = FillStyle()) -> _FilledShape<Self> {
        _FilledShape(shape: self, fill: ShapePaint(style), outline: nil, evenOdd: fillStyle.isEOFilled)
    }

    /// This shape filled with the foreground style.
    public func fill(style fillStyle: FillStyle = FillStyle()) -> _FilledShape<Self> {
        _FilledShape(shape: self, fill: nil, outline: nil, evenOdd: fillStyle.isEOFilled)
    }

    /// This shape's outline, centred on its edge.
    public func stroke<S: ShapeStyle>(_ style: S, lineWidth: CGFloat = 1) -> _FilledShape<Self> {
        _FilledShape(shape: self, fill: nil, outline: (ShapePaint(style), StrokeStyle(lineWidth: lineWidth)))
    }

    public func stroke<S: ShapeStyle>(_ content: S, style: StrokeStyle) -> _FilledShape<Self> {
        _FilledShape(shape: self, fill: nil, outline: (ShapePaint(content), style))
    }

    /// The outline in the foreground colour.
    public func stroke(lineWidth: CGFloat = 1) -> _FilledShape<Self> {
        _FilledShape(shape: self, fill: nil, outline: (nil, StrokeStyle(lineWidth: lineWidth)))
    }

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
    public var isEOFilled: Bool
    public var isAntialiased: Bool
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
    public var lineWidth: CGFloat
    public var lineCap: CGLineCap
    public var lineJoin: CGLineJoin
    public var miterLimit: CGFloat
    public var dash: [CGFloat]
    public var dashPhase: CGFloat

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

public enum CGLineCap: Int32, Sendable, Hashable {
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
public enum CGLineJoin: Int32, Sendable, Hashable {
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

    public func stroke<Style: ShapeStyle>(_ content: Style, style: StrokeStyle, antialiased: Bool = true) -> _FilledShape<S> {
        var painted = self
        painted.outline = (ShapePaint(content), style)
        return painted
    }

    public func stroke(lineWidth: CGFloat = 1) -> _FilledShape<S> {
        var painted = self
        painted.outline = (nil, StrokeStyle(lineWidth: lineWidth))
        return painted
    }

    public func stroke(style: StrokeStyle) -> _FilledShape<S> {
        var painted = self
        painted.outline = (nil, style)
        return painted
    }

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

    public func path(in rect: CGRect) -> Path {
        shape.path(in: rect).trimmedPath(from: from, to: to)
    }
}

/// A shape that can be drawn inside its edge: `.strokeBorder` insets it by half the line.
public protocol InsettableShape: Shape {
    associatedtype InsetShape: InsettableShape
    func inset(by amount: CGFloat) -> InsetShape
}

extension InsettableShape {
    /// The outline inside the shape's edge.
    public func strokeBorder<S: ShapeStyle>(_ content: S, lineWidth: CGFloat = 1) -> _FilledShape<InsetShape> {
        strokeBorder(content, style: StrokeStyle(lineWidth: lineWidth))
    }

    public func strokeBorder(lineWidth: CGFloat = 1) -> _FilledShape<InsetShape> {
        var shape = inset(by: lineWidth / 2).stroke(lineWidth: lineWidth)
        shape.inside = true
        return shape
    }

    public func strokeBorder<S: ShapeStyle>(_ content: S, style: StrokeStyle) -> _FilledShape<InsetShape> {
        var shape = inset(by: style.lineWidth / 2).stroke(content, style: style)
        shape.inside = true
        return shape
    }

    public func strokeBorder(style: StrokeStyle) -> _FilledShape<InsetShape> {
        var shape = inset(by: style.lineWidth / 2).stroke(style: style)
        shape.inside = true
        return shape
    }
}

public struct Rectangle: InsettableShape, BoxShape {
    var insetAmount: CGFloat = 0
    public init() {}
    public var cornerCSS: String { "0" }
    public func path(in rect: CGRect) -> Path { Path(rect.insetBy(dx: insetAmount, dy: insetAmount)) }
    public func inset(by amount: CGFloat) -> Rectangle {
        var shape = self
        shape.insetAmount += amount
        return shape
    }
}

public struct RoundedRectangle: InsettableShape, BoxShape {
    public var cornerSize: CGSize
    public var style: RoundedCornerStyle
    var insetAmount: CGFloat = 0
    public init(cornerRadius: CGFloat, style: RoundedCornerStyle = .circular) {
        self.cornerSize = CGSize(width: cornerRadius, height: cornerRadius)
        self.style = style
    }
    public init(cornerSize: CGSize, style: RoundedCornerStyle = .circular) {
        self.cornerSize = cornerSize
        self.style = style
    }
    public var cornerCSS: String {
        cornerSize.width == cornerSize.height ? px(cornerSize.width) : "\(px(cornerSize.width))/\(px(cornerSize.height))"
    }
    public func path(in rect: CGRect) -> Path {
        Path(roundedRect: rect.insetBy(dx: insetAmount, dy: insetAmount), cornerSize: cornerSize, style: style)
    }
    public func inset(by amount: CGFloat) -> RoundedRectangle {
        var shape = self
        shape.insetAmount += amount
        return shape
    }
}

public enum RoundedCornerStyle: Hashable, Sendable {
    case circular, continuous
}

public struct Circle: InsettableShape, BoxShape {
    var insetAmount: CGFloat = 0
    public init() {}
    public var cornerCSS: String { "50%" }
    public func path(in rect: CGRect) -> Path {
        let side = min(rect.width, rect.height) - 2 * insetAmount
        return Path(ellipseIn: CGRect(x: rect.midX - side / 2, y: rect.midY - side / 2, width: max(side, 0), height: max(side, 0)))
    }
    public func inset(by amount: CGFloat) -> Circle {
        var shape = self
        shape.insetAmount += amount
        return shape
    }
}

public struct Ellipse: InsettableShape, BoxShape {
    var insetAmount: CGFloat = 0
    public init() {}
    public var cornerCSS: String { "50%" }
    public func path(in rect: CGRect) -> Path { Path(ellipseIn: rect.insetBy(dx: insetAmount, dy: insetAmount)) }
    public func inset(by amount: CGFloat) -> Ellipse {
        var shape = self
        shape.insetAmount += amount
        return shape
    }
}

public struct Capsule: InsettableShape, BoxShape {
    public var style: RoundedCornerStyle
    var insetAmount: CGFloat = 0
    public init(style: RoundedCornerStyle = .circular) { self.style = style }
    public var cornerCSS: String { "9999px" }
    public func path(in rect: CGRect) -> Path {
        let r = rect.insetBy(dx: insetAmount, dy: insetAmount)
        let radius = min(r.width, r.height) / 2
        return Path(roundedRect: r, cornerRadius: radius)
    }
    public func inset(by amount: CGFloat) -> Capsule {
        var shape = self
        shape.insetAmount += amount
        return shape
    }
}

/// A rectangle whose corners each have their own radius.
public struct UnevenRoundedRectangle: Shape, BoxShape {
    public var cornerRadii: RectangleCornerRadii
    public init(cornerRadii: RectangleCornerRadii, style: RoundedCornerStyle = .circular) { self.cornerRadii = cornerRadii }
    public init(
        topLeadingRadius: CGFloat = 0, bottomLeadingRadius: CGFloat = 0, bottomTrailingRadius: CGFloat = 0, topTrailingRadius: CGFloat = 0,
        style: RoundedCornerStyle = .circular
    ) {
        cornerRadii = RectangleCornerRadii(
            topLeading: topLeadingRadius, bottomLeading: bottomLeadingRadius, bottomTrailing: bottomTrailingRadius,
            topTrailing: topTrailingRadius)
    }
    public var cornerCSS: String {
        [cornerRadii.topLeading, cornerRadii.topTrailing, cornerRadii.bottomTrailing, cornerRadii.bottomLeading].map { px($0) }.joined(
            separator: " ")
    }
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

public struct RectangleCornerRadii: Hashable, Sendable {
    public var topLeading, bottomLeading, bottomTrailing, topTrailing: CGFloat
    public init(topLeading: CGFloat = 0, bottomLeading: CGFloat = 0, bottomTrailing: CGFloat = 0, topTrailing: CGFloat = 0) {
        self.topLeading = topLeading
        self.bottomLeading = bottomLeading
        self.bottomTrailing = bottomTrailing
        self.topTrailing = topTrailing
    }
}

// `.clipShape(.rect(cornerRadius: 8))`, `.capsule`, `.circle`: the shapes by their short names.
extension Shape where Self == Rectangle {
    public static var rect: Rectangle { Rectangle() }
}
extension Shape where Self == RoundedRectangle {
    public static func rect(cornerRadius: CGFloat, style: RoundedCornerStyle = .circular) -> RoundedRectangle {
        RoundedRectangle(cornerRadius: cornerRadius, style: style)
    }
    public static func rect(cornerSize: CGSize, style: RoundedCornerStyle = .circular) -> RoundedRectangle {
        RoundedRectangle(cornerSize: cornerSize, style: style)
    }
}
extension Shape where Self == UnevenRoundedRectangle {
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
    public static var circle: Circle { Circle() }
}
extension Shape where Self == Capsule {
    public static var capsule: Capsule { Capsule() }
    public static func capsule(style: RoundedCornerStyle) -> Capsule { Capsule(style: style) }
}
extension Shape where Self == Ellipse {
    public static var ellipse: Ellipse { Ellipse() }
}

/// A path is a shape that is itself wherever it is drawn.
extension Path: Shape {
    public typealias Body = Never
    public func path(in rect: CGRect) -> Path { self }
}
