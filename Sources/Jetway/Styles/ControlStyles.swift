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
    /// The view a style draws a button's label as.
    associatedtype Body: View
    /// Draws the button's look from `configuration`; Jetway puts it inside the `<button>` (class
    /// `jw-styled`).
    @ViewBuilder @MainActor func makeBody(configuration: Configuration) -> Body
    /// The label, press state and role of the button being styled.
    typealias Configuration = ButtonStyleConfiguration
}

/// A button's whole behaviour: the style decides what acts (`configuration.trigger()`).
public protocol PrimitiveButtonStyle {
    /// The view a style draws a button as.
    associatedtype Body: View
    /// Draws the whole button from `configuration`, calling `configuration.trigger()` to act.
    @ViewBuilder @MainActor func makeBody(configuration: Configuration) -> Body
    /// The label, role and action of the button being styled.
    typealias Configuration = PrimitiveButtonStyleConfiguration
}

/// What a `ButtonStyle` draws: the button's label, whether it is pressed, and its role.
public struct ButtonStyleConfiguration {
    /// The button's label, as its code wrote it.
    public struct Label: _PrimitiveView {
        let content: AnyView
        /// Jetway's rendering entry point; not for apps. The label renders as the button's code wrote it.
        public static func _render(_ view: Self, _ context: _RenderContext, _ out: inout [Node]) {
            AnyView._render(view.content, context, &out)
        }
    }

    /// The button's label, to place in the style's body.
    public let label: Label
    /// False when the server draws the body; the browser shows the press (`:active`).
    public let isPressed: Bool
    /// The button's role (`.destructive`, `.cancel`), or nil.
    public let role: ButtonRole?
}

/// What a `PrimitiveButtonStyle` draws: the button's label, role, and an action to call.
public struct PrimitiveButtonStyleConfiguration {
    /// The button's label view.
    public typealias Label = ButtonStyleConfiguration.Label
    /// The button's label, to place in the style's body.
    public let label: Label
    /// The button's role (`.destructive`, `.cancel`), or nil.
    public let role: ButtonRole?
    let isEnabled: Bool
    let action: @MainActor () -> Void

    /// Does what the button does.
    @MainActor public func trigger() { if isEnabled { action() } }
}

/// Built-in button styles: a class on the `<button>` (jetway.css).
public struct DefaultButtonStyle: PrimitiveButtonStyle {
    /// Creates the default button style.
    public init() {}
    /// A `<button>` of class `jw-button` with no style class: the label in the accent colour.
    public func makeBody(configuration: Configuration) -> some View { BuiltInButton(className: nil, configuration: configuration) }
}

/// A button with no border or tint: the label in the colour around it (class `jw-plain`).
public struct PlainButtonStyle: PrimitiveButtonStyle {
    /// Creates the plain button style.
    public init() {}
    /// A `<button>` of class `jw-plain`: no padding, the label in the colour around it.
    public func makeBody(configuration: Configuration) -> some View {
        BuiltInButton(className: StyleClass.plain, configuration: configuration)
    }
}

/// A button without a border (class `jw-borderless`): its label in the accent colour, as on iOS,
/// with no padding.
public struct BorderlessButtonStyle: PrimitiveButtonStyle {
    /// Creates the borderless button style.
    public init() {}
    /// A `<button>` of class `jw-borderless`: no padding, the label in the accent colour.
    public func makeBody(configuration: Configuration) -> some View {
        BuiltInButton(className: StyleClass.borderless, configuration: configuration)
    }
}

/// A button on a light tint of the accent colour (class `jw-bordered`), its corners
/// `buttonBorderShape(_:)`'s.
public struct BorderedButtonStyle: PrimitiveButtonStyle {
    /// Creates the bordered button style.
    public init() {}
    /// A `<button>` of class `jw-bordered`.
    public func makeBody(configuration: Configuration) -> some View {
        BuiltInButton(className: StyleClass.bordered, configuration: configuration)
    }
}

/// A button filled with the accent colour, its label white and semibold (class `jw-prominent`).
public struct BorderedProminentButtonStyle: PrimitiveButtonStyle {
    /// Creates the bordered prominent button style.
    public init() {}
    /// A `<button>` of class `jw-prominent`.
    public func makeBody(configuration: Configuration) -> some View {
        BuiltInButton(className: StyleClass.prominent, configuration: configuration)
    }
}

