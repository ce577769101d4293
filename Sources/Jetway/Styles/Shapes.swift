/// A class attribute written once, not at each render.
private let shapeFillWFillHClasses = "\(StyleClass.shape) \(StyleClass.fillW) \(StyleClass.fillH)"

/// A shape: fills with `.fill(_:)`, outlines with `.stroke(_:lineWidth:)`, clips with
/// `.clipShape(_:)`.
///
/// ```swift
/// Circle().fill(.green).frame(width: 12, height: 12)
/// ```
public protocol Shape: View, Sendable {
    /// The CSS `border-radius` that draws this shape on a box.
    var cornerCSS: String { get }
}

extension Shape {
    public static func _render(_ view: Self, _ context: _RenderContext, _ out: inout [Node]) {
        out.append(view.makeNode(context, fill: Color.primary.css, stroke: nil))
    }

    func makeNode(_ context: _RenderContext, fill: String?, stroke: (String, CGFloat)?, dashed: Bool = false) -> Node {
        let node = context.element("div", shapeFillWFillHClasses)
        node.setAttribute("aria-hidden", "true")
        if cornerCSS != "0" { node.addStyle("border-radius:\(cornerCSS)") }
        if let fill { node.addStyle("background:\(fill)") }
        if let (style, width) = stroke {
            if style.contains("gradient(") {
                // A gradient outline: the gradient behind a transparent border, the inside cut out.
                node.addStyle(
                    "border:\(px(width)) solid transparent;background:\(fill.map { "linear-gradient(\($0),\($0)) padding-box," } ?? "")\(style) border-box"
                        + ";-webkit-mask:linear-gradient(#000 0 0) padding-box exclude,linear-gradient(#000 0 0);mask:linear-gradient(#000 0 0) padding-box exclude,linear-gradient(#000 0 0)"
                )
            } else {
                node.addStyle("border:\(px(width)) \(dashed ? "dashed" : "solid") \(style)")
            }
        }
        return node
    }

    /// This shape filled with a color.
    public func fill<S: ShapeStyle>(_ style: S) -> _FilledShape<Self> {
        _FilledShape(shape: self, fill: style.css, stroke: nil)
    }

    /// This shape's outline.
    public func stroke<S: ShapeStyle>(_ style: S, lineWidth: CGFloat = 1) -> _FilledShape<Self> {
        _FilledShape(shape: self, fill: nil, stroke: (style.css, lineWidth))
    }
}

extension Shape where Body == Never {
    public var body: Never { preconditionFailure("\(Self.self) is rendered by Jetway and has no body") }
}

/// A shape with its fill or stroke.
public struct _FilledShape<S: Shape>: _PrimitiveView {
    let shape: S
    let fill: String?
    let stroke: (String, CGFloat)?
    var dashed = false

    public static func _render(_ view: Self, _ context: _RenderContext, _ out: inout [Node]) {
        out.append(view.shape.makeNode(context, fill: view.fill, stroke: view.stroke, dashed: view.dashed))
    }
}

public struct Rectangle: Shape {
    public typealias Body = Never
    public init() {}
    public var cornerCSS: String { "0" }
}

public struct RoundedRectangle: Shape {
    public typealias Body = Never
    public var cornerRadius: CGFloat
    public init(cornerRadius: CGFloat, style: RoundedCornerStyle = .circular) {
        self.cornerRadius = cornerRadius
    }
    public var cornerCSS: String { px(cornerRadius) }
}

public enum RoundedCornerStyle: Hashable, Sendable {
    case circular, continuous
}

public struct Circle: Shape {
    public typealias Body = Never
    public init() {}
    public var cornerCSS: String { "50%" }
}

public struct Ellipse: Shape {
    public typealias Body = Never
    public init() {}
    public var cornerCSS: String { "50%" }
}

public struct Capsule: Shape {
    public typealias Body = Never
    public init(style: RoundedCornerStyle = .circular) {}
    public var cornerCSS: String { "9999px" }
}
