import Foundation
import Jetway

/// A mark placed on the plot: its box (or point) in fractions of the plot, y from the top.
struct PlacedMark {
    let index: Int
    var left = PlotLength(fraction: 0)
    var top = PlotLength(fraction: 0)
    var width = PlotLength(fraction: 0)
    var height = PlotLength(fraction: 0)
    /// Where an annotation is anchored, and the side it goes on when it says `.automatic`.
    var anchor = (x: 0.0, y: 0.0)
    var automaticSide = AnnotationPosition.top
}

extension ChartRenderer {
    /// Whether a bar (or an area) stands up from the x axis (its value on y).
    static func isVertical(_ mark: ResolvedMark) -> Bool {
        if mark.yStart != nil { return true }
        if mark.xStart != nil { return false }
        guard let x = mark.x else { return true }
        guard let y = mark.y else { return false }
        if case .category = y.value { return false }
        if case .date = y.value, case .number = x.value { return false }
        return true
    }

    static func isCategory(_ field: PlottedField?) -> Bool {
        if case .category? = field?.value { return true }
        return false
    }

    /// The length of a date unit, in seconds.
    static func unitLength(_ unit: Calendar.Component?, at date: PlottedValue) -> Double? {
        guard let unit, case .date(let start) = date else { return nil }
        return Calendar.current.dateInterval(of: unit, for: start)?.duration
    }

