import Foundation

// Styled text as SwiftUI has it: `AttributedString` with SwiftUI's attributes (`foregroundColor`,
// `font`, `backgroundColor`, `underlineStyle`, `strikethroughStyle`, `kern`, `tracking`,
// `baselineOffset`) and Foundation's `link` and `inlinePresentationIntent`,
// `AttributedString(markdown:)` (Apple's Foundation parses Markdown; Linux's does not), and
// `Text(attributedString)`, each run a span of its own.

/// How a run of Markdown text is presented: emphasis, strong emphasis, code, strikethrough.
public struct InlinePresentationIntent: OptionSet, Hashable, Codable, Sendable {
    /// The option bits.
    public let rawValue: UInt
    /// The intents whose bits `rawValue` sets.
    public init(rawValue: UInt) { self.rawValue = rawValue }
    /// Emphasis (`*text*`): `Text` shows the run in italics.
    public static let emphasized = InlinePresentationIntent(rawValue: 1 << 0)
    /// Strong emphasis (`**text**`): `Text` shows the run in bold.
    public static let stronglyEmphasized = InlinePresentationIntent(rawValue: 1 << 1)
    /// A code span: `Text` shows the run in a monospaced design.
    public static let code = InlinePresentationIntent(rawValue: 1 << 2)
    /// Struck through (`~~text~~`): `Text` draws a line through the run.
    public static let strikethrough = InlinePresentationIntent(rawValue: 1 << 5)
    /// A soft line break. Kept for source compatibility: Jetway's Markdown reader never sets it and
    /// `Text` ignores it.
    public static let softBreak = InlinePresentationIntent(rawValue: 1 << 6)
    /// A hard line break. Kept for source compatibility: Jetway's Markdown reader never sets it and
    /// `Text` ignores it.
    public static let lineBreak = InlinePresentationIntent(rawValue: 1 << 7)
    /// Inline HTML. Kept for source compatibility: Jetway's Markdown reader never sets it and `Text`
    /// ignores it (HTML in Markdown stays text).
    public static let inlineHTML = InlinePresentationIntent(rawValue: 1 << 8)
    /// Block HTML. Kept for source compatibility: Jetway's Markdown reader never sets it and `Text`
    /// ignores it.
    public static let blockHTML = InlinePresentationIntent(rawValue: 1 << 9)
}

extension AttributeScopes {
    /// SwiftUI's attributes of an `AttributedString`: `string.foregroundColor = .red`.
    public var swiftUI: SwiftUIAttributes.Type { SwiftUIAttributes.self }

    /// The attributes `Text(_:)` reads from an `AttributedString`'s runs: SwiftUI's and, through
    /// `foundation`, Foundation's (`link`).
    public struct SwiftUIAttributes: AttributeScope {
        /// The run's text colour.
        public let foregroundColor: ForegroundColorAttribute
        /// The run's background colour.
        public let backgroundColor: BackgroundColorAttribute
        /// The run's font.
        public let font: FontAttribute
        /// The run's underline.
        public let underlineStyle: UnderlineStyleAttribute
        /// The run's strikethrough line.
        public let strikethroughStyle: StrikethroughStyleAttribute
        /// Extra space between the run's characters, in points (a CSS `letter-spacing`).
        public let kern: KernAttribute
        /// Extra space between the run's characters, in points (a CSS `letter-spacing`); wins over
        /// `kern` when a run has both.
        public let tracking: TrackingAttribute
        /// How far the run is raised above the baseline, in points (negative lowers it).
        public let baselineOffset: BaselineOffsetAttribute
        /// Markdown's presentation of the run: emphasis, strong emphasis, code, strikethrough.
        public let inlinePresentationIntent: InlinePresentationIntentAttribute
        /// Foundation's attributes, such as `link`.
        public let foundation: FoundationAttributes

