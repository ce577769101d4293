/// Which parts of a date a `DatePicker` edits.
public struct DatePickerComponents: OptionSet, Hashable, Sendable {
    /// The option bits.
    public let rawValue: Int
    /// The components whose bits `rawValue` sets.
    public init(rawValue: Int) { self.rawValue = rawValue }

    /// Year, month and day.
    public static let date = DatePickerComponents(rawValue: 1)
    /// Hour and minute.
    public static let hourAndMinute = DatePickerComponents(rawValue: 2)
}

/// Picks a date, a time of day, or both, bound to a `Date`: the browser's own date and time
/// inputs (a calendar on the desktop, the system wheels on a phone), in the environment's
/// `timeZone` (the airport's, not the server's), kept within `in:` when one is given.
///
/// ```swift
/// DatePicker("Departure", selection: $departure, in: Date()..., displayedComponents: [.date, .hourAndMinute])
/// DatePicker("Remind me at", selection: $reminder, displayedComponents: .hourAndMinute)
/// ```
public struct DatePicker<Label: View>: _PrimitiveView {
    /// SwiftUI's name for `DatePickerComponents`.
    public typealias Components = DatePickerComponents

    let selection: Binding<Date>
    let lower: Date?
    let upper: Date?
    let components: DatePickerComponents
    let label: Label

    init(selection: Binding<Date>, lower: Date?, upper: Date?, components: DatePickerComponents, label: Label) {
        self.selection = selection
        self.lower = lower
        self.upper = upper
        self.components = components.isEmpty ? [.date, .hourAndMinute] : components
        self.label = label
    }

    /// A date picker bound to `selection`, editing `displayedComponents` (both when empty), after
    /// `label`.
    ///
    /// The input is `date`, `time` or `datetime-local` by the components; a chosen value keeps the
    /// parts it does not edit from the binding's date. The label's text is the input's `aria-label`,
    /// and is shown unless `.labelsHidden()`.
    public init(
        selection: Binding<Date>, displayedComponents: DatePickerComponents = [.date, .hourAndMinute], @ViewBuilder label: () -> Label
    ) {
        self.init(selection: selection, lower: nil, upper: nil, components: displayedComponents, label: label())
    }

    /// A date picker whose choice is kept within `range`: the input's `min` and `max`, and a value
    /// outside is clamped to the nearest bound.
    public init(
        selection: Binding<Date>, in range: ClosedRange<Date>, displayedComponents: DatePickerComponents = [.date, .hourAndMinute],
        @ViewBuilder label: () -> Label
    ) {
        self.init(selection: selection, lower: range.lowerBound, upper: range.upperBound, components: displayedComponents, label: label())
    }

    /// A date picker whose choice is kept at or after `range`'s lower bound.
    public init(
        selection: Binding<Date>, in range: PartialRangeFrom<Date>, displayedComponents: DatePickerComponents = [.date, .hourAndMinute],
        @ViewBuilder label: () -> Label
    ) {
        self.init(selection: selection, lower: range.lowerBound, upper: nil, components: displayedComponents, label: label())
    }

    /// A date picker whose choice is kept at or before `range`'s upper bound.
    public init(
        selection: Binding<Date>, in range: PartialRangeThrough<Date>,
        displayedComponents: DatePickerComponents = [.date, .hourAndMinute], @ViewBuilder label: () -> Label
    ) {
        self.init(selection: selection, lower: nil, upper: range.upperBound, components: displayedComponents, label: label())
    }

    /// Jetway's rendering entry point; not for apps.
    public static func _render(_ view: Self, _ context: _RenderContext, _ out: inout [Node]) {
        let node = context.element("label", StyleClass.datepicker)
        let inside = context.insideElement()
        var labelNodes: [Node] = []
        Label._render(view.label, inside.structural(0), &labelNodes)
        let title = labelNodes.map(\.textContent).joined()
        let form = DateInputForm(view.components, timeZone: context.environment.timeZone)
        let input = inside.structural(1).element("input", StyleClass.dateInput)
        input.setAttribute("type", form.inputType)
        if !title.isEmpty { input.setAttribute("aria-label", title) }
        input.setAttribute("value", form.string(from: context.track { view.selection.wrappedValue }))
        if let lower = view.lower { input.setAttribute("min", form.string(from: lower)) }
        if let upper = view.upper { input.setAttribute("max", form.string(from: upper)) }
        if context.environment.isEnabled {
            let binding = view.selection
            let (lower, upper) = (view.lower, view.upper)
            input.addHandler(
                EventBinding(event: .change) { payload in
                    let text = try payload.text()
                    guard let chosen = form.date(from: text, keepingTheRestOf: binding.wrappedValue) else {
                        throw JetwayError.wrongPayload(
                            expected: "a \(form.inputType) value like \(form.example)", got: "\"\(text.prefix(40))\"")
                    }
                    var date = chosen
                    if let lower, date < lower { date = lower }
                    if let upper, date > upper { date = upper }
                    binding.wrappedValue = date
                })
        } else {
            input.setAttribute("disabled", "")
        }
        let captioned = !title.isEmpty && !context.environment.labelsHidden
        node.children = captioned ? labelNodes + [input] : [input]
        out.append(node)
    }
}

