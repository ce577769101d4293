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
    /// An empty style: marks drawn with the chart's defaults.
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
    /// As the mark suits: above it (after the end of a horizontal bar); for a legend, under the chart.
    /// In a pie every annotation is at its slice's middle, whatever its position.
    public static var automatic: AnnotationPosition { .init(side: .automatic) }
    /// Centred on the mark (a bar's or a rectangle's middle); a legend goes under the chart.
    public static var overlay: AnnotationPosition { .init(side: .overlay) }
    /// Above the mark; a legend goes above the chart.
    public static var top: AnnotationPosition { .init(side: .top) }
    /// Below the mark; a legend goes under the chart.
    public static var bottom: AnnotationPosition { .init(side: .bottom) }
    /// Before the mark; a legend goes beside the chart, on its leading side.
    public static var leading: AnnotationPosition { .init(side: .leading) }
    /// After the mark; a legend goes beside the chart, on its trailing side.
    public static var trailing: AnnotationPosition { .init(side: .trailing) }
    /// Above and before the mark; a legend goes above the chart.
    public static var topLeading: AnnotationPosition { .init(side: .topLeading) }
    /// Above and after the mark; a legend goes above the chart.
    public static var topTrailing: AnnotationPosition { .init(side: .topTrailing) }
    /// Below and before the mark; a legend goes under the chart.
    public static var bottomLeading: AnnotationPosition { .init(side: .bottomLeading) }
    /// Below and after the mark; a legend goes under the chart.
    public static var bottomTrailing: AnnotationPosition { .init(side: .bottomTrailing) }
}

/// What an annotation that would leave the chart should do (accepted so Swift Charts code compiles; not used:
/// an annotation near the edge may be cut by the chart's box).
public struct AnnotationOverflowResolution: Sendable {
    /// How an annotation near an edge is kept in (accepted so Swift Charts code compiles; not used).
    public struct Strategy: Sendable {
        let fits: Bool
        /// Accepted so Swift Charts code compiles; not used.
        public static var automatic: Strategy { .init(fits: true) }
        /// Accepted so Swift Charts code compiles; not used.
        public static var padScale: Strategy { .init(fits: true) }
        /// Accepted so Swift Charts code compiles; not used.
        public static var disabled: Strategy { .init(fits: false) }
        /// Accepted so Swift Charts code compiles; not used, whatever `boundary` is.
        public static func fit(to boundary: AnnotationOverflowResolution.Boundary = .chart) -> Strategy { .init(fits: true) }
    }
    /// The box an annotation would be fitted in (accepted so Swift Charts code compiles; not used).
    public struct Boundary: Sendable {
        /// Accepted so Swift Charts code compiles; not used.
        public static var chart: Boundary { .init() }
        /// Accepted so Swift Charts code compiles; not used.
        public static var plot: Boundary { .init() }
        /// Accepted so Swift Charts code compiles; not used.
        public static var automatic: Boundary { .init() }
    }
    let x: Strategy
    let y: Strategy
    /// A resolution with the strategies `x` and `y` (kept, and not used by the chart).
    public init(x: Strategy = .automatic, y: Strategy = .automatic) {
        self.x = x
        self.y = y
    }
    /// Accepted so Swift Charts code compiles; not used.
    public static var automatic: AnnotationOverflowResolution { .init() }
}

/// How a line or an area goes from one point to the next.
public struct InterpolationMethod: Equatable, Sendable {
    enum Kind: Equatable { case linear, catmullRom, cardinal, monotone, stepStart, stepCenter, stepEnd }
    let kind: Kind
    /// Straight lines from point to point (the default).
    public static var linear: InterpolationMethod { .init(kind: .linear) }
    /// A smooth curve through the points (a Catmull-Rom spline).
    public static var catmullRom: InterpolationMethod { .init(kind: .catmullRom) }
    /// Drawn as `catmullRom`: the same smooth curve.
    public static var cardinal: InterpolationMethod { .init(kind: .cardinal) }
    /// A smooth curve that does not overshoot in y between two points.
    public static var monotone: InterpolationMethod { .init(kind: .monotone) }
    /// Steps: the line goes to the next value at the start of each interval, then across.
    public static var stepStart: InterpolationMethod { .init(kind: .stepStart) }
    /// Steps: the line changes value halfway between points.
    public static var stepCenter: InterpolationMethod { .init(kind: .stepCenter) }
    /// Steps: the line goes across at the old value, then to the next one at the interval's end.
    public static var stepEnd: InterpolationMethod { .init(kind: .stepEnd) }
    /// Drawn as `catmullRom`; `alpha` is accepted and not used.
    public static func catmullRom(alpha: Double) -> InterpolationMethod { .catmullRom }
    /// Drawn as `catmullRom`; `tension` is accepted and not used.
    public static func cardinal(tension: Double) -> InterpolationMethod { .cardinal }
}

/// A point's symbol.
public protocol ChartSymbolShape: Sendable {
    /// The basic symbol a point is drawn with (Jetway's symbol resolution; not for apps).
    var _basic: BasicChartSymbolShape { get }
}

