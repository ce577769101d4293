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

    nonisolated public init(red: Double, green: Double, blue: Double, opacity: Double = 1) {
        func channel(_ value: Double) -> Int { Int((min(max(value, 0), 1) * 255).rounded()) }
        css = "rgb(\(channel(red)) \(channel(green)) \(channel(blue)) / \(Self.format(min(max(opacity, 0), 1))))"
    }

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

    nonisolated public static let red = Color(css: "var(\(StyleVariable.red))")
    nonisolated public static let orange = Color(css: "var(\(StyleVariable.orange))")
    nonisolated public static let yellow = Color(css: "var(\(StyleVariable.yellow))")
    nonisolated public static let green = Color(css: "var(\(StyleVariable.green))")
    nonisolated public static let mint = Color(css: "var(\(StyleVariable.mint))")
    nonisolated public static let teal = Color(css: "var(\(StyleVariable.teal))")
    nonisolated public static let cyan = Color(css: "var(\(StyleVariable.cyan))")
    nonisolated public static let blue = Color(css: "var(\(StyleVariable.blue))")
    nonisolated public static let indigo = Color(css: "var(\(StyleVariable.indigo))")
    nonisolated public static let purple = Color(css: "var(\(StyleVariable.purple))")
    nonisolated public static let pink = Color(css: "var(\(StyleVariable.pink))")
    nonisolated public static let brown = Color(css: "var(\(StyleVariable.brown))")
    nonisolated public static let gray = Color(css: "var(\(StyleVariable.gray))")
    nonisolated public static let white = Color(css: "#fff")
    nonisolated public static let black = Color(css: "#000")
    nonisolated public static let clear = Color(css: "transparent")
    nonisolated public static let primary = Color(css: "var(\(StyleVariable.primary))")
    nonisolated public static let secondary = Color(css: "var(\(StyleVariable.secondary))")
    nonisolated public static let accentColor = Color(css: "var(\(StyleVariable.accent))")

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
    public var isGradient: Bool { false }
}

extension ShapeStyle where Self == Color {
    public static var red: Color { Color.red }
    public static var orange: Color { Color.orange }
    public static var yellow: Color { Color.yellow }
    public static var green: Color { Color.green }
    public static var mint: Color { Color.mint }
    public static var teal: Color { Color.teal }
    public static var cyan: Color { Color.cyan }
    public static var blue: Color { Color.blue }
    public static var indigo: Color { Color.indigo }
    public static var purple: Color { Color.purple }
    public static var pink: Color { Color.pink }
    public static var brown: Color { Color.brown }
    public static var gray: Color { Color.gray }
    public static var white: Color { Color.white }
    public static var black: Color { Color.black }
    public static var clear: Color { Color.clear }
    public static var primary: Color { Color.primary }
    public static var secondary: Color { Color.secondary }
    public static var tint: Color { Color.accentColor }
}