        /// The key of `foregroundColor`: a `Color`.
        public enum ForegroundColorAttribute: AttributedStringKey {
            /// A `Color`.
            public typealias Value = Color
            /// The attribute's name in an archived string.
            public static let name = "SwiftUI.ForegroundColor"
        }
        /// The key of `backgroundColor`: a `Color`.
        public enum BackgroundColorAttribute: AttributedStringKey {
            /// A `Color`.
            public typealias Value = Color
            /// The attribute's name in an archived string.
            public static let name = "SwiftUI.BackgroundColor"
        }
        /// The key of `font`: a `Font`.
        public enum FontAttribute: AttributedStringKey {
            /// A `Font`.
            public typealias Value = Font
            /// The attribute's name in an archived string.
            public static let name = "SwiftUI.Font"
        }
        /// The key of `underlineStyle`: a `Text.LineStyle`.
        public enum UnderlineStyleAttribute: AttributedStringKey {
            /// A `Text.LineStyle`.
            public typealias Value = Text.LineStyle
            /// The attribute's name in an archived string.
            public static let name = "SwiftUI.UnderlineStyle"
        }
        /// The key of `strikethroughStyle`: a `Text.LineStyle`.
        public enum StrikethroughStyleAttribute: AttributedStringKey {
            /// A `Text.LineStyle`.
            public typealias Value = Text.LineStyle
            /// The attribute's name in an archived string.
            public static let name = "SwiftUI.StrikethroughStyle"
        }
        /// The key of `kern`: points.
        public enum KernAttribute: AttributedStringKey {
            /// Points.
            public typealias Value = CGFloat
            /// The attribute's name in an archived string.
            public static let name = "SwiftUI.Kern"
        }
        /// The key of `tracking`: points.
        public enum TrackingAttribute: AttributedStringKey {
            /// Points.
            public typealias Value = CGFloat
            /// The attribute's name in an archived string.
            public static let name = "SwiftUI.Tracking"
        }
        /// The key of `baselineOffset`: points.
        public enum BaselineOffsetAttribute: AttributedStringKey {
            /// Points.
            public typealias Value = CGFloat
            /// The attribute's name in an archived string.
            public static let name = "SwiftUI.BaselineOffset"
        }
        /// The key of `inlinePresentationIntent`: an `InlinePresentationIntent`.
        public enum InlinePresentationIntentAttribute: AttributedStringKey {
            /// An `InlinePresentationIntent`.
            public typealias Value = InlinePresentationIntent
            /// Foundation's name for the attribute.
            public static let name = "NSInlinePresentationIntent"
        }
    }
}

extension AttributeDynamicLookup {
    /// Reaches SwiftUI's attributes by name, so that `string.foregroundColor = .red` and `run.font`
    /// compile.
    public subscript<T: AttributedStringKey>(dynamicMember keyPath: KeyPath<AttributeScopes.SwiftUIAttributes, T>) -> T {
        self[T.self]
    }
}

extension AttributedString {
    /// How `init(markdown:)` reads its text.
    public struct MarkdownParsingOptions: Hashable, Sendable {
        /// Which Markdown syntax to read. Jetway reads inline syntax only: `full` and `inlineOnly` read
        /// the same (paragraph breaks kept, line breaks joined), `inlineOnlyPreservingWhitespace` keeps
        /// the text's line breaks and spaces as they are.
        public enum InterpretedSyntax: Hashable, Sendable {
            /// Inline syntax, a blank line kept as a paragraph break and other line breaks joined with a space;
            /// block syntax (headings, lists, quotes) is not read, in either.
            case full, inlineOnly
            /// Inline syntax, the text's line breaks and spaces kept as they are.
            case inlineOnlyPreservingWhitespace
        }
        /// What to do with Markdown that cannot be read. Accepted so SwiftUI code compiles: Jetway's
        /// reader reads any text, so it never throws and both policies give the same result.
        public enum FailurePolicy: Hashable, Sendable {
            /// Throw, or give what could be read; the same here, as Jetway's reader reads any text and never throws.
            case throwError, returnPartiallyParsedIfPossible
        }
        /// Apple's extended attributes (`^[text](attribute: value)`). Accepted so SwiftUI code
        /// compiles; Jetway's reader ignores it and leaves such syntax as text.
        public var allowsExtendedAttributes = false
        /// Which syntax to read; see `InterpretedSyntax`.
        public var interpretedSyntax = InterpretedSyntax.full
        /// What to do with Markdown that cannot be read; Jetway's reader never fails, so this changes
        /// nothing.
        public var failurePolicy = FailurePolicy.throwError
        /// The text's language. Accepted so SwiftUI code compiles; Jetway's reader ignores it.
        public var languageCode: String?
        /// Options for `init(markdown:options:baseURL:)`, each defaulting as Foundation's does.
        public init(
            allowsExtendedAttributes: Bool = false, interpretedSyntax: InterpretedSyntax = .full,
            failurePolicy: FailurePolicy = .throwError, languageCode: String? = nil
        ) {
            self.allowsExtendedAttributes = allowsExtendedAttributes
            self.interpretedSyntax = interpretedSyntax
            self.failurePolicy = failurePolicy
            self.languageCode = languageCode
        }
    }

