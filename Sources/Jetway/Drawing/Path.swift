import Foundation

/// An outline made of lines and curves, in points: drawn by the browser as SVG. Arcs and
/// ellipses become cubic Bézier curves (a quarter turn at most each), as Core Graphics keeps
/// them, so everything a path holds is a move, a line, a quadratic or cubic curve, or a close.
///
/// ```swift
/// Path { path in
///     path.move(to: CGPoint(x: 0, y: 20))
///     path.addLine(to: CGPoint(x: 10, y: 0))
///     path.addLine(to: CGPoint(x: 20, y: 20))
///     path.closeSubpath()
/// }
/// .fill(.orange)
/// ```
public struct Path: Equatable, Sendable {
    /// One step of a path: SVG's `M`, `L`, `Q`, `C` or `Z`.
    public enum Element: Equatable, Sendable {
        /// Starts a new subpath at the point (`M`).
        case move(to: CGPoint)
        /// A straight line to the point (`L`).
        case line(to: CGPoint)
        /// A quadratic Bézier curve to the point, bent toward `control` (`Q`).
        case quadCurve(to: CGPoint, control: CGPoint)
        /// A cubic Bézier curve to the point, bent by `control1` and `control2` (`C`).
        case curve(to: CGPoint, control1: CGPoint, control2: CGPoint)
        /// A line back to the start of the subpath, closing it (`Z`).
        case closeSubpath
    }

    private(set) var elements: [Element] = []
    /// Where the current subpath started (a close goes back to it).
    private var subpathStart: CGPoint?

    /// An empty path.
    public init() {}

    /// A path made by `build`, which adds to it (`Path { path in path.move(to: …) }`).
    public init(_ build: (inout Path) -> Void) {
        build(&self)
    }

    /// A path around `rect`, a closed rectangle.
    public init(_ rect: CGRect) {
        addRect(rect)
    }

    /// A rectangle with corners of `cornerRadius` points, each corner a quarter ellipse drawn as a
    /// Bézier curve.
    ///
    /// `style` is accepted so SwiftUI code compiles; `.continuous` corners are drawn as `.circular` ones.
    public init(roundedRect rect: CGRect, cornerRadius: CGFloat, style: RoundedCornerStyle = .circular) {
        addRoundedRect(in: rect, cornerSize: CGSize(width: cornerRadius, height: cornerRadius), style: style)
    }

    /// A rectangle with corners of `cornerSize` (width and height may differ); `style` is not used.
    public init(roundedRect rect: CGRect, cornerSize: CGSize, style: RoundedCornerStyle = .circular) {
        addRoundedRect(in: rect, cornerSize: cornerSize, style: style)
    }

    /// An ellipse filling `rect`, as four Bézier curves.
    public init(ellipseIn rect: CGRect) {
        addEllipse(in: rect)
    }

    /// Whether the path has no elements.
    public var isEmpty: Bool { elements.isEmpty }

    /// The end of the last element (nil in an empty path).
    public var currentPoint: CGPoint? {
        switch elements.last {
        case .move(let point), .line(let point), .quadCurve(let point, _), .curve(let point, _, _): point
        case .closeSubpath: subpathStart
        case nil: nil
        }
    }

    /// Starts a new subpath at `point`.
    public mutating func move(to point: CGPoint) {
        elements.append(.move(to: point))
        subpathStart = point
    }

    /// A straight line from the current point to `point`; in an empty path, a move to it instead.
    public mutating func addLine(to point: CGPoint) {
        if currentPoint == nil { move(to: point) } else { elements.append(.line(to: point)) }
    }

    /// A new subpath through `points`: a move to the first, then lines to the rest (nothing for no points).
    public mutating func addLines(_ points: [CGPoint]) {
        guard let first = points.first else { return }
        move(to: first)
        for point in points.dropFirst() { addLine(to: point) }
    }

    /// A quadratic curve to `point` bent toward `control`; in an empty path it starts at `control`.
    public mutating func addQuadCurve(to point: CGPoint, control: CGPoint) {
        if currentPoint == nil { move(to: control) }
        elements.append(.quadCurve(to: point, control: control))
    }

    /// A cubic curve to `point` bent by `control1` and `control2`; in an empty path it starts at `control1`.
    public mutating func addCurve(to point: CGPoint, control1: CGPoint, control2: CGPoint) {
        if currentPoint == nil { move(to: control1) }
        elements.append(.curve(to: point, control1: control1, control2: control2))
    }

