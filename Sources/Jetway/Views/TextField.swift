/// A one-line text input bound to a string, rendered as `<input>`. The title is the
/// placeholder and the accessible name.
///
/// ```swift
/// TextField("Flight number", text: $query)
/// SecureField("Password", text: $password)
/// ```
public struct TextField<Label: View>: _PrimitiveView {
    let title: String
    let text: Binding<String>
    let prompt: String?
    let inputType: String

    public static func _render(_ view: Self, _ context: _RenderContext, _ out: inout [Node]) {
        out.append(
            TextInput.node(
                context, type: view.inputType, title: view.title, prompt: view.prompt, text: view.text, className: "jw-textfield"))
    }
}

extension TextField where Label == Text {
    public init(_ titleKey: LocalizedStringKey, text: Binding<String>, prompt: Text? = nil) {
        self.init(title: titleKey.string, text: text, prompt: prompt?.string, inputType: "text")
    }

    @_disfavoredOverload
    public init<S: StringProtocol>(_ title: S, text: Binding<String>, prompt: Text? = nil) {
        self.init(title: String(title), text: text, prompt: prompt?.string, inputType: "text")
    }
}

/// A text input whose characters are hidden, rendered as `<input type="password">`.
public struct SecureField<Label: View>: _PrimitiveView {
    let title: String
    let text: Binding<String>

    public static func _render(_ view: Self, _ context: _RenderContext, _ out: inout [Node]) {
        let node = TextInput.node(context, type: "password", title: view.title, prompt: nil, text: view.text, className: "jw-textfield")
        node.setAttribute("autocomplete", "current-password")
        out.append(node)
    }
}

extension SecureField where Label == Text {
    public init(_ titleKey: LocalizedStringKey, text: Binding<String>) {
        self.init(title: titleKey.string, text: text)
    }

    @_disfavoredOverload
    public init<S: StringProtocol>(_ title: S, text: Binding<String>) {
        self.init(title: String(title), text: text)
    }
}

/// The `<input>` shared by text fields and the search field.
enum TextInput {
    @MainActor
    static func node(_ context: _RenderContext, type: String, title: String, prompt: String?, text: Binding<String>, className: String)
        -> Node
    {
        let node = context.element("input", className)
        node.setAttribute("type", type)
        node.setAttribute("value", context.track { text.wrappedValue })
        node.setAttribute("placeholder", prompt ?? title)
        node.setAttribute("aria-label", title)
        if context.environment.isEnabled {
            node.addHandler(
                EventBinding(event: .input) { payload in
                    text.wrappedValue = try payload.text()
                })
            if let submit = type == "search" ? context.environment.searchSubmitAction : context.environment.submitAction {
                node.addHandler(EventBinding(event: .submit) { _ in submit() })
            }
        } else {
            node.setAttribute("disabled", "")
        }
        return node
    }
}

private struct SubmitActionKey: EnvironmentKey {
    static let defaultValue: (@MainActor () -> Void)? = nil
}

private struct SearchSubmitActionKey: EnvironmentKey {
    static let defaultValue: (@MainActor () -> Void)? = nil
}

extension EnvironmentValues {
    var submitAction: (@MainActor () -> Void)? {
        get { self[SubmitActionKey.self] }
        set { self[SubmitActionKey.self] = newValue }
    }

    var searchSubmitAction: (@MainActor () -> Void)? {
        get { self[SearchSubmitActionKey.self] }
        set { self[SearchSubmitActionKey.self] = newValue }
    }
}

/// Which fields' Enter an `.onSubmit` hears: text fields, the `.searchable` field, or both.
public struct SubmitTriggers: OptionSet, Sendable {
    public let rawValue: Int
    public init(rawValue: Int) { self.rawValue = rawValue }
    public static let text = SubmitTriggers(rawValue: 1)
    public static let search = SubmitTriggers(rawValue: 2)
}

extension View {
    /// Runs `action` when the user presses Enter in a text field inside this view (or, with
    /// `of: .search`, in the `.searchable` field).
    public func onSubmit(of triggers: SubmitTriggers = .text, _ action: @escaping @MainActor () -> Void) -> some View {
        modifier(SubmitModifier(triggers: triggers, action: action))
    }
}

struct SubmitModifier: _PrimitiveModifier {
    let triggers: SubmitTriggers
    let action: @MainActor () -> Void

    static func _apply(_ modifier: Self, _ context: _RenderContext, _ out: inout [Node], _ content: @escaping _ContentRenderer) {
        var inner = context
        inner.writeEnvironment {
            if modifier.triggers.contains(.text) { $0.submitAction = modifier.action }
            if modifier.triggers.contains(.search) { $0.searchSubmitAction = modifier.action }
        }
        content(inner, &out)
    }
}