    /// Markdown's inline syntax read into runs: `**strong**`, `*emphasis*` and `_emphasis_`,
    /// `` `code` ``, `~~strikethrough~~`, `[links](https://…)` and backslash escapes; a paragraph
    /// break (a blank line) is kept as one (the full syntax), and line breaks in a paragraph
    /// join it with a space, unless `.inlineOnlyPreservingWhitespace`.
    public init(markdown: String, options: MarkdownParsingOptions = MarkdownParsingOptions(), baseURL: URL? = nil) throws {
        self.init()
        var text = markdown
        if options.interpretedSyntax != .inlineOnlyPreservingWhitespace {
            let paragraphs = markdown.components(separatedBy: "\n\n").map {
                $0.split(separator: "\n", omittingEmptySubsequences: true).map { $0.trimmingCharacters(in: .whitespaces) }.joined(
                    separator: " ")
            }
            text = paragraphs.filter { !$0.isEmpty }.joined(separator: "\n\n")
        }
        for run in InlineMarkdown.parse(text) {
            var piece = AttributedString(run.text)
            if !run.intent.isEmpty { piece.inlinePresentationIntent = run.intent }
            if let link = run.link { piece.link = URL(string: link, relativeTo: baseURL) }
            append(piece)
        }
    }

    /// Reads UTF-8 Markdown `Data` as `init(markdown:options:baseURL:)` reads a string.
    public init(markdown: Data, options: MarkdownParsingOptions = MarkdownParsingOptions(), baseURL: URL? = nil) throws {
        try self.init(markdown: String(decoding: markdown, as: UTF8.self), options: options, baseURL: baseURL)
    }
}

/// Markdown's inline syntax (CommonMark's emphasis rules, simplified): delimiter runs of `*`
/// and `_` open and close by whether they are left- or right-flanking (so `snake_case_name`
/// and `2 * 3` stay as written), `~~` strikes through, code spans and links are read first.
enum InlineMarkdown {
    struct Run: Equatable {
        var text: String
        var intent: InlinePresentationIntent
        var link: String?
    }

    /// Whether `text` has any character Markdown could read as syntax.
    static func mayHaveSyntax(_ text: String) -> Bool {
        text.utf8.contains { $0 == 42 || $0 == 95 || $0 == 96 || $0 == 126 || $0 == 91 || $0 == 92 }
    }

    private enum Piece {
        case text(String, InlinePresentationIntent, String?)
        case delimiter(Character, count: Int, canOpen: Bool, canClose: Bool)
    }

