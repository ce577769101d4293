/// Styles of controls as SwiftUI declares them: the built-in ones by name
/// (`.buttonStyle(.borderedProminent)`, `.toggleStyle(.switch)`, `.labelStyle(.iconOnly)`,
/// `.progressViewStyle(.circular)`) and an app's own with `makeBody(configuration:)`, which
/// gets the control's parts and draws them as it likes.
///
/// ```swift
/// struct Pill: ButtonStyle {
///     func makeBody(configuration: Configuration) -> some View {
///         configuration.label.padding(8).background(Capsule().fill(Color.accentColor))
///     }
/// }
/// Button("Board") { … }.buttonStyle(Pill())
/// ```
///
/// The browser shows a press with CSS (`:active`); `isPressed` is false when the server draws
/// the body (docs/swiftui.md).

// MARK: Buttons

/// A button's look, drawn around its label; the button stays a `<button>` that acts on a click.
public protocol ButtonStyle {
    associatedtype Body: View
    @ViewBuilder @MainActor func makeBody(configuration: Configuration) -> Body
    typealias Configuration = ButtonStyleConfiguration
}

/// A button's whole behaviour: the style decides what acts (`configuration.trigger()`).
public protocol PrimitiveButtonStyle {
    associatedtype Body: View
    @ViewBuilder @MainActor func makeBody(configuration: Configuration) -> Body
    typealias Configuration = PrimitiveButtonStyleConfiguration
}

public struct ButtonStyleConfiguration {
    /// The button's label, as its code wrote it.
    public struct Label: _PrimitiveView {
        let content: AnyView
        public static func _render(_ view: Self, _ context: _RenderContext, _ out: inout [Node]) {
            AnyView._render(view.content, context, &out)
        }
    }

    public let label: Label
    /// False when the server draws the body; the browser shows the press (`:active`).
    public let isPressed: Bool
    public let role: ButtonRole?
}

public struct PrimitiveButtonStyleConfiguration {
    public typealias Label = ButtonStyleConfiguration.Label
    public let label: Label
    public let role: ButtonRole?
    let isEnabled: Bool
    let action: @MainActor () -> Void

    /// Does what the button does.
    @MainActor public func trigger() { if isEnabled { action() } }
}

/// Built-in button styles: a class on the `<button>` (jetway.css).
public struct DefaultButtonStyle: PrimitiveButtonStyle {
    public init() {}
    public func makeBody(configuration: Configuration) -> some View { BuiltInButton(className: nil, configuration: configuration) }
}

public struct PlainButtonStyle: PrimitiveButtonStyle {
    public init() {}
    public func makeBody(configuration: Configuration) -> some View {
        BuiltInButton(className: StyleClass.plain, configuration: configuration)
    }
}

public struct BorderlessButtonStyle: PrimitiveButtonStyle {
    public init() {}
    public func makeBody(configuration: Configuration) -> some View {
        BuiltInButton(className: StyleClass.borderless, configuration: configuration)
    }
}

public struct BorderedButtonStyle: PrimitiveButtonStyle {
    public init() {}
    public func makeBody(configuration: Configuration) -> some View {
        BuiltInButton(className: StyleClass.bordered, configuration: configuration)
    }
}

public struct BorderedProminentButtonStyle: PrimitiveButtonStyle {
    public init() {}
    public func makeBody(configuration: Configuration) -> some View {
        BuiltInButton(className: StyleClass.prominent, configuration: configuration)
    }
}

extension PrimitiveButtonStyle where Self == DefaultButtonStyle { public static var automatic: Self { Self() } }
extension PrimitiveButtonStyle where Self == PlainButtonStyle { public static var plain: Self { Self() } }
extension PrimitiveButtonStyle where Self == BorderlessButtonStyle { public static var borderless: Self { Self() } }
extension PrimitiveButtonStyle where Self == BorderedButtonStyle { public static var bordered: Self { Self() } }
extension PrimitiveButtonStyle where Self == BorderedProminentButtonStyle { public static var borderedProminent: Self { Self() } }

/// A built-in style's `<button>`, also when an app's own primitive style wraps one.
struct BuiltInButton: _PrimitiveView {
    let className: String?
    let configuration: PrimitiveButtonStyleConfiguration

