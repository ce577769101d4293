import Foundation
import Jetway

/// A mark as the chart draws it: its kind, its plotted values and its style.
public struct ResolvedMark {
    enum Kind { case bar, line, point, area, rule, rectangle, sector }
    let kind: Kind
    var x: PlottedField?
    var xStart: PlottedField?
    var xEnd: PlottedField?
    var y: PlottedField?
    var yStart: PlottedField?
    var yEnd: PlottedField?
    var angle: PlottedField?
    var series: PlottedField?
    var width: MarkDimension = .automatic
    var height: MarkDimension = .automatic
    var innerRadius: MarkDimension = .automatic
    var outerRadius: MarkDimension = .automatic
    var angularInset: Double = 0
    var stacking: MarkStackingMethod = .standard
    var style = MarkStyle()

    init(_ kind: Kind) { self.kind = kind }
}

/// A mark's size along one dimension: `.fixed(12)`, `.ratio(0.6)` of the room it has, or
/// `.inset(4)` from it; a number literal is fixed.
public struct MarkDimension: ExpressibleByFloatLiteral, ExpressibleByIntegerLiteral, Sendable, Equatable {
    enum Kind: Equatable { case automatic, fixed(Double), ratio(Double), inset(Double) }
    let kind: Kind
    public static var automatic: MarkDimension { MarkDimension(kind: .automatic) }
    public static func fixed(_ value: CGFloat) -> MarkDimension { MarkDimension(kind: .fixed(Double(value))) }
    public static func ratio(_ value: Double) -> MarkDimension { MarkDimension(kind: .ratio(value)) }
    public static func inset(_ value: CGFloat) -> MarkDimension { MarkDimension(kind: .inset(Double(value))) }
    init(kind: Kind) { self.kind = kind }
    public init(floatLiteral value: Double) { kind = .fixed(value) }
    public init(integerLiteral value: Int) { kind = .fixed(Double(value)) }

    /// The size in a room of `room` (points or a fraction, as the caller measures).
    func resolve(_ room: Double, automatic: Double) -> Double {
        switch kind {
        case .automatic: automatic
        case .fixed(let value): value
        case .ratio(let ratio): room * ratio
        case .inset(let inset): max(room - 2 * inset, 0)
        }
    }
}

/// How marks of the same place are put together: on top of each other (`.standard`), as shares
/// of the whole (`.normalized`), around the middle (`.center`), or not at all (`.unstacked`).
public struct MarkStackingMethod: Equatable, Sendable {
    enum Kind: Equatable { case standard, normalized, center, unstacked }
    let kind: Kind
    public static var standard: MarkStackingMethod { .init(kind: .standard) }
    public static var normalized: MarkStackingMethod { .init(kind: .normalized) }
    public static var center: MarkStackingMethod { .init(kind: .center) }
    public static var unstacked: MarkStackingMethod { .init(kind: .unstacked) }
}

/// A bar: a category's or a date's value (`BarMark(x: .value("Month", m), y: .value("Sales", s))`),
/// horizontal when the category is on y, or a range (`xStart:xEnd:y:`, `x:yStart:yEnd:`).
public struct BarMark: _PrimitiveChartContent {
    var mark = ResolvedMark(.bar)

    public init<X: Plottable, Y: Plottable>(
        x: PlottableValue<X>, y: PlottableValue<Y>, width: MarkDimension = .automatic, height: MarkDimension = .automatic,
        stacking: MarkStackingMethod = .standard
    ) {
        mark.x = x.field
        mark.y = y.field
        mark.width = width
        mark.height = height
        mark.stacking = stacking
    }

    public init<X: Plottable, Y: Plottable>(
        xStart: PlottableValue<X>, xEnd: PlottableValue<X>, y: PlottableValue<Y>, height: MarkDimension = .automatic
    ) {
        mark.xStart = xStart.field
        mark.xEnd = xEnd.field
        mark.y = y.field
        mark.height = height
    }

    public init<X: Plottable, Y: Plottable>(
        x: PlottableValue<X>, yStart: PlottableValue<Y>, yEnd: PlottableValue<Y>, width: MarkDimension = .automatic
    ) {
        mark.x = x.field
        mark.yStart = yStart.field
        mark.yEnd = yEnd.field
        mark.width = width
    }

    /// One bar along x alone (a value's length), or along y alone.
    public init<X: Plottable>(x: PlottableValue<X>, width: MarkDimension = .automatic, stacking: MarkStackingMethod = .standard) {
        mark.x = x.field
        mark.width = width
        mark.stacking = stacking
    }

    public init<Y: Plottable>(y: PlottableValue<Y>, height: MarkDimension = .automatic, stacking: MarkStackingMethod = .standard) {
        mark.y = y.field
        mark.height = height
        mark.stacking = stacking
    }

    public func _collect(_ marks: inout [ResolvedMark], _ style: MarkStyle) { marks.append(mark.styled(style)) }
}

/// A line through the values in order of x; marks with different `series` (or different
/// `foregroundStyle(by:)` values) are separate lines.
public struct LineMark: _PrimitiveChartContent {
    var mark = ResolvedMark(.line)

    public init<X: Plottable, Y: Plottable>(x: PlottableValue<X>, y: PlottableValue<Y>) {
        mark.x = x.field
        mark.y = y.field
    }

    public init<X: Plottable, Y: Plottable, S: Plottable>(x: PlottableValue<X>, y: PlottableValue<Y>, series: PlottableValue<S>) {
        mark.x = x.field
        mark.y = y.field
        mark.series = series.field
    }

