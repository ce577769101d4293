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
        /// A date in a style, formatted when rendered (in the environment's time zone, against
        /// its clock); the relative styles keep ticking in the browser.
        case date(Date, DateStyle)
        /// `Text(timerInterval:countsDown:)`: a timer between two dates, ticking in the browser.
        case timerInterval(ClosedRange<Date>, countsDown: Bool)
        /// An image in the line of text (`Text(Image(systemName: "star"))`, `"Tap \(image)"`).
        indirect case image(Image)
        /// A key the app's String Catalog has (in `table`): its text chosen when rendered, in
        /// the page's language.
        case localized(LocalizedStringKey, table: String?)
        /// `Text(_:format:)`: a value written by a format style when rendered, in the page's
        /// locale.
        indirect case formatted(FormattedValue)
    }

    /// A value and the format style that writes it, compared by both.
    struct FormattedValue: Equatable, @unchecked Sendable {
        let format: AnyHashable
        let input: Any
        let isSameInput: (Any) -> Bool
        /// The text in a locale (nil: as the style says).
        let write: (Locale?) -> String

        static func == (lhs: Self, rhs: Self) -> Bool { lhs.format == rhs.format && lhs.isSameInput(rhs.input) }

        /// The locale a page's value is written in: the environment's, unless it is the
        /// default's (a page no language was asked for: as the style says, as before).
        static func locale(of environment: EnvironmentValues) -> Locale? {
            let locale = environment.locale
            return locale.identifier == "en_US_POSIX" ? nil : locale
        }
    }
    var content: Content
    var font: Font?
    var color: String?
    var isBold = false
    var isItalic = false
    var weight: Font.Weight?
    /// Design, width, digits, spacing, lines, case (TextModifiers.swift), boxed: most texts have
    /// none, and a `Text` is copied often (a bigger one cost the 1,000-row board 45 M
    /// instructions of copying).
    private var typographyBox: TypographyBox?
    nonisolated var typography: Typography {
        get { typographyBox?.value ?? Typography() }
        set { typographyBox = newValue.isEmpty ? nil : TypographyBox(newValue) }
    }
    /// The colour is a gradient, painted through the text (`.foregroundStyle(gradient)`).
    var colorIsGradient = false

    /// A text showing `content` exactly as written: no Markdown, no localization.
    nonisolated public init(verbatim content: String) {
        self.content = .plain(content)
    }

    /// A text from a localized string key (a literal): its Markdown is read as SwiftUI reads it
    /// (`"**Gate** B12"` shows "Gate" in bold) and images interpolated into it stand in the line.
    /// It is looked up in the app's String Catalog in the page's language (as written when the
    /// catalog lacks it).
    nonisolated public init(_ key: LocalizedStringKey) {
        self.init(key, tableName: nil)
    }

    /// A text from `key` in the String Catalog or strings table `tableName` (`nil`: Localizable).
    /// `bundle` and `comment` are accepted as SwiftUI's are: the app's catalog is the one
    /// `StringCatalog.app` holds.
    nonisolated public init(_ key: LocalizedStringKey, tableName: String?, bundle: Bundle? = nil, comment: StaticString? = nil) {
        if let catalog = StringCatalog.app, catalog.has(key.key, table: tableName) {
            self.content = .localized(key, table: tableName)
        } else {
            self.content = Self.content(key.marked ?? key.string, inlines: key.inlines)
        }
    }

    /// This text with a Markdown run's emphasis too (a part interpolated inside `**…**`): bold,
    /// italic, and the run's typography (code, strikethrough, a link) when it has none of its own.
    nonisolated func emphasized(like run: Text) -> Text {
        var part = self
        if run.isBold { part.isBold = true }
        if run.isItalic { part.isItalic = true }
        if part.typographyBox == nil, let box = run.typographyBox { part.typographyBox = box }
        return part
    }

    /// A key's text as content: its Markdown read, its inline texts and images in their places.
    nonisolated static func content(_ string: String, inlines: [Text]?) -> Content {
        if let inlines {
            // The literal's Markdown read over the whole text, marks and all (a part inside
            // `**…**` is bold too); then each run cut at its marks, each part in its place with
            // the run's emphasis. (A translation may have moved the parts: each mark says which.)
            var parts: [Text] = []
            for run in Text.markdownSegments(string) ?? [Text(verbatim: string)] {
                guard case .plain(let text) = run.content, text.unicodeScalars.contains(LocalizedStringKey.markStart) else {
                    parts.append(run)
                    continue
                }
                var piece = ""
                func flush() {
                    guard !piece.isEmpty else { return }
                    var plain = run
                    plain.content = .plain(piece)
                    parts.append(plain)
                    piece = ""
                }
                var scalars = text.unicodeScalars[...]
                while let scalar = scalars.popFirst() {
                    if scalar == LocalizedStringKey.markStart, let next = scalars.first, let index = LocalizedStringKey.inlineIndex(next) {
                        scalars.removeFirst()
                        flush()
                        if index < inlines.count { parts.append(inlines[index].emphasized(like: run)) }
                    } else {
                        piece.unicodeScalars.append(scalar)
                    }
                }
                flush()
            }
            return .concatenated(parts)
        } else if let segments = Text.markdownSegments(string) {
            // A literal's Markdown (`"**Gate** B12"`), as SwiftUI reads it.
            return .concatenated(segments)
        } else {
            return .plain(string)
        }
    }

    /// An image in a line of text, in the text's size and colour (a symbol) or its own (an asset).
    nonisolated public init(_ image: Image) {
        self.content = .image(image)
    }

    /// A text showing a string as written (no Markdown): `Text(flight.name)`.
    @_disfavoredOverload
    nonisolated public init<S: StringProtocol>(_ content: S) {
        self.content = .plain(String(content))
    }

    /// A date as a time or a date, or relative to now, as a timer or an offset: the relative
    /// styles (`.relative`, `.offset`, `.timer`) count in the browser, with no work on the
    /// server, as do `.time` and `.date` of a `TimelineView`'s `context.date`.
    nonisolated public init(_ date: Date, style: DateStyle) {
        self.content = .date(date, style)
    }

    /// A timer from `timerInterval`'s start to its end, counting down (the time left, stopping
    /// at 0:00) or up (the time since the start, stopping at the whole interval); it ticks in the
    /// browser. (`pauseTime` and `showsHours` are accepted as SwiftUI's are, and not used.)
    nonisolated public init(timerInterval: ClosedRange<Date>, pauseTime: Date? = nil, countsDown: Bool = true, showsHours: Bool = true) {
        self.content = .timerInterval(timerInterval, countsDown: countsDown)
    }

    nonisolated init(segments: [Text]) {
        self.content = .concatenated(segments)
    }

    /// The text as a reader would hear it.
    nonisolated public var string: String {
        switch content {
        case .plain(let string): string
        case .concatenated(let parts): parts.map(\.string).joined()
        case .date(let date, let style): style.format(date, now: Date(), timeZone: TimeZone.current)
        case .timerInterval(let interval, let down): DateStyle.timerText(interval, countsDown: down, now: Date())
        case .image(let image): image.label ?? ""
        case .localized(let key, _): key.string
        case .formatted(let value): value.write(nil)
        }
    }

    /// The text as a reader would hear it on the page `environment` is of: a String Catalog's
    /// key in the page's language, a date in its zone and against its clock. What Jetway writes
    /// as plain text (a navigation title, an alert's title, a field's placeholder, an
    /// accessibility label) is this.
    func string(in environment: EnvironmentValues) -> String {
        switch content {
        case .plain(let string): string
        case .concatenated(let parts): parts.map { $0.string(in: environment) }.joined()
        case .date(let date, let style):
            style.format(
                date, now: environment.wallClock.now, timeZone: style.isRelative ? environment.timeZoneUnnoted : environment.timeZone,
                locale: environment.locale)
        case .timerInterval(let interval, let down): DateStyle.timerText(interval, countsDown: down, now: environment.wallClock.now)
        case .image(let image): image.resolved(in: environment).label ?? ""
        case .formatted(let value): value.write(FormattedValue.locale(of: environment))
        case .localized(let key, let table):
            Text(
                content: Self.content(
                    key.resolved(in: environment.locale, table: table, device: Self.catalogDevice(environment.request.userInterfaceIdiom)),
                    inlines: key.inlines)
            )
            .string(in: environment)
        }
    }

    nonisolated private init(content: Content) {
        self.content = content
    }

    nonisolated init(formatted value: FormattedValue) {
        self.content = .formatted(value)
    }

    /// Joins two texts into one, each part keeping its own font, colour and style (a `<span>` of
    /// spans).
    public static func + (lhs: Text, rhs: Text) -> Text {
        Text(segments: lhs.segments + rhs.segments)
    }

    private var segments: [Text] {
        if case .concatenated(let parts) = content, font == nil, color == nil, !isBold, !isItalic, weight == nil,
            typographyBox == nil
        {
            return parts
        }
        return [self]
    }

    /// The text in `font` (a `jw-font-<style>` class for a text style, CSS otherwise); nil leaves the
    /// environment's font.
    public func font(_ font: Font?) -> Text { with { $0.font = font } }
    /// The text in bold (font weight 700).
    public func bold() -> Text { with { $0.isBold = true } }
    /// The text in bold when `isActive` is true.
    public func bold(_ isActive: Bool) -> Text { with { $0.isBold = isActive } }
    /// The text in italics.
    public func italic() -> Text { with { $0.isItalic = true } }
    /// The text in italics when `isActive` is true.
    public func italic(_ isActive: Bool) -> Text { with { $0.isItalic = isActive } }
    /// The text in `weight` (a CSS `font-weight`); nil leaves the font's weight.
    public func fontWeight(_ weight: Font.Weight?) -> Text { with { $0.weight = weight } }
    /// The text in `color`; nil leaves the environment's colour.
    public func foregroundColor(_ color: Color?) -> Text { with { $0.color = color?.css } }
    /// The text painted with `style`: a colour, or a gradient seen through the letters (the text clips
    /// its background).
    public func foregroundStyle<S: ShapeStyle>(_ style: S) -> Text {
        with {
            $0.color = style.css
            $0.colorIsGradient = style.isGradient
        }
    }

    private func with(_ change: (inout Text) -> Void) -> Text {
        var copy = self
        change(&copy)
        return copy
    }

    func typography(_ change: (inout Typography) -> Void) -> Text {
        with { change(&$0.typography) }
    }

    /// Jetway's rendering entry point; not for apps.
    public static func _render(_ view: Text, _ context: _RenderContext, _ out: inout [Node]) {
        out.append(view.makeNode(key: context.elementKey, context.environment))
    }

    /// The device a String Catalog's device variations name for a page: `iphone`, `ipad`, `mac`
    /// or `other`.
    static func catalogDevice(_ idiom: UIUserInterfaceIdiom) -> String {
        switch idiom {
        case .phone: "iphone"
        case .pad: "ipad"
        case .mac: "mac"
        default: "other"
        }
    }

    /// Whether a text is long enough to give way in a row: over 16 bytes, or several lines.
    static func wraps(_ node: Node) -> Bool {
        var bytes = 0
        func count(_ node: Node) -> Bool {
            if let text = node.text {
                if text.utf8.contains(10) { return true }
                bytes += text.utf8.count
            }
            for child in node.children where count(child) { return true }
            return bytes > 16
        }
        return count(node)
    }

    func makeNode(key: UInt64, _ environment: EnvironmentValues) -> Node {
        if case .localized(let localized, let table) = content {
            // The page's language's text, then read as a literal is: Markdown, images.
            let device = Self.catalogDevice(environment.request.userInterfaceIdiom)
            var text = self
            text.content = Self.content(
                localized.resolved(in: environment.locale, table: table, device: device), inlines: localized.inlines)
            return text.makeNode(key: key, environment)
        }
        let node = Node(typographyBox?.value.link == nil ? "span" : "a", key: key)
        node.setAttribute("class", StyleClass.text)
        switch content {
        case .plain(let string): node.text = string
        case .concatenated(let parts):
            node.children = parts.enumerated().map { index, part in
                part.makeNode(key: IdentityHash.mix(IdentityHash.seed, UInt64(index) &+ 1), environment)
            }
        case .date(let date, let style):
            let now = environment.wallClock.now
            // (A relative time is the same in every zone: reading the zone would keep pages of
            // visitors in other zones apart for nothing.)
            let timeZone = style.isRelative ? environment.timeZoneUnnoted : environment.timeZone
            if let timelineDate = environment.timelineDate, timelineDate == date, style == .time || style == .date {
                // The timeline's own date: the browser shows its current time in this style.
                node.setAttribute(RuntimeContract.Attribute.clock, style == .time ? "now-time" : "now-date")
                node.setAttribute(RuntimeContract.Attribute.clockZone, timeZone.identifier)
                let locale = DateStyle.calendarLocale(environment.locale)
                if locale != "en-US" { node.setAttribute(RuntimeContract.Attribute.clockLocale, locale) }
                node.text = style.format(now, now: now, timeZone: timeZone, locale: environment.locale)
            } else {
                if style.isRelative {
                    node.setAttribute(RuntimeContract.Attribute.clock, style.name)
                    node.setAttribute(RuntimeContract.Attribute.clockAt, String(WallClock.milliseconds(date)))
                    // A page in another language: its unit words, for the browser's ticking text.
                    if style != .timer, let units = RelativeUnits.of(environment.locale) {
                        node.setAttribute(RuntimeContract.Attribute.clockUnits, units.json)
                        node.setAttribute(RuntimeContract.Attribute.clockLocale, LanguageTag.language(of: environment.locale.identifier))
                    }
                }
                node.text = style.format(date, now: now, timeZone: timeZone, locale: environment.locale)
            }
        case .timerInterval(let interval, let down):
            node.setAttribute(RuntimeContract.Attribute.clock, down ? "down" : "up")
            node.setAttribute(RuntimeContract.Attribute.clockFrom, String(WallClock.milliseconds(interval.lowerBound)))
            node.setAttribute(RuntimeContract.Attribute.clockTo, String(WallClock.milliseconds(interval.upperBound)))
            node.text = DateStyle.timerText(interval, countsDown: down, now: environment.wallClock.now)
        case .image(let image):
            node.children = [image.resolved(in: environment).makeNode(key: IdentityHash.mix(IdentityHash.seed, 1))]
        case .localized(let key, _):
            node.text = key.string  // (resolved above)
        case .formatted(let value):
            node.text = value.write(FormattedValue.locale(of: environment))
        }
        // In a row, a short text (a time, a gate, a status) keeps its whole width, as SwiftUI
        // sizes a stack's least flexible children first; a long one (marked) gives way and
        // wraps ("10:0" over "0" was a time squeezed beside a long text).
        if Self.wraps(node) { node.addClass(StyleClass.wrap) }
        font?.apply(to: node)
        if isBold { node.addClass(StyleClass.bold) }
        if isItalic { node.addClass(StyleClass.italic) }
        typographyBox?.value.apply(to: node)
        if let weight { node.addStyle("font-weight:\(weight.value)") }
        if let color {
            // A gradient paints the text through it (the text clips its background).
            node.addStyle(
                colorIsGradient
                    ? "background:\(color);-webkit-background-clip:text;background-clip:text;color:transparent" : "color:\(color)")
        }
        return node
    }

    /// Date formats for `Text(_:style:)`: `.time` ("8:05 AM", "02:00") and `.date` ("December 2,
    /// 2026", "2. Dezember 2026") in the environment's `timeZone` and `locale` (short time, long
    /// date); the others, written as SwiftUI writes them for English, are relative to the environment's clock and
    /// tick in the browser: `.relative` ("12 min, 5 sec"), `.offset` ("+12 min, 5 sec") and
    /// `.timer` ("12:05", "1:02:03").
    public enum DateStyle: Sendable, Equatable {
        /// `time` and `date` format the date once (in the environment's time zone); `relative`,
        /// `offset` and `timer` show the distance from now and count on in the browser.
        case time, date, relative, offset, timer

        var isRelative: Bool { self == .relative || self == .offset || self == .timer }

        /// The name the browser's clocks know the style by (`data-jw-clock`).
        var name: String {
            switch self {
            case .time: "time"
            case .date: "date"
            case .relative: "relative"
            case .offset: "offset"
            case .timer: "timer"
            }
        }

        static let utc = TimeZone(identifier: "UTC")!

        func format(_ date: Date, now: Date, timeZone: TimeZone, locale: Locale? = nil) -> String {
            switch self {
            case .time, .date: return Self.calendarText(date, time: self == .time, timeZone: timeZone, locale: Self.calendarLocale(locale))
            case .relative: return Self.relativeText(Self.wholeSeconds(date.timeIntervalSince(now)), locale: locale)
            case .offset:
                let seconds = Self.wholeSeconds(date.timeIntervalSince(now))
                return (date >= now ? "+" : "-") + Self.relativeText(seconds, locale: locale)
            case .timer: return Self.timerText(Self.wholeSeconds(date.timeIntervalSince(now)))
            }
        }

        /// Whole seconds between two dates, as the browser counts them (milliseconds first).
        static func wholeSeconds(_ interval: TimeInterval) -> Int {
            let milliseconds = (abs(interval) * 1000).rounded()
            return milliseconds < 1e15 ? Int(milliseconds) / 1000 : Int(1e12)
        }

        /// "5:07", "1:05:07".
        static func timerText(_ seconds: Int) -> String {
            let hours = seconds / 3600, minutes = seconds / 60 % 60, rest = seconds % 60
            let twoDigits = { (value: Int) in value < 10 ? "0\(value)" : String(value) }
            return hours > 0 ? "\(hours):\(twoDigits(minutes)):\(twoDigits(rest))" : "\(minutes):\(twoDigits(rest))"
        }

        static func timerText(_ interval: ClosedRange<Date>, countsDown: Bool, now: Date) -> String {
            let total = interval.upperBound.timeIntervalSince(interval.lowerBound)
            let elapsed = min(max(now.timeIntervalSince(interval.lowerBound), 0), total)
            return timerText(wholeSeconds(countsDown ? total - elapsed : elapsed))
        }

        /// The two largest units in a page's language ("12 Min., 5 Sek."), English's otherwise.
        static func relativeText(_ seconds: Int, locale: Locale?) -> String {
            guard let units = RelativeUnits.of(locale) else { return relativeText(seconds) }
            return units.text(seconds, language: LanguageTag.language(of: locale?.identifier ?? "en"))
        }

        /// The two largest units: "45 sec", "12 min, 5 sec", "2 hr, 3 min", "1 day, 4 hr".
        static func relativeText(_ seconds: Int) -> String {
            let units: [(Int, String, String)] = [(86400, "day", "days"), (3600, "hr", "hr"), (60, "min", "min"), (1, "sec", "sec")]
            guard let first = units.firstIndex(where: { seconds >= $0.0 }) else { return "0 sec" }
            var parts: [String] = []
            for (size, one, many) in units[first...].prefix(2) {
                let count = seconds / size % (size == 86400 ? Int.max : size == 3600 ? 24 : 60)
                if count > 0 { parts.append("\(count) \(count == 1 ? one : many)") }
            }
            return parts.joined(separator: ", ")
        }

        /// The locale `.time` and `.date` are written in, as a BCP 47 tag the browser's `Intl`
        /// knows too: US English for an English page, the POSIX locale and none; the locale's
        /// own otherwise ("02:00", "2. Dezember 2026" on a German page).
        static func calendarLocale(_ locale: Locale?) -> String {
            guard let locale else { return "en-US" }
            // Without keywords (`de_DE@calendar=japanese`), which `Intl` would refuse.
            let identifier = String(locale.identifier.prefix { $0 != "@" })
            if identifier.isEmpty || identifier == "en" || identifier == "en_US" || identifier == "en_US_POSIX" { return "en-US" }
            return LanguageTag.tag(ofLocaleIdentifier: identifier)
        }

        static func calendarText(_ date: Date, time: Bool, timeZone: TimeZone, locale: String = "en-US") -> String {
            // Making a DateFormatter costs tens of microseconds and formatting several: one
            // formatter per style, zone and locale, and the strings of recent dates remembered.
            lock.lock()
            defer { lock.unlock() }
            let key = CacheKey(seconds: date.timeIntervalSince1970, time: time, zone: timeZone.identifier, locale: locale)
            if let cached = recent[key] { return cached }
            let formatterKey = (time ? "t" : "d") + timeZone.identifier + " " + locale
            let formatter: DateFormatter
            if let existing = formatters[formatterKey] {
                formatter = existing
            } else {
                if formatters.count >= 256 { formatters.removeAll() }
                formatter = DateFormatter()
                formatter.locale = Locale(identifier: locale)
                formatter.timeZone = timeZone
                formatter.dateStyle = time ? .none : .long
                formatter.timeStyle = time ? .short : .none
                formatters[formatterKey] = formatter
            }
            // ICU puts a narrow no-break space before AM/PM; the browser's Intl may or may not:
            // both write a plain space, so the page's clocks read the same on either side.
            let text = formatter.string(from: date).replacingOccurrences(of: "\u{202F}", with: " ")
                .replacingOccurrences(of: "\u{A0}", with: " ")
            if recent.count >= 4096 { recent.removeAll(keepingCapacity: true) }
            recent[key] = text
            return text
        }

        private struct CacheKey: Hashable {
            let seconds: Double
            let time: Bool
            let zone: String
            let locale: String
        }
        nonisolated(unsafe) private static var recent: [CacheKey: String] = [:]
        nonisolated(unsafe) private static var formatters: [String: DateFormatter] = [:]
        private static let lock = NSLock()
    }
}

