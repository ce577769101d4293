import Foundation

/// A gesture the browser recognises on a view — taps, long presses, drags, pinches and
/// rotations — whose values reach the view's actions: `.onChanged`, `.onEnded`, `.updating`
/// with a `@GestureState`. The pointer's motion stays in the browser: the runtime
/// (`Assets/runtime/features/gestures.js`) follows the finger or mouse and sends the server at
/// most one change per frame, and the end.
///
/// ```swift
/// @GestureState private var drag = CGSize.zero
/// Card().offset(drag)
///     .gesture(DragGesture().updating($drag) { value, state, _ in state = value.translation })
///     .onLongPressGesture { showsDetails = true }
/// ```
@MainActor
public protocol Gesture {
    /// The type of what the gesture reports to its actions (a drag's `DragGesture.Value`, a tap's `Void`).
    associatedtype Value
    /// What the browser watches for, with the actions to run.
    func _recognizers() -> [GestureRecognizer]
    /// This gesture's value from what the browser saw (nil: not this gesture's).
    func _value(_ input: GestureInput) -> Value?
}

/// No gesture, or a gesture (`.gesture(enabled ? TapGesture().onEnded { … } : nil)`).
extension Optional: Gesture where Wrapped: Gesture {
    /// The wrapped gesture's value.
    public typealias Value = Wrapped.Value
    /// Jetway's gesture plumbing (the wrapped gesture's recognizers, none when nil); not for apps.
    public func _recognizers() -> [GestureRecognizer] { self?._recognizers() ?? [] }
    /// Jetway's gesture plumbing; not for apps.
    public func _value(_ input: GestureInput) -> Wrapped.Value? { self?._value(input) }
}

/// What the browser saw of a gesture: where it started and is, in the view's space and the
/// page's, for how long, and a pinch's scale and a twist's angle.
public struct GestureInput: Sendable {
    /// `released`: a press let go before it succeeded, or a drag, pinch or twist cancelled.
    public enum Phase: Int, Sendable {
        /// A drag, pinch or twist moved: the gesture's `onChanged` runs.
        case changed = 0
        /// The gesture succeeded (a tap, a press held long enough, a drag, pinch or twist let go): its `onEnded` runs.
        case ended = 1
        /// A long press began: the pointer went down on the view.
        case pressing = 2
        /// A long press is over (let go or moved too far before it succeeded, or just after it succeeded), or the
        /// browser cancelled a drag, pinch or twist.
        case released = 3
    }
    /// Which of the view's recognizers saw this: its index in the gesture's `_recognizers()`.
    public let recognizer: Int
    /// Whether the gesture changed, ended, began pressing or was released.
    public let phase: Phase
    /// Where the pointer went down, in the view's space.
    public let startLocation: CGPoint
    /// Where the pointer is now, in the view's space (a tap's or a press's is where it went down).
    public let location: CGPoint
    /// The view's top-left corner in the page (for `.global` coordinates).
    public let origin: CGPoint
    /// Seconds since the gesture began (0 for a tap or a press).
    public let time: TimeInterval
    /// A pinch's scale, 1 at its start (1 for other gestures).
    public let scale: Double
    /// A twist's angle from its start (zero for other gestures).
    public let angle: Angle
}

/// One thing the browser watches on an element, and what runs when it sees it.
public struct GestureRecognizer {
    enum Kind: Equatable {
        case tap(count: Int)
        case longPress(minimumDuration: Double, maximumDistance: Double)
        case drag(minimumDistance: Double)
        case magnify
        case rotate

        /// How the runtime reads it (`data-jw-gesture`, one per `;`).
        var wire: String {
            switch self {
            case .tap(let count): "tap \(count)"
            case .longPress(let duration, let distance): "long \(Int(duration * 1000)) \(Color.format(distance))"
            case .drag(let distance): "drag \(Color.format(distance))"
            case .magnify: "magnify"
            case .rotate: "rotate"
            }
        }
    }
    let kind: Kind
    var changed: [@MainActor (GestureInput) -> Void] = []
    var ended: [@MainActor (GestureInput) -> Void] = []

