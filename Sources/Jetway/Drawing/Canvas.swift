import Foundation
import JetwayWire

/// A view that draws with the app's code, at the size the page gives it: the renderer's fills,
/// strokes, texts and images become SVG in the page (the browser reports the canvas's size,
/// as a `GeometryReader`'s; a change of what the renderer reads draws it again, by a patch).
///
/// ```swift
/// Canvas { context, size in
///     let bar = Path(roundedRect: CGRect(x: 0, y: 0, width: size.width * progress, height: size.height), cornerRadius: 4)
///     context.fill(bar, with: .color(.orange))
///     context.draw(Text("\(Int(progress * 100)) %"), at: CGPoint(x: size.width / 2, y: size.height / 2))
/// }
/// .frame(height: 24)
/// ```
public struct Canvas<Symbols: View>: View {
    let renderer: (inout GraphicsContext, CGSize) -> Void
    let opaque: Bool

    public init(
        opaque: Bool = false, colorMode: ColorRenderingMode = .nonLinear, rendersAsynchronously: Bool = false,
        renderer: @escaping (inout GraphicsContext, CGSize) -> Void
    ) where Symbols == EmptyView {
        self.renderer = renderer
        self.opaque = opaque
    }

    public var body: some View {
        GeometryReader { proxy in
            CanvasDrawing(size: proxy.size, opaque: opaque, renderer: renderer)
        }
    }
}

/// The canvas's `<svg>`, drawn by the renderer at `size`.
struct CanvasDrawing: _PrimitiveView {
    let size: CGSize
    let opaque: Bool
    let renderer: (inout GraphicsContext, CGSize) -> Void

    static func _render(_ view: CanvasDrawing, _ context: _RenderContext, _ out: inout [Node]) {
        let recorder = GraphicsContext.Recorder(idPrefix: "jwc" + String(context.elementKey % 1_000_000_007, radix: 36))
        var graphics = GraphicsContext(recorder: recorder, environment: context.environment)
        // What the renderer reads (state, observed models) is what the drawing depends on.
        context.track { view.renderer(&graphics, view.size) }
        let width = Color.format(Double(max(view.size.width, 0))), height = Color.format(Double(max(view.size.height, 0)))
        // One element with its markup: a drawing is redrawn whole, so its shapes need no
        // identities of their own.
        let node = context.element("svg", StyleClass.drawing)
        node.setAttribute("xmlns", "http://www.w3.org/2000/svg")
        node.setAttribute("width", "100%")
        node.setAttribute("height", "100%")
        node.setAttribute("viewBox", "0 0 \(width) \(height)")
        node.setAttribute("role", "img")
        node.addStyle("display:block;overflow:hidden")
        if view.opaque { node.addStyle("background:#000") }
        node.children = recorder.nodes
        out.append(node)
    }
}

/// What a `Canvas`'s renderer draws with: fills, strokes, texts and images in the canvas's
/// coordinates, under the context's transform, clip, opacity, blend mode and filters. A copy
/// draws into the same canvas with its own state; `drawLayer` groups drawings.
public struct GraphicsContext {
    /// Where the drawing goes: the SVG elements, and their definitions (gradients, clips,
    /// filters) with ids unique in the page.
    final class Recorder {
        let idPrefix: String
        var definitions: [Node] = []
        var body: [Node] = []
        var nextID = 0
        var nextKey: UInt64 = 0
        init(idPrefix: String) { self.idPrefix = idPrefix }

        func id() -> String {
            nextID += 1
            return "\(idPrefix)-\(nextID)"
        }

        /// An element of the drawing (its key its place in the drawing: a drawing is redrawn whole).
        func element(_ tag: String, _ attributes: [(String, String)] = [], _ children: [Node] = []) -> Node {
            nextKey += 1
            let node = Node(tag, key: IdentityHash.mix(IdentityHash.seed, nextKey))
            for (name, value) in attributes { node.setAttribute(name, value) }
            node.children = children
            return node
        }

        var nodes: [Node] { (definitions.isEmpty ? [] : [element("defs", [], definitions)]) + body }
    }

    let recorder: Recorder
    /// The environment of the canvas (its colour scheme, its foreground style).
    public let environment: EnvironmentValues
    public var opacity: Double = 1
    public var blendMode: BlendMode = .normal
    public var transform: CGAffineTransform = .identity
    /// The clips applied so far (ids of `<clipPath>`s), outermost first.
    var clips: [String] = []
    var filters: [String] = []

    init(recorder: Recorder, environment: EnvironmentValues) {
        self.recorder = recorder
        self.environment = environment
    }

