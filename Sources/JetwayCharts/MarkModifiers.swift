import Foundation
import Jetway

/// What modifiers said of a mark; the innermost modifier wins, as in Swift Charts.
public struct MarkStyle {
    var foreground: (any ShapeStyle)?
    var foregroundBy: PlottedField?
    var symbolBy: PlottedField?
    var symbol: BasicChartSymbolShape?
    var symbolSize: Double?
    var interpolation: InterpolationMethod?
    var lineStyle: StrokeStyle?
    var lineStyleBy: PlottedField?
    var positionBy: PlottedField?
    var positionAxis: Axis?
    var annotations: [ChartAnnotation] = []
    var opacity: Double?
    var cornerRadius: Double?
    var offset = CGSize.zero
    var zIndex = 0.0
    var accessibilityLabel: String?
    var accessibilityValue: String?
    var accessibilityHidden = false
    public init() {}
}

/// A view shown beside a mark (`.annotation(position: .top) { Text("…") }`).
struct ChartAnnotation {
    let position: AnnotationPosition
    let alignment: Alignment
    let spacing: Double?
    let content: AnyView
}

/// Where an annotation goes, around its mark or over it.
public struct AnnotationPosition: Equatable, Sendable {
    enum Side: Equatable { case automatic, overlay, top, bottom, leading, trailing, topLeading, topTrailing, bottomLeading, bottomTrailing }
    let side: Side
    public static var automatic: AnnotationPosition { .init(side: .automatic) }
    public static var overlay: AnnotationPosition { .init(side: .overlay) }
    public static var top: AnnotationPosition { .init(side: .top) }
    public static var bottom: AnnotationPosition { .init(side: .bottom) }
    public static var leading: AnnotationPosition { .init(side: .leading) }
    public static var trailing: AnnotationPosition { .init(side: .trailing) }
    public static var topLeading: AnnotationPosition { .init(side: .topLeading) }
    public static var topTrailing: AnnotationPosition { .init(side: .topTrailing) }
    public static var bottomLeading: AnnotationPosition { .init(side: .bottomLeading) }
    public static var bottomTrailing: AnnotationPosition { .init(side: .bottomTrailing) }
}

/// What an annotation that would leave the chart does: it is kept inside (`.fit`), or not.
public struct AnnotationOverflowResolution: Sendable {
    public struct Strategy: Sendable {
        let fits: Bool
        public static var automatic: Strategy { .init(fits: true) }
        public static var padScale: Strategy { .init(fits: true) }
        public static var disabled: Strategy { .init(fits: false) }
        public static func fit(to boundary: AnnotationOverflowResolution.Boundary = .chart) -> Strategy { .init(fits: true) }
    }
    public struct Boundary: Sendable {
        public static var chart: Boundary { .init() }
        public static var plot: Boundary { .init() }
        public static var automatic: Boundary { .init() }
    }
    let x: Strategy
    let y: Strategy
    public init(x: Strategy = .automatic, y: Strategy = .automatic) {
        self.x = x
        self.y = y
    }
    public static var automatic: AnnotationOverflowResolution { .init() }
}

/// How a line or an area goes from one point to the next.
public struct InterpolationMethod: Equatable, Sendable {
    enum Kind: Equatable { case linear, catmullRom, cardinal, monotone, stepStart, stepCenter, stepEnd }
    let kind: Kind
    public static var linear: InterpolationMethod { .init(kind: .linear) }
    public static var catmullRom: InterpolationMethod { .init(kind: .catmullRom) }
    public static var cardinal: InterpolationMethod { .init(kind: .cardinal) }
    public static var monotone: InterpolationMethod { .init(kind: .monotone) }
    public static var stepStart: InterpolationMethod { .init(kind: .stepStart) }
    public static var stepCenter: InterpolationMethod { .init(kind: .stepCenter) }
    public static var stepEnd: InterpolationMethod { .init(kind: .stepEnd) }
    public static func catmullRom(alpha: Double) -> InterpolationMethod { .catmullRom }
    public static func cardinal(tension: Double) -> InterpolationMethod { .cardinal }
}

