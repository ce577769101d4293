import Foundation
import JetwayTesting
import Testing

@testable import Jetway

/// What Jetway writes as plain text rather than as a `Text` element — a navigation title, an
/// alert's or a dialog's title and buttons, a field's title and prompt, a search field's prompt,
/// accessibility labels, hints and values, help, a badge — is in the page's language too, as
/// SwiftUI looks each of them up in the app's String Catalog.
@MainActor
@Suite(.serialized)
struct LocalizedTitlesTests {
    static let catalogJSON = #"""
        {
          "sourceLanguage" : "en",
          "strings" : {
            "Titles: Departures" : { "localizations" : { "de" : { "stringUnit" : { "state" : "translated", "value" : "Abflüge" } } } },
            "Titles: Gate changed" : { "localizations" : { "de" : { "stringUnit" : { "state" : "translated", "value" : "Gate geändert" } } } },
            "Titles: Understood" : { "localizations" : { "de" : { "stringUnit" : { "state" : "translated", "value" : "Verstanden" } } } },
            "Titles: Rebook?" : { "localizations" : { "de" : { "stringUnit" : { "state" : "translated", "value" : "Umbuchen?" } } } },
            "Titles: Name" : { "localizations" : { "de" : { "stringUnit" : { "state" : "translated", "value" : "Name" } } } },
            "Titles: As on your passport" : { "localizations" : { "de" : { "stringUnit" : { "state" : "translated", "value" : "Wie im Reisepass" } } } },
            "Titles: Password" : { "localizations" : { "de" : { "stringUnit" : { "state" : "translated", "value" : "Passwort" } } } },
            "Titles: City or flight" : { "localizations" : { "de" : { "stringUnit" : { "state" : "translated", "value" : "Stadt oder Flug" } } } },
            "Titles: Boarding pass" : { "localizations" : { "de" : { "stringUnit" : { "state" : "translated", "value" : "Bordkarte" } } } },
            "Titles: Opens the pass" : { "localizations" : { "de" : { "stringUnit" : { "state" : "translated", "value" : "Öffnet die Karte" } } } },
            "Titles: %lld of %lld" : { "localizations" : { "de" : { "stringUnit" : { "state" : "translated", "value" : "%lld von %lld" } } } },
            "Titles: New" : { "localizations" : { "de" : { "stringUnit" : { "state" : "translated", "value" : "Neu" } } } },
            "Titles: Seat help" : { "localizations" : { "de" : { "stringUnit" : { "state" : "translated", "value" : "Sitzplatzhilfe" } } } }
          },
          "version" : "1.0"
        }
        """#

    private struct Screen: View {
        @State private var name = ""
        @State private var password = ""
        @State private var search = ""
        @State private var alerting = true
        @State private var asking = true
        var body: some View {
            NavigationStack {
                VStack {
                    TextField("Titles: Name", text: $name, prompt: Text("Titles: As on your passport"))
                    SecureField("Titles: Password", text: $password)
                    Text("Pass").accessibilityLabel("Titles: Boarding pass").accessibilityHint("Titles: Opens the pass")
                    Text("Seats").accessibilityValue("Titles: \(3) of \(5)").help("Titles: Seat help")
                    List { Text("Row").badge("Titles: New") }
                    Image("gate-map", label: Text("Titles: Boarding pass"))
                }
                .searchable(text: $search, prompt: "Titles: City or flight")
                .navigationTitle("Titles: Departures")
                .alert("Titles: Gate changed", isPresented: $alerting) {
                    Button("Titles: Understood") {}
                }
                .confirmationDialog("Titles: Rebook?", isPresented: $asking, titleVisibility: .visible) {
                    Button("Titles: Understood") {}
                }
            }
        }
    }

    private func html(_ language: String) throws -> String {
        let catalog = StringCatalog()
        try catalog.addStringCatalog(Data(Self.catalogJSON.utf8))
        StringCatalog.addToApp(catalog)
        return ViewHost(Screen().environment(\.locale, Locale(identifier: language))).html
    }

    @Test func everyTitleAndPromptIsInThePagesLanguage() throws {
        let german = try html("de")
        #expect(german.contains(#"lang="de""#), "the subtree's language for screen readers")
        for expected in [
            "Abflüge", "Gate geändert", "Verstanden", "Umbuchen?", "aria-label=\"Name\"", "Wie im Reisepass", "Passwort",
            "Stadt oder Flug", "aria-label=\"Bordkarte\"", "alt=\"Bordkarte\"", "title=\"Öffnet die Karte\"", "3 von 5", "Neu",
            "Sitzplatzhilfe",
        ] {
            #expect(german.contains(expected), "missing in the German page: \(expected)")
        }
        #expect(
            !german.contains("Titles:"),
            "a key shown as written: \(german.components(separatedBy: "Titles:").dropFirst().map { $0.prefix(30) })")
        // In a language the catalog lacks, each shows as written (the development language).
        let english = try html("en")
        for expected in ["Titles: Departures", "Titles: Gate changed", "Titles: City or flight", "Titles: 3 of 5", "Titles: New"] {
            #expect(english.contains(expected), "missing in the English page: \(expected)")
        }
    }

    /// The `.alert` forms published SwiftUI apps write — a view model's string, a literal with its
    /// buttons in a stack, an alert presenting a value, a `LocalizedStringKey` variable — compile
    /// and read as in SwiftUI: a key looked up, a string as written.
    @Test func theAlertFormsOfPublishedApps() throws {
        struct Alerts: View {
            let form: Int
            let errorTitle = "Titles: Gate changed"
            let titleKey: LocalizedStringKey = "Titles: Rebook?"
            let failure: String? = "Titles: Password"
            @State private var shown = true
            var body: some View {
                switch form {
                case 1: Text("1").alert(errorTitle, isPresented: $shown, actions: { Button("Titles: Understood") {} })
                case 2: Text("2").alert("Titles: Departures", isPresented: $shown) { HStack { Button("OK", action: {}) } }
                case 3:
                    Text("3").alert(
                        "Titles: New", isPresented: $shown, presenting: failure, actions: { _ in Button("OK", role: .cancel) {} },
                        message: { reason in Text(reason) })
                default: Text("4").alert(titleKey, isPresented: $shown, actions: {}, message: { Text("Titles: Seat help") })
                }
            }
        }
        let catalog = StringCatalog()
        try catalog.addStringCatalog(Data(Self.catalogJSON.utf8))
        StringCatalog.addToApp(catalog)
        func german(_ form: Int) -> String { ViewHost(Alerts(form: form).environment(\.locale, Locale(identifier: "de"))).html }
        let first = german(1)
        #expect(first.contains("Titles: Gate changed") && first.contains("Verstanden"), "\(first)")
        #expect(german(2).contains("Abflüge"))
        let third = german(3)
        #expect(third.contains("Neu") && third.contains("Titles: Password"), "\(third)")
        let fourth = german(4)
        #expect(fourth.contains("Umbuchen?") && fourth.contains("Sitzplatzhilfe"), "\(fourth)")
    }

    /// A string that is not a literal is shown as written, as SwiftUI shows it (the
    /// `StringProtocol` overloads): an alert titled with a flight's name is not looked up.
    @Test func aStringVariableIsShownAsWritten() throws {
        struct Verbatim: View {
            let title = "Titles: Departures"
            @State private var alerting = true
            var body: some View {
                Text("x").navigationTitle(title).alert(title, isPresented: $alerting) {}.accessibilityLabel(title)
            }
        }
        let catalog = StringCatalog()
        try catalog.addStringCatalog(Data(Self.catalogJSON.utf8))
        StringCatalog.addToApp(catalog)
        let page = ViewHost(Verbatim().environment(\.locale, Locale(identifier: "de"))).html
        #expect(!page.contains("Abflüge"))
        #expect(page.contains("Titles: Departures"))
    }
}

/// `LanguageChoice`: a view asks for the visitor's language; the page's root tells the browser
/// (which keeps it and loads the page again in it).
@MainActor
struct LanguageChoiceTests {
    private struct Settings: View {
        @Environment(\.chooseLanguage) private var chooseLanguage
        @State private var refused = false
        var body: some View {
            VStack {
                Button("German") { chooseLanguage("de-AT") }
                Button("Browser's") { chooseLanguage(nil) }
                Button("Nonsense") { refused = !chooseLanguage("de_DE") }
                Text(refused ? "refused" : "")
            }
        }
    }

    @Test func aChosenLanguageIsAskedOfTheBrowser() throws {
        let host = ViewHost(Settings())
        #expect(!host.html.contains(RuntimeContract.Attribute.language))
        try host.tap("German")
        #expect(host.html.contains(#"\#(RuntimeContract.Attribute.language)="1 de-AT""#))
        try host.tap("Browser's")
        #expect(host.html.contains(#"\#(RuntimeContract.Attribute.language)="2 ""#))
        try host.tap("Nonsense")
        #expect(host.text.contains("refused") && host.html.contains(#"\#(RuntimeContract.Attribute.language)="2 ""#))
        for tag in ["de", "pt-BR", "zh-Hant-TW", "ar"] { #expect(LanguageChoice.isLanguageTag(tag), "\(tag)") }
        for tag in ["", "C", "POSIX", "de_DE", "d", "de-", "toolongtag-x", "de-AT-x-y-z"] {
            #expect(!LanguageChoice.isLanguageTag(tag), "\(tag)")
        }
    }
}

/// `Text(_:format:)` in the page's locale, as SwiftUI writes it in the environment's.
@MainActor
struct FormattedTextTests {
    private struct Fare: View {
        var body: some View {
            VStack {
                Text(1234.5, format: .currency(code: "EUR"))
                Text(0.25, format: .percent)
                Text(12_345, format: .number)
            }
        }
    }

    @Test func numbersAndCurrenciesInThePagesLocale() {
        let german = ViewHost(Fare().environment(\.locale, Locale(identifier: "de_DE"))).text
        #expect(german.contains("1.234,50") && german.contains("€") && german.contains("25") && german.contains("12.345"), "\(german)")
        let american = ViewHost(Fare().environment(\.locale, Locale(identifier: "en_US"))).text
        #expect(american.contains("€1,234.50") && american.contains("25%") && american.contains("12,345"), "\(american)")
        // Text(date, style:) in the page's locale, as the browser's clocks write it
        // (Tests/RuntimeTests/clock.test.js has the same dates).
        let date = Date(timeIntervalSince1970: 1_796_223_900)  // 2026-12-02 15:05 UTC
        let berlin = TimeZone(identifier: "Europe/Berlin")!
        #expect(Text.DateStyle.time.format(date, now: date, timeZone: berlin, locale: Locale(identifier: "de_DE")) == "16:05")
        #expect(Text.DateStyle.date.format(date, now: date, timeZone: berlin, locale: Locale(identifier: "de_DE")) == "2. Dezember 2026")
        #expect(Text.DateStyle.time.format(date, now: date, timeZone: TimeZone(identifier: "America/Denver")!) == "8:05 AM")
        // The same value and format compare equal (a re-render changes nothing).
        #expect(Text(1.5, format: .number) == Text(1.5, format: .number) && Text(1.5, format: .number) != Text(2.5, format: .number))
    }
}

/// The words Jetway writes itself (an alert's OK, Back, Search, Refresh) in the page's
/// language, as a device's system writes them; the app's catalog may say otherwise.
@MainActor
struct SystemWordsTests {
    private struct Screen: View {
        @State private var search = ""
        @State private var alerting = true
        var body: some View {
            NavigationStack {
                NavigationLink("Next") { Text("Second") }
                    .searchable(text: $search)
                    .alert("Titles: Gate changed", isPresented: $alerting) {}
                    .refreshable {}
            }
        }
    }

    @Test func okBackSearchAndRefreshInThePagesLanguage() throws {
        let spanish = ViewHost(Screen().environment(\.locale, Locale(identifier: "es_ES")))
        #expect(spanish.html.contains("Aceptar") && spanish.html.contains(#"aria-label="Buscar""#) && spanish.html.contains("Actualizar"))
        try spanish.tap("Next")
        #expect(spanish.html.contains("‹ Atrás"))
        let english = ViewHost(Screen())
        #expect(english.html.contains(">OK<") && english.html.contains(#"aria-label="Search""#))
        // Traditional Chinese for Taiwan, Simplified for China.
        #expect(ViewHost(Screen().environment(\.locale, Locale(identifier: "zh_TW"))).html.contains(#"aria-label="搜尋""#))
        #expect(ViewHost(Screen().environment(\.locale, Locale(identifier: "zh_CN"))).html.contains(#"aria-label="搜索""#))
    }
}

/// `@Environment(\.calendar)`: the page locale's calendar in its locale and zone, unless set.
@MainActor
struct CalendarEnvironmentTests {
    private struct Day: View {
        @Environment(\.calendar) private var calendar
        var body: some View {
            // 2026-12-02 23:30 UTC: already the 3rd in Berlin.
            let date = Date(timeIntervalSince1970: 1_796_254_200)
            Text("day \(calendar.component(.day, from: date)) \(calendar.timeZone.identifier) \(calendar.firstWeekday)")
        }
    }

    @Test func thePagesCalendarInItsZoneAndLocale() {
        let berlin = ViewHost(
            Day().environment(\.timeZone, TimeZone(identifier: "Europe/Berlin")!).environment(\.locale, Locale(identifier: "de_DE"))
        ).text
        #expect(berlin.contains("day 3 Europe/Berlin 2"), "\(berlin)")  // a German week starts on Monday
        let denver = ViewHost(Day().environment(\.timeZone, TimeZone(identifier: "America/Denver")!)).text
        #expect(denver.contains("day 2 America/Denver"), "\(denver)")
        var japanese = Calendar(identifier: .japanese)
        japanese.timeZone = TimeZone(identifier: "Asia/Tokyo")!
        let set = ViewHost(Day().environment(\.calendar, japanese)).text
        #expect(set.contains("Asia/Tokyo"), "\(set)")
    }
}

/// `TextField(value:format:)` writes and reads its text in the page's locale.
@MainActor
struct FormattedFieldTests {
    private struct Fare: View {
        @State private var fare = 1234.5
        var body: some View {
            VStack {
                TextField("Fare", value: $fare, format: .number)
                Text("fare \(String(describing: fare))")
            }
        }
    }

    @Test func aGermanPageWritesAndReadsGermanNumbers() throws {
        let host = ViewHost(Fare().environment(\.locale, Locale(identifier: "de_DE")))
        #expect(host.html.contains(#"value="1.234,5""#), "\(host.html)")
        try host.enter("2.000,25", into: "Fare")
        #expect(host.text.contains("fare 2000.25"), "\(host.text)")
        let english = ViewHost(Fare())
        #expect(english.html.contains(#"value="1,234.5""#) || english.html.contains(#"value="1234.5""#), "\(english.html)")
    }
}

/// `Text(date, style: .relative)` in the page's language, as the browsers' `Intl` writes it.
@MainActor
struct RelativeTimesTests {
    @Test func relativeTimesInSixLanguages() {
        func text(_ seconds: Int, _ language: String) -> String {
            Text.DateStyle.relativeText(seconds, locale: Locale(identifier: language))
        }
        #expect(text(725, "de_DE") == "12 Min., 5 Sek.")
        #expect(text(725, "es") == "12 min y 5 s")
        #expect(text(2 * 86400 + 3600, "ar") == "يومان و1 س")
        #expect(text(86400, "ar") == "يوم")
        #expect(text(3 * 3600, "ja") == "3 時間")
        #expect(text(725, "en_US") == "12 min, 5 sec", "English as SwiftUI writes it")
        #expect(text(725, "sv") == "12 min, 5 sec", "a language without words of its own: English")
        // The page's clock carries the words for the browser.
        let now = Date(timeIntervalSince1970: 1_796_000_000)
        let html = ViewHost(
            Text(now.addingTimeInterval(725), style: .relative).environment(\.locale, Locale(identifier: "de_DE"))
                .environment(\.wallClock, WallClock(startingAt: now, rate: 0))
        ).html
        // (ViewHost's document shows a ticking text as ⏱; its words are the attribute's.)
        #expect(html.contains(RuntimeContract.Attribute.clockUnits) && html.contains("{0} Min."), "\(html)")
    }
}
