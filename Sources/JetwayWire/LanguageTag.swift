import Foundation

/// A language tag as browsers (`Accept-Language`, `navigator.language`), String Catalogs and the
/// page's `lang` write it — BCP 47: `de-AT`, `zh-Hant-TW` — and as Foundation names a locale
/// (`de_AT`). The one place the two spellings meet, for the server, the views and the browser
/// kit alike.
public enum LanguageTag {
    /// A well-formed tag: a language of two or three letters, then at most three parts of one
    /// to eight letters or digits (`de`, `pt-BR`, `zh-Hant-TW`). Not `de_DE` (Foundation's
    /// spelling), `C` or `POSIX`.
    public static func isValid(_ tag: String) -> Bool {
        let parts = tag.split(separator: "-", omittingEmptySubsequences: false)
        guard let first = parts.first, (2...3).contains(first.count), first.allSatisfy({ $0.isASCII && $0.isLetter }), parts.count <= 4
        else { return false }
        return parts.dropFirst().allSatisfy { (1...8).contains($0.count) && $0.allSatisfy { $0.isASCII && ($0.isLetter || $0.isNumber) } }
    }

    /// The tag of a Foundation locale identifier: `de_AT` → `de-AT`.
    public static func tag(ofLocaleIdentifier identifier: String) -> String {
        identifier.replacingOccurrences(of: "_", with: "-")
    }

    /// The Foundation locale identifier of a tag: `de-AT` → `de_AT`.
    public static func localeIdentifier(of tag: String) -> String {
        tag.replacingOccurrences(of: "-", with: "_")
    }

    /// The tag's language, lowercased: `pt` of `pt-BR` (or of `pt_BR`).
    public static func language(of tag: String) -> String {
        String(tag.split(whereSeparator: { $0 == "-" || $0 == "_" }).first ?? "").lowercased()
    }

    /// The tags a text for `tag` is looked for under, most specific first, as Apple's platforms
    /// look them up: `de-AT`, `de`; `zh-Hant-TW`, `zh-Hant`, `zh`. Chinese without a script takes
    /// the one its region writes (`zh-TW`, `zh-HK`, `zh-MO` → `zh-Hant`; `zh`, `zh-CN`, `zh-SG` →
    /// `zh-Hans`), since catalogs name Chinese by script. `en-US-POSIX` (Foundation's "no
    /// locale") is `en-US`, `en`.
    public static func lookupChain(_ tag: String) -> [String] {
        let parts = self.tag(ofLocaleIdentifier: tag).split(separator: "-").map(String.init)
        guard !parts.isEmpty else { return [] }
        var chain: [String] = []
        // `zh-Hans-CN` → `zh-Hans-CN`, `zh-Hans`, `zh`.
        for length in stride(from: parts.count, through: 1, by: -1) {
            let candidate = parts.prefix(length).joined(separator: "-")
            if candidate.lowercased() != "en-us-posix" { chain.append(candidate) }
        }
        if parts[0].lowercased() == "zh", parts.count < 2 || parts[1].count != 4 {
            let region = parts.count > 1 ? parts[1].uppercased() : ""
            let script = ["TW", "HK", "MO"].contains(region) ? "zh-Hant" : "zh-Hans"
            chain.insert(script, at: chain.count - 1)
        }
        return chain
    }
}
