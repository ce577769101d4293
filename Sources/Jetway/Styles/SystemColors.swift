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
        /// sRGB as is; linear sRGB, gamma-encoded to sRGB on the server; Display P3, written as CSS
        /// `color(display-p3 …)`.
        case sRGB, sRGBLinear, displayP3
    }

    /// A colour from `red`, `green` and `blue` (each clamped to 0...1) in `colorSpace`, at `opacity`.
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

    /// A grey of the given `white` level in `colorSpace`, at `opacity`.
    nonisolated public init(_ colorSpace: RGBColorSpace, white: Double, opacity: Double = 1) {
        self.init(colorSpace, red: white, green: white, blue: white, opacity: opacity)
    }

    /// A UIKit colour: `Color(.systemBackground)`, `Color(uiColor: .secondaryLabel)`.
    nonisolated public init(_ color: UIColor) {
        self.init(css: color.css)
    }

    /// A UIKit colour, the system ones following light and dark mode (`Color(uiColor: .secondaryLabel)`).
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
    /// Makes `#colorLiteral(red:green:blue:alpha:)` a `UIColor`; the compiler calls it, not apps.
    nonisolated public init(_colorLiteralRed red: Float, green: Float, blue: Float, alpha: Float) {
        css = Color(red: Double(red), green: Double(green), blue: Double(blue), opacity: Double(alpha)).css
    }
}

extension Color: _ExpressibleByColorLiteral {
    /// Makes `#colorLiteral(red:green:blue:alpha:)` a `Color` where the type is said; the compiler
    /// calls it, not apps.
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

    /// A colour from sRGB channels, each 0...1, as `Color(red:green:blue:opacity:)`.
    public init(red: CGFloat, green: CGFloat, blue: CGFloat, alpha: CGFloat) {
        css = Color(red: Double(red), green: Double(green), blue: Double(blue), opacity: Double(alpha)).css
    }

    /// A grey of the given `white` level, 0 black to 1 white, at `alpha`.
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

    /// A colour from hue, saturation and brightness, each 0...1, as
    /// `Color(hue:saturation:brightness:opacity:)`.
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

