/// A class attribute written once, not at each render.
private let textareaClasses = " \(StyleClass.textarea)"

/// A one-line text input bound to a string, rendered as `<input>`. The title is the
/// placeholder and the accessible name.
///
/// ```swift
/// TextField("Flight number", text: $query)
/// SecureField("Password", text: $password)
/// ```
public struct TextField<Label: View>: _PrimitiveView {
    /// The title and prompt are resolved when rendered: a catalog's key in the page's language.
    let title: Text
    let text: Binding<String>
    let prompt: Text?
    let inputType: String
    var axis: Axis = .horizontal
    /// A field bound to a formatted value takes the text when it is committed (Return, or the
    /// focus leaving), as SwiftUI's does: not each keystroke's half-typed number.
    var commitsOnChange = false
    /// A field bound to a formatted value: its text written and read in a page's locale (the
    /// value "1234.5" shown as "1.234,5" on a German page, and typed so).
    var localizedText: ((Locale) -> Binding<String>)?
    /// The iOS 13 form's actions: editing began (true) or ended (false), and Return.
    var onEditingChanged: (@MainActor (Bool) -> Void)?
    var onCommit: (@MainActor () -> Void)?

    /// Jetway's rendering entry point; not for apps.
    public static func _render(_ view: Self, _ context: _RenderContext, _ out: inout [Node]) {
        var context = context
        if let onCommit = view.onCommit {
            let outer = context.environment.submitAction
            context.writeEnvironment {
                $0.submitAction = {
                    onCommit()
                    outer?()
                }
            }
        }
        let node = TextInput.node(
            context, type: view.inputType, title: view.title.string(in: context.environment),
            prompt: view.prompt?.string(in: context.environment),
            text: Text.FormattedValue.locale(of: context.environment).flatMap { locale in view.localizedText?(locale) } ?? view.text,
            className: StyleClass.textfield,
            multiline: view.axis == .vertical, commitsOnChange: view.commitsOnChange)
        if let changed = view.onEditingChanged, context.environment.isEnabled {
            // After the field's own (a formatted value commits on blur).
            node.addHandler(EventBinding(event: .focus) { _ in changed(true) }, afterEarlier: true)
            node.addHandler(EventBinding(event: .blur) { _ in changed(false) }, afterEarlier: true)
        }
        out.append(node)
    }
}

extension TextField where Label == Text {
    /// The iOS 13 form: `onEditingChanged` hears the editing begin and end, `onCommit` Return.
    public init(
        _ titleKey: LocalizedStringKey, text: Binding<String>, onEditingChanged: @escaping @MainActor (Bool) -> Void = { _ in },
        onCommit: @escaping @MainActor () -> Void = {}
    ) {
        self.init(
            title: Text(titleKey), text: text, prompt: nil, inputType: "text", onEditingChanged: onEditingChanged, onCommit: onCommit)
    }

    /// The iOS 13 form titled with a string: `onEditingChanged` hears the editing begin and end,
    /// `onCommit` Return.
    @_disfavoredOverload
    public init<S: StringProtocol>(
        _ title: S, text: Binding<String>, onEditingChanged: @escaping @MainActor (Bool) -> Void = { _ in },
        onCommit: @escaping @MainActor () -> Void = {}
    ) {
        self.init(title: Text(title), text: text, prompt: nil, inputType: "text", onEditingChanged: onEditingChanged, onCommit: onCommit)
    }
}

extension TextField where Label == Text {
    /// A one-line field bound to `text`, titled with a localized string key; `prompt` (or else the
    /// title) is its placeholder and the title its `aria-label`. The binding is set at each keystroke.
    public init(_ titleKey: LocalizedStringKey, text: Binding<String>, prompt: Text? = nil) {
        self.init(title: Text(titleKey), text: text, prompt: prompt, inputType: "text")
    }

