import Foundation

// How text looks beyond its font: the design and width of its face, even digits, letter
// spacing, case, lines through and under it, how it is cut when it does not fit, and whether
// it can be selected. Each is a `Text` modifier (returning `Text`, so texts still join with
// `+`) and a view modifier for all the text inside, as in SwiftUI; both write the same CSS
// through `Typography`.

/// What a text's typography asks for beyond its font, applied to its element.
struct Typography: Equatable, Sendable {
    var design: Font.Design?
    var width: Font.Width?
    var monospacedDigits = false
    /// Points between letters: `kerning` and `tracking` (the browser has one letter spacing).
    var letterSpacing: Double?
    var baselineOffset: Double?
    var underline: Text.LineStyle?
    var strikethrough: Text.LineStyle?
    var textCase: Text.Case?
    /// A run of an attributed string that links (`[text](url)`): the span is a link.
    var link: URL?
    /// A run's background colour (CSS).
    var background: String?

    var isEmpty: Bool { self == Typography() }

    func apply(to node: Node) {
        if let name = design?.className { node.addClass(name) }
        if let width { node.addStyle(width.css) }
        if monospacedDigits { node.addClass(StyleClass.tabular) }
        if let letterSpacing { node.addStyle("letter-spacing:\(px(letterSpacing))") }
        if let baselineOffset {
            node.addStyle("position:relative;top:\(px(-baselineOffset))")
        }
        var lines: [String] = []
        if underline != nil { lines.append("underline") }
        if strikethrough != nil { lines.append("line-through") }
        if !lines.isEmpty {
            // The browser draws both lines in one style: the first pattern and colour asked for.
            let styles = [underline, strikethrough].compactMap { $0 }
            var css = "text-decoration:\(lines.joined(separator: " "))"
            if let pattern = styles.first(where: { $0.pattern != .solid })?.pattern { css += " \(pattern.css)" }
            if let color = styles.first(where: { $0.color != nil })?.color { css += " \(color.css)" }
            node.addStyle(css)
        }
        if let textCase { node.addStyle("text-transform:\(textCase == .uppercase ? "uppercase" : "lowercase")") }
        if let background { node.addStyle("background:\(background)") }
        if let link {
            node.setAttribute("href", link.absoluteString)
            node.setAttribute("target", "_blank")
            node.setAttribute("rel", "noopener")
        }
    }
}

/// A text's typography behind a reference (`Text` stays small to copy).
final class TypographyBox: Equatable, @unchecked Sendable {
    let value: Typography
    init(_ value: Typography) { self.value = value }
    static func == (lhs: TypographyBox, rhs: TypographyBox) -> Bool { lhs === rhs || lhs.value == rhs.value }
}

extension Text {
    /// A line under or through text: its pattern and colour (nil: the text's).
    public struct LineStyle: Hashable, Sendable {
        /// The pattern of a line under or through text.
        public enum Pattern: Hashable, Sendable {
            /// `solid`: a solid line; `dot`: dotted; `dash`, `dashDot` and `dashDotDot`: dashed (CSS has no
            /// dash-dot lines).
            case solid, dot, dash, dashDot, dashDotDot

            /// CSS has solid, dotted and dashed lines; the dash-dot patterns are drawn dashed.
            var css: String {
                switch self {
                case .solid: "solid"
                case .dot: "dotted"
                case .dash, .dashDot, .dashDotDot: "dashed"
                }
            }
        }
        /// The line's pattern.
        public let pattern: Pattern
        /// The line's colour; nil: the text's.
        public let color: Color?

        /// A line of `pattern` in `color` (nil: the text's colour).
        public init(pattern: Pattern = .solid, color: Color? = nil) {
            self.pattern = pattern
            self.color = color
        }

        /// A solid line in the text's colour.
        public static let single = LineStyle()
    }

    /// `.textCase(.uppercase)`: text shown in capitals (or small letters) whatever it holds.
    public enum Case: Hashable, Sendable {
        /// `uppercase`: capitals; `lowercase`: small letters.
        case uppercase, lowercase
    }

    /// How a line that does not fit is cut: at its end (`…` last, the default), its start or its
    /// middle (the runtime measures the line and cuts it; the whole text stays its accessible name).
    public enum TruncationMode: Hashable, Sendable {
        /// `head`: cut at the start; `middle`: in the middle; `tail`: at the end.
        case head, middle, tail
    }

