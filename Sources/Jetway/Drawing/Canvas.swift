import Foundation
import JetwayWire

/// A view that draws with the app's code, at the size the page gives it: the renderer's fills,
/// strokes, texts and images are recorded on the server as a list of drawing commands, and the
/// browser draws them into a `<canvas>` (`Assets/runtime/features/canvas.js`) at the screen's
/// pixel density. The browser reports the canvas's size, as a `GeometryReader`'s; a change of
/// what the renderer reads records the drawing again, sent by a patch.
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

    /// A canvas drawn by `renderer`, called with a context and the canvas's size each time it draws.
    ///
    /// `opaque` paints a black background under the drawing; `colorMode` and
    /// `rendersAsynchronously` are accepted so SwiftUI code compiles and not used (the browser
    /// draws in sRGB, on the page's own schedule).
    public init(
        opaque: Bool = false, colorMode: ColorRenderingMode = .nonLinear, rendersAsynchronously: Bool = false,
        renderer: @escaping (inout GraphicsContext, CGSize) -> Void
    ) where Symbols == EmptyView {
        self.renderer = renderer
        self.opaque = opaque
    }

    /// A `GeometryReader` holding the `<canvas>`, so the renderer gets the size the browser reports.
    public var body: some View {
        GeometryReader { proxy in
            CanvasDrawing(size: proxy.size, opaque: opaque, renderer: renderer)
        }
    }
}

/// The canvas's `<canvas>`, with the commands the renderer recorded at `size`
/// (`data-jw-draw`; the format is `GraphicsContext.Recorder`'s).
struct CanvasDrawing: _PrimitiveView {
    let size: CGSize
    let opaque: Bool
    let renderer: (inout GraphicsContext, CGSize) -> Void

    static func _render(_ view: CanvasDrawing, _ context: _RenderContext, _ out: inout [Node]) {
        let recorder = GraphicsContext.Recorder(size: view.size)
        var graphics = GraphicsContext(recorder: recorder, environment: context.environment)
        // What the renderer reads (state, observed models) is what the drawing depends on.
        context.track { view.renderer(&graphics, view.size) }
        let node = context.element("canvas", StyleClass.drawing)
        node.setAttribute(RuntimeContract.Attribute.drawing, recorder.commands)
        node.setAttribute("role", "img")
        // What it says in words: the texts it draws.
        if !recorder.texts.isEmpty { node.setAttribute("aria-label", recorder.texts.joined(separator: ", ")) }
        node.addStyle("display:block;width:100%;height:100%")
        if view.opaque { node.addStyle("background:#000") }
        out.append(node)
    }
}

/// What a `Canvas`'s renderer draws with: fills, strokes, texts and images in the canvas's
/// coordinates, under the context's transform, clip, opacity, blend mode and filters. A copy
/// draws into the same canvas with its own state; `drawLayer` groups drawings.
public struct GraphicsContext {
    /// The drawing as the browser's runtime reads it: one command a line, its fields split by
    /// `|` (a text or an address percent-encodes `%`, `|` and line breaks). The first line is
    /// `V width height`; definitions are numbered in order of their kind — `C transform|path|e|i`
    /// a clip (even-odd, inverse), `R blur|radius` or `R shadow|colour|radius|x|y` a filter,
    /// `D l|x1 y1 x2 y2|offset|colour|…` or `D r|cx cy r0 r1|…` a gradient (a paint `@n`);
    /// `G transform|opacity|blend|clips|filters` sets the state of the drawing that follows
    /// (empty fields: none); then `F path|paint|e` fills, `S path|paint|width cap join miter|
    /// dashes|phase` strokes, `T text|x y|align baseline|style weight size|family|paint`
    /// writes, `I address|x y w h` draws a picture, `M address|x y w h|paint` paints through a
    /// picture's shape (a symbol), and `L` … `E` is a layer composited as one.
    final class Recorder {
        private var lines: [String]
        private var clipCount = 0
        private var filterCount = 0
        private var gradientCount = 0
        /// The state of the drawing so far (at first: none of it set).
        private var lastState = "||||"
        /// The texts drawn, for the canvas's label.
        private(set) var texts: [String] = []

        init(size: CGSize) {
            lines = ["V \(Color.format(Double(max(size.width, 0)))) \(Color.format(Double(max(size.height, 0))))"]
        }

        var commands: String { lines.joined(separator: "\n") }

