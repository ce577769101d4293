import JetwayWire

/// A menu's look: `.menuStyle(.button)` (its label a bordered button), `.borderlessButton` and
/// `.automatic` (the label as a plain button, the default), or an app's own, drawn from
/// `configuration` with `Menu(configuration)`.
///
/// ```swift
/// struct RedMenu: MenuStyle {
///     func makeBody(configuration: Configuration) -> some View {
///         Menu(configuration).foregroundStyle(.red)
///     }
/// }
/// ```
public protocol MenuStyle {
    /// The view a style draws a menu as.
    associatedtype Body: View
    /// Draws the menu from `configuration`, usually around `Menu(configuration)`.
    @ViewBuilder @MainActor func makeBody(configuration: Configuration) -> Body
    /// The label and items of the menu being styled.
    typealias Configuration = MenuStyleConfiguration
}

/// What an app's `MenuStyle` draws: the menu's label and items.
public struct MenuStyleConfiguration {
    let label: AnyView
    let content: AnyView
}

/// The default menu look: the label as a plain button that opens the menu's `<details>` list.
public struct DefaultMenuStyle: MenuStyle {
    /// Creates the default menu style.
    public init() {}
    /// The menu as it is, `Menu(configuration)`.
    public func makeBody(configuration: Configuration) -> some View { Menu(configuration) }
}

/// A menu whose label is a bordered button (the label gets the `jw-bordered` class).
public struct ButtonMenuStyle: MenuStyle {
    /// Creates the button menu style.
    public init() {}
    /// The menu as it is; `.menuStyle(.button)` itself adds the bordered look.
    public func makeBody(configuration: Configuration) -> some View { Menu(configuration) }
}

/// iOS 14's borderless menu button: as the default.
public struct BorderlessButtonMenuStyle: MenuStyle {
    /// Creates the borderless button menu style.
    public init() {}
    /// The menu as it is, in the default look.
    public func makeBody(configuration: Configuration) -> some View { Menu(configuration) }
}

extension MenuStyle where Self == DefaultMenuStyle {
    /// The default menu look (`.menuStyle(.automatic)`).
    public static var automatic: Self { Self() }
}
extension MenuStyle where Self == ButtonMenuStyle {
    /// A menu whose label is a bordered button (`.menuStyle(.button)`).
    public static var button: Self { Self() }
}
extension MenuStyle where Self == BorderlessButtonMenuStyle {
    /// The default menu look, as iOS 14's borderless button (`.menuStyle(.borderlessButton)`).
    public static var borderlessButton: Self { Self() }
}

/// How the menus in a view draw: a built-in class for their label, or an app's own style.
enum MenuStyling {
    case builtIn(String?)
    case custom(@MainActor (MenuStyleConfiguration) -> AnyView)
}

private struct MenuStylingKey: EnvironmentKey { static let defaultValue = MenuStyling.builtIn(nil) }

extension EnvironmentValues {
    var menuStyling: MenuStyling {
        get { self[MenuStylingKey.self] }
        set { self[MenuStylingKey.self] = newValue }
    }
}

extension View {
    /// The look of the menus in this view.
    public func menuStyle<S: MenuStyle>(_ style: S) -> some View {
        let styling: MenuStyling =
            switch style {
            case is DefaultMenuStyle, is BorderlessButtonMenuStyle: .builtIn(nil)
            case is ButtonMenuStyle: .builtIn(StyleClass.bordered)
            default: .custom { AnyView(style.makeBody(configuration: $0)) }
            }
        return environment(\.menuStyling, styling)
    }
}

extension Menu where Label == AnyView, Content == AnyView {
    /// The menu an app's `MenuStyle` draws (in the default look: its own style is not applied
    /// to it again).
    public init(_ configuration: MenuStyleConfiguration) {
        self.init(label: configuration.label, content: configuration.content, styled: true)
    }
}
