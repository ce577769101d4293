import Foundation
import Jetway

/// Content of a chart's axis (`chartXAxis { AxisMarks(…) }`).
@MainActor @preconcurrency
public protocol AxisContent {
    func _axisMarks(_ out: inout [AxisMarksSpec])
}

/// One mark at one of an axis's values: a grid line, a tick or a label.
@MainActor @preconcurrency
public protocol AxisMark {
    func _components(_ value: AxisValue, _ out: inout [AxisComponent])
}

/// What `AxisMarks` draws at one value.
public enum AxisComponent {
    case gridLine(stroke: StrokeStyle?, style: (any ShapeStyle)?)
    case tick(length: Double, stroke: StrokeStyle?, style: (any ShapeStyle)?)
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

@resultBuilder
@MainActor
public enum AxisContentBuilder {
    public static func buildExpression<C: AxisContent>(_ content: C) -> [AxisMarksSpec] {
        var out: [AxisMarksSpec] = []
        content._axisMarks(&out)
        return out
    }
    public static func buildBlock(_ parts: [AxisMarksSpec]...) -> [AxisMarksSpec] { parts.flatMap { $0 } }
    public static func buildOptional(_ part: [AxisMarksSpec]?) -> [AxisMarksSpec] { part ?? [] }
    public static func buildEither(first: [AxisMarksSpec]) -> [AxisMarksSpec] { first }
    public static func buildEither(second: [AxisMarksSpec]) -> [AxisMarksSpec] { second }
    public static func buildArray(_ parts: [[AxisMarksSpec]]) -> [AxisMarksSpec] { parts.flatMap { $0 } }
}

/// Builds what `AxisMarks` draws at each value.
@resultBuilder
@MainActor
public enum AxisMarkBuilder {
    public static func buildExpression<M: AxisMark>(_ mark: M) -> [any AxisMark] { [mark] }
    public static func buildBlock(_ parts: [any AxisMark]...) -> [any AxisMark] { parts.flatMap { $0 } }
    public static func buildOptional(_ part: [any AxisMark]?) -> [any AxisMark] { part ?? [] }
    public static func buildEither(first: [any AxisMark]) -> [any AxisMark] { first }
    public static func buildEither(second: [any AxisMark]) -> [any AxisMark] { second }
    public static func buildArray(_ parts: [[any AxisMark]]) -> [any AxisMark] { parts.flatMap { $0 } }
}

/// Which side of the plot an axis's labels are on.
public struct AxisMarkPosition: Equatable, Sendable {
    enum Side: Equatable { case automatic, leading, trailing, top, bottom }
    let side: Side
    public static var automatic: AxisMarkPosition { .init(side: .automatic) }
    public static var leading: AxisMarkPosition { .init(side: .leading) }
    public static var trailing: AxisMarkPosition { .init(side: .trailing) }
    public static var top: AxisMarkPosition { .init(side: .top) }
    public static var bottom: AxisMarkPosition { .init(side: .bottom) }
}

/// How an axis's marks sit (accepted for Swift Charts' sake; the chart lays them out the same).
public struct AxisMarkPreset: Equatable, Sendable {
    public static var automatic: AxisMarkPreset { .init() }
    public static var extended: AxisMarkPreset { .init() }
    public static var aligned: AxisMarkPreset { .init() }
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
    public static var automatic: AxisMarkValues { .init(kind: .automatic(desiredCount: nil)) }
    public static func automatic(
        desiredCount: Int? = nil, roundLowerBound: Bool? = nil, roundUpperBound: Bool? = nil
    ) -> AxisMarkValues {
        .init(kind: .automatic(desiredCount: desiredCount))
    }
    public static func automatic(minimumStride: Double, desiredCount: Int? = nil) -> AxisMarkValues {
        .init(kind: .automatic(desiredCount: desiredCount))
    }
    public static func stride(by step: Double, roundLowerBound: Bool? = nil, roundUpperBound: Bool? = nil) -> AxisMarkValues {
        .init(kind: .stride(step))
    }
    public static func stride(
        by component: Calendar.Component, count: Int = 1, roundLowerBound: Bool? = nil, roundUpperBound: Bool? = nil,
        calendar: Calendar? = nil
    ) -> AxisMarkValues {
        .init(kind: .dateStride(component, count: count))
    }
    public static func stride(by component: Date.FormatStyle.Symbol.Month, count: Int = 1) -> AxisMarkValues {
        .init(kind: .dateStride(.month, count: count))
    }
}

/// The value an axis mark is at: `value.as(Double.self)`, its index among the marks.
public struct AxisValue {
    let plotted: PlottedValue
    public let index: Int
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

