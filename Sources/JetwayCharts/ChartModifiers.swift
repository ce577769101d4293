import Foundation
import Jetway

/// What the chart modifiers said (`chartXAxis`, `chartYScale`, `chartLegend`, …), handed down
/// through the environment as Swift Charts does, so they work on a chart's container too.
struct ChartConfiguration: @unchecked Sendable {
    var xAxis: [AxisMarksSpec]?
    var yAxis: [AxisMarksSpec]?
    var xAxisVisibility = Visibility.automatic
    var yAxisVisibility = Visibility.automatic
    var xDomain: ScaleDomainValue?
    var yDomain: ScaleDomainValue?
    var legendVisibility = Visibility.automatic
    var legendPosition = AnnotationPosition.automatic
    var legendAlignment: Alignment?
    var legendSpacing: Double?
    var legendContent: AnyView?
    var foregroundScale: ForegroundScale?
    var plotStyle: ((ChartPlotContent) -> AnyView)?
    var background: ((ChartProxy) -> AnyView)?
    var overlay: ((ChartProxy) -> AnyView)?
    var xAxisLabel: (text: AnyView, alignment: Alignment)?
    var yAxisLabel: (text: AnyView, alignment: Alignment)?
}

private struct ChartConfigurationKey: EnvironmentKey {
    static let defaultValue = ChartConfiguration()
}

extension EnvironmentValues {
    var chartConfiguration: ChartConfiguration {
        get { self[ChartConfigurationKey.self] }
        set { self[ChartConfigurationKey.self] = newValue }
    }
}

/// The colours of the values of `foregroundStyle(by:)`: given pairs, a domain with a range, a
/// range alone (taken in turn), or a function.
struct ForegroundScale {
    var domain: [PlottedValue]?
    var range: [any ShapeStyle]?
    var mapping: ((PlottedValue) -> (any ShapeStyle)?)?
}

/// What a scale's domain is: the values given, or found in the data with or without zero.
public enum ScaleDomainValue {
    /// A range given by its bounds, used as given (not widened to round steps or to zero).
    case range(PlottedValue, PlottedValue)
    /// Categories in the given order, one band each.
    case categories([PlottedValue])
    /// Found in the data, with zero or without it (nil: the axis's own choice) and reversed or not.
    case automatic(includesZero: Bool?, reversed: Bool)
}

/// A scale's domain (`chartYScale(domain: 0...100)`, `domain: ["Mon", "Tue"]`, `.automatic(includesZero: false)`).
public protocol ScaleDomain {
    /// The domain as the chart's scale reads it (Jetway's scale domain; not for apps).
    var _domain: ScaleDomainValue { get }
}

extension ClosedRange: ScaleDomain where Bound: Plottable {
    /// The range's bounds, used as given (Jetway's scale domain; not for apps).
    public var _domain: ScaleDomainValue { .range(lowerBound.plotted, upperBound.plotted) }
}

extension Range: ScaleDomain where Bound: Plottable {
    /// The range's bounds, the upper one included as in a closed range (Jetway's scale domain; not for apps).
    public var _domain: ScaleDomainValue { .range(lowerBound.plotted, upperBound.plotted) }
}

extension Array: ScaleDomain where Element: Plottable {
    /// The elements as categories in this order, one band each (Jetway's scale domain; not for apps).
    public var _domain: ScaleDomainValue { .categories(map(\.plotted)) }
}

/// The domain found in the data.
public struct AutomaticScaleDomain: ScaleDomain {
    let includesZero: Bool?
    let reversed: Bool
    /// The domain found in the data (Jetway's scale domain; not for apps).
    public var _domain: ScaleDomainValue { .automatic(includesZero: includesZero, reversed: reversed) }
    /// The domain found in the data: a number axis includes zero on y (and on x for horizontal bars).
    public static var automatic: AutomaticScaleDomain { .init(includesZero: nil, reversed: false) }
    /// The domain found in the data, with zero when `includesZero` is true, without it when false (nil: as `automatic`),
    /// and running the other way when `reversed` is true.
    public static func automatic(includesZero: Bool? = nil, reversed: Bool? = nil) -> AutomaticScaleDomain {
        .init(includesZero: includesZero, reversed: reversed ?? false)
    }
}

