// Gradients as SwiftUI writes them, drawn by CSS: a style to fill shapes and backgrounds with
// (`.fill(LinearGradient(…))`, `.background(…)`, `.foregroundStyle(…)` on text), or a view
// that fills the space it is offered.

/// Colours along a gradient, each at a place from 0 to 1 (spread evenly when not said).
public struct Gradient: Hashable, Sendable {
    /// One colour of a gradient and where along it it falls.
    public struct Stop: Hashable, Sendable {
        /// The colour at this stop.
        public var color: Color
        /// Where the stop falls, from 0 (the start) to 1 (the end).
        public var location: CGFloat
        /// A stop of `color` at `location`, 0 to 1.
        public init(color: Color, location: CGFloat) {
            self.color = color
            self.location = location
        }
    }

    /// The gradient's colours and their places, in order.
    public var stops: [Stop]

    /// A gradient of the given `stops`.
    nonisolated public init(stops: [Stop]) { self.stops = stops }

    /// A gradient of `colors` spread evenly from 0 to 1.
    nonisolated public init(colors: [Color]) {
        let last = CGFloat(max(colors.count - 1, 1))
        stops = colors.enumerated().map { Stop(color: $0.element, location: CGFloat($0.offset) / last) }
    }

    /// `color 0%, color 50%, …`, with the stops in the browser's order.
    func css(scale: Double = 100, unit: String = "%") -> String {
        stops.map { "\($0.color.css) \(Color.format(Double($0.location) * scale))\(unit)" }.joined(separator: ",")
    }
}

/// A gradient along a line from `startPoint` to `endPoint` of the view.
public struct LinearGradient: ShapeStyle, _PrimitiveView, Hashable {
    /// The CSS value: a `linear-gradient(…)` at the angle the points give.
    public let css: String
    /// Always true: text and outlines paint a gradient differently from a colour.
    nonisolated public var isGradient: Bool { true }

    /// A gradient from `startPoint` to `endPoint`, written as a CSS `linear-gradient` at the angle
    /// from one to the other.
    ///
    /// Only the direction is kept: the stops are laid along the whole box in that direction, as CSS
    /// does, so points inside the view (`UnitPoint(x: 0.2, y: 0)`) do not move where the gradient
    /// starts and ends.
    nonisolated public init(gradient: Gradient, startPoint: UnitPoint, endPoint: UnitPoint) {
        // CSS measures the angle from the top, clockwise; the points' direction gives it.
        let dx = endPoint.x - startPoint.x, dy = endPoint.y - startPoint.y
        let degrees = (atan2(dx, -dy) * 180 / .pi + 360).truncatingRemainder(dividingBy: 360)
        css = "linear-gradient(\(Color.format(degrees))deg,\(gradient.css()))"
    }

    /// A gradient of `colors`, spread evenly, from `startPoint` to `endPoint`.
    nonisolated public init(colors: [Color], startPoint: UnitPoint, endPoint: UnitPoint) {
        self.init(gradient: Gradient(colors: colors), startPoint: startPoint, endPoint: endPoint)
    }

    /// A gradient of `stops` from `startPoint` to `endPoint`.
    nonisolated public init(stops: [Gradient.Stop], startPoint: UnitPoint, endPoint: UnitPoint) {
        self.init(gradient: Gradient(stops: stops), startPoint: startPoint, endPoint: endPoint)
    }

    /// Jetway's rendering entry point; not for apps. As a view, the gradient fills a rectangle the
    /// size offered.
    public static func _render(_ view: Self, _ context: _RenderContext, _ out: inout [Node]) {
        renderFilling(view, context, &out)
    }
}

/// A gradient in circles from `center`, from `startRadius` to `endRadius` points.
public struct RadialGradient: ShapeStyle, _PrimitiveView, Hashable {
    /// The CSS value: a circular `radial-gradient(…)`, its stops in pixels.
    public let css: String
    /// Always true: text and outlines paint a gradient differently from a colour.
    nonisolated public var isGradient: Bool { true }