    public init(
        preset: AxisMarkPreset = .automatic, position: AxisMarkPosition = .automatic, values: AxisMarkValues = .automatic,
        stroke: StrokeStyle? = nil
    ) {
        spec = AxisMarksSpec(position: position, values: values, explicit: nil, content: nil, format: nil)
    }

    public init(
        preset: AxisMarkPreset = .automatic, position: AxisMarkPosition = .automatic, values: AxisMarkValues = .automatic,
        @AxisMarkBuilder content: @escaping (AxisValue) -> [any AxisMark]
    ) {
        spec = AxisMarksSpec(position: position, values: values, explicit: nil, content: Self.components(content), format: nil)
    }

    public init<Values: Plottable>(
        preset: AxisMarkPreset = .automatic, position: AxisMarkPosition = .automatic, values: [Values], stroke: StrokeStyle? = nil
    ) {
        spec = AxisMarksSpec(position: position, values: .automatic, explicit: values.map(\.plotted), content: nil, format: nil)
    }

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

    public func _axisMarks(_ out: inout [AxisMarksSpec]) { out.append(spec) }
}

/// A line across the plot at the mark's value.
public struct AxisGridLine: AxisMark {
    let stroke: StrokeStyle?
    var style: (any ShapeStyle)?
    public init(centered: Bool? = nil, stroke: StrokeStyle? = nil) { self.stroke = stroke }
    public func _components(_ value: AxisValue, _ out: inout [AxisComponent]) { out.append(.gridLine(stroke: stroke, style: style)) }
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
    public init(centered: Bool? = nil, length: CGFloat = 4, stroke: StrokeStyle? = nil) {
        self.length = Double(length)
        self.stroke = stroke
    }
    public func _components(_ value: AxisValue, _ out: inout [AxisComponent]) {
        out.append(.tick(length: length, stroke: stroke, style: style))
    }
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

    public init(
        centered: Bool? = nil, anchor: UnitPoint? = nil, multiLabelAlignment: Alignment? = nil,
        collisionResolution: AxisValueLabelCollisionResolution = .automatic, offsetsMarks: Bool? = nil,
        orientation: AxisValueLabelOrientation = .automatic, horizontalSpacing: CGFloat? = nil, verticalSpacing: CGFloat? = nil
    ) {
        content = nil
        format = nil
    }

    public init<F: FormatStyle>(
        format: F, centered: Bool? = nil, anchor: UnitPoint? = nil, multiLabelAlignment: Alignment? = nil,
        collisionResolution: AxisValueLabelCollisionResolution = .automatic, offsetsMarks: Bool? = nil,
        orientation: AxisValueLabelOrientation = .automatic, horizontalSpacing: CGFloat? = nil, verticalSpacing: CGFloat? = nil
    ) where F.FormatOutput == String {
        content = nil
        self.format = AxisMarks.formatter(format)
    }

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

    public init(_ text: String) {
        let view = AnyView(Text(verbatim: text))
        content = { _ in view }
        format = nil
    }

    public func _components(_ value: AxisValue, _ out: inout [AxisComponent]) {
        out.append(.label(content?(value), format: format, style: style, font: font))
    }

    public func foregroundStyle<S: ShapeStyle>(_ style: S) -> AxisValueLabel {
        var copy = self
        copy.style = style
        return copy
    }

    public func font(_ font: Font?) -> AxisValueLabel {
        var copy = self
        copy.font = font
        return copy
    }
}

/// What labels that would overlap do (the chart keeps every label; accepted for Swift Charts' sake).
public struct AxisValueLabelCollisionResolution: Sendable {
    public static var automatic: Self { .init() }
    public static var greedy: Self { .init() }
    public static func greedy(minimumSpacing: CGFloat) -> Self { .init() }
    public static var truncate: Self { .init() }
    public static var disabled: Self { .init() }
}

/// Which way labels read.
public struct AxisValueLabelOrientation: Sendable {
    public static var automatic: Self { .init() }
    public static var horizontal: Self { .init() }
    public static var vertical: Self { .init() }
    public static var verticalReversed: Self { .init() }
}