    /// This text in the system font's `design` (nil: the surrounding design).
    public func fontDesign(_ design: Font.Design?) -> Text { typography { $0.design = design } }
    /// This text in a narrower or wider face (`width`; nil: the usual width).
    public func fontWidth(_ width: Font.Width?) -> Text { typography { $0.width = width } }
    /// This text with digits of one width.
    public func monospacedDigit() -> Text { typography { $0.monospacedDigits = true } }
    /// This text in the monospaced design when `isActive`.
    public func monospaced(_ isActive: Bool = true) -> Text { typography { $0.design = isActive ? .monospaced : nil } }
    /// This text with `kerning` points between letters (CSS `letter-spacing`, the same as `tracking`).
    public func kerning(_ kerning: CGFloat) -> Text { typography { $0.letterSpacing = Double(kerning) } }
    /// This text with `tracking` points between letters (CSS `letter-spacing`, the same as `kerning`).
    public func tracking(_ tracking: CGFloat) -> Text { typography { $0.letterSpacing = Double(tracking) } }
    /// This text raised by `offset` points (lowered when negative), without changing the line's height.
    public func baselineOffset(_ offset: CGFloat) -> Text { typography { $0.baselineOffset = Double(offset) } }
    /// This text underlined when `isActive`, with `pattern` in `color` (nil: the text's).
    public func underline(_ isActive: Bool = true, pattern: LineStyle.Pattern = .solid, color: Color? = nil) -> Text {
        typography { $0.underline = isActive ? LineStyle(pattern: pattern, color: color) : nil }
    }
    /// This text struck through when `isActive`, with `pattern` in `color` (nil: the text's). With an
    /// underline too, both lines take one pattern and colour: the first given.
    public func strikethrough(_ isActive: Bool = true, pattern: LineStyle.Pattern = .solid, color: Color? = nil) -> Text {
        typography { $0.strikethrough = isActive ? LineStyle(pattern: pattern, color: color) : nil }
    }
}

extension View {
    /// The design of the system font of text in this view: `.serif`, `.rounded`, `.monospaced`.
    public func fontDesign(_ design: Font.Design?) -> some View {
        typography { $0.design = design }
    }

    /// Text in this view in a narrower or wider face (`width`; nil: the usual width).
    public func fontWidth(_ width: Font.Width?) -> some View {
        typography { $0.width = width }
    }

    /// Digits of one width in this view's text: columns of figures line up, a count stays still.
    public func monospacedDigit() -> some View {
        typography { $0.monospacedDigits = true }
    }

    /// Text in this view in the monospaced design when `isActive`.
    public func monospaced(_ isActive: Bool = true) -> some View {
        typography { $0.design = isActive ? .monospaced : nil }
    }

    /// `kerning` points between the letters of text in this view (CSS `letter-spacing`).
    public func kerning(_ kerning: CGFloat) -> some View {
        typography { $0.letterSpacing = Double(kerning) }
    }

    /// `tracking` points between the letters of text in this view (CSS `letter-spacing`).
    public func tracking(_ tracking: CGFloat) -> some View {
        typography { $0.letterSpacing = Double(tracking) }
    }

    /// Text in this view raised by `offset` points (lowered when negative).
    public func baselineOffset(_ offset: CGFloat) -> some View {
        typography { $0.baselineOffset = Double(offset) }
    }

    /// Text in this view underlined when `isActive`, with `pattern` in `color` (nil: the text's).
    public func underline(_ isActive: Bool = true, pattern: Text.LineStyle.Pattern = .solid, color: Color? = nil) -> some View {
        typography { $0.underline = isActive ? Text.LineStyle(pattern: pattern, color: color) : nil }
    }

    /// Text in this view struck through when `isActive`, with `pattern` in `color` (nil: the text's).
    public func strikethrough(_ isActive: Bool = true, pattern: Text.LineStyle.Pattern = .solid, color: Color? = nil) -> some View {
        typography { $0.strikethrough = isActive ? Text.LineStyle(pattern: pattern, color: color) : nil }
    }

    /// Text in this view in capitals or small letters (nil: as written).
    public func textCase(_ textCase: Text.Case?) -> some View {
        typography { $0.textCase = textCase }
    }

    /// How text in this view that does not fit its lines is cut: `.tail` (the default) ends it with
    /// `…`; `.head` and `.middle` are cut by the runtime, which measures the line (on one line:
    /// with `.lineLimit(1)`, or text that cannot wrap).
    public func truncationMode(_ mode: Text.TruncationMode) -> some View {
        modifier(
            StyleModifier { node in
                guard mode != .tail else { return }
                node.setAttribute(RuntimeContract.Attribute.truncate, mode == .head ? "head" : "middle")
            })
    }

    /// Whether the user can select this view's text (to copy it); the browser lets them by default.
    public func textSelection<S: TextSelectability>(_ selectability: S) -> some View {
        let css = S.allowsSelection ? "user-select:text;-webkit-user-select:text" : "user-select:none;-webkit-user-select:none"
        return modifier(StyleModifier { node in node.addStyle(css) })
    }

    private func typography(_ change: (inout Typography) -> Void) -> some View {
        var typography = Typography()
        change(&typography)
        return modifier(StyleModifier { [typography] node in typography.apply(to: node) })
    }
}

/// `.textSelection(.enabled)` or `.disabled`.
public protocol TextSelectability: Sendable {
    /// Whether the text can be selected: `.textSelection(_:)` writes CSS `user-select: text` when true, `none` when false.
    static var allowsSelection: Bool { get }
}

/// Text can be selected (`.enabled`).
public struct EnabledTextSelectability: TextSelectability {
    /// True: the text can be selected.
    public static let allowsSelection = true
}

/// Text cannot be selected (`.disabled`).
public struct DisabledTextSelectability: TextSelectability {
    /// False: the text cannot be selected.
    public static let allowsSelection = false
}

extension TextSelectability where Self == EnabledTextSelectability {
    /// The user can select the text (CSS `user-select: text`).
    public static var enabled: EnabledTextSelectability { EnabledTextSelectability() }
}

extension TextSelectability where Self == DisabledTextSelectability {
    /// The user cannot select the text (CSS `user-select: none`).
    public static var disabled: DisabledTextSelectability { DisabledTextSelectability() }
}
