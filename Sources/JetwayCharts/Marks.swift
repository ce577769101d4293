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
    /// The size the chart chooses: 70% of a bar's room (its band, or the data's spacing; 80% of a date's unit), a whole
    /// band for a rectangle (else 20 points), the full radius for a sector.
    public static var automatic: MarkDimension { MarkDimension(kind: .automatic) }
    /// `value` points (a sector's radius: points of a 100-point radius).
    public static func fixed(_ value: CGFloat) -> MarkDimension { MarkDimension(kind: .fixed(Double(value))) }
    /// `value` times the room the mark has (a sector's inner radius: times its outer radius).
    public static func ratio(_ value: Double) -> MarkDimension { MarkDimension(kind: .ratio(value)) }
    /// The room the mark has, less `value` points on each side.
    public static func inset(_ value: CGFloat) -> MarkDimension { MarkDimension(kind: .inset(Double(value))) }
    init(kind: Kind) { self.kind = kind }
    /// `value` points, as `fixed(_:)`.
    public init(floatLiteral value: Double) { kind = .fixed(value) }
    /// `value` points, as `fixed(_:)`.
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
    /// Stacked: each value on top of the ones before it at its place (negative values below zero).
    public static var standard: MarkStackingMethod { .init(kind: .standard) }
    /// Stacked as shares of the place's total, from 0 to 1.
    public static var normalized: MarkStackingMethod { .init(kind: .normalized) }
    /// Stacked around the middle: each stack is centred on zero.
    public static var center: MarkStackingMethod { .init(kind: .center) }
    /// Not stacked: each mark starts at zero, over the others.
    public static var unstacked: MarkStackingMethod { .init(kind: .unstacked) }
}

/// A bar: a category's or a date's value (`BarMark(x: .value("Month", m), y: .value("Sales", s))`),
/// horizontal when the category is on y, or a range (`xStart:xEnd:y:`, `x:yStart:yEnd:`).
public struct BarMark: _PrimitiveChartContent {
    var mark = ResolvedMark(.bar)

    /// A bar at `x` with the value `y`, or at `y` with the value `x` when the category (or a date against a number) is on
    /// y; bars at the same place stack by `stacking`. `width` and `height` size it across.
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

    /// A bar from `xStart` to `xEnd` at `y` (a timeline's row), `height` across.
    public init<X: Plottable, Y: Plottable>(
        xStart: PlottableValue<X>, xEnd: PlottableValue<X>, y: PlottableValue<Y>, height: MarkDimension = .automatic
    ) {
        mark.xStart = xStart.field
        mark.xEnd = xEnd.field
        mark.y = y.field
        mark.height = height
    }

    /// A bar from `yStart` to `yEnd` at `x`, `width` across.
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

    /// A bar along y alone: from zero to `y`'s value across the plot's width (at a category: a band across the plot).
    public init<Y: Plottable>(y: PlottableValue<Y>, height: MarkDimension = .automatic, stacking: MarkStackingMethod = .standard) {
        mark.y = y.field
        mark.height = height
        mark.stacking = stacking
    }

    /// Adds this mark with the style around it (Jetway's mark collection; not for apps).
    public func _collect(_ marks: inout [ResolvedMark], _ style: MarkStyle) { marks.append(mark.styled(style)) }
}

/// A line through the values in the order the marks come (sort the data by x for a line from left to right);
/// marks with different `series` (or different `foregroundStyle(by:)` values) are separate lines.
public struct LineMark: _PrimitiveChartContent {
    var mark = ResolvedMark(.line)

    /// A point of a line at `x` and `y`.
    public init<X: Plottable, Y: Plottable>(x: PlottableValue<X>, y: PlottableValue<Y>) {
        mark.x = x.field
        mark.y = y.field
    }

    /// A point of the line `series` names: marks of different series are different lines.
    public init<X: Plottable, Y: Plottable, S: Plottable>(x: PlottableValue<X>, y: PlottableValue<Y>, series: PlottableValue<S>) {
        mark.x = x.field
        mark.y = y.field
        mark.series = series.field
    }

    /// Adds this mark with the style around it (Jetway's mark collection; not for apps).
    public func _collect(_ marks: inout [ResolvedMark], _ style: MarkStyle) { marks.append(mark.styled(style)) }
}

/// A point (a scatter plot's dot).
public struct PointMark: _PrimitiveChartContent {
    var mark = ResolvedMark(.point)

    /// A point at `x` and `y`: a dot 30 square points in area unless `symbolSize` says otherwise.
    public init<X: Plottable, Y: Plottable>(x: PlottableValue<X>, y: PlottableValue<Y>) {
        mark.x = x.field
        mark.y = y.field
    }

    /// A point at `x`, halfway up the plot.
    public init<X: Plottable>(x: PlottableValue<X>) { mark.x = x.field }
    /// A point at `y`, halfway across the plot.
    public init<Y: Plottable>(y: PlottableValue<Y>) { mark.y = y.field }

    /// Adds this mark with the style around it (Jetway's mark collection; not for apps).
    public func _collect(_ marks: inout [ResolvedMark], _ style: MarkStyle) { marks.append(mark.styled(style)) }
}

/// The area under a line (from zero, or between `yStart` and `yEnd`); series stack.
public struct AreaMark: _PrimitiveChartContent {
    var mark = ResolvedMark(.area)

    /// A point of an area from zero up to `y` at `x`; areas at the same x stack by `stacking`.
    public init<X: Plottable, Y: Plottable>(x: PlottableValue<X>, y: PlottableValue<Y>, stacking: MarkStackingMethod = .standard) {
        mark.x = x.field
        mark.y = y.field
        mark.stacking = stacking
    }

