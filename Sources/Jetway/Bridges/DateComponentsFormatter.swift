import Foundation

/// Foundation's `DateComponentsFormatter`, which Linux's Foundation marks unavailable: a
/// duration as a timer shows it (`1:05:09`, `05:09`) or in words (`1h 5m`, `1 hour, 5 minutes`),
/// in English.
open class DateComponentsFormatter: Formatter, @unchecked Sendable {
    /// How the units are written.
    public enum UnitsStyle: Int, Sendable {
        /// In order: a timer's digits (`1:05:09`); letters (`1h 5m`); short words (`1 hr, 5 min`);
        /// words (`1 hour, 5 minutes`); words again (numbers stay digits); short words run together
        /// (`1hr 5min`).
        case positional, abbreviated, short, full, spellOut, brief
    }

    /// Which zero units are written. Only `pad` and `dropLeading` change the result here: the words
    /// styles leave every zero unit out unless `pad` is set.
    public struct ZeroFormattingBehavior: OptionSet, Sendable {
        /// The options' bits.
        public let rawValue: UInt
        /// Options of `rawValue`'s bits.
        public init(rawValue: UInt) { self.rawValue = rawValue }
        /// The style's usual: zero units left out of words, and a timer's leading ones down to its
        /// last two units (`5:09`).
        public static let `default` = ZeroFormattingBehavior(rawValue: 1)
        /// A timer's leading zero units left out even with `pad` (down to its last two units).
        public static let dropLeading = ZeroFormattingBehavior(rawValue: 2)
        /// Accepted for Foundation's API; it changes nothing here.
        public static let dropMiddle = ZeroFormattingBehavior(rawValue: 4)
        /// Accepted for Foundation's API; it changes nothing here.
        public static let dropTrailing = ZeroFormattingBehavior(rawValue: 8)
        /// All zero units left out: here the same as `dropLeading`.
        public static let dropAll: ZeroFormattingBehavior = [.dropLeading, .dropMiddle, .dropTrailing]
        /// Zero units kept: every allowed unit is written, a timer's each with two digits.
        public static let pad = ZeroFormattingBehavior(rawValue: 0x10000)
    }

    /// The units to write, largest first; the default has no weeks. A unit left out goes into the
    /// next smaller one that is allowed (`65:09` with only minutes and seconds).
    open var allowedUnits: NSCalendar.Unit = [.year, .month, .day, .hour, .minute, .second]
    /// How the units are written; `.positional` (a timer's `5:09`) by default.
    open var unitsStyle: UnitsStyle = .positional
    /// Which zero units are written; `.default` by default.
    open var zeroFormattingBehavior: ZeroFormattingBehavior = .default
    /// At most this many units, largest first (0: no limit), in the words styles; a timer writes them all.
    open var maximumUnitCount = 0
    /// Whether the text begins with "About ".
    open var includesApproximationPhrase = false
    /// Whether the text ends with " remaining".
    open var includesTimeRemainingPhrase = false
    /// Accepted for Foundation's API; the smallest unit is always a whole number here.
    open var allowsFractionalUnits = false
    /// Accepted for Foundation's API; it changes nothing here.
    open var collapsesLargestUnit = false
    /// Accepted for Foundation's API; not read: a year is always 365 days and a month 30 here.
    open var calendar: Calendar?

    /// A formatter for a timer's digits, in years down to seconds.
    public override init() { super.init() }
    /// A formatter from an archive; its settings are not read from it and are the defaults.
    public required init?(coder: NSCoder) { super.init(coder: coder) }

    private static let units: [(NSCalendar.Unit, Double, (String, String, String, String))] = [
        (.year, 31_536_000, ("y", "yr", "year", "yr")), (.month, 2_592_000, ("mo", "mth", "month", "mth")),
        (.weekOfMonth, 604_800, ("w", "wk", "week", "wk")), (.day, 86_400, ("d", "day", "day", "day")),
        (.hour, 3600, ("h", "hr", "hour", "hr")), (.minute, 60, ("m", "min", "minute", "min")), (.second, 1, ("s", "sec", "second", "sec")),
    ]

    /// `interval` seconds in the allowed units.
    open func string(from interval: TimeInterval) -> String? {
        guard interval.isFinite else { return nil }
        let negative = interval < 0
        var rest = abs(interval).rounded()
        var parts: [(NSCalendar.Unit, Int, (String, String, String, String))] = []
        for (unit, seconds, names) in Self.units where allowedUnits.contains(unit) {
            let count = (rest / seconds).rounded(.down)
            rest -= count * seconds
            parts.append((unit, Int(count), names))
        }
        guard !parts.isEmpty else { return nil }
        var text = format(parts)
        if includesTimeRemainingPhrase { text += " remaining" }
        if includesApproximationPhrase { text = "About " + text }
        return negative ? "-" + text : text
    }

    /// The duration `components` add up to (a year as 365 days, a month as 30), in the allowed units.
    open func string(from components: DateComponents) -> String? {
        let seconds =
            Double(components.year ?? 0) * 31_536_000 + Double(components.month ?? 0) * 2_592_000
            + Double(components.weekOfMonth ?? components.weekOfYear ?? 0) * 604_800 + Double(components.day ?? 0) * 86_400
            + Double(components.hour ?? 0) * 3600 + Double(components.minute ?? 0) * 60 + Double(components.second ?? 0)
        return string(from: seconds)
    }

    /// The time from `startDate` to `endDate`, in the allowed units (negative when it ends first).
    open func string(from startDate: Date, to endDate: Date) -> String? {
        string(from: endDate.timeIntervalSince(startDate))
    }

    /// The duration for a `TimeInterval` or `DateComponents`; nil for anything else.
    open override func string(for obj: Any?) -> String? {
        switch obj {
        case let interval as TimeInterval: string(from: interval)
        case let components as DateComponents: string(from: components)
        default: nil
        }
    }

    private func format(_ all: [(NSCalendar.Unit, Int, (String, String, String, String))]) -> String {
        var parts = all
        let pads = zeroFormattingBehavior.contains(.pad)
        if unitsStyle == .positional {
            // Leading zero units go (a timer shows 5:09, not 0:05:09) unless padded; the minutes
            // and seconds stay.
            if !pads || zeroFormattingBehavior.contains(.dropLeading) {
                while parts.count > 2, parts[0].1 == 0 { parts.removeFirst() }
            }
            return parts.enumerated().map { index, part in
                index == 0 && !pads ? String(part.1) : String(format: "%02d", part.1)
            }.joined(separator: ":")
        }
        if !pads { parts = parts.filter { $0.1 != 0 } }
        if parts.isEmpty, let smallest = all.last { parts = [smallest] }
        if maximumUnitCount > 0 { parts = Array(parts.prefix(maximumUnitCount)) }
        let words = parts.map { _, count, names -> String in
            switch unitsStyle {
            case .abbreviated: "\(count)\(names.0)"
            case .brief: "\(count)\(names.3)"
            case .short: "\(count) \(names.1)"
            default: "\(count) \(names.2)\(count == 1 ? "" : "s")"
            }
        }
        return words.joined(separator: unitsStyle == .abbreviated || unitsStyle == .brief ? " " : ", ")
    }
}
