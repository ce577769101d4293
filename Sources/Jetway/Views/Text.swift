/// A string of characters, rendered as a `<span>` whose text is escaped: markup in a `Text`
/// shows as text.
///
/// ```swift
/// Text("Departures")
/// Text("Gate \(flight.gate)").font(.headline).foregroundColor(.secondary)
/// Text(verbatim: userInput)
/// Text("On time ") + Text("12:40").bold()
/// ```
public struct Text: _PrimitiveView, Equatable {
    enum Content: Equatable {
        case plain(String)
        case concatenated([Text])
    }
    let content: Content
    var font: Font?
    var color: String?
    var isBold = false
    var isItalic = false
    var isUnderlined = false
    var isStruckThrough = false
    var weight: Font.Weight?

    public init(verbatim content: String) {
        self.content = .plain(content)
    }

    public init(_ key: LocalizedStringKey) {
        self.content = .plain(key.string)
    }

    @_disfavoredOverload
    public init<S: StringProtocol>(_ content: S) {
        self.content = .plain(String(content))
    }

    public init(_ date: Date, style: DateStyle) {
        self.content = .plain(style.format(date))
    }

    init(segments: [Text]) {
        self.content = .concatenated(segments)
    }

    /// The text as a reader would hear it.
    nonisolated public var string: String {
        switch content {
        case .plain(let string): string
        case .concatenated(let parts): parts.map(\.string).joined()
        }
    }

    public static func + (lhs: Text, rhs: Text) -> Text {
        Text(segments: lhs.segments + rhs.segments)
    }

    private var segments: [Text] {
        if case .concatenated(let parts) = content, font == nil, color == nil, !isBold, !isItalic,
            !isUnderlined, !isStruckThrough, weight == nil
        {
            return parts
        }
        return [self]
    }

    public func font(_ font: Font?) -> Text { with { $0.font = font } }
    public func bold() -> Text { with { $0.isBold = true } }
    public func bold(_ isActive: Bool) -> Text { with { $0.isBold = isActive } }
    public func italic() -> Text { with { $0.isItalic = true } }
    public func italic(_ isActive: Bool) -> Text { with { $0.isItalic = isActive } }
    public func fontWeight(_ weight: Font.Weight?) -> Text { with { $0.weight = weight } }
    public func underline(_ isActive: Bool = true) -> Text { with { $0.isUnderlined = isActive } }
    public func strikethrough(_ isActive: Bool = true) -> Text { with { $0.isStruckThrough = isActive } }
    public func foregroundColor(_ color: Color?) -> Text { with { $0.color = color?.css } }
    public func foregroundStyle<S: ShapeStyle>(_ style: S) -> Text { with { $0.color = style.css } }

    private func with(_ change: (inout Text) -> Void) -> Text {
        var copy = self
        change(&copy)
        return copy
    }

    public static func _render(_ view: Text, _ context: _RenderContext, _ out: inout [Node]) {
        out.append(view.makeNode(key: context.elementKey))
    }

    func makeNode(key: UInt64) -> Node {
        let node = Node("span", key: key)
        node.setAttribute("class", "jw-text")
        switch content {
        case .plain(let string): node.text = string
        case .concatenated(let parts):
            node.children = parts.enumerated().map { index, part in
                part.makeNode(key: IdentityHash.mix(IdentityHash.seed, UInt64(index) &+ 1))
            }
        }
        font?.apply(to: node)
        if isBold { node.addClass("jw-bold") }
        if isItalic { node.addClass("jw-italic") }
        if isUnderlined { node.addStyle("text-decoration:underline") }
        if isStruckThrough { node.addStyle("text-decoration:line-through") }
        if let weight { node.addStyle("font-weight:\(weight.value)") }
        if let color { node.addStyle("color:\(color)") }
        return node
    }

    /// Date formats for `Text(_:style:)`.
    public enum DateStyle: Sendable {
        case time, date

        func format(_ date: Date) -> String {
            // Making a DateFormatter costs tens of microseconds and formatting several: one
            // formatter per style, and the strings of recent dates remembered.
            Self.lock.lock()
            defer { Self.lock.unlock() }
            let key = date.timeIntervalSince1970 * (self == .time ? 1 : -1)
            if let cached = Self.recent[key] { return cached }
            let text = (self == .time ? Self.timeFormatter : Self.dateFormatter).string(from: date)
            if Self.recent.count >= 4096 { Self.recent.removeAll(keepingCapacity: true) }
            Self.recent[key] = text
            return text
        }

        nonisolated(unsafe) private static var recent: [Double: String] = [:]
        private static let lock = NSLock()
        private static let timeFormatter = makeFormatter("HH:mm")
        private static let dateFormatter = makeFormatter("yyyy-MM-dd")

        private static func makeFormatter(_ format: String) -> DateFormatter {
            let formatter = DateFormatter()
            formatter.locale = Locale(identifier: "en_US_POSIX")
            formatter.timeZone = TimeZone(identifier: "UTC")
            formatter.dateFormat = format
            return formatter
        }
    }
}

/// A string literal (with interpolations) for `Text`, `Button` and other titles, as SwiftUI's
/// `LocalizedStringKey`. Jetway shows it as written.
public struct LocalizedStringKey: ExpressibleByStringInterpolation, Equatable, Hashable, Sendable {
    public let string: String

    public init(_ value: String) {
        string = value
    }

    public init(stringLiteral value: String) {
        string = value
    }

    public init(stringInterpolation: StringInterpolation) {
        string = stringInterpolation.output
    }

    public struct StringInterpolation: StringInterpolationProtocol {
        var output = ""
        public init(literalCapacity: Int, interpolationCount: Int) {
            output.reserveCapacity(literalCapacity + interpolationCount * 8)
        }
        public mutating func appendLiteral(_ literal: String) { output += literal }
        public mutating func appendInterpolation<T>(_ value: T) { output += String(describing: value) }
        public mutating func appendInterpolation(_ string: String) { output += string }
        public mutating func appendInterpolation<T: BinaryInteger>(_ value: T) { output += String(value) }
        public mutating func appendInterpolation(_ text: Text) { output += text.string }
        public mutating func appendInterpolation(_ date: Date, style: Text.DateStyle) { output += style.format(date) }
        public mutating func appendInterpolation<F: FormatStyle>(_ value: F.FormatInput, format: F) where F.FormatOutput == String {
            output += format.format(value)
        }
    }
}
