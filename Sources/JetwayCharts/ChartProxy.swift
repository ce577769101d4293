import Foundation
import Jetway

/// The chart's scales and plot, as `chartOverlay { proxy in … }` and `chartBackground` get
/// them: where a value is drawn and which value is at a point. The layer the closure's views go
/// in covers the plot exactly, so `plotFrame` is the layer's own bounds (`geometry[anchor]`
/// in a `GeometryReader` there), and `plotSize` is what the browser measured.
public struct ChartProxy {
    let xScale: ChartScale?
    let yScale: ChartScale?
    /// The plot's size (zero until the browser has measured it).
    public let plotSize: CGSize

    /// The plot area, in the coordinates of a `GeometryReader` in the layer.
    public var plotFrame: Anchor<CGRect>? { ._readerBounds }
    /// The plot area (the older name).
    public var plotAreaFrame: Anchor<CGRect> { ._readerBounds }
    /// The plot's container: in Jetway the same bounds as `plotFrame` (the layer covers the plot exactly).
    public var plotContainerFrame: Anchor<CGRect>? { ._readerBounds }
    /// The plot's size (the older name of `plotSize`).
    public var plotAreaSize: CGSize { plotSize }

    /// Where `value` is along x, in points from the plot's leading edge.
    public func position<P: Plottable>(forX value: P) -> CGFloat? {
        xScale?.position(value.plotted).map { CGFloat($0) * plotSize.width }
    }

    /// Where `value` is along y, in points from the plot's top.
    public func position<P: Plottable>(forY value: P) -> CGFloat? {
        yScale?.position(value.plotted).map { CGFloat(1 - $0) * plotSize.height }
    }

    /// Where the pair `value` is drawn, in points from the plot's top leading corner; nil when either value is not on its
    /// scale (and in a pie, which has no x or y scale).
    public func position<X: Plottable, Y: Plottable>(for value: (x: X, y: Y)) -> CGPoint? {
        guard let x = position(forX: value.x), let y = position(forY: value.y) else { return nil }
        return CGPoint(x: x, y: y)
    }

    /// The value at `x` points from the plot's leading edge (a category: the band it falls in).
    public func value<P: Plottable>(atX x: CGFloat, as type: P.Type = P.self) -> P? {
        guard let scale = xScale, plotSize.width > 0 else { return nil }
        return Self.value(at: Double(x / plotSize.width), scale)
    }

    /// The value at `y` points from the plot's top.
    public func value<P: Plottable>(atY y: CGFloat, as type: P.Type = P.self) -> P? {
        guard let scale = yScale, plotSize.height > 0 else { return nil }
        return Self.value(at: 1 - Double(y / plotSize.height), scale)
    }

    /// The x and y values at `location` in the plot, or nil when either cannot be read as its type (also before the browser
    /// has measured the plot, and in a pie).
    public func value<X: Plottable, Y: Plottable>(at location: CGPoint, as type: (X, Y).Type = (X, Y).self) -> (X, Y)? {
        guard let x: X = value(atX: location.x), let y: Y = value(atY: location.y) else { return nil }
        return (x, y)
    }

    static func value<P: Plottable>(at fraction: Double, _ scale: ChartScale) -> P? {
        let fraction = scale.reversed ? 1 - fraction : fraction
        switch scale.kind {
        case .band(let categories):
            guard !categories.isEmpty else { return nil }
            let index = min(max(Int(fraction * Double(categories.count)), 0), categories.count - 1)
            return AxisValue(plotted: categories[index], index: index, count: categories.count).as(P.self)
        case .linear(let low, let high, let dates):
            let number = low + fraction * (high - low)
            let plotted: PlottedValue = dates ? .date(Date(timeIntervalSinceReferenceDate: number)) : .number(number)
            return AxisValue(plotted: plotted, index: 0, count: 1).as(P.self)
        }
    }
}

extension View {
    /// Views behind the marks, over the plot: a donut's total in its middle.
    public func chartBackground<V: View>(alignment: Alignment = .center, @ViewBuilder content: @escaping (ChartProxy) -> V) -> some View {
        chartConfiguration { $0.background = { AnyView(content($0)) } }
    }

    /// Views over the marks, on the plot: a selection's rule, a drag to read values.
    public func chartOverlay<V: View>(alignment: Alignment = .center, @ViewBuilder content: @escaping (ChartProxy) -> V) -> some View {
        chartConfiguration { $0.overlay = { AnyView(content($0)) } }
    }
}

extension ChartRenderer {
    /// A layer over the whole plot with the app's views for the chart's proxy, measured by the
    /// browser so the proxy knows the plot's size.
    func proxyLayer(_ content: @escaping (ChartProxy) -> AnyView, xScale: ChartScale?, yScale: ChartScale?, _ context: _RenderContext)
        -> Node
    {
        let node = context.element("div")
        node.addStyle("position:absolute;inset:0;display:flex")
        context.renderChildren(
            GeometryReader { geometry in
                content(ChartProxy(xScale: xScale, yScale: yScale, plotSize: geometry.size))
            }, into: node)
        return node
    }
}
