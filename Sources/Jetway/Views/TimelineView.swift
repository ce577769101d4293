import Foundation

/// Content for moments on a schedule, as in SwiftUI — and it costs the server nothing: the
/// content is rendered once, for the clock's time now, and its texts of `context.date`
/// (`Text(context.date, style: .time)`) show the browser's current time, in the environment's
/// time zone, from then on, as `Text(_:style: .timer)` and the other relative styles count by
/// themselves. What the content computes from the date in Swift (`context.date + 600`) is what
/// it was when it was rendered: put such values in state the server changes.
///
/// ```swift
/// TimelineView(.periodic(from: .now, by: 1)) { context in
///     Text(context.date, style: .time).font(.largeTitle)
/// }
/// ```
public struct TimelineView<Schedule: TimelineSchedule, Content: View>: _PrimitiveView {
    let schedule: Schedule
    let content: (Context) -> Content

    /// A timeline whose `content` is made for the clock's time now. The server does not render it again
    /// on `schedule`: the schedule only gives the context's `cadence`, and the browser keeps the
    /// content's clock texts current.
    public init(_ schedule: Schedule, @ViewBuilder content: @escaping (Context) -> Content) {
        self.schedule = schedule
        self.content = content
    }

    /// What the content is rendered for.
    public typealias Context = TimelineViewDefaultContext

    /// Jetway's rendering entry point; not for apps.
    public static func _render(_ view: Self, _ context: _RenderContext, _ out: inout [Node]) {
        var inner = context
        let date = context.environment.wallClock.now
        inner.writeEnvironment { $0.timelineDate = date }
        let content = context.track { view.content(Context(date: date, cadence: view.schedule.cadence)) }
        Content._render(content, inner.rebuilt(), &out)
    }
}

/// What a `TimelineView`'s content is rendered for (`TimelineView.Context`).
public struct TimelineViewDefaultContext {
    /// The moment (the clock's time when the content was rendered).
    public let date: Date
    /// How often the schedule says the content changes.
    public let cadence: Cadence
    /// SwiftUI's name for `TimelineCadence`.
    public typealias Cadence = TimelineCadence
}

/// How often a timeline's content changes (`TimelineView.Context.Cadence`).
public enum TimelineCadence: Comparable, Sendable {
    /// `live`: as often as the screen paints. `seconds`: each second. `minutes`: each minute.
    case live, seconds, minutes
}

/// When a `TimelineView` would update its content: the browser's clocks tick each second.
public protocol TimelineSchedule: Sendable {
    /// How often the content changes on this schedule (what the content's context says).
    var cadence: TimelineCadence { get }
}

/// Every `interval` seconds from `startDate`.
public struct PeriodicTimelineSchedule: TimelineSchedule {
    /// The first moment of the schedule. Kept for source compatibility: Jetway does not render on it.
    public let startDate: Date
    /// Seconds between moments; 60 or more makes the cadence `.minutes`, less `.seconds`.
    public let interval: TimeInterval

    /// A schedule of every `interval` seconds from `startDate`.
    public init(from startDate: Date, by interval: TimeInterval) {
        self.startDate = startDate
        self.interval = interval
    }

    /// `.minutes` for an interval of a minute or more, else `.seconds`.
    public var cadence: TimelineCadence { interval >= 60 ? .minutes : .seconds }
}

/// At the start of every minute.
public struct EveryMinuteTimelineSchedule: TimelineSchedule {
    /// The every-minute schedule.
    public init() {}
    /// `.minutes`.
    public var cadence: TimelineCadence { .minutes }
}

/// As often as the browser paints (its clocks still tick each second).
public struct AnimationTimelineSchedule: TimelineSchedule {
    /// The animation schedule. `minimumInterval` and `paused` are accepted so SwiftUI code compiles and
    /// ignored.
    public init(minimumInterval: Double? = nil, paused: Bool = false) {}
    /// `.live`.
    public var cadence: TimelineCadence { .live }
}

extension TimelineSchedule where Self == PeriodicTimelineSchedule {
    /// Every `interval` seconds from `startDate`.
    public static func periodic(from startDate: Date, by interval: TimeInterval) -> PeriodicTimelineSchedule {
        PeriodicTimelineSchedule(from: startDate, by: interval)
    }
}

extension TimelineSchedule where Self == EveryMinuteTimelineSchedule {
    /// At the start of every minute.
    public static var everyMinute: EveryMinuteTimelineSchedule { EveryMinuteTimelineSchedule() }
}

extension TimelineSchedule where Self == AnimationTimelineSchedule {
    /// As often as the browser paints.
    public static var animation: AnimationTimelineSchedule { AnimationTimelineSchedule() }
    /// As often as the browser paints; `minimumInterval` and `paused` are ignored.
    public static func animation(minimumInterval: Double? = nil, paused: Bool = false) -> AnimationTimelineSchedule {
        AnimationTimelineSchedule(minimumInterval: minimumInterval, paused: paused)
    }
}