        func clip(_ line: String) -> Int {
            lines.append("C " + line)
            clipCount += 1
            return clipCount - 1
        }
        func filter(_ line: String) -> Int {
            lines.append("R " + line)
            filterCount += 1
            return filterCount - 1
        }
        func gradient(_ line: String) -> String {
            lines.append("D " + line)
            gradientCount += 1
            return "@\(gradientCount - 1)"
        }
        func draw(_ line: String, state: String) {
            if state != lastState {
                lines.append("G " + state)
                lastState = state
            }
            lines.append(line)
        }
        func endLayer() { lines.append("E") }
        func text(_ string: String) { if !string.isEmpty { texts.append(string) } }

        /// A field that may hold anything.
        static func field(_ text: String) -> String { text.percentEncoding("%|\n\r") }
    }

    let recorder: Recorder
    /// The environment of the canvas (its colour scheme, its foreground style).
    public let environment: EnvironmentValues
    /// The opacity of what is drawn from now on, 0 to 1 (the canvas's `globalAlpha`).
    public var opacity: Double = 1
    /// How what is drawn from now on blends with what is under it (the canvas's `globalCompositeOperation`).
    public var blendMode: BlendMode = .normal
    /// The transform from the coordinates drawn in to the canvas's, applied to what is drawn from now on.
    public var transform: CGAffineTransform = .identity
    /// The clips applied so far (the recorder's numbers), outermost first, and the filters.
    var clips: [Int] = []
    var filters: [Int] = []

    init(recorder: Recorder, environment: EnvironmentValues) {
        self.recorder = recorder
        self.environment = environment
    }

    // MARK: Transforms

    /// Moves the origin of later drawing by `x` and `y` points.
    public mutating func translateBy(x: CGFloat, y: CGFloat) {
        transform = CGAffineTransform(translationX: x, y: y).concatenating(transform)
    }
    /// Scales later drawing by `x` and `y`.
    public mutating func scaleBy(x: CGFloat, y: CGFloat) { transform = CGAffineTransform(scaleX: x, y: y).concatenating(transform) }
    /// Rotates later drawing by `angle` around the origin (clockwise on screen for a positive angle).
    public mutating func rotate(by angle: Angle) {
        transform = CGAffineTransform(rotationAngle: CGFloat(angle.radians)).concatenating(transform)
    }
    /// Applies `matrix` to later drawing, before the transform already set.
    public mutating func concatenate(_ matrix: CGAffineTransform) { transform = matrix.concatenating(transform) }

    // MARK: Clipping

    /// Later drawing shows only inside `path` (as the context's transform places it).
    public mutating func clip(to path: Path, style: FillStyle = FillStyle(), options: ClipOptions = ClipOptions()) {
        let inverse = options.contains(.inverse)
        clips.append(
            recorder.clip(
                [transform.isIdentity ? "" : Self.matrix(transform), path.svgData, style.isEOFilled ? "e" : "", inverse ? "i" : ""].joined(
                    separator: "|")))
    }

    /// How `clip(to:style:options:)` uses its path.
    public struct ClipOptions: OptionSet, Sendable {
        /// The options' bits.
        public let rawValue: UInt32
        /// Options from their `rawValue` bits.
        public init(rawValue: UInt32) { self.rawValue = rawValue }
        /// Clips to everything outside the path.
        public static let inverse = ClipOptions(rawValue: 1)
    }

    // MARK: Filters

    /// A filter on what is drawn after: a blur or a shadow.
    public struct Filter: Sendable {
        let line: String
        /// A blur of what is drawn after, by `radius` points (a CSS `blur` of half the radius);
        /// `options` is not used.
        public static func blur(radius: CGFloat, options: BlurOptions = BlurOptions()) -> Filter {
            Filter(line: "blur|" + Color.format(Double(max(radius, 0))))
        }
        /// A shadow of what is drawn after: `color`, blurred by `radius`, offset by `x` and `y` points.
        public static func shadow(color: Color = Color(white: 0, opacity: 0.33), radius: CGFloat, x: CGFloat = 0, y: CGFloat = 0) -> Filter
        {
            Filter(
                line: ["shadow", color.css, Color.format(Double(max(radius, 0))), Color.format(Double(x)), Color.format(Double(y))]
                    .joined(separator: "|"))
        }
    }

    /// Options of a blur filter; accepted so SwiftUI code compiles, and not used.
    public struct BlurOptions: OptionSet, Sendable {
        /// The options' bits.
        public let rawValue: UInt32
        /// Options from their `rawValue` bits.
        public init(rawValue: UInt32) { self.rawValue = rawValue }
        /// Accepted so SwiftUI code compiles; not used.
        public static let opaque = BlurOptions(rawValue: 1)
        /// Accepted so SwiftUI code compiles; not used.
        public static let dithersResult = BlurOptions(rawValue: 2)
    }

