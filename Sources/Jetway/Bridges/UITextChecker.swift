import Foundation
import Synchronization

/// UIKit's spell checker, as word games and editors use it: a word is spelled correctly when
/// the language's word list has it (in any case), or the app learned it. The word lists come
/// from the server (`SpellingDictionary.source`; JetwayServer reads Debian's, in
/// `/usr/share/dict`): the core reads no files. A language with no list finds nothing
/// misspelled, and is not among `availableLanguages`.
///
/// ```swift
/// let checker = UITextChecker()
/// let range = NSRange(location: 0, length: word.utf16.count)
/// let wrong = checker.rangeOfMisspelledWord(in: word, range: range, startingAt: 0, wrap: false, language: "en")
/// let isWord = wrong.location == NSNotFound
/// ```
public final class UITextChecker: Sendable {
    /// A spell checker with no ignored words.
    public init() {}

    /// The languages with a word list (`en_US` when Debian's American English list is there).
    public static var availableLanguages: [String] {
        SpellingDictionary.knownLanguages.filter { SpellingDictionary.words(for: $0) != nil }
    }

    private static let learned = Mutex<Set<String>>([])
    /// At most this many learned words (a word past it is not learned).
    static let learnedLimit = 10_000

    /// Words every checker in the process accepts from now on: the app's, as UIKit's are the
    /// device's — every visitor's checks accept them (learn per visitor with `ignoredWords` of
    /// a checker the visitor's view holds).
    public static func learnWord(_ word: String) {
        learned.withLock { if $0.count < learnedLimit { _ = $0.insert(word.lowercased()) } }
    }
    /// Forgets a word `learnWord(_:)` learned (in any case), for every checker in the process.
    public static func unlearnWord(_ word: String) { learned.withLock { _ = $0.remove(word.lowercased()) } }
    /// Whether `learnWord(_:)` learned `word` (in any case).
    public static func hasLearnedWord(_ word: String) -> Bool { learned.withLock { $0.contains(word.lowercased()) } }

    private let ignored = Mutex<Set<String>>([])

    /// Words this checker accepts (`ignoredWords`).
    public var ignoredWords: [String]? {
        get { ignored.withLock { $0.isEmpty ? nil : $0.sorted() } }
        set { ignored.withLock { $0 = Set((newValue ?? []).map { $0.lowercased() }) } }
    }

    /// Makes this checker accept `word` (in any case), as `ignoredWords` holds it.
    public func ignoreWord(_ word: String) { ignored.withLock { _ = $0.insert(word.lowercased()) } }

    /// The first misspelled word in `range` of `string` from `startingAt` (and, with `wrap`,
    /// from the start of the range up to it), or `NSNotFound`.
    public func rangeOfMisspelledWord(in string: String, range: NSRange, startingAt: Int, wrap: Bool, language: String) -> NSRange {
        let notFound = NSRange(location: NSNotFound, length: 0)
        guard let words = SpellingDictionary.words(for: language) else { return notFound }
        let text = string as NSString
        let range = NSIntersectionRange(range, NSRange(location: 0, length: text.length))
        let start = min(max(startingAt, range.location), NSMaxRange(range))
        let ignored = ignored.withLock { $0 }
        let spans =
            [NSRange(location: start, length: NSMaxRange(range) - start)]
            + (wrap ? [NSRange(location: range.location, length: start - range.location)] : [])
        for span in spans {
            for word in Self.words(in: text, span) {
                let lower = text.substring(with: word).lowercased()
                if !words.contains(lower) && !ignored.contains(lower) && !Self.hasLearnedWord(lower) { return word }
            }
        }
        return notFound
    }

    /// Words of the list one letter away from the one in `range` (a letter left out, added,
    /// changed, or two swapped), in alphabetical order.
    public func guesses(forWordRange range: NSRange, in string: String, language: String) -> [String]? {
        guard let words = SpellingDictionary.words(for: language) else { return nil }
        let text = string as NSString
        // One word's guesses: a longer run of letters is not a word (and its candidates would
        // be millions).
        guard range.location >= 0, range.length <= 48, NSMaxRange(range) <= text.length else { return [] }
        let word = text.substring(with: range).lowercased()
        let letters = Array(word)
        var candidates: Set<String> = []
        let alphabet = Array("abcdefghijklmnopqrstuvwxyz'")
        for index in 0...letters.count {
            for letter in alphabet {
                var added = letters
                added.insert(letter, at: index)
                candidates.insert(String(added))
            }
            guard index < letters.count else { continue }
            var removed = letters
            removed.remove(at: index)
            candidates.insert(String(removed))
            for letter in alphabet where letter != letters[index] {
                var changed = letters
                changed[index] = letter
                candidates.insert(String(changed))
            }
            if index + 1 < letters.count {
                var swapped = letters
                swapped.swapAt(index, index + 1)
                candidates.insert(String(swapped))
            }
        }
        candidates.remove(word)
        return candidates.filter { words.contains($0) }.sorted()
    }