    /// A point of the area `series` names, from zero up to `y` at `x`; the series stack by `stacking`.
    public init<X: Plottable, Y: Plottable, S: Plottable>(
        x: PlottableValue<X>, y: PlottableValue<Y>, series: PlottableValue<S>, stacking: MarkStackingMethod = .standard
    ) {
        mark.x = x.field
        mark.y = y.field
        mark.series = series.field
        mark.stacking = stacking
    }

    /// A point of an area between `yStart` and `yEnd` at `x` (a band; not stacked).
    public init<X: Plottable, Y: Plottable>(x: PlottableValue<X>, yStart: PlottableValue<Y>, yEnd: PlottableValue<Y>) {
        mark.x = x.field
        mark.yStart = yStart.field
        mark.yEnd = yEnd.field
    }

    /// Adds this mark with the style around it (Jetway's mark collection; not for apps).
    public func _collect(_ marks: inout [ResolvedMark], _ style: MarkStyle) { marks.append(mark.styled(style)) }
}

/// A straight line across the plot at a value (`RuleMark(y: .value("Goal", 100))`), or a
/// segment between two values.
public struct RuleMark: _PrimitiveChartContent {
    var mark = ResolvedMark(.rule)

    /// A vertical line across the whole plot at `x`.
    public init<X: Plottable>(x: PlottableValue<X>) { mark.x = x.field }
    /// A horizontal line across the whole plot at `y`.
    public init<Y: Plottable>(y: PlottableValue<Y>) { mark.y = y.field }

    /// A horizontal segment at `y`, from `xStart` to `xEnd`.
    public init<X: Plottable, Y: Plottable>(xStart: PlottableValue<X>, xEnd: PlottableValue<X>, y: PlottableValue<Y>) {
        mark.xStart = xStart.field
        mark.xEnd = xEnd.field
        mark.y = y.field
    }

    /// A vertical segment at `x`, from `yStart` to `yEnd`.
    public init<X: Plottable, Y: Plottable>(x: PlottableValue<X>, yStart: PlottableValue<Y>, yEnd: PlottableValue<Y>) {
        mark.x = x.field
        mark.yStart = yStart.field
        mark.yEnd = yEnd.field
    }

    /// Adds this mark with the style around it (Jetway's mark collection; not for apps).
    public func _collect(_ marks: inout [ResolvedMark], _ style: MarkStyle) { marks.append(mark.styled(style)) }
}

/// A rectangle: a cell of a heat map (`x:y:`), or a region (`xStart:xEnd:yStart:yEnd:`).
public struct RectangleMark: _PrimitiveChartContent {
    var mark = ResolvedMark(.rectangle)

    /// A cell at `x` and `y`: a whole band on a category axis, else 20 points, unless `width` and `height` say otherwise.
    public init<X: Plottable, Y: Plottable>(
        x: PlottableValue<X>, y: PlottableValue<Y>, width: MarkDimension = .automatic, height: MarkDimension = .automatic
    ) {
        mark.x = x.field
        mark.y = y.field
        mark.width = width
        mark.height = height
    }

    /// A region from `xStart` to `xEnd` and from `yStart` to `yEnd`.
    public init<X: Plottable, Y: Plottable>(
        xStart: PlottableValue<X>, xEnd: PlottableValue<X>, yStart: PlottableValue<Y>, yEnd: PlottableValue<Y>
    ) {
        mark.xStart = xStart.field
        mark.xEnd = xEnd.field
        mark.yStart = yStart.field
        mark.yEnd = yEnd.field
    }

    /// A region from `xStart` to `xEnd`, the plot's whole height.
    public init<X: Plottable>(xStart: PlottableValue<X>, xEnd: PlottableValue<X>) {
        mark.xStart = xStart.field
        mark.xEnd = xEnd.field
    }

    /// A region from `yStart` to `yEnd`, the plot's whole width.
    public init<Y: Plottable>(yStart: PlottableValue<Y>, yEnd: PlottableValue<Y>) {
        mark.yStart = yStart.field
        mark.yEnd = yEnd.field
    }

    /// Adds this mark with the style around it (Jetway's mark collection; not for apps).
    public func _collect(_ marks: inout [ResolvedMark], _ style: MarkStyle) { marks.append(mark.styled(style)) }
}

/// A slice of a pie (or of a donut, with `innerRadius`): its angle is its value's share.
public struct SectorMark: _PrimitiveChartContent {
    var mark = ResolvedMark(.sector)

    /// A slice whose angle is `angle`'s share of all the sectors' total (a negative value counts as zero).
    ///
    /// `innerRadius` makes a donut and `angularInset` leaves a gap between slices; sizes in points are read as points
    /// of a 100-point radius.
    public init<V: Plottable>(
        angle: PlottableValue<V>, innerRadius: MarkDimension = .automatic, outerRadius: MarkDimension = .automatic,
        angularInset: CGFloat? = nil
    ) {
        mark.angle = angle.field
        mark.innerRadius = innerRadius
        mark.outerRadius = outerRadius
        mark.angularInset = Double(angularInset ?? 0)
    }

    /// Adds this mark with the style around it (Jetway's mark collection; not for apps).
    public func _collect(_ marks: inout [ResolvedMark], _ style: MarkStyle) { marks.append(mark.styled(style)) }
}

extension ResolvedMark {
    func styled(_ outer: MarkStyle) -> ResolvedMark {
        var copy = self
        copy.style = outer
        return copy
    }
}