    func cartesian(_ context: _RenderContext, _ domain: [PlottedValue]) -> Node {
        // The stacked extent of each bar and area on its value axis.
        var spans: [Int: (low: Double, high: Double)] = [:]
        var stacks: [PlottedValue: (positive: Double, negative: Double)] = [:]
        var totals: [PlottedValue: Double] = [:]
        let stackable = marks.indices.filter { index in
            let mark = marks[index]
            return (mark.kind == .bar || mark.kind == .area) && mark.stacking != .unstacked && mark.style.positionBy == nil
                && mark.yStart == nil && mark.xStart == nil
        }
        func place(_ mark: ResolvedMark) -> (PlottedValue, Double)? {
            let vertical = Self.isVertical(mark)
            let key = (vertical ? mark.x?.value : mark.y?.value) ?? .category("")
            guard let value = (vertical ? mark.y?.value : mark.x?.value)?.number else { return nil }
            return (key, value)
        }
        for index in stackable { if let (key, value) = place(marks[index]) { totals[key, default: 0] += abs(value) } }
        for index in stackable {
            guard let (key, raw) = place(marks[index]) else { continue }
            let mark = marks[index]
            let total = totals[key] ?? 1
            var value = raw
            if mark.stacking == .normalized { value = total == 0 ? 0 : raw / total }
            var stack = stacks[key] ?? (mark.stacking == .center ? (-total / 2, -total / 2) : (0, 0))
            if value >= 0 {
                spans[index] = (stack.positive, stack.positive + value)
                stack.positive += value
            } else {
                spans[index] = (stack.negative + value, stack.negative)
                stack.negative += value
            }
            stacks[key] = stack
        }
        // The values each axis must show.
        var xValues: [PlottedValue] = []
        var yValues: [PlottedValue] = []
        var barsOnLinearX: [Double] = []
        var unitEnds: [PlottedValue] = []
        var xWantsZero = false
        for (index, mark) in marks.enumerated() {
            let vertical = Self.isVertical(mark)
            if let span = spans[index] {
                if vertical {
                    yValues += [.number(span.low), .number(span.high)]
                    if let x = mark.x { xValues.append(x.value) }
                } else {
                    xValues += [.number(span.low), .number(span.high)]
                    xWantsZero = true
                    if let y = mark.y { yValues.append(y.value) }
                }
            } else {
                xValues += [mark.x, mark.xStart, mark.xEnd].compactMap { $0?.value }
                yValues += [mark.y, mark.yStart, mark.yEnd].compactMap { $0?.value }
                if mark.kind == .bar, !vertical, mark.xStart == nil { xWantsZero = true; xValues.append(.number(0)) }
            }
            if mark.kind == .bar || mark.kind == .rectangle, vertical, let x = mark.x, !Self.isCategory(x) {
                if let length = Self.unitLength(x.unit, at: x.value), let start = x.value.number {
                    unitEnds.append(.date(Date(timeIntervalSinceReferenceDate: start + length)))
                } else if let number = x.value.number {
                    barsOnLinearX.append(number)
                }
            }
        }
        let sorted = Array(Set(barsOnLinearX)).sorted()
        let spacing = zip(sorted, sorted.dropFirst()).map { $1 - $0 }.min() ?? (sorted.isEmpty ? 0 : 1)
        let xScale = ChartScale.make(
            values: xValues + unitEnds, domain: configuration.xDomain, includesZero: xWantsZero, padding: sorted.isEmpty ? 0 : spacing / 2)
        let yScale = ChartScale.make(values: yValues, domain: configuration.yDomain, includesZero: true)
        // The zone dates are marked in: read only for an axis of dates (a chart of numbers is the
        // same for visitors of every zone, who may then share its page).
        let timeZone = xScale.isDates || yScale.isDates ? context.environment.timeZone : context.environment.timeZoneUnnoted

        let wrapper = context.element("div")
        wrapper.addStyle("display:flex;flex-direction:column;gap:4px;flex:1 1 auto;min-height:0")
        let inside = context.insideElement()
        var wrapperChildren: [Node] = []
        if let title = configuration.yAxisLabel {
            wrapperChildren.append(axisTitle(title.text, title.alignment, inside.structural(0)))
        }
        let grid = inside.structural(1).element("div")
        grid.addStyle(
            "display:grid;grid-template-columns:auto minmax(0,1fr) auto;grid-template-rows:auto minmax(0,1fr) auto;flex:1 1 auto;min-height:80px;color:\(Color.secondary.css)"
        )
        // Annotations over the highest marks need room above the plot (Swift Charts pads its scale).
        if marks.contains(where: { $0.style.annotations.contains { [.automatic, .top, .topLeading, .topTrailing].contains($0.position) } })
        {
            grid.addStyle("padding-top:1.4em")
        }
        let gridInside = inside.structural(1).insideElement()

        // The plot.
        let plotContext = gridInside.structural(10)
        let plot = plotContext.element("div")
        plot.addStyle("position:relative;width:100%;height:100%;min-height:60px;box-sizing:border-box")
        let plotInside = plotContext.insideElement()
        var plotChildren: [Node] = []

        // Axes: their grid lines in the plot, their labels beside it.
        let xAxis = axis(
            specs: configuration.xAxis, visibility: configuration.xAxisVisibility, scale: xScale, horizontal: true, timeZone: timeZone)
        let yAxis = axis(
            specs: configuration.yAxis, visibility: configuration.yAxisVisibility, scale: yScale, horizontal: false, timeZone: timeZone)
        if let background = configuration.background {
            plotChildren.append(proxyLayer(background, xScale: xScale, yScale: yScale, plotInside.structural(1)))
        }
        for (offset, line) in (xAxis.gridLines + yAxis.gridLines).enumerated() {
            plotChildren.append(gridLine(line, plotInside.structural(100 + offset)))
        }

        // Marks, lowest `zIndex` first.
        let order = marks.indices.sorted { (marks[$0].style.zIndex, $0) < (marks[$1].style.zIndex, $1) }
        var placed: [PlacedMark] = []
        var drawnSeries = Set<String>()
        let groups = positionGroups()
        for index in order {
            let mark = marks[index]
            let markContext = plotInside.structural(10_000 + index)
            switch mark.kind {
            case .line, .area:
                let key = "\(mark.kind)|\(Self.seriesKey(mark)?.text ?? "")"
                if drawnSeries.insert(key).inserted {
                    plotChildren.append(
                        contentsOf: series(of: index, key: key, xScale: xScale, yScale: yScale, spans: spans, domain, markContext))
                }
                if let point = pointPosition(mark, xScale, yScale, spans[index]) {
                    var at = PlacedMark(index: index)
                    at.anchor = point
                    placed.append(at)
                    if mark.kind == .line, mark.style.symbol != nil || mark.style.symbolBy != nil {
                        plotChildren.append(pointNode(mark, at: point, domain, plotInside.structural(20_000 + index)))
                    }
                }
            case .point:
                guard let point = pointPosition(mark, xScale, yScale, nil) else { continue }
                var at = PlacedMark(index: index)
                at.anchor = point
                placed.append(at)
                plotChildren.append(pointNode(mark, at: point, domain, markContext))
            case .bar, .rectangle:
                guard let box = box(of: mark, index, xScale, yScale, spans[index], spacing: spacing, groups: groups) else { continue }
                placed.append(box)
                plotChildren.append(boxNode(mark, box, domain, markContext))
            case .rule:
                guard let rule = rule(of: mark, index, xScale, yScale) else { continue }
                placed.append(rule)
                plotChildren.append(ruleNode(mark, rule, domain, markContext))
            case .sector:
                continue
            }
        }
        // Annotations, over the marks.
        for at in placed {
            for (offset, annotation) in marks[at.index].style.annotations.enumerated() {
                plotChildren.append(annotationNode(annotation, at, plotInside.structural(30_000 + at.index * 16 + offset)))
            }
        }
        if let overlay = configuration.overlay {
            plotChildren.append(proxyLayer(overlay, xScale: xScale, yScale: yScale, plotInside.structural(2)))
        }
        plot.children = plotChildren

        var gridChildren: [Node] = []
        let plotCell = gridInside.structural(11).element("div")
        plotCell.addStyle("grid-column:2;grid-row:2;min-width:0;min-height:0;display:flex;flex-direction:column")
        plotCell.children = styledPlot(plot, gridInside.structural(11).insideElement())
        gridChildren.append(plotCell)
        if !xAxis.labels.isEmpty || !xAxis.ticks.isEmpty {
            gridChildren.append(xLabelStrip(xAxis, top: xAxis.side == .top, gridInside.structural(12)))
        }
        if !yAxis.labels.isEmpty {
            gridChildren.append(yLabelStrip(yAxis, leading: yAxis.side == .leading, gridInside.structural(13)))
        }
        grid.children = gridChildren
        wrapperChildren.append(grid)
        if let title = configuration.xAxisLabel {
            wrapperChildren.append(axisTitle(title.text, title.alignment, inside.structural(2)))
        }
        wrapper.children = wrapperChildren
        return wrapper
    }