    /// Circles around `center` from `startRadius` to `endRadius` points, the gradient's stops
    /// spread between them.
    nonisolated public init(gradient: Gradient, center: UnitPoint, startRadius: CGFloat, endRadius: CGFloat) {
        let span = Double(max(endRadius - startRadius, 0.001))
        let stops = gradient.stops.map { stop in
            "\(stop.color.css) \(Color.format(Double(startRadius) + Double(stop.location) * span))px"
        }
        css =
            "radial-gradient(circle \(px(endRadius)) at \(Color.format(center.x * 100))% \(Color.format(center.y * 100))%,\(stops.joined(separator: ",")))"
    }

    /// A radial gradient of `colors`, spread evenly from `startRadius` to `endRadius` around `center`.
    nonisolated public init(colors: [Color], center: UnitPoint, startRadius: CGFloat, endRadius: CGFloat) {
        self.init(gradient: Gradient(colors: colors), center: center, startRadius: startRadius, endRadius: endRadius)
    }

    /// A radial gradient of `stops` from `startRadius` to `endRadius` around `center`.
    nonisolated public init(stops: [Gradient.Stop], center: UnitPoint, startRadius: CGFloat, endRadius: CGFloat) {
        self.init(gradient: Gradient(stops: stops), center: center, startRadius: startRadius, endRadius: endRadius)
    }

    /// Jetway's rendering entry point; not for apps. As a view, the gradient fills a rectangle the
    /// size offered.
    public static func _render(_ view: Self, _ context: _RenderContext, _ out: inout [Node]) {
        renderFilling(view, context, &out)
    }
}

/// A gradient that fills the view's ellipse from its centre.
public struct EllipticalGradient: ShapeStyle, _PrimitiveView, Hashable {
    /// The CSS value: an elliptical `radial-gradient(…)`, its stops in percent.
    public let css: String
    /// Always true: text and outlines paint a gradient differently from a colour.
    nonisolated public var isGradient: Bool { true }

    /// Ellipses around `center`, from `startRadiusFraction` to `endRadiusFraction` of the view's size.
    ///
    /// CSS measures the percentages to the farthest corner, so the default `0.5` ends at the
    /// corners, not at the edges as in SwiftUI.
    nonisolated public init(
        gradient: Gradient, center: UnitPoint = .center, startRadiusFraction: CGFloat = 0, endRadiusFraction: CGFloat = 0.5
    ) {
        let span = Double(endRadiusFraction - startRadiusFraction) * 200
        let stops = gradient.stops.map {
            "\($0.color.css) \(Color.format(Double(startRadiusFraction) * 200 + Double($0.location) * span))%"
        }
        css =
            "radial-gradient(ellipse at \(Color.format(center.x * 100))% \(Color.format(center.y * 100))%,\(stops.joined(separator: ",")))"
    }

    /// An elliptical gradient of `colors`, spread evenly, around `center`.
    nonisolated public init(
        colors: [Color], center: UnitPoint = .center, startRadiusFraction: CGFloat = 0, endRadiusFraction: CGFloat = 0.5
    ) {
        self.init(
            gradient: Gradient(colors: colors), center: center, startRadiusFraction: startRadiusFraction,
            endRadiusFraction: endRadiusFraction)
    }

    /// Jetway's rendering entry point; not for apps. As a view, the gradient fills a rectangle the
    /// size offered.
    public static func _render(_ view: Self, _ context: _RenderContext, _ out: inout [Node]) {
        renderFilling(view, context, &out)
    }
}

/// A gradient around `center`, from `startAngle` to `endAngle` (a colour wheel, a gauge).
public struct AngularGradient: ShapeStyle, _PrimitiveView, Hashable {
    /// The CSS value: a `conic-gradient(…)`.
    public let css: String
    /// Always true: text and outlines paint a gradient differently from a colour.
    nonisolated public var isGradient: Bool { true }

