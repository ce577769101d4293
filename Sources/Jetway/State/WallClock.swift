import Foundation

/// The time the app's views see: the system's, or one that starts at a given moment and runs
/// faster, slower or not at all (tests, demos, a simulated week). The server renders with it
/// and sends it to the browser, whose clocks (`Text(date, style: .timer)`, `TimelineView`)
/// tick from it without asking the server.
///
/// ```swift
/// WallClock.system
/// WallClock(startingAt: departure.addingTimeInterval(-600), rate: 60)  // a minute a second
/// WallClock(startingAt: fixed, rate: 0)                                 // stopped (tests)
/// ```
public struct WallClock: Sendable, Equatable, CustomStringConvertible {
    /// The clock's time at `realStart`.
    public let start: Date
    /// The system time at which the clock showed `start`.
    public let realStart: Date
    /// Clock seconds per real second (1 for a clock that keeps time).
    public let rate: Double

    /// A clock showing `start` at the system time `realStart` (now by default) and running `rate` times as fast (0: stopped;
    /// a rate that is not finite is taken as 1).
    public init(startingAt start: Date, rate: Double = 1, realStart: Date = Date()) {
        self.start = start
        self.realStart = realStart
        self.rate = rate.isFinite ? rate : 1
    }

    /// The system's clock.
    public static let system = WallClock(startingAt: Date(timeIntervalSince1970: 0), rate: 1, realStart: Date(timeIntervalSince1970: 0))

    /// The clock's time now.
    public var now: Date { time(at: Date()) }

    /// The clock's time when the system's clock shows `real`.
    public func time(at real: Date) -> Date {
        start.addingTimeInterval(real.timeIntervalSince(realStart) * rate)
    }

    /// A date's whole milliseconds since 1970, as the browser's clocks read it.
    public static func milliseconds(_ date: Date) -> Int64 {
        Int64((date.timeIntervalSince1970 * 1000).rounded(.down))
    }

    /// `system`, or the start date in ISO 8601 and the rate (`2026-12-02T08:00:00Z*60.0`), as `parse(_:)` reads it.
    public var description: String {
        self == .system ? "system" : "\(start.formatted(.iso8601))*\(rate)"
    }

    /// Reads `2026-12-02T08:00:00Z` or `2026-12-02T08:00:00Z*60` (a minute each second), or
    /// `system`; nil for anything else.
    public static func parse(_ text: String) -> WallClock? {
        if text == "system" { return .system }
        let parts = text.split(separator: "*", maxSplits: 1).map(String.init)
        guard let first = parts.first, let start = try? Date(first, strategy: .iso8601) else { return nil }
        var rate = 1.0
        if parts.count == 2 {
            guard let value = Double(parts[1]), value.isFinite, value >= 0, value <= 1_000_000 else { return nil }
            rate = value
        }
        return WallClock(startingAt: start, rate: rate)
    }
}

extension EnvironmentValues {
    /// The clock the views render with (the server's `ServerConfiguration.clock`).
    public var wallClock: WallClock {
        get { self[WallClockKey.self] }
        set { self[WallClockKey.self] = newValue }
    }

    /// Inside a `TimelineView`: the date its content was rendered for, whose texts
    /// (`Text(context.date, style: .time)`) show the browser's current time.
    var timelineDate: Date? {
        get { self[TimelineDateKey.self] }
        set { self[TimelineDateKey.self] = newValue }
    }
}

private struct WallClockKey: EnvironmentKey { static let defaultValue = WallClock.system }
private struct TimelineDateKey: EnvironmentKey { static let defaultValue: Date? = nil }
