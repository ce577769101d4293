import Foundation

// Core Graphics' affine transform, as SwiftUI code builds one for `Path.applying(_:)`,
// `ProjectionTransform` and `.transformEffect(_:)` (Linux's Foundation has no CGAffineTransform).

/// `[a b 0; c d 0; tx ty 1]`: a point (x, y) goes to (a·x + c·y + tx, b·x + d·y + ty).
public struct CGAffineTransform: Hashable, Sendable {
    /// The matrix's entries: `a`, `b`, `c`, `d` scale, rotate and skew; `tx`, `ty` translate.
    public var a: CGFloat, b: CGFloat, c: CGFloat, d: CGFloat, tx: CGFloat, ty: CGFloat

    /// A transform of the six entries `a`, `b`, `c`, `d`, `tx` and `ty`.
    public init(a: CGFloat, b: CGFloat, c: CGFloat, d: CGFloat, tx: CGFloat, ty: CGFloat) {
        (self.a, self.b, self.c, self.d, self.tx, self.ty) = (a, b, c, d, tx, ty)
    }

    /// A transform of the six entries in order: `a`, `b`, `c`, `d`, `tx`, `ty`.
    public init(_ a: CGFloat, _ b: CGFloat, _ c: CGFloat, _ d: CGFloat, _ tx: CGFloat, _ ty: CGFloat) {
        self.init(a: a, b: b, c: c, d: d, tx: tx, ty: ty)
    }

    /// The identity transform, which leaves every point where it is.
    public init() { self = .identity }

    /// A move by `tx` across and `ty` down.
    public init(translationX tx: CGFloat, y ty: CGFloat) { self.init(a: 1, b: 0, c: 0, d: 1, tx: tx, ty: ty) }

    /// A scale by `sx` across and `sy` down, about the origin.
    public init(scaleX sx: CGFloat, y sy: CGFloat) { self.init(a: sx, b: 0, c: 0, d: sy, tx: 0, ty: 0) }

    /// A turn by `angle` radians (clockwise on the screen, whose y axis points down).
    public init(rotationAngle angle: CGFloat) {
        let cosine = CGFloat(cos(Double(angle))), sine = CGFloat(sin(Double(angle)))
        self.init(a: cosine, b: sine, c: -sine, d: cosine, tx: 0, ty: 0)
    }

    /// The transform that leaves every point where it is.
    public static let identity = CGAffineTransform(a: 1, b: 0, c: 0, d: 1, tx: 0, ty: 0)

    /// Whether this is the identity transform.
    public var isIdentity: Bool { self == .identity }

    /// This transform, then `t2`.
    public func concatenating(_ t2: CGAffineTransform) -> CGAffineTransform {
        CGAffineTransform(
            a: a * t2.a + b * t2.c, b: a * t2.b + b * t2.d, c: c * t2.a + d * t2.c, d: c * t2.b + d * t2.d,
            tx: tx * t2.a + ty * t2.c + t2.tx, ty: tx * t2.b + ty * t2.d + t2.ty)
    }

    /// A translation, then this transform (Core Graphics' order).
    public func translatedBy(x: CGFloat, y: CGFloat) -> CGAffineTransform {
        CGAffineTransform(translationX: x, y: y).concatenating(self)
    }

    /// A scale by `x` and `y`, then this transform (Core Graphics' order).
    public func scaledBy(x: CGFloat, y: CGFloat) -> CGAffineTransform {
        CGAffineTransform(scaleX: x, y: y).concatenating(self)
    }

    /// A turn by `angle` radians, then this transform (Core Graphics' order).
    public func rotated(by angle: CGFloat) -> CGAffineTransform {
        CGAffineTransform(rotationAngle: angle).concatenating(self)
    }

