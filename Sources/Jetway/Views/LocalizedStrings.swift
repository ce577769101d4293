import Foundation

// Foundation's localized strings as apps write them, which Linux's Foundation lacks:
// `String(localized:)`, `String.LocalizationValue`, `LocalizedStringResource`. Each is looked up
// in the app's String Catalog (`StringCatalog.app`) in the locale it names (`.current`: the
// process's) — in a view, `Text` looks up in the page's — and is its default value or its key as
// written when the catalog has no text for it.

extension String {
    /// A key and its default value, with interpolations (`"\(count) flights"`: the key
    /// `%lld flights`, as `LocalizedStringKey`'s).
    public struct LocalizationValue: ExpressibleByStringInterpolation, Equatable, Hashable, Sendable {
        let text: String
        let key: String
        let arguments: [LocalizedArgument]
        /// A value from a string literal: the key and its default value.
        public init(stringLiteral value: String) {
            text = value
            key = value
            arguments = []
        }
        /// A value from an interpolated literal, its interpolations filled in (and standing for
        /// format specifiers in its key).
        public init(stringInterpolation: LocalizedStringKey.StringInterpolation) {
            let built = LocalizedStringKey(stringInterpolation: stringInterpolation)
            text = built.string
            key = built.key
            arguments = built.arguments
        }
        /// A value whose text is `value`.
        public init(_ value: String) { self.init(stringLiteral: value) }
        /// Whether two values have the same text.
        public static func == (lhs: Self, rhs: Self) -> Bool { lhs.text == rhs.text }
        /// Hashes the text.
        public func hash(into hasher: inout Hasher) { hasher.combine(text) }

        /// Its text in `locale` from the app's catalog (`table`), its specifiers filled by
        /// `arguments` (its own unless given), or nil.
        func localized(table: String?, locale: Locale, arguments given: [LocalizedArgument]? = nil) -> String? {
            StringCatalog.app?.text(key, table: table, locale: locale, arguments: given ?? arguments)
        }
    }

    /// The string for `key` in `locale`'s language from the app's String Catalog (`table`, else
    /// Localizable); else `defaultValue`, else the key as written. `bundle` and `comment` are
    /// accepted as Foundation's are.
    public init(
        localized key: LocalizationValue, defaultValue: LocalizationValue? = nil, table: String? = nil, bundle: Bundle? = nil,
        locale: Locale = .current, comment: StaticString? = nil
    ) {
        // A key without interpolations (`"flights.count"`) takes its default value's.
        let arguments = key.arguments.isEmpty ? defaultValue?.arguments : nil
        self = key.localized(table: table, locale: locale, arguments: arguments) ?? defaultValue?.text ?? key.text
    }

    /// The resource's text in its locale (see `LocalizedStringResource`).
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
    /// The strings table it is looked up in (nil: Localizable).
    public var table: String?
    /// The locale it is looked up in.
    public var locale: Locale = .current
    /// Its text: the catalog's for `key` in `locale`, else the default value.
    var text: String {
        StringCatalog.app?.text(catalogKey, table: table, locale: locale, arguments: defaultValue.arguments) ?? defaultValue.text
    }
    /// The key with its format specifiers (`%lld flights`).
    var catalogKey: String { key == defaultValue.text ? defaultValue.key : key }

    /// A resource whose key and text are `value`.
    public init(stringLiteral value: String) {
        key = value
        defaultValue = String.LocalizationValue(value)
    }

    /// A resource whose key and text are the interpolated literal, its values filled in.
    public init(stringInterpolation: LocalizedStringKey.StringInterpolation) {
        let value = String.LocalizationValue(stringInterpolation: stringInterpolation)
        key = value.text
        defaultValue = value
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
    /// The resource's text, looked up in the page's language (its table's, as `Text(_:tableName:)`).
    @_disfavoredOverload
    nonisolated public init(_ resource: LocalizedStringResource) {
        let key = LocalizedStringKey(
            text: resource.defaultValue.text, key: resource.catalogKey, arguments: resource.defaultValue.arguments)
        self.init(key, tableName: resource.table)
    }
}