extension DatePicker where Label == Text {
    /// A date picker titled with a string, shown as written.
    @_disfavoredOverload
    public init<S: StringProtocol>(
        _ title: S, selection: Binding<Date>, displayedComponents: DatePickerComponents = [.date, .hourAndMinute]
    ) {
        self.init(selection: selection, lower: nil, upper: nil, components: displayedComponents, label: Text(title))
    }

    /// A date picker titled with a localized string key.
    public init(
        _ titleKey: LocalizedStringKey, selection: Binding<Date>, displayedComponents: DatePickerComponents = [.date, .hourAndMinute]
    ) {
        self.init(selection: selection, lower: nil, upper: nil, components: displayedComponents, label: Text(titleKey))
    }

    /// A date picker titled with a string, its choice kept within `range`.
    @_disfavoredOverload
    public init<S: StringProtocol>(
        _ title: S, selection: Binding<Date>, in range: ClosedRange<Date>,
        displayedComponents: DatePickerComponents = [.date, .hourAndMinute]
    ) {
        self.init(
            selection: selection, lower: range.lowerBound, upper: range.upperBound, components: displayedComponents, label: Text(title))
    }

    /// A date picker titled with a localized string key, its choice kept within `range`.
    public init(
        _ titleKey: LocalizedStringKey, selection: Binding<Date>, in range: ClosedRange<Date>,
        displayedComponents: DatePickerComponents = [.date, .hourAndMinute]
    ) {
        self.init(
            selection: selection, lower: range.lowerBound, upper: range.upperBound, components: displayedComponents, label: Text(titleKey))
    }

    /// A date picker titled with a string, its choice kept at or after `range`'s lower bound.
    @_disfavoredOverload
    public init<S: StringProtocol>(
        _ title: S, selection: Binding<Date>, in range: PartialRangeFrom<Date>,
        displayedComponents: DatePickerComponents = [.date, .hourAndMinute]
    ) {
        self.init(selection: selection, lower: range.lowerBound, upper: nil, components: displayedComponents, label: Text(title))
    }

    /// A date picker titled with a localized string key, its choice kept at or after `range`'s lower
    /// bound.
    public init(
        _ titleKey: LocalizedStringKey, selection: Binding<Date>, in range: PartialRangeFrom<Date>,
        displayedComponents: DatePickerComponents = [.date, .hourAndMinute]
    ) {
        self.init(selection: selection, lower: range.lowerBound, upper: nil, components: displayedComponents, label: Text(titleKey))
    }

    /// A date picker titled with a string, its choice kept at or before `range`'s upper bound.
    @_disfavoredOverload
    public init<S: StringProtocol>(
        _ title: S, selection: Binding<Date>, in range: PartialRangeThrough<Date>,
        displayedComponents: DatePickerComponents = [.date, .hourAndMinute]
    ) {
        self.init(selection: selection, lower: nil, upper: range.upperBound, components: displayedComponents, label: Text(title))
    }
}

/// The HTML input that edits a date's components, and its value format (`2026-12-01`,
/// `10:05`, `2026-12-01T10:05`) in a time zone.
struct DateInputForm: Sendable {
    let components: DatePickerComponents
    let calendar: Calendar

    init(_ components: DatePickerComponents, timeZone: TimeZone) {
        self.components = components
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = timeZone
        self.calendar = calendar
    }

    private var hasDate: Bool { components.contains(.date) }
    private var hasTime: Bool { components.contains(.hourAndMinute) }

    var inputType: String { hasDate && hasTime ? "datetime-local" : hasDate ? "date" : "time" }
    var example: String { hasDate && hasTime ? "2026-12-01T10:05" : hasDate ? "2026-12-01" : "10:05" }

    func string(from date: Date) -> String {
        let parts = calendar.dateComponents([.year, .month, .day, .hour, .minute], from: date)
        let day = Self.padded(parts.year ?? 1970, 4) + "-" + Self.padded(parts.month ?? 1, 2) + "-" + Self.padded(parts.day ?? 1, 2)
        let time = Self.padded(parts.hour ?? 0, 2) + ":" + Self.padded(parts.minute ?? 0, 2)
        return hasDate && hasTime ? day + "T" + time : hasDate ? day : time
    }

