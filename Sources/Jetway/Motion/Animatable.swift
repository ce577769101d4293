import Foundation

// SwiftUI's animatable data: values a change can be interpolated through (`VectorArithmetic`),
// and the views, modifiers and shapes that expose one (`Animatable`). Where what the data makes
// is a pure function of it — a `GeometryEffect`'s transform — Jetway samples it along the
// animation on the server and the browser plays the samples (GeometryEffect.swift); a view or
// modifier whose `body` reads the data shows the end value at once (docs/motion.md).

/// A value animations can interpolate: it adds, subtracts and scales.
public protocol VectorArithmetic: AdditiveArithmetic {
    /// Multiplies every component by `rhs`.
    mutating func scale(by rhs: Double)
    /// The dot product with itself.
    var magnitudeSquared: Double { get }
}

extension VectorArithmetic {
    /// A copy multiplied by `rhs`.
    public func scaled(by rhs: Double) -> Self {
        var copy = self
        copy.scale(by: rhs)
        return copy
    }

    /// `self` moved toward `end` by `fraction` (0: `self`, 1: `end`).
    func interpolated(towards end: Self, amount fraction: Double) -> Self {
        self + (end - self).scaled(by: fraction)
    }
}

extension Double: VectorArithmetic {
    /// Multiplies the value by `rhs`.
    public mutating func scale(by rhs: Double) { self *= rhs }
    /// The value squared.
    public var magnitudeSquared: Double { self * self }
}

extension Float: VectorArithmetic {
    /// Multiplies the value by `rhs`.
    public mutating func scale(by rhs: Double) { self *= Float(rhs) }
    /// The value squared, as a `Double`.
    public var magnitudeSquared: Double { Double(self * self) }
}

#if !canImport(Darwin)
    extension CGFloat: VectorArithmetic {
        /// Multiplies the value by `rhs`.
        public mutating func scale(by rhs: Double) { self *= CGFloat(rhs) }
        /// The value squared, as a `Double`.
        public var magnitudeSquared: Double { Double(self * self) }
    }
#endif

/// No data: a view or shape that does not animate by its data.
public struct EmptyAnimatableData: VectorArithmetic, Sendable {
    /// The empty value.
    public init() {}
    /// The empty value.
    public static var zero: EmptyAnimatableData { EmptyAnimatableData() }
    /// The empty value: there is nothing to add.
    public static func + (lhs: EmptyAnimatableData, rhs: EmptyAnimatableData) -> EmptyAnimatableData { lhs }
    /// The empty value: there is nothing to subtract.
    public static func - (lhs: EmptyAnimatableData, rhs: EmptyAnimatableData) -> EmptyAnimatableData { lhs }
    /// Does nothing: there is nothing to scale.
    public mutating func scale(by rhs: Double) {}
    /// Always 0.
    public var magnitudeSquared: Double { 0 }
}

/// Two animatable values as one (`AnimatablePair(start, end)`).
public struct AnimatablePair<First: VectorArithmetic, Second: VectorArithmetic>: VectorArithmetic {
    /// The first value.
    public var first: First
    /// The second value.
    public var second: Second

    /// A pair of `first` and `second`.
    public init(_ first: First, _ second: Second) {
        self.first = first
        self.second = second
    }

    /// A pair of zeros.
    public static var zero: AnimatablePair { AnimatablePair(.zero, .zero) }
    /// The pair whose values are the sums of the two pairs' values.
    public static func + (lhs: AnimatablePair, rhs: AnimatablePair) -> AnimatablePair {
        AnimatablePair(lhs.first + rhs.first, lhs.second + rhs.second)
    }
    /// The pair whose values are the differences of the two pairs' values.
    public static func - (lhs: AnimatablePair, rhs: AnimatablePair) -> AnimatablePair {
        AnimatablePair(lhs.first - rhs.first, lhs.second - rhs.second)
    }
    /// Multiplies both values by `rhs`.
    public mutating func scale(by rhs: Double) {
        first.scale(by: rhs)
        second.scale(by: rhs)
    }
    /// The sum of both values' squared magnitudes.
    public var magnitudeSquared: Double { first.magnitudeSquared + second.magnitudeSquared }
}

