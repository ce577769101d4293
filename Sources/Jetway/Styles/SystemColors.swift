import Foundation

// Colours as SwiftUI apps make them beyond the named ones: from hue, saturation and brightness,
// in a colour space, and UIKit's system colours (`Color(.systemBackground)`,
// `Color(uiColor: .secondaryLabel)`), which follow light and dark mode through the stylesheet's
// custom properties.

extension Color {
    /// The same colour (`Color(.pink)`, `Color(isDark ? .indigo.opacity(0.15) : .white)`).
    @_disfavoredOverload
    nonisolated public init(_ color: Color) {
        self = color
    }

    /// A colour from hue, saturation and brightness, each 0…1.
    nonisolated public init(hue: Double, saturation: Double, brightness: Double, opacity: Double = 1) {
        let h = (hue - hue.rounded(.down)) * 6
        let s = min(max(saturation, 0), 1)
        let v = min(max(brightness, 0), 1)
        let sector = Int(h) % 6
        let f = h - Double(Int(h))
        let p = v * (1 - s), q = v * (1 - s * f), t = v * (1 - s * (1 - f))
        let (r, g, b): (Double, Double, Double)
        switch sector {
        case 0: (r, g, b) = (v, t, p)
        case 1: (r, g, b) = (q, v, p)
        case 2: (r, g, b) = (p, v, t)
        case 3: (r, g, b) = (p, q, v)
        case 4: (r, g, b) = (t, p, v)
        default: (r, g, b) = (v, p, q)
        }
        self.init(red: r, green: g, blue: b, opacity: opacity)
    }

    /// The colour spaces SwiftUI names; the browser draws each in sRGB, Display P3 as itself.
    public enum RGBColorSpace: Sendable, Hashable {
        case sRGB, sRGBLinear, displayP3
    }

    nonisolated public init(_ colorSpace: RGBColorSpace, red: Double, green: Double, blue: Double, opacity: Double = 1) {
        func channel(_ value: Double) -> Double { min(max(value, 0), 1) }
        switch colorSpace {
        case .sRGB: self.init(red: red, green: green, blue: blue, opacity: opacity)
        case .sRGBLinear:
            func encoded(_ value: Double) -> Double {
                let v = channel(value)
                return v <= 0.003_130_8 ? 12.92 * v : 1.055 * pow(v, 1 / 2.4) - 0.055
            }
            self.init(red: encoded(red), green: encoded(green), blue: encoded(blue), opacity: opacity)
        case .displayP3:
            self.init(
                css:
                    "color(display-p3 \(Self.format(channel(red))) \(Self.format(channel(green))) \(Self.format(channel(blue))) / \(Self.format(channel(opacity))))"
            )
        }
    }

    nonisolated public init(_ colorSpace: RGBColorSpace, white: Double, opacity: Double = 1) {
        self.init(colorSpace, red: white, green: white, blue: white, opacity: opacity)
    }

    /// A UIKit colour: `Color(.systemBackground)`, `Color(uiColor: .secondaryLabel)`.
    nonisolated public init(_ color: UIColor) {
        self.init(css: color.css)
    }

    nonisolated public init(uiColor: UIColor) {
        self.init(css: uiColor.css)
    }

    /// Red, green, blue and opacity, 0…1, of a colour made from channels (`rgb(…)`, `#rrggbb`)
    /// or of a named one's light-mode value; nil for a theme's named colour.
    nonisolated var components: (red: Double, green: Double, blue: Double, opacity: Double)? {
        if let rgb = css.wholeMatch(of: /rgb\((\d+) (\d+) (\d+) \/ ([0-9.]+)\)/) {
            return (
                (Double(rgb.output.1) ?? 0) / 255, (Double(rgb.output.2) ?? 0) / 255, (Double(rgb.output.3) ?? 0) / 255,
                Double(rgb.output.4) ?? 1
            )
        }
        if let mix = css.wholeMatch(of: /color-mix\(in srgb, (.+) ([0-9.]+)%, transparent\)/),
            let base = Color(css: String(mix.output.1)).components
        {
            return (base.red, base.green, base.blue, base.opacity * (Double(mix.output.2) ?? 100) / 100)
        }
        if css == "transparent" { return (0, 0, 0, 0) }
        let hex = self.hex
        guard hex != "#000000" || css == Color.black.css || css == "#000", let value = Int(hex.dropFirst(), radix: 16) else { return nil }
        return (Double(value >> 16 & 255) / 255, Double(value >> 8 & 255) / 255, Double(value & 255) / 255, css == "transparent" ? 0 : 1)
    }
}