    /// The transform that undoes this one (this one when it cannot be undone).
    public func inverted() -> CGAffineTransform {
        let determinant = a * d - b * c
        guard determinant != 0 else { return self }
        return CGAffineTransform(
            a: d / determinant, b: -b / determinant, c: -c / determinant, d: a / determinant,
            tx: (c * ty - d * tx) / determinant, ty: (b * tx - a * ty) / determinant)
    }

    /// CSS's `matrix(a,b,c,d,tx,ty)`.
    var css: String {
        "matrix(\([a, b, c, d, tx, ty].map { Color.format(Double($0)) }.joined(separator: ",")))"
    }
}

extension CGPoint {
    /// The point moved by `t`.
    public func applying(_ t: CGAffineTransform) -> CGPoint {
        CGPoint(x: t.a * x + t.c * y + t.tx, y: t.b * x + t.d * y + t.ty)
    }
}

extension CGSize {
    /// The size's vector transformed (translation does not apply).
    public func applying(_ t: CGAffineTransform) -> CGSize {
        CGSize(width: t.a * width + t.c * height, height: t.b * width + t.d * height)
    }
}

extension CGRect {
    /// The smallest rectangle holding the transformed corners.
    public func applying(_ t: CGAffineTransform) -> CGRect {
        let corners = [CGPoint(x: minX, y: minY), CGPoint(x: maxX, y: minY), CGPoint(x: minX, y: maxY), CGPoint(x: maxX, y: maxY)]
            .map { $0.applying(t) }
        let xs = corners.map(\.x), ys = corners.map(\.y)
        return CGRect(x: xs.min()!, y: ys.min()!, width: xs.max()! - xs.min()!, height: ys.max()! - ys.min()!)
    }
}

extension Path {
    /// The path with every point transformed.
    public func applying(_ transform: CGAffineTransform) -> Path {
        var result = Path()
        forEach { element in
            switch element {
            case .move(let to): result.move(to: to.applying(transform))
            case .line(let to): result.addLine(to: to.applying(transform))
            case .quadCurve(let to, let control): result.addQuadCurve(to: to.applying(transform), control: control.applying(transform))
            case .curve(let to, let control1, let control2):
                result.addCurve(
                    to: to.applying(transform), control1: control1.applying(transform), control2: control2.applying(transform))
            case .closeSubpath: result.closeSubpath()
            }
        }
        return result
    }
}

extension View {
    /// Draws the view through `transform`, from its top-left corner (layout is not changed).
    public func transformEffect(_ transform: CGAffineTransform) -> some View {
        modifier(StyleModifier { node in Effects.transform(node, Effects.fromOrigin(transform.css), anchor: .center) })
    }
}

/// A shape whose path is transformed (`LineShape().transform(CGAffineTransform(scaleX:y:))`).
public struct TransformedShape<Content: Shape>: Shape {
    /// The shape whose path is transformed.
    public var shape: Content
    /// The transform applied to the shape's path, in its frame's coordinates.
    public var transform: CGAffineTransform

    /// `shape` with its path transformed by `transform`.
    public init(shape: Content, transform: CGAffineTransform) {
        self.shape = shape
        self.transform = transform
    }

    /// The shape's path in `rect`, transformed.
    public func path(in rect: CGRect) -> Path { shape.path(in: rect).applying(transform) }
}

extension Shape {
    /// This shape with its path transformed.
    public func transform(_ transform: CGAffineTransform) -> TransformedShape<Self> {
        TransformedShape(shape: self, transform: transform)
    }
}

extension CGAffineTransform {
    /// This transform applied about `anchor`'s point of `rect` (that point stays where it is).
    func about(_ anchor: UnitPoint, in rect: CGRect) -> CGAffineTransform {
        let x = rect.minX + rect.width * anchor.x, y = rect.minY + rect.height * anchor.y
        return CGAffineTransform(translationX: -x, y: -y).concatenating(self).concatenating(CGAffineTransform(translationX: x, y: y))
    }
}