extension AnimatablePair: Sendable where First: Sendable, Second: Sendable {}

/// A modifier whose values animate (the older name SwiftUI kept: `Animatable` and
/// `ViewModifier` together).
public protocol AnimatableModifier: Animatable, ViewModifier {}

/// A type whose `animatableData` an animation interpolates. On the main actor, as the views and
/// shapes that adopt it are: an app's `Shape` with its own `animatableData` compiles in Swift 6
/// mode as it does with SwiftUI (a nonisolated protocol would be a conformance crossing into
/// the shape's main-actor code).
@MainActor @preconcurrency
public protocol Animatable {
    /// The type of the data an animation interpolates.
    associatedtype AnimatableData: VectorArithmetic
    /// The values an animation moves through.
    ///
    /// Jetway reads it to sample a `GeometryEffect` along an animation; a view or modifier whose
    /// `body` reads it shows the end value at once, and a shape's outline moves point by point
    /// rather than through it.
    var animatableData: AnimatableData { get set }
}

extension Animatable where AnimatableData == EmptyAnimatableData {
    /// No data: reading it gives the empty value and setting it does nothing.
    public var animatableData: EmptyAnimatableData {
        get { EmptyAnimatableData() }
        set {}
    }
}

extension Animatable where Self: VectorArithmetic {
    /// The value itself.
    public var animatableData: Self {
        get { self }
        set { self = newValue }
    }
}

extension Angle: Animatable, VectorArithmetic {
    /// Adds `rhs` to the angle.
    public static func += (lhs: inout Angle, rhs: Angle) { lhs = lhs + rhs }
    /// Subtracts `rhs` from the angle.
    public static func -= (lhs: inout Angle, rhs: Angle) { lhs = lhs - rhs }
    /// Multiplies the angle by `rhs`.
    public mutating func scale(by rhs: Double) { radians *= rhs }
    /// The angle in radians, squared.
    public var magnitudeSquared: Double { radians * radians }
    /// The angle in radians.
    public var animatableData: Double {
        get { radians }
        set { radians = newValue }
    }
}

extension CGPoint: Animatable {
    /// The point's `x` and `y`.
    public var animatableData: AnimatablePair<CGFloat, CGFloat> {
        get { AnimatablePair(x, y) }
        set { (x, y) = (newValue.first, newValue.second) }
    }
}

extension CGSize: Animatable {
    /// The size's `width` and `height`.
    public var animatableData: AnimatablePair<CGFloat, CGFloat> {
        get { AnimatablePair(width, height) }
        set { (width, height) = (newValue.first, newValue.second) }
    }
}

extension CGRect: Animatable {
    /// The rectangle's origin and size.
    public var animatableData: AnimatablePair<CGPoint.AnimatableData, CGSize.AnimatableData> {
        get { AnimatablePair(origin.animatableData, size.animatableData) }
        set { (origin.animatableData, size.animatableData) = (newValue.first, newValue.second) }
    }
}

extension Animation {
    /// How far along its way a change is at `fraction` of the animation's time (0…1): the
    /// curve the browser plays, evaluated on the server.
    func progress(at fraction: Double) -> Double {
        let t = min(max(fraction, 0), 1)
        if t == 0 || t == 1 { return t }
        switch curve {
        case .linear: return t
        case .bezier(let x1, let y1, let x2, let y2):
            // x(s) = t solved for s by bisection, then y(s).
            func bezier(_ s: Double, _ p1: Double, _ p2: Double) -> Double {
                let u = 1 - s
                return 3 * u * u * s * p1 + 3 * u * s * s * p2 + s * s * s
            }
            var low = 0.0, high = 1.0
            for _ in 0..<30 {
                let middle = (low + high) / 2
                if bezier(middle, x1, x2) < t { low = middle } else { high = middle }
            }
            return bezier((low + high) / 2, y1, y2)
        case .spring(let response, let damping):
            if t >= 1 { return 1 }
            return Self.springPosition((springDuration ?? 1) * t, response: response, dampingFraction: damping)
        }
    }
}
