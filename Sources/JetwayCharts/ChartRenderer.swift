import Foundation
import Jetway
import JetwayWire

/// Lays a chart's marks out on its scales and writes the page's elements: the plot (HTML boxes
/// for bars, rectangles, rules and points; SVG for lines, areas and sectors), the axes' grid
/// lines and labels, annotations and the legend. Positions are percentages of the plot (and
/// `cqmin` for pies), so the chart needs no measuring: the first paint is the whole chart.
@MainActor
struct ChartRenderer {
    let marks: [ResolvedMark]
    let configuration: ChartConfiguration
    let context: _RenderContext

    static let palette: [Color] = [.blue, .green, .orange, .purple, .red, .cyan, .yellow, .brown, .pink, .indigo, .mint, .teal]

    // MARK: Colours and series

    /// The values of `foregroundStyle(by:)`, in the scale's order.
    var seriesDomain: [PlottedValue] {
        var seen = Set<PlottedValue>()
        var values: [PlottedValue] = []
        for value in configuration.foregroundScale?.domain ?? [] where seen.insert(value).inserted { values.append(value) }
        for mark in marks { if let value = mark.style.foregroundBy?.value, seen.insert(value).inserted { values.append(value) } }
        return values
    }

    func paint(of value: PlottedValue, in domain: [PlottedValue]) -> any ShapeStyle {
        let scale = configuration.foregroundScale
        if let mapped = scale?.mapping?(value) { return mapped }
        let index = domain.firstIndex(of: value) ?? 0
        if let range = scale?.range, !range.isEmpty { return range[index % range.count] }
        return Self.palette[index % Self.palette.count]
    }

    func paint(of mark: ResolvedMark, _ domain: [PlottedValue]) -> any ShapeStyle {
        if let style = mark.style.foreground { return style }
        if let value = mark.style.foregroundBy?.value { return paint(of: value, in: domain) }
        return Self.palette[0]
    }

    /// Which line or area a mark belongs to.
    static func seriesKey(_ mark: ResolvedMark) -> PlottedValue? {
        mark.series?.value ?? mark.style.foregroundBy?.value ?? mark.style.lineStyleBy?.value ?? mark.style.symbolBy?.value
    }

    // MARK: Rendering

    func render(_ out: inout [Node]) {
        // A chart takes the room it is offered, as in SwiftUI: its frame and stacks stretch it.
        let root = context.element("div", "\(StyleClass.fillW) \(StyleClass.fillH)")
        root.setAttribute("role", "figure")
        root.setAttribute("aria-label", "Chart")
        // The legend above, below (the default), or beside the plot.
        let side = configuration.legendPosition.side
        let beside = side == .leading || side == .trailing
        root.addStyle(
            "display:flex;flex-direction:\(beside ? "row" : "column");gap:8px;width:100%;height:100%;box-sizing:border-box;font-size:11px")
        let inside = context.insideElement()
        let domain = seriesDomain
        let legendShown =
            configuration.legendVisibility == .visible
            || (configuration.legendVisibility == .automatic && marks.contains { $0.style.foregroundBy != nil })
        let legendFirst = side == .top || side == .leading || side == .topLeading || side == .topTrailing
        var children: [Node] = []
        if legendShown, legendFirst { children.append(legend(inside.structural(1), domain, vertical: beside)) }
        if !marks.isEmpty, marks.allSatisfy({ $0.kind == .sector }) {
            children.append(pie(inside.structural(2), domain))
        } else {
            children.append(cartesian(inside.structural(3), domain))
        }
        if legendShown, !legendFirst { children.append(legend(inside.structural(1), domain, vertical: beside)) }
        root.children = children
        out.append(root)
    }

    /// The plot in its cell, with the app's `chartPlotStyle` around it.
    func styledPlot(_ plot: Node, _ context: _RenderContext) -> [Node] {
        guard let style = configuration.plotStyle else { return [plot] }
        var nodes: [Node] = []
        AnyView._render(style(ChartPlotContent(node: plot)), context, &nodes)
        return nodes
    }

    func legend(_ context: _RenderContext, _ domain: [PlottedValue], vertical: Bool = false) -> Node {
        let node = context.element("div")
        let align: String =
            switch configuration.legendAlignment?.horizontal {
            case .some(.center): "center"
            case .some(.trailing): "flex-end"
            default: "flex-start"
            }
        node.addStyle(
            "display:flex;flex-direction:\(vertical ? "column" : "row");flex-wrap:wrap;gap:\(ChartFormat.css(configuration.legendSpacing ?? 12))px;justify-content:\(vertical ? "center" : align);align-items:\(vertical ? "flex-start" : "center");color:\(Color.secondary.css)"
        )
        let inside = context.insideElement()
        if let content = configuration.legendContent {
            var nodes: [Node] = []
            AnyView._render(content, inside.structural(0), &nodes)
            node.children = nodes
            return node
        }
        let pointsOnly = marks.allSatisfy { $0.kind == .point }
        node.children = domain.enumerated().map { index, value in
            let item = inside.explicit(value).element("span")
            item.addStyle("display:inline-flex;align-items:center;gap:4px")
            let itemInside = inside.explicit(value).insideElement()
            let swatch = itemInside.structural(0).element("span")
            swatch.setAttribute("aria-hidden", "true")
            let clip = pointsOnly ? symbolShape(index: index, value: value).polygon : nil
            swatch.addStyle(
                "width:8px;height:8px;display:inline-block;background:\(paint(of: value, in: domain).css);border-radius:\(clip == nil ? "50%" : "0")"
                    + (clip.map { ";clip-path:\($0)" } ?? ""))
            let label = itemInside.structural(1).element("span")
            label.text = value.text
            item.children = [swatch, label]
            return item
        }
        return node
    }

    func symbolShape(index: Int, value: PlottedValue?) -> BasicChartSymbolShape {
        BasicChartSymbolShape.cycle[index % BasicChartSymbolShape.cycle.count]
    }
}

/// A length in CSS: a percentage of the plot plus points.
struct PlotLength {
    var fraction: Double
    var points: Double = 0
    var css: String {
        if points == 0 { return "\(ChartFormat.css(fraction * 100))%" }
        return "calc(\(ChartFormat.css(fraction * 100))% + \(ChartFormat.css(points))px)"
    }
}