// `#colorLiteral(red:green:blue:alpha:)`, as Xcode writes it: a `UIColor` where the type is not
// said, a `Color` where it is.
extension UIColor: _ExpressibleByColorLiteral {
    nonisolated public init(_colorLiteralRed red: Float, green: Float, blue: Float, alpha: Float) {
        css = Color(red: Double(red), green: Double(green), blue: Double(blue), opacity: Double(alpha)).css
    }
}

extension Color: _ExpressibleByColorLiteral {
    nonisolated public init(_colorLiteralRed red: Float, green: Float, blue: Float, alpha: Float) {
        self.init(red: Double(red), green: Double(green), blue: Double(blue), opacity: Double(alpha))
    }
}

/// The type of a `#colorLiteral` whose type is not said (UIKit's, as on iOS).
public typealias _ColorLiteralType = UIColor

/// UIKit's colours, as SwiftUI apps reach for them: the system colours follow light and dark
/// mode (the stylesheet's `--jw-…` properties), the others are what they say.
public struct UIColor: Sendable, Hashable {
    let css: String

    nonisolated init(css: String) { self.css = css }

    public init(red: CGFloat, green: CGFloat, blue: CGFloat, alpha: CGFloat) {
        css = Color(red: Double(red), green: Double(green), blue: Double(blue), opacity: Double(alpha)).css
    }

    public init(white: CGFloat, alpha: CGFloat) {
        css = Color(white: Double(white), opacity: Double(alpha)).css
    }

    /// A SwiftUI colour as UIKit's (`UIColor(Color.accentColor)`).
    nonisolated public init(_ color: Color) { css = color.css }

    /// The colour's red, green, blue and alpha, 0…1: its own channels when it was made from them,
    /// the light-mode value of a system or named colour; false (and black) when the colour is
    /// one the page resolves (a theme's named colour).
    @discardableResult
    public func getRed(
        _ red: UnsafeMutablePointer<CGFloat>?, green: UnsafeMutablePointer<CGFloat>?, blue: UnsafeMutablePointer<CGFloat>?,
        alpha: UnsafeMutablePointer<CGFloat>?
    ) -> Bool {
        let components = Color(css: css).components
        red?.pointee = CGFloat(components?.red ?? 0)
        green?.pointee = CGFloat(components?.green ?? 0)
        blue?.pointee = CGFloat(components?.blue ?? 0)
        alpha?.pointee = CGFloat(components?.opacity ?? 1)
        return components != nil
    }

    /// The colour's hue, saturation and brightness (0…1), and alpha, from its channels as
    /// `getRed` gives them.
    @discardableResult
    public func getHue(
        _ hue: UnsafeMutablePointer<CGFloat>?, saturation: UnsafeMutablePointer<CGFloat>?, brightness: UnsafeMutablePointer<CGFloat>?,
        alpha: UnsafeMutablePointer<CGFloat>?
    ) -> Bool {
        let components = Color(css: css).components
        let (r, g, b) = (components?.red ?? 0, components?.green ?? 0, components?.blue ?? 0)
        let high = max(r, g, b), low = min(r, g, b), range = high - low
        var h = 0.0
        if range > 0 {
            if high == r {
                h = (g - b) / range
            } else if high == g {
                h = 2 + (b - r) / range
            } else {
                h = 4 + (r - g) / range
            }
            h = (h / 6).truncatingRemainder(dividingBy: 1)
            if h < 0 { h += 1 }
        }
        hue?.pointee = CGFloat(h)
        saturation?.pointee = CGFloat(high > 0 ? range / high : 0)
        brightness?.pointee = CGFloat(high)
        alpha?.pointee = CGFloat(components?.opacity ?? 1)
        return components != nil
    }

    /// The colour's grey level (the mean of its channels) and alpha.
    @discardableResult
    public func getWhite(_ white: UnsafeMutablePointer<CGFloat>?, alpha: UnsafeMutablePointer<CGFloat>?) -> Bool {
        let components = Color(css: css).components
        white?.pointee = CGFloat(components.map { ($0.red + $0.green + $0.blue) / 3 } ?? 0)
        alpha?.pointee = CGFloat(components?.opacity ?? 1)
        return components != nil
    }

