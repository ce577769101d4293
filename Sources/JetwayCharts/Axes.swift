import Foundation
import Jetway

/// Content of a chart's axis (`chartXAxis { AxisMarks(…) }`).
@MainActor @preconcurrency
public protocol AxisContent {
    /// Appends the `AxisMarks` this content stands for to `out` (Jetway's axis building; not for apps).
    func _axisMarks(_ out: inout [AxisMarksSpec])
}

/// One mark at one of an axis's values: a grid line, a tick or a label.
@MainActor @preconcurrency
public protocol AxisMark {
    /// Appends what this mark draws at `value` to `out` (Jetway's axis drawing; not for apps).
    func _components(_ value: AxisValue, _ out: inout [AxisComponent])
}

/// What `AxisMarks` draws at one value.
public enum AxisComponent {
    /// A line across the plot at the value, with its stroke and paint (nil: a 1-point line in the separator colour).
    case gridLine(stroke: StrokeStyle?, style: (any ShapeStyle)?)
    /// A tick `length` points long beside the plot (drawn on the x axis only, in the separator colour).
    case tick(length: Double, stroke: StrokeStyle?, style: (any ShapeStyle)?)
    /// A label: a view of the app's own, or text in `format` (else the value's own text), with its paint and font.
    case label(AnyView?, format: ((PlottedValue) -> String)?, style: (any ShapeStyle)?, font: Font?)
}

/// The marks of one `AxisMarks`: where, at which values, and what at each.
public struct AxisMarksSpec {
    let position: AxisMarkPosition
    let values: AxisMarkValues
    let explicit: [PlottedValue]?
    /// nil: the default grid line, tick and label.
    let content: ((AxisValue) -> [AxisComponent])?
    let format: ((PlottedValue) -> String)?
}

/// Builds an axis's content (`chartXAxis { AxisMarks(…) }`) into the list of its `AxisMarks`.
@resultBuilder
@MainActor
public enum AxisContentBuilder {
    /// The `AxisMarks` of one piece of axis content.
    public static func buildExpression<C: AxisContent>(_ content: C) -> [AxisMarksSpec] {
        var out: [AxisMarksSpec] = []
        content._axisMarks(&out)
        return out
    }
    /// The marks of a block's statements, in order.
    public static func buildBlock(_ parts: [AxisMarksSpec]...) -> [AxisMarksSpec] { parts.flatMap { $0 } }
    /// An `if` without `else`: its marks, or none when the condition is false.
    public static func buildOptional(_ part: [AxisMarksSpec]?) -> [AxisMarksSpec] { part ?? [] }
    /// The first branch of an `if`/`else` or a `switch`.
    public static func buildEither(first: [AxisMarksSpec]) -> [AxisMarksSpec] { first }
    /// The second branch of an `if`/`else` or a `switch`.
    public static func buildEither(second: [AxisMarksSpec]) -> [AxisMarksSpec] { second }
    /// The marks of a `for` loop, in order.
    public static func buildArray(_ parts: [[AxisMarksSpec]]) -> [AxisMarksSpec] { parts.flatMap { $0 } }
}

/// Builds what `AxisMarks` draws at each value.
@resultBuilder
@MainActor
public enum AxisMarkBuilder {
    /// One mark.
    public static func buildExpression<M: AxisMark>(_ mark: M) -> [any AxisMark] { [mark] }
    /// The marks of a block's statements, in order.
    public static func buildBlock(_ parts: [any AxisMark]...) -> [any AxisMark] { parts.flatMap { $0 } }
    /// An `if` without `else`: its marks, or none when the condition is false.
    public static func buildOptional(_ part: [any AxisMark]?) -> [any AxisMark] { part ?? [] }
    /// The first branch of an `if`/`else` or a `switch`.
    public static func buildEither(first: [any AxisMark]) -> [any AxisMark] { first }
    /// The second branch of an `if`/`else` or a `switch`.
    public static func buildEither(second: [any AxisMark]) -> [any AxisMark] { second }
    /// The marks of a `for` loop, in order.
    public static func buildArray(_ parts: [[any AxisMark]]) -> [any AxisMark] { parts.flatMap { $0 } }
}

/// Which side of the plot an axis's labels are on.
public struct AxisMarkPosition: Equatable, Sendable {
    enum Side: Equatable { case automatic, leading, trailing, top, bottom }
    let side: Side
    /// Where the chart puts them: x labels under the plot, y labels on its trailing side.
    public static var automatic: AxisMarkPosition { .init(side: .automatic) }
    /// The y axis's labels on the plot's leading side (on the x axis this is the same as `automatic`).
    public static var leading: AxisMarkPosition { .init(side: .leading) }
    /// The y axis's labels on the plot's trailing side, as by default.
    public static var trailing: AxisMarkPosition { .init(side: .trailing) }
    /// The x axis's labels (and ticks) over the plot (on the y axis this is the same as `automatic`).
    public static var top: AxisMarkPosition { .init(side: .top) }
    /// The x axis's labels under the plot, as by default.
    public static var bottom: AxisMarkPosition { .init(side: .bottom) }
}