    /// The date `text` names, the components it does not carry taken from `current`; nil
    /// when `text` is not a valid value of this input (a 30th of February, `25:00`, words).
    func date(from text: String, keepingTheRestOf current: Date) -> Date? {
        guard text.utf8.count <= 32 else { return nil }
        var parts = calendar.dateComponents([.year, .month, .day, .hour, .minute, .second], from: current)
        let pieces = text.split(separator: "T", omittingEmptySubsequences: false)
        var dayText: Substring?
        var timeText: Substring?
        switch (hasDate, hasTime, pieces.count) {
        case (true, true, 2): (dayText, timeText) = (pieces[0], pieces[1])
        case (true, false, 1): dayText = pieces[0]
        case (false, true, 1): timeText = pieces[0]
        default: return nil
        }
        if let dayText {
            let fields = dayText.split(separator: "-", omittingEmptySubsequences: false)
            guard fields.count == 3, fields[0].count == 4, fields[1].count == 2, fields[2].count == 2,
                let year = Int(fields[0]), let month = Int(fields[1]), let day = Int(fields[2]),
                (1...9999).contains(year), (1...12).contains(month), (1...31).contains(day)
            else { return nil }
            (parts.year, parts.month, parts.day) = (year, month, day)
        }
        if let timeText {
            let fields = timeText.split(separator: ":", omittingEmptySubsequences: false)
            guard fields.count == 2 || fields.count == 3, fields.allSatisfy({ $0.count == 2 || $0.contains(".") }),
                let hour = Int(fields[0]), let minute = Int(fields[1]), (0...23).contains(hour), (0...59).contains(minute)
            else { return nil }
            var second = 0
            if fields.count == 3 {
                guard let seconds = Double(fields[2]), (0..<60).contains(seconds) else { return nil }
                second = Int(seconds)
            }
            (parts.hour, parts.minute, parts.second) = (hour, minute, second)
        }
        parts.nanosecond = 0
        guard let date = calendar.date(from: parts) else { return nil }
        // A day the month does not have comes back as another day: refuse it.
        let check = calendar.dateComponents([.year, .month, .day], from: date)
        if hasDate && (check.year != parts.year || check.month != parts.month || check.day != parts.day) { return nil }
        return date
    }

    private static func padded(_ value: Int, _ width: Int) -> String {
        let digits = String(value)
        return digits.count >= width ? digits : String(repeating: "0", count: width - digits.count) + digits
    }
}

/// How a date picker looks: `.datePickerStyle(.graphical)`. A browser draws its own date and
/// time fields (a calendar that opens from the field on a desktop, the system wheels on a
/// phone), so every style shows that field; the style is accepted for the code to port
/// (docs/swiftui.md lists it with what is not honoured).
public protocol DatePickerStyle {}

/// The platform's default style; in a browser, its date field (as every style).
public struct DefaultDatePickerStyle: DatePickerStyle {
    /// Creates the style; it has no settings.
    public init() {}
}
/// A compact field that opens a calendar; in a browser, its date field (as every style).
public struct CompactDatePickerStyle: DatePickerStyle {
    /// Creates the style; it has no settings.
    public init() {}
}
/// A calendar shown in place. Accepted so SwiftUI code compiles; a browser shows its date field.
public struct GraphicalDatePickerStyle: DatePickerStyle {
    /// Creates the style; it has no settings.
    public init() {}
}
/// Spinning wheels. Accepted so SwiftUI code compiles; a browser shows its date field (a phone's may
/// show wheels).
public struct WheelDatePickerStyle: DatePickerStyle {
    /// Creates the style; it has no settings.
    public init() {}
}

extension DatePickerStyle where Self == DefaultDatePickerStyle {
    /// The default style: the browser's date field.
    public static var automatic: DefaultDatePickerStyle { DefaultDatePickerStyle() }
}
extension DatePickerStyle where Self == CompactDatePickerStyle {
    /// The compact style: the browser's date field.
    public static var compact: CompactDatePickerStyle { CompactDatePickerStyle() }
}
extension DatePickerStyle where Self == GraphicalDatePickerStyle {
    /// The graphical style. Accepted so SwiftUI code compiles; a browser shows its date field.
    public static var graphical: GraphicalDatePickerStyle { GraphicalDatePickerStyle() }
}
extension DatePickerStyle where Self == WheelDatePickerStyle {
    /// The wheel style. Accepted so SwiftUI code compiles; a browser shows its date field.
    public static var wheel: WheelDatePickerStyle { WheelDatePickerStyle() }
}

extension View {
    /// Accepted: the browser's own date field is every style (see `DatePickerStyle`).
    public func datePickerStyle<S: DatePickerStyle>(_ style: S) -> Self { self }
}
