import Synchronization

/// The environment values Jetway defines.
extension EnvironmentValues {
    /// False inside `.disabled(true)`: controls render disabled and ignore events.
    public var isEnabled: Bool {
        get { self[IsEnabledKey.self] }
        set { self[IsEnabledKey.self] = newValue }
    }

    /// Dismisses the presentation (sheet, pushed destination) that contains the view.
    public var dismiss: DismissAction {
        get { self[DismissKey.self] }
        set { self[DismissKey.self] = newValue }
    }

    /// The colour scheme the views inside are drawn in: `.light` unless `.colorScheme(_:)`, `.preferredColorScheme(_:)`
    /// or the app's UIKit appearance sets it.
    ///
    /// The browser's own dark mode is applied by CSS (`prefers-color-scheme`) without reaching the server, so a page
    /// shown dark by the system still reads `.light` here.
    public var colorScheme: ColorScheme {
        get { self[ColorSchemeKey.self] }
        set { self[ColorSchemeKey.self] = newValue }
    }

    /// The font set with `.environment(\.font, …)` (nil: the default); `.font(_:)` styles the
    /// text inside without setting it.
    public var font: Font? {
        get { self[FontKey.self] }
        set { self[FontKey.self] = newValue }
    }

    /// Pixels a point takes on the screen: 2, as `UIScreen.main.scale` (a page is drawn in
    /// CSS pixels; the browser maps them to the device's).
    public var displayScale: CGFloat {
        get { self[DisplayScaleKey.self] }
        set { self[DisplayScaleKey.self] = newValue }
    }

    /// The width of one device pixel, in points.
    public var pixelLength: CGFloat { 1 / displayScale }

    /// The writing direction: right to left on a page whose language is written so (Arabic,
    /// Hebrew, Persian, Urdu…), else left to right; `.environment(\.layoutDirection, …)` sets it.
    public var layoutDirection: LayoutDirection {
        get { self[LayoutDirectionKey.self] }
        set { self[LayoutDirectionKey.self] = newValue }
    }

    /// The locale views format with and look their strings up in: on a page Jetway serves, the
    /// visitor's (`RequestContext.language`); `en_US_POSIX` in a `ViewHost` unless set.
    public var locale: Locale {
        get { self[LocaleKey.self] }
        set { self[LocaleKey.self] = newValue }
    }

    /// The time zone views show dates in: on a page Jetway serves, the visitor's (as the browser
    /// says it), else the app's (`JetwayApp(timeZone:)`), else UTC; a view may set another.
    /// Reading the visitor's is noted: pages of visitors in other zones share a rendering only
    /// until a view has read it.
    public var timeZone: TimeZone {
        get {
            let value = self[TimeZoneKey.self]
            value.note?.wasRead.store(true, ordering: .relaxed)
            return value.zone
        }
        set { self[TimeZoneKey.self] = ZoneValue(zone: newValue, note: nil) }
    }

    /// Sets the visitor's time zone, each read of it noted on `note` (the server, for a page's
    /// rendering: `RequestContext.zoneReadNote`).
    package mutating func setVisitorTimeZone(_ zone: TimeZone, note: ZoneReadNote) {
        self[TimeZoneKey.self] = ZoneValue(zone: zone, note: note)
    }

    /// The time zone without noting a read (the page's root says which zone it was rendered in;
    /// a chart without dates passes it on unread).
    package var timeZoneUnnoted: TimeZone { self[TimeZoneKey.self].zone }

    /// The calendar views compute dates in: unless a view sets one, the page locale's calendar
    /// (Gregorian for most), in the environment's `locale` and `timeZone` — so a day's start,
    /// a weekday's name and "tomorrow" are the visitor's.
    public var calendar: Calendar {
        get {
            if let calendar = self[CalendarKey.self] { return calendar }
            let locale = self.locale
            var calendar = Calendar(identifier: locale.identifier == "en_US_POSIX" ? .gregorian : locale.calendar.identifier)
            calendar.locale = locale
            calendar.timeZone = timeZone
            return calendar
        }
        set { self[CalendarKey.self] = newValue }
    }

    /// True inside a `.searchable` view while its field has text.
    public var isSearching: Bool {
        get { self[IsSearchingKey.self] }
        set { self[IsSearchingKey.self] = newValue }
    }

    /// The current `.pickerStyle(_:)`.
    var pickerStyle: PickerStyleKind {
        get { self[PickerStyleKey.self] }
        set { self[PickerStyleKey.self] = newValue }
    }

    /// Set by `.labelsHidden()`: controls keep their label for assistive technology only.
    var labelsHidden: Bool {
        get { self[LabelsHiddenKey.self] }
        set { self[LabelsHiddenKey.self] = newValue }
    }
}

extension View {
    /// Hides the labels of the controls inside (pickers, toggles, date pickers, steppers);
    /// screen readers still read them.
    public func labelsHidden() -> some View {
        environment(\.labelsHidden, true)
    }
}