    init(_ kind: Kind) { self.kind = kind }
}

// MARK: Actions

/// A gesture with an action for its changes (`onChanged`) or its end (`onEnded`).
public struct _ActionGesture<Base: Gesture>: Gesture {
    let base: Base
    let onEnd: Bool
    let action: @MainActor (Base.Value) -> Void
    /// Jetway's gesture plumbing; not for apps.
    public func _recognizers() -> [GestureRecognizer] {
        base._recognizers().map { recognizer in
            var recognizer = recognizer
            let run: @MainActor (GestureInput) -> Void = { input in if let value = base._value(input) { action(value) } }
            if onEnd { recognizer.ended.append(run) } else { recognizer.changed.append(run) }
            return recognizer
        }
    }
    /// Jetway's gesture plumbing; not for apps.
    public func _value(_ input: GestureInput) -> Base.Value? { base._value(input) }
}

/// A gesture that keeps a `@GestureState` while it lasts; the state goes back to its first
/// value when the gesture ends (before the gesture's `onEnded`).
public struct GestureStateGesture<Base: Gesture, State>: Gesture {
    let base: Base
    let state: GestureState<State>
    let body: @MainActor (Base.Value, inout State, inout Transaction) -> Void
    /// Jetway's gesture plumbing; not for apps.
    public func _recognizers() -> [GestureRecognizer] {
        base._recognizers().map { recognizer in
            var recognizer = recognizer
            recognizer.changed.append { input in
                // Released with no value of this gesture's: a drag, pinch or twist the browser
                // cancelled; its states go back as at an end, and its `onEnded` does not run.
                guard let value = base._value(input) else {
                    if input.phase == .released { state.reset() }
                    return
                }
                var current = state.wrappedValue
                var transaction = Transaction()
                body(value, &current, &transaction)
                withTransaction(transaction) { state.set(current) }
            }
            recognizer.ended.insert({ _ in state.reset() }, at: 0)
            return recognizer
        }
    }
    /// Jetway's gesture plumbing; not for apps.
    public func _value(_ input: GestureInput) -> Base.Value? { base._value(input) }
}

/// A gesture whose value is mapped to another.
public struct _MapGesture<Base: Gesture, Value>: Gesture {
    let base: Base
    let transform: @MainActor (Base.Value) -> Value
    /// Jetway's gesture plumbing; not for apps.
    public func _recognizers() -> [GestureRecognizer] { base._recognizers() }
    /// Jetway's gesture plumbing; not for apps.
    public func _value(_ input: GestureInput) -> Value? { base._value(input).map(transform) }
}

/// Two gestures the browser watches at once (`.simultaneously(with:)`), one before the other
/// (`.sequenced(before:)`) or one in place of the other (`.exclusively(before:)`): each of
/// them sees what it recognises; the pair's value has the one that saw this input.
public struct SimultaneousGesture<First: Gesture, Second: Gesture>: Gesture {
    /// The value of whichever gesture saw the input; the other is nil.
    public typealias Value = (first: First.Value?, second: Second.Value?)
    let first: First
    let second: Second

    init(first: First, second: Second) {
        self.first = first
        self.second = second
    }

    /// The pair of `first` and `second` (`SimultaneousGesture(tap, longPress)`).
    public init(_ first: First, _ second: Second) {
        self.init(first: first, second: second)
    }

    /// Jetway's gesture plumbing; not for apps.
    public func _recognizers() -> [GestureRecognizer] { first._recognizers() + second._recognizers() }
    /// Jetway's gesture plumbing; not for apps.
    public func _value(_ input: GestureInput) -> Value? {
        let count = first._recognizers().count
        if input.recognizer < count { return (first._value(input), nil) }
        return (nil, second._value(input.shifted(by: count)))
    }
}

/// What `.sequenced(before:)` returns: in Jetway the same as `SimultaneousGesture` (both are
/// watched at once; the second does not wait for the first to succeed).
public typealias SequenceGesture<First: Gesture, Second: Gesture> = SimultaneousGesture<First, Second>
/// What `.exclusively(before:)` returns: in Jetway the same as `SimultaneousGesture` (both are
/// watched at once; the first does not take precedence).
public typealias ExclusiveGesture<First: Gesture, Second: Gesture> = SimultaneousGesture<First, Second>