    /// Closes the current subpath with a line back to its start (nothing in an empty path).
    public mutating func closeSubpath() {
        guard currentPoint != nil else { return }
        elements.append(.closeSubpath)
    }

    /// A closed rectangle around `rect`, as its own subpath.
    public mutating func addRect(_ rect: CGRect) {
        let r = rect.standardized
        addLines([r.origin, CGPoint(x: r.maxX, y: r.minY), CGPoint(x: r.maxX, y: r.maxY), CGPoint(x: r.minX, y: r.maxY)])
        closeSubpath()
    }

    /// A closed rectangle for each of `rects`.
    public mutating func addRects(_ rects: [CGRect]) {
        for rect in rects { addRect(rect) }
    }

    /// A closed rectangle with rounded corners of `cornerSize` (each at most half the side);
    /// without corners, a plain rectangle. `style` is accepted so SwiftUI code compiles and not
    /// used.
    public mutating func addRoundedRect(in rect: CGRect, cornerSize: CGSize, style: RoundedCornerStyle = .circular) {
        let r = rect.standardized
        let rx = min(max(cornerSize.width, 0), r.width / 2), ry = min(max(cornerSize.height, 0), r.height / 2)
        guard rx > 0, ry > 0 else { return addRect(r) }
        // A quarter ellipse per corner: its Bézier handles are 0.5523 of the radius long.
        let k = 0.5522847498
        move(to: CGPoint(x: r.minX + rx, y: r.minY))
        addLine(to: CGPoint(x: r.maxX - rx, y: r.minY))
        addCurve(
            to: CGPoint(x: r.maxX, y: r.minY + ry), control1: CGPoint(x: r.maxX - rx + rx * k, y: r.minY),
            control2: CGPoint(x: r.maxX, y: r.minY + ry - ry * k))
        addLine(to: CGPoint(x: r.maxX, y: r.maxY - ry))
        addCurve(
            to: CGPoint(x: r.maxX - rx, y: r.maxY), control1: CGPoint(x: r.maxX, y: r.maxY - ry + ry * k),
            control2: CGPoint(x: r.maxX - rx + rx * k, y: r.maxY))
        addLine(to: CGPoint(x: r.minX + rx, y: r.maxY))
        addCurve(
            to: CGPoint(x: r.minX, y: r.maxY - ry), control1: CGPoint(x: r.minX + rx - rx * k, y: r.maxY),
            control2: CGPoint(x: r.minX, y: r.maxY - ry + ry * k))
        addLine(to: CGPoint(x: r.minX, y: r.minY + ry))
        addCurve(
            to: CGPoint(x: r.minX + rx, y: r.minY), control1: CGPoint(x: r.minX, y: r.minY + ry - ry * k),
            control2: CGPoint(x: r.minX + rx - rx * k, y: r.minY))
        closeSubpath()
    }

    /// A closed ellipse filling `rect`, as its own subpath starting at its right edge.
    public mutating func addEllipse(in rect: CGRect) {
        let r = rect.standardized
        let center = CGPoint(x: r.midX, y: r.midY)
        move(to: CGPoint(x: r.maxX, y: r.midY))
        appendArc(center: center, radii: CGSize(width: r.width / 2, height: r.height / 2), from: 0, sweep: 2 * .pi)
        closeSubpath()
    }

    /// An arc of a circle. As in SwiftUI (whose y axis points down), `clockwise: true` turns
    /// counter-clockwise on the screen.
    public mutating func addArc(center: CGPoint, radius: CGFloat, startAngle: Angle, endAngle: Angle, clockwise: Bool) {
        let start = startAngle.radians, end = endAngle.radians
        var sweep = end - start
        let full = 2 * Double.pi
        if clockwise {
            // Toward smaller angles.
            while sweep > 0 { sweep -= full }
        } else {
            while sweep < 0 { sweep += full }
        }
        if abs(endAngle.radians - startAngle.radians) >= full { sweep = clockwise ? -full : full }
        let first = CGPoint(x: center.x + radius * cos(start), y: center.y + radius * sin(start))
        if currentPoint == nil { move(to: first) } else { addLine(to: first) }
        appendArc(center: center, radii: CGSize(width: radius, height: radius), from: start, sweep: sweep)
    }