    // MARK: Transforms

    public mutating func translateBy(x: CGFloat, y: CGFloat) {
        transform = CGAffineTransform(translationX: x, y: y).concatenating(transform)
    }
    public mutating func scaleBy(x: CGFloat, y: CGFloat) { transform = CGAffineTransform(scaleX: x, y: y).concatenating(transform) }
    public mutating func rotate(by angle: Angle) {
        transform = CGAffineTransform(rotationAngle: CGFloat(angle.radians)).concatenating(transform)
    }
    public mutating func concatenate(_ matrix: CGAffineTransform) { transform = matrix.concatenating(transform) }

    // MARK: Clipping

    /// Later drawing shows only inside `path` (as the context's transform places it).
    public mutating func clip(to path: Path, style: FillStyle = FillStyle(), options: ClipOptions = ClipOptions()) {
        let id = recorder.id()
        let shape: Node
        if options.contains(.inverse) {
            // Everything but the path: a huge rectangle with the path cut out.
            shape = recorder.element(
                "path", [("clip-rule", "evenodd"), ("d", "M-100000 -100000H100000V100000H-100000Z" + path.applying(transform).svgData)])
        } else {
            shape = recorder.element(
                "path", [("d", path.svgData)] + (style.isEOFilled ? [("clip-rule", "evenodd")] : []) + transformAttribute)
        }
        recorder.definitions.append(recorder.element("clipPath", [("id", id)], [shape]))
        clips.append(id)
    }

    public struct ClipOptions: OptionSet, Sendable {
        public let rawValue: UInt32
        public init(rawValue: UInt32) { self.rawValue = rawValue }
        /// Clips to everything outside the path.
        public static let inverse = ClipOptions(rawValue: 1)
    }

    // MARK: Filters

    /// A filter on what is drawn after: a blur or a shadow.
    public struct Filter: Sendable {
        let tag: String
        let attributes: [(String, String)]
        public static func blur(radius: CGFloat, options: BlurOptions = BlurOptions()) -> Filter {
            Filter(tag: "feGaussianBlur", attributes: [("stdDeviation", Color.format(Double(max(radius, 0)) / 2))])
        }
        public static func shadow(color: Color = Color(white: 0, opacity: 0.33), radius: CGFloat, x: CGFloat = 0, y: CGFloat = 0) -> Filter
        {
            Filter(
                tag: "feDropShadow",
                attributes: [
                    ("dx", Color.format(Double(x))), ("dy", Color.format(Double(y))),
                    ("stdDeviation", Color.format(Double(max(radius, 0)) / 2)),
                    ("flood-color", color.css),
                ])
        }
    }

    public struct BlurOptions: OptionSet, Sendable {
        public let rawValue: UInt32
        public init(rawValue: UInt32) { self.rawValue = rawValue }
        public static let opaque = BlurOptions(rawValue: 1)
        public static let dithersResult = BlurOptions(rawValue: 2)
    }

    public mutating func addFilter(_ filter: Filter) {
        let id = recorder.id()
        recorder.definitions.append(
            recorder.element(
                "filter", [("id", id), ("x", "-50%"), ("y", "-50%"), ("width", "200%"), ("height", "200%")],
                [recorder.element(filter.tag, filter.attributes)]))
        filters.append(id)
    }

    // MARK: Drawing

    /// How a fill or stroke is painted.
    public struct Shading: Sendable {
        enum Kind: Sendable {
            case paint(String)
            case linear(Gradient, CGPoint, CGPoint)
            case radial(Gradient, CGPoint, CGFloat, CGFloat)
        }
        let kind: Kind

        public static func color(_ color: Color) -> Shading { Shading(kind: .paint(color.css)) }
        public static func color(red: Double, green: Double, blue: Double, opacity: Double = 1) -> Shading {
            .color(Color(red: red, green: green, blue: blue, opacity: opacity))
        }
        public static func color(white: Double, opacity: Double = 1) -> Shading { .color(Color(white: white, opacity: opacity)) }
        /// A style: a colour's paint (a CSS gradient style paints its first colour's stop: use
        /// `.linearGradient` to draw a gradient).
        public static func style<S: ShapeStyle>(_ style: S) -> Shading {
            Shading(kind: .paint(style.isGradient ? "currentColor" : style.css))
        }
        /// The canvas's foreground colour.
        public static var foreground: Shading { Shading(kind: .paint("currentColor")) }
        public static func linearGradient(
            _ gradient: Gradient, startPoint: CGPoint, endPoint: CGPoint, options: GradientOptions = GradientOptions()
        )
            -> Shading
        {
            Shading(kind: .linear(gradient, startPoint, endPoint))
        }
        public static func radialGradient(
            _ gradient: Gradient, center: CGPoint, startRadius: CGFloat, endRadius: CGFloat, options: GradientOptions = GradientOptions()
        ) -> Shading {
            Shading(kind: .radial(gradient, center, startRadius, endRadius))
        }
    }

