import Foundation
import Jetway

/// A value a chart can place on an axis: a number, a date, or a category (Swift Charts'
/// `Plottable`). An enum with `String` or number raw values is plottable by declaring it.
public protocol Plottable {
    /// The primitive type the value is plotted as: `String`, a number type or `Date` (a raw-value enum's raw type).
    associatedtype PrimitivePlottable: _PrimitivePlottable
    /// The value in its primitive form; Jetway plots that form (a string as a category, a number or date by value).
    var primitivePlottable: PrimitivePlottable { get }
    /// The value of a primitive form, or nil when none has it; `AxisValue.as(_:)` uses it to hand a mark's value back.
    init?(primitivePlottable: PrimitivePlottable)
}

/// The plottable types the others are written in.
public protocol _PrimitivePlottable: Plottable where PrimitivePlottable == Self {
    /// The value as the chart places it: a number, a date or a category (Jetway's plotted form; not for apps).
    var _plotted: PlottedValue { get }
}

extension _PrimitivePlottable {
    /// A primitive plottable value is its own primitive form.
    public var primitivePlottable: Self { self }
    /// The value itself (never nil).
    public init?(primitivePlottable: Self) { self = primitivePlottable }
}

extension Plottable where Self: RawRepresentable, RawValue: _PrimitivePlottable {
    /// An enum's plottable form: its raw value.
    public var primitivePlottable: RawValue { rawValue }
    /// The case whose raw value is `primitivePlottable`, or nil when there is none.
    public init?(primitivePlottable: RawValue) { self.init(rawValue: primitivePlottable) }
}

/// A plotted value as the chart sees it.
public enum PlottedValue: Hashable, Sendable {
    /// A number: integers, floats and decimals are plotted as `Double`.
    case number(Double)
    /// A date, placed by its seconds since the reference date.
    case date(Date)
    /// A category, by its text; categories make bands in the order they first appear.
    case category(String)

    var number: Double? {
        switch self {
        case .number(let value): value
        case .date(let date): date.timeIntervalSinceReferenceDate
        case .category: nil
        }
    }

    var text: String {
        switch self {
        case .number(let value): ChartFormat.number(value)
        case .date(let date): date.formatted(date: .abbreviated, time: .omitted)
        case .category(let name): name
        }
    }
}

extension String: _PrimitivePlottable {
    /// The string as a category (Jetway's plotted form; not for apps).
    public var _plotted: PlottedValue { .category(self) }
}
extension Substring: _PrimitivePlottable {
    /// The substring as a category (Jetway's plotted form; not for apps).
    public var _plotted: PlottedValue { .category(String(self)) }
}
extension Int: _PrimitivePlottable {
    /// The integer as a number (Jetway's plotted form; not for apps).
    public var _plotted: PlottedValue { .number(Double(self)) }
}
extension Int8: _PrimitivePlottable {
    /// The integer as a number (Jetway's plotted form; not for apps).
    public var _plotted: PlottedValue { .number(Double(self)) }
}
extension Int16: _PrimitivePlottable {
    /// The integer as a number (Jetway's plotted form; not for apps).
    public var _plotted: PlottedValue { .number(Double(self)) }
}
extension Int32: _PrimitivePlottable {
    /// The integer as a number (Jetway's plotted form; not for apps).
    public var _plotted: PlottedValue { .number(Double(self)) }
}
extension Int64: _PrimitivePlottable {
    /// The integer as a number (Jetway's plotted form; not for apps).
    public var _plotted: PlottedValue { .number(Double(self)) }
}
extension UInt: _PrimitivePlottable {
    /// The integer as a number (Jetway's plotted form; not for apps).
    public var _plotted: PlottedValue { .number(Double(self)) }
}
extension UInt8: _PrimitivePlottable {
    /// The integer as a number (Jetway's plotted form; not for apps).
    public var _plotted: PlottedValue { .number(Double(self)) }
}
extension UInt16: _PrimitivePlottable {
    /// The integer as a number (Jetway's plotted form; not for apps).
    public var _plotted: PlottedValue { .number(Double(self)) }
}
extension UInt32: _PrimitivePlottable {
    /// The integer as a number (Jetway's plotted form; not for apps).
    public var _plotted: PlottedValue { .number(Double(self)) }
}
extension UInt64: _PrimitivePlottable {
    /// The integer as a number (Jetway's plotted form; not for apps).
    public var _plotted: PlottedValue { .number(Double(self)) }
}
extension Double: _PrimitivePlottable {
    /// The number itself (Jetway's plotted form; not for apps).
    public var _plotted: PlottedValue { .number(self) }
}
extension Float: _PrimitivePlottable {
    /// The number as a `Double` (Jetway's plotted form; not for apps).
    public var _plotted: PlottedValue { .number(Double(self)) }
}
extension CGFloat: _PrimitivePlottable {
    /// The number as a `Double` (Jetway's plotted form; not for apps).
    public var _plotted: PlottedValue { .number(Double(self)) }
}
extension Decimal: _PrimitivePlottable {
    /// The decimal as a `Double` (Jetway's plotted form; not for apps).
    public var _plotted: PlottedValue { .number(NSDecimalNumber(decimal: self).doubleValue) }
}
extension Date: _PrimitivePlottable {
    /// The date (Jetway's plotted form; not for apps).
    public var _plotted: PlottedValue { .date(self) }
}

extension Plottable {
    var plotted: PlottedValue { primitivePlottable._plotted }
}

/// A value with the name it is plotted under: `.value("Month", month)`.
public struct PlottableValue<Value: Plottable> {
    let label: String
    let value: Value
    /// A date's unit (`.value("Day", date, unit: .day)`): the mark spans the unit.
    let unit: Calendar.Component?

    /// The value `value`, named `label` (the axis title and what VoiceOver reads).
    public static func value(_ label: String, _ value: Value) -> PlottableValue<Value> {
        PlottableValue(label: label, value: value, unit: nil)
    }

    var plotted: PlottedValue { value.plotted }
    var field: PlottedField { PlottedField(label: label, value: value.plotted, unit: unit) }
}

extension PlottableValue where Value == Date {
    /// A date plotted as the whole `unit` it falls in (a bar a day wide).
    public static func value(_ label: String, _ value: Date, unit: Calendar.Component, calendar: Calendar = .current) -> PlottableValue<
        Date
    > {
        let start = calendar.dateInterval(of: unit, for: value)?.start ?? value
        return PlottableValue(label: label, value: start, unit: unit)
    }
}

/// A plotted value with its name, as a mark keeps it.
public struct PlottedField: Hashable, Sendable {
    let label: String
    let value: PlottedValue
    let unit: Calendar.Component?
}

enum ChartFormat {
    static func number(_ value: Double) -> String {
        if value.rounded() == value, abs(value) < 1e15 { return value.formatted(.number.grouping(.automatic)) }
        return value.formatted(.number.precision(.fractionLength(0...2)))
    }

    /// A number for CSS and SVG: short, never in exponent form.
    static func css(_ value: Double) -> String {
        guard value.isFinite else { return "0" }
        let rounded = (value * 1000).rounded() / 1000
        if rounded == rounded.rounded() { return String(Int(rounded)) }
        return String(format: "%.3f", rounded).replacingOccurrences(of: #"0+$"#, with: "", options: .regularExpression)
    }
}
