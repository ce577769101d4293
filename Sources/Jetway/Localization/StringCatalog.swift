import Foundation

/// An app's localized strings, as Xcode keeps them: String Catalogs (`Localizable.xcstrings`, the
/// JSON Xcode writes) and the older `<language>.lproj/<table>.strings` and `.stringsdict` files.
///
/// The server loads the app's (`StringCatalog.load(from:)`, every resource folder SwiftPM built
/// next to the executable and the app's assets folder) and makes it `StringCatalog.app`; every
/// `Text("…")`, `LocalizedStringKey`, `String(localized:)` and `LocalizedStringResource` is then
/// looked up in it, in the language of the page's `\.locale`: the key's translation in that
/// language, else in the catalog's source language, else the key as written. Plural and device
/// variations and substitutions (`%#@flights@`) are chosen as iOS chooses them.
public final class StringCatalog: @unchecked Sendable {
    /// A key's text in one language: a string, or variations by plural category or device, and
    /// the substitutions its string names.
    struct Entry: Sendable {
        var value: String?
        var plural: [String: Entry] = [:]
        var device: [String: Entry] = [:]
        var substitutions: [String: Substitution] = [:]
    }

    /// `%#@name@` in a string: a number (argument `argument`, 1-based) and its text by plural category.
    struct Substitution: Sendable {
        var argument: Int
        var specifier: String
        var plural: [String: String]
    }

    /// The language the keys are written in: a catalog's `sourceLanguage` (`en` when none says).
    public private(set) var sourceLanguage = "en"
    /// table → key → language → entry.
    private var tables: [String: [String: [String: Entry]]] = [:]

    /// The languages the catalog has some text in, and its source language, sorted.
    public var languages: [String] {
        var found: Set<String> = [sourceLanguage]
        for table in tables.values { for entry in table.values { found.formUnion(entry.keys) } }
        return found.sorted()
    }

    /// Whether it holds nothing.
    public var isEmpty: Bool { tables.values.allSatisfy(\.isEmpty) }

    /// An empty catalog.
    public init() {}

    /// The app's catalog, which texts are looked up in; nil until the server (or a test) sets one.
    nonisolated(unsafe) public static var app: StringCatalog?

    /// `key` in the app's catalog for a page in `language` (a BCP 47 tag), or `key` as written:
    /// the app's title (`WindowGroup("Mountain Airport")`), looked up as SwiftUI looks up a
    /// window group's title.
    package static func appText(_ key: String, language: String?) -> String {
        guard let app, let language else { return key }
        return app.text(key, locale: Locale(identifier: LanguageTag.localeIdentifier(of: language))) ?? key
    }

    /// Adds `catalog`'s strings to the app's (which it becomes when there is none): what a
    /// server does with the catalogs it loads. Several servers in one process (tests) add to one
    /// catalog rather than take each other's away; a key both have keeps the later text.
    /// The app's catalog is never changed in place (pages may be reading it on other threads):
    /// a merged copy takes its place. The first catalog's source language stays.
    public static func addToApp(_ catalog: StringCatalog) {
        addLock.lock()
        defer { addLock.unlock() }
        guard let app, app !== catalog else {
            app = catalog
            return
        }
        let merged = StringCatalog()
        merged.sourceLanguage = app.sourceLanguage
        merged.merge(app)
        merged.merge(catalog)
        self.app = merged
    }

    private static let addLock = NSLock()

    /// Takes `other`'s texts (replacing those of the same table, key and language).
    private func merge(_ other: StringCatalog) {
        for (table, keys) in other.tables {
            for (key, languages) in keys {
                for (language, entry) in languages { tables[table, default: [:]][key, default: [:]][language] = entry }
            }
        }
    }

    /// Told, in development mode, of a key with no text in the language a page asked for (the
    /// key, the language): once each.
    nonisolated(unsafe) public static var missingReporter: (@Sendable (String, String) -> Void)?
    private let reportedLock = NSLock()
    private var reported: Set<String> = []

    // MARK: Reading

    /// What a file could not be read as.
    public struct ReadError: Error, CustomStringConvertible {
        /// The file and what is wrong with it.
        public let description: String
    }