extension PrimitiveButtonStyle where Self == DefaultButtonStyle {
    /// Shorthand for `DefaultButtonStyle()`.
    public static var automatic: Self { Self() }
}
extension PrimitiveButtonStyle where Self == PlainButtonStyle {
    /// Shorthand for `PlainButtonStyle()`.
    public static var plain: Self { Self() }
}
extension PrimitiveButtonStyle where Self == BorderlessButtonStyle {
    /// Shorthand for `BorderlessButtonStyle()`.
    public static var borderless: Self { Self() }
}
extension PrimitiveButtonStyle where Self == BorderedButtonStyle {
    /// Shorthand for `BorderedButtonStyle()`.
    public static var bordered: Self { Self() }
}
extension PrimitiveButtonStyle where Self == BorderedProminentButtonStyle {
    /// Shorthand for `BorderedProminentButtonStyle()`.
    public static var borderedProminent: Self { Self() }
}

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
    /// The view a style draws a toggle as.
    associatedtype Body: View
    /// Draws the toggle from `configuration`, flipping `configuration.isOn` to change it.
    @ViewBuilder @MainActor func makeBody(configuration: Configuration) -> Body
    /// The label and value of the toggle being styled.
    typealias Configuration = ToggleStyleConfiguration
}

/// What a `ToggleStyle` draws: the toggle's label and its value.
public struct ToggleStyleConfiguration {
    /// The toggle's label view.
    public typealias Label = ButtonStyleConfiguration.Label
    /// The toggle's label, to place in the style's body.
    public let label: Label
    /// The toggle's value; `configuration.isOn.toggle()` flips it.
    @Binding public var isOn: Bool
    /// Always false: Jetway's toggles have no mixed state.
    public var isMixed: Bool { false }

    init(label: Label, isOn: Binding<Bool>) {
        self.label = label
        self._isOn = isOn
    }
}

/// The default toggle look: a switch.
public struct DefaultToggleStyle: ToggleStyle {
    /// Creates the default toggle style.
    public init() {}
    /// A `<label>` around an `<input type=checkbox role=switch>` and the label.
    public func makeBody(configuration: Configuration) -> some View { BuiltInToggle(kind: .switch, configuration: configuration) }
}

/// A switch: an `<input type=checkbox role=switch>` in a `<label>` with the toggle's label.
public struct SwitchToggleStyle: ToggleStyle {
    let tint: Color?
    /// Creates the switch style, in the accent colour when on.
    public init() { tint = nil }
    /// A switch in this colour when on (the older form of `.tint`).
    public init(tint: Color) { self.tint = tint }
    /// The switch, tinted when a tint was given.
    public func makeBody(configuration: Configuration) -> some View {
        BuiltInToggle(kind: .switch, configuration: configuration).tint(tint)
    }
}

/// A button that stays pressed while on: a bordered `<button>` with `aria-pressed`, filled while on.
public struct ButtonToggleStyle: ToggleStyle {
    /// Creates the button toggle style.
    public init() {}
    /// The pressed-or-not button.
    public func makeBody(configuration: Configuration) -> some View { BuiltInToggle(kind: .button, configuration: configuration) }
}

/// A checkbox: an `<input type=checkbox>` in a `<label>` with the toggle's label.
public struct CheckboxToggleStyle: ToggleStyle {
    /// Creates the checkbox toggle style.
    public init() {}
    /// A `<label>` around an `<input type=checkbox>` and the label.
    public func makeBody(configuration: Configuration) -> some View { BuiltInToggle(kind: .checkbox, configuration: configuration) }
}

extension ToggleStyle where Self == DefaultToggleStyle {
    /// The default toggle look, a switch (`.toggleStyle(.automatic)`).
    public static var automatic: Self { Self() }
}
extension ToggleStyle where Self == SwitchToggleStyle {
    /// A switch (`.toggleStyle(.switch)`).
    public static var `switch`: Self { Self() }
}
extension ToggleStyle where Self == ButtonToggleStyle {
    /// A button that stays pressed while on (`.toggleStyle(.button)`).
    public static var button: Self { Self() }
}
extension ToggleStyle where Self == CheckboxToggleStyle {
    /// A checkbox (`.toggleStyle(.checkbox)`).
    public static var checkbox: Self { Self() }
}

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
    /// The look of the toggles in this view: a built-in style or an app's own `ToggleStyle`.
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
    /// The view a style draws a label as.
    associatedtype Body: View
    /// Draws the label from `configuration`'s title and icon.
    @ViewBuilder @MainActor func makeBody(configuration: Configuration) -> Body
    /// The title and icon of the label being styled.
    typealias Configuration = LabelStyleConfiguration
}