    /// The values of `position(by:)`, in order, for bars put side by side.
    func positionGroups() -> [PlottedValue] {
        var seen = Set<PlottedValue>()
        var values: [PlottedValue] = []
        for mark in marks { if let value = mark.style.positionBy?.value, seen.insert(value).inserted { values.append(value) } }
        return values
    }

    // MARK: Places

    func pointPosition(_ mark: ResolvedMark, _ xScale: ChartScale, _ yScale: ChartScale, _ span: (low: Double, high: Double)?) -> (
        x: Double, y: Double
    )? {
        let x = mark.x.flatMap { xScale.position($0.value) } ?? (mark.x == nil ? 0.5 : nil)
        var yFraction: Double?
        if let span {
            yFraction = yScale.position(number: span.high)
        } else if let y = mark.y {
            yFraction = yScale.position(y.value)
        } else if let end = mark.yEnd {
            yFraction = yScale.position(end.value)
        } else {
            yFraction = 0.5
        }
        guard let x, let yFraction else { return nil }
        return (x, 1 - yFraction)
    }

    func box(
        of mark: ResolvedMark, _ index: Int, _ xScale: ChartScale, _ yScale: ChartScale, _ span: (low: Double, high: Double)?,
        spacing: Double, groups: [PlottedValue]
    ) -> PlacedMark? {
        var placed = PlacedMark(index: index)
        let vertical = Self.isVertical(mark)
        // Along one axis: the range a mark covers, as fractions (start, end) plus a fixed size.
        func extent(
            _ field: PlottedField?, start: PlottedField?, end: PlottedField?, scale: ChartScale, dimension: MarkDimension,
            value: (low: Double, high: Double)?, isValueAxis: Bool
        ) -> (start: PlotLength, size: PlotLength)? {
            if let value, isValueAxis {
                let a = scale.position(number: value.low)
                let b = scale.position(number: value.high)
                return (PlotLength(fraction: min(a, b)), PlotLength(fraction: abs(b - a)))
            }
            if let start, let end, let a = scale.position(start.value), let b = scale.position(end.value) {
                return (PlotLength(fraction: min(a, b)), PlotLength(fraction: abs(b - a)))
            }
            guard let field else { return (PlotLength(fraction: 0), PlotLength(fraction: 1)) }
            if isValueAxis, mark.kind == .bar, let number = field.value.number {
                let a = scale.position(number: 0)
                let b = scale.position(number: number)
                return (PlotLength(fraction: min(a, b)), PlotLength(fraction: abs(b - a)))
            }
            guard let center = scale.position(field.value) else { return nil }
            // The room a mark has here: a band, a date unit, or the data's spacing.
            var room = scale.bandWidth
            if room == 0 {
                if let length = Self.unitLength(field.unit, at: field.value), let number = field.value.number {
                    let a = scale.position(number: number)
                    let b = scale.position(number: number + length)
                    room = abs(b - a)
                    let inset = room * 0.1
                    return (PlotLength(fraction: min(a, b) + inset), PlotLength(fraction: room - 2 * inset))
                }
                let a = scale.position(number: 0)
                let b = scale.position(number: spacing)
                room = abs(b - a)
            }
            var size = PlotLength(fraction: room * (mark.kind == .rectangle && scale.isBand ? 1 : 0.7))
            switch dimension.kind {
            case .fixed(let points): size = PlotLength(fraction: 0, points: points)
            case .ratio(let ratio): size = PlotLength(fraction: room * ratio)
            case .inset(let inset): size = PlotLength(fraction: room, points: -2 * inset)
            case .automatic:
                if mark.kind == .rectangle, !scale.isBand { size = PlotLength(fraction: 0, points: 20) }
            }
            var start = PlotLength(fraction: center - size.fraction / 2, points: -size.points / 2)
            if let group = mark.style.positionBy?.value, let slot = groups.firstIndex(of: group), groups.count > 1 {
                size.fraction /= Double(groups.count)
                size.points /= Double(groups.count)
                start.fraction += size.fraction * Double(slot)
                start.points += size.points * Double(slot)
            }
            return (start, size)
        }
        let xIsValue = !vertical && mark.kind == .bar
        let yIsValue = vertical && mark.kind == .bar
        guard
            let horizontal = extent(
                mark.x, start: mark.xStart, end: mark.xEnd, scale: xScale, dimension: mark.width, value: xIsValue ? span : nil,
                isValueAxis: xIsValue),
            let upright = extent(
                mark.y, start: mark.yStart, end: mark.yEnd, scale: yScale, dimension: mark.height, value: yIsValue ? span : nil,
                isValueAxis: yIsValue)
        else { return nil }
        placed.left = horizontal.start
        placed.width = horizontal.size
        // y grows upwards: the box's top is 1 - (start + size).
        placed.top = PlotLength(
            fraction: 1 - upright.start.fraction - upright.size.fraction, points: -upright.start.points - upright.size.points)
        placed.height = upright.size
        let centerX = horizontal.start.fraction + horizontal.size.fraction / 2
        if vertical || mark.kind == .rectangle {
            placed.anchor = (centerX, placed.top.fraction)
            placed.automaticSide = .top
        } else {
            placed.anchor = (horizontal.start.fraction + horizontal.size.fraction, 1 - upright.start.fraction - upright.size.fraction / 2)
            placed.automaticSide = .trailing
        }
        return placed
    }