/// A point's symbol.
public protocol ChartSymbolShape: Sendable {
    var _basic: BasicChartSymbolShape { get }
}

/// The symbols charts draw points with (a CSS shape each).
public struct BasicChartSymbolShape: ChartSymbolShape, Equatable {
    let polygon: String?
    public var _basic: BasicChartSymbolShape { self }
    public static var circle: BasicChartSymbolShape { .init(polygon: nil) }
    public static var square: BasicChartSymbolShape { .init(polygon: "polygon(0 0,100% 0,100% 100%,0 100%)") }
    public static var triangle: BasicChartSymbolShape { .init(polygon: "polygon(50% 0,100% 100%,0 100%)") }
    public static var diamond: BasicChartSymbolShape { .init(polygon: "polygon(50% 0,100% 50%,50% 100%,0 50%)") }
    public static var pentagon: BasicChartSymbolShape { .init(polygon: "polygon(50% 0,100% 38%,82% 100%,18% 100%,0 38%)") }
    public static var plus: BasicChartSymbolShape {
        .init(polygon: "polygon(35% 0,65% 0,65% 35%,100% 35%,100% 65%,65% 65%,65% 100%,35% 100%,35% 65%,0 65%,0 35%,35% 35%)")
    }
    public static var cross: BasicChartSymbolShape {
        .init(polygon: "polygon(20% 0,50% 30%,80% 0,100% 20%,70% 50%,100% 80%,80% 100%,50% 70%,20% 100%,0 80%,30% 50%,0 20%)")
    }
    public static var asterisk: BasicChartSymbolShape { .cross }
    /// The symbols in the order a `symbol(by:)` scale gives them.
    static let cycle: [BasicChartSymbolShape] = [.circle, .square, .triangle, .diamond, .pentagon, .plus, .cross]
}

extension ChartSymbolShape where Self == BasicChartSymbolShape {
    public static var circle: BasicChartSymbolShape { BasicChartSymbolShape.circle }
    public static var square: BasicChartSymbolShape { BasicChartSymbolShape.square }
    public static var triangle: BasicChartSymbolShape { BasicChartSymbolShape.triangle }
    public static var diamond: BasicChartSymbolShape { BasicChartSymbolShape.diamond }
    public static var pentagon: BasicChartSymbolShape { BasicChartSymbolShape.pentagon }
    public static var plus: BasicChartSymbolShape { BasicChartSymbolShape.plus }
    public static var cross: BasicChartSymbolShape { BasicChartSymbolShape.cross }
    public static var asterisk: BasicChartSymbolShape { BasicChartSymbolShape.asterisk }
}

/// Content with a modifier applied to all of its marks.
public struct _ModifiedChartContent<Content: ChartContent>: _PrimitiveChartContent {
    let content: Content
    let modify: (inout MarkStyle) -> Void
    public func _collect(_ marks: inout [ResolvedMark], _ style: MarkStyle) {
        var inner = style
        modify(&inner)
        content._collect(&marks, inner)
    }
}

extension ChartContent {
    func modified(_ modify: @escaping (inout MarkStyle) -> Void) -> _ModifiedChartContent<Self> {
        _ModifiedChartContent(content: self, modify: modify)
    }

    /// Paints the marks with `style`.
    public func foregroundStyle<S: ShapeStyle>(_ style: S) -> some ChartContent {
        modified {
            $0.foreground = style
            $0.foregroundBy = nil
        }
    }

    /// Paints the marks by `value`: each value its colour from the chart's style scale, with a legend.
    public func foregroundStyle<D: Plottable>(by value: PlottableValue<D>) -> some ChartContent {
        modified { $0.foregroundBy = value.field }
    }