    /// Colours swept clockwise around `center` from `startAngle` to `endAngle` (zero at three
    /// o'clock), as a CSS `conic-gradient`; equal angles sweep the whole circle.
    nonisolated public init(gradient: Gradient, center: UnitPoint, startAngle: Angle = .zero, endAngle: Angle = .zero) {
        // SwiftUI's zero is at three o'clock; CSS's at twelve.
        let sweep = endAngle == startAngle ? 360 : (endAngle - startAngle).degrees
        let stops = gradient.stops.map { "\($0.color.css) \(Color.format(Double($0.location) * sweep))deg" }
        css =
            "conic-gradient(from \(Color.format(startAngle.degrees + 90))deg at \(Color.format(center.x * 100))% \(Color.format(center.y * 100))%,\(stops.joined(separator: ",")))"
    }

    /// An angular gradient of `colors`, spread evenly from `startAngle` to `endAngle`.
    nonisolated public init(colors: [Color], center: UnitPoint, startAngle: Angle = .zero, endAngle: Angle = .zero) {
        self.init(gradient: Gradient(colors: colors), center: center, startAngle: startAngle, endAngle: endAngle)
    }

    /// A whole turn of `gradient` around `center`, starting at `angle`.
    nonisolated public init(gradient: Gradient, center: UnitPoint, angle: Angle = .zero) {
        self.init(gradient: gradient, center: center, startAngle: angle, endAngle: angle + .degrees(360))
    }

    /// Jetway's rendering entry point; not for apps. As a view, the gradient fills a rectangle the
    /// size offered.
    public static func _render(_ view: Self, _ context: _RenderContext, _ out: inout [Node]) {
        renderFilling(view, context, &out)
    }
}

/// A gradient shown as a view: a rectangle filled with it, filling the space offered.
@MainActor
private func renderFilling<S: ShapeStyle>(_ style: S, _ context: _RenderContext, _ out: inout [Node]) {
    let filled = Rectangle().fill(style)
    _FilledShape<Rectangle>._render(filled, context, &out)
}

extension Color {
    /// A gentle gradient of this colour, as SwiftUI's `Color.gradient`.
    nonisolated public var gradient: LinearGradient {
        LinearGradient(
            colors: [Color(css: "color-mix(in srgb, \(css) 85%, white)"), self], startPoint: .top, endPoint: .bottom)
    }
}

extension ShapeStyle where Self == LinearGradient {
    /// A linear gradient from `startPoint` to `endPoint` (`.fill(.linearGradient(…))`).
    public static func linearGradient(_ gradient: Gradient, startPoint: UnitPoint, endPoint: UnitPoint) -> LinearGradient {
        LinearGradient(gradient: gradient, startPoint: startPoint, endPoint: endPoint)
    }

    /// A linear gradient of `colors`, spread evenly, from `startPoint` to `endPoint`.
    public static func linearGradient(colors: [Color], startPoint: UnitPoint, endPoint: UnitPoint) -> LinearGradient {
        LinearGradient(colors: colors, startPoint: startPoint, endPoint: endPoint)
    }
}

extension ShapeStyle where Self == RadialGradient {
    /// A radial gradient of `colors` from `startRadius` to `endRadius` points around `center`.
    public static func radialGradient(colors: [Color], center: UnitPoint, startRadius: CGFloat, endRadius: CGFloat) -> RadialGradient {
        RadialGradient(colors: colors, center: center, startRadius: startRadius, endRadius: endRadius)
    }
}

extension ShapeStyle where Self == AngularGradient {
    /// An angular gradient of `colors` around `center`, from `startAngle` to `endAngle`.
    public static func angularGradient(colors: [Color], center: UnitPoint, startAngle: Angle, endAngle: Angle) -> AngularGradient {
        AngularGradient(colors: colors, center: center, startAngle: startAngle, endAngle: endAngle)
    }
}
