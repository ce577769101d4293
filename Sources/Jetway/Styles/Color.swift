/// A class attribute written once, not at each render.
private let colorFillWFillHClasses = "\(StyleClass.color) \(StyleClass.fillW) \(StyleClass.fillH)"

/// A color, written to CSS. Named colors follow the theme's custom properties in `jetway.css`
/// (`--jw-red`, …), so a theme can change them in one place. A `Color` is also a view that
/// fills the space it is offered.
///
/// ```swift
/// Text("Delayed").foregroundColor(.red)
/// Color(red: 0.2, green: 0.4, blue: 0.8).frame(height: 4)
/// ```
public struct Color: Hashable, Sendable, ShapeStyle, _PrimitiveView {
    /// The CSS value: `var(--jw-red)`, `rgb(51 102 204 / 1)`, `transparent`.
    public let css: String

    nonisolated init(css: String) {
        self.css = css
    }

    /// A colour from sRGB components, each clamped to 0...1 and written as CSS `rgb(r g b / opacity)`.
    nonisolated public init(red: Double, green: Double, blue: Double, opacity: Double = 1) {
        func channel(_ value: Double) -> Int { Int((min(max(value, 0), 1) * 255).rounded()) }
        css = "rgb(\(channel(red)) \(channel(green)) \(channel(blue)) / \(Self.format(min(max(opacity, 0), 1))))"
    }

    /// A grey of the given `white` level (0 black, 1 white) and `opacity`.
    nonisolated public init(white: Double, opacity: Double = 1) {
        self.init(red: white, green: white, blue: white, opacity: opacity)
    }

    /// A named color of the app's theme: `Color("Runway")` reads `--jw-color-Runway`.
    nonisolated public init(_ name: String) {
        let safe = name.unicodeScalars.filter { CharacterSet.alphanumerics.contains($0) || $0 == "-" || $0 == "_" }
        css = "var(\(StyleVariable.colorPrefix)\(String(String.UnicodeScalarView(safe))))"
    }

    /// A named colour of a bundle's catalog (`Color("Runway", bundle: .module)`): the app's
    /// catalogs are read together (the server serves one set of named colours), so the name is
    /// looked up there, whichever bundle is given.
    nonisolated public init(_ name: String, bundle: Bundle?) {
        self.init(name)
    }

    /// This color at a fraction of its opacity.
    nonisolated public func opacity(_ opacity: Double) -> Color {
        let percent = Self.format(min(max(opacity, 0), 1) * 100)
        return Color(css: "color-mix(in srgb, \(css) \(percent)%, transparent)")
    }

    /// A CSS number to three decimals. A value that is not a number (a size divided by a zero
    /// width) is 0, and one beyond a billion (an infinite corner radius) is held there, as
    /// SwiftUI ignores what it cannot draw rather than stop.
    nonisolated static func format(_ value: Double) -> String {
        guard value.isFinite, abs(value) < 1e9 else { return value.isNaN ? "0" : value > 0 ? "1000000000" : "-1000000000" }
        let rounded = (value * 1000).rounded() / 1000
        return rounded == rounded.rounded() ? String(Int(rounded)) : String(rounded)
    }