    /// Adds a String Catalog (`Localizable.xcstrings`: its name, without the extension, is the
    /// table).
    public func addStringCatalog(_ data: Data, table: String = "Localizable") throws {
        guard let root = try? JSONSerialization.jsonObject(with: data) as? [String: Any],
            let strings = root["strings"] as? [String: Any]
        else { throw ReadError(description: "\(table).xcstrings: not a String Catalog (no \"strings\" object)") }
        if let source = root["sourceLanguage"] as? String, !source.isEmpty { sourceLanguage = source }
        for (key, value) in strings {
            guard let localizations = (value as? [String: Any])?["localizations"] as? [String: Any] else { continue }
            for (language, localization) in localizations {
                if let entry = Self.entry(localization) { tables[table, default: [:]][key, default: [:]][language] = entry }
            }
        }
    }

    /// An entry of a String Catalog: `stringUnit`, `variations` (`plural`, `device`), `substitutions`.
    private static func entry(_ object: Any) -> Entry? {
        guard let object = object as? [String: Any] else { return nil }
        var entry = Entry()
        if let unit = object["stringUnit"] as? [String: Any], let value = unit["value"] as? String { entry.value = value }
        if let variations = object["variations"] as? [String: Any] {
            for (kind, cases) in variations {
                guard let cases = cases as? [String: Any] else { continue }
                let parsed = cases.compactMapValues { Self.entry($0) }
                if kind == "plural" { entry.plural = parsed } else if kind == "device" { entry.device = parsed }
            }
        }
        if let substitutions = object["substitutions"] as? [String: Any] {
            for (name, substitution) in substitutions {
                guard let substitution = substitution as? [String: Any],
                    let plural = (substitution["variations"] as? [String: Any])?["plural"] as? [String: Any]
                else { continue }
                entry.substitutions[name] = Substitution(
                    argument: min(max(substitution["argNum"] as? Int ?? 1, 1), 64),
                    specifier: substitution["formatSpecifier"] as? String ?? "lld",
                    plural: plural.compactMapValues { (($0 as? [String: Any])?["stringUnit"] as? [String: Any])?["value"] as? String })
            }
        }
        return entry.value == nil && entry.plural.isEmpty && entry.device.isEmpty ? nil : entry
    }

    /// Adds a `.strings` table in `language` (`"key" = "value";`, with comments; UTF-8 or UTF-16).
    public func addStrings(_ data: Data, language: String, table: String = "Localizable") throws {
        guard let text = String(data: data, encoding: .utf8) ?? String(data: data, encoding: .utf16) else {
            throw ReadError(description: "\(language).lproj/\(table).strings: not UTF-8 or UTF-16 text")
        }
        // The old plist format Foundation reads: a dictionary of strings.
        guard let pairs = try? PropertyListSerialization.propertyList(from: Data(("{" + text + "}").utf8), format: nil) as? [String: String]
        else { throw ReadError(description: "\(language).lproj/\(table).strings: not a strings table (\"key\" = \"value\";)") }
        for (key, value) in pairs { tables[table, default: [:]][key, default: [:]][language] = Entry(value: value) }
    }

    /// Adds a `.stringsdict` table in `language` (plurals: `NSStringLocalizedFormatKey` and its
    /// `NSStringPluralRuleType` dictionaries).
    public func addStringsDictionary(_ data: Data, language: String, table: String = "Localizable") throws {
        guard let root = try? PropertyListSerialization.propertyList(from: data, format: nil) as? [String: Any] else {
            throw ReadError(description: "\(language).lproj/\(table).stringsdict: not a property list")
        }
        for (key, value) in root {
            guard let value = value as? [String: Any], let format = value["NSStringLocalizedFormatKey"] as? String else { continue }
            var entry = Entry(value: format)
            let arguments = Self.variableArguments(in: format)
            for (name, rule) in value where name != "NSStringLocalizedFormatKey" {
                guard let rule = rule as? [String: Any] else { continue }
                var plural: [String: String] = [:]
                for category in ["zero", "one", "two", "few", "many", "other"] { plural[category] = rule[category] as? String }
                entry.substitutions[name] = Substitution(
                    argument: arguments[name] ?? 1, specifier: rule["NSStringFormatValueTypeKey"] as? String ?? "lld", plural: plural)
            }
            tables[table, default: [:]][key, default: [:]][language] = entry
        }
    }

