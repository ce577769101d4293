import Foundation

// Foundation's localized strings as apps write them, which Linux's Foundation lacks:
// `String(localized:)`, `String.LocalizationValue`, `LocalizedStringResource`. The text is the
// key as written (its interpolations filled in), as `Text("…")` shows a `LocalizedStringKey`:
// string catalogs are not read yet (docs/swiftui.md).

extension String {
    /// A key and its default value, with interpolations (`"\(count) flights"`).
    public struct LocalizationValue: ExpressibleByStringInterpolation, Equatable, Hashable, Sendable {
        let text: String
        /// A value from a string literal: the key and its default value.
        public init(stringLiteral value: String) { text = value }
        /// A value from an interpolated literal, its interpolations filled in.
        public init(stringInterpolation: DefaultStringInterpolation) { text = String(stringInterpolation: stringInterpolation) }
        /// A value whose text is `value`.
        public init(_ value: String) { text = value }
    }

    /// The string for `key` in the app's language: for now `defaultValue` when one is given, else
    /// the key as written (string catalogs are not read; `table`, `bundle`, `locale` are ignored).
    public init(
        localized key: LocalizationValue, defaultValue: LocalizationValue? = nil, table: String? = nil, bundle: Bundle? = nil,
        locale: Locale = .current, comment: StaticString? = nil
    ) {
        self = defaultValue?.text ?? key.text
    }

    /// The resource's text (its default value, or its key as written).
    @_disfavoredOverload
    public init(localized resource: LocalizedStringResource) {
        self = resource.text
    }
}

/// A string to localize later, with its table and bundle (`LocalizedStringResource("Boarding")`).
public struct LocalizedStringResource: ExpressibleByStringInterpolation, Equatable, Hashable, Sendable, CustomStringConvertible {
    /// The key, as written.
    public let key: String
    /// The text shown: the key as written unless a default value was given.
    public var defaultValue: String.LocalizationValue
    /// The strings table it names. Kept for source compatibility: Jetway reads no tables yet.
    public var table: String?
    /// The locale it names. Kept for source compatibility: the text is not localized.
    public var locale: Locale = .current
    var text: String { defaultValue.text }

    /// A resource whose key and text are `value`.
    public init(stringLiteral value: String) {
        key = value
        defaultValue = String.LocalizationValue(value)
    }

    /// A resource whose key and text are the interpolated literal, its values filled in.
    public init(stringInterpolation: DefaultStringInterpolation) {
        self.init(stringLiteral: String(stringInterpolation: stringInterpolation))
    }

    /// A resource whose key and text are `keyAndValue`. `table` and `locale` are kept; `bundle` and
    /// `comment` are accepted and ignored.
    public init(
        _ keyAndValue: String.LocalizationValue, table: String? = nil, locale: Locale = .current, bundle: Bundle? = nil,
        comment: StaticString? = nil
    ) {
        key = keyAndValue.text
        defaultValue = keyAndValue
        self.table = table
        self.locale = locale
    }

    /// A resource with `key` and the text `defaultValue`. `table` and `locale` are kept; `bundle` and
    /// `comment` are accepted and ignored.
    public init(
        _ key: StaticString, defaultValue: String.LocalizationValue, table: String? = nil, locale: Locale = .current,
        bundle: Bundle? = nil, comment: StaticString? = nil
    ) {
        self.key = "\(key)"
        self.defaultValue = defaultValue
        self.table = table
        self.locale = locale
    }

    /// The resource's text.
    public var description: String { text }
}

extension Text {
    /// The resource's text.
    @_disfavoredOverload
    nonisolated public init(_ resource: LocalizedStringResource) {
        self.init(verbatim: resource.text)
    }
}
