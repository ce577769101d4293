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

    public init(action: @escaping @MainActor () -> Void, @ViewBuilder label: () -> Label) {
        self.label = label()
        self.role = nil
        self.action = action
    }

    public init(role: ButtonRole?, action: @escaping @MainActor () -> Void, @ViewBuilder label: () -> Label) {
        self.label = label()
        self.role = role
        self.action = action
    }

    public static func _render(_ view: Self, _ context: _RenderContext, _ out: inout [Node]) {
        let node = context.element("button", StyleClass.button)
        node.setAttribute("type", "button")
        context.environment.buttonStyle.apply(to: node)
        if view.role == .destructive { node.addClass(StyleClass.destructive) }
        if view.role == .cancel { node.addClass(StyleClass.cancel) }
        context.renderChildren(view.label, into: node)
        if context.environment.isEnabled {
            let action = view.action
            // A button among an alert's actions dismisses the alert once it has acted.
            if let alert = context.environment.buttonDismissesAlert {
                node.addHandler(
                    EventBinding(event: .click) { _ in
                        action()
                        alert.action()
                    })
            } else {
                node.addHandler(EventBinding(event: .click) { _ in action() })
            }
        } else {
            node.setAttribute("disabled", "")
        }
        out.append(node)
    }
}

extension Button where Label == Text {
    public init(_ titleKey: LocalizedStringKey, action: @escaping @MainActor () -> Void) {
        self.init(action: action) { Text(titleKey) }
    }

    @_disfavoredOverload
    public init<S: StringProtocol>(_ title: S, action: @escaping @MainActor () -> Void) {
        self.init(action: action) { Text(title) }
    }

    public init(_ titleKey: LocalizedStringKey, role: ButtonRole?, action: @escaping @MainActor () -> Void) {
        self.init(role: role, action: action) { Text(titleKey) }
    }
}

/// What a button does, for its styling.
public enum ButtonRole: Hashable, Sendable {
    case destructive, cancel
}

/// How buttons look: `.buttonStyle(.borderedProminent)`.
public struct ButtonStyleKind: Hashable, Sendable {
    let className: String?
    public static let automatic = ButtonStyleKind(className: nil)
    public static let bordered = ButtonStyleKind(className: StyleClass.bordered)
    public static let borderedProminent = ButtonStyleKind(className: StyleClass.prominent)
    public static let borderless = ButtonStyleKind(className: StyleClass.borderless)
    public static let plain = ButtonStyleKind(className: StyleClass.plain)

    func apply(to node: Node) {
        if let className { node.addClass(className) }
    }
}

private struct ButtonStyleKey: EnvironmentKey { static let defaultValue = ButtonStyleKind.automatic }

extension EnvironmentValues {
    var buttonStyle: ButtonStyleKind {
        get { self[ButtonStyleKey.self] }
        set { self[ButtonStyleKey.self] = newValue }
    }
}

extension View {
    /// Sets the style of buttons in this view.
    public func buttonStyle(_ style: ButtonStyleKind) -> some View {
        environment(\.buttonStyle, style)
    }
}
