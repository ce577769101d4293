/// A font: one of the text styles (`.title`, `.body`, …, classes in `jetway.css`), a system
/// font of a size, or a named font.
///
/// ```swift
/// Text("Departures").font(.largeTitle)
/// Text("Upload Avatar").font(.custom("Avenir-Heavy", size: 15))
/// ```
public struct Font: Hashable, Sendable {
    enum Kind: Hashable, Sendable {
        case textStyle(String)
        case system(size: Double)
        case custom(name: String, size: Double)
    }
    let kind: Kind
    var weight: Weight?
    var isItalic = false
    var design: Design?
    var width: Width?
    var hasMonospacedDigits = false
    /// `font-variant-caps` (`smallCaps()`, `lowercaseSmallCaps()`, `uppercaseSmallCaps()`).
    var caps: String?
    /// A custom font's size follows the visitor's text size (`relativeTo:`).
    var scalesWithType = false

    /// The large title style: 34 pixels, bold (the `jw-font-largeTitle` class), scaled with the text size.
    public static let largeTitle = Font(kind: .textStyle("largeTitle"))
    /// The title style: 28 pixels, scaled with the text size.
    public static let title = Font(kind: .textStyle("title"))
    /// The second-level title style: 22 pixels, scaled with the text size.
    public static let title2 = Font(kind: .textStyle("title2"))
    /// The third-level title style: 20 pixels, scaled with the text size.
    public static let title3 = Font(kind: .textStyle("title3"))
    /// The headline style: 17 pixels, semibold, scaled with the text size.
    public static let headline = Font(kind: .textStyle("headline"))
    /// The subheadline style: 15 pixels, scaled with the text size.
    public static let subheadline = Font(kind: .textStyle("subheadline"))
    /// The body style: 17 pixels, scaled with the text size.
    public static let body = Font(kind: .textStyle("body"))
    /// The callout style: 16 pixels, scaled with the text size.
    public static let callout = Font(kind: .textStyle("callout"))
    /// The footnote style: 13 pixels, scaled with the text size.
    public static let footnote = Font(kind: .textStyle("footnote"))
    /// The caption style: 12 pixels, scaled with the text size.
    public static let caption = Font(kind: .textStyle("caption"))
    /// The second caption style: 11 pixels, scaled with the text size.
    public static let caption2 = Font(kind: .textStyle("caption2"))

    /// The system font at a fixed `size` in pixels (CSS `font-size`), with an optional `weight` and `design`.
    ///
    /// Unlike the text styles, this size does not follow the visitor's text size.
    public static func system(size: CGFloat, weight: Weight? = nil, design: Design? = nil) -> Font {
        var font = Font(kind: .system(size: Double(size)))
        font.weight = weight
        font.design = design
        return font
    }

    /// The text style `style` (its class in `jetway.css`) with an optional `design` and `weight`.
    public static func system(_ style: TextStyle, design: Design? = nil, weight: Weight? = nil) -> Font {
        var font = Font(kind: .textStyle(style.rawValue))
        font.weight = weight
        font.design = design
        return font
    }

    /// A named font; the name is limited to letters, digits, spaces, `-` and `_` in CSS.
    public static func custom(_ name: String, size: CGFloat) -> Font {
        Font(kind: .custom(name: name, size: Double(size)))
    }

    /// A font of the app's at `size`, scaled with the text style `textStyle` as the visitor's
    /// text size changes (`--jw-type-scale`, `.dynamicTypeSize`).
    public static func custom(_ name: String, size: CGFloat, relativeTo textStyle: TextStyle) -> Font {
        var font = Font(kind: .custom(name: name, size: Double(size)))
        font.scalesWithType = true
        return font
    }

    /// A font of the app's at `size` that keeps its size whatever the visitor's text size.
    public static func custom(_ name: String, fixedSize: CGFloat) -> Font {
        Font(kind: .custom(name: name, size: Double(fixedSize)))
    }

    /// This font at `weight` (CSS `font-weight`, 100 to 900).
    public func weight(_ weight: Weight) -> Font {
        var font = self
        font.weight = weight
        return font
    }

    /// This font in bold (`font-weight:700`).
    public func bold() -> Font { weight(.bold) }

    /// This font in italics (`font-style:italic`).
    public func italic() -> Font {
        var font = self
        font.isItalic = true
        return font
    }

    /// This font in the system's monospaced face (the `jw-mono` class).
    public func monospaced() -> Font {
        var font = self
        font.design = .monospaced
        return font
    }

    /// Digits of one width, so columns of numbers line up and a counting number stays still.
    public func monospacedDigit() -> Font {
        var font = self
        font.hasMonospacedDigits = true
        return font
    }

    /// Lowercase letters as small capitals.
    public func smallCaps() -> Font {
        var font = self
        font.caps = "small-caps"
        return font
    }

    /// Lowercase letters as small capitals: the same as `smallCaps()` (`font-variant-caps:small-caps`).
    public func lowercaseSmallCaps() -> Font { smallCaps() }