    public init(hue: CGFloat, saturation: CGFloat, brightness: CGFloat, alpha: CGFloat) {
        css = Color(hue: Double(hue), saturation: Double(saturation), brightness: Double(brightness), opacity: Double(alpha)).css
    }

    /// A colour of the app's theme by name, as `Color(_:)`.
    public init?(named name: String) {
        css = Color(name).css
    }

    /// The same colour with another opacity.
    public func withAlphaComponent(_ alpha: CGFloat) -> UIColor {
        UIColor(css: Color(css: css).opacity(Double(alpha)).css)
    }

    private static func variable(_ name: String) -> UIColor { UIColor(css: "var(\(name))") }

    public static let systemBackground = variable(StyleVariable.background)
    public static let secondarySystemBackground = variable(StyleVariable.groupedBackground)
    public static let tertiarySystemBackground = variable(StyleVariable.background)
    public static let systemGroupedBackground = variable(StyleVariable.groupedBackground)
    public static let secondarySystemGroupedBackground = variable(StyleVariable.background)
    public static let tertiarySystemGroupedBackground = variable(StyleVariable.groupedBackground)
    public static let label = variable(StyleVariable.primary)
    public static let secondaryLabel = variable(StyleVariable.secondary)
    public static let tertiaryLabel = variable(StyleVariable.tertiary)
    public static let quaternaryLabel = variable(StyleVariable.quaternary)
    public static let placeholderText = variable(StyleVariable.tertiary)
    public static let link = variable(StyleVariable.accent)
    public static let separator = variable(StyleVariable.separator)
    public static let opaqueSeparator = variable(StyleVariable.separator)
    public static let systemFill = variable(StyleVariable.fill)
    public static let secondarySystemFill = variable(StyleVariable.fill)
    public static let tertiarySystemFill = variable(StyleVariable.fill)
    public static let quaternarySystemFill = variable(StyleVariable.fill)
    public static let systemGray = variable(StyleVariable.gray)
    public static let systemGray2 = variable(StyleVariable.grayPrefix + "2")
    public static let systemGray3 = variable(StyleVariable.grayPrefix + "3")
    public static let systemGray4 = variable(StyleVariable.grayPrefix + "4")
    public static let systemGray5 = variable(StyleVariable.grayPrefix + "5")
    public static let systemGray6 = variable(StyleVariable.grayPrefix + "6")
    public static let systemRed = variable(StyleVariable.red)
    public static let systemOrange = variable(StyleVariable.orange)
    public static let systemYellow = variable(StyleVariable.yellow)
    public static let systemGreen = variable(StyleVariable.green)
    public static let systemMint = variable(StyleVariable.mint)
    public static let systemTeal = variable(StyleVariable.teal)
    public static let systemCyan = variable(StyleVariable.cyan)
    public static let systemBlue = variable(StyleVariable.blue)
    public static let systemIndigo = variable(StyleVariable.indigo)
    public static let systemPurple = variable(StyleVariable.purple)
    public static let systemPink = variable(StyleVariable.pink)
    public static let systemBrown = variable(StyleVariable.brown)
    public static let tintColor = variable(StyleVariable.accent)
    public static let white = UIColor(css: "#fff")
    public static let black = UIColor(css: "#000")
    public static let clear = UIColor(css: "transparent")
    public static let red = UIColor(css: "#f00")
    public static let green = UIColor(css: "#0f0")
    public static let blue = UIColor(css: "#00f")
    public static let gray = UIColor(css: "#808080")
    public static let darkGray = UIColor(css: "#555")
    public static let lightGray = UIColor(css: "#aaa")
    public static let orange = UIColor(css: "#ff8000")
    public static let yellow = UIColor(css: "#ff0")
    public static let purple = UIColor(css: "#800080")
    public static let brown = UIColor(css: "#996633")
    public static let cyan = UIColor(css: "#0ff")
    public static let magenta = UIColor(css: "#f0f")
}

extension ShapeStyle where Self == Color {
    /// The system's fill for thin and small shapes.
    public static var fill: Color { Color(css: "var(\(StyleVariable.fill))") }
}

/// A translucent material behind content (`.background(.ultraThinMaterial)`): the page behind
/// shows through, blurred (`backdrop-filter`), lighter or darker with the colour scheme.
public struct Material: ShapeStyle, Hashable {
    public let css: String
    let blur: Int