    /// An arc of `delta` from `startAngle` around `center`: clockwise in SwiftUI's sense when
    /// `delta` is negative.
    public mutating func addRelativeArc(center: CGPoint, radius: CGFloat, startAngle: Angle, delta: Angle) {
        addArc(center: center, radius: radius, startAngle: startAngle, endAngle: startAngle + delta, clockwise: delta.radians < 0)
    }

    /// A rounded corner between the current point, `tangent1End` and `tangent2End`.
    public mutating func addArc(tangent1End p1: CGPoint, tangent2End p2: CGPoint, radius: CGFloat) {
        guard let p0 = currentPoint else { return move(to: p1) }
        let ax = Double(p0.x - p1.x), ay = Double(p0.y - p1.y), bx = Double(p2.x - p1.x), by = Double(p2.y - p1.y)
        let la = (ax * ax + ay * ay).squareRoot(), lb = (bx * bx + by * by).squareRoot()
        let r = Double(radius)
        guard la > 0, lb > 0, r > 0 else { return p0 == p1 ? () : addLine(to: p1) }
        let cosine: Double = max(-1, min(1, (ax * bx + ay * by) / (la * lb)))
        let angle: Double = acos(cosine)
        guard angle > 1e-6, angle < Double.pi - 1e-6 else { return addLine(to: p1) }
        let distance: Double = r / tan(angle / 2)
        let t1 = CGPoint(x: Double(p1.x) + ax / la * distance, y: Double(p1.y) + ay / la * distance)
        let t2 = CGPoint(x: Double(p1.x) + bx / lb * distance, y: Double(p1.y) + by / lb * distance)
        if t1 != p0 { addLine(to: t1) }
        // The centre is along the bisector, `radius / sin(angle / 2)` from the corner.
        let cx: Double = ax / la + bx / lb, cy: Double = ay / la + by / lb
        let lc: Double = (cx * cx + cy * cy).squareRoot()
        let reach: Double = r / sin(angle / 2)
        let center = CGPoint(x: Double(p1.x) + cx / lc * reach, y: Double(p1.y) + cy / lc * reach)
        let from: Double = atan2(Double(t1.y - center.y), Double(t1.x - center.x))
        let to: Double = atan2(Double(t2.y - center.y), Double(t2.x - center.x))
        var sweep: Double = to - from
        if sweep > Double.pi { sweep -= 2 * Double.pi }
        if sweep < -Double.pi { sweep += 2 * Double.pi }
        appendArc(center: center, radii: CGSize(width: radius, height: radius), from: from, sweep: sweep)
    }

    /// Appends `path`'s elements to this path, as they are.
    public mutating func addPath(_ path: Path) {
        for element in path.elements {
            if case .move(let point) = element { subpathStart = point }
            elements.append(element)
        }
    }

    /// Bézier curves along an ellipse from angle `from`, turning `sweep` radians.
    private mutating func appendArc(center: CGPoint, radii: CGSize, from: Double, sweep: Double) {
        let pieces = max(1, Int((abs(sweep) / (Double.pi / 2)).rounded(.up)))
        let step = sweep / Double(pieces)
        let handle = 4.0 / 3.0 * tan(step / 4)
        var angle = from
        for _ in 0..<pieces {
            let next = angle + step
            let (c0, s0, c1, s1) = (cos(angle), sin(angle), cos(next), sin(next))
            elements.append(
                .curve(
                    to: CGPoint(x: center.x + radii.width * c1, y: center.y + radii.height * s1),
                    control1: CGPoint(x: center.x + radii.width * (c0 - handle * s0), y: center.y + radii.height * (s0 + handle * c0)),
                    control2: CGPoint(x: center.x + radii.width * (c1 + handle * s1), y: center.y + radii.height * (s1 - handle * c1))))
            angle = next
        }
    }

    /// Calls `body` with each of the path's elements in order.
    public func forEach(_ body: (Element) -> Void) {
        elements.forEach(body)
    }

    /// The smallest rectangle holding every point and control point.
    public var boundingRect: CGRect {
        var points: [CGPoint] = []
        for element in elements {
            switch element {
            case .move(let p), .line(let p): points.append(p)
            case .quadCurve(let p, let c): points += [p, c]
            case .curve(let p, let c1, let c2): points += [p, c1, c2]
            case .closeSubpath: break
            }
        }
        guard let first = points.first else { return .null }
        var minX = first.x, minY = first.y, maxX = first.x, maxY = first.y
        for p in points {
            minX = min(minX, p.x)
            minY = min(minY, p.y)
            maxX = max(maxX, p.x)
            maxY = max(maxY, p.y)
        }
        return CGRect(x: minX, y: minY, width: maxX - minX, height: maxY - minY)
    }