    /// Applies `filter` to what this context draws from now on.
    public mutating func addFilter(_ filter: Filter) {
        filters.append(recorder.filter(filter.line))
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

        /// A plain colour.
        public static func color(_ color: Color) -> Shading { Shading(kind: .paint(color.css)) }
        /// A colour from sRGB components, each 0...1.
        public static func color(red: Double, green: Double, blue: Double, opacity: Double = 1) -> Shading {
            .color(Color(red: red, green: green, blue: blue, opacity: opacity))
        }
        /// A grey of the given `white` level, at `opacity`.
        public static func color(white: Double, opacity: Double = 1) -> Shading { .color(Color(white: white, opacity: opacity)) }
        /// A style: a colour's paint (a gradient style paints the foreground colour instead: use
        /// `.linearGradient` to draw a gradient).
        public static func style<S: ShapeStyle>(_ style: S) -> Shading {
            Shading(kind: .paint(style.isGradient ? "currentColor" : style.css))
        }
        /// The canvas's foreground colour.
        public static var foreground: Shading { Shading(kind: .paint("currentColor")) }
        /// A linear gradient from `startPoint` to `endPoint`, in the canvas's coordinates;
        /// `options` is not used.
        public static func linearGradient(
            _ gradient: Gradient, startPoint: CGPoint, endPoint: CGPoint, options: GradientOptions = GradientOptions()
        )
            -> Shading
        {
            Shading(kind: .linear(gradient, startPoint, endPoint))
        }
        /// A radial gradient between circles of `startRadius` and `endRadius` around `center`;
        /// `options` is not used.
        public static func radialGradient(
            _ gradient: Gradient, center: CGPoint, startRadius: CGFloat, endRadius: CGFloat, options: GradientOptions = GradientOptions()
        ) -> Shading {
            Shading(kind: .radial(gradient, center, startRadius, endRadius))
        }
    }

    /// How a canvas gradient repeats and mixes its colours; accepted so SwiftUI code compiles, and not used.
    public struct GradientOptions: OptionSet, Sendable {
        /// The options' bits.
        public let rawValue: UInt32
        /// Options from their `rawValue` bits.
        public init(rawValue: UInt32) { self.rawValue = rawValue }
        /// Accepted so SwiftUI code compiles; a canvas gradient here never repeats.
        public static let `repeat` = GradientOptions(rawValue: 1)
        /// Accepted so SwiftUI code compiles; a canvas gradient here never mirrors.
        public static let mirror = GradientOptions(rawValue: 2)
        /// Accepted so SwiftUI code compiles; colours mix as the browser mixes them.
        public static let linearColor = GradientOptions(rawValue: 4)
    }

    /// Fills `path` with `shading`, by the even-odd rule if `style` says so.
    public func fill(_ path: Path, with shading: Shading, style: FillStyle = FillStyle()) {
        fill(data: path.svgData, with: shading, evenOdd: style.isEOFilled)
    }

    private func fill(data: String, with shading: Shading, evenOdd: Bool = false) {
        emit(["F " + data, paint(shading), evenOdd ? "e" : ""])
    }

    /// Strokes `path` with `shading`, `lineWidth` points wide.
    public func stroke(_ path: Path, with shading: Shading, lineWidth: CGFloat = 1) {
        stroke(path, with: shading, style: StrokeStyle(lineWidth: lineWidth))
    }

    /// Strokes `path` with `shading`, with `style`'s width, caps, joins and dashes.
    public func stroke(_ path: Path, with shading: Shading, style: StrokeStyle) {
        stroke(data: path.svgData, with: shading, style: style)
    }

    private func stroke(data: String, with shading: Shading, style: StrokeStyle) {
        let line = [
            Color.format(Double(max(style.lineWidth, 0))), style.lineCap.css, style.lineJoin.css, Color.format(Double(style.miterLimit)),
        ]
        emit([
            "S " + data, paint(shading), line.joined(separator: " "),
            style.dash.map { Color.format(Double(max($0, 0))) }.joined(separator: " "), Color.format(Double(style.dashPhase)),
        ])
    }

    /// A text at a point, its `anchor` there (its centre by default).
    public func draw(_ text: Text, at point: CGPoint, anchor: UnitPoint = .center) {
        let horizontal = anchor.x < 0.25 ? "left" : anchor.x > 0.75 ? "right" : "center"
        let vertical = anchor.y < 0.25 ? "top" : anchor.y > 0.75 ? "bottom" : "middle"
        recorder.text(text.string)
        emit([
            "T " + Recorder.field(text.string), Color.format(Double(point.x)) + " " + Color.format(Double(point.y)),
            horizontal + " " + vertical, font(text), family(text), text.color ?? "currentColor",
        ])
    }

