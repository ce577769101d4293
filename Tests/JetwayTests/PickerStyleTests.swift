import Foundation
import JetwayTesting
import Testing

@testable import Jetway

/// Wheel and inline pickers, `.labelsHidden()`, and date pickers: what they render and what
/// the browser's events do to their bindings.
@MainActor
struct PickerStyleTests {
    enum Unit: String, CaseIterable { case days, weeks, months }

    /// Apple's Scrumdinger: a theme picked on a screen of its own, in a form.
    private struct ThemeForm: View {
        @State private var unit = Unit.weeks
        var body: some View {
            NavigationStack {
                Form {
                    Picker("Repeat", selection: $unit) {
                        ForEach(Unit.allCases, id: \.self) { Text($0.rawValue.capitalized).tag($0) }
                    }
                    .pickerStyle(.navigationLink)
                }
                .navigationTitle("Reminder")
                Text("every \(unit.rawValue)")
            }
        }
    }

    @Test func aNavigationLinkPickerPushesItsOptionsAndGoesBack() throws {
        let host = ViewHost(ThemeForm())
        #expect(host.text.contains("Repeat") && host.text.contains("Weeks") && !host.text.contains("Months"))
        try host.tap("Repeat Weeks")
        #expect(host.text.contains("Months"), "the options' screen: \(host.text)")
        try host.tap("Months")
        try host.update()
        #expect(host.text.contains("every months"))
        #expect(!host.text.contains("Days"), "chosen: back to the form")
    }