/// What a `LabelStyle` draws: the label's title and icon.
public struct LabelStyleConfiguration {
    /// The label's title view.
    public typealias Title = ButtonStyleConfiguration.Label
    /// The label's icon view.
    public typealias Icon = ButtonStyleConfiguration.Label
    /// The label's title, to place in the style's body.
    public let title: Title
    /// The label's icon, to place in the style's body.
    public let icon: Icon
}

/// The default label look: the icon and the title.
public struct DefaultLabelStyle: LabelStyle {
    /// Creates the default label style.
    public init() {}
    /// The icon and the title, side by side.
    public func makeBody(configuration: Configuration) -> some View {
        LabelElement(styling: .titleAndIcon, title: configuration.title, icon: configuration.icon)
    }
}

/// The icon alone; the title stays the label's accessible name (`aria-label`).
public struct IconOnlyLabelStyle: LabelStyle {
    /// Creates the icon-only label style.
    public init() {}
    /// The icon, with the title as its `aria-label`.
    public func makeBody(configuration: Configuration) -> some View {
        LabelElement(styling: .iconOnly, title: configuration.title, icon: configuration.icon)
    }
}

/// The title alone.
public struct TitleOnlyLabelStyle: LabelStyle {
    /// Creates the title-only label style.
    public init() {}
    /// The title, without the icon.
    public func makeBody(configuration: Configuration) -> some View {
        LabelElement(styling: .titleOnly, title: configuration.title, icon: configuration.icon)
    }
}

/// The icon and the title, as the default.
public struct TitleAndIconLabelStyle: LabelStyle {
    /// Creates the title-and-icon label style.
    public init() {}
    /// The icon and the title, side by side.
    public func makeBody(configuration: Configuration) -> some View {
        LabelElement(styling: .titleAndIcon, title: configuration.title, icon: configuration.icon)
    }
}

extension LabelStyle where Self == DefaultLabelStyle {
    /// The default label look, icon and title (`.labelStyle(.automatic)`).
    public static var automatic: Self { Self() }
}
extension LabelStyle where Self == IconOnlyLabelStyle {
    /// The icon alone, the title kept as its accessible name (`.labelStyle(.iconOnly)`).
    public static var iconOnly: Self { Self() }
}
extension LabelStyle where Self == TitleOnlyLabelStyle {
    /// The title alone (`.labelStyle(.titleOnly)`).
    public static var titleOnly: Self { Self() }
}
extension LabelStyle where Self == TitleAndIconLabelStyle {
    /// The icon and the title (`.labelStyle(.titleAndIcon)`).
    public static var titleAndIcon: Self { Self() }
}

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
    /// The look of the labels in this view: a built-in style or an app's own `LabelStyle`.
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
    /// The view a style draws a progress view as.
    associatedtype Body: View
    /// Draws the progress view from `configuration`'s amount and label.
    @ViewBuilder @MainActor func makeBody(configuration: Configuration) -> Body
    /// The amount and label of the progress view being styled.
    typealias Configuration = ProgressViewStyleConfiguration
}

/// What a `ProgressViewStyle` draws: how far along it is, and its label.
public struct ProgressViewStyleConfiguration {
    /// The progress view's label view.
    public typealias Label = ButtonStyleConfiguration.Label
    /// From 0 to 1; nil when the amount is unknown.
    public let fractionCompleted: Double?
    /// The progress view's label, or nil when it has none.
    public let label: Label?
    /// Always nil: Jetway's progress views have no current-value label.
    public var currentValueLabel: Label? { nil }
}

/// The default progress look: a bar, the browser's `<progress>` (in its indeterminate look when the
/// amount is unknown).
public struct DefaultProgressViewStyle: ProgressViewStyle {
    /// Creates the default progress view style.
    public init() {}
    /// The built-in progress view: a `<progress>` bar.
    public func makeBody(configuration: Configuration) -> some View { BuiltInProgress(circular: nil, configuration: configuration) }
}

/// A bar: the browser's `<progress>` in the accent colour.
public struct LinearProgressViewStyle: ProgressViewStyle {
    let tint: Color?
    /// Creates the linear style, in the accent colour.
    public init() { tint = nil }
    /// A bar in this colour (the older form of `.tint`).
    public init(tint: Color) { self.tint = tint }
    /// The `<progress>` bar, tinted when a tint was given.
    public func makeBody(configuration: Configuration) -> some View {
        BuiltInProgress(circular: false, configuration: configuration).tint(tint)
    }
}

