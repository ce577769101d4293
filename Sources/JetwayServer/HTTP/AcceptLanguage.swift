import Foundation
import Jetway

/// The languages a browser asks for (`Accept-Language`) and the one a page is rendered in.
enum AcceptLanguage {
    /// The tags `header` asks for, most wanted first (by quality; ties in the order written):
    /// BCP 47 tags of letters, digits and hyphens; `*`, a quality of 0 and malformed entries left
    /// out; at most 8.
    static func parse(_ header: String?) -> [String] {
        guard let header, header.utf8.count <= 1024 else { return [] }
        var found: [(tag: String, quality: Double, index: Int)] = []
        for (index, part) in header.split(separator: ",").enumerated() {
            let pieces = part.split(separator: ";").map { $0.trimmingCharacters(in: .whitespaces) }
            guard let tag = pieces.first, isTag(tag) else { continue }
            var quality = 1.0
            for parameter in pieces.dropFirst() where parameter.hasPrefix("q=") {
                quality = Double(parameter.dropFirst(2)) ?? 0
            }
            guard quality > 0, quality <= 1 else { continue }
            found.append((tag, quality, index))
        }
        let sorted = found.sorted { $0.quality != $1.quality ? $0.quality > $1.quality : $0.index < $1.index }
        var tags: [String] = []
        for entry in sorted where !tags.contains(where: { $0.caseInsensitiveCompare(entry.tag) == .orderedSame }) {
            tags.append(entry.tag)
            if tags.count == 8 { break }
        }
        return tags
    }

    /// Whether `text` is a language tag this server takes (`LanguageChoice.isLanguageTag`): a
    /// POSIX locale's name (`C`, `POSIX`, which a browser in a process without a locale may
    /// send) is none.
    static func isTag(_ text: String) -> Bool { LanguageChoice.isLanguageTag(text) }

    /// The language a page is rendered in: the first of `wanted` the app has strings in (the tag
    /// itself, or its language: a visitor asking for `de-AT` keeps Austrian formats with the
    /// app's German strings), else the first wanted (its formats, the app's own strings); nil
    /// when none is wanted.
    static func choose(_ wanted: [String], available: [String]) -> String? {
        matched(wanted, available: available) ?? wanted.first
    }

    /// The first of `wanted` the app has strings in, or nil.
    static func matched(_ wanted: [String], available: [String]) -> String? {
        let available = Set(available.map { $0.lowercased() })
        // `de-AT` matches `de-AT` or `de`; `zh-TW` matches `zh-Hant` too (LanguageTag.lookupChain).
        for tag in wanted where LanguageTag.lookupChain(tag).contains(where: { available.contains($0.lowercased()) }) { return tag }
        return nil
    }

    /// The direction a page is written in: its strings' language's (the one matched, else the
    /// app's source language, else English) — an Arabic visitor of an app with no Arabic
    /// strings reads its English left to right, as on a device.
    static func direction(_ wanted: [String], strings: StringCatalog?) -> LayoutDirection {
        LayoutDirection.of(language: matched(wanted, available: strings?.languages ?? []) ?? strings?.sourceLanguage ?? "en")
    }
}
