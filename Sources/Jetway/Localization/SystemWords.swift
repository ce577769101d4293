import Foundation

/// The words Jetway itself writes on a page — an alert's OK, a stack's Back, a search field's
/// Search — in the page's language, as a device's system writes them for an app: the app's
/// String Catalog first (a key of the English word), then these, then English.
package enum SystemWords {
    /// The English words, the keys.
    enum Word: String, CaseIterable {
        case ok = "OK", cancel = "Cancel", back = "Back", search = "Search", refresh = "Refresh", refreshing = "Refreshing…"
        /// The runtime's connection banner ("Reconnecting… · last updated 10:40").
        case reconnecting = "Reconnecting…", openElsewhere = "Open in another window", notLive = "Not live"
        case lastUpdated = "last updated"
    }

    /// Each word by language: es, de, fr, it, pt, nl, ar, he, ja, zh (Simplified), zh-Hant, ru.
    static let table: [Word: [String: String]] = [
        .ok: [
            "es": "Aceptar", "de": "OK", "fr": "OK", "it": "OK", "pt": "OK", "nl": "OK", "ar": "حسنًا", "he": "אישור", "ja": "OK", "zh": "好",
            "ru": "ОК", "zh-Hant": "好",
        ],
        .cancel: [
            "es": "Cancelar", "de": "Abbrechen", "fr": "Annuler", "it": "Annulla", "pt": "Cancelar", "nl": "Annuleer", "ar": "إلغاء",
            "he": "ביטול", "ja": "キャンセル", "zh": "取消", "ru": "Отменить", "zh-Hant": "取消",
        ],
        .back: [
            "es": "Atrás", "de": "Zurück", "fr": "Retour", "it": "Indietro", "pt": "Voltar", "nl": "Terug", "ar": "رجوع", "he": "חזרה",
            "ja": "戻る", "zh": "返回", "ru": "Назад", "zh-Hant": "返回",
        ],
        .search: [
            "es": "Buscar", "de": "Suchen", "fr": "Rechercher", "it": "Cerca", "pt": "Buscar", "nl": "Zoek", "ar": "بحث", "he": "חיפוש",
            "ja": "検索", "zh": "搜索", "ru": "Поиск", "zh-Hant": "搜尋",
        ],
        .refresh: [
            "es": "Actualizar", "de": "Aktualisieren", "fr": "Actualiser", "it": "Aggiorna", "pt": "Atualizar", "nl": "Vernieuw",
            "ar": "تحديث", "he": "רענון", "ja": "更新", "zh": "刷新", "ru": "Обновить", "zh-Hant": "重新整理",
        ],
        .refreshing: [
            "es": "Actualizando…", "de": "Wird aktualisiert …", "fr": "Actualisation…", "it": "Aggiornamento…", "pt": "Atualizando…",
            "nl": "Vernieuwen…", "ar": "جارٍ التحديث…", "he": "מרענן…", "ja": "更新中…", "zh": "正在刷新…", "ru": "Обновление…",
            "zh-Hant": "正在重新整理…",
        ],
        .reconnecting: [
            "es": "Reconectando…", "de": "Verbindung wird wiederhergestellt …", "fr": "Reconnexion…", "it": "Riconnessione…",
            "pt": "Reconectando…", "nl": "Opnieuw verbinden…", "ar": "جارٍ إعادة الاتصال…", "he": "מתחבר מחדש…", "ja": "再接続中…",
            "zh": "正在重新连接…", "ru": "Переподключение…", "zh-Hant": "正在重新連線…",
        ],
        .openElsewhere: [
            "es": "Abierta en otra ventana", "de": "In einem anderen Fenster geöffnet", "fr": "Ouverte dans une autre fenêtre",
            "it": "Aperta in un’altra finestra", "pt": "Aberta em outra janela", "nl": "Geopend in een ander venster",
            "ar": "مفتوحة في نافذة أخرى", "he": "פתוח בחלון אחר", "ja": "別のウインドウで開いています", "zh": "已在另一个窗口中打开",
            "ru": "Открыто в другом окне", "zh-Hant": "已在另一個視窗中開啟",
        ],
        .notLive: [
            "es": "Sin conexión", "de": "Nicht verbunden", "fr": "Hors ligne", "it": "Non in linea", "pt": "Sem conexão", "nl": "Offline",
            "ar": "غير متصل", "he": "לא מחובר", "ja": "オフライン", "zh": "未连接", "ru": "Нет связи", "zh-Hant": "未連線",
        ],
        .lastUpdated: [
            "es": "última actualización:", "de": "zuletzt aktualisiert:", "fr": "dernière mise à jour :", "it": "ultimo aggiornamento:",
            "pt": "última atualização:", "nl": "laatst bijgewerkt:", "ar": "آخر تحديث:", "he": "עודכן לאחרונה:", "ja": "最終更新:",
            "zh": "上次更新：", "ru": "последнее обновление:", "zh-Hant": "上次更新：",
        ],
    ]

    /// `word` in `environment`'s language.
    static func text(_ word: Word, in environment: EnvironmentValues) -> String {
        text(word, locale: environment.locale)
    }

    /// The runtime's own words for a page in `language` (a BCP 47 tag), as the connection
    /// banner's `data-jw-words` JSON and its first text; nil for a page in English (the
    /// runtime's own) or none.
    package static func runtimeWords(language: String?) -> (json: String, reconnecting: String)? {
        guard let language, LanguageTag.language(of: language) != "en" else { return nil }
        let locale = Locale(identifier: LanguageTag.localeIdentifier(of: language))
        let words: [(String, Word)] = [
            ("reconnecting", .reconnecting), ("elsewhere", .openElsewhere), ("notLive", .notLive), ("lastUpdated", .lastUpdated),
        ]
        let entries = words.map { ($0.0, text($0.1, locale: locale)) }
        guard entries.contains(where: { name, text in text != words.first { $0.0 == name }!.1.rawValue }) else { return nil }
        var object: [String: String] = ["locale": language]
        for (name, text) in entries { object[name] = text }
        guard let data = try? JSONSerialization.data(withJSONObject: object, options: [.sortedKeys]) else { return nil }
        return (String(decoding: data, as: UTF8.self), object["reconnecting"] ?? Word.reconnecting.rawValue)
    }

    private static func text(_ word: Word, locale: Locale) -> String {
        if let app = StringCatalog.app, app.has(word.rawValue),
            let text = app.text(word.rawValue, locale: locale, arguments: [])
        {
            return text
        }
        // The most specific the table has: `zh-Hant` for `zh-TW`, else the language (`zh`).
        let words = table[word] ?? [:]
        return LanguageTag.lookupChain(locale.identifier).lazy.compactMap { words[$0] }.first ?? word.rawValue
    }
}