    static func _render(_ view: Self, _ context: _RenderContext, _ out: inout [Node]) {
        let configuration = view.configuration
        ButtonElement._render(
            ButtonElement(className: view.className, role: configuration.role, label: configuration.label, trigger: configuration.action),
            context, &out)
    }
}

/// How the buttons of a subtree are drawn.
enum ButtonStyling {
    /// A built-in style: its class (none for the default).
    case builtIn(String?)
    case primitive(@MainActor (PrimitiveButtonStyleConfiguration) -> AnyView)
    case custom(@MainActor (ButtonStyleConfiguration) -> AnyView)
}

private struct ButtonStylingKey: EnvironmentKey { static let defaultValue = ButtonStyling.builtIn(nil) }

extension EnvironmentValues {
    var buttonStyling: ButtonStyling {
        get { self[ButtonStylingKey.self] }
        set { self[ButtonStylingKey.self] = newValue }
    }
}

extension View {
    /// The style of the buttons in this view: a built-in one (`.borderedProminent`) or an
    /// app's own `PrimitiveButtonStyle`.
    public func buttonStyle<S: PrimitiveButtonStyle>(_ style: S) -> some View {
        let styling: ButtonStyling
        switch style {
        case is DefaultButtonStyle: styling = .builtIn(nil)
        case is PlainButtonStyle: styling = .builtIn(StyleClass.plain)
        case is BorderlessButtonStyle: styling = .builtIn(StyleClass.borderless)
        case is BorderedButtonStyle: styling = .builtIn(StyleClass.bordered)
        case is BorderedProminentButtonStyle: styling = .builtIn(StyleClass.prominent)
        default: styling = .primitive { AnyView(style.makeBody(configuration: $0)) }
        }
        return environment(\.buttonStyling, styling)
    }

    /// The look of the buttons in this view: an app's own `ButtonStyle`.
    public func buttonStyle<S: ButtonStyle>(_ style: S) -> some View {
        environment(\.buttonStyling, .custom { AnyView(style.makeBody(configuration: $0)) })
    }
}

// MARK: Toggles

/// A toggle's look: `.toggleStyle(.switch)`, `.button` (a button that stays pressed while on),
/// `.checkbox`, or an app's own drawn from `configuration.isOn` and `configuration.label`.
public protocol ToggleStyle {
    associatedtype Body: View
    @ViewBuilder @MainActor func makeBody(configuration: Configuration) -> Body
    typealias Configuration = ToggleStyleConfiguration
}

public struct ToggleStyleConfiguration {
    public typealias Label = ButtonStyleConfiguration.Label
    public let label: Label
    /// The toggle's value; `configuration.isOn.toggle()` flips it.
    @Binding public var isOn: Bool
    public var isMixed: Bool { false }

    init(label: Label, isOn: Binding<Bool>) {
        self.label = label
        self._isOn = isOn
    }
}

public struct DefaultToggleStyle: ToggleStyle {
    public init() {}
    public func makeBody(configuration: Configuration) -> some View { BuiltInToggle(kind: .switch, configuration: configuration) }
}

public struct SwitchToggleStyle: ToggleStyle {
    let tint: Color?
    public init() { tint = nil }
    /// A switch in this colour when on (the older form of `.tint`).
    public init(tint: Color) { self.tint = tint }
    public func makeBody(configuration: Configuration) -> some View {
        BuiltInToggle(kind: .switch, configuration: configuration).tint(tint)
    }
}

public struct ButtonToggleStyle: ToggleStyle {
    public init() {}
    public func makeBody(configuration: Configuration) -> some View { BuiltInToggle(kind: .button, configuration: configuration) }
}

public struct CheckboxToggleStyle: ToggleStyle {
    public init() {}
    public func makeBody(configuration: Configuration) -> some View { BuiltInToggle(kind: .checkbox, configuration: configuration) }
}

extension ToggleStyle where Self == DefaultToggleStyle { public static var automatic: Self { Self() } }
extension ToggleStyle where Self == SwitchToggleStyle { public static var `switch`: Self { Self() } }
extension ToggleStyle where Self == ButtonToggleStyle { public static var button: Self { Self() } }
extension ToggleStyle where Self == CheckboxToggleStyle { public static var checkbox: Self { Self() } }

/// The built-in toggles: a switch or a checkbox inside a `<label>`, or a pressed/unpressed button.
struct BuiltInToggle: View {
    enum Kind { case `switch`, checkbox, button }
    let kind: Kind
    let configuration: ToggleStyleConfiguration

