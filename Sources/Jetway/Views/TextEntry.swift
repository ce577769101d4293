import Foundation

// Text input and formatted values as SwiftUI writes them: fields bound to a formatted value,
// a multi-line editor, and how a field's keyboard behaves (capitals, corrections, its Return
// key). The browser's own attributes do each (`autocapitalize`, `autocorrect`, `spellcheck`,
// `enterkeyhint`).

extension TextField where Label == Text {
    /// A field bound to a value shown with `format`: what is typed is parsed as the format
    /// reads it when committed (Return, or the focus leaving, as SwiftUI's); text it cannot read
    /// leaves the value as it was.
    ///
    /// ```swift
    /// TextField("Fare", value: $fare, format: .number)
    /// ```
    public init<F: ParseableFormatStyle>(_ titleKey: LocalizedStringKey, value: Binding<F.FormatInput>, format: F, prompt: Text? = nil)
    where F.FormatOutput == String {
        self.init(
            title: Text(titleKey), text: FormattedValue.binding(value, format: format), prompt: prompt, inputType: "text",
            commitsOnChange: true)
        localizedText = { FormattedValue.binding(value, format: format.locale($0)) }
    }

    /// A field titled with a string, bound to a value shown with `format`; what is typed is read when
    /// committed, and text the format cannot read leaves the value as it was.
    @_disfavoredOverload
    public init<S: StringProtocol, F: ParseableFormatStyle>(_ title: S, value: Binding<F.FormatInput>, format: F, prompt: Text? = nil)
    where F.FormatOutput == String {
        self.init(
            title: Text(title), text: FormattedValue.binding(value, format: format), prompt: prompt, inputType: "text",
            commitsOnChange: true)
        localizedText = { FormattedValue.binding(value, format: format.locale($0)) }
    }

    /// The older form, with a `Formatter` (`NumberFormatter`, `DateFormatter`).
    public init<V>(_ titleKey: LocalizedStringKey, value: Binding<V>, formatter: Formatter, prompt: Text? = nil) {
        self.init(
            title: Text(titleKey), text: FormattedValue.binding(value, formatter: formatter), prompt: prompt, inputType: "text",
            commitsOnChange: true)
    }
}

enum FormattedValue {
    static func binding<F: ParseableFormatStyle>(_ value: Binding<F.FormatInput>, format: F) -> Binding<String>
    where F.FormatOutput == String {
        Binding(
            get: { format.format(value.wrappedValue) },
            set: { text in if let parsed = try? format.parseStrategy.parse(text) { value.wrappedValue = parsed } })
    }

    static func binding<V>(_ value: Binding<V>, formatter: Formatter) -> Binding<String> {
        Binding(
            get: { formatter.string(for: value.wrappedValue) ?? "" },
            set: { text in
                // What swift-corelibs-foundation's formatters can read back: numbers and dates.
                var parsed: Any?
                if let numbers = formatter as? NumberFormatter, let number = numbers.number(from: text) {
                    switch V.self {
                    case is Double.Type, is Double?.Type: parsed = number.doubleValue
                    case is Float.Type, is Float?.Type: parsed = number.floatValue
                    case is Int.Type, is Int?.Type: parsed = number.intValue
                    case is Decimal.Type, is Decimal?.Type: parsed = number.decimalValue
                    default: parsed = number
                    }
                } else if let dates = formatter as? DateFormatter {
                    parsed = dates.date(from: text)
                }
                if let parsed = parsed as? V { value.wrappedValue = parsed }
            })
    }
}

/// A multi-line text editor bound to a string: a `<textarea>` (Return starts a new line).
///
/// ```swift
/// TextEditor(text: $notes)
/// ```
public struct TextEditor: _PrimitiveView {
    let text: Binding<String>

    /// An editor bound to `text`: a `<textarea>` with no placeholder or label of its own, the binding
    /// set at each keystroke. Disabled in a disabled environment.
    public init(text: Binding<String>) {
        self.text = text
    }

    /// Jetway's rendering entry point; not for apps.
    public static func _render(_ view: Self, _ context: _RenderContext, _ out: inout [Node]) {
        let node = TextInput.node(
            context, type: "text", title: "", prompt: nil, text: view.text, className: StyleClass.textfield, multiline: true)
        node.removeAttribute("placeholder")
        node.removeAttribute("aria-label")
        node.addClass(StyleClass.textEditor)
        out.append(node)
    }
}

extension Text {
    /// A value shown as `format` writes it: `Text(fare, format: .currency(code: "EUR"))`,
    /// `Text(departure, format: .dateTime.hour().minute())` — in the page's locale, as SwiftUI
    /// writes it in the environment's ("12,50 €" on a German page); on a page no language was
    /// asked for, as the style says.
    nonisolated public init<F: FormatStyle>(_ input: F.FormatInput, format: F) where F.FormatInput: Equatable, F.FormatOutput == String {
        self.init(
            formatted: FormattedValue(
                format: AnyHashable(format), input: input, isSameInput: { ($0 as? F.FormatInput) == input },
                write: { locale in (locale.map { format.locale($0) } ?? format).format(input) }))
    }

    /// An object shown as a Foundation formatter writes it: `Text(total as NSNumber, formatter:
    /// currencyFormatter)` (empty when the formatter cannot write it).
    public init<Subject: NSObject>(_ subject: Subject, formatter: Formatter) {
        self.init(verbatim: formatter.string(for: subject) ?? "")
    }