    /// The page's background, `var(--jw-background)`.
    public static let systemBackground = variable(StyleVariable.background)
    /// The grouped background (`var(--jw-grouped-background)`), as the second level of background.
    public static let secondarySystemBackground = variable(StyleVariable.groupedBackground)
    /// The page's background again (`var(--jw-background)`): Jetway has two levels of background, not three.
    public static let tertiarySystemBackground = variable(StyleVariable.background)
    /// The background of a grouped list or form, `var(--jw-grouped-background)`.
    public static let systemGroupedBackground = variable(StyleVariable.groupedBackground)
    /// The background of a grouped list's rows: the page's background, `var(--jw-background)`.
    public static let secondarySystemGroupedBackground = variable(StyleVariable.background)
    /// The grouped background again, `var(--jw-grouped-background)`.
    public static let tertiarySystemGroupedBackground = variable(StyleVariable.groupedBackground)
    /// The colour of primary text, `var(--jw-primary)`.
    public static let label = variable(StyleVariable.primary)
    /// The colour of secondary text, `var(--jw-secondary)`.
    public static let secondaryLabel = variable(StyleVariable.secondary)
    /// The colour of tertiary text, `var(--jw-tertiary)`.
    public static let tertiaryLabel = variable(StyleVariable.tertiary)
    /// The colour of quaternary text, `var(--jw-quaternary)`.
    public static let quaternaryLabel = variable(StyleVariable.quaternary)
    /// The colour of a text field's placeholder: the tertiary text colour, `var(--jw-tertiary)`.
    public static let placeholderText = variable(StyleVariable.tertiary)
    /// The colour of links: the app's accent colour, `var(--jw-accent)`.
    public static let link = variable(StyleVariable.accent)
    /// The colour of separators, `var(--jw-separator)`.
    public static let separator = variable(StyleVariable.separator)
    /// The colour of separators, `var(--jw-separator)` (the same as `separator` here).
    public static let opaqueSeparator = variable(StyleVariable.separator)
    /// The fill for thin and small shapes, `var(--jw-fill)`.
    public static let systemFill = variable(StyleVariable.fill)
    /// The system fill, `var(--jw-fill)`: one fill serves all four levels.
    public static let secondarySystemFill = variable(StyleVariable.fill)
    /// The system fill, `var(--jw-fill)`: one fill serves all four levels.
    public static let tertiarySystemFill = variable(StyleVariable.fill)
    /// The system fill, `var(--jw-fill)`: one fill serves all four levels.
    public static let quaternarySystemFill = variable(StyleVariable.fill)
    /// The system gray, `var(--jw-gray)`.
    public static let systemGray = variable(StyleVariable.gray)
    /// The second system gray, `var(--jw-gray2)`, light and dark.
    public static let systemGray2 = variable(StyleVariable.grayPrefix + "2")
    /// The third system gray, `var(--jw-gray3)`, light and dark.
    public static let systemGray3 = variable(StyleVariable.grayPrefix + "3")
    /// The fourth system gray, `var(--jw-gray4)`, light and dark.
    public static let systemGray4 = variable(StyleVariable.grayPrefix + "4")
    /// The fifth system gray, `var(--jw-gray5)`, light and dark.
    public static let systemGray5 = variable(StyleVariable.grayPrefix + "5")
    /// The sixth system gray, `var(--jw-gray6)`, light and dark.
    public static let systemGray6 = variable(StyleVariable.grayPrefix + "6")
    /// The theme's red, as `Color.red`.
    public static let systemRed = variable(StyleVariable.red)
    /// The theme's orange, as `Color.orange`.
    public static let systemOrange = variable(StyleVariable.orange)
    /// The theme's yellow, as `Color.yellow`.
    public static let systemYellow = variable(StyleVariable.yellow)
    /// The theme's green, as `Color.green`.
    public static let systemGreen = variable(StyleVariable.green)
    /// The theme's mint, as `Color.mint`.
    public static let systemMint = variable(StyleVariable.mint)
    /// The theme's teal, as `Color.teal`.
    public static let systemTeal = variable(StyleVariable.teal)
    /// The theme's cyan, as `Color.cyan`.
    public static let systemCyan = variable(StyleVariable.cyan)
    /// The theme's blue, as `Color.blue`.
    public static let systemBlue = variable(StyleVariable.blue)
    /// The theme's indigo, as `Color.indigo`.
    public static let systemIndigo = variable(StyleVariable.indigo)
    /// The theme's purple, as `Color.purple`.
    public static let systemPurple = variable(StyleVariable.purple)
    /// The theme's pink, as `Color.pink`.
    public static let systemPink = variable(StyleVariable.pink)
    /// The theme's brown, as `Color.brown`.
    public static let systemBrown = variable(StyleVariable.brown)
    /// The app's accent colour, `var(--jw-accent)`.
    public static let tintColor = variable(StyleVariable.accent)
    /// Pure white.
    public static let white = UIColor(css: "#fff")
    /// Pure black.
    public static let black = UIColor(css: "#000")
    /// No colour (`transparent`).
    public static let clear = UIColor(css: "transparent")
    /// Pure red, `#f00` (not the theme's red: that is `systemRed`).
    public static let red = UIColor(css: "#f00")
    /// Pure green, `#0f0`.
    public static let green = UIColor(css: "#0f0")
    /// Pure blue, `#00f`.
    public static let blue = UIColor(css: "#00f")
    /// Mid grey, `#808080`.
    public static let gray = UIColor(css: "#808080")
    /// Dark grey, `#555`.
    public static let darkGray = UIColor(css: "#555")
    /// Light grey, `#aaa`.
    public static let lightGray = UIColor(css: "#aaa")
    /// Orange, `#ff8000`.
    public static let orange = UIColor(css: "#ff8000")
    /// Pure yellow, `#ff0`.
    public static let yellow = UIColor(css: "#ff0")
    /// Purple, `#800080`.
    public static let purple = UIColor(css: "#800080")
    /// Brown, `#996633`.
    public static let brown = UIColor(css: "#996633")
    /// Cyan, `#0ff`.
    public static let cyan = UIColor(css: "#0ff")
    /// Magenta, `#f0f`.
    public static let magenta = UIColor(css: "#f0f")
}

extension ShapeStyle where Self == Color {
    /// The system's fill for thin and small shapes.
    public static var fill: Color { Color(css: "var(\(StyleVariable.fill))") }
}

/// A translucent material behind content (`.background(.ultraThinMaterial)`): the page behind
/// shows through, blurred (`backdrop-filter`), lighter or darker with the colour scheme.
public struct Material: ShapeStyle, Hashable {
    /// The material's tint: the page's background (or the grouped background, for `bar`) partly transparent.
    public let css: String
    let blur: Int