    /// A one-line field bound to `text`, titled with a string; `prompt` (or else the title) is its
    /// placeholder.
    @_disfavoredOverload
    public init<S: StringProtocol>(_ title: S, text: Binding<String>, prompt: Text? = nil) {
        self.init(title: Text(title), text: text, prompt: prompt, inputType: "text")
    }

    /// A field that grows with its text when `axis` is `.vertical` (a `<textarea>`).
    public init(_ titleKey: LocalizedStringKey, text: Binding<String>, prompt: Text? = nil, axis: Axis) {
        self.init(title: Text(titleKey), text: text, prompt: prompt, inputType: "text", axis: axis)
    }

    /// A field titled with a string that grows with its text when `axis` is `.vertical` (a
    /// `<textarea>`).
    @_disfavoredOverload
    public init<S: StringProtocol>(_ title: S, text: Binding<String>, prompt: Text? = nil, axis: Axis) {
        self.init(title: Text(title), text: text, prompt: prompt, inputType: "text", axis: axis)
    }
}

/// A text input whose characters are hidden, rendered as `<input type="password">`.
public struct SecureField<Label: View>: _PrimitiveView {
    let title: Text
    let text: Binding<String>

    /// Jetway's rendering entry point; not for apps.
    public static func _render(_ view: Self, _ context: _RenderContext, _ out: inout [Node]) {
        let node = TextInput.node(
            context, type: "password", title: view.title.string(in: context.environment), prompt: nil, text: view.text,
            className: StyleClass.textfield)
        if context.environment.textContentType == nil { node.setAttribute("autocomplete", "current-password") }
        out.append(node)
    }
}

extension SecureField where Label == Text {
    /// A password field bound to `text`, titled with a localized string key (its placeholder and
    /// `aria-label`). It asks autofill for the current password unless `.textContentType(_:)` says
    /// otherwise.
    public init(_ titleKey: LocalizedStringKey, text: Binding<String>) {
        self.init(title: Text(titleKey), text: text)
    }

    /// A password field bound to `text`, titled with a string.
    @_disfavoredOverload
    public init<S: StringProtocol>(_ title: S, text: Binding<String>) {
        self.init(title: Text(title), text: text)
    }
}