    /// A value shown as a Foundation formatter writes it: `Text(date, formatter: dateFormatter)`.
    public init<Subject: ReferenceConvertible>(_ subject: Subject, formatter: Formatter) {
        self.init(verbatim: formatter.string(for: subject) ?? "")
    }
}

extension LocalizedStringKey.StringInterpolation {
    /// `"\(fare, specifier: "%.2f")"`: a number as a printf format writes it.
    public mutating func appendInterpolation<T: CVarArg>(_ value: T, specifier: String) {
        appendLiteral(String(format: specifier, value))
    }

    /// `"Date: \(day, formatter: dateFormatter)"`: the value as the formatter writes it.
    public mutating func appendInterpolation<Subject>(_ subject: Subject, formatter: Formatter) {
        appendLiteral(formatter.string(for: subject) ?? "")
    }
}

/// How a field capitalizes what is typed on a phone's keyboard.
public struct TextInputAutocapitalization: Sendable, Hashable {
    let attribute: String
    /// No capitals added (`autocapitalize="none"`).
    public static let never = TextInputAutocapitalization(attribute: "none")
    /// A capital at the start of each word.
    public static let words = TextInputAutocapitalization(attribute: "words")
    /// A capital at the start of each sentence.
    public static let sentences = TextInputAutocapitalization(attribute: "sentences")
    /// Every character in capitals.
    public static let characters = TextInputAutocapitalization(attribute: "characters")
}

/// The label of a field's Return key on a phone's keyboard (`enterkeyhint`).
public struct SubmitLabel: Sendable, Hashable {
    let hint: String
    /// "Done" (`enterkeyhint="done"`).
    public static let done = SubmitLabel(hint: "done")
    /// "Go" (`enterkeyhint="go"`).
    public static let go = SubmitLabel(hint: "go")
    /// "Send" (`enterkeyhint="send"`).
    public static let send = SubmitLabel(hint: "send")
    /// "Join"; a browser has no such key, so it asks for "Go".
    public static let join = SubmitLabel(hint: "go")
    /// "Route"; a browser has no such key, so it asks for "Go".
    public static let route = SubmitLabel(hint: "go")
    /// "Search" (`enterkeyhint="search"`).
    public static let search = SubmitLabel(hint: "search")
    /// "Return" (`enterkeyhint="enter"`).
    public static let `return` = SubmitLabel(hint: "enter")
    /// "Next" (`enterkeyhint="next"`).
    public static let next = SubmitLabel(hint: "next")
    /// "Continue"; a browser has no such key, so it asks for "Next".
    public static let `continue` = SubmitLabel(hint: "next")
}

/// The field settings of a subtree, read by every text input in it.
struct FieldBehavior: Hashable, Sendable {
    var autocapitalization: TextInputAutocapitalization?
    var autocorrectionDisabled = false
    var submitLabel: SubmitLabel?

    func apply(to node: Node) {
        if let autocapitalization { node.setAttribute("autocapitalize", autocapitalization.attribute) }
        if autocorrectionDisabled {
            node.setAttribute("autocorrect", "off")
            node.setAttribute("spellcheck", "false")
        }
        if let submitLabel { node.setAttribute("enterkeyhint", submitLabel.hint) }
    }
}

private struct FieldBehaviorKey: EnvironmentKey { static let defaultValue = FieldBehavior() }

extension EnvironmentValues {
    var fieldBehavior: FieldBehavior {
        get { self[FieldBehaviorKey.self] }
        set { self[FieldBehaviorKey.self] = newValue }
    }
}

extension View {
    /// How fields in this view capitalize what is typed (`autocapitalize`).
    public func textInputAutocapitalization(_ autocapitalization: TextInputAutocapitalization?) -> some View {
        transformEnvironment(\.fieldBehavior) { $0.autocapitalization = autocapitalization }
    }

    /// The older form: `.autocapitalization(.none)`.
    public func autocapitalization(_ style: UITextAutocapitalizationType) -> some View {
        textInputAutocapitalization(style.modern)
    }

    /// No spelling corrections in this view's fields (`autocorrect="off"`, `spellcheck="false"`).
    public func autocorrectionDisabled(_ disable: Bool = true) -> some View {
        transformEnvironment(\.fieldBehavior) { $0.autocorrectionDisabled = disable }
    }

    /// The older name of `autocorrectionDisabled(_:)`.
    public func disableAutocorrection(_ disable: Bool?) -> some View {
        autocorrectionDisabled(disable ?? false)
    }

    /// The label of the Return key of this view's fields on a phone (`enterkeyhint`).
    public func submitLabel(_ submitLabel: SubmitLabel) -> some View {
        transformEnvironment(\.fieldBehavior) { $0.submitLabel = submitLabel }
    }
}

/// UIKit's names for capitalization, as older SwiftUI code writes `.autocapitalization(.none)`.
public enum UITextAutocapitalizationType: Sendable {
    /// `none`, `words`, `sentences` and `allCharacters`: as `TextInputAutocapitalization`'s `never`,
    /// `words`, `sentences` and `characters`.
    case none, words, sentences, allCharacters

    var modern: TextInputAutocapitalization {
        switch self {
        case .none: return .never
        case .words: return .words
        case .sentences: return .sentences
        case .allCharacters: return .characters
        }
    }
}
