import JetwayWire

/// The styles SwiftUI names by their role rather than their colour: `.background`,
/// `.foreground`, `.separator`, and the third and fourth levels of text. Each is the page's CSS
/// variable for that role, so it follows the colour scheme as the system colours do.

/// The view's background: the page's in light and dark (`.background(.background)`).
public struct BackgroundStyle: ShapeStyle, Hashable {
    public init() {}
    public var css: String { "var(\(StyleVariable.background))" }
}

/// The colour the text around it has (`.stroke(.foreground)`).
public struct ForegroundStyle: ShapeStyle, Hashable {
    public init() {}
    public var css: String { "currentColor" }
}

/// The colour of a list's separators (`Rectangle().fill(.separator)`).
public struct SeparatorShapeStyle: ShapeStyle, Hashable {
    public init() {}
    public var css: String { "var(\(StyleVariable.separator))" }
}

extension ShapeStyle where Self == BackgroundStyle {
    public static var background: BackgroundStyle { BackgroundStyle() }
}

extension ShapeStyle where Self == ForegroundStyle {
    public static var foreground: ForegroundStyle { ForegroundStyle() }
}

extension ShapeStyle where Self == SeparatorShapeStyle {
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
    public let css: String
    public let isGradient: Bool
    /// The blur of the material it holds, if it holds one.
    let blur: Int?

    public init<S: ShapeStyle>(_ style: S) {
        css = style.css
        isGradient = style.isGradient
        blur = Material.blur(of: style)
    }
}
