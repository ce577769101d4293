import Foundation
import Jetway

/// A grid line across the plot: at `fraction` of x (a vertical line) or of y from the bottom.
struct AxisLine {
    let fraction: Double
    let horizontal: Bool
    let stroke: StrokeStyle?
    let style: (any ShapeStyle)?
}

/// An axis's label at a place along it: text, or the app's view.
struct AxisLabel {
    let fraction: Double
    let text: String?
    let view: AnyView?
    let style: (any ShapeStyle)?
    let font: Font?
    let key: PlottedValue
}

/// What one axis draws: grid lines in the plot, ticks and labels beside it.
struct AxisLayout {
    var gridLines: [AxisLine] = []
    var ticks: [(fraction: Double, length: Double)] = []
    var labels: [AxisLabel] = []
    var side = AxisMarkPosition.Side.automatic
}

extension ChartRenderer {
    /// Lays out an axis's marks from `specs` (the defaults when the app gave none).
    func axis(specs: [AxisMarksSpec]?, visibility: Visibility, scale: ChartScale, horizontal: Bool, timeZone: TimeZone) -> AxisLayout {
        var layout = AxisLayout()
        guard visibility != .hidden else { return layout }
        let marks = specs ?? [AxisMarksSpec(position: .automatic, values: .automatic, explicit: nil, content: nil, format: nil)]
        for spec in marks {
            if spec.position.side != .automatic { layout.side = spec.position.side }
            let values = spec.explicit ?? scale.ticks(spec.values, desired: horizontal ? 5 : 4, timeZone: timeZone)
            let numbers = values.compactMap(\.number)
            let spacing = zip(numbers, numbers.dropFirst()).map { abs($1 - $0) }.min() ?? 86_400
            for (index, value) in values.enumerated() {
                // A category on a band scale is found by its name (an Int category by its text).
                let probe: PlottedValue = scale.isBand ? .category(value.text) : value
                guard let place = scale.position(probe), place >= -0.0001, place <= 1.0001 else { continue }
                let axisValue = AxisValue(plotted: value, index: index, count: values.count)
                let components: [AxisComponent]
                if let content = spec.content {
                    components = content(axisValue)
                } else if scale.isBand {
                    components = [.tick(length: 4, stroke: nil, style: nil), .label(nil, format: spec.format, style: nil, font: nil)]
                } else {
                    components = [.gridLine(stroke: nil, style: nil), .label(nil, format: spec.format, style: nil, font: nil)]
                }
                for component in components {
                    switch component {
                    case .gridLine(let stroke, let style):
                        layout.gridLines.append(
                            AxisLine(fraction: horizontal ? place : 1 - place, horizontal: horizontal, stroke: stroke, style: style))
                    case .tick(let length, _, _):
                        if horizontal { layout.ticks.append((place, length)) }
                    case .label(let view, let format, let style, let font):
                        let text: String? =
                            if view != nil { nil } else if let format = format ?? spec.format {
                                format(value)
                            } else if case .date(let date) = value {
                                ChartScale.dateLabel(date, spacing: spacing, timeZone: timeZone)
                            } else { value.text }
                        layout.labels.append(
                            AxisLabel(
                                fraction: horizontal ? place : 1 - place, text: text, view: view, style: style, font: font, key: value))
                    }
                }
            }
        }
        return layout
    }

    /// The x axis's labels (and ticks) in a strip under (or over) the plot.
    func xLabelStrip(_ axis: AxisLayout, top: Bool, _ context: _RenderContext) -> Node {
        let node = context.element("div")
        node.setAttribute("aria-hidden", "true")
        node.addStyle("grid-column:2;grid-row:\(top ? 1 : 3);position:relative;min-height:6px")
        let inside = context.insideElement()
        var children: [Node] = []
        // One hidden line gives the strip its height.
        let sizer = inside.structural(0).element("div")
        sizer.addStyle("visibility:hidden;white-space:nowrap;padding-\(top ? "bottom" : "top"):6px")
        sizer.text = axis.labels.isEmpty ? "" : "0"
        children.append(sizer)
        for (offset, tick) in axis.ticks.enumerated() {
            let mark = inside.structural(1000 + offset).element("div")
            mark.addStyle(
                "position:absolute;\(top ? "bottom" : "top"):0;left:\(ChartFormat.css(tick.fraction * 100))%;height:\(ChartFormat.css(tick.length))px;border-left:1px solid \(SeparatorShapeStyle().css)"
            )
            children.append(mark)
        }
        for (offset, label) in axis.labels.enumerated() {
            let labelContext = inside.structural(2000 + offset)
            let item = labelContext.element("div")
            item.addStyle(
                "position:absolute;\(top ? "bottom" : "top"):6px;left:\(ChartFormat.css(label.fraction * 100))%;translate:-50% 0;white-space:nowrap"
                    + labelStyle(label))
            fill(item, label, labelContext)
            children.append(item)
        }
        node.children = children
        return node
    }

    /// The y axis's labels in a column beside the plot (trailing unless the marks say leading).
    func yLabelStrip(_ axis: AxisLayout, leading: Bool, _ context: _RenderContext) -> Node {
        let node = context.element("div")
        node.setAttribute("aria-hidden", "true")
        node.addStyle("grid-column:\(leading ? 1 : 3);grid-row:2;position:relative;min-width:1.5em")
        let inside = context.insideElement()
        var children: [Node] = []
        // The labels' texts, hidden, give the column its width.
        let sizer = inside.structural(0).element("div")
        sizer.addStyle("visibility:hidden;height:0;overflow:hidden;white-space:pre;padding-\(leading ? "right" : "left"):6px")
        sizer.text = axis.labels.compactMap(\.text).joined(separator: "\n")
        children.append(sizer)
        for (offset, label) in axis.labels.enumerated() {
            let labelContext = inside.structural(2000 + offset)
            let item = labelContext.element("div")
            item.addStyle(
                "position:absolute;top:\(ChartFormat.css(label.fraction * 100))%;\(leading ? "right:6px" : "left:6px");translate:0 -50%;white-space:nowrap"
                    + labelStyle(label))
            fill(item, label, labelContext)
            children.append(item)
        }
        node.children = children
        return node
    }

    func labelStyle(_ label: AxisLabel) -> String {
        var style = ""
        if let paint = label.style, !paint.isGradient { style += ";color:\(paint.css)" }
        return style
    }

    func fill(_ item: Node, _ label: AxisLabel, _ context: _RenderContext) {
        if let view = label.view {
            context.renderChildren(view, into: item)
        } else if let font = label.font {
            context.renderChildren(Text(verbatim: label.text ?? "").font(font), into: item)
        } else {
            item.text = label.text
        }
    }
}
