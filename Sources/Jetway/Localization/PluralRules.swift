/// The plural category a count takes in a language (CLDR's rules for whole numbers), which a
/// String Catalog's plural variations are chosen by: English has `one` and `other`, Arabic
/// `zero`, `one`, `two`, `few`, `many` and `other`, Japanese only `other`.
enum PluralRules {
    /// The category of `count` in `language` (a language code: `en`, `pt-BR`).
    static func category(of count: Double, in language: String) -> String {
        let code = language.split(whereSeparator: { $0 == "-" || $0 == "_" }).first.map { $0.lowercased() } ?? ""
        let whole = count.rounded() == count && abs(count) < 1e15
        guard whole else {
            // A fraction (1.5 flights): `other` in the languages below but French and
            // Portuguese, where 0 to 2 (exclusive) is `one`.
            return (code == "fr" || code == "pt") && abs(count) < 2 ? "one" : "other"
        }
        let n = Int(abs(count))
        let lastDigit = n % 10, lastTwo = n % 100
        switch code {
        case "ja", "zh", "ko", "th", "vi", "id", "ms", "lo", "my", "km":
            return "other"
        case "fr", "pt":
            return n <= 1 ? "one" : "other"
        case "ar":
            switch n {
            case 0: return "zero"
            case 1: return "one"
            case 2: return "two"
            default: return (3...10).contains(lastTwo) ? "few" : (11...99).contains(lastTwo) ? "many" : "other"
            }
        case "he", "iw":
            return n == 1 ? "one" : n == 2 ? "two" : "other"
        case "ru", "uk", "be":
            if lastDigit == 1 && lastTwo != 11 { return "one" }
            if (2...4).contains(lastDigit) && !(12...14).contains(lastTwo) { return "few" }
            return "many"
        case "pl":
            if n == 1 { return "one" }
            if (2...4).contains(lastDigit) && !(12...14).contains(lastTwo) { return "few" }
            return "many"
        case "cs", "sk":
            return n == 1 ? "one" : (2...4).contains(n) ? "few" : "other"
        case "hi", "bn", "fa", "gu", "kn", "zu", "am":
            return n <= 1 ? "one" : "other"
        case "hr", "sr", "bs":
            if lastDigit == 1 && lastTwo != 11 { return "one" }
            if (2...4).contains(lastDigit) && !(12...14).contains(lastTwo) { return "few" }
            return "other"
        case "ro", "mo":
            return n == 1 ? "one" : n == 0 || (1...19).contains(lastTwo) ? "few" : "other"
        case "lt":
            if (11...19).contains(lastTwo) { return "other" }
            return lastDigit == 1 ? "one" : lastDigit >= 2 ? "few" : "other"
        case "lv":
            if lastDigit == 0 || (11...19).contains(lastTwo) { return "zero" }
            return lastDigit == 1 ? "one" : "other"
        case "sl":
            return lastTwo == 1 ? "one" : lastTwo == 2 ? "two" : (3...4).contains(lastTwo) ? "few" : "other"
        default:
            // English, German, Spanish, Italian, Dutch, the Nordic languages, Turkish, Greek…
            return n == 1 ? "one" : "other"
        }
    }
}
