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
    associatedtype Body: View
    @ViewBuilder @MainActor func makeBody(configuration: Configuration) -> Body
    typealias Configuration = MenuStyleConfiguration
}

/// What an app's `MenuStyle` draws: the menu's label and items.
public struct MenuStyleConfiguration {
    let label: AnyView
    let content: AnyView
}

public struct DefaultMenuStyle: MenuStyle {
    public init() {}
    public func makeBody(configuration: Configuration) -> some View { Menu(configuration) }
}

public struct ButtonMenuStyle: MenuStyle {
    public init() {}
    public func makeBody(configuration: Configuration) -> some View { Menu(configuration) }
}

/// iOS 14's borderless menu button: as the default.
public struct BorderlessButtonMenuStyle: MenuStyle {
    public init() {}
    public func makeBody(configuration: Configuration) -> some View { Menu(configuration) }
}

extension MenuStyle where Self == DefaultMenuStyle { public static var automatic: Self { Self() } }
extension MenuStyle where Self == ButtonMenuStyle { public static var button: Self { Self() } }
extension MenuStyle where Self == BorderlessButtonMenuStyle { public static var borderlessButton: Self { Self() } }

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