    public struct GradientOptions: OptionSet, Sendable {
        public let rawValue: UInt32
        public init(rawValue: UInt32) { self.rawValue = rawValue }
        public static let `repeat` = GradientOptions(rawValue: 1)
        public static let mirror = GradientOptions(rawValue: 2)
        public static let linearColor = GradientOptions(rawValue: 4)
    }

    public func fill(_ path: Path, with shading: Shading, style: FillStyle = FillStyle()) {
        let rule = style.isEOFilled ? ";fill-rule:evenodd" : ""
        emit(recorder.element("path", [("d", path.svgData), ("style", "fill:\(paint(shading));stroke:none\(rule)")] + transformAttribute))
    }

    public func stroke(_ path: Path, with shading: Shading, lineWidth: CGFloat = 1) {
        stroke(path, with: shading, style: StrokeStyle(lineWidth: lineWidth))
    }

    public func stroke(_ path: Path, with shading: Shading, style: StrokeStyle) {
        emit(
            recorder.element(
                "path", [("d", path.svgData), ("style", "fill:none;stroke:\(paint(shading));\(style.svg)")] + transformAttribute))
    }

    /// A text at a point, its `anchor` there (its centre by default).
    public func draw(_ text: Text, at point: CGPoint, anchor: UnitPoint = .center) {
        let horizontal = anchor.x < 0.25 ? "start" : anchor.x > 0.75 ? "end" : "middle"
        let vertical = anchor.y < 0.25 ? "text-before-edge" : anchor.y > 0.75 ? "text-after-edge" : "central"
        let node = recorder.element(
            "text",
            [
                ("x", Color.format(Double(point.x))), ("y", Color.format(Double(point.y))), ("text-anchor", horizontal),
                ("dominant-baseline", vertical), ("style", textStyle(text)),
            ] + transformAttribute)
        node.text = text.string
        emit(node)
    }

    /// A text in a rectangle, from its top left.
    public func draw(_ text: Text, in rect: CGRect) {
        draw(text, at: CGPoint(x: rect.minX, y: rect.minY), anchor: .topLeading)
    }

    /// A picture of the app's (an asset or an address) stretched over `rect`; a symbol in the
    /// foreground colour, fitted in it.
    @MainActor public func draw(_ image: Image, in rect: CGRect, style: FillStyle = FillStyle()) {
        let frame = [
            ("x", Color.format(Double(rect.minX))), ("y", Color.format(Double(rect.minY))), ("width", Color.format(Double(rect.width))),
            ("height", Color.format(Double(rect.height))),
        ]
        switch image.source {
        case .asset(let name):
            emit(
                recorder.element(
                    "image",
                    [("href", "/assets/images/" + Image.assetPath(name)), ("preserveAspectRatio", "none")] + frame + transformAttribute))
        case .url(let url):
            emit(recorder.element("image", [("href", url), ("preserveAspectRatio", "none")] + frame + transformAttribute))
        case .system(let name):
            if let file = SystemSymbols.file(for: name) {
                // The symbol's file as a mask over the foreground colour, as the page draws symbols.
                let id = recorder.id()
                let picture = recorder.element("image", [("href", "/_jetway/symbols/\(file).svg")] + frame)
                recorder.definitions.append(recorder.element("mask", [("id", id), ("style", "mask-type:alpha")], [picture]))
                emit(recorder.element("rect", frame + [("fill", "currentColor"), ("mask", "url(#\(id))")] + transformAttribute))
            } else {
                let icon = SystemIcons.node(name, key: IdentityHash.mix(IdentityHash.seed, recorder.nextKey &+ 7919))
                for (name, value) in frame { icon.setAttribute(name, value) }
                icon.removeAttribute("class")
                emit(transform.isIdentity ? icon : recorder.element("g", transformAttribute, [icon]))
            }
        }
    }

    /// A picture at a point, its `anchor` there, at its own size (a symbol at 17 points).
    @MainActor public func draw(_ image: Image, at point: CGPoint, anchor: UnitPoint = .center) {
        let side: CGFloat = 17
        draw(image, in: CGRect(x: point.x - side * anchor.x, y: point.y - side * anchor.y, width: side, height: side))
    }