    /// The words of the list that begin with the partial word in `range`, in order.
    public func completions(forPartialWordRange range: NSRange, in string: String, language: String) -> [String]? {
        guard let sorted = SpellingDictionary.sortedWords(for: language) else { return nil }
        let prefix = (string as NSString).substring(with: range).lowercased()
        guard !prefix.isEmpty else { return [] }
        // The first word not before the prefix, then those that start with it.
        var low = 0, high = sorted.count
        while low < high {
            let middle = (low + high) / 2
            if sorted[middle] < prefix { low = middle + 1 } else { high = middle }
        }
        return Array(sorted[low...].prefix { $0.hasPrefix(prefix) })
    }

    /// The ranges of the words (letters and apostrophes) inside `span`.
    private static func words(in text: NSString, _ span: NSRange) -> [NSRange] {
        var result: [NSRange] = []
        var start: Int?
        func isWordCharacter(_ unit: unichar) -> Bool {
            guard let scalar = Unicode.Scalar(unit) else { return true }  // a surrogate: part of a word
            return CharacterSet.letters.contains(scalar) || unit == 0x27 || unit == 0x2019
        }
        for index in span.location..<NSMaxRange(span) {
            if isWordCharacter(text.character(at: index)) {
                if start == nil { start = index }
            } else if let first = start {
                result.append(NSRange(location: first, length: index - first))
                start = nil
            }
        }
        if let first = start { result.append(NSRange(location: first, length: NSMaxRange(span) - first)) }
        return result
    }
}

/// Where spell checking's word lists come from: a function from a language code (`en`,
/// `en_US`, `de`) to the list's text, one word per line, nil when there is none. The server
/// sets it (Debian's lists); an app may give its own list for a language (`register`), which
/// then stands instead. Each list is read once.
public enum SpellingDictionary {
    private static let state = Mutex<(source: (@Sendable (String) -> String?)?, lists: [String: Entry])>((nil, [:]))

    private final class Entry: Sendable {
        let words: Set<String>
        let sorted: [String]
        init(_ text: String) {
            let words = Set(text.split(whereSeparator: \.isNewline).map { $0.lowercased() })
            self.words = words
            self.sorted = words.sorted()
        }
    }

    /// The languages a server may have lists for, as UIKit names them.
    static let knownLanguages = ["en_US", "en_GB", "de_DE", "es_ES", "fr_FR", "it_IT", "pt_PT", "nl_NL"]

    /// The function that gives a language's word list (one word per line; nil for none), which
    /// the server sets. A list `register(_:for:)` gave stands instead; a list read is kept.
    public static var source: (@Sendable (_ language: String) -> String?)? {
        get { state.withLock { $0.source } }
        set { state.withLock { $0.source = newValue } }
    }

    /// Makes `text` (one word per line) the list of `language`, in place of the source's.
    public static func register(_ text: String, for language: String) {
        let entry = Entry(text)
        state.withLock { $0.lists[language.replacingOccurrences(of: "-", with: "_")] = entry }
    }

    static func words(for language: String) -> Set<String>? { entry(for: language)?.words }
    static func sortedWords(for language: String) -> [String]? { entry(for: language)?.sorted }

    private static func entry(for language: String) -> Entry? {
        let key = language.replacingOccurrences(of: "-", with: "_")
        if let known = state.withLock({ $0.lists[key] }) { return known }
        guard key.count <= 16, let source = state.withLock({ $0.source }), let text = source(key) else { return nil }
        let entry = Entry(text)
        // A few languages are kept; a page asking for more (a visitor's locale) reads them again.
        state.withLock { if $0.lists.count < 16 { $0.lists[key] = entry } }
        return entry
    }
}
