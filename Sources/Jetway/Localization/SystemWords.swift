/// The words Jetway itself writes on a page — an alert's OK, a stack's Back, a search field's
/// Search — in the page's language, as a device's system writes them for an app: the app's
/// String Catalog first (a key of the English word), then these, then English.
enum SystemWords {
    /// The English words, the keys.
    enum Word: String, CaseIterable {
        case ok = "OK", cancel = "Cancel", back = "Back", search = "Search", refresh = "Refresh", refreshing = "Refreshing…"
    }

    /// Each word by language: es, de, fr, it, pt, nl, ar, he, ja, zh, ru.
    static let table: [Word: [String: String]] = [
        .ok: [
            "es": "Aceptar", "de": "OK", "fr": "OK", "it": "OK", "pt": "OK", "nl": "OK", "ar": "حسنًا", "he": "אישור", "ja": "OK", "zh": "好",
            "ru": "ОК",
        ],
        .cancel: [
            "es": "Cancelar", "de": "Abbrechen", "fr": "Annuler", "it": "Annulla", "pt": "Cancelar", "nl": "Annuleer", "ar": "إلغاء",
            "he": "ביטול", "ja": "キャンセル", "zh": "取消", "ru": "Отменить",
        ],
        .back: [
            "es": "Atrás", "de": "Zurück", "fr": "Retour", "it": "Indietro", "pt": "Voltar", "nl": "Terug", "ar": "رجوع", "he": "חזרה",
            "ja": "戻る", "zh": "返回", "ru": "Назад",
        ],
        .search: [
            "es": "Buscar", "de": "Suchen", "fr": "Rechercher", "it": "Cerca", "pt": "Buscar", "nl": "Zoek", "ar": "بحث", "he": "חיפוש",
            "ja": "検索", "zh": "搜索", "ru": "Поиск",
        ],
        .refresh: [
            "es": "Actualizar", "de": "Aktualisieren", "fr": "Actualiser", "it": "Aggiorna", "pt": "Atualizar", "nl": "Vernieuw",
            "ar": "تحديث", "he": "רענון", "ja": "更新", "zh": "刷新", "ru": "Обновить",
        ],
        .refreshing: [
            "es": "Actualizando…", "de": "Wird aktualisiert …", "fr": "Actualisation…", "it": "Aggiornamento…", "pt": "Atualizando…",
            "nl": "Vernieuwen…", "ar": "جارٍ التحديث…", "he": "מרענן…", "ja": "更新中…", "zh": "正在刷新…", "ru": "Обновление…",
        ],
    ]

    /// `word` in `environment`'s language.
    static func text(_ word: Word, in environment: EnvironmentValues) -> String {
        let locale = environment.locale
        if let app = StringCatalog.app, app.has(word.rawValue),
            let text = app.text(word.rawValue, locale: locale, arguments: [])
        {
            return text
        }
        let language = StringCatalog.base(locale.identifier.replacingOccurrences(of: "_", with: "-"))
        return table[word]?[language] ?? word.rawValue
    }
}
