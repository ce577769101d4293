import Foundation

/// A tap, or `count` taps in a row.
public struct TapGesture: Gesture {
    /// A tap has no value.
    public typealias Value = Void
    /// How many taps in a row make the gesture (at least 1).
    public var count: Int
    /// A gesture of `count` taps in a row (at least 1).
    public init(count: Int = 1) { self.count = max(count, 1) }
    /// Jetway's gesture plumbing; not for apps.
    public func _recognizers() -> [GestureRecognizer] { [GestureRecognizer(.tap(count: count))] }
    /// Jetway's gesture plumbing; not for apps.
    public func _value(_ input: GestureInput) -> Void? { input.phase == .ended ? () : nil }
}

/// A tap and where it was (in the view's space).
public struct SpatialTapGesture: Gesture {
    /// Where the tap was, in the view's space.
    public struct Value: Equatable, Sendable {
        /// The tap's point, in the view's space.
        public var location: CGPoint
    }
    /// How many taps in a row make the gesture (at least 1).
    public var count: Int
    /// A gesture of `count` taps in a row (at least 1). `coordinateSpace` is ignored: the location is
    /// always in the view's own space.
    public init(count: Int = 1, coordinateSpace: CoordinateSpace = .local) { self.count = max(count, 1) }
    /// Jetway's gesture plumbing; not for apps.
    public func _recognizers() -> [GestureRecognizer] { [GestureRecognizer(.tap(count: count))] }
    /// Jetway's gesture plumbing; not for apps.
    public func _value(_ input: GestureInput) -> Value? { input.phase == .ended ? Value(location: input.location) : nil }
}

/// A press held for `minimumDuration` without moving more than `maximumDistance`: its value
/// is true while pressed (`onChanged`) and when it succeeds (`onEnded`).
public struct LongPressGesture: Gesture {
    /// True while pressed and when the press succeeds; false when it is let go too soon.
    public typealias Value = Bool
    /// How long, in seconds, the press must last (0 to 60).
    public var minimumDuration: Double
    /// How far, in points, the pointer may move before the press fails.
    public var maximumDistance: CGFloat
    /// A press of `minimumDuration` seconds (clamped to 0...60; 0.5 when not finite) that moves at most
    /// `maximumDistance` points.
    public init(minimumDuration: Double = 0.5, maximumDistance: CGFloat = 10) {
        self.minimumDuration = minimumDuration.isFinite ? min(max(minimumDuration, 0), 60) : 0.5
        self.maximumDistance = maximumDistance
    }
    /// Jetway's gesture plumbing; not for apps.
    public func _recognizers() -> [GestureRecognizer] {
        [GestureRecognizer(.longPress(minimumDuration: minimumDuration, maximumDistance: Double(maximumDistance)))]
    }
    /// Jetway's gesture plumbing; not for apps.
    public func _value(_ input: GestureInput) -> Bool? {
        switch input.phase {
        case .ended, .pressing: true
        case .released: false
        case .changed: nil
        }
    }
}

/// A drag: where it started and is, how far it went, how fast, and where it would stop.
public struct DragGesture: Gesture {
    /// A drag's state at one moment.
    public struct Value: Equatable, Sendable {
        /// When the server received this change (not when the browser saw it).
        public var time: Date
        /// Where the pointer is now.
        public var location: CGPoint
        /// Where the drag started.
        public var startLocation: CGPoint
        /// How far the pointer has moved from `startLocation`.
        public var translation: CGSize { CGSize(width: location.x - startLocation.x, height: location.y - startLocation.y) }
        /// The drag's average speed since it started, in points per second (not its speed at this moment).
        public var velocity: CGSize
        /// Where the drag would come to rest: a quarter of a second further at `velocity`.
        public var predictedEndLocation: CGPoint {
            // Where a flick would come to rest: a quarter of a second at its speed.
            CGPoint(x: location.x + velocity.width / 4, y: location.y + velocity.height / 4)
        }
        /// The translation at `predictedEndLocation`.
        public var predictedEndTranslation: CGSize {
            CGSize(width: predictedEndLocation.x - startLocation.x, height: predictedEndLocation.y - startLocation.y)
        }
    }
    /// How far, in points, the pointer must move before the drag begins.
    public var minimumDistance: CGFloat
    /// Where locations are measured: `.global` is the page's space; `.local` and named spaces are the
    /// view's own.
    public var coordinateSpace: CoordinateSpace
    /// A drag that begins after `minimumDistance` points (at least 0), measured in `coordinateSpace`.
    public init(minimumDistance: CGFloat = 10, coordinateSpace: CoordinateSpace = .local) {
        self.minimumDistance = max(minimumDistance, 0)
        self.coordinateSpace = coordinateSpace
    }
    /// Jetway's gesture plumbing; not for apps.
    public func _recognizers() -> [GestureRecognizer] { [GestureRecognizer(.drag(minimumDistance: Double(minimumDistance)))] }
    /// Jetway's gesture plumbing; not for apps.
    public func _value(_ input: GestureInput) -> Value? {
        guard input.phase == .changed || input.phase == .ended else { return nil }
        let shift = coordinateSpace.isGlobal ? input.origin : .zero
        let start = CGPoint(x: input.startLocation.x + shift.x, y: input.startLocation.y + shift.y)
        let location = CGPoint(x: input.location.x + shift.x, y: input.location.y + shift.y)
        let seconds = max(input.time, 0.016)
        return Value(
            time: Date(), location: location, startLocation: start,
            velocity: CGSize(width: (location.x - start.x) / seconds, height: (location.y - start.y) / seconds))
    }
}

