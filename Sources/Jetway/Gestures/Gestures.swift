import Foundation

/// A tap, or `count` taps in a row.
public struct TapGesture: Gesture {
    public typealias Value = Void
    public var count: Int
    public init(count: Int = 1) { self.count = max(count, 1) }
    public func _recognizers() -> [GestureRecognizer] { [GestureRecognizer(.tap(count: count))] }
    public func _value(_ input: GestureInput) -> Void? { input.phase == .ended ? () : nil }
}

/// A tap and where it was (in the view's space).
public struct SpatialTapGesture: Gesture {
    public struct Value: Equatable, Sendable { public var location: CGPoint }
    public var count: Int
    public init(count: Int = 1, coordinateSpace: CoordinateSpace = .local) { self.count = max(count, 1) }
    public func _recognizers() -> [GestureRecognizer] { [GestureRecognizer(.tap(count: count))] }
    public func _value(_ input: GestureInput) -> Value? { input.phase == .ended ? Value(location: input.location) : nil }
}

/// A press held for `minimumDuration` without moving more than `maximumDistance`: its value
/// is true while pressed (`onChanged`) and when it succeeds (`onEnded`).
public struct LongPressGesture: Gesture {
    public typealias Value = Bool
    public var minimumDuration: Double
    public var maximumDistance: CGFloat
    public init(minimumDuration: Double = 0.5, maximumDistance: CGFloat = 10) {
        self.minimumDuration = minimumDuration.isFinite ? min(max(minimumDuration, 0), 60) : 0.5
        self.maximumDistance = maximumDistance
    }
    public func _recognizers() -> [GestureRecognizer] {
        [GestureRecognizer(.longPress(minimumDuration: minimumDuration, maximumDistance: Double(maximumDistance)))]
    }
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
    public struct Value: Equatable, Sendable {
        public var time: Date
        public var location: CGPoint
        public var startLocation: CGPoint
        public var translation: CGSize { CGSize(width: location.x - startLocation.x, height: location.y - startLocation.y) }
        public var velocity: CGSize
        public var predictedEndLocation: CGPoint {
            // Where a flick would come to rest: a quarter of a second at its speed.
            CGPoint(x: location.x + velocity.width / 4, y: location.y + velocity.height / 4)
        }
        public var predictedEndTranslation: CGSize {
            CGSize(width: predictedEndLocation.x - startLocation.x, height: predictedEndLocation.y - startLocation.y)
        }
    }
    public var minimumDistance: CGFloat
    public var coordinateSpace: CoordinateSpace
    public init(minimumDistance: CGFloat = 10, coordinateSpace: CoordinateSpace = .local) {
        self.minimumDistance = max(minimumDistance, 0)
        self.coordinateSpace = coordinateSpace
    }
    public func _recognizers() -> [GestureRecognizer] { [GestureRecognizer(.drag(minimumDistance: Double(minimumDistance)))] }
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
    public struct Value: Equatable, Sendable {
        public var time: Date
        public var magnification: CGFloat
        public var startLocation: CGPoint
        public var startAnchor: UnitPoint { .center }
    }
    public var minimumScaleDelta: CGFloat
    public init(minimumScaleDelta: CGFloat = 0.01) { self.minimumScaleDelta = minimumScaleDelta }
    public func _recognizers() -> [GestureRecognizer] { [GestureRecognizer(.magnify)] }
    public func _value(_ input: GestureInput) -> Value? {
        guard input.phase == .changed || input.phase == .ended else { return nil }
        return Value(time: Date(), magnification: input.scale, startLocation: input.startLocation)
    }
}

/// The older pinch, whose value is the scale itself.
public struct MagnificationGesture: Gesture {
    public typealias Value = CGFloat
    public var minimumScaleDelta: CGFloat
    public init(minimumScaleDelta: CGFloat = 0.01) { self.minimumScaleDelta = minimumScaleDelta }
    public func _recognizers() -> [GestureRecognizer] { [GestureRecognizer(.magnify)] }
    public func _value(_ input: GestureInput) -> CGFloat? { input.phase == .changed || input.phase == .ended ? input.scale : nil }
}

/// A twist of two fingers: the angle turned.
public struct RotationGesture: Gesture {
    public typealias Value = Angle
    public var minimumAngleDelta: Angle
    public init(minimumAngleDelta: Angle = .degrees(1)) { self.minimumAngleDelta = minimumAngleDelta }
    public func _recognizers() -> [GestureRecognizer] { [GestureRecognizer(.rotate)] }
    public func _value(_ input: GestureInput) -> Angle? { input.phase == .changed || input.phase == .ended ? input.angle : nil }
}

/// Where a gesture's locations are measured: the view's own space (`.local`) or the page's
/// (`.global`; a named space is the view's own here).
public enum CoordinateSpace: Hashable, @unchecked Sendable {
    case local, global
    case named(AnyHashable)

    var isGlobal: Bool { self == .global }
}

extension View {
    /// Names this view's space for gestures and geometry inside (here: their own space).
    public func coordinateSpace(name: some Hashable) -> some View { self }
}