    /// The argument each `%#@variable@` of a `.stringsdict` format stands for, as Foundation
    /// counts them: its place among the format's specifiers (`%@ has %#@flights@`: the second),
    /// or the position it names (`%2$#@flights@`).
    static func variableArguments(in format: String) -> [String: Int] {
        guard
            let expression = try? NSRegularExpression(
                pattern: #"%(?:(\d+)\$)?(?:#@([A-Za-z0-9_]+)@|[-+ #0-9.]*(?:hh|h|ll|l|q|L|z|j|t)?[@dDiuUxXoOfFeEgGaAcCsSp])|%%"#)
        else { return [:] }
        var found: [String: Int] = [:]
        var next = 0
        let text = format as NSString
        for match in expression.matches(in: format, range: NSRange(location: 0, length: text.length)) {
            guard text.substring(with: match.range) != "%%" else { continue }
            let named = match.range(at: 1).location == NSNotFound ? nil : Int(text.substring(with: match.range(at: 1)))
            next = named ?? next + 1
            if match.range(at: 2).location != NSNotFound { found[text.substring(with: match.range(at: 2))] = next }
        }
        return found
    }

    /// The catalog of every String Catalog and `.lproj` table in `folders` (searched to any
    /// depth); throws for a file that is not what its name says.
    public static func load(from folders: [URL]) throws -> StringCatalog {
        let catalog = StringCatalog()
        for folder in folders {
            guard let walker = FileManager.default.enumerator(at: folder, includingPropertiesForKeys: nil) else { continue }
            for case let file as URL in walker {
                let table = file.deletingPathExtension().lastPathComponent
                let parent = file.deletingLastPathComponent().lastPathComponent
                let language = parent.hasSuffix(".lproj") ? String(parent.dropLast(6)) : nil
                switch (file.pathExtension, language) {
                case ("xcstrings", _): try catalog.addStringCatalog(Data(contentsOf: file), table: table)
                case ("strings", let language?): try catalog.addStrings(Data(contentsOf: file), language: language, table: table)
                case ("stringsdict", let language?):
                    try catalog.addStringsDictionary(Data(contentsOf: file), language: language, table: table)
                default: continue
                }
            }
        }
        return catalog
    }

    // MARK: Looking up

    /// The text of `key` in the table for `locale`'s language: chosen by the first number among
    /// `arguments` (plural variations), the `device` (`iphone`, `ipad`, `mac` or `other`), and
    /// with the arguments written in for its format specifiers. Nil when no language has the key.
    func text(
        _ key: String, table: String? = nil, locale: Locale, arguments: [LocalizedArgument] = [], device: String = "other"
    ) -> String? {
        guard let byLanguage = tables[table ?? "Localizable"]?[key] else { return nil }
        let wanted = LanguageTag.lookupChain(locale.identifier)
        var language = wanted.first { byLanguage[$0] != nil }
        if language == nil {
            if let asked = wanted.first, LanguageTag.language(of: asked) != LanguageTag.language(of: sourceLanguage) {
                reportMissing(key, asked)
            }
            language = byLanguage[sourceLanguage] != nil ? sourceLanguage : nil
        }
        guard let language, let entry = byLanguage[language] else { return nil }
        let count = arguments.lazy.compactMap(\.number).first ?? 0
        guard let pattern = Self.pattern(entry, count: count, language: language, device: device) else { return nil }
        return Self.format(pattern, entry: entry, arguments: arguments, language: language)
    }

    /// Whether the catalog has `key` in some language (then the source text of a missing
    /// language is the catalog's, not the key's).
    func has(_ key: String, table: String? = nil) -> Bool { tables[table ?? "Localizable"]?[key] != nil }

    /// Reports a key missing in a language once (development mode's log).
    private func reportMissing(_ key: String, _ language: String) {
        guard let reporter = Self.missingReporter else { return }
        // At most 10,000 pairs remembered (a client may ask for any language).
        let first = reportedLock.withLock { reported.count < 10_000 && reported.insert(language + "\u{0}" + key).inserted }
        if first { reporter(key, language) }
    }

    /// The string of an entry for a count and a device.
    private static func pattern(_ entry: Entry, count: Double, language: String, device: String) -> String? {
        if !entry.device.isEmpty, let chosen = entry.device[device] ?? entry.device["other"] {
            return pattern(chosen, count: count, language: language, device: device)
        }
        if !entry.plural.isEmpty {
            // An explicit `zero` is for 0 in every language, as Foundation reads it.
            let category = count == 0 && entry.plural["zero"] != nil ? "zero" : PluralRules.category(of: count, in: language)
            if let chosen = entry.plural[category] ?? entry.plural["other"] {
                return pattern(chosen, count: count, language: language, device: device)
            }
        }
        return entry.value
    }

    /// `pattern` with its substitutions chosen and its specifiers replaced by the arguments' texts.
    static func format(_ pattern: String, entry: Entry, arguments: [LocalizedArgument], language: String) -> String {
        var text = pattern
        for (name, substitution) in entry.substitutions {
            // `%#@flights@`, or with its position: `%2$#@flights@`.
            guard let tokenRange = text.range(of: "%([0-9]+\\$)?#@" + name + "@", options: .regularExpression) else { continue }
            let token = String(text[tokenRange])
            let index = substitution.argument - 1
            let count = arguments.indices.contains(index) ? arguments[index].number ?? 0 : 0
            let category = count == 0 && substitution.plural["zero"] != nil ? "zero" : PluralRules.category(of: count, in: language)
            var chosen = substitution.plural[category] ?? substitution.plural["other"] ?? ""
            // Its own placeholder refers to its argument: `%arg` in a String Catalog, the
            // specifier itself in a `.stringsdict`.
            let positional = "%\(substitution.argument)$" + substitution.specifier
            chosen = chosen.replacingOccurrences(of: "%arg", with: positional)
                .replacingOccurrences(of: "%" + substitution.specifier, with: positional)
            text = text.replacingOccurrences(of: token, with: chosen)
        }
        return fill(text, arguments.map(\.text))
    }

    /// A printf-style format with each specifier (`%@`, `%lld`, `%d`, `%.1f`, `%2$@`) replaced by
    /// the argument's text in order or by position; `%%` is a percent sign. A specifier with no
    /// argument is left as written.
    static func fill(_ format: String, _ arguments: [String]) -> String {
        guard format.contains("%") else { return format }
        var out = ""
        var next = 0
        var scalars = Array(format.unicodeScalars)[...]
        while let scalar = scalars.popFirst() {
            guard scalar == "%" else {
                out.unicodeScalars.append(scalar)
                continue
            }
            if scalars.first == "%" {
                scalars.removeFirst()
                out += "%"
                continue
            }
            // [position$] [flags, width, precision] [length] conversion
            var spec = "%"
            var position: Int?
            var digits = ""
            while let c = scalars.first, ("0"..."9").contains(c) {
                digits.unicodeScalars.append(c)
                scalars.removeFirst()
            }
            if scalars.first == "$", let value = Int(digits) {
                position = value
                scalars.removeFirst()
            } else {
                spec += digits
            }
            while let c = scalars.first, "-+ #0123456789.hlqLzjt".unicodeScalars.contains(c) {
                spec.unicodeScalars.append(c)
                scalars.removeFirst()
            }
            guard let conversion = scalars.popFirst() else {
                out += spec
                break
            }
            let index = position.map { $0 - 1 } ?? next
            if position == nil { next += 1 }
            if arguments.indices.contains(index) {
                out += arguments[index]
            } else {
                out += spec
                out.unicodeScalars.append(conversion)
            }
        }
        return out
    }
}

/// An interpolated value of a localized string: its text as shown, and its number when it is
/// one (plural variations are chosen by it).
struct LocalizedArgument: Hashable, Sendable {
    let text: String
    let number: Double?
}