/// A shape scaled about a point of its frame (`.scale(0.5)`, `.scale(x: 2, y: 1, anchor: .leading)`).
public struct ScaledShape<Content: Shape>: Shape {
    /// The shape that is scaled.
    public var shape: Content
    /// The scale across (`width`) and down (`height`).
    public var scale: CGSize
    /// The point of the frame that stays where it is.
    public var anchor: UnitPoint

    /// `shape` scaled by `scale` about `anchor`.
    public init(shape: Content, scale: CGSize, anchor: UnitPoint = .center) {
        self.shape = shape
        self.scale = scale
        self.anchor = anchor
    }

    /// The shape's path in `rect`, scaled about `anchor`'s point of `rect`.
    public func path(in rect: CGRect) -> Path {
        shape.path(in: rect).applying(CGAffineTransform(scaleX: scale.width, y: scale.height).about(anchor, in: rect))
    }
}

/// A shape turned about a point of its frame (`.rotation(.degrees(45))`).
public struct RotatedShape<Content: Shape>: Shape {
    /// The shape that is turned.
    public var shape: Content
    /// How far it is turned (clockwise on screen for a positive angle).
    public var angle: Angle
    /// The point of the frame it turns about.
    public var anchor: UnitPoint

    /// `shape` turned by `angle` about `anchor`.
    public init(shape: Content, angle: Angle, anchor: UnitPoint = .center) {
        self.shape = shape
        self.angle = angle
        self.anchor = anchor
    }

    /// The shape's path in `rect`, turned about `anchor`'s point of `rect`.
    public func path(in rect: CGRect) -> Path {
        shape.path(in: rect).applying(CGAffineTransform(rotationAngle: angle.radians).about(anchor, in: rect))
    }
}

extension Shape {
    /// This shape scaled by `x` and `y` about `anchor`, in the same frame.
    public func scale(x: CGFloat = 1, y: CGFloat = 1, anchor: UnitPoint = .center) -> ScaledShape<Self> {
        ScaledShape(shape: self, scale: CGSize(width: x, height: y), anchor: anchor)
    }

    /// This shape scaled by `scale` about `anchor`, in the same frame.
    public func scale(_ scale: CGFloat, anchor: UnitPoint = .center) -> ScaledShape<Self> {
        self.scale(x: scale, y: scale, anchor: anchor)
    }

    /// This shape turned by `angle` about `anchor`, in the same frame.
    public func rotation(_ angle: Angle, anchor: UnitPoint = .center) -> RotatedShape<Self> {
        RotatedShape(shape: self, angle: angle, anchor: anchor)
    }
}

extension _FilledShape {
    /// A stroked or filled shape scaled (a stroked shape is a shape, as in SwiftUI): its
    /// outline's width scales with it.
    public func scale(x: CGFloat = 1, y: CGFloat = 1, anchor: UnitPoint = .center) -> _FilledShape<ScaledShape<S>> {
        var scaled = _FilledShape<ScaledShape<S>>(
            shape: shape.scale(x: x, y: y, anchor: anchor), fill: fill, outline: outline, evenOdd: evenOdd, inside: inside)
        scaled.outline?.style.lineWidth *= (abs(x * y)).squareRoot()
        return scaled
    }

    /// A stroked or filled shape scaled by `scale` about `anchor`; its outline's width scales with it.
    public func scale(_ scale: CGFloat, anchor: UnitPoint = .center) -> _FilledShape<ScaledShape<S>> {
        self.scale(x: scale, y: scale, anchor: anchor)
    }

    /// A stroked or filled shape turned by `angle` about `anchor`.
    public func rotation(_ angle: Angle, anchor: UnitPoint = .center) -> _FilledShape<RotatedShape<S>> {
        _FilledShape<RotatedShape<S>>(
            shape: shape.rotation(angle, anchor: anchor), fill: fill, outline: outline, evenOdd: evenOdd, inside: inside)
    }
}
