import Foundation

/// How a change moves: a timing curve or a spring, its duration, delay, speed and repeats.
/// The browser runs it (the Web Animations API); the server only describes it, once, with the
/// patch of the change. A spring's motion is computed here and sent as CSS `linear()` easing,
/// so the browser moves along SwiftUI's curve, bounce and all.
///
/// ```swift
/// withAnimation(.spring(duration: 0.4, bounce: 0.3)) { expanded.toggle() }
/// .animation(.easeInOut(duration: 0.25), value: flight.status)
/// withAnimation(.linear(duration: 1).repeatForever(autoreverses: false)) { spinning = true }
/// ```
public struct Animation: Hashable, Sendable, CustomStringConvertible {
    enum Curve: Hashable, Sendable {
        case bezier(Double, Double, Double, Double)
        case linear
        /// A damped spring: its period (`response`) and how much of its bounce is damped.
        case spring(response: Double, dampingFraction: Double)
    }
    var curve: Curve
    /// Seconds, before speed; a spring's is the time it takes to settle.
    let baseDuration: Double
    var delaySeconds: Double = 0
    var speedFactor: Double = 1
    /// nil: once. `.infinity`: for ever.
    var repeats: Double?
    var autoreverses = false

    init(curve: Curve, duration: Double) {
        self.curve = curve
        self.baseDuration = duration.isFinite ? max(duration, 0) : 0.35
        if case .spring(let response, let damping) = curve {
            self.springDuration = Self.settlingTime(response: response, dampingFraction: damping)
        }
    }
    private(set) var springDuration: Double?

    /// The animation a change gets when none is named: `easeInOut`, 0.35 seconds.
    public static let `default` = easeInOut
    /// A constant speed for 0.35 seconds.
    public static let linear = linear(duration: 0.35)
    /// Slow at the start, for 0.35 seconds (`cubic-bezier(0.42,0,1,1)`).
    public static let easeIn = easeIn(duration: 0.35)
    /// Slow at the end, for 0.35 seconds (`cubic-bezier(0,0,0.58,1)`).
    public static let easeOut = easeOut(duration: 0.35)
    /// Slow at both ends, for 0.35 seconds (`cubic-bezier(0.42,0,0.58,1)`).
    public static let easeInOut = easeInOut(duration: 0.35)

    /// A constant speed for `duration` seconds.
    public static func linear(duration: TimeInterval) -> Animation { Animation(curve: .linear, duration: duration) }
    /// Slow at the start, for `duration` seconds.
    public static func easeIn(duration: TimeInterval) -> Animation { Animation(curve: .bezier(0.42, 0, 1, 1), duration: duration) }
    /// Slow at the end, for `duration` seconds.
    public static func easeOut(duration: TimeInterval) -> Animation { Animation(curve: .bezier(0, 0, 0.58, 1), duration: duration) }
    /// Slow at both ends, for `duration` seconds.
    public static func easeInOut(duration: TimeInterval) -> Animation {
        Animation(curve: .bezier(0.42, 0, 0.58, 1), duration: duration)
    }
    /// A cubic Bézier timing curve with control points (`c0x`, `c0y`) and (`c1x`, `c1y`), for
    /// `duration` seconds (CSS `cubic-bezier`).
    public static func timingCurve(_ c0x: Double, _ c0y: Double, _ c1x: Double, _ c1y: Double, duration: TimeInterval = 0.35)
        -> Animation
    {
        Animation(curve: .bezier(c0x, c0y, c1x, c1y), duration: duration)
    }

    /// A spring of a period (`response`) and a damping fraction (1: no bounce).
    public static func spring(response: Double = 0.5, dampingFraction: Double = 0.825, blendDuration: Double = 0) -> Animation {
        let response = response.isFinite && response > 0 ? response : 0.5
        let damping = dampingFraction.isFinite ? min(max(dampingFraction, 0.05), 2) : 0.825
        return Animation(curve: .spring(response: response, dampingFraction: damping), duration: 0)
    }

    /// A spring that takes about `duration` and bounces by `bounce` (0: none, up to 1).
    ///
    /// `duration` sets the spring's period; the motion lasts until the spring settles, often longer.
    /// `blendDuration` is accepted so SwiftUI code compiles and not used.
    @_disfavoredOverload
    public static func spring(duration: TimeInterval = 0.5, bounce: Double = 0, blendDuration: Double = 0) -> Animation {
        let bounce = bounce.isFinite ? min(max(bounce, -1), 0.95) : 0
        return spring(response: duration, dampingFraction: bounce >= 0 ? 1 - bounce : 1 / (1 + bounce))
    }