    /// A text in a rectangle, from its top left.
    public func draw(_ text: Text, in rect: CGRect) {
        draw(text, at: CGPoint(x: rect.minX, y: rect.minY), anchor: .topLeading)
    }

    /// A picture of the app's (an asset or an address) stretched over `rect`; a symbol in the
    /// foreground colour, fitted in it.
    @MainActor public func draw(_ image: Image, in rect: CGRect, style: FillStyle = FillStyle()) {
        let frame = [rect.minX, rect.minY, rect.width, rect.height].map { Color.format(Double($0)) }.joined(separator: " ")
        switch image.source {
        case .asset(let name):
            emit(["I " + Recorder.field("/assets/images/" + Image.assetPath(name)), frame])
        case .url(let url):
            emit(["I " + Recorder.field(url), frame])
        case .system(let name):
            if let file = SystemSymbols.file(for: name) {
                // The symbol's file as a mask over the foreground colour, as the page draws symbols.
                emit(["M /_jetway/symbols/\(file).svg", frame, "currentColor"])
            } else {
                // Jetway's own outline of the symbol (24 × 24), stroked as the page strokes icons.
                let base = name.hasSuffix(".fill") ? String(name.dropLast(5)) : name
                var icon = self
                icon.translateBy(x: rect.minX, y: rect.minY)
                icon.scaleBy(x: rect.width / 24, y: rect.height / 24)
                for data in SystemIcons.paths[name] ?? SystemIcons.paths[base] ?? [] {
                    if name.hasSuffix(".fill") { icon.fill(data: data, with: .foreground) }
                    icon.stroke(data: data, with: .foreground, style: StrokeStyle(lineWidth: 1.8, lineCap: .round, lineJoin: .round))
                }
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
        emit(["L"])
        var layer = self
        layer.opacity = 1
        layer.blendMode = .normal
        layer.clips = []
        layer.filters = []
        defer { recorder.endLayer() }
        try content(&layer)
    }

    // MARK: Inside

    /// Records a drawing command under the context's state.
    private func emit(_ fields: [String]) {
        let state = [
            transform.isIdentity ? "" : Self.matrix(transform), opacity < 1 ? Color.format(max(opacity, 0)) : "",
            blendMode == .normal ? "" : blendMode.css, clips.map(String.init).joined(separator: ","),
            filters.map(String.init).joined(separator: ","),
        ]
        recorder.draw(fields.joined(separator: "|"), state: state.joined(separator: "|"))
    }

    private static func matrix(_ transform: CGAffineTransform) -> String {
        [transform.a, transform.b, transform.c, transform.d, transform.tx, transform.ty].map { Color.format(Double($0)) }
            .joined(separator: " ")
    }

    /// A shading's paint: a colour, or a gradient defined once in the canvas's coordinates.
    private func paint(_ shading: Shading) -> String {
        switch shading.kind {
        case .paint(let css): return css
        case .linear(let gradient, let start, let end):
            let points = [start.x, start.y, end.x, end.y].map { Color.format(Double($0)) }.joined(separator: " ")
            return recorder.gradient((["l", points] + stops(gradient)).joined(separator: "|"))
        case .radial(let gradient, let center, let startRadius, let endRadius):
            let circles = [center.x, center.y, max(startRadius, 0), max(endRadius, 0.001)].map { Color.format(Double($0)) }
            return recorder.gradient((["r", circles.joined(separator: " ")] + stops(gradient)).joined(separator: "|"))
        }
    }

    private func stops(_ gradient: Gradient) -> [String] {
        gradient.stops.flatMap { [Color.format(Double(min(max($0.location, 0), 1))), $0.color.css] }
    }

    /// A text's style, weight and size (CSS's `font` without the family).
    private func font(_ text: Text) -> String {
        let size: Double =
            switch text.font?.kind {
            case .system(let size)?: size
            case .custom(_, let size)?: size
            case .textStyle(let style)?: Self.textStyleSizes[style] ?? 17
            case nil: 17
            }
        let weight = (text.weight ?? text.font?.weight).map { "\($0.value)" } ?? (text.isBold ? "700" : "400")
        return "\(text.isItalic ? "italic" : "normal") \(weight) \(Color.format(size))px"
    }

    /// A custom font's family (empty: the page's).
    private func family(_ text: Text) -> String {
        guard case .custom(let name, _)? = text.font?.kind else { return "" }
        return name.filter { $0.isLetter || $0.isNumber || $0 == " " || $0 == "-" }
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
