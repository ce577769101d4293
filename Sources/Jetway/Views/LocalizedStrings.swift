import Foundation

// Foundation's localized strings as apps write them, which Linux's Foundation lacks:
// `String(localized:)`, `String.LocalizationValue`, `LocalizedStringResource`. The text is the
// key as written (its interpolations filled in), as `Text("…")` shows a `LocalizedStringKey`:
// string catalogs are not read yet (docs/swiftui.md).

extension String {
    /// A key and its default value, with interpolations (`"\(count) flights"`).
    public struct LocalizationValue: ExpressibleByStringInterpolation, Equatable, Hashable, Sendable {
        let text: String
        public init(stringLiteral value: String) { text = value }
        public init(stringInterpolation: DefaultStringInterpolation) { text = String(stringInterpolation: stringInterpolation) }
        public init(_ value: String) { text = value }
    }

    /// The string for `key` in the app's language (the key as written).
    public init(
        localized key: LocalizationValue, defaultValue: LocalizationValue? = nil, table: String? = nil, bundle: Bundle? = nil,
        locale: Locale = .current, comment: StaticString? = nil
    ) {
        self = defaultValue?.text ?? key.text
    }

    @_disfavoredOverload
    public init(localized resource: LocalizedStringResource) {
        self = resource.text
    }
}

/// A string to localize later, with its table and bundle (`LocalizedStringResource("Boarding")`).
public struct LocalizedStringResource: ExpressibleByStringInterpolation, Equatable, Hashable, Sendable, CustomStringConvertible {
    public let key: String
    public var defaultValue: String.LocalizationValue
    public var table: String?
    public var locale: Locale = .current
    var text: String { defaultValue.text }

    public init(stringLiteral value: String) {
        key = value
        defaultValue = String.LocalizationValue(value)
    }

    public init(stringInterpolation: DefaultStringInterpolation) {
        self.init(stringLiteral: String(stringInterpolation: stringInterpolation))
    }

    public init(
        _ keyAndValue: String.LocalizationValue, table: String? = nil, locale: Locale = .current, bundle: Bundle? = nil,
        comment: StaticString? = nil
    ) {
        key = keyAndValue.text
        defaultValue = keyAndValue
        self.table = table
        self.locale = locale
    }

    public init(
        _ key: StaticString, defaultValue: String.LocalizationValue, table: String? = nil, locale: Locale = .current,
        bundle: Bundle? = nil, comment: StaticString? = nil
    ) {
        self.key = "\(key)"
        self.defaultValue = defaultValue
        self.table = table
        self.locale = locale
    }

    public var description: String { text }
}

extension Text {
    /// The resource's text.
    @_disfavoredOverload
    nonisolated public init(_ resource: LocalizedStringResource) {
        self.init(verbatim: resource.text)
    }
}
