import Foundation

// `GeometryEffect`: a modifier that draws its content through a transform made from its
// animatable data. The transform is a CSS matrix on the content's element. When a change made
// in `withAnimation` moves the data, the server samples the effect along the animation's curve
// (`sampleCount` + 1 frames, so a shake's `sin` of the data is drawn as it goes, not only its
// ends) and the page plays them (features/motion.js, `data-jw-frames`).

/// A 3 × 3 projective transform (`m31`, `m32`: translation; `m13`, `m23`: perspective).
public struct ProjectionTransform: Hashable, Sendable {
    /// The first row: `m11` and `m12` scale, turn and skew x; `m13` is x's perspective.
    public var m11: CGFloat = 1, m12: CGFloat = 0, m13: CGFloat = 0
    /// The second row: `m21` and `m22` scale, turn and skew y; `m23` is y's perspective.
    public var m21: CGFloat = 0, m22: CGFloat = 1, m23: CGFloat = 0
    /// The third row: `m31` and `m32` translate; `m33` is the perspective divisor, 1 when affine.
    public var m31: CGFloat = 0, m32: CGFloat = 0, m33: CGFloat = 1

    /// The identity transform.
    public init() {}

    /// The projective form of the affine transform `t` (no perspective).
    public init(_ t: CGAffineTransform) {
        (m11, m12, m21, m22, m31, m32) = (t.a, t.b, t.c, t.d, t.tx, t.ty)
    }

    /// Whether this is the identity transform.
    public var isIdentity: Bool { self == ProjectionTransform() }
    /// Whether the transform has no perspective (CSS `matrix` rather than `matrix3d`).
    public var isAffine: Bool { m13 == 0 && m23 == 0 && m33 == 1 }

    /// This transform, then `rhs`.
    public func concatenating(_ rhs: ProjectionTransform) -> ProjectionTransform {
        var r = ProjectionTransform()
        r.m11 = m11 * rhs.m11 + m12 * rhs.m21 + m13 * rhs.m31
        r.m12 = m11 * rhs.m12 + m12 * rhs.m22 + m13 * rhs.m32
        r.m13 = m11 * rhs.m13 + m12 * rhs.m23 + m13 * rhs.m33
        r.m21 = m21 * rhs.m11 + m22 * rhs.m21 + m23 * rhs.m31
        r.m22 = m21 * rhs.m12 + m22 * rhs.m22 + m23 * rhs.m32
        r.m23 = m21 * rhs.m13 + m22 * rhs.m23 + m23 * rhs.m33
        r.m31 = m31 * rhs.m11 + m32 * rhs.m21 + m33 * rhs.m31
        r.m32 = m31 * rhs.m12 + m32 * rhs.m22 + m33 * rhs.m32
        r.m33 = m31 * rhs.m13 + m32 * rhs.m23 + m33 * rhs.m33
        return r
    }

    /// CSS: `matrix(…)` when affine, else `matrix3d(…)` (z left alone).
    var css: String {
        if isAffine { return CGAffineTransform(a: m11, b: m12, c: m21, d: m22, tx: m31, ty: m32).css }
        let values = [m11, m12, 0, m13, m21, m22, 0, m23, 0, 0, 1, 0, m31, m32, 0, m33]
        return "matrix3d(\(values.map { Color.format(Double($0)) }.joined(separator: ",")))"
    }
}

/// A modifier that draws its content through `effectValue(size:)`, animatable by its data.
///
/// ```swift
/// struct Shake: GeometryEffect {
///     var animatableData: CGFloat
///     func effectValue(size: CGSize) -> ProjectionTransform {
///         ProjectionTransform(CGAffineTransform(translationX: 10 * sin(animatableData * .pi * 6), y: 0))
///     }
/// }
/// ```
///
/// `size` is the size the effect is evaluated at: an effect that does not use it (shakes,
/// scales, turns about the corner) is exact; one that does is given zero (docs/motion.md).
public protocol GeometryEffect: Animatable, ViewModifier where Body == Never {
    /// The transform to draw the content through, made from the effect's `animatableData`; Jetway
    /// passes a zero `size`.
    func effectValue(size: CGSize) -> ProjectionTransform
}

extension GeometryEffect {
    /// Never called: Jetway applies a geometry effect itself, so it has no body.
    public func body(content: Content) -> Never {
        preconditionFailure("\(Self.self) is a GeometryEffect: Jetway applies it and it has no body")
    }

    /// Jetway's rendering entry point; not for apps. Puts the effect's matrix on the content and,
    /// after an animated change of its data, the sampled frames the browser plays.
    public static func _apply(_ modifier: Self, _ context: _RenderContext, _ out: inout [Node], _ content: @escaping _ContentRenderer) {
        let start = out.count
        content(context, &out)
        let memory = context.persistent(SampledEffectMemory<AnimatableData>.self) { SampledEffectMemory() }
        let now = modifier.animatableData
        var frames: String?
        if let last = memory.last, last != now, let animation = context.graph.pendingAnimation {
            memory.runs &+= 1
            frames = SampledEffectMemory<AnimatableData>.frames(run: memory.runs, animation: animation) { progress in
                var step = modifier
                step.animatableData = last.interpolated(towards: now, amount: progress)
                return Effects.fromOrigin(step.effectValue(size: .zero).css)
            }
        }
        memory.last = now
        let transform = Effects.fromOrigin(modifier.effectValue(size: .zero).css)
        for index in start..<out.count where !out[index].hasClass(RuntimeContract.Class.lazyGap) {
            let node = out[index].isFrozen ? out[index].copy() : out[index]
            Effects.transform(node, transform, anchor: .center)
            if let frames { node.setAttribute(RuntimeContract.Attribute.frames, frames) }
            out[index] = node
        }
    }
}

/// An animatable effect's last data, and how many sampled runs it has sent.
final class SampledEffectMemory<Data: VectorArithmetic> {
    var last: Data?
    var runs = 0

    /// Frames sampled uniformly in time (the curve's easing is in the values, so the page plays
    /// them linearly): `run;duration;delay;iterations;direction;linear|property|frame|…`.
    static func frames(run: Int, animation: Animation, property: String = "transform", _ value: (Double) -> String) -> String {
        let count = sampleCount
        let values = (0...count).map { value(animation.progress(at: Double($0) / Double(count))) }
        var timing = animation
        timing.curve = .linear
        return "\(run);\(timing.wire)|\(property)|" + values.joined(separator: "|")
    }

    /// 30 steps: a shake of three swings in a second still has ten frames a swing.
    static var sampleCount: Int { 30 }
}