    func rule(of mark: ResolvedMark, _ index: Int, _ xScale: ChartScale, _ yScale: ChartScale) -> PlacedMark? {
        var placed = PlacedMark(index: index)
        if let y = mark.y, mark.x == nil {
            guard let fraction = yScale.position(y.value) else { return nil }
            let a = mark.xStart.flatMap { xScale.position($0.value) } ?? 0
            let b = mark.xEnd.flatMap { xScale.position($0.value) } ?? 1
            placed.left = PlotLength(fraction: min(a, b))
            placed.width = PlotLength(fraction: abs(b - a))
            placed.top = PlotLength(fraction: 1 - fraction)
            placed.anchor = (min(a, b), 1 - fraction)
            placed.automaticSide = .top
        } else if let x = mark.x {
            guard let fraction = xScale.position(x.value) else { return nil }
            let a = mark.yStart.flatMap { yScale.position($0.value) } ?? 0
            let b = mark.yEnd.flatMap { yScale.position($0.value) } ?? 1
            placed.left = PlotLength(fraction: fraction)
            placed.top = PlotLength(fraction: 1 - max(a, b))
            placed.height = PlotLength(fraction: abs(b - a))
            placed.anchor = (fraction, 1 - max(a, b))
            placed.automaticSide = .top
        } else {
            return nil
        }
        return placed
    }

