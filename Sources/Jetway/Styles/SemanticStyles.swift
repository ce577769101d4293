import JetwayWire

/// The styles SwiftUI names by their role rather than their colour: `.background`,
/// `.foreground`, `.separator`, and the third and fourth levels of text. Each is the page's CSS
/// variable for that role, so it follows the colour scheme as the system colours do.

/// The view's background: the page's in light and dark (`.background(.background)`).
public struct BackgroundStyle: ShapeStyle, Hashable {
    /// The page's background style.
    public init() {}
    /// `var(--jw-background)`, which the theme sets for light and dark.
    public var css: String { "var(\(StyleVariable.background))" }
}

/// The colour the text around it has (`.stroke(.foreground)`).
public struct ForegroundStyle: ShapeStyle, Hashable {
    /// The style of the surrounding text's colour.
    public init() {}
    /// `currentColor`: whatever colour the text around it has.
    public var css: String { "currentColor" }
}

/// The colour of a list's separators (`Rectangle().fill(.separator)`).
public struct SeparatorShapeStyle: ShapeStyle, Hashable {
    /// The separator style.
    public init() {}
    /// `var(--jw-separator)`, which the theme sets for light and dark.
    public var css: String { "var(\(StyleVariable.separator))" }
}

extension ShapeStyle where Self == BackgroundStyle {
    /// The page's background (`.fill(.background)`).
    public static var background: BackgroundStyle { BackgroundStyle() }
}

extension ShapeStyle where Self == ForegroundStyle {
    /// The colour of the surrounding text (`.stroke(.foreground)`).
    public static var foreground: ForegroundStyle { ForegroundStyle() }
}

extension ShapeStyle where Self == SeparatorShapeStyle {
    /// The colour of a list's separators.
    public static var separator: SeparatorShapeStyle { SeparatorShapeStyle() }
}

extension ShapeStyle where Self == Color {
    /// The third level of text: hints and placeholders (`.foregroundStyle(.tertiary)`).
    public static var tertiary: Color { Color(css: "var(\(StyleVariable.tertiary))") }
    /// The fourth level of text.
    public static var quaternary: Color { Color(css: "var(\(StyleVariable.quaternary))") }
}

/// Any style, its type erased (`let background: AnyShapeStyle = AnyShapeStyle(.thinMaterial)`).
public struct AnyShapeStyle: ShapeStyle {
    /// The wrapped style's CSS value.
    public let css: String
    /// Whether the wrapped style is a gradient.
    public let isGradient: Bool
    /// The blur of the material it holds, if it holds one.
    let blur: Int?

    /// Wraps `style`, keeping its CSS value, whether it is a gradient and, for a material, its blur.
    public init<S: ShapeStyle>(_ style: S) {
        css = style.css
        isGradient = style.isGradient
        blur = Material.blur(of: style)
    }
}