/// A ring filled as far as the amount (`role=progressbar`), or a turning ring when the amount is unknown.
public struct CircularProgressViewStyle: ProgressViewStyle {
    let tint: Color?
    /// Creates the circular style, in the accent colour.
    public init() { tint = nil }
    /// A ring in this colour (the older form of `.tint`).
    public init(tint: Color) { self.tint = tint }
    /// The ring, tinted when a tint was given.
    public func makeBody(configuration: Configuration) -> some View {
        BuiltInProgress(circular: true, configuration: configuration).tint(tint)
    }
}

extension ProgressViewStyle where Self == DefaultProgressViewStyle {
    /// The default progress look, a bar (`.progressViewStyle(.automatic)`).
    public static var automatic: Self { Self() }
}
extension ProgressViewStyle where Self == LinearProgressViewStyle {
    /// A bar (`.progressViewStyle(.linear)`).
    public static var linear: Self { Self() }
}
extension ProgressViewStyle where Self == CircularProgressViewStyle {
    /// A ring, or a spinner when the amount is unknown (`.progressViewStyle(.circular)`).
    public static var circular: Self { Self() }
}

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
    /// The look of the progress views in this view: a built-in style or an app's own `ProgressViewStyle`.
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
    /// From smallest to largest; `regular` adds nothing, the others a class (`jw-control-xs`, `-s`,
    /// `-l`, `-xl`) that changes the controls' font size or padding.
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
    /// The size of the controls here: `.regular` unless a `.controlSize(_:)` outside sets it.
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
    /// The default: corners of 8 points.
    public static let automatic = ButtonBorderShape(radius: "8px", points: 8)
    /// A capsule: fully rounded ends.
    public static let capsule = ButtonBorderShape(radius: "999px", points: nil)
    /// A rounded rectangle with corners of 8 points.
    public static let roundedRectangle = ButtonBorderShape(radius: "8px", points: 8)
    /// A circle (`border-radius:50%`).
    public static let circle = ButtonBorderShape(radius: "50%", points: nil)
    /// A rounded rectangle with corners of `radius` points.
    public static func roundedRectangle(radius: CGFloat) -> ButtonBorderShape { ButtonBorderShape(radius: px(radius), points: radius) }
}

/// A button's border is a shape too (`.clipShape(.buttonBorder)`, `.contentShape(.capsule)`):
/// the rounded rectangle, capsule or circle of a bordered button.
extension ButtonBorderShape: BoxShape {
    /// The CSS `border-radius` of this shape.
    public var cornerCSS: String { radius }
    /// The shape's path in `rect`: an ellipse for `circle`, else a rounded rectangle (a capsule's
    /// radius is half the short side).
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

/// The default text field look: the browser's field with its rounded border (no class).
public struct DefaultTextFieldStyle: TextFieldStyle {
    /// Creates the style; it has no settings.
    public init() {}
}
/// A field with a rounded border, as the default.
public struct RoundedBorderTextFieldStyle: TextFieldStyle {
    /// Creates the style; it has no settings.
    public init() {}
}
/// A field with no border or background: text on the page (class `jw-fields-plain` on the container).
public struct PlainTextFieldStyle: TextFieldStyle {
    /// Creates the style; it has no settings.
    public init() {}
}
/// A field with square corners (class `jw-fields-square` on the container).
public struct SquareBorderTextFieldStyle: TextFieldStyle {
    /// Creates the style; it has no settings.
    public init() {}
}

extension TextFieldStyle where Self == DefaultTextFieldStyle {
    /// The default text field look, a rounded border (`.textFieldStyle(.automatic)`).
    public static var automatic: Self { Self() }
}
extension TextFieldStyle where Self == RoundedBorderTextFieldStyle {
    /// A rounded border (`.textFieldStyle(.roundedBorder)`).
    public static var roundedBorder: Self { Self() }
}
extension TextFieldStyle where Self == PlainTextFieldStyle {
    /// No border or background (`.textFieldStyle(.plain)`).
    public static var plain: Self { Self() }
}
extension TextFieldStyle where Self == SquareBorderTextFieldStyle {
    /// Square corners (`.textFieldStyle(.squareBorder)`).
    public static var squareBorder: Self { Self() }
}

extension View {
    /// The size of the controls inside, and a class on the view that makes them smaller or larger.
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