    /// The standard spring: a period of 0.5 seconds, damping fraction 0.825 (a little bounce).
    public static var spring: Animation { spring(response: 0.5, dampingFraction: 0.825) }
    /// A spring of 0.5 seconds with a bounce of 0.3.
    public static let bouncy = spring(duration: 0.5, bounce: 0.3)
    /// A spring of 0.5 seconds with a small bounce of 0.15.
    public static let snappy = spring(duration: 0.5, bounce: 0.15)
    /// A spring of 0.5 seconds without bounce.
    public static let smooth = spring(duration: 0.5, bounce: 0)
    /// A spring of about `duration` with a bounce of 0.3 plus `extraBounce`.
    public static func bouncy(duration: TimeInterval = 0.5, extraBounce: Double = 0) -> Animation {
        spring(duration: duration, bounce: 0.3 + extraBounce)
    }
    /// A spring of about `duration` with a bounce of 0.15 plus `extraBounce`.
    public static func snappy(duration: TimeInterval = 0.5, extraBounce: Double = 0) -> Animation {
        spring(duration: duration, bounce: 0.15 + extraBounce)
    }
    /// A spring of about `duration` with no bounce but `extraBounce`.
    public static func smooth(duration: TimeInterval = 0.5, extraBounce: Double = 0) -> Animation {
        spring(duration: duration, bounce: extraBounce)
    }
    /// A quick spring for following a drag: a spring of `response` and `dampingFraction`;
    /// `blendDuration` is not used.
    public static func interactiveSpring(response: Double = 0.15, dampingFraction: Double = 0.86, blendDuration: Double = 0.25)
        -> Animation
    {
        spring(response: response, dampingFraction: dampingFraction)
    }
    /// A spring of a mass on a stiffness with a damping, as physics writes it.
    public static func interpolatingSpring(mass: Double = 1, stiffness: Double, damping: Double, initialVelocity: Double = 0)
        -> Animation
    {
        let mass = mass > 0 ? mass : 1, stiffness = stiffness > 0 ? stiffness : 100
        let response = 2 * Double.pi / (stiffness / mass).squareRoot()
        return spring(response: response, dampingFraction: damping / (2 * (stiffness * mass).squareRoot()))
    }

    /// This animation started `delay` seconds later (delays add up).
    public func delay(_ delay: TimeInterval) -> Animation {
        var copy = self
        copy.delaySeconds += delay.isFinite ? max(delay, 0) : 0
        return copy
    }

    /// This animation run `speed` times as fast (a speed of 0 or less is ignored).
    public func speed(_ speed: Double) -> Animation {
        var copy = self
        if speed.isFinite && speed > 0 { copy.speedFactor *= speed }
        return copy
    }

    /// This animation run `repeatCount` times (at least once), back and forth when `autoreverses`.
    public func repeatCount(_ repeatCount: Int, autoreverses: Bool = true) -> Animation {
        var copy = self
        copy.repeats = Double(max(repeatCount, 1))
        copy.autoreverses = autoreverses
        return copy
    }

    /// This animation repeated for ever, back and forth when `autoreverses`.
    public func repeatForever(autoreverses: Bool = true) -> Animation {
        var copy = self
        copy.repeats = .infinity
        copy.autoreverses = autoreverses
        return copy
    }

    /// Seconds one run takes in the browser.
    var duration: Double { (springDuration ?? baseDuration) / speedFactor }

    /// The CSS easing: a cubic Bézier, or a spring's motion sampled as `linear()`.
    var easing: String {
        switch curve {
        case .linear: return "linear"
        case .bezier(let a, let b, let c, let d):
            return "cubic-bezier(\([a, b, c, d].map { Color.format($0) }.joined(separator: ",")))"
        case .spring(let response, let damping):
            // 31 points to a hundredth, without leading zeros (`.42`): the curve to the eye in
            // about 130 bytes.
            let settle = springDuration ?? 1
            let points = (0...30).map { index -> String in
                let value = index == 30 ? 1 : Self.springPosition(settle * Double(index) / 30, response: response, dampingFraction: damping)
                let rounded = (value * 100).rounded() / 100
                var text = rounded == rounded.rounded() ? String(Int(rounded)) : String(rounded)
                if text.hasPrefix("0.") { text.removeFirst() } else if text.hasPrefix("-0.") { text = "-" + text.dropFirst(2) }
                return text
            }
            return "linear(\(points.joined(separator: ",")))"
        }
    }

    /// What the runtime reads (`data-jw-animation`): `duration;delay;iterations;direction;easing`,
    /// times in milliseconds.
    var wire: String {
        let iterations = repeats.map { $0.isInfinite ? "infinite" : Color.format($0) } ?? "1"
        let ms = { (seconds: Double) in String(Int((seconds * 1000).rounded())) }
        return "\(ms(duration));\(ms(delaySeconds / speedFactor));\(iterations);\(autoreverses ? "alternate" : "normal");\(easing)"
    }

    /// The animation as Jetway sends it: `duration;delay;iterations;direction;easing`, times in milliseconds.
    public var description: String { wire }

    /// Where a spring released from 0 toward 1 is after `t` seconds.
    static func springPosition(_ t: Double, response: Double, dampingFraction zeta: Double) -> Double {
        let omega = 2 * Double.pi / response
        if zeta < 1 {
            let damped = omega * (1 - zeta * zeta).squareRoot()
            return 1 - exp(-zeta * omega * t) * (cos(damped * t) + zeta * omega / damped * sin(damped * t))
        }
        if zeta == 1 { return 1 - exp(-omega * t) * (1 + omega * t) }
        // Over-damped: two decaying exponentials.
        let root = (zeta * zeta - 1).squareRoot()
        let r1 = -omega * (zeta - root), r2 = -omega * (zeta + root)
        let c2 = r1 / (r2 - r1), c1 = -1 - c2
        return 1 + c1 * exp(r1 * t) + c2 * exp(r2 * t)
    }

    /// Seconds until the spring stays within 0.1 % of its end (at most 3 s).
    static func settlingTime(response: Double, dampingFraction zeta: Double) -> Double {
        var last = 0.0
        let step = 1.0 / 120
        var t = 0.0
        while t < 3 {
            t += step
            if abs(1 - springPosition(t, response: response, dampingFraction: zeta)) > 0.001 { last = t }
        }
        return min(max(last + step, 0.05), 3)
    }
}
