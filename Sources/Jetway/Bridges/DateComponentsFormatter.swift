import Foundation

/// Foundation's `DateComponentsFormatter`, which Linux's Foundation marks unavailable: a
/// duration as a timer shows it (`1:05:09`, `05:09`) or in words (`1h 5m`, `1 hour, 5 minutes`),
/// in English.
open class DateComponentsFormatter: Formatter, @unchecked Sendable {
    public enum UnitsStyle: Int, Sendable {
        case positional, abbreviated, short, full, spellOut, brief
    }

    public struct ZeroFormattingBehavior: OptionSet, Sendable {
        public let rawValue: UInt
        public init(rawValue: UInt) { self.rawValue = rawValue }
        public static let `default` = ZeroFormattingBehavior(rawValue: 1)
        public static let dropLeading = ZeroFormattingBehavior(rawValue: 2)
        public static let dropMiddle = ZeroFormattingBehavior(rawValue: 4)
        public static let dropTrailing = ZeroFormattingBehavior(rawValue: 8)
        public static let dropAll: ZeroFormattingBehavior = [.dropLeading, .dropMiddle, .dropTrailing]
        public static let pad = ZeroFormattingBehavior(rawValue: 0x10000)
    }

    open var allowedUnits: NSCalendar.Unit = [.year, .month, .day, .hour, .minute, .second]
    open var unitsStyle: UnitsStyle = .positional
    open var zeroFormattingBehavior: ZeroFormattingBehavior = .default
    /// At most this many units, largest first (0: no limit).
    open var maximumUnitCount = 0
    open var includesApproximationPhrase = false
    open var includesTimeRemainingPhrase = false
    open var allowsFractionalUnits = false
    open var collapsesLargestUnit = false
    open var calendar: Calendar?

    public override init() { super.init() }
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

    open func string(from components: DateComponents) -> String? {
        let seconds =
            Double(components.year ?? 0) * 31_536_000 + Double(components.month ?? 0) * 2_592_000
            + Double(components.weekOfMonth ?? components.weekOfYear ?? 0) * 604_800 + Double(components.day ?? 0) * 86_400
            + Double(components.hour ?? 0) * 3600 + Double(components.minute ?? 0) * 60 + Double(components.second ?? 0)
        return string(from: seconds)
    }

    open func string(from startDate: Date, to endDate: Date) -> String? {
        string(from: endDate.timeIntervalSince(startDate))
    }

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