/// The `<input>` shared by text fields and the search field.
enum TextInput {
    @MainActor
    static func node(
        _ context: _RenderContext, type: String, title: String, prompt: String?, text: Binding<String>, className: String,
        multiline: Bool = false, commitsOnChange: Bool = false
    ) -> Node {
        let node: Node
        if multiline {
            node = context.element("textarea", className + textareaClasses)
            node.setAttribute("rows", "3")
            node.text = context.track { text.wrappedValue }
        } else {
            node = context.element("input", className)
            let keyboard = context.environment.keyboardType
            node.setAttribute("type", type == "text" ? keyboard.inputType : type)
            node.setAttribute("value", context.track { text.wrappedValue })
            if let mode = keyboard.inputMode { node.setAttribute("inputmode", mode) }
        }
        if let content = context.environment.textContentType { node.setAttribute("autocomplete", content.rawValue) }
        context.environment.fieldBehavior.apply(to: node)
        node.setAttribute("placeholder", prompt ?? title)
        node.setAttribute("aria-label", title)
        if context.environment.isEnabled {
            node.addHandler(
                EventBinding(event: commitsOnChange ? .change : .input) { payload in
                    text.wrappedValue = try payload.text()
                })
            // Return in a text area starts a new line; it submits only one-line fields.
            if !multiline, let submit = type == "search" ? context.environment.searchSubmitAction : context.environment.submitAction {
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
    /// The option bits.
    public let rawValue: Int
    /// The triggers whose bits `rawValue` sets.
    public init(rawValue: Int) { self.rawValue = rawValue }
    /// Return in a text field.
    public static let text = SubmitTriggers(rawValue: 1)
    /// Return in the `.searchable` field.
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

/// The keyboard a field asks a phone for (`.keyboardType(.emailAddress)`): the input's type
/// and `inputmode`.
public enum UIKeyboardType: Int, Hashable, Sendable {
    /// The keyboards of UIKit. Email, URL and phone keyboards set the input's type (`email`, `url`,
    /// `tel`); the number, decimal, phone, email, URL and web search keyboards set its `inputmode`; the
    /// others leave the default keyboard.
    case `default`, asciiCapable, numbersAndPunctuation, URL, numberPad, phonePad, namePhonePad, emailAddress, decimalPad, twitter,
        webSearch, asciiCapableNumberPad

    var inputType: String {
        switch self {
        case .emailAddress: "email"
        case .URL: "url"
        case .phonePad, .namePhonePad: "tel"
        default: "text"
        }
    }

    var inputMode: String? {
        switch self {
        case .numberPad, .asciiCapableNumberPad: "numeric"
        case .decimalPad, .numbersAndPunctuation: "decimal"
        case .phonePad, .namePhonePad: "tel"
        case .emailAddress: "email"
        case .URL: "url"
        case .webSearch: "search"
        default: nil
        }
    }
}

/// What a field holds, for the browser's autofill (`.textContentType(.username)`): the
/// input's `autocomplete` token.
public struct UITextContentType: RawRepresentable, Hashable, Sendable {
    /// The `autocomplete` token.
    public let rawValue: String
    /// A content type whose `autocomplete` token is `rawValue`.
    public init(rawValue: String) { self.rawValue = rawValue }

    /// A person's full name (`name`).
    public static let name = UITextContentType(rawValue: "name")
    /// A given name (`given-name`).
    public static let givenName = UITextContentType(rawValue: "given-name")
    /// A family name (`family-name`).
    public static let familyName = UITextContentType(rawValue: "family-name")
    /// A user name (`username`).
    public static let username = UITextContentType(rawValue: "username")
    /// The current password (`current-password`).
    public static let password = UITextContentType(rawValue: "current-password")
    /// A new password (`new-password`).
    public static let newPassword = UITextContentType(rawValue: "new-password")
    /// A one-time code (`one-time-code`).
    public static let oneTimeCode = UITextContentType(rawValue: "one-time-code")
    /// An email address (`email`).
    public static let emailAddress = UITextContentType(rawValue: "email")
    /// A telephone number (`tel`).
    public static let telephoneNumber = UITextContentType(rawValue: "tel")
    /// A URL (`url`).
    public static let URL = UITextContentType(rawValue: "url")
    /// A whole street address (`street-address`).
    public static let fullStreetAddress = UITextContentType(rawValue: "street-address")
    /// A postal code (`postal-code`).
    public static let postalCode = UITextContentType(rawValue: "postal-code")
    /// A country's name (`country-name`).
    public static let countryName = UITextContentType(rawValue: "country-name")
    /// A credit card number (`cc-number`).
    public static let creditCardNumber = UITextContentType(rawValue: "cc-number")
    /// An organisation's name (`organization`).
    public static let organizationName = UITextContentType(rawValue: "organization")
}

private struct KeyboardTypeKey: EnvironmentKey { static let defaultValue = UIKeyboardType.default }
private struct TextContentTypeKey: EnvironmentKey { static let defaultValue: UITextContentType? = nil }

extension EnvironmentValues {
    var keyboardType: UIKeyboardType {
        get { self[KeyboardTypeKey.self] }
        set { self[KeyboardTypeKey.self] = newValue }
    }

    var textContentType: UITextContentType? {
        get { self[TextContentTypeKey.self] }
        set { self[TextContentTypeKey.self] = newValue }
    }
}

extension View {
    /// The keyboard the fields inside ask a phone for.
    public func keyboardType(_ type: UIKeyboardType) -> some View {
        environment(\.keyboardType, type)
    }

    /// What the fields inside hold, for the browser's autofill.
    public func textContentType(_ type: UITextContentType?) -> some View {
        environment(\.textContentType, type)
    }
}