    /// Capital letters as small capitals (lowercase letters stay).
    public func uppercaseSmallCaps() -> Font {
        var font = self
        font.caps = "unicase"
        return font
    }

    /// This font at `width` (CSS `font-stretch`).
    public func width(_ width: Width) -> Font {
        var font = self
        font.width = width
        return font
    }

    /// How wide the letters are: `font-stretch` (a font without the widths keeps its own).
    public struct Width: Hashable, Sendable {
        let percent: Double
        /// A width from SwiftUI's scale, where 0 is standard: `font-stretch` of `100 + value * 100` percent.
        public init(_ value: CGFloat) { percent = 100 + Double(value) * 100 }
        /// The narrowest width, `font-stretch:75%`.
        public static let compressed = Width(percent: 75)
        /// A narrow width, `font-stretch:87.5%`.
        public static let condensed = Width(percent: 87.5)
        /// The normal width, `font-stretch:100%`.
        public static let standard = Width(percent: 100)
        /// A wide width, `font-stretch:125%`.
        public static let expanded = Width(percent: 125)
        init(percent: Double) { self.percent = percent }
        var css: String { "font-stretch:\(Color.format(percent))%" }
    }

    /// A font weight, written as CSS `font-weight` (100 to 900).
    public struct Weight: Hashable, Sendable {
        let value: Int
        /// Ultra light: `font-weight:100`.
        public static let ultraLight = Weight(value: 100)
        /// Thin: `font-weight:200`.
        public static let thin = Weight(value: 200)
        /// Light: `font-weight:300`.
        public static let light = Weight(value: 300)
        /// Regular: `font-weight:400`, the normal weight.
        public static let regular = Weight(value: 400)
        /// Medium: `font-weight:500`.
        public static let medium = Weight(value: 500)
        /// Semibold: `font-weight:600`.
        public static let semibold = Weight(value: 600)
        /// Bold: `font-weight:700`.
        public static let bold = Weight(value: 700)
        /// Heavy: `font-weight:800`.
        public static let heavy = Weight(value: 800)
        /// Black: `font-weight:900`, the heaviest.
        public static let black = Weight(value: 900)
    }

    /// The family of a font's face: the system's own, or its serif, rounded or monospaced face.
    public enum Design: Hashable, Sendable {
        /// The system font (no class), or its serif, rounded or monospaced face (the `jw-serif`,
        /// `jw-rounded` and `jw-mono` classes).
        case `default`, serif, rounded, monospaced

        /// The class that sets the family: the system's serif, rounded or monospaced face.
        var className: String? {
            switch self {
            case .default: nil
            case .serif: StyleClass.serif
            case .rounded: StyleClass.rounded
            case .monospaced: StyleClass.mono
            }
        }
    }

    /// SwiftUI's text styles, each a `jw-font-<style>` class in `jetway.css` whose size follows the
    /// visitor's text size.
    public enum TextStyle: String, Hashable, Sendable, CaseIterable {
        /// From the largest to the smallest: each is also a `Font` of the same name (`Font.largeTitle`, …).
        case largeTitle, title, title2, title3, headline, subheadline, body, callout, footnote, caption, caption2
    }

    /// `jw-font-<style>`, made once per style rather than on every render.
    private static let classNames: [String: String] = Dictionary(
        uniqueKeysWithValues: TextStyle.allCases.map { ($0.rawValue, StyleClass.fontPrefix + $0.rawValue) })

    static func className(_ name: String) -> String {
        classNames[name] ?? StyleClass.fontPrefix + name
    }

    /// Applies this font to an element: a class for text styles, declarations otherwise.
    func apply(to node: Node) {
        switch kind {
        case .textStyle(let name): node.addClass(Self.className(name))
        case .system(let size): node.addStyle("font-size:\(Color.format(size))px")
        case .custom(let name, let size):
            let safe = String(
                name.unicodeScalars.filter { CharacterSet.alphanumerics.contains($0) || $0 == " " || $0 == "-" || $0 == "_" }.map(
                    Character.init))
            let px = "\(Color.format(size))px"
            node.addStyle(
                "font-family:'\(safe)',system-ui,sans-serif;font-size:"
                    + (scalesWithType ? "calc(\(px) * var(\(StyleVariable.typeScale), 1))" : px))
        }
        if let weight { node.addStyle("font-weight:\(weight.value)") }
        if isItalic { node.addStyle("font-style:italic") }
        if let name = design?.className { node.addClass(name) }
        if let width { node.addStyle(width.css) }
        if hasMonospacedDigits { node.addClass(StyleClass.tabular) }
        if let caps { node.addStyle("font-variant-caps:\(caps)") }
    }
}

extension Font {
    /// UIKit's font as SwiftUI's: its family (or the system's), size and weight.
    public init(_ font: UIFont) {
        let base = font.familyName.map { Font.custom($0, size: font.pointSize) } ?? .system(size: font.pointSize)
        self = base.weight(Weight(value: font.weight.value))
    }
}