/// A string literal (with interpolations) for `Text`, `Button` and other titles, as SwiftUI's
/// `LocalizedStringKey`: looked up in the app's String Catalog (`StringCatalog.app`) in the
/// page's language, its interpolations standing for format specifiers (`"\(count) flights"` is
/// the key `%lld flights`); shown as written when the catalog has no such key.
public struct LocalizedStringKey: ExpressibleByStringInterpolation, Equatable, Hashable, Sendable {
    /// The text as written, interpolations filled in (an interpolated image is U+FFFC).
    public let string: String
    /// What is interpolated as a part of the text rather than as words — an image (`"Tap
    /// \(Image(systemName: "plus")) to add"`), a `Text` with its own style, a date in a style,
    /// a value in a format — each rendered in its place on the page it is shown on (in that
    /// page's language, zone and locale; a relative date ticking); nil when there are none.
    var inlines: [Text]? { inline?.parts }
    /// `string` with each inline part marked by `inlineMark(_:)`; nil when there are none.
    var marked: String? { inline?.marked }
    /// The inline parts and the marked text, in one box (a `Text` holding a key is copied often).
    private let inline: InlineParts?
    final class InlineParts: @unchecked Sendable {
        let parts: [Text]
        let marked: String
        init(parts: [Text], marked: String) {
            self.parts = parts
            self.marked = marked
        }
    }
    /// The key looked up in a String Catalog: the literal with a format specifier for each
    /// interpolation (`%lld`, `%@`) and `%` written `%%`; nil when it is `string` itself.
    let catalogKey: String?
    /// The interpolated values, in order, for the specifiers of a translation.
    let arguments: [LocalizedArgument]
    /// Where an image stands in `string` (U+FFFC, the object replacement character).
    static let imageMark = "\u{FFFC}"
    /// The first character of an inline part's mark.
    static let markStart: Unicode.Scalar = "\u{FFFC}"
    /// Where inline part `index` stands in `marked` and in a translation's text: U+FFFC and a
    /// character of Unicode's private use plane 15 for the index, so that a translation that
    /// reorders the parts (`%2$@ … %1$@`) reorders them on the page, and an icon font's
    /// private-use character in the text is not taken for one.
    static func inlineMark(_ index: Int) -> String {
        "\u{FFFC}" + String(Character(Unicode.Scalar(0xF_0000 + UInt32(min(index, 0xFFFD)))!))
    }
    /// The part the character after a mark's first stands for, if it is a mark's.
    static func inlineIndex(_ scalar: Unicode.Scalar) -> Int? {
        (0xF_0000...0xF_FFFD).contains(scalar.value) ? Int(scalar.value - 0xF_0000) : nil
    }