extension ScaleDomain where Self == AutomaticScaleDomain {
    /// The domain found in the data (`chartYScale(domain: .automatic)`).
    public static var automatic: AutomaticScaleDomain { AutomaticScaleDomain.automatic }
    /// The domain found in the data, with or without zero, reversed or not (`.automatic(includesZero: false)`).
    public static func automatic(includesZero: Bool? = nil, reversed: Bool? = nil) -> AutomaticScaleDomain {
        AutomaticScaleDomain.automatic(includesZero: includesZero, reversed: reversed)
    }
}

/// The kind of a scale (the chart draws linear scales; a category domain is a band scale).
public struct ScaleType: Sendable, Equatable {
    let name: String
    /// Accepted so Swift Charts code compiles; the scale's kind comes from its values, not from `type`.
    public static var linear: ScaleType { .init(name: "linear") }
    /// Accepted so Swift Charts code compiles; the scale's kind comes from its values, not from `type`.
    public static var category: ScaleType { .init(name: "category") }
    /// Accepted so Swift Charts code compiles; the scale's kind comes from its values, not from `type`.
    public static var date: ScaleType { .init(name: "date") }
}

/// The plot area of a chart, as `chartPlotStyle { plot in plot.background(.gray.opacity(0.1)) }`
/// gets it: a view to put modifiers on.
public struct ChartPlotContent: _PrimitiveView {
    let node: Node
    /// Jetway's rendering entry point (the plot's element as the chart drew it); not for apps.
    public static func _render(_ view: ChartPlotContent, _ context: _RenderContext, _ out: inout [Node]) {
        out.append(view.node)
    }
}

extension View {
    func chartConfiguration(_ change: @escaping (inout ChartConfiguration) -> Void) -> some View {
        transformEnvironment(\.chartConfiguration, transform: change)
    }

    /// The marks along the x axis (`AxisMarks(values: .stride(by: .day))`).
    public func chartXAxis(@AxisContentBuilder content: () -> [AxisMarksSpec]) -> some View {
        let marks = content()
        return chartConfiguration { $0.xAxis = marks }
    }

    /// The marks along the y axis (`AxisMarks(position: .leading)`).
    public func chartYAxis(@AxisContentBuilder content: () -> [AxisMarksSpec]) -> some View {
        let marks = content()
        return chartConfiguration { $0.yAxis = marks }
    }

    /// Shows or hides the x axis.
    public func chartXAxis(_ visibility: Visibility) -> some View {
        chartConfiguration { $0.xAxisVisibility = visibility }
    }

    /// Shows or hides the y axis (hidden: no grid lines, ticks or labels).
    public func chartYAxis(_ visibility: Visibility) -> some View {
        chartConfiguration { $0.yAxisVisibility = visibility }
    }

    /// The values the x axis spans.
    public func chartXScale<D: ScaleDomain>(domain: D, type: ScaleType? = nil) -> some View {
        let domain = domain._domain
        return chartConfiguration { $0.xDomain = domain }
    }

    /// The values the y axis spans (`0...100`, categories in order, or `.automatic(includesZero: false)`); `type` is
    /// accepted and not used.
    public func chartYScale<D: ScaleDomain>(domain: D, type: ScaleType? = nil) -> some View {
        let domain = domain._domain
        return chartConfiguration { $0.yDomain = domain }
    }

    /// Shows or hides the legend (shown by default when marks are styled by a value).
    public func chartLegend(_ visibility: Visibility) -> some View {
        chartConfiguration { $0.legendVisibility = visibility }
    }

    /// Where the legend goes (`.top`, `.bottom`, `.leading`, `.trailing`) and how it aligns.
    public func chartLegend(position: AnnotationPosition = .automatic, alignment: Alignment? = nil, spacing: CGFloat? = nil) -> some View {
        chartConfiguration {
            $0.legendPosition = position
            $0.legendAlignment = alignment
            $0.legendSpacing = spacing.map(Double.init)
        }
    }

    /// A legend of your own.
    public func chartLegend<C: View>(
        position: AnnotationPosition = .automatic, alignment: Alignment? = nil, spacing: CGFloat? = nil,
        @ViewBuilder content: () -> C
    ) -> some View {
        let view = AnyView(content())
        return chartConfiguration {
            $0.legendPosition = position
            $0.legendAlignment = alignment
            $0.legendSpacing = spacing.map(Double.init)
            $0.legendContent = view
            $0.legendVisibility = .visible
        }
    }

    /// The colour of each value of `foregroundStyle(by:)`: `["Reps": .blue, "Weight": .orange]`.
    public func chartForegroundStyleScale<D: Plottable, S: ShapeStyle>(_ mapping: KeyValuePairs<D, S>) -> some View {
        let scale = ForegroundScale(domain: mapping.map(\.key.plotted), range: mapping.map(\.value), mapping: nil)
        return chartConfiguration { $0.foregroundScale = scale }
    }

