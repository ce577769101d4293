import Foundation
import Jetway

/// Lines and areas: each series one SVG path, in a 1000 × 1000 box stretched over the plot
/// (strokes keep their width), and pies: a square SVG of sectors.
extension ChartRenderer {
    func series(
        of first: Int, key: String, xScale: ChartScale, yScale: ChartScale, spans: [Int: (low: Double, high: Double)],
        _ domain: [PlottedValue], _ context: _RenderContext
    ) -> [Node] {
        let kind = marks[first].kind
        let members = marks.indices.filter { marks[$0].kind == kind && "\(kind)|\(Self.seriesKey(marks[$0])?.text ?? "")" == key }
        var top: [(Double, Double)] = []
        var base: [(Double, Double)] = []
        for index in members {
            let mark = marks[index]
            guard let xField = mark.x, let x = xScale.position(xField.value) else { continue }
            var high: Double?
            var low: Double?
            if let span = spans[index] {
                high = yScale.position(number: span.high)
                low = yScale.position(number: span.low)
            } else if let start = mark.yStart, let end = mark.yEnd {
                high = yScale.position(end.value)
                low = yScale.position(start.value)
            } else if let y = mark.y {
                high = yScale.position(y.value)
                low = yScale.position(number: 0)
            }
            guard let high else { continue }
            top.append((x * 1000, (1 - high) * 1000))
            base.append((x * 1000, (1 - (low ?? 0)) * 1000))
        }
        guard !top.isEmpty else { return [] }
        let mark = marks[first]
        let method = mark.style.interpolation ?? .linear
        let paint = paint(of: mark, domain)
        var data = Self.pathData(top, method)
        if kind == .area {
            let back = Self.pathData(base.reversed(), method)
            data += " L" + back.dropFirst() + " Z"
        }
        let node = context.element("div")
        node.setAttribute("role", "img")
        node.setAttribute("aria-label", seriesDescription(members))
        node.addStyle(
            "position:absolute;inset:0;pointer-events:none" + (mark.style.opacity.map { ";opacity:\(ChartFormat.css($0))" } ?? ""))
        let inside = context.insideElement()
        let lineWidth = Double(mark.style.lineStyle?.lineWidth ?? 2)
        let dash = mark.style.lineStyle?.dash.map { ChartFormat.css(Double($0)) }.joined(separator: " ") ?? ""
        var declarations: String
        if kind == .area {
            declarations = "fill:\(paint.isGradient ? "#000" : paint.css);stroke:none"
        } else {
            declarations =
                "fill:none;stroke:\(paint.isGradient ? "#000" : paint.css);stroke-width:\(ChartFormat.css(lineWidth));stroke-linejoin:round;stroke-linecap:round;vector-effect:non-scaling-stroke"
            if !dash.isEmpty { declarations += ";stroke-dasharray:\(dash)" }
        }
        if paint.isGradient {
            // SVG cannot paint a CSS gradient: the gradient is a layer's background, the path its mask.
            let svg =
                "<svg xmlns='http://www.w3.org/2000/svg' viewBox='0 0 1000 1000' preserveAspectRatio='none'><path d='\(data)' style='\(declarations)'/></svg>"
            let url = "url(\"data:image/svg+xml,\(svg._percentEncodedForDataAddress)\")"
            let layer = inside.structural(0).element("div")
            layer.addStyle(
                "position:absolute;inset:0;background:\(paint.css);-webkit-mask:\(url) 0 0/100% 100% no-repeat;mask:\(url) 0 0/100% 100% no-repeat"
            )
            node.children = [layer]
            return [node]
        }
        let svg = inside.structural(1).element("svg")
        svg.setAttribute("viewBox", "0 0 1000 1000")
        svg.setAttribute("preserveAspectRatio", "none")
        svg.addStyle("position:absolute;inset:0;width:100%;height:100%;overflow:visible")
        let path = inside.structural(1).insideElement().structural(0).element("path")
        path.setAttribute("d", data)
        path.setAttribute("style", declarations)
        svg.children = [path]
        node.children = [svg]
        return [node]
    }

    func seriesDescription(_ members: [Int]) -> String {
        let mark = marks[members[0]]
        let name = Self.seriesKey(mark)?.text ?? (mark.y?.label ?? "Series")
        let points = members.prefix(50).map { index -> String in
            let mark = marks[index]
            return "\(mark.x?.value.text ?? ""): \((mark.y ?? mark.yEnd)?.value.text ?? "")"
        }
        return "\(name). " + points.joined(separator: "; ")
    }

    /// The path through `points` as `method` joins them.
    static func pathData(_ points: [(Double, Double)], _ method: InterpolationMethod) -> String {
        func p(_ point: (Double, Double)) -> String { "\(ChartFormat.css(point.0)) \(ChartFormat.css(point.1))" }
        guard let first = points.first else { return "" }
        var data = "M\(p(first))"
        for index in points.indices.dropFirst() {
            let a = points[index - 1]
            let b = points[index]
            switch method.kind {
            case .linear:
                data += " L\(p(b))"
            case .stepStart:
                data += " L\(p((a.0, b.1))) L\(p(b))"
            case .stepEnd:
                data += " L\(p((b.0, a.1))) L\(p(b))"
            case .stepCenter:
                let middle = (a.0 + b.0) / 2
                data += " L\(p((middle, a.1))) L\(p((middle, b.1))) L\(p(b))"
            case .catmullRom, .cardinal, .monotone:
                let before = index >= 2 ? points[index - 2] : a
                let after = index + 1 < points.count ? points[index + 1] : b
                var c1 = (a.0 + (b.0 - before.0) / 6, a.1 + (b.1 - before.1) / 6)
                var c2 = (b.0 - (after.0 - a.0) / 6, b.1 - (after.1 - a.1) / 6)
                if method.kind == .monotone {
                    let low = min(a.1, b.1)
                    let high = max(a.1, b.1)
                    c1.1 = min(max(c1.1, low), high)
                    c2.1 = min(max(c2.1, low), high)
                }
                data += " C\(p(c1)) \(p(c2)) \(p(b))"
            }
        }
        return data
    }