    // MARK: Elements

    func accessibilityText(_ mark: ResolvedMark) -> String {
        if let label = mark.style.accessibilityLabel {
            return label + (mark.style.accessibilityValue.map { ", \($0)" } ?? "")
        }
        var parts: [String] = []
        for field in [mark.x, mark.xStart, mark.xEnd, mark.y, mark.yStart, mark.yEnd, mark.angle, mark.style.foregroundBy] {
            if let field, !parts.contains("\(field.label): \(field.value.text)") { parts.append("\(field.label): \(field.value.text)") }
        }
        if let value = mark.style.accessibilityValue { parts.append(value) }
        return parts.joined(separator: ", ")
    }

    func describe(_ node: Node, _ mark: ResolvedMark) {
        if mark.style.accessibilityHidden {
            node.setAttribute("aria-hidden", "true")
        } else {
            node.setAttribute("role", "img")
            node.setAttribute("aria-label", accessibilityText(mark))
        }
    }

    func boxNode(_ mark: ResolvedMark, _ box: PlacedMark, _ domain: [PlottedValue], _ context: _RenderContext) -> Node {
        let node = context.element("div")
        describe(node, mark)
        var style =
            "position:absolute;box-sizing:border-box;left:\(box.left.css);top:\(box.top.css);width:\(box.width.css);height:\(box.height.css);background:\(paint(of: mark, domain).css)"
        if let radius = mark.style.cornerRadius { style += ";border-radius:\(ChartFormat.css(radius))px" }
        if let opacity = mark.style.opacity { style += ";opacity:\(ChartFormat.css(opacity))" }
        style += offsetCSS(mark)
        node.addStyle(style)
        return node
    }

    func offsetCSS(_ mark: ResolvedMark) -> String {
        mark.style.offset == .zero
            ? "" : ";translate:\(ChartFormat.css(Double(mark.style.offset.width)))px \(ChartFormat.css(Double(mark.style.offset.height)))px"
    }

    func ruleNode(_ mark: ResolvedMark, _ rule: PlacedMark, _ domain: [PlottedValue], _ context: _RenderContext) -> Node {
        let node = context.element("div")
        describe(node, mark)
        let width = Double(mark.style.lineStyle?.lineWidth ?? 1)
        let kind = (mark.style.lineStyle?.dash.isEmpty ?? true) ? "solid" : "dashed"
        let paint = paint(of: mark, domain)
        let colour = paint.isGradient ? Color.secondary.css : paint.css
        let across = rule.height.fraction == 0 && rule.height.points == 0
        var style = "position:absolute;box-sizing:border-box;left:\(rule.left.css);top:\(rule.top.css)"
        if across {
            style += ";width:\(rule.width.css);height:0;border-top:\(ChartFormat.css(width))px \(kind) \(colour);translate:0 -50%"
        } else {
            style += ";height:\(rule.height.css);width:0;border-left:\(ChartFormat.css(width))px \(kind) \(colour);translate:-50% 0"
        }
        if let opacity = mark.style.opacity { style += ";opacity:\(ChartFormat.css(opacity))" }
        node.addStyle(style)
        return node
    }