    /// The colour of each value of `foregroundStyle(by:)`, from a dictionary; the legend lists the values in the
    /// dictionary's order, which is not fixed (`KeyValuePairs` keeps the order written).
    public func chartForegroundStyleScale<D: Plottable, S: ShapeStyle>(_ mapping: [D: S]) -> some View {
        let pairs = Array(mapping)
        let scale = ForegroundScale(domain: pairs.map(\.key.plotted), range: pairs.map(\.value), mapping: nil)
        return chartConfiguration { $0.foregroundScale = scale }
    }

    /// The colours `range` for the values `domain`, in turn (the legend lists `domain` in its order); `type` is accepted
    /// and not used.
    public func chartForegroundStyleScale<D: Plottable, S: ShapeStyle>(domain: [D], range: [S], type: ScaleType? = nil) -> some View {
        let scale = ForegroundScale(domain: domain.map(\.plotted), range: range, mapping: nil)
        return chartConfiguration { $0.foregroundScale = scale }
    }

    /// The colours `range`, taken in turn by the values in the order they first appear; `type` is accepted and not used.
    public func chartForegroundStyleScale<S: ShapeStyle>(range: [S], type: ScaleType? = nil) -> some View {
        let scale = ForegroundScale(domain: nil, range: range, mapping: nil)
        return chartConfiguration { $0.foregroundScale = scale }
    }

    /// The colour of each value from `mapping` (a value that cannot be read as `D` takes the default palette's colour).
    public func chartForegroundStyleScale<D: Plottable, S: ShapeStyle>(mapping: @escaping (D) -> S) -> some View {
        let scale = ForegroundScale(
            domain: nil, range: nil,
            mapping: { value in
                switch value {
                case .category(let name): (name as? D.PrimitivePlottable).flatMap { D(primitivePlottable: $0) }.map(mapping)
                case .date(let date): (date as? D.PrimitivePlottable).flatMap { D(primitivePlottable: $0) }.map(mapping)
                case .number(let number):
                    ((number as? D.PrimitivePlottable) ?? (Int(exactly: number) as? D.PrimitivePlottable))
                        .flatMap { D(primitivePlottable: $0) }.map(mapping)
                }
            })
        return chartConfiguration { $0.foregroundScale = scale }
    }

    /// Modifiers on the plot area (background, border, height).
    public func chartPlotStyle<C: View>(@ViewBuilder content: @escaping (ChartPlotContent) -> C) -> some View {
        chartConfiguration { $0.plotStyle = { AnyView(content($0)) } }
    }

    /// A title for the x axis, under its labels.
    public func chartXAxisLabel(
        _ label: String, position: AnnotationPosition = .automatic, alignment: Alignment? = nil, spacing: CGFloat? = nil
    ) -> some View {
        let text = AnyView(Text(verbatim: label))
        return chartConfiguration { $0.xAxisLabel = (text, alignment ?? .center) }
    }

    /// A view of your own as the x axis's title, under its labels (centred unless `alignment` says otherwise);
    /// `position` and `spacing` are accepted and not used.
    public func chartXAxisLabel<C: View>(
        position: AnnotationPosition = .automatic, alignment: Alignment? = nil, spacing: CGFloat? = nil, @ViewBuilder content: () -> C
    ) -> some View {
        let view = AnyView(content())
        return chartConfiguration { $0.xAxisLabel = (view, alignment ?? .center) }
    }

    /// A title for the y axis, over the plot.
    public func chartYAxisLabel(
        _ label: String, position: AnnotationPosition = .automatic, alignment: Alignment? = nil, spacing: CGFloat? = nil
    ) -> some View {
        let text = AnyView(Text(verbatim: label))
        return chartConfiguration { $0.yAxisLabel = (text, alignment ?? .leading) }
    }

    /// A view of your own as the y axis's title, over the plot (leading unless `alignment` says otherwise);
    /// `position` and `spacing` are accepted and not used.
    public func chartYAxisLabel<C: View>(
        position: AnnotationPosition = .automatic, alignment: Alignment? = nil, spacing: CGFloat? = nil, @ViewBuilder content: () -> C
    ) -> some View {
        let view = AnyView(content())
        return chartConfiguration { $0.yAxisLabel = (view, alignment ?? .leading) }
    }
}