    /// The lightest material: the background at 35% over what is behind, blurred 10 pixels.
    public static let ultraThinMaterial = Material(css: "color-mix(in srgb, var(\(StyleVariable.background)) 35%, transparent)", blur: 10)
    /// A thin material: the background at 50% over what is behind, blurred 15 pixels.
    public static let thinMaterial = Material(css: "color-mix(in srgb, var(\(StyleVariable.background)) 50%, transparent)", blur: 15)
    /// The regular material: the background at 65% over what is behind, blurred 20 pixels.
    public static let regularMaterial = Material(css: "color-mix(in srgb, var(\(StyleVariable.background)) 65%, transparent)", blur: 20)
    /// A thick material: the background at 80% over what is behind, blurred 25 pixels.
    public static let thickMaterial = Material(css: "color-mix(in srgb, var(\(StyleVariable.background)) 80%, transparent)", blur: 25)
    /// The heaviest material: the background at 90% over what is behind, blurred 30 pixels.
    public static let ultraThickMaterial = Material(css: "color-mix(in srgb, var(\(StyleVariable.background)) 90%, transparent)", blur: 30)
    /// The material of bars: the grouped background at 80% over what is behind, blurred 20 pixels.
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
    /// The lightest material: the background at 35% over what is behind, blurred 10 pixels.
    public static var ultraThinMaterial: Material { .ultraThinMaterial }
    /// A thin material: the background at 50% over what is behind, blurred 15 pixels.
    public static var thinMaterial: Material { .thinMaterial }
    /// The regular material: the background at 65% over what is behind, blurred 20 pixels.
    public static var regularMaterial: Material { .regularMaterial }
    /// A thick material: the background at 80% over what is behind, blurred 25 pixels.
    public static var thickMaterial: Material { .thickMaterial }
    /// The heaviest material: the background at 90% over what is behind, blurred 30 pixels.
    public static var ultraThickMaterial: Material { .ultraThickMaterial }
    /// The material of bars: the grouped background at 80% over what is behind, blurred 20 pixels.
    public static var bar: Material { .bar }
}

/// CoreGraphics's colour, as SwiftUI apps pass it between UIKit and SwiftUI
/// (`uiColor.cgColor`, `Color(cgColor:)`): a colour with its channels, or a system colour that
/// follows light and dark mode.
public final class CGColor: Hashable, @unchecked Sendable, CustomStringConvertible {
    let css: String

    init(css: String) { self.css = css }

    /// A colour from sRGB channels, each 0...1.
    public convenience init(red: CGFloat, green: CGFloat, blue: CGFloat, alpha: CGFloat) {
        self.init(css: Color(red: Double(red), green: Double(green), blue: Double(blue), opacity: Double(alpha)).css)
    }

    /// A grey of the given `gray` level, 0 black to 1 white, at `alpha`.
    public convenience init(gray: CGFloat, alpha: CGFloat) {
        self.init(css: Color(white: Double(gray), opacity: Double(alpha)).css)
    }

    /// Red, green, blue and alpha, 0…1 (a system colour's light-mode value); nil for a colour
    /// the page resolves (a theme's named colour).
    public var components: [CGFloat]? {
        Color(css: css).components.map { [CGFloat($0.red), CGFloat($0.green), CGFloat($0.blue), CGFloat($0.opacity)] }
    }
    /// The number of `components`: 4, or 0 when the page resolves the colour.
    public var numberOfComponents: Int { components?.count ?? 0 }
    /// The colour's alpha: the last component, or 1 when the page resolves the colour.
    public var alpha: CGFloat { components?.last ?? 1 }

    /// The colour at another opacity.
    public func copy(alpha: CGFloat) -> CGColor? {
        guard let parts = components else { return CGColor(css: Color(css: css).opacity(Double(alpha)).css) }
        return CGColor(red: parts[0], green: parts[1], blue: parts[2], alpha: alpha)
    }

    /// Whether two colours have the same CSS value.
    public static func == (lhs: CGColor, rhs: CGColor) -> Bool { lhs.css == rhs.css }
    /// Hashes the CSS value.
    public func hash(into hasher: inout Hasher) { hasher.combine(css) }
    /// The colour's CSS value.
    public var description: String { css }
}

extension UIColor {
    /// The colour as CoreGraphics's, its CSS value kept.
    public var cgColor: CGColor { CGColor(css: css) }
    /// The CoreGraphics colour as UIKit's.
    public init(cgColor: CGColor) { self.init(css: cgColor.css) }
}

extension Color {
    /// The CoreGraphics colour as SwiftUI's.
    nonisolated public init(cgColor: CGColor) { self.init(css: cgColor.css) }
    /// The CoreGraphics colour as SwiftUI's; deprecated as in SwiftUI, use `init(cgColor:)`.
    @available(*, deprecated, renamed: "init(cgColor:)")
    nonisolated public init(_ cgColor: CGColor) { self.init(css: cgColor.css) }
    /// The colour as CoreGraphics's (nil for none: every colour here has one).
    public var cgColor: CGColor? { CGColor(css: css) }
}