    /// The key a String Catalog has it under.
    var key: String { catalogKey ?? string }

    /// Whether two keys have the same text and parts (a key with a relative date is the same a
    /// second later: its parts are compared, not their words of the moment).
    public static func == (lhs: Self, rhs: Self) -> Bool {
        lhs.inline == nil && rhs.inline == nil ? lhs.string == rhs.string : lhs.marked == rhs.marked && lhs.inlines == rhs.inlines
    }
    /// Hashes the key's text (with its parts' marks where it has parts).
    public func hash(into hasher: inout Hasher) { hasher.combine(marked ?? string) }

    /// A key whose text is `value`, read as written (no interpolations).
    public init(_ value: String) {
        string = value
        inline = nil
        catalogKey = nil
        arguments = []
    }

    /// A key with its text, catalog key and arguments made elsewhere (`LocalizedStringResource`).
    init(text: String, key: String, arguments: [LocalizedArgument]) {
        string = text
        inline = nil
        catalogKey = key == text ? nil : key
        self.arguments = arguments
    }

    /// A key from a string literal.
    public init(stringLiteral value: String) {
        string = value
        inline = nil
        catalogKey = nil
        arguments = []
    }

    /// A key from an interpolated string literal.
    public init(stringInterpolation: StringInterpolation) {
        string = stringInterpolation.output
        inline = stringInterpolation.marked.map { InlineParts(parts: stringInterpolation.inlines, marked: $0) }
        catalogKey = stringInterpolation.localizing && !stringInterpolation.arguments.isEmpty ? stringInterpolation.key : nil
        arguments = stringInterpolation.arguments
    }