    var body: some View {
        switch kind {
        case .switch, .checkbox:
            ToggleElement(isCheckbox: kind == .checkbox, isOn: configuration.$isOn, label: configuration.label)
        case .button:
            PressedButton(isOn: configuration.$isOn, label: configuration.label)
        }
    }
}

/// `.toggleStyle(.button)`: a button with `aria-pressed`, filled while on.
struct PressedButton: _PrimitiveView {
    let isOn: Binding<Bool>
    let label: ToggleStyleConfiguration.Label

    static func _render(_ view: Self, _ context: _RenderContext, _ out: inout [Node]) {
        let binding = view.isOn
        var element: [Node] = []
        ButtonElement._render(
            ButtonElement(className: StyleClass.bordered, role: nil, label: view.label) { binding.wrappedValue.toggle() }, context, &element
        )
        let isOn = context.track { binding.wrappedValue }
        for node in element {
            node.setAttribute("aria-pressed", isOn ? "true" : "false")
            if isOn { node.addClass(StyleClass.prominent) }
        }
        out.append(contentsOf: element)
    }
}

/// How the toggles of a subtree are drawn: nil for the built-in switch.
private struct ToggleStylingKey: EnvironmentKey {
    static let defaultValue: (@MainActor (ToggleStyleConfiguration) -> AnyView)? = nil
}

extension EnvironmentValues {
    var toggleStyling: (@MainActor (ToggleStyleConfiguration) -> AnyView)? {
        get { self[ToggleStylingKey.self] }
        set { self[ToggleStylingKey.self] = newValue }
    }
}

extension View {
    public func toggleStyle<S: ToggleStyle>(_ style: S) -> some View {
        var styling: (@MainActor (ToggleStyleConfiguration) -> AnyView)?
        let plainSwitch = (style as? SwitchToggleStyle).map { $0.tint == nil } ?? false
        if !(style is DefaultToggleStyle || plainSwitch) {
            styling = { AnyView(style.makeBody(configuration: $0)) }
        }
        return environment(\.toggleStyling, styling)
    }
}

// MARK: Labels

/// A label's look: `.labelStyle(.iconOnly)`, `.titleOnly`, `.titleAndIcon`, or an app's own
/// from `configuration.title` and `configuration.icon`.
public protocol LabelStyle {
    associatedtype Body: View
    @ViewBuilder @MainActor func makeBody(configuration: Configuration) -> Body
    typealias Configuration = LabelStyleConfiguration
}

public struct LabelStyleConfiguration {
    public typealias Title = ButtonStyleConfiguration.Label
    public typealias Icon = ButtonStyleConfiguration.Label
    public let title: Title
    public let icon: Icon
}

public struct DefaultLabelStyle: LabelStyle {
    public init() {}
    public func makeBody(configuration: Configuration) -> some View {
        LabelElement(styling: .titleAndIcon, title: configuration.title, icon: configuration.icon)
    }
}

public struct IconOnlyLabelStyle: LabelStyle {
    public init() {}
    public func makeBody(configuration: Configuration) -> some View {
        LabelElement(styling: .iconOnly, title: configuration.title, icon: configuration.icon)
    }
}

public struct TitleOnlyLabelStyle: LabelStyle {
    public init() {}
    public func makeBody(configuration: Configuration) -> some View {
        LabelElement(styling: .titleOnly, title: configuration.title, icon: configuration.icon)
    }
}

public struct TitleAndIconLabelStyle: LabelStyle {
    public init() {}
    public func makeBody(configuration: Configuration) -> some View {
        LabelElement(styling: .titleAndIcon, title: configuration.title, icon: configuration.icon)
    }
}

extension LabelStyle where Self == DefaultLabelStyle { public static var automatic: Self { Self() } }
extension LabelStyle where Self == IconOnlyLabelStyle { public static var iconOnly: Self { Self() } }
extension LabelStyle where Self == TitleOnlyLabelStyle { public static var titleOnly: Self { Self() } }
extension LabelStyle where Self == TitleAndIconLabelStyle { public static var titleAndIcon: Self { Self() } }

/// How the labels of a subtree are drawn.
enum LabelStyling {
    /// Both parts, the icon only (the title kept for assistive technology), or the title only.
    case titleAndIcon, iconOnly, titleOnly
    case custom(@MainActor (LabelStyleConfiguration) -> AnyView)
}