    public func _collect(_ marks: inout [ResolvedMark], _ style: MarkStyle) { marks.append(mark.styled(style)) }
}

/// A point (a scatter plot's dot).
public struct PointMark: _PrimitiveChartContent {
    var mark = ResolvedMark(.point)

    public init<X: Plottable, Y: Plottable>(x: PlottableValue<X>, y: PlottableValue<Y>) {
        mark.x = x.field
        mark.y = y.field
    }

    public init<X: Plottable>(x: PlottableValue<X>) { mark.x = x.field }
    public init<Y: Plottable>(y: PlottableValue<Y>) { mark.y = y.field }

    public func _collect(_ marks: inout [ResolvedMark], _ style: MarkStyle) { marks.append(mark.styled(style)) }
}

/// The area under a line (from zero, or between `yStart` and `yEnd`); series stack.
public struct AreaMark: _PrimitiveChartContent {
    var mark = ResolvedMark(.area)

    public init<X: Plottable, Y: Plottable>(x: PlottableValue<X>, y: PlottableValue<Y>, stacking: MarkStackingMethod = .standard) {
        mark.x = x.field
        mark.y = y.field
        mark.stacking = stacking
    }

    public init<X: Plottable, Y: Plottable, S: Plottable>(
        x: PlottableValue<X>, y: PlottableValue<Y>, series: PlottableValue<S>, stacking: MarkStackingMethod = .standard
    ) {
        mark.x = x.field
        mark.y = y.field
        mark.series = series.field
        mark.stacking = stacking
    }

    public init<X: Plottable, Y: Plottable>(x: PlottableValue<X>, yStart: PlottableValue<Y>, yEnd: PlottableValue<Y>) {
        mark.x = x.field
        mark.yStart = yStart.field
        mark.yEnd = yEnd.field
    }

    public func _collect(_ marks: inout [ResolvedMark], _ style: MarkStyle) { marks.append(mark.styled(style)) }
}

/// A straight line across the plot at a value (`RuleMark(y: .value("Goal", 100))`), or a
/// segment between two values.
public struct RuleMark: _PrimitiveChartContent {
    var mark = ResolvedMark(.rule)

    public init<X: Plottable>(x: PlottableValue<X>) { mark.x = x.field }
    public init<Y: Plottable>(y: PlottableValue<Y>) { mark.y = y.field }

    public init<X: Plottable, Y: Plottable>(xStart: PlottableValue<X>, xEnd: PlottableValue<X>, y: PlottableValue<Y>) {
        mark.xStart = xStart.field
        mark.xEnd = xEnd.field
        mark.y = y.field
    }

    public init<X: Plottable, Y: Plottable>(x: PlottableValue<X>, yStart: PlottableValue<Y>, yEnd: PlottableValue<Y>) {
        mark.x = x.field
        mark.yStart = yStart.field
        mark.yEnd = yEnd.field
    }

    public func _collect(_ marks: inout [ResolvedMark], _ style: MarkStyle) { marks.append(mark.styled(style)) }
}

/// A rectangle: a cell of a heat map (`x:y:`), or a region (`xStart:xEnd:yStart:yEnd:`).
public struct RectangleMark: _PrimitiveChartContent {
    var mark = ResolvedMark(.rectangle)

    public init<X: Plottable, Y: Plottable>(
        x: PlottableValue<X>, y: PlottableValue<Y>, width: MarkDimension = .automatic, height: MarkDimension = .automatic
    ) {
        mark.x = x.field
        mark.y = y.field
        mark.width = width
        mark.height = height
    }

    public init<X: Plottable, Y: Plottable>(
        xStart: PlottableValue<X>, xEnd: PlottableValue<X>, yStart: PlottableValue<Y>, yEnd: PlottableValue<Y>
    ) {
        mark.xStart = xStart.field
        mark.xEnd = xEnd.field
        mark.yStart = yStart.field
        mark.yEnd = yEnd.field
    }

    public init<X: Plottable>(xStart: PlottableValue<X>, xEnd: PlottableValue<X>) {
        mark.xStart = xStart.field
        mark.xEnd = xEnd.field
    }

    public init<Y: Plottable>(yStart: PlottableValue<Y>, yEnd: PlottableValue<Y>) {
        mark.yStart = yStart.field
        mark.yEnd = yEnd.field
    }

    public func _collect(_ marks: inout [ResolvedMark], _ style: MarkStyle) { marks.append(mark.styled(style)) }
}

/// A slice of a pie (or of a donut, with `innerRadius`): its angle is its value's share.
public struct SectorMark: _PrimitiveChartContent {
    var mark = ResolvedMark(.sector)

    public init<V: Plottable>(
        angle: PlottableValue<V>, innerRadius: MarkDimension = .automatic, outerRadius: MarkDimension = .automatic,
        angularInset: CGFloat? = nil
    ) {
        mark.angle = angle.field
        mark.innerRadius = innerRadius
        mark.outerRadius = outerRadius
        mark.angularInset = Double(angularInset ?? 0)
    }

    public func _collect(_ marks: inout [ResolvedMark], _ style: MarkStyle) { marks.append(mark.styled(style)) }
}

extension ResolvedMark {
    func styled(_ outer: MarkStyle) -> ResolvedMark {
        var copy = self
        copy.style = outer
        return copy
    }
}