    // MARK: Pies

    /// Sector marks as a pie (a donut with an inner radius), as large as the plot's shorter side.
    func pie(_ context: _RenderContext, _ domain: [PlottedValue]) -> Node {
        let plot = context.element("div")
        plot.addStyle("position:relative;flex:1 1 auto;width:100%;height:100%;min-height:80px;container-type:size")
        let inside = context.insideElement()
        let values = marks.map { max($0.angle?.value.number ?? 0, 0) }
        let total = values.reduce(0, +)
        var children: [Node] = []
        let svgContext = inside.structural(0)
        let svg = svgContext.element("svg")
        svg.setAttribute("viewBox", "-1 -1 2 2")
        svg.setAttribute("preserveAspectRatio", "xMidYMid meet")
        svg.addStyle("position:absolute;inset:0;width:100%;height:100%;overflow:visible")
        let svgInside = svgContext.insideElement()
        var slices: [Node] = []
        var start = -Double.pi / 2
        var annotations: [(Int, Double, Double)] = []
        for (index, mark) in marks.enumerated() {
            let sweep = total > 0 ? values[index] / total * 2 * Double.pi : 0
            defer { start += sweep }
            guard sweep > 0 else { continue }
            let outer =
                mark.outerRadius.resolve(1, automatic: 1) <= 1.0001 && !Self.isFixed(mark.outerRadius)
                ? mark.outerRadius.resolve(1, automatic: 1) : mark.outerRadius.resolve(100, automatic: 100) / 100
            let inner: Double =
                switch mark.innerRadius.kind {
                case .automatic: 0
                case .ratio(let ratio): ratio * outer
                case .fixed(let points): min(points / 100, outer)
                case .inset(let points): max(outer - points / 100, 0)
                }
            let inset = min(mark.angularInset / 100, sweep / 4)
            let a0 = start + inset / 2
            let a1 = start + sweep - inset / 2
            let large = a1 - a0 > Double.pi ? 1 : 0
            func point(_ radius: Double, _ angle: Double) -> String {
                "\(ChartFormat.css(radius * cos(angle))) \(ChartFormat.css(radius * sin(angle)))"
            }
            var data: String
            if sweep >= 2 * Double.pi - 0.0001 {
                // A whole circle: two halves (one arc cannot start and end at the same point).
                data =
                    "M\(point(outer, 0)) A\(ChartFormat.css(outer)) \(ChartFormat.css(outer)) 0 1 1 \(point(outer, Double.pi)) A\(ChartFormat.css(outer)) \(ChartFormat.css(outer)) 0 1 1 \(point(outer, 0)) Z"
                if inner > 0 {
                    data +=
                        " M\(point(inner, 0)) A\(ChartFormat.css(inner)) \(ChartFormat.css(inner)) 0 1 0 \(point(inner, Double.pi)) A\(ChartFormat.css(inner)) \(ChartFormat.css(inner)) 0 1 0 \(point(inner, 0)) Z"
                }
            } else {
                data = "M\(point(outer, a0)) A\(ChartFormat.css(outer)) \(ChartFormat.css(outer)) 0 \(large) 1 \(point(outer, a1))"
                if inner > 0 {
                    data += " L\(point(inner, a1)) A\(ChartFormat.css(inner)) \(ChartFormat.css(inner)) 0 \(large) 0 \(point(inner, a0)) Z"
                } else {
                    data += " L0 0 Z"
                }
            }
            let paint = paint(of: mark, domain)
            let slice = svgInside.structural(index).element("path")
            slice.setAttribute("d", data)
            slice.setAttribute(
                "style",
                "fill:\(paint.isGradient ? Self.palette[index % Self.palette.count].css : paint.css);fill-rule:evenodd"
                    + (mark.style.opacity.map { ";opacity:\(ChartFormat.css($0))" } ?? ""))
            describe(slice, mark)
            slices.append(slice)
            let middle = start + sweep / 2
            let radius = (outer + inner) / 2
            annotations.append((index, cos(middle) * radius, sin(middle) * radius))
        }
        svg.children = slices
        if let background = configuration.background {
            children.append(proxyLayer(background, xScale: nil, yScale: nil, inside.structural(1)))
        }
        children.append(svg)
        for (index, x, y) in annotations {
            for (offset, annotation) in marks[index].style.annotations.enumerated() {
                let annotationContext = inside.structural(1000 + index * 16 + offset)
                let node = annotationContext.element("div")
                node.addStyle(
                    "position:absolute;left:calc(50% + \(ChartFormat.css(x * 50))cqmin);top:calc(50% + \(ChartFormat.css(y * 50))cqmin);translate:-50% -50%;white-space:nowrap;pointer-events:none"
                )
                annotationContext.renderChildren(annotation.content, into: node)
                children.append(node)
            }
        }
        if let overlay = configuration.overlay {
            children.append(proxyLayer(overlay, xScale: nil, yScale: nil, inside.structural(2)))
        }
        plot.children = children
        return plot
    }

    static func isFixed(_ dimension: MarkDimension) -> Bool {
        if case .fixed = dimension.kind { return true }
        return false
    }
}