private struct LabelStylingKey: EnvironmentKey { static let defaultValue = LabelStyling.titleAndIcon }

extension EnvironmentValues {
    var labelStyling: LabelStyling {
        get { self[LabelStylingKey.self] }
        set { self[LabelStylingKey.self] = newValue }
    }
}

extension View {
    public func labelStyle<S: LabelStyle>(_ style: S) -> some View {
        let styling: LabelStyling
        switch style {
        case is IconOnlyLabelStyle: styling = .iconOnly
        case is TitleOnlyLabelStyle: styling = .titleOnly
        case is DefaultLabelStyle, is TitleAndIconLabelStyle: styling = .titleAndIcon
        default: styling = .custom { AnyView(style.makeBody(configuration: $0)) }
        }
        return environment(\.labelStyling, styling)
    }
}

// MARK: Progress

/// A progress view's look: `.linear` (a bar), `.circular` (a ring, or a spinner when the amount
/// is unknown), or an app's own from `configuration.fractionCompleted`.
public protocol ProgressViewStyle {
    associatedtype Body: View
    @ViewBuilder @MainActor func makeBody(configuration: Configuration) -> Body
    typealias Configuration = ProgressViewStyleConfiguration
}

public struct ProgressViewStyleConfiguration {
    public typealias Label = ButtonStyleConfiguration.Label
    /// From 0 to 1; nil when the amount is unknown.
    public let fractionCompleted: Double?
    public let label: Label?
    public var currentValueLabel: Label? { nil }
}

public struct DefaultProgressViewStyle: ProgressViewStyle {
    public init() {}
    public func makeBody(configuration: Configuration) -> some View { BuiltInProgress(circular: nil, configuration: configuration) }
}

public struct LinearProgressViewStyle: ProgressViewStyle {
    let tint: Color?
    public init() { tint = nil }
    /// A bar in this colour (the older form of `.tint`).
    public init(tint: Color) { self.tint = tint }
    public func makeBody(configuration: Configuration) -> some View {
        BuiltInProgress(circular: false, configuration: configuration).tint(tint)
    }
}

public struct CircularProgressViewStyle: ProgressViewStyle {
    let tint: Color?
    public init() { tint = nil }
    /// A ring in this colour (the older form of `.tint`).
    public init(tint: Color) { self.tint = tint }
    public func makeBody(configuration: Configuration) -> some View {
        BuiltInProgress(circular: true, configuration: configuration).tint(tint)
    }
}

extension ProgressViewStyle where Self == DefaultProgressViewStyle { public static var automatic: Self { Self() } }
extension ProgressViewStyle where Self == LinearProgressViewStyle { public static var linear: Self { Self() } }
extension ProgressViewStyle where Self == CircularProgressViewStyle { public static var circular: Self { Self() } }

/// The built-in progress views, also when an app's own style wraps one.
struct BuiltInProgress: View {
    let circular: Bool?
    let configuration: ProgressViewStyleConfiguration

    var body: some View {
        ProgressView(label: configuration.label, value: configuration.fractionCompleted, total: 1)
            .environment(\.progressStyling, circular.map { .builtIn(circular: $0) } ?? .builtIn(circular: nil))
    }
}

enum ProgressStyling {
    /// nil: a bar when the amount is known, a spinner when not.
    case builtIn(circular: Bool?)
    case custom(@MainActor (ProgressViewStyleConfiguration) -> AnyView)
}

private struct ProgressStylingKey: EnvironmentKey { static let defaultValue = ProgressStyling.builtIn(circular: nil) }

extension EnvironmentValues {
    var progressStyling: ProgressStyling {
        get { self[ProgressStylingKey.self] }
        set { self[ProgressStylingKey.self] = newValue }
    }
}

extension View {
    public func progressViewStyle<S: ProgressViewStyle>(_ style: S) -> some View {
        let styling: ProgressStyling
        switch style {
        case is DefaultProgressViewStyle: styling = .builtIn(circular: nil)
        case let linear as LinearProgressViewStyle where linear.tint == nil: styling = .builtIn(circular: false)
        case let circular as CircularProgressViewStyle where circular.tint == nil: styling = .builtIn(circular: true)
        default: styling = .custom { AnyView(style.makeBody(configuration: $0)) }
        }
        return environment(\.progressStyling, styling)
    }
}

