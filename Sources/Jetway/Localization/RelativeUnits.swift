/// The words of `Text(date, style: .relative)` and `.offset` in a page's language: each unit's
/// short form by plural category (`{0}` is the count; Arabic's one and two have none), and the
/// joiner of two units — as the browsers' `Intl` writes them (Chromium's CLDR data), so that the
/// server's first paint and the browser's ticking text agree. English is SwiftUI's
/// ("12 min, 5 sec"), written by `Text.DateStyle.relativeText(_:)`.
struct RelativeUnits: Sendable, Equatable {
    let day: [String: String]
    let hour: [String: String]
    let minute: [String: String]
    let second: [String: String]
    let joiner: String

    /// The units of a page's language, or nil (English and languages without a table).
    static func of(_ locale: Locale?) -> RelativeUnits? {
        guard let locale else { return nil }
        return table[LanguageTag.language(of: locale.identifier)]
    }

    /// `seconds` as its two largest units, in this language.
    func text(_ seconds: Int, language: String) -> String {
        let units: [(Int, [String: String], Int)] = [(86400, day, Int.max), (3600, hour, 24), (60, minute, 60), (1, second, 60)]
        guard let first = units.firstIndex(where: { seconds >= $0.0 }) else { return Self.fill(second, 0, language) }
        var parts: [String] = []
        for (size, forms, wrap) in units[first...].prefix(2) {
            let count = seconds / size % wrap
            if count > 0 { parts.append(Self.fill(forms, count, language)) }
        }
        return parts.count == 2
            ? joiner.replacingOccurrences(of: "{0}", with: parts[0]).replacingOccurrences(of: "{1}", with: parts[1]) : parts[0]
    }

    private static func fill(_ forms: [String: String], _ count: Int, _ language: String) -> String {
        let pattern = forms[PluralRules.category(of: Double(count), in: language)] ?? forms["other"] ?? "{0}"
        return pattern.replacingOccurrences(of: "{0}", with: String(count))
    }

    /// As the page's runtime reads them (`data-jw-units`): JSON of the four units and the joiner.
    var json: String {
        func object(_ forms: [String: String]) -> String {
            "{" + forms.sorted { $0.key < $1.key }.map { "\"\($0.key)\":\"\($0.value)\"" }.joined(separator: ",") + "}"
        }
        return "{\"d\":\(object(day)),\"h\":\(object(hour)),\"m\":\(object(minute)),\"s\":\(object(second)),\"j\":\"\(joiner)\"}"
    }

    static let table: [String: RelativeUnits] = [
        "es": RelativeUnits(
            day: ["one": "{0} d", "other": "{0} d"],
            hour: ["one": "{0} h", "other": "{0} h"],
            minute: ["one": "{0} min", "other": "{0} min"],
            second: ["one": "{0} s", "other": "{0} s"],
            joiner: "{0} y {1}"),
        "de": RelativeUnits(
            day: ["one": "{0} Tg.", "other": "{0} Tg."],
            hour: ["one": "{0} Std.", "other": "{0} Std."],
            minute: ["one": "{0} Min.", "other": "{0} Min."],
            second: ["one": "{0} Sek.", "other": "{0} Sek."],
            joiner: "{0}, {1}"),
        "fr": RelativeUnits(
            day: ["one": "{0} j", "other": "{0} j"],
            hour: ["one": "{0} h", "other": "{0} h"],
            minute: ["one": "{0} min", "other": "{0} min"],
            second: ["one": "{0} s", "other": "{0} s"],
            joiner: "{0} et {1}"),
        "it": RelativeUnits(
            day: ["one": "{0} giorno", "other": "{0} giorni"],
            hour: ["one": "{0} h", "other": "{0} h"],
            minute: ["one": "{0} min", "other": "{0} min"],
            second: ["one": "{0} s", "other": "{0} s"],
            joiner: "{0} e {1}"),
        "pt": RelativeUnits(
            day: ["one": "{0} dia", "other": "{0} dias"],
            hour: ["one": "{0} h", "other": "{0} h"],
            minute: ["one": "{0} min", "other": "{0} min"],
            second: ["one": "{0} s", "other": "{0} s"],
            joiner: "{0} e {1}"),
        "nl": RelativeUnits(
            day: ["one": "{0} dag", "other": "{0} dagen"],
            hour: ["one": "{0} uur", "other": "{0} uur"],
            minute: ["one": "{0} min", "other": "{0} min"],
            second: ["one": "{0} sec", "other": "{0} sec"],
            joiner: "{0}, {1}"),
        "ar": RelativeUnits(
            day: ["few": "{0} أيام", "many": "{0} يومًا", "one": "يوم", "other": "{0} يوم", "two": "يومان", "zero": "{0} يوم"],
            hour: ["few": "{0} س", "many": "{0} س", "one": "{0} س", "other": "{0} س", "two": "{0} س", "zero": "{0} س"],
            minute: ["few": "{0} د", "many": "{0} د", "one": "{0} د", "other": "{0} د", "two": "{0} د", "zero": "{0} د"],
            second: ["few": "{0} ث", "many": "{0} ث", "one": "{0} ث", "other": "{0} ث", "two": "{0} ث", "zero": "{0} ث"],
            joiner: "{0} و{1}"),
        "he": RelativeUnits(
            day: ["one": "{0} יום", "other": "{0} ימ׳", "two": "יומיים"],
            hour: ["one": "{0} שעה", "other": "{0} שע׳", "two": "שעתיים"],
            minute: ["one": "{0} דק׳", "other": "{0} דק׳", "two": "{0} דק׳"],
            second: ["one": "{0} שנ׳", "other": "{0} שנ׳", "two": "{0} שנ׳"],
            joiner: "{0}, {1}"),
        "ja": RelativeUnits(
            day: ["other": "{0} 日"],
            hour: ["other": "{0} 時間"],
            minute: ["other": "{0} 分"],
            second: ["other": "{0} 秒"],
            joiner: "{0} {1}"),
        "zh": RelativeUnits(
            day: ["other": "{0}天"],
            hour: ["other": "{0}小时"],
            minute: ["other": "{0}分钟"],
            second: ["other": "{0}秒"],
            joiner: "{0}{1}"),
        "ru": RelativeUnits(
            day: ["few": "{0} дн.", "many": "{0} дн.", "one": "{0} дн."],
            hour: ["few": "{0} ч", "many": "{0} ч", "one": "{0} ч"],
            minute: ["few": "{0} мин", "many": "{0} мин", "one": "{0} мин"],
            second: ["few": "{0} с", "many": "{0} с", "one": "{0} с"],
            joiner: "{0} {1}"),
    ]
}