    static func parse(_ text: String, intent: InlinePresentationIntent = [], link: String? = nil) -> [Run] {
        var pieces: [Piece] = []
        let characters = Array(text)
        var literal = ""
        func flush() {
            if !literal.isEmpty { pieces.append(.text(literal, intent, link)) }
            literal = ""
        }
        var index = 0
        while index < characters.count {
            let character = characters[index]
            if character == "\\", index + 1 < characters.count, characters[index + 1].isPunctuation || characters[index + 1].isSymbol {
                literal.append(characters[index + 1])
                index += 2
                continue
            }
            if character == "`" {
                var run = 0
                while index + run < characters.count, characters[index + run] == "`" { run += 1 }
                if let end = closingBackticks(characters, from: index + run, count: run) {
                    flush()
                    let code = String(characters[(index + run)..<end]).trimmingCharacters(in: .init(charactersIn: " "))
                    pieces.append(.text(code, intent.union(.code), link))
                    index = end + run
                    continue
                }
                literal.append(String(repeating: "`", count: run))
                index += run
                continue
            }
            if character == "[", link == nil, let (label, url, end) = linkAt(characters, index) {
                flush()
                for run in parse(label, intent: intent, link: url) { pieces.append(.text(run.text, run.intent, run.link)) }
                index = end
                continue
            }
            if character == "*" || character == "_" || (character == "~" && index + 1 < characters.count && characters[index + 1] == "~") {
                var run = 0
                while index + run < characters.count, characters[index + run] == character { run += 1 }
                let before: Character? = index > 0 ? characters[index - 1] : nil
                let after: Character? = index + run < characters.count ? characters[index + run] : nil
                let left = flanks(next: after, previous: before)
                let right = flanks(next: before, previous: after)
                var canOpen = left, canClose = right
                if character == "_" {
                    canOpen = left && (!right || isPunctuation(before))
                    canClose = right && (!left || isPunctuation(after))
                }
                flush()
                pieces.append(.delimiter(character, count: run, canOpen: canOpen, canClose: canClose))
                index += run
                continue
            }
            literal.append(character)
            index += 1
        }
        flush()
        return resolve(pieces)
    }

    /// Whether a delimiter run with `next` after it and `previous` before it is flanking on
    /// the `next` side (CommonMark: left-flanking when called with the following character).
    private static func flanks(next: Character?, previous: Character?) -> Bool {
        guard let next, !next.isWhitespace else { return false }
        if !isPunctuation(next) { return true }
        return previous == nil || previous!.isWhitespace || isPunctuation(previous)
    }

    private static func isPunctuation(_ character: Character?) -> Bool {
        guard let character else { return false }
        return character.isPunctuation || character.isSymbol
    }

    private static func closingBackticks(_ characters: [Character], from start: Int, count: Int) -> Int? {
        var index = start
        while index < characters.count {
            if characters[index] == "`" {
                var run = 0
                while index + run < characters.count, characters[index + run] == "`" { run += 1 }
                if run == count { return index }
                index += run
            } else {
                index += 1
            }
        }
        return nil
    }

    /// `[label](url)` starting at `start`: its label, its destination and where it ends.
    private static func linkAt(_ characters: [Character], _ start: Int) -> (String, String, Int)? {
        var depth = 0
        var index = start
        while index < characters.count {
            if characters[index] == "\\" {
                index += 2
                continue
            }
            if characters[index] == "[" { depth += 1 }
            if characters[index] == "]" {
                depth -= 1
                if depth == 0 { break }
            }
            index += 1
        }
        guard index + 1 < characters.count, characters[index] == "]", characters[index + 1] == "(" else { return nil }
        guard let close = characters[(index + 2)...].firstIndex(of: ")") else { return nil }
        let destination = String(characters[(index + 2)..<close]).trimmingCharacters(in: .whitespaces)
        let url = destination.split(separator: " ", maxSplits: 1).first.map(String.init) ?? ""
        guard !url.isEmpty else { return nil }
        return (String(characters[(start + 1)..<index]), url.trimmingCharacters(in: CharacterSet(charactersIn: "<>")), close + 1)
    }