extension EnvironmentValues {
    /// The key `timeZone` is read by (the graph finds its readers by it).
    static var timeZoneKey: ObjectIdentifier { ObjectIdentifier(TimeZoneKey.self) }
}

private struct IsEnabledKey: EnvironmentKey { static let defaultValue = true }
private struct DismissKey: EnvironmentKey { static let defaultValue = DismissAction(owner: nil, action: nil) }
private struct ColorSchemeKey: EnvironmentKey { static let defaultValue = ColorScheme.light }
private struct FontKey: EnvironmentKey { static let defaultValue: Font? = nil }
private struct LocaleKey: EnvironmentKey { static let defaultValue = Locale(identifier: "en_US_POSIX") }
/// UTC unless the app or the view sets one: a fixed default, so that a render does not depend on
/// when it ran (`JetwayApp(timeZone:)` sets it on every page and makes it the process's too).
private struct TimeZoneKey: EnvironmentKey {
    static let defaultValue = ZoneValue(zone: TimeZone(identifier: "UTC") ?? TimeZone.current, note: nil)
}

/// The environment's time zone, and where reads of it are noted when it is the visitor's.
private struct ZoneValue: Equatable {
    let zone: TimeZone
    let note: ZoneReadNote?
    static func == (lhs: Self, rhs: Self) -> Bool { lhs.zone == rhs.zone && lhs.note === rhs.note }
}

/// Whether a view has read the visitor's time zone in one rendering (see
/// `RequestContext.zoneReadNote`).
package final class ZoneReadNote: Sendable {
    package let wasRead = Atomic<Bool>(false)
    package init() {}
}
private struct IsSearchingKey: EnvironmentKey { static let defaultValue = false }
private struct CalendarKey: EnvironmentKey { static let defaultValue: Calendar? = nil }
private struct PickerStyleKey: EnvironmentKey { static let defaultValue = PickerStyleKind.menu }
private struct LabelsHiddenKey: EnvironmentKey { static let defaultValue = false }

/// Light or dark appearance.
public enum ColorScheme: Hashable, Sendable, CaseIterable {
    /// The light or the dark appearance.
    case light, dark
}

/// Dismisses the current presentation: `dismiss()`.
///
/// Two actions are equal when they dismiss the same presentation (`owner`), so a pushed screen
/// or sheet re-rendered with a fresh closure does not count as a change of environment.
public struct DismissAction: Sendable, Equatable {
    let owner: ObjectIdentifier?
    let action: (@MainActor @Sendable () -> Void)?

    init(owner: AnyObject?, action: (@MainActor @Sendable () -> Void)?) {
        self.owner = owner.map(ObjectIdentifier.init)
        self.action = action
    }

    /// Dismisses the presentation that holds the view; outside one it does nothing.
    @MainActor
    public func callAsFunction() { action?() }

    /// Two actions are equal when they dismiss the same presentation.
    public static func == (lhs: DismissAction, rhs: DismissAction) -> Bool { lhs.owner == rhs.owner }
}

/// The older way to dismiss what presents a view: `presentationMode.wrappedValue.dismiss()`.
public struct PresentationMode: Sendable {
    let action: DismissAction

    /// Whether the view is in a presentation (a sheet, a pushed screen).
    public var isPresented: Bool { action.action != nil }

    /// Dismisses the presentation that holds the view; outside one it does nothing.
    @MainActor public func dismiss() { action() }
}

extension EnvironmentValues {
    /// The older form of `dismiss`: `@Environment(\.presentationMode) var presentationMode`.
    public var presentationMode: Binding<PresentationMode> {
        let mode = PresentationMode(action: dismiss)
        return .constant(mode)
    }
}

private struct DisplayScaleKey: EnvironmentKey { static let defaultValue: CGFloat = 2 }

/// Which way text and stacks run.
public enum LayoutDirection: Hashable, Sendable, CaseIterable {
    /// Left to right (`dir="ltr"`) or right to left (`dir="rtl"`).
    case leftToRight, rightToLeft

    /// The direction a language (a BCP 47 tag: `ar-EG`) is written in: right to left for
    /// Arabic, Hebrew, Persian, Urdu, Pashto, Sindhi, Uyghur, Dhivehi, Yiddish and Kurdish
    /// (Sorani), else left to right.
    public static func of(language: String) -> LayoutDirection {
        let code = language.split(whereSeparator: { $0 == "-" || $0 == "_" }).first.map { $0.lowercased() } ?? ""
        return ["ar", "he", "iw", "fa", "ur", "ps", "sd", "ug", "dv", "yi", "ckb"].contains(code) ? .rightToLeft : .leftToRight
    }
}

private struct LayoutDirectionKey: EnvironmentKey { static let defaultValue = LayoutDirection.leftToRight }