/// A pinch: how far the fingers (or a trackpad's pinch) have spread, 1 at the start.
public struct MagnifyGesture: Gesture {
    /// A pinch's state at one moment.
    public struct Value: Equatable, Sendable {
        /// When the server received this change (not when the browser saw it).
        public var time: Date
        /// How far the pinch has spread, 1 at its start.
        public var magnification: CGFloat
        /// Where the pinch started, in the view's space.
        public var startLocation: CGPoint
        /// Always `.center` in Jetway.
        public var startAnchor: UnitPoint { .center }
    }
    /// Kept for source compatibility: the browser does not use it, so every change is reported.
    public var minimumScaleDelta: CGFloat
    /// A pinch gesture; `minimumScaleDelta` is stored but not used.
    public init(minimumScaleDelta: CGFloat = 0.01) { self.minimumScaleDelta = minimumScaleDelta }
    /// Jetway's gesture plumbing; not for apps.
    public func _recognizers() -> [GestureRecognizer] { [GestureRecognizer(.magnify)] }
    /// Jetway's gesture plumbing; not for apps.
    public func _value(_ input: GestureInput) -> Value? {
        guard input.phase == .changed || input.phase == .ended else { return nil }
        return Value(time: Date(), magnification: input.scale, startLocation: input.startLocation)
    }
}

/// The older pinch, whose value is the scale itself.
public struct MagnificationGesture: Gesture {
    /// The pinch's scale, 1 at its start.
    public typealias Value = CGFloat
    /// Kept for source compatibility: the browser does not use it, so every change is reported.
    public var minimumScaleDelta: CGFloat
    /// A pinch gesture; `minimumScaleDelta` is stored but not used.
    public init(minimumScaleDelta: CGFloat = 0.01) { self.minimumScaleDelta = minimumScaleDelta }
    /// Jetway's gesture plumbing; not for apps.
    public func _recognizers() -> [GestureRecognizer] { [GestureRecognizer(.magnify)] }
    /// Jetway's gesture plumbing; not for apps.
    public func _value(_ input: GestureInput) -> CGFloat? { input.phase == .changed || input.phase == .ended ? input.scale : nil }
}

/// A twist of two fingers: the angle turned.
public struct RotationGesture: Gesture {
    /// The angle turned since the twist started.
    public typealias Value = Angle
    /// Kept for source compatibility: the browser does not use it, so every change is reported.
    public var minimumAngleDelta: Angle
    /// A twist gesture; `minimumAngleDelta` is stored but not used.
    public init(minimumAngleDelta: Angle = .degrees(1)) { self.minimumAngleDelta = minimumAngleDelta }
    /// Jetway's gesture plumbing; not for apps.
    public func _recognizers() -> [GestureRecognizer] { [GestureRecognizer(.rotate)] }
    /// Jetway's gesture plumbing; not for apps.
    public func _value(_ input: GestureInput) -> Angle? { input.phase == .changed || input.phase == .ended ? input.angle : nil }
}

/// Where a gesture's locations are measured: the view's own space (`.local`) or the page's
/// (`.global`; a named space is the view's own here).
public enum CoordinateSpace: Hashable, @unchecked Sendable {
    /// `local`: the view's own space; `global`: the page's.
    case local, global
    /// A space named with `.coordinateSpace(name:)`; Jetway measures in the view's own space instead.
    case named(AnyHashable)

    var isGlobal: Bool { self == .global }
}

extension View {
    /// Names this view's space for gestures and geometry inside (here: their own space).
    public func coordinateSpace(name: some Hashable) -> some View { self }
}
