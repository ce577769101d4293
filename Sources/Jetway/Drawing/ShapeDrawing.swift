import Foundation

/// Draws a shape that is not a CSS box — an app's own `Shape`, a `Path`, a trimmed shape, a
/// dashed or capped outline — as SVG. A shape that depends on its rectangle is drawn inside a
/// `GeometryReader` (the browser reports its size; until it has, the drawing for the last size
/// stretches to the box). A `Path` is drawn where its points are.
@MainActor
enum ShapeDrawing {
    static func render<S: Shape>(
        _ shape: S, fill: ShapePaint?, stroke: (paint: ShapePaint?, style: StrokeStyle)?, evenOdd: Bool, inside: Bool,
        _ context: _RenderContext, _ out: inout [Node]
    ) {
        let drawing = Drawing(fill: fill, stroke: stroke, evenOdd: evenOdd)
        if S.self == Path.self {
            out.append(canvas(context, drawing: drawing, size: nil) { _ in (shape.path(in: .zero), nil) })
            return
        }
        let reader = GeometryReader { proxy in
            _ShapeCanvas(shape: shape, drawing: drawing, size: proxy.size)
        }
        GeometryReader._render(reader, context, &out)
    }

    struct Drawing: @unchecked Sendable {
        let fill: ShapePaint?
        let stroke: (paint: ShapePaint?, style: StrokeStyle)?
        let evenOdd: Bool
    }

    /// The drawing's element: an `<svg>` for colours, a masked box for a gradient or material.
    /// `paths` gives the path to draw and, for a trimmed outline, the whole path with the part
    /// to show (drawn as a dash the browser can move along it).
    static func canvas(
        _ context: _RenderContext, drawing: Drawing, size: CGSize?, paths: (CGSize?) -> (Path, (whole: Path, from: Double, to: Double)?)
    ) -> Node {
        let (path, trim) = paths(size)
        let node = context.element("div", StyleClass.shape)
        node.addClass(StyleClass.fillW)
        node.addClass(StyleClass.fillH)
        node.addClass(StyleClass.drawing)
        node.setAttribute("aria-hidden", "true")
        let inner = context.insideElement()
        let frame = size.map { "0 0 \(Color.format(Double(max($0.width, 1)))) \(Color.format(Double(max($0.height, 1))))" }
        var paint: ShapePaint?
        var declarations: String
        var drawn = path
        if let (strokePaint, style) = drawing.stroke {
            paint = strokePaint
            // A filled shape outlined too (`.fill(…).stroke(…)`): both.
            let fill = drawing.fill.map { $0.isGradient ? "none" : $0.css } ?? "none"
            declarations = "fill:\(fill);stroke:\(strokePaint?.css ?? "currentColor");\(style.svg)"
            if let trim, style.dash.isEmpty {
                // The whole outline, one dash of it shown: an animated change moves the dash.
                drawn = trim.whole
                declarations += ";stroke-dasharray:\(Color.format(trim.to - trim.from)) 1;stroke-dashoffset:\(Color.format(-trim.from))"
            }
            if size != nil { declarations += ";vector-effect:non-scaling-stroke" }
        } else {
            paint = drawing.fill
            declarations = "fill:\(drawing.fill?.css ?? "currentColor")" + (drawing.evenOdd ? ";fill-rule:evenodd" : "")
        }
        let measured = trim != nil && drawing.stroke != nil && drawing.stroke?.style.dash.isEmpty == true
        if paint?.isGradient == true {
            // SVG cannot paint a CSS gradient: the gradient is the box's background, the path its mask.
            let maskPaint = declarations.replacingOccurrences(of: paint?.css ?? "", with: "#000")
            let box = drawn.boundingRect
            let svgFrame = frame ?? "0 0 \(Color.format(Double(max(box.maxX, 1)))) \(Color.format(Double(max(box.maxY, 1))))"
            let svg =
                "<svg xmlns='http://www.w3.org/2000/svg' viewBox='\(svgFrame)' preserveAspectRatio='none'><path d='\(drawn.svgData)'"
                + (measured ? " pathLength='1'" : "") + " style='\(maskPaint)'/></svg>"
            let url = "url(\"data:image/svg+xml,\(Self.percentEncoded(svg))\")"
            let sizing = size == nil ? "\(px(max(box.maxX, 1))) \(px(max(box.maxY, 1)))" : "100% 100%"
            let layer = inner.structural(0).element("div")
            layer.addStyle(
                "position:absolute;inset:0;background:\(paint?.css ?? "currentColor");-webkit-mask:\(url) 0 0/\(sizing) no-repeat;mask:\(url) 0 0/\(sizing) no-repeat"
            )
            node.children = [layer]
            return node
        }
        let svg = inner.structural(0).element("svg")
        svg.setAttribute("width", "100%")
        svg.setAttribute("height", "100%")
        if let frame {
            svg.setAttribute("viewBox", frame)
            svg.setAttribute("preserveAspectRatio", "none")
        }
        let element = inner.structural(1).element("path")
        element.setAttribute("d", drawn.svgData)
        if measured { element.setAttribute("pathLength", "1") }
        element.setAttribute("style", declarations)
        svg.children = [element]
        node.children = [svg]
        return node
    }

    /// Text safe inside a `url("data:…")`.
    static func percentEncoded(_ text: String) -> String { text._percentEncodedForDataAddress }
}

/// A shape drawn at the size its `GeometryReader` was given.
struct _ShapeCanvas<S: Shape>: _PrimitiveView {
    let shape: S
    let drawing: ShapeDrawing.Drawing
    let size: CGSize

    static func _render(_ view: Self, _ context: _RenderContext, _ out: inout [Node]) {
        out.append(
            ShapeDrawing.canvas(context, drawing: view.drawing, size: view.size) { size in
                let rect = CGRect(origin: .zero, size: size ?? .zero)
                if let trimmed = view.shape as? any TrimmedShape {
                    return (view.shape.path(in: rect), (trimmed.wholePath(in: rect), trimmed.trimFrom, trimmed.trimTo))
                }
                return (view.shape.path(in: rect), nil)
            })
    }
}

/// A trimmed shape, seen from the drawing: the whole outline and the part shown.
@MainActor
protocol TrimmedShape {
    func wholePath(in rect: CGRect) -> Path
    var trimFrom: Double { get }
    var trimTo: Double { get }
}

extension _TrimmedShape: TrimmedShape {
    func wholePath(in rect: CGRect) -> Path { shape.path(in: rect) }
    var trimFrom: Double { from }
    var trimTo: Double { to }
}

extension String {
    /// This text made safe inside a CSS `url("data:…")` (an SVG drawn as a mask): what would end
    /// the address or the string is percent-encoded. For drawings outside Jetway (JetwayCharts).
    public var _percentEncodedForDataAddress: String { percentEncoding("%#<>\"\n") }

    /// This text with each of `reserved`'s characters percent-encoded (`%` among them, so that
    /// it decodes back).
    func percentEncoding(_ reserved: String) -> String {
        let reserved = Set(reserved.unicodeScalars)
        var out = ""
        for scalar in unicodeScalars {
            if reserved.contains(scalar) {
                out += "%" + (scalar.value < 16 ? "0" : "") + String(scalar.value, radix: 16, uppercase: true)
            } else {
                out.unicodeScalars.append(scalar)
            }
        }
        return out
    }
}