    /// The theme's red, `var(--jw-red)`; a theme can restyle it in CSS.
    nonisolated public static let red = Color(css: "var(\(StyleVariable.red))")
    /// The theme's orange, `var(--jw-orange)`.
    nonisolated public static let orange = Color(css: "var(\(StyleVariable.orange))")
    /// The theme's yellow, `var(--jw-yellow)`.
    nonisolated public static let yellow = Color(css: "var(\(StyleVariable.yellow))")
    /// The theme's green, `var(--jw-green)`.
    nonisolated public static let green = Color(css: "var(\(StyleVariable.green))")
    /// The theme's mint, `var(--jw-mint)`.
    nonisolated public static let mint = Color(css: "var(\(StyleVariable.mint))")
    /// The theme's teal, `var(--jw-teal)`.
    nonisolated public static let teal = Color(css: "var(\(StyleVariable.teal))")
    /// The theme's cyan, `var(--jw-cyan)`.
    nonisolated public static let cyan = Color(css: "var(\(StyleVariable.cyan))")
    /// The theme's blue, `var(--jw-blue)` (also the default accent colour).
    nonisolated public static let blue = Color(css: "var(\(StyleVariable.blue))")
    /// The theme's indigo, `var(--jw-indigo)`.
    nonisolated public static let indigo = Color(css: "var(\(StyleVariable.indigo))")
    /// The theme's purple, `var(--jw-purple)`.
    nonisolated public static let purple = Color(css: "var(\(StyleVariable.purple))")
    /// The theme's pink, `var(--jw-pink)`.
    nonisolated public static let pink = Color(css: "var(\(StyleVariable.pink))")
    /// The theme's brown, `var(--jw-brown)`.
    nonisolated public static let brown = Color(css: "var(\(StyleVariable.brown))")
    /// The theme's gray, `var(--jw-gray)`.
    nonisolated public static let gray = Color(css: "var(\(StyleVariable.gray))")
    /// Pure white (`#fff`), the same in light and dark.
    nonisolated public static let white = Color(css: "#fff")
    /// Pure black (`#000`), the same in light and dark.
    nonisolated public static let black = Color(css: "#000")
    /// No colour at all (`transparent`).
    nonisolated public static let clear = Color(css: "transparent")
    /// The colour of primary text, `var(--jw-primary)`: dark in light mode, light in dark mode.
    nonisolated public static let primary = Color(css: "var(\(StyleVariable.primary))")
    /// The colour of secondary text, `var(--jw-secondary)`.
    nonisolated public static let secondary = Color(css: "var(\(StyleVariable.secondary))")
    /// The app's accent colour, `var(--jw-accent)` (the theme's blue unless `.tint(_:)` or a theme sets it).
    nonisolated public static let accentColor = Color(css: "var(\(StyleVariable.accent))")

    /// Jetway's rendering entry point; not for apps. A `Color` view is an `aria-hidden` `<div>`
    /// filling its space with the colour.
    public static func _render(_ view: Color, _ context: _RenderContext, _ out: inout [Node]) {
        let node = context.element("div", colorFillWFillHClasses)
        node.addStyle("background:\(view.css)")
        node.setAttribute("aria-hidden", "true")
        out.append(node)
    }
}

/// Something that can fill or stroke: a `Color` here.
public protocol ShapeStyle: Sendable {
    /// The CSS value for this style.
    var css: String { get }
    /// Whether the CSS value is a gradient (text and outlines paint it differently).
    var isGradient: Bool { get }
}

extension ShapeStyle {
    /// Not a gradient, unless the style says otherwise.
    public var isGradient: Bool { false }
}

extension ShapeStyle where Self == Color {
    /// The theme's red (`.foregroundStyle(.red)`).
    public static var red: Color { Color.red }
    /// The theme's orange.
    public static var orange: Color { Color.orange }
    /// The theme's yellow.
    public static var yellow: Color { Color.yellow }
    /// The theme's green.
    public static var green: Color { Color.green }
    /// The theme's mint.
    public static var mint: Color { Color.mint }
    /// The theme's teal.
    public static var teal: Color { Color.teal }
    /// The theme's cyan.
    public static var cyan: Color { Color.cyan }
    /// The theme's blue.
    public static var blue: Color { Color.blue }
    /// The theme's indigo.
    public static var indigo: Color { Color.indigo }
    /// The theme's purple.
    public static var purple: Color { Color.purple }
    /// The theme's pink.
    public static var pink: Color { Color.pink }
    /// The theme's brown.
    public static var brown: Color { Color.brown }
    /// The theme's gray.
    public static var gray: Color { Color.gray }
    /// Pure white.
    public static var white: Color { Color.white }
    /// Pure black.
    public static var black: Color { Color.black }
    /// No colour (`transparent`).
    public static var clear: Color { Color.clear }
    /// The colour of primary text.
    public static var primary: Color { Color.primary }
    /// The colour of secondary text.
    public static var secondary: Color { Color.secondary }
    /// The tint: the app's accent colour, `Color.accentColor`.
    public static var tint: Color { Color.accentColor }
}
