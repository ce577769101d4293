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
    case range(PlottedValue, PlottedValue)
    case categories([PlottedValue])
    case automatic(includesZero: Bool?, reversed: Bool)
}

/// A scale's domain (`chartYScale(domain: 0...100)`, `domain: ["Mon", "Tue"]`, `.automatic(includesZero: false)`).
public protocol ScaleDomain {
    var _domain: ScaleDomainValue { get }
}

extension ClosedRange: ScaleDomain where Bound: Plottable {
    public var _domain: ScaleDomainValue { .range(lowerBound.plotted, upperBound.plotted) }
}

extension Range: ScaleDomain where Bound: Plottable {
    public var _domain: ScaleDomainValue { .range(lowerBound.plotted, upperBound.plotted) }
}

extension Array: ScaleDomain where Element: Plottable {
    public var _domain: ScaleDomainValue { .categories(map(\.plotted)) }
}

/// The domain found in the data.
public struct AutomaticScaleDomain: ScaleDomain {
    let includesZero: Bool?
    let reversed: Bool
    public var _domain: ScaleDomainValue { .automatic(includesZero: includesZero, reversed: reversed) }
    public static var automatic: AutomaticScaleDomain { .init(includesZero: nil, reversed: false) }
    public static func automatic(includesZero: Bool? = nil, reversed: Bool? = nil) -> AutomaticScaleDomain {
        .init(includesZero: includesZero, reversed: reversed ?? false)
    }
}

extension ScaleDomain where Self == AutomaticScaleDomain {
    public static var automatic: AutomaticScaleDomain { AutomaticScaleDomain.automatic }
    public static func automatic(includesZero: Bool? = nil, reversed: Bool? = nil) -> AutomaticScaleDomain {
        AutomaticScaleDomain.automatic(includesZero: includesZero, reversed: reversed)
    }
}

/// The kind of a scale (the chart draws linear scales; a category domain is a band scale).
public struct ScaleType: Sendable, Equatable {
    let name: String
    public static var linear: ScaleType { .init(name: "linear") }
    public static var category: ScaleType { .init(name: "category") }
    public static var date: ScaleType { .init(name: "date") }
}

/// The plot area of a chart, as `chartPlotStyle { plot in plot.background(.gray.opacity(0.1)) }`
/// gets it: a view to put modifiers on.
public struct ChartPlotContent: _PrimitiveView {
    let node: Node
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

    public func chartYAxis(@AxisContentBuilder content: () -> [AxisMarksSpec]) -> some View {
        let marks = content()
        return chartConfiguration { $0.yAxis = marks }
    }

    /// Shows or hides the x axis.
    public func chartXAxis(_ visibility: Visibility) -> some View {
        chartConfiguration { $0.xAxisVisibility = visibility }
    }

    public func chartYAxis(_ visibility: Visibility) -> some View {
        chartConfiguration { $0.yAxisVisibility = visibility }
    }

    /// The values the x axis spans.
    public func chartXScale<D: ScaleDomain>(domain: D, type: ScaleType? = nil) -> some View {
        let domain = domain._domain
        return chartConfiguration { $0.xDomain = domain }
    }

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

    public func chartForegroundStyleScale<D: Plottable, S: ShapeStyle>(_ mapping: [D: S]) -> some View {
        let pairs = Array(mapping)
        let scale = ForegroundScale(domain: pairs.map(\.key.plotted), range: pairs.map(\.value), mapping: nil)
        return chartConfiguration { $0.foregroundScale = scale }
    }

    public func chartForegroundStyleScale<D: Plottable, S: ShapeStyle>(domain: [D], range: [S], type: ScaleType? = nil) -> some View {
        let scale = ForegroundScale(domain: domain.map(\.plotted), range: range, mapping: nil)
        return chartConfiguration { $0.foregroundScale = scale }
    }

    public func chartForegroundStyleScale<S: ShapeStyle>(range: [S], type: ScaleType? = nil) -> some View {
        let scale = ForegroundScale(domain: nil, range: range, mapping: nil)
        return chartConfiguration { $0.foregroundScale = scale }
    }

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

    public func chartYAxisLabel<C: View>(
        position: AnnotationPosition = .automatic, alignment: Alignment? = nil, spacing: CGFloat? = nil, @ViewBuilder content: () -> C
    ) -> some View {
        let view = AnyView(content())
        return chartConfiguration { $0.yAxisLabel = (view, alignment ?? .leading) }
    }
}