    /// The text for `locale` from the app's catalog (its table `table`), or `string` when the
    /// catalog has no such key; inline parts marked.
    func resolved(in locale: Locale, table: String? = nil, device: String = "other") -> String {
        guard let catalog = StringCatalog.app,
            let text = catalog.text(key, table: table, locale: locale, arguments: arguments, device: device)
        else { return marked ?? string }
        return text
    }

    /// Builds a key's text from a literal and its interpolations: values as `String(describing:)`
    /// writes them, except those the overloads below format.
    public struct StringInterpolation: StringInterpolationProtocol {
        var output = ""
        var inlines: [Text] = []
        /// `output` with each inline part marked, once there is an inline `Text` (an image is
        /// marked in `output` too).
        var marked: String?
        var key = ""
        var arguments: [LocalizedArgument] = []
        /// Whether the app has a catalog: without one, no key is built (rows of interpolated
        /// texts cost what they did).
        let localizing = StringCatalog.app != nil
        mutating func argument(_ text: String, specifier: String, number: Double? = nil) {
            output += text
            marked? += text
            guard localizing else { return }
            key += specifier
            arguments.append(LocalizedArgument(text: text, number: number))
        }
        /// A part rendered in its place (`words` in `output`, its mark in `marked` and in a
        /// translation's text).
        mutating func inline(_ part: Text, words: String) {
            if marked == nil { marked = output }
            let mark = LocalizedStringKey.inlineMark(inlines.count)
            output += words
            marked! += mark
            inlines.append(part)
            guard localizing else { return }
            key += "%@"
            arguments.append(LocalizedArgument(text: mark, number: nil))
        }
        /// An image in the text, where it is written.
        public mutating func appendInterpolation(_ image: Image) { inline(Text(image), words: LocalizedStringKey.imageMark) }
        /// Starts an empty key, reserving room for the literal.
        public init(literalCapacity: Int, interpolationCount: Int) {
            output.reserveCapacity(literalCapacity + interpolationCount * 8)
        }
        /// Appends a literal part as written.
        public mutating func appendLiteral(_ literal: String) {
            output += literal
            marked? += literal
            if localizing { key += literal.contains("%") ? literal.replacingOccurrences(of: "%", with: "%%") : literal }
        }
        /// Appends `value` as `String(describing:)` writes it (`%@` in the key).
        public mutating func appendInterpolation<T>(_ value: T) { argument(String(describing: value), specifier: "%@") }
        /// Appends `string` as written (`%@` in the key).
        public mutating func appendInterpolation(_ string: String) { argument(string, specifier: "%@") }
        /// Appends an integer in decimal (`%lld` in the key, `%llu` for an unsigned one); plural
        /// variations are chosen by it.
        public mutating func appendInterpolation<T: BinaryInteger>(_ value: T) {
            argument(String(value), specifier: T.isSigned ? "%lld" : "%llu", number: Double(value))
        }
        /// Appends a number as `String(describing:)` writes it (`%lf` in the key); plural
        /// variations are chosen by it.
        public mutating func appendInterpolation(_ value: Double) { argument(String(describing: value), specifier: "%lf", number: value) }
        /// Appends a text in its place, with its own font and colour (`"Gate \(Text("A1").bold())"`),
        /// looked up in the page's language itself.
        public mutating func appendInterpolation(_ text: Text) { inline(text, words: text.string) }
        /// Appends `date` in `style` as `Text(_:style:)` shows it: in the page's time zone and
        /// language, a relative one ticking in the browser.
        public mutating func appendInterpolation(_ date: Date, style: Text.DateStyle) {
            inline(Text(date, style: style), words: style.format(date, now: Date(), timeZone: TimeZone.current))
        }
        /// Appends `value` formatted by `format` (`"\(price, format: .currency(code: "EUR"))"`),
        /// written as the style says.
        public mutating func appendInterpolation<F: FormatStyle>(_ value: F.FormatInput, format: F) where F.FormatOutput == String {
            argument(format.format(value), specifier: "%@")
        }
        /// Appends `value` formatted by `format` as `Text(_:format:)` shows it: in the page's
        /// locale ("12,50 €" on a German page).
        public mutating func appendInterpolation<F: FormatStyle>(_ value: F.FormatInput, format: F)
        where F.FormatInput: Equatable, F.FormatOutput == String {
            inline(Text(value, format: format), words: format.format(value))
        }
    }
}