    /// This path moved by `dx` and `dy` points.
    public func offsetBy(dx: CGFloat, dy: CGFloat) -> Path {
        func moved(_ p: CGPoint) -> CGPoint { CGPoint(x: p.x + dx, y: p.y + dy) }
        var path = Path()
        for element in elements {
            switch element {
            case .move(let p): path.move(to: moved(p))
            case .line(let p): path.elements.append(.line(to: moved(p)))
            case .quadCurve(let p, let c): path.elements.append(.quadCurve(to: moved(p), control: moved(c)))
            case .curve(let p, let c1, let c2): path.elements.append(.curve(to: moved(p), control1: moved(c1), control2: moved(c2)))
            case .closeSubpath: path.elements.append(.closeSubpath)
            }
        }
        return path
    }

    /// The part of the path from `from` to `to` of its length (0 to 1), curves followed closely
    /// (each as 24 straight pieces).
    public func trimmedPath(from: CGFloat, to: CGFloat) -> Path {
        let from = min(max(Double(from), 0), 1), to = min(max(Double(to), 0), 1)
        guard to > from else { return Path() }
        if from == 0 && to == 1 { return self }
        var segments: [(CGPoint, CGPoint, startsSubpath: Bool)] = []
        var current = CGPoint.zero, start = CGPoint.zero, newSubpath = true
        for element in elements {
            switch element {
            case .move(let p):
                current = p
                start = p
                newSubpath = true
            case .line(let p):
                segments.append((current, p, newSubpath))
                newSubpath = false
                current = p
            case .quadCurve(let p, let c):
                let p0 = current
                for i in 1...24 {
                    let t = Double(i) / 24, u = 1 - t
                    let q = CGPoint(x: u * u * p0.x + 2 * u * t * c.x + t * t * p.x, y: u * u * p0.y + 2 * u * t * c.y + t * t * p.y)
                    segments.append((current, q, newSubpath))
                    newSubpath = false
                    current = q
                }
            case .curve(let p, let c1, let c2):
                let p0 = current
                for i in 1...24 {
                    let t = Double(i) / 24, u = 1 - t
                    let a = u * u * u, b = 3 * u * u * t, c = 3 * u * t * t, d = t * t * t
                    let q = CGPoint(x: a * p0.x + b * c1.x + c * c2.x + d * p.x, y: a * p0.y + b * c1.y + c * c2.y + d * p.y)
                    segments.append((current, q, newSubpath))
                    newSubpath = false
                    current = q
                }
            case .closeSubpath:
                if current != start { segments.append((current, start, newSubpath)) }
                newSubpath = true
                current = start
            }
        }
        let lengths = segments.map { hypot($0.1.x - $0.0.x, $0.1.y - $0.0.y) }
        let total = lengths.reduce(0, +)
        guard total > 0 else { return Path() }
        let low = from * total, high = to * total
        var path = Path(), walked = 0.0, drawing = false
        for (index, (a, b, startsSubpath)) in segments.enumerated() {
            let length = lengths[index]
            defer { walked += length }
            if startsSubpath { drawing = false }
            let s = walked, e = walked + length
            guard e > low, s < high, length > 0 else { continue }
            func at(_ distance: Double) -> CGPoint {
                let t = (distance - s) / length
                return CGPoint(x: a.x + (b.x - a.x) * t, y: a.y + (b.y - a.y) * t)
            }
            let first = s < low ? at(low) : a, last = e > high ? at(high) : b
            if !drawing { path.move(to: first) }
            path.addLine(to: last)
            drawing = true
        }
        return path
    }

    /// The SVG path data (`M0 20L10 0L20 20Z`), numbers to a thousandth.
    var svgData: String {
        var out = ""
        func number(_ value: CGFloat) -> String { value.isFinite ? Color.format(Double(value)) : "0" }
        func point(_ p: CGPoint) -> String { number(p.x) + " " + number(p.y) }
        for element in elements {
            switch element {
            case .move(let p): out += "M" + point(p)
            case .line(let p): out += "L" + point(p)
            case .quadCurve(let p, let c): out += "Q" + point(c) + " " + point(p)
            case .curve(let p, let c1, let c2): out += "C" + point(c1) + " " + point(c2) + " " + point(p)
            case .closeSubpath: out += "Z"
            }
        }
        return out
    }
}