// MARK: Sizes and shapes

/// How large controls are: `.controlSize(.small)` makes the buttons, fields, pickers and
/// toggles inside smaller; `@Environment(\.controlSize)` reads it.
public enum ControlSize: Hashable, Sendable, CaseIterable {
    case mini, small, regular, large, extraLarge

    var className: String? {
        switch self {
        case .mini: StyleClass.controlMini
        case .small: StyleClass.controlSmall
        case .regular: nil
        case .large: StyleClass.controlLarge
        case .extraLarge: StyleClass.controlExtraLarge
        }
    }
}

private struct ControlSizeKey: EnvironmentKey { static let defaultValue = ControlSize.regular }

extension EnvironmentValues {
    public var controlSize: ControlSize {
        get { self[ControlSizeKey.self] }
        set { self[ControlSizeKey.self] = newValue }
    }
}

/// The outline of a bordered button: `.capsule`, `.roundedRectangle(radius:)`, `.circle`.
public struct ButtonBorderShape: Hashable, Sendable {
    let radius: String
    /// The corner radius as a shape draws it: points, or nil for a capsule or a circle.
    let points: CGFloat?
    public static let automatic = ButtonBorderShape(radius: "8px", points: 8)
    public static let capsule = ButtonBorderShape(radius: "999px", points: nil)
    public static let roundedRectangle = ButtonBorderShape(radius: "8px", points: 8)
    public static let circle = ButtonBorderShape(radius: "50%", points: nil)
    public static func roundedRectangle(radius: CGFloat) -> ButtonBorderShape { ButtonBorderShape(radius: px(radius), points: radius) }
}

/// A button's border is a shape too (`.clipShape(.buttonBorder)`, `.contentShape(.capsule)`):
/// the rounded rectangle, capsule or circle of a bordered button.
extension ButtonBorderShape: BoxShape {
    public var cornerCSS: String { radius }
    public func path(in rect: CGRect) -> Path {
        if self == .circle { return Path(ellipseIn: rect) }
        return Path(roundedRect: rect, cornerRadius: points ?? min(rect.width, rect.height) / 2)
    }
}

extension Shape where Self == ButtonBorderShape {
    /// The shape of the bordered buttons around it: a rounded rectangle.
    public static var buttonBorder: ButtonBorderShape { .automatic }
}

/// A text field's look: `.roundedBorder` (the default here, as the browser's fields have one),
/// `.plain` (no border or background: text on the page), `.squareBorder`.
public protocol TextFieldStyle {}

public struct DefaultTextFieldStyle: TextFieldStyle { public init() {} }
public struct RoundedBorderTextFieldStyle: TextFieldStyle { public init() {} }
public struct PlainTextFieldStyle: TextFieldStyle { public init() {} }
public struct SquareBorderTextFieldStyle: TextFieldStyle { public init() {} }

extension TextFieldStyle where Self == DefaultTextFieldStyle { public static var automatic: Self { Self() } }
extension TextFieldStyle where Self == RoundedBorderTextFieldStyle { public static var roundedBorder: Self { Self() } }
extension TextFieldStyle where Self == PlainTextFieldStyle { public static var plain: Self { Self() } }
extension TextFieldStyle where Self == SquareBorderTextFieldStyle { public static var squareBorder: Self { Self() } }

extension View {
    public func controlSize(_ size: ControlSize) -> some View {
        environment(\.controlSize, size).modifier(StyleModifier { node in if let name = size.className { node.addClass(name) } })
    }

    /// The shape of the bordered buttons inside (`.bordered`, `.borderedProminent`).
    public func buttonBorderShape(_ shape: ButtonBorderShape) -> some View {
        modifier(StyleModifier { node in node.addStyle("\(StyleVariable.buttonRadius):\(shape.radius)") })
    }

    /// The look of the text fields inside.
    public func textFieldStyle<S: TextFieldStyle>(_ style: S) -> some View {
        let className: String? =
            switch style {
            case is PlainTextFieldStyle: StyleClass.fieldsPlain
            case is SquareBorderTextFieldStyle: StyleClass.fieldsSquare
            default: nil
            }
        return modifier(StyleModifier { node in if let className { node.addClass(className) } })
    }
}