/// How an axis's marks sit (accepted for Swift Charts' sake; the chart lays them out the same).
public struct AxisMarkPreset: Equatable, Sendable {
    /// Accepted so Swift Charts code compiles; every preset lays the marks out the same way.
    public static var automatic: AxisMarkPreset { .init() }
    /// Accepted so Swift Charts code compiles; laid out as `automatic`.
    public static var extended: AxisMarkPreset { .init() }
    /// Accepted so Swift Charts code compiles; laid out as `automatic`.
    public static var aligned: AxisMarkPreset { .init() }
    /// Accepted so Swift Charts code compiles; laid out as `automatic`.
    public static var inset: AxisMarkPreset { .init() }
}

/// At which values an axis has marks: chosen for the data (`.automatic(desiredCount:)`), every
/// `stride` (a number, or a calendar unit for dates), or the values given.
public struct AxisMarkValues {
    enum Kind {
        case automatic(desiredCount: Int?)
        case stride(Double)
        case dateStride(Calendar.Component, count: Int)
        case values([PlottedValue])
    }
    let kind: Kind
    /// Values chosen for the data: about 5 round steps on x and 4 on y, round calendar units for dates, every category.
    public static var automatic: AxisMarkValues { .init(kind: .automatic(desiredCount: nil)) }
    /// About `desiredCount` values at round steps; `roundLowerBound` and `roundUpperBound` are accepted and not used.
    public static func automatic(
        desiredCount: Int? = nil, roundLowerBound: Bool? = nil, roundUpperBound: Bool? = nil
    ) -> AxisMarkValues {
        .init(kind: .automatic(desiredCount: desiredCount))
    }
    /// About `desiredCount` values at round steps; `minimumStride` is accepted and not used.
    public static func automatic(minimumStride: Double, desiredCount: Int? = nil) -> AxisMarkValues {
        .init(kind: .automatic(desiredCount: desiredCount))
    }
    /// A mark every `step` on a number axis (a date axis gets its automatic marks, a category axis every category);
    /// `roundLowerBound` and `roundUpperBound` are accepted and not used.
    public static func stride(by step: Double, roundLowerBound: Bool? = nil, roundUpperBound: Bool? = nil) -> AxisMarkValues {
        .init(kind: .stride(step))
    }
    /// A mark every `count` calendar units (`.stride(by: .day)`), from the first whole unit, in the Gregorian calendar
    /// and the environment's time zone; on a number axis the automatic marks. `calendar` and the rounding flags are
    /// accepted and not used.
    public static func stride(
        by component: Calendar.Component, count: Int = 1, roundLowerBound: Bool? = nil, roundUpperBound: Bool? = nil,
        calendar: Calendar? = nil
    ) -> AxisMarkValues {
        .init(kind: .dateStride(component, count: count))
    }
    /// A mark every `count` months (the month symbol itself is not used).
    public static func stride(by component: Date.FormatStyle.Symbol.Month, count: Int = 1) -> AxisMarkValues {
        .init(kind: .dateStride(.month, count: count))
    }
}

/// The value an axis mark is at: `value.as(Double.self)`, its index among the marks.
public struct AxisValue {
    let plotted: PlottedValue
    /// The mark's index among the values its `AxisMarks` marks, from 0.
    public let index: Int
    /// How many values its `AxisMarks` marks.
    public let count: Int

    /// The value as `type`, or nil when it is not one.
    public func `as`<P: Plottable>(_ type: P.Type) -> P? {
        switch plotted {
        case .category(let name):
            if let primitive = name as? P.PrimitivePlottable { return P(primitivePlottable: primitive) }
        case .date(let date):
            if let primitive = date as? P.PrimitivePlottable { return P(primitivePlottable: primitive) }
        case .number(let number):
            if let primitive = number as? P.PrimitivePlottable { return P(primitivePlottable: primitive) }
            if let primitive = Int(exactly: number) as? P.PrimitivePlottable { return P(primitivePlottable: primitive) }
            if let primitive = Float(number) as? P.PrimitivePlottable { return P(primitivePlottable: primitive) }
            if let primitive = CGFloat(number) as? P.PrimitivePlottable { return P(primitivePlottable: primitive) }
            if let primitive = Decimal(number) as? P.PrimitivePlottable { return P(primitivePlottable: primitive) }
        }
        return nil
    }
}

/// Marks at an axis's values (grid lines, ticks, labels by default).
public struct AxisMarks: AxisContent {
    let spec: AxisMarksSpec