    /// Draws points with a symbol for each value of `value`.
    public func symbol<D: Plottable>(by value: PlottableValue<D>) -> some ChartContent {
        modified { $0.symbolBy = value.field }
    }

    /// Draws points (and a line's points) with `symbol`.
    public func symbol<S: ChartSymbolShape>(_ symbol: S) -> some ChartContent {
        modified { $0.symbol = symbol._basic }
    }

    /// The area of the points' symbols, in square points (as Swift Charts measures it).
    public func symbolSize(_ size: CGFloat) -> some ChartContent {
        modified { $0.symbolSize = Double(size) }
    }

    public func symbolSize(_ size: CGSize) -> some ChartContent {
        modified { $0.symbolSize = Double(size.width * size.height) }
    }

    /// How lines and areas go between points.
    public func interpolationMethod(_ method: InterpolationMethod) -> some ChartContent {
        modified { $0.interpolation = method }
    }

    /// The stroke of lines and rules (width, dashes, caps).
    public func lineStyle(_ style: StrokeStyle) -> some ChartContent {
        modified { $0.lineStyle = style }
    }

    /// A dash pattern for each value of `value`.
    public func lineStyle<D: Plottable>(by value: PlottableValue<D>) -> some ChartContent {
        modified { $0.lineStyleBy = value.field }
    }

    /// Puts the bars of one place side by side by `value`, instead of stacking them.
    public func position<P: Plottable>(by value: PlottableValue<P>, axis: Axis? = nil, span: MarkDimension = .automatic)
        -> some ChartContent
    {
        modified {
            $0.positionBy = value.field
            $0.positionAxis = axis
        }
    }

    /// A view beside each mark.
    public func annotation<C: View>(
        position: AnnotationPosition = .automatic, alignment: Alignment = .center, spacing: CGFloat? = nil,
        overflowResolution: AnnotationOverflowResolution = .automatic, @ViewBuilder content: () -> C
    ) -> some ChartContent {
        let annotation = ChartAnnotation(
            position: position, alignment: alignment, spacing: spacing.map(Double.init), content: AnyView(content()))
        return modified { $0.annotations.append(annotation) }
    }

    public func opacity(_ opacity: Double) -> some ChartContent {
        modified { $0.opacity = opacity }
    }

    /// Rounds the corners of bars and rectangles.
    public func cornerRadius(_ radius: CGFloat, style: RoundedCornerStyle = .circular) -> some ChartContent {
        modified { $0.cornerRadius = Double(radius) }
    }

    public func offset(x: CGFloat = 0, y: CGFloat = 0) -> some ChartContent {
        modified { $0.offset = CGSize(width: x, height: y) }
    }

    public func offset(_ offset: CGSize) -> some ChartContent {
        modified { $0.offset = offset }
    }

    /// Draws these marks over (higher) or under (lower) the others.
    public func zIndex(_ value: Double) -> some ChartContent {
        modified { $0.zIndex = value }
    }

    /// The name from a literal (`"Month: \(name)"`, with formats).
    public func accessibilityLabel(_ key: LocalizedStringKey) -> some ChartContent {
        accessibilityLabel(Text(key))
    }

    public func accessibilityValue(_ key: LocalizedStringKey) -> some ChartContent {
        accessibilityValue(Text(key))
    }

    @_disfavoredOverload
    public func accessibilityLabel(_ label: String) -> some ChartContent {
        modified { $0.accessibilityLabel = label }
    }

    public func accessibilityLabel(_ label: Text) -> some ChartContent {
        modified { $0.accessibilityLabel = label.string }
    }

    @_disfavoredOverload
    public func accessibilityValue(_ value: String) -> some ChartContent {
        modified { $0.accessibilityValue = value }
    }

    public func accessibilityValue(_ value: Text) -> some ChartContent {
        modified { $0.accessibilityValue = value.string }
    }

    public func accessibilityHidden(_ hidden: Bool) -> some ChartContent {
        modified { $0.accessibilityHidden = hidden }
    }
}