    /// Matches closers with the nearest opener of their kind (two characters each side make
    /// strong emphasis or a strikethrough, one emphasis); what is left is text.
    private static func resolve(_ pieces: [Piece]) -> [Run] {
        var pieces = pieces
        var added = [InlinePresentationIntent](repeating: [], count: pieces.count)
        var closer = 0
        while closer < pieces.count {
            guard case .delimiter(let character, var closeCount, _, true) = pieces[closer] else {
                closer += 1
                continue
            }
            var opener = closer - 1
            var matched = false
            while opener >= 0 {
                if case .delimiter(character, var openCount, true, _) = pieces[opener], openCount > 0, closeCount > 0 {
                    let canOpen: Bool
                    if case .delimiter(_, _, let open, _) = pieces[opener] { canOpen = open } else { canOpen = false }
                    let used: Int
                    let intent: InlinePresentationIntent
                    if character == "~" {
                        guard openCount >= 2, closeCount >= 2 else {
                            opener -= 1
                            continue
                        }
                        used = 2
                        intent = .strikethrough
                    } else {
                        used = openCount >= 2 && closeCount >= 2 ? 2 : 1
                        intent = used == 2 ? .stronglyEmphasized : .emphasized
                    }
                    for between in (opener + 1)..<closer { added[between].formUnion(intent) }
                    openCount -= used
                    closeCount -= used
                    pieces[opener] = .delimiter(character, count: openCount, canOpen: canOpen, canClose: false)
                    if case .delimiter(_, _, let open, _) = pieces[closer] {
                        pieces[closer] = .delimiter(character, count: closeCount, canOpen: open, canClose: closeCount > 0)
                    }
                    matched = true
                    if closeCount == 0 { break }
                    continue
                }
                opener -= 1
            }
            if !matched || closeCount == 0 { closer += 1 }
        }
        var runs: [Run] = []
        for (index, piece) in pieces.enumerated() {
            let run: Run
            switch piece {
            case .text(let text, let intent, let link): run = Run(text: text, intent: intent.union(added[index]), link: link)
            case .delimiter(let character, let count, _, _):
                guard count > 0 else { continue }
                run = Run(text: String(repeating: character, count: count), intent: added[index], link: nil)
            }
            if let last = runs.last, last.intent == run.intent, last.link == run.link {
                runs[runs.count - 1].text += run.text
            } else {
                runs.append(run)
            }
        }
        return runs
    }
}

extension Text {
    /// Styled text: each run of the string a span with its attributes (colour, font,
    /// background, lines, kerning, baseline, a link, Markdown's emphasis and code).
    @_disfavoredOverload
    nonisolated public init(_ attributedContent: AttributedString) {
        typealias Attributes = AttributeScopes.SwiftUIAttributes
        var parts: [Text] = []
        for run in attributedContent.runs {
            var part = Text(verbatim: String(attributedContent[run.range].characters))
            var typography = Typography()
            if let intent = run[Attributes.InlinePresentationIntentAttribute.self] { part.present(intent, in: &typography) }
            if let color = run[Attributes.ForegroundColorAttribute.self] { part.color = color.css }
            if let font = run[Attributes.FontAttribute.self] { part.font = font }
            if let style = run[Attributes.UnderlineStyleAttribute.self] { typography.underline = style }
            if let style = run[Attributes.StrikethroughStyleAttribute.self] { typography.strikethrough = style }
            if let kern = run[Attributes.KernAttribute.self] { typography.letterSpacing = Double(kern) }
            if let tracking = run[Attributes.TrackingAttribute.self] { typography.letterSpacing = Double(tracking) }
            if let offset = run[Attributes.BaselineOffsetAttribute.self] { typography.baselineOffset = Double(offset) }
            if let background = run[Attributes.BackgroundColorAttribute.self] { typography.background = background.css }
            typography.link = run.link
            part.typography = typography
            parts.append(part)
        }
        self.init(segments: parts)
    }

    /// Markdown's presentation of a run: strong is bold, emphasis italic, code monospaced,
    /// strikethrough struck through.
    nonisolated mutating func present(_ intent: InlinePresentationIntent, in typography: inout Typography) {
        if intent.contains(.stronglyEmphasized) { isBold = true }
        if intent.contains(.emphasized) { isItalic = true }
        if intent.contains(.code) { typography.design = .monospaced }
        if intent.contains(.strikethrough) { typography.strikethrough = Text.LineStyle() }
    }

    /// A string literal's Markdown, as SwiftUI reads it in `Text("**Gate** B12")`.
    nonisolated static func markdownSegments(_ string: String) -> [Text]? {
        guard InlineMarkdown.mayHaveSyntax(string) else { return nil }
        let runs = InlineMarkdown.parse(string)
        if runs.count == 1, runs[0].intent.isEmpty, runs[0].link == nil {
            return runs[0].text == string ? nil : [Text(verbatim: runs[0].text)]
        }
        return runs.map { run in
            var part = Text(verbatim: run.text)
            var typography = Typography()
            part.present(run.intent, in: &typography)
            typography.link = run.link.flatMap { URL(string: $0) }
            part.typography = typography
            return part
        }
    }
}