    /// The default marks at `values`: a grid line and a label at each (a tick and a label on a category axis).
    /// `preset` and `stroke` are accepted and not used.
    public init(
        preset: AxisMarkPreset = .automatic, position: AxisMarkPosition = .automatic, values: AxisMarkValues = .automatic,
        stroke: StrokeStyle? = nil
    ) {
        spec = AxisMarksSpec(position: position, values: values, explicit: nil, content: nil, format: nil)
    }

    /// The marks `content` makes for each value (`AxisGridLine()`, `AxisTick()`, `AxisValueLabel()`), at `values`.
    /// `preset` is accepted and not used.
    public init(
        preset: AxisMarkPreset = .automatic, position: AxisMarkPosition = .automatic, values: AxisMarkValues = .automatic,
        @AxisMarkBuilder content: @escaping (AxisValue) -> [any AxisMark]
    ) {
        spec = AxisMarksSpec(position: position, values: values, explicit: nil, content: Self.components(content), format: nil)
    }

    /// The default marks at exactly the values in `values`; `preset` and `stroke` are accepted and not used.
    public init<Values: Plottable>(
        preset: AxisMarkPreset = .automatic, position: AxisMarkPosition = .automatic, values: [Values], stroke: StrokeStyle? = nil
    ) {
        spec = AxisMarksSpec(position: position, values: .automatic, explicit: values.map(\.plotted), content: nil, format: nil)
    }

    /// The marks `content` makes at exactly the values in `values`; `preset` is accepted and not used.
    public init<Values: Plottable>(
        preset: AxisMarkPreset = .automatic, position: AxisMarkPosition = .automatic, values: [Values],
        @AxisMarkBuilder content: @escaping (AxisValue) -> [any AxisMark]
    ) {
        spec = AxisMarksSpec(
            position: position, values: .automatic, explicit: values.map(\.plotted), content: Self.components(content), format: nil)
    }

    /// Labels in `format` (`AxisMarks(format: .dateTime.month())`).
    public init<F: FormatStyle>(
        format: F, preset: AxisMarkPreset = .automatic, position: AxisMarkPosition = .automatic, values: AxisMarkValues = .automatic,
        stroke: StrokeStyle? = nil
    ) where F.FormatOutput == String {
        spec = AxisMarksSpec(position: position, values: values, explicit: nil, content: nil, format: Self.formatter(format))
    }

    static func components(_ content: @escaping (AxisValue) -> [any AxisMark]) -> (AxisValue) -> [AxisComponent] {
        { value in
            var out: [AxisComponent] = []
            for mark in content(value) { mark._components(value, &out) }
            return out
        }
    }

    static func formatter<F: FormatStyle>(_ format: F) -> (PlottedValue) -> String where F.FormatOutput == String {
        { value in
            switch value {
            case .date(let date): if let input = date as? F.FormatInput { return format.format(input) }
            case .number(let number):
                if let input = number as? F.FormatInput { return format.format(input) }
                if let int = Int(exactly: number), let input = int as? F.FormatInput { return format.format(input) }
                if let input = Decimal(number) as? F.FormatInput { return format.format(input) }
            case .category(let name): if let input = name as? F.FormatInput { return format.format(input) }
            }
            return value.text
        }
    }

    /// Adds these marks to the axis (Jetway's axis collection; not for apps).
    public func _axisMarks(_ out: inout [AxisMarksSpec]) { out.append(spec) }
}

/// A line across the plot at the mark's value.
public struct AxisGridLine: AxisMark {
    let stroke: StrokeStyle?
    var style: (any ShapeStyle)?
    /// A grid line, 1 point wide or as wide as `stroke` says (dashed when it has a dash pattern); `centered` is accepted
    /// and not used.
    public init(centered: Bool? = nil, stroke: StrokeStyle? = nil) { self.stroke = stroke }
    /// Adds a grid line at the value (Jetway's axis drawing; not for apps).
    public func _components(_ value: AxisValue, _ out: inout [AxisComponent]) { out.append(.gridLine(stroke: stroke, style: style)) }
    /// The grid line painted with `style` (a gradient falls back to the separator colour).
    public func foregroundStyle<S: ShapeStyle>(_ style: S) -> AxisGridLine {
        var copy = self
        copy.style = style
        return copy
    }
}

/// A short line at the plot's edge at the mark's value.
public struct AxisTick: AxisMark {
    let length: Double
    let stroke: StrokeStyle?
    var style: (any ShapeStyle)?
    /// A tick `length` points long, under (or over) the x axis's labels.
    ///
    /// The tick is drawn 1 point wide in the separator colour whatever `stroke` says, and the y axis draws no ticks;
    /// `centered` is accepted and not used.
    public init(centered: Bool? = nil, length: CGFloat = 4, stroke: StrokeStyle? = nil) {
        self.length = Double(length)
        self.stroke = stroke
    }
    /// Adds a tick at the value (Jetway's axis drawing; not for apps).
    public func _components(_ value: AxisValue, _ out: inout [AxisComponent]) {
        out.append(.tick(length: length, stroke: stroke, style: style))
    }
    /// Accepted so Swift Charts code compiles; ticks are drawn in the separator colour, so `style` is not used.
    public func foregroundStyle<S: ShapeStyle>(_ style: S) -> AxisTick {
        var copy = self
        copy.style = style
        return copy
    }
}

