/// The visitor's own choice of language, kept on their device: a settings screen's picker of
/// languages calls it, and every page of the app on that browser is shown in the language
/// chosen (before what the browser asks for), from the next first paint on.
///
/// ```swift
/// @Environment(\.chooseLanguage) private var chooseLanguage
/// …
/// Button("Deutsch") { chooseLanguage("de") }
/// Button("The browser's language") { chooseLanguage(nil) }
/// ```
///
/// The browser keeps the choice (the `jw_lang` cookie, a year) and reloads the page, which comes
/// back in that language and its writing direction — as an iPhone app shown in another language
/// starts again. What a view keeps in `@State` starts again with it; `@AppStorage`, the store and
/// the address are kept. A choice the browser keeps already reloads nothing (a view may choose
/// each time it appears). Outside a page (a `ViewHost` without one) nothing happens; a view
/// hosted in another site's page (docs/integration.md) leaves that site's language alone. A tag that
/// is not a language (`"C"`, `"de_DE"`, an empty string) is refused: the call returns false and
/// nothing changes.
public struct LanguageChoice: Sendable {
    let page: (@MainActor @Sendable (String?) -> Bool)?

    /// Chooses `language` (a BCP 47 tag: `de`, `pt-BR`, `ar`), or the browser's own languages
    /// again (nil). Returns whether the choice was taken (false for a tag that is not a language,
    /// or outside a page).
    @MainActor @discardableResult public func callAsFunction(_ language: String?) -> Bool {
        page?(language) ?? false
    }

    /// Whether `tag` is a language tag a page can be shown in: a language of 2 or 3 letters,
    /// then parts of 1 to 8 letters or digits (`en`, `de-AT`, `zh-Hant-TW`).
    public static func isLanguageTag(_ tag: String) -> Bool { LanguageTag.isValid(tag) }
}

extension EnvironmentValues {
    /// Chooses the language the visitor's pages are shown in on this device (see
    /// `LanguageChoice`).
    public var chooseLanguage: LanguageChoice {
        let host = pageHost
        return LanguageChoice(page: { language in host?.chooseLanguage(language) ?? false })
    }
}

extension PageHost {
    /// Asks the browser to keep `language` (nil: none, its own) and show the page again.
    func chooseLanguage(_ language: String?) -> Bool {
        if let language, !LanguageChoice.isLanguageTag(language) { return false }
        languageRequest = (languageRequest.map { $0.serial + 1 } ?? 1, language ?? "")
        graph?.setNeedsUpdate()
        return true
    }
}