extension GestureInput {
    func shifted(by count: Int) -> GestureInput {
        GestureInput(
            recognizer: recognizer - count, phase: phase, startLocation: startLocation, location: location, origin: origin, time: time,
            scale: scale, angle: angle)
    }
}

extension Gesture {
    /// Runs `action` with the gesture's value each time it changes (at most once a frame for a drag or a
    /// pinch; a long press's start and release).
    public func onChanged(_ action: @escaping @MainActor (Value) -> Void) -> _ActionGesture<Self> {
        _ActionGesture(base: self, onEnd: false, action: action)
    }

    /// Runs `action` with the gesture's final value when it succeeds (not when it is cancelled).
    public func onEnded(_ action: @escaping @MainActor (Value) -> Void) -> _ActionGesture<Self> {
        _ActionGesture(base: self, onEnd: true, action: action)
    }

    /// Sets `state` from each change of the gesture through `body`; the state goes back to its first value
    /// when the gesture ends, or when a drag, pinch or twist is cancelled.
    public func updating<State>(
        _ state: GestureState<State>, body: @escaping @MainActor (Value, inout State, inout Transaction) -> Void
    ) -> GestureStateGesture<Self, State> {
        GestureStateGesture(base: self, state: state, body: body)
    }

    /// A gesture whose value is this one's passed through `body`.
    public func map<T>(_ body: @escaping @MainActor (Value) -> T) -> _MapGesture<Self, T> {
        _MapGesture(base: self, transform: body)
    }

    /// This gesture and `other`, watched at once; each sees what it recognises.
    public func simultaneously<Other: Gesture>(with other: Other) -> SimultaneousGesture<Self, Other> {
        SimultaneousGesture(first: self, second: other)
    }

    /// This gesture, then `other`. In Jetway both are watched at once, as with `simultaneously(with:)`:
    /// `other` does not wait for this one to succeed.
    public func sequenced<Other: Gesture>(before other: Other) -> SequenceGesture<Self, Other> {
        SimultaneousGesture(first: self, second: other)
    }

    /// This gesture or else `other`. In Jetway both are watched at once, as with
    /// `simultaneously(with:)`: this one does not take precedence over `other`.
    public func exclusively<Other: Gesture>(before other: Other) -> ExclusiveGesture<Self, Other> {
        SimultaneousGesture(first: self, second: other)
    }
}

/// A view's state while a gesture lasts: set in `.updating`, back to its first value when the
/// gesture ends.
///
/// ```swift
/// @GestureState private var isPressing = false
/// ```
@propertyWrapper
public struct GestureState<Value>: DynamicProperty {
    private let storage: State<Value>
    private let initial: Value
    private let resetTransaction: Transaction

    /// A gesture state that starts at, and goes back to, `wrappedValue`.
    public init(wrappedValue: Value) {
        storage = State(initialValue: wrappedValue)
        initial = wrappedValue
        resetTransaction = Transaction()
    }

    /// A gesture state that starts at, and goes back to, `initialValue`.
    public init(initialValue: Value) {
        self.init(wrappedValue: initialValue)
    }

    /// A gesture state that starts at `wrappedValue` and goes back to it in `resetTransaction` (with its
    /// animation) when the gesture ends.
    public init(wrappedValue: Value, resetTransaction: Transaction) {
        storage = State(initialValue: wrappedValue)
        initial = wrappedValue
        self.resetTransaction = resetTransaction
    }

    /// The state's current value; only `.updating` sets it.
    @MainActor public var wrappedValue: Value { storage.wrappedValue }
    /// The state itself, for `.updating($state)`.
    public var projectedValue: GestureState<Value> { self }

    @MainActor func set(_ value: Value) { storage.wrappedValue = value }

    @MainActor func reset() {
        let initial = initial
        withTransaction(resetTransaction) { storage.wrappedValue = initial }
    }
}