    @Test func aWheelIsAListboxWhoseChosenOptionIsMarkedAndChangedByIndex() throws {
        var unit = Unit.weeks
        let host = ViewHost(
            Picker("Unit", selection: Binding(get: { unit }, set: { unit = $0 })) {
                ForEach(Unit.allCases, id: \.self) { Text($0.rawValue) }
            }
            .pickerStyle(.wheel))
        let wheel = try #require(host.dom.root.descendants.first { $0.attribute("role") == "listbox" })
        #expect(wheel.attribute("aria-label") == "Unit" && wheel.attribute("tabindex") == "0")
        let options = wheel.children.filter { $0.attribute("role") == "option" }
        #expect(options.map { $0.attribute("aria-selected") } == ["false", "true", "false"])
        #expect(options.map { $0.attribute("data-index") } == ["0", "1", "2"])
        try host.select("months", in: "Unit")
        #expect(unit == .months)
        // An index past the options is refused and changes nothing.
        #expect(throws: JetwayError.self) {
            try host.send(.change, .text("7")) { $0.attribute("role") == "listbox" }
        }
        #expect(unit == .months)
    }

    @Test func twoWheelsSideBySideMakeADurationPickerWithHiddenLabels() throws {
        struct Duration: View {
            @State var value = 1
            @State var unit = Unit.days
            var body: some View {
                VStack {
                    HStack {
                        Picker("Value", selection: $value) { ForEach(1..<100) { Text("\($0)") } }
                        Picker("Unit", selection: $unit) { ForEach(Unit.allCases, id: \.self) { Text($0.rawValue) } }
                    }
                    .pickerStyle(.wheel)
                    .labelsHidden()
                    Text("Every \(value) \(unit.rawValue)")
                }
            }
        }
        let host = ViewHost(Duration())
        #expect(!host.html.contains("jw-picker-label"), "labelsHidden left a caption")
        try host.select("12", in: "Value")
        try host.select("weeks", in: "Unit")
        #expect(host.text.contains("Every 12 weeks"))
        // The chosen options are marked again after the change (the runtime centres them).
        #expect(host.dom.root.descendants.filter { $0.attribute("aria-selected") == "true" }.map(\.textContent) == ["12", "weeks"])
    }

    @Test func anInlinePickerIsARadioGroupOfRows() throws {
        var unit = Unit.days
        let host = ViewHost(
            Picker("Unit", selection: Binding(get: { unit }, set: { unit = $0 })) {
                ForEach(Unit.allCases, id: \.self) { Text($0.rawValue) }
            }
            .pickerStyle(.inline))
        let group = try #require(host.dom.root.descendants.first { $0.attribute("role") == "radiogroup" })
        #expect(group.attribute("aria-label") == "Unit")
        #expect(group.children.filter { $0.attribute("role") == "radio" }.count == 3)
        try host.select("weeks", in: "Unit")
        #expect(unit == .weeks)
    }

    static let denver = TimeZone(identifier: "America/Denver")!

    private static func stamp(_ date: Date) -> String {
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = denver
        let c = calendar.dateComponents([.year, .month, .day, .hour, .minute, .second], from: date)
        return String(format: "%04d-%02d-%02d %02d:%02d:%02d", c.year!, c.month!, c.day!, c.hour!, c.minute!, c.second!)
    }

    /// 2026-12-01 10:00:30 in Denver.
    static let start = Date(timeIntervalSince1970: 1_796_144_430)

    @Test func aDatePickerShowsAndTakesTheEnvironmentsTimeZone() throws {
        var date = Self.start
        let host = ViewHost(
            DatePicker("Departure", selection: Binding(get: { date }, set: { date = $0 }))
                .environment(\.timeZone, Self.denver))
        let input = try #require(host.dom.root.descendants.first { $0.tag == "input" })
        #expect(input.attribute("type") == "datetime-local")
        #expect(input.attribute("value") == "2026-12-01T10:00")
        try host.enter("2026-12-24T18:45", into: "Departure")
        #expect(Self.stamp(date) == "2026-12-24 18:45:00")
    }

    @Test func aTimeAloneKeepsTheDayAndADayAloneKeepsTheTime() throws {
        var date = Self.start
        let binding = Binding(get: { date }, set: { date = $0 })
        let host = ViewHost(
            VStack {
                DatePicker("Time", selection: binding, displayedComponents: .hourAndMinute)
                DatePicker("Day", selection: binding, displayedComponents: .date)
            }
            .environment(\.timeZone, Self.denver))
        #expect(host.html.contains("type=\"time\"") && host.html.contains("type=\"date\""))
        try host.enter("07:15", into: "Time")
        #expect(Self.stamp(date) == "2026-12-01 07:15:00")
        try host.enter("2027-02-28", into: "Day")
        #expect(Self.stamp(date) == "2027-02-28 07:15:00")
    }

    @Test func aDateOutsideTheRangeIsClampedAndANonsenseValueIsRefused() throws {
        var date = Self.start
        let lower = Self.start
        let upper = Self.start.addingTimeInterval(7 * 86_400)
        let host = ViewHost(
            DatePicker("Departure", selection: Binding(get: { date }, set: { date = $0 }), in: lower...upper)
                .environment(\.timeZone, Self.denver))
        let input = try #require(host.dom.root.descendants.first { $0.tag == "input" })
        #expect(input.attribute("min") == "2026-12-01T10:00" && input.attribute("max") == "2026-12-08T10:00")
        try host.enter("2027-01-15T09:00", into: "Departure")
        #expect(date == upper)
        try host.enter("2026-11-02T09:00", into: "Departure")
        #expect(date == lower)
        for bad in [
            "2026-02-30T10:00", "2026-12-01T25:00", "tomorrow", "", "2026-12-01", "2026-1-1T10:00", String(repeating: "9", count: 100),
        ] {
            #expect(throws: JetwayError.self, "\(bad)") { try host.enter(bad, into: "Departure") }
        }
        #expect(date == lower)
    }

    @Test func aDatePickerShowsItsNewValueAfterAChange() throws {
        struct Reminder: View {
            @State var date = PickerStyleTests.start
            var body: some View {
                DatePicker("Remind me", selection: $date).environment(\.timeZone, PickerStyleTests.denver)
            }
        }
        let host = ViewHost(Reminder())
        try host.enter("2026-12-24T18:45", into: "Remind me")
        #expect(host.dom.root.descendants.first { $0.tag == "input" }?.attribute("value") == "2026-12-24T18:45")
    }

    @Test func aDisabledDatePickerHasNoHandler() throws {
        let host = ViewHost(DatePicker("Departure", selection: .constant(Self.start)).disabled(true))
        #expect(host.html.contains("disabled=\"\""))
        #expect(throws: (any Error).self) { try host.enter("2026-12-24T18:45", into: "Departure") }
    }
}