/// The symbols charts draw points with (a CSS shape each).
public struct BasicChartSymbolShape: ChartSymbolShape, Equatable {
    let polygon: String?
    /// The shape itself (Jetway's symbol resolution; not for apps).
    public var _basic: BasicChartSymbolShape { self }
    /// A round dot (the default).
    public static var circle: BasicChartSymbolShape { .init(polygon: nil) }
    /// A square.
    public static var square: BasicChartSymbolShape { .init(polygon: "polygon(0 0,100% 0,100% 100%,0 100%)") }
    /// A triangle pointing up.
    public static var triangle: BasicChartSymbolShape { .init(polygon: "polygon(50% 0,100% 100%,0 100%)") }
    /// A diamond.
    public static var diamond: BasicChartSymbolShape { .init(polygon: "polygon(50% 0,100% 50%,50% 100%,0 50%)") }
    /// A pentagon.
    public static var pentagon: BasicChartSymbolShape { .init(polygon: "polygon(50% 0,100% 38%,82% 100%,18% 100%,0 38%)") }
    /// A plus sign.
    public static var plus: BasicChartSymbolShape {
        .init(polygon: "polygon(35% 0,65% 0,65% 35%,100% 35%,100% 65%,65% 65%,65% 100%,35% 100%,35% 65%,0 65%,0 35%,35% 35%)")
    }
    /// An X.
    public static var cross: BasicChartSymbolShape {
        .init(polygon: "polygon(20% 0,50% 30%,80% 0,100% 20%,70% 50%,100% 80%,80% 100%,50% 70%,20% 100%,0 80%,30% 50%,0 20%)")
    }
    /// Drawn as `cross` (an X).
    public static var asterisk: BasicChartSymbolShape { .cross }
    /// The symbols in the order a `symbol(by:)` scale gives them.
    static let cycle: [BasicChartSymbolShape] = [.circle, .square, .triangle, .diamond, .pentagon, .plus, .cross]
}

extension ChartSymbolShape where Self == BasicChartSymbolShape {
    /// A round dot.
    public static var circle: BasicChartSymbolShape { BasicChartSymbolShape.circle }
    /// A square.
    public static var square: BasicChartSymbolShape { BasicChartSymbolShape.square }
    /// A triangle pointing up.
    public static var triangle: BasicChartSymbolShape { BasicChartSymbolShape.triangle }
    /// A diamond.
    public static var diamond: BasicChartSymbolShape { BasicChartSymbolShape.diamond }
    /// A pentagon.
    public static var pentagon: BasicChartSymbolShape { BasicChartSymbolShape.pentagon }
    /// A plus sign.
    public static var plus: BasicChartSymbolShape { BasicChartSymbolShape.plus }
    /// An X.
    public static var cross: BasicChartSymbolShape { BasicChartSymbolShape.cross }
    /// Drawn as `cross` (an X).
    public static var asterisk: BasicChartSymbolShape { BasicChartSymbolShape.asterisk }
}

/// Content with a modifier applied to all of its marks.
public struct _ModifiedChartContent<Content: ChartContent>: _PrimitiveChartContent {
    let content: Content
    let modify: (inout MarkStyle) -> Void
    /// Collects the content's marks with the modifier applied over the style around it (Jetway's mark collection;
    /// not for apps).
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

    /// The area of the points' symbols: `size`'s width times its height (the symbol keeps its own shape).
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

    /// Separates lines by `value`: marks with different values are different lines (all drawn with the same
    /// stroke: Jetway gives the values no dash patterns of their own).
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

    /// The marks' opacity, from 0 to 1 (CSS `opacity` on each bar, rectangle, rule, point, line, area or slice).
    public func opacity(_ opacity: Double) -> some ChartContent {
        modified { $0.opacity = opacity }
    }

    /// Rounds the corners of bars and rectangles.
    public func cornerRadius(_ radius: CGFloat, style: RoundedCornerStyle = .circular) -> some ChartContent {
        modified { $0.cornerRadius = Double(radius) }
    }

    /// Moves bars, rectangles and points by `x` and `y` points (rules, lines, areas and slices stay where they are).
    public func offset(x: CGFloat = 0, y: CGFloat = 0) -> some ChartContent {
        modified { $0.offset = CGSize(width: x, height: y) }
    }

    /// Moves bars, rectangles and points by `offset` (rules, lines, areas and slices stay where they are).
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

    /// Text read after the mark's name, from a literal.
    public func accessibilityValue(_ key: LocalizedStringKey) -> some ChartContent {
        accessibilityValue(Text(key))
    }

    /// The mark's name for screen readers (its `aria-label`), in place of its values.
    ///
    /// Lines and areas are read by their points: this names only their symbols, not the series.
    @_disfavoredOverload
    public func accessibilityLabel(_ label: String) -> some ChartContent {
        modified { $0.accessibilityLabel = label }
    }

    /// The mark's name for screen readers, from `label`'s text, in place of its values.
    public func accessibilityLabel(_ label: Text) -> some ChartContent {
        modified { $0.accessibilityLabel = label.string }
    }

    /// Text read after the mark's name (added to its `aria-label`).
    @_disfavoredOverload
    public func accessibilityValue(_ value: String) -> some ChartContent {
        modified { $0.accessibilityValue = value }
    }

    /// Text read after the mark's name, from `value`'s text.
    public func accessibilityValue(_ value: Text) -> some ChartContent {
        modified { $0.accessibilityValue = value.string }
    }

    /// Hides bars, rectangles, rules, points and slices from screen readers (`aria-hidden`) when `hidden` is true; a
    /// line or area is still read.
    public func accessibilityHidden(_ hidden: Bool) -> some ChartContent {
        modified { $0.accessibilityHidden = hidden }
    }
}