/// The mark's value as text (in `format`, or the value's own form), or a view of your own.
public struct AxisValueLabel: AxisMark {
    let content: ((AxisValue) -> AnyView)?
    let format: ((PlottedValue) -> String)?
    var style: (any ShapeStyle)?
    var font: Font?

    /// The value's own text: in the format of its `AxisMarks` if it has one, else a date in a unit that suits the
    /// marks' spacing, a number, or a category's name. The other arguments are accepted; labels are drawn one way.
    public init(
        centered: Bool? = nil, anchor: UnitPoint? = nil, multiLabelAlignment: Alignment? = nil,
        collisionResolution: AxisValueLabelCollisionResolution = .automatic, offsetsMarks: Bool? = nil,
        orientation: AxisValueLabelOrientation = .automatic, horizontalSpacing: CGFloat? = nil, verticalSpacing: CGFloat? = nil
    ) {
        content = nil
        format = nil
    }

    /// The value in `format` (a value the format cannot take shows its own text); the other arguments are accepted and
    /// not used.
    public init<F: FormatStyle>(
        format: F, centered: Bool? = nil, anchor: UnitPoint? = nil, multiLabelAlignment: Alignment? = nil,
        collisionResolution: AxisValueLabelCollisionResolution = .automatic, offsetsMarks: Bool? = nil,
        orientation: AxisValueLabelOrientation = .automatic, horizontalSpacing: CGFloat? = nil, verticalSpacing: CGFloat? = nil
    ) where F.FormatOutput == String {
        content = nil
        self.format = AxisMarks.formatter(format)
    }

    /// A view of your own at each mark (the same view at every value: `content` has no argument); the other arguments
    /// are accepted and not used.
    public init<C: View>(
        centered: Bool? = nil, anchor: UnitPoint? = nil, multiLabelAlignment: Alignment? = nil,
        collisionResolution: AxisValueLabelCollisionResolution = .automatic, offsetsMarks: Bool? = nil,
        orientation: AxisValueLabelOrientation = .automatic, horizontalSpacing: CGFloat? = nil, verticalSpacing: CGFloat? = nil,
        @ViewBuilder content: @escaping () -> C
    ) {
        let view = AnyView(content())
        self.content = { _ in view }
        format = nil
    }

    /// The text `text` at the mark.
    public init(_ text: String) {
        let view = AnyView(Text(verbatim: text))
        content = { _ in view }
        format = nil
    }

    /// Adds a label at the value (Jetway's axis drawing; not for apps).
    public func _components(_ value: AxisValue, _ out: inout [AxisComponent]) {
        out.append(.label(content?(value), format: format, style: style, font: font))
    }

    /// The label's text colour (a gradient is not used: the label keeps the axis's secondary colour).
    public func foregroundStyle<S: ShapeStyle>(_ style: S) -> AxisValueLabel {
        var copy = self
        copy.style = style
        return copy
    }

    /// The text label in `font` (a label made of your own view keeps its own font).
    public func font(_ font: Font?) -> AxisValueLabel {
        var copy = self
        copy.font = font
        return copy
    }
}

/// What labels that would overlap do (the chart keeps every label; accepted for Swift Charts' sake).
public struct AxisValueLabelCollisionResolution: Sendable {
    /// Accepted so Swift Charts code compiles; every label is drawn.
    public static var automatic: Self { .init() }
    /// Accepted so Swift Charts code compiles; every label is drawn.
    public static var greedy: Self { .init() }
    /// Accepted so Swift Charts code compiles; every label is drawn, `minimumSpacing` or not.
    public static func greedy(minimumSpacing: CGFloat) -> Self { .init() }
    /// Accepted so Swift Charts code compiles; every label is drawn whole.
    public static var truncate: Self { .init() }
    /// Accepted so Swift Charts code compiles; every label is drawn.
    public static var disabled: Self { .init() }
}

/// Which way labels read.
public struct AxisValueLabelOrientation: Sendable {
    /// Accepted so Swift Charts code compiles; labels read horizontally.
    public static var automatic: Self { .init() }
    /// Labels read horizontally, as they always do in Jetway.
    public static var horizontal: Self { .init() }
    /// Accepted so Swift Charts code compiles; labels read horizontally.
    public static var vertical: Self { .init() }
    /// Accepted so Swift Charts code compiles; labels read horizontally.
    public static var verticalReversed: Self { .init() }
}
