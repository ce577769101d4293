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

    public init(_ schedule: Schedule, @ViewBuilder content: @escaping (Context) -> Content) {
        self.schedule = schedule
        self.content = content
    }

    /// What the content is rendered for.
    public typealias Context = TimelineViewDefaultContext

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
    public let cadence: Cadence
    public typealias Cadence = TimelineCadence
}

/// How often a timeline's content changes (`TimelineView.Context.Cadence`).
public enum TimelineCadence: Comparable, Sendable {
    case live, seconds, minutes
}

/// When a `TimelineView` would update its content: the browser's clocks tick each second.
public protocol TimelineSchedule: Sendable {
    var cadence: TimelineCadence { get }
}

/// Every `interval` seconds from `startDate`.
public struct PeriodicTimelineSchedule: TimelineSchedule {
    public let startDate: Date
    public let interval: TimeInterval

    public init(from startDate: Date, by interval: TimeInterval) {
        self.startDate = startDate
        self.interval = interval
    }

    public var cadence: TimelineCadence { interval >= 60 ? .minutes : .seconds }
}

/// At the start of every minute.
public struct EveryMinuteTimelineSchedule: TimelineSchedule {
    public init() {}
    public var cadence: TimelineCadence { .minutes }
}

/// As often as the browser paints (its clocks still tick each second).
public struct AnimationTimelineSchedule: TimelineSchedule {
    public init(minimumInterval: Double? = nil, paused: Bool = false) {}
    public var cadence: TimelineCadence { .live }
}

extension TimelineSchedule where Self == PeriodicTimelineSchedule {
    public static func periodic(from startDate: Date, by interval: TimeInterval) -> PeriodicTimelineSchedule {
        PeriodicTimelineSchedule(from: startDate, by: interval)
    }
}

extension TimelineSchedule where Self == EveryMinuteTimelineSchedule {
    public static var everyMinute: EveryMinuteTimelineSchedule { EveryMinuteTimelineSchedule() }
}

extension TimelineSchedule where Self == AnimationTimelineSchedule {
    public static var animation: AnimationTimelineSchedule { AnimationTimelineSchedule() }
    public static func animation(minimumInterval: Double? = nil, paused: Bool = false) -> AnimationTimelineSchedule {
        AnimationTimelineSchedule(minimumInterval: minimumInterval, paused: paused)
    }
}
