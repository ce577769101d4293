/// A control that runs an action when clicked, rendered as `<button>`.
///
/// ```swift
/// Button("Add Item") { sheet = .addItem }
/// Button(action: refresh) { Label("Refresh", systemImage: "arrow.clockwise") }
/// Button("Load") { Task { await model.load() } }
/// ```
public struct Button<Label: View>: _PrimitiveView {
    let label: Label
    let role: ButtonRole?
    let action: @MainActor () -> Void

    /// A button that runs `action` on the main actor when clicked, showing `label`.
    ///
    /// In a disabled environment (`.disabled(true)`) the `<button>` is rendered `disabled` and has no
    /// click handler; among an alert's actions it dismisses the alert after `action` runs.
    public init(action: @escaping @MainActor () -> Void, @ViewBuilder label: () -> Label) {
        self.label = label()
        self.role = nil
        self.action = action
    }

    /// A button with a `role`: `.destructive` shows its label in red, `.cancel` in semibold.
    public init(role: ButtonRole?, action: @escaping @MainActor () -> Void, @ViewBuilder label: () -> Label) {
        self.label = label()
        self.role = role
        self.action = action
    }

    /// Jetway's rendering entry point; not for apps.
    public static func _render(_ view: Self, _ context: _RenderContext, _ out: inout [Node]) {
        let action = view.action
        // A button among an alert's actions dismisses the alert once it has acted.
        let alert = context.environment.buttonDismissesAlert
        var trigger = action
        if let alert {
            trigger = {
                action()
                alert.action()
            }
        }
        switch context.environment.buttonStyling {
        case .builtIn(let className):
            ButtonElement._render(ButtonElement(className: className, role: view.role, label: view.label, trigger: trigger), context, &out)
        case .primitive(let style):
            let label = AnyView(view.label)
            let configuration = PrimitiveButtonStyleConfiguration(
                label: .init(content: label), role: view.role, isEnabled: context.environment.isEnabled, action: trigger)
            AnyView._render(style(configuration), context, &out)
        case .custom(let style):
            let label = AnyView(view.label)
            let body = style(ButtonStyleConfiguration(label: .init(content: label), isPressed: false, role: view.role))
            ButtonElement._render(
                ButtonElement(className: StyleClass.styledButton, role: view.role, label: body, trigger: trigger), context, &out)
        }
    }
}

/// The `<button>` every button is in the end: its classes, role, label and action.
struct ButtonElement<Label: View>: _PrimitiveView {
    let className: String?
    let role: ButtonRole?
    let label: Label
    let trigger: @MainActor () -> Void

    static func _render(_ view: Self, _ context: _RenderContext, _ out: inout [Node]) {
        let node = context.element("button", StyleClass.button)
        node.setAttribute("type", "button")
        if let className = view.className { node.addClass(className) }
        if view.role == .destructive { node.addClass(StyleClass.destructive) }
        if view.role == .cancel { node.addClass(StyleClass.cancel) }
        context.renderChildren(view.label, into: node)
        // A label that takes the width offered (`.frame(maxWidth: .infinity)`) makes the button take it.
        node.takeFills(from: node.children)
        if context.environment.isEnabled {
            let trigger = view.trigger
            node.addHandler(EventBinding(event: .click) { _ in trigger() })
        } else {
            node.setAttribute("disabled", "")
        }
        out.append(node)
    }
}

extension Button where Label == Text {
    /// A button titled with a localized string key (Markdown in a literal is read, as `Text` reads it).
    public init(_ titleKey: LocalizedStringKey, action: @escaping @MainActor () -> Void) {
        self.init(action: action) { Text(titleKey) }
    }

    /// A button titled with a string, shown as written.
    @_disfavoredOverload
    public init<S: StringProtocol>(_ title: S, action: @escaping @MainActor () -> Void) {
        self.init(action: action) { Text(title) }
    }

    /// A button with a `role`, titled with a localized string key.
    public init(_ titleKey: LocalizedStringKey, role: ButtonRole?, action: @escaping @MainActor () -> Void) {
        self.init(role: role, action: action) { Text(titleKey) }
    }

    /// A button with a `role`, titled with a string shown as written.
    @_disfavoredOverload
    public init<S: StringProtocol>(_ title: S, role: ButtonRole?, action: @escaping @MainActor () -> Void) {
        self.init(role: role, action: action) { Text(title) }
    }
}

extension Button where Label == Jetway.Label<Text, Image> {
    /// A button with a title and a system image: `Button("Add", systemImage: "plus") { … }`.
    public init(_ titleKey: LocalizedStringKey, systemImage: String, role: ButtonRole? = nil, action: @escaping @MainActor () -> Void) {
        self.init(role: role, action: action) { Jetway.Label(titleKey, systemImage: systemImage) }
    }

    /// A button with a title string and a system image: `Button(name, systemImage: "plus") { … }`.
    @_disfavoredOverload
    public init<S: StringProtocol>(_ title: S, systemImage: String, role: ButtonRole? = nil, action: @escaping @MainActor () -> Void) {
        self.init(role: role, action: action) { Jetway.Label(title, systemImage: systemImage) }
    }
}

/// What a button does, for its styling.
public enum ButtonRole: Hashable, Sendable {
    /// `destructive` shows the button's label in red; `cancel` shows it in semibold (as an alert's
    /// cancel button). Neither changes where the button goes or what it does.
    case destructive, cancel
}