    func pointNode(_ mark: ResolvedMark, at point: (x: Double, y: Double), _ domain: [PlottedValue], _ context: _RenderContext) -> Node {
        let node = context.element("div")
        describe(node, mark)
        let area = mark.style.symbolSize ?? 30
        let diameter = max(2, (area / Double.pi).squareRoot() * 2)
        var symbol = mark.style.symbol
        if symbol == nil, let value = mark.style.symbolBy?.value {
            var seen = Set<PlottedValue>()
            var values: [PlottedValue] = []
            for other in marks { if let v = other.style.symbolBy?.value, seen.insert(v).inserted { values.append(v) } }
            symbol = BasicChartSymbolShape.cycle[(values.firstIndex(of: value) ?? 0) % BasicChartSymbolShape.cycle.count]
        }
        var style =
            "position:absolute;left:\(ChartFormat.css(point.x * 100))%;top:\(ChartFormat.css(point.y * 100))%;width:\(ChartFormat.css(diameter))px;height:\(ChartFormat.css(diameter))px;translate:-50% -50%;background:\(paint(of: mark, domain).css)"
        if let polygon = symbol?.polygon { style += ";clip-path:\(polygon)" } else { style += ";border-radius:50%" }
        if let opacity = mark.style.opacity { style += ";opacity:\(ChartFormat.css(opacity))" }
        style += offsetCSS(mark)
        node.addStyle(style)
        return node
    }

    func annotationNode(_ annotation: ChartAnnotation, _ at: PlacedMark, _ context: _RenderContext) -> Node {
        let node = context.element("div")
        let side = annotation.position == .automatic ? at.automaticSide : annotation.position
        let gap = ChartFormat.css(annotation.spacing ?? 4)
        let translate: String =
            switch side.side {
            case .top: "translate(-50%, calc(-100% - \(gap)px))"
            case .bottom: "translate(-50%, \(gap)px)"
            case .leading: "translate(calc(-100% - \(gap)px), -50%)"
            case .trailing: "translate(\(gap)px, -50%)"
            case .topLeading: "translate(calc(-100% - \(gap)px), calc(-100% - \(gap)px))"
            case .topTrailing: "translate(\(gap)px, calc(-100% - \(gap)px))"
            case .bottomLeading: "translate(calc(-100% - \(gap)px), \(gap)px)"
            case .bottomTrailing: "translate(\(gap)px, \(gap)px)"
            case .overlay, .automatic: "translate(-50%, -50%)"
            }
        var y = at.anchor.y
        if side == .overlay, at.height.fraction > 0 { y = at.top.fraction + at.height.fraction / 2 }
        node.addStyle(
            "position:absolute;left:\(ChartFormat.css(at.anchor.x * 100))%;top:\(ChartFormat.css(y * 100))%;transform:\(translate);white-space:nowrap;pointer-events:none;color:\(ForegroundStyle().css)"
        )
        context.renderChildren(annotation.content, into: node)
        return node
    }

    func gridLine(_ line: AxisLine, _ context: _RenderContext) -> Node {
        let node = context.element("div")
        node.setAttribute("aria-hidden", "true")
        let width = Double(line.stroke?.lineWidth ?? 1)
        let kind = (line.stroke?.dash.isEmpty ?? true) ? "solid" : "dashed"
        let colour = line.style.map { $0.isGradient ? SeparatorShapeStyle().css : $0.css } ?? SeparatorShapeStyle().css
        let at = ChartFormat.css(line.fraction * 100)
        if line.horizontal {
            node.addStyle("position:absolute;top:0;bottom:0;left:\(at)%;border-left:\(ChartFormat.css(width))px \(kind) \(colour)")
        } else {
            node.addStyle("position:absolute;left:0;right:0;top:\(at)%;border-top:\(ChartFormat.css(width))px \(kind) \(colour)")
        }
        return node
    }

    func axisTitle(_ view: AnyView, _ alignment: Alignment, _ context: _RenderContext) -> Node {
        let node = context.element("div")
        let align: String =
            switch alignment.horizontal {
            case .leading: "start"
            case .trailing: "end"
            default: "center"
            }
        node.addStyle("text-align:\(align);color:\(Color.secondary.css)")
        context.renderChildren(view, into: node)
        return node
    }
}