    public static let ultraThinMaterial = Material(css: "color-mix(in srgb, var(\(StyleVariable.background)) 35%, transparent)", blur: 10)
    public static let thinMaterial = Material(css: "color-mix(in srgb, var(\(StyleVariable.background)) 50%, transparent)", blur: 15)
    public static let regularMaterial = Material(css: "color-mix(in srgb, var(\(StyleVariable.background)) 65%, transparent)", blur: 20)
    public static let thickMaterial = Material(css: "color-mix(in srgb, var(\(StyleVariable.background)) 80%, transparent)", blur: 25)
    public static let ultraThickMaterial = Material(css: "color-mix(in srgb, var(\(StyleVariable.background)) 90%, transparent)", blur: 30)
    public static let bar = Material(css: "color-mix(in srgb, var(\(StyleVariable.groupedBackground)) 80%, transparent)", blur: 20)
}

extension Material {
    /// The material less opaque (`.background(.ultraThinMaterial.opacity(0.4))`): its tint
    /// fades, its blur stays.
    public func opacity(_ opacity: Double) -> Material {
        let percent = Color.format(min(max(opacity, 0), 1) * 100)
        return Material(css: "color-mix(in srgb, \(css) \(percent)%, transparent)", blur: blur)
    }

    /// The blur a style asks for behind it: a material's, or the one an `AnyShapeStyle` holds.
    static func blur(of style: some ShapeStyle) -> Int? {
        (style as? Material)?.blur ?? (style as? AnyShapeStyle)?.blur
    }

    static func backdropCSS(blur: Int) -> String {
        "backdrop-filter:blur(\(blur)px);-webkit-backdrop-filter:blur(\(blur)px)"
    }
}

extension ShapeStyle where Self == Material {
    public static var ultraThinMaterial: Material { .ultraThinMaterial }
    public static var thinMaterial: Material { .thinMaterial }
    public static var regularMaterial: Material { .regularMaterial }
    public static var thickMaterial: Material { .thickMaterial }
    public static var ultraThickMaterial: Material { .ultraThickMaterial }
    public static var bar: Material { .bar }
}

/// CoreGraphics's colour, as SwiftUI apps pass it between UIKit and SwiftUI
/// (`uiColor.cgColor`, `Color(cgColor:)`): a colour with its channels, or a system colour that
/// follows light and dark mode.
public final class CGColor: Hashable, @unchecked Sendable, CustomStringConvertible {
    let css: String

    init(css: String) { self.css = css }

    public convenience init(red: CGFloat, green: CGFloat, blue: CGFloat, alpha: CGFloat) {
        self.init(css: Color(red: Double(red), green: Double(green), blue: Double(blue), opacity: Double(alpha)).css)
    }

    public convenience init(gray: CGFloat, alpha: CGFloat) {
        self.init(css: Color(white: Double(gray), opacity: Double(alpha)).css)
    }

    /// Red, green, blue and alpha, 0…1 (a system colour's light-mode value); nil for a colour
    /// the page resolves (a theme's named colour).
    public var components: [CGFloat]? {
        Color(css: css).components.map { [CGFloat($0.red), CGFloat($0.green), CGFloat($0.blue), CGFloat($0.opacity)] }
    }
    public var numberOfComponents: Int { components?.count ?? 0 }
    public var alpha: CGFloat { components?.last ?? 1 }

    /// The colour at another opacity.
    public func copy(alpha: CGFloat) -> CGColor? {
        guard let parts = components else { return CGColor(css: Color(css: css).opacity(Double(alpha)).css) }
        return CGColor(red: parts[0], green: parts[1], blue: parts[2], alpha: alpha)
    }

    public static func == (lhs: CGColor, rhs: CGColor) -> Bool { lhs.css == rhs.css }
    public func hash(into hasher: inout Hasher) { hasher.combine(css) }
    public var description: String { css }
}

extension UIColor {
    public var cgColor: CGColor { CGColor(css: css) }
    public init(cgColor: CGColor) { self.init(css: cgColor.css) }
}

extension Color {
    nonisolated public init(cgColor: CGColor) { self.init(css: cgColor.css) }
    @available(*, deprecated, renamed: "init(cgColor:)")
    nonisolated public init(_ cgColor: CGColor) { self.init(css: cgColor.css) }
    /// The colour as CoreGraphics's (nil for none: every colour here has one).
    public var cgColor: CGColor? { CGColor(css: css) }
}