    /// Draws `content` as one layer: the context's opacity, blend mode and filters apply to the
    /// layer as a whole.
    public func drawLayer(content: (inout GraphicsContext) throws -> Void) rethrows {
        let outer = recorder.body
        recorder.body = []
        var layer = self
        layer.opacity = 1
        layer.blendMode = .normal
        layer.clips = []
        layer.filters = []
        defer {
            let inner = recorder.body
            recorder.body = outer
            emit(recorder.element("g", [], inner))
        }
        try content(&layer)
    }

    // MARK: Inside

    /// Adds a drawn element with the context's opacity, blend mode, clips and filters.
    private func emit(_ node: Node) {
        var wrapped = node
        for filter in filters.reversed() { wrapped = recorder.element("g", [("filter", "url(#\(filter))")], [wrapped]) }
        for clip in clips.reversed() { wrapped = recorder.element("g", [("clip-path", "url(#\(clip))")], [wrapped]) }
        var styles: [String] = []
        if opacity < 1 { styles.append("opacity:\(Color.format(max(opacity, 0)))") }
        if blendMode != .normal { styles.append("mix-blend-mode:\(blendMode.css)") }
        if !styles.isEmpty { wrapped = recorder.element("g", [("style", styles.joined(separator: ";"))], [wrapped]) }
        recorder.body.append(wrapped)
    }

    private var transformAttribute: [(String, String)] {
        if transform.isIdentity { return [] }
        let values = [transform.a, transform.b, transform.c, transform.d, transform.tx, transform.ty].map { Color.format(Double($0)) }
        return [("transform", "matrix(\(values.joined(separator: " ")))")]
    }

    /// A shading's paint: a colour, or a gradient defined once in the canvas's coordinates.
    private func paint(_ shading: Shading) -> String {
        switch shading.kind {
        case .paint(let css): return css
        case .linear(let gradient, let start, let end):
            let id = recorder.id()
            recorder.definitions.append(
                recorder.element(
                    "linearGradient",
                    [
                        ("id", id), ("gradientUnits", "userSpaceOnUse"), ("x1", Color.format(Double(start.x))),
                        ("y1", Color.format(Double(start.y))),
                        ("x2", Color.format(Double(end.x))), ("y2", Color.format(Double(end.y))),
                    ], stops(gradient)))
            return "url(#\(id))"
        case .radial(let gradient, let center, let startRadius, let endRadius):
            let id = recorder.id()
            recorder.definitions.append(
                recorder.element(
                    "radialGradient",
                    [
                        ("id", id), ("gradientUnits", "userSpaceOnUse"), ("cx", Color.format(Double(center.x))),
                        ("cy", Color.format(Double(center.y))),
                        ("r", Color.format(Double(max(endRadius, 0.001)))), ("fr", Color.format(Double(max(startRadius, 0)))),
                    ], stops(gradient)))
            return "url(#\(id))"
        }
    }

    private func stops(_ gradient: Gradient) -> [Node] {
        gradient.stops.map { recorder.element("stop", [("offset", Color.format(Double($0.location))), ("stop-color", $0.color.css)]) }
    }

    private func textStyle(_ text: Text) -> String {
        var parts = ["fill:\(text.color ?? "currentColor")"]
        switch text.font?.kind {
        case .system(let size)?: parts.append("font-size:\(Color.format(size))px")
        case .custom(let name, let size)?:
            parts.append(
                "font-size:\(Color.format(size))px;font-family:'\(name.filter { $0.isLetter || $0.isNumber || $0 == " " || $0 == "-" })'")
        case .textStyle(let style)?: parts.append("font-size:\(Color.format(Self.textStyleSizes[style] ?? 17))px")
        case nil: parts.append("font-size:17px")
        }
        if let weight = text.weight ?? text.font?.weight {
            parts.append("font-weight:\(weight.value)")
        } else if text.isBold {
            parts.append("font-weight:700")
        }
        if text.isItalic { parts.append("font-style:italic") }
        return parts.joined(separator: ";")
    }

    /// The text styles' sizes (iOS's at the default text size, as jetway.css has them).
    private static let textStyleSizes: [String: Double] = [
        "largeTitle": 34, "title": 28, "title2": 22, "title3": 20, "headline": 17, "subheadline": 15, "body": 17, "callout": 16,
        "footnote": 13, "caption": 12, "caption2": 11,
    ]

}

extension GraphicsContext {
    /// The blend modes of a canvas's drawing (CSS's `mix-blend-mode` on each drawn shape).
    public typealias BlendMode = Jetway.BlendMode
}
