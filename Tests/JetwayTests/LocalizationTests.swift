import Foundation
import JetwayTesting
import Testing

@testable import Jetway

/// String Catalogs as Xcode writes them, and the older `.strings`/`.stringsdict` tables: a
/// `Text`'s key looked up in the page's language, its interpolations standing for format
/// specifiers, plurals chosen by each language's rules.
@MainActor
@Suite(.serialized)
struct LocalizationTests {
    /// A catalog in the form Xcode 15+ writes (`Localizable.xcstrings`), source language English.
    static let catalogJSON = #"""
        {
          "sourceLanguage" : "en",
          "strings" : {
            "Departures test" : {
              "localizations" : {
                "ar" : { "stringUnit" : { "state" : "translated", "value" : "المغادرة" } },
                "de" : { "stringUnit" : { "state" : "translated", "value" : "Abflüge" } },
                "es" : { "stringUnit" : { "state" : "translated", "value" : "Salidas" } },
                "zh-Hant" : { "stringUnit" : { "state" : "translated", "value" : "出發" } }
              }
            },
            "%lld test flights" : {
              "localizations" : {
                "en" : { "variations" : { "plural" : {
                  "one" : { "stringUnit" : { "state" : "translated", "value" : "%lld test flight" } },
                  "other" : { "stringUnit" : { "state" : "translated", "value" : "%lld test flights" } } } } },
                "de" : { "variations" : { "plural" : {
                  "one" : { "stringUnit" : { "state" : "translated", "value" : "%lld Flug" } },
                  "other" : { "stringUnit" : { "state" : "translated", "value" : "%lld Flüge" } } } } },
                "ar" : { "variations" : { "plural" : {
                  "zero" : { "stringUnit" : { "state" : "translated", "value" : "لا رحلات" } },
                  "one" : { "stringUnit" : { "state" : "translated", "value" : "رحلة واحدة" } },
                  "two" : { "stringUnit" : { "state" : "translated", "value" : "رحلتان" } },
                  "few" : { "stringUnit" : { "state" : "translated", "value" : "%lld رحلات" } },
                  "many" : { "stringUnit" : { "state" : "translated", "value" : "%lld رحلة" } },
                  "other" : { "stringUnit" : { "state" : "translated", "value" : "%lld رحلة" } } } } }
              }
            },
            "Gate %@ boards at %@" : {
              "localizations" : {
                "de" : { "stringUnit" : { "state" : "translated", "value" : "Um %2$@ Einstieg an Gate %1$@" } }
              }
            },
            "Tap to board" : {
              "localizations" : {
                "en" : { "variations" : { "device" : {
                  "mac" : { "stringUnit" : { "state" : "translated", "value" : "Click to board" } },
                  "other" : { "stringUnit" : { "state" : "translated", "value" : "Tap to board" } } } } }
              }
            },
            "%lld of %lld seats" : {
              "localizations" : {
                "de" : { "stringUnit" : { "state" : "translated", "value" : "%#@seats@ von %2$lld" },
                         "substitutions" : { "seats" : { "argNum" : 1, "formatSpecifier" : "lld", "variations" : { "plural" : {
                           "one" : { "stringUnit" : { "state" : "translated", "value" : "%arg Sitz" } },
                           "other" : { "stringUnit" : { "state" : "translated", "value" : "%arg Sitze" } } } } } } }
              }
            },
            "100% on time" : {
              "localizations" : {
                "de" : { "stringUnit" : { "state" : "translated", "value" : "100 % pünktlich" } }
              }
            }
          },
          "version" : "1.0"
        }
        """#

    /// Runs `body` with this suite's strings in the app's catalog. They are added, not swapped
    /// in and out: suites run at once in one process, and a server's pages elsewhere look their
    /// texts up in the same catalog (each suite's keys are its own).
    static func withCatalog<T>(_ body: () throws -> T) throws -> T {
        let catalog = StringCatalog()
        try catalog.addStringCatalog(Data(catalogJSON.utf8))
        StringCatalog.addToApp(catalog)
        return try body()
    }

    struct Board: View {
        let count: Int
        var body: some View {
            VStack {
                Text("Departures test")
                Text("\(count) test flights")
                Text("Gate \("B12") boards at \("10:40")")
                Text("Tap to board")
                Text("Not in the catalog \(count)")
            }
        }
    }

    func text(_ count: Int, _ locale: String, idiom: UIUserInterfaceIdiom = .phone) throws -> String {
        try Self.withCatalog {
            var request = RequestContext(userInterfaceIdiom: idiom)
            request.setVisitor(language: locale, timeZone: nil)
            return ViewHost(Board(count: count).environment(\.locale, Locale(identifier: locale)).environment(\.request, request)).text
        }
    }

    @Test func aKeyIsShownInThePagesLanguageWithItsPlural() throws {
        #expect(try text(1, "en") == "Departures test1 test flightGate B12 boards at 10:40Tap to boardNot in the catalog 1")
        #expect(try text(3, "en").contains("3 test flights"))
        #expect(try text(3, "de_DE") == "Abflüge3 FlügeUm 10:40 Einstieg an Gate B12Tap to boardNot in the catalog 3")
        #expect(try text(1, "de").contains("1 Flug"))
        #expect(try text(2, "es").hasPrefix("Salidas2 test flights"), "no Spanish plural: the source language's")
        // Chinese by script, as catalogs name it: Taiwan's and Hong Kong's is Traditional.
        #expect(try text(1, "zh_TW").hasPrefix("出發") && text(1, "zh_Hant_HK").hasPrefix("出發"))
        #expect(try text(1, "zh_CN").hasPrefix("Departures test"), "no Simplified Chinese in the catalog")
        #expect(LanguageTag.lookupChain("zh-TW") == ["zh-TW", "zh-Hant", "zh"] && LanguageTag.lookupChain("zh") == ["zh-Hans", "zh"])
        #expect(LanguageTag.lookupChain("en_US_POSIX") == ["en-US", "en"] && LanguageTag.lookupChain("de-AT") == ["de-AT", "de"])
        // Arabic's six categories.
        for (count, expected) in [(0, "لا رحلات"), (1, "رحلة واحدة"), (2, "رحلتان"), (5, "5 رحلات"), (11, "11 رحلة"), (100, "100 رحلة")] {
            #expect(try text(count, "ar").contains(expected), "\(count)")
        }
    }

    /// A key's interpolated parts — a `Text` in its own style, a date in a style, a value in a
    /// format — are rendered in their places on the page, as SwiftUI renders them: a translation
    /// may move them, the text keeps its weight, the date is in the page's zone and language
    /// (ticking in the browser when relative), the value in the page's locale.
    @Test func interpolatedPartsAreRenderedInTheirPlacesOnThePage() throws {
        struct Departure: View {
            let at = Date(timeIntervalSince1970: 1_796_223_900)  // 2026-12-02 15:05 UTC
            var body: some View {
                VStack {
                    Text("Gate \(Text("B12").bold()) boards at \(at, style: .time)")
                    Text("Fare \(12.5, format: .currency(code: "EUR"))")
                    Text("Leaves \(at, style: .relative)")
                }
            }
        }
        func page(_ locale: String, _ zone: String) throws -> ViewHost {
            try Self.withCatalog {
                ViewHost(
                    Departure().environment(\.locale, Locale(identifier: locale)).environment(\.timeZone, TimeZone(identifier: zone)!))
            }
        }
        let german = try page("de_DE", "Europe/Berlin")
        #expect(german.text.contains("Um 16:05 Einstieg an Gate B12"), "\(german.text)")
        #expect(german.text.contains("Fare 12,50\u{a0}€"), "\(german.text)")
        #expect(german.html.range(of: #"jw-bold"[^>]*>B12<"#, options: .regularExpression) != nil, "\(german.html)")
        #expect(german.html.contains(#"data-jw-clock="relative""#), "a relative date in a key ticks in the browser")
        let english = try page("en_US", "America/Denver")
        #expect(english.text.contains("Gate B12 boards at 8:05 AM"), "\(english.text)")
        #expect(english.text.contains("Fare €12.50"), "\(english.text)")
        // A part inside Markdown's emphasis is emphasized too; an icon font's private-use
        // character in an interpolated string is text, not a part's mark.
        let marked = ViewHost(
            VStack {
                Text("**Gate \(Text("A1"))** now")
                Text("Icon \("\u{F0001}") at \(Text("B2").italic())")
            }
        ).html
        #expect(marked.range(of: #"jw-bold"[^>]*>A1<"#, options: .regularExpression) != nil && !marked.contains("**"), "\(marked)")
        #expect(marked.contains("Icon \u{F0001} at ") && marked.components(separatedBy: ">B2<").count == 2, "\(marked)")
        // Compared by value: the same key twice is equal, another date is not.
        let at = Date(timeIntervalSince1970: 0)
        #expect(Text("Leaves \(at, style: .time)") == Text("Leaves \(at, style: .time)"))
        #expect(Text("Leaves \(at, style: .time)") != Text("Leaves \(at.addingTimeInterval(60), style: .time)"))
    }

    @Test func deviceVariationsAndSubstitutions() throws {
        #expect(try text(1, "en", idiom: .mac).contains("Click to board"))
        #expect(try text(1, "en", idiom: .phone).contains("Tap to board"))
        try Self.withCatalog {
            let catalog = try #require(StringCatalog.app)
            let one = [LocalizedArgument(text: "1", number: 1), LocalizedArgument(text: "4", number: 4)]
            let many = [LocalizedArgument(text: "3", number: 3), LocalizedArgument(text: "4", number: 4)]
            let german = Locale(identifier: "de")
            #expect(catalog.text("%lld of %lld seats", locale: german, arguments: one) == "1 Sitz von 4")
            #expect(catalog.text("%lld of %lld seats", locale: german, arguments: many) == "3 Sitze von 4")
            #expect(catalog.text("100% on time", locale: german) == "100 % pünktlich")
        }
    }

    @Test func anExplicitZeroAndADefaultValuesArguments() throws {
        let catalog = StringCatalog()
        try catalog.addStringCatalog(
            Data(
                #"""
                {"sourceLanguage":"en","strings":{"%lld bags":{"localizations":{"en":{"variations":{"plural":{
                  "zero":{"stringUnit":{"state":"translated","value":"No bags"}},
                  "one":{"stringUnit":{"state":"translated","value":"%lld bag"}},
                  "other":{"stringUnit":{"state":"translated","value":"%lld bags"}}}}},
                "de":{"stringUnit":{"state":"translated","value":"%lld Koffer"}}}},
                "bags.count":{"localizations":{"de":{"stringUnit":{"state":"translated","value":"%lld Gepäckstücke"}}}}},"version":"1.0"}
                """#.utf8))
        let english = Locale(identifier: "en_US")
        #expect(catalog.text("%lld bags", locale: english, arguments: [LocalizedArgument(text: "0", number: 0)]) == "No bags")
        #expect(catalog.text("%lld bags", locale: english, arguments: [LocalizedArgument(text: "1", number: 1)]) == "1 bag")
        StringCatalog.addToApp(catalog)
        let count = 4
        #expect(String(localized: "bags.count", defaultValue: "\(count) bags", locale: Locale(identifier: "de")) == "4 Gepäckstücke")
        #expect(String(localized: "bags.count", defaultValue: "\(count) bags", locale: english) == "4 bags")
    }

    @Test func aPercentSignInTheLiteralIsEscapedInTheKey() throws {
        struct OnTime: View {
            let share: Int
            var body: some View { Text("\(share)% on time") }
        }
        try Self.withCatalog {
            let key: LocalizedStringKey = "\(100)% on time"
            #expect(key.key == "%lld%% on time")
            #expect(key.string == "100% on time")
        }
        #expect(StringCatalog.fill("%lld%% on time", ["100"]) == "100% on time")
        #expect(StringCatalog.fill("%2$@ %1$@ %@", ["a", "b"]) == "b a a", "a position does not move the next argument")
        #expect(StringCatalog.fill("%.1f km", ["3.5"]) == "3.5 km")
        #expect(StringCatalog.fill("%@ and %@", ["one"]) == "one and %@", "a missing argument is left as written")
    }

    @Test func aMissingTranslationIsReportedOnce() throws {
        final class Heard: @unchecked Sendable { var keys: [String] = [] }
        let heard = Heard()
        StringCatalog.missingReporter = { key, language in heard.keys.append("\(language) \(key)") }
        defer { StringCatalog.missingReporter = nil }
        let catalog = StringCatalog()
        try catalog.addStringCatalog(Data(Self.catalogJSON.utf8))
        let french = Locale(identifier: "fr_FR")
        #expect(catalog.text("Departures test", locale: french) == nil, "no French, no English: shown as written")
        #expect(catalog.text("%lld test flights", locale: french, arguments: [LocalizedArgument(text: "2", number: 2)]) == "2 test flights")
        _ = catalog.text("%lld test flights", locale: french, arguments: [LocalizedArgument(text: "3", number: 3)])
        #expect(heard.keys == ["fr-FR Departures test", "fr-FR %lld test flights"], "each missing pair once")
    }

    @Test func stringsAndStringsDictTables() throws {
        let catalog = StringCatalog()
        try catalog.addStrings(
            Data(
                """
                /* The board's title. */
                "Departures" = "Départs";
                // A gate.
                "Gate %@" = "Porte %@";
                "Quote \\"x\\"" = "Citation « x »";
                """.utf8), language: "fr")
        let plist = """
            <?xml version="1.0" encoding="UTF-8"?>
            <!DOCTYPE plist PUBLIC "-//Apple//DTD PLIST 1.0//EN" "http://www.apple.com/DTDs/PropertyList-1.0.dtd">
            <plist version="1.0"><dict>
              <key>%lld flights</key>
              <dict>
                <key>NSStringLocalizedFormatKey</key><string>%#@flights@</string>
                <key>flights</key>
                <dict>
                  <key>NSStringFormatSpecTypeKey</key><string>NSStringPluralRuleType</string>
                  <key>NSStringFormatValueTypeKey</key><string>lld</string>
                  <key>one</key><string>%lld vol</string>
                  <key>other</key><string>%lld vols</string>
                </dict>
              </dict>
              <key>%@ has %lld flights at %lld gates</key>
              <dict>
                <key>NSStringLocalizedFormatKey</key><string>%@ a %#@flights@ à %#@gates@</string>
                <key>flights</key>
                <dict>
                  <key>NSStringFormatSpecTypeKey</key><string>NSStringPluralRuleType</string>
                  <key>NSStringFormatValueTypeKey</key><string>lld</string>
                  <key>one</key><string>%lld vol</string>
                  <key>other</key><string>%lld vols</string>
                </dict>
                <key>gates</key>
                <dict>
                  <key>NSStringFormatSpecTypeKey</key><string>NSStringPluralRuleType</string>
                  <key>NSStringFormatValueTypeKey</key><string>lld</string>
                  <key>one</key><string>%lld porte</string>
                  <key>other</key><string>%lld portes</string>
                </dict>
              </dict>
              <key>%lld gates in %@</key>
              <dict>
                <key>NSStringLocalizedFormatKey</key><string>%2$@ : %1$#@gates@</string>
                <key>gates</key>
                <dict>
                  <key>NSStringFormatSpecTypeKey</key><string>NSStringPluralRuleType</string>
                  <key>NSStringFormatValueTypeKey</key><string>lld</string>
                  <key>one</key><string>%lld porte</string>
                  <key>other</key><string>%lld portes</string>
                </dict>
              </dict>
            </dict></plist>
            """
        try catalog.addStringsDictionary(Data(plist.utf8), language: "fr")
        let french = Locale(identifier: "fr_FR")
        #expect(catalog.text("Departures", locale: french) == "Départs")
        #expect(catalog.text("Gate %@", locale: french, arguments: [LocalizedArgument(text: "B12", number: nil)]) == "Porte B12")
        #expect(catalog.text("Quote \"x\"", locale: french) == "Citation « x »")
        #expect(catalog.text("%lld flights", locale: french, arguments: [LocalizedArgument(text: "1", number: 1)]) == "1 vol")
        #expect(catalog.text("%lld flights", locale: french, arguments: [LocalizedArgument(text: "0", number: 0)]) == "0 vol")
        #expect(catalog.text("%lld flights", locale: french, arguments: [LocalizedArgument(text: "2", number: 2)]) == "2 vols")
        // Each variable counts by its own argument: its place among the format's specifiers, or
        // the position it names.
        let denver = LocalizedArgument(text: "Denver", number: nil)
        #expect(
            catalog.text(
                "%@ has %lld flights at %lld gates", locale: french,
                arguments: [denver, LocalizedArgument(text: "1", number: 1), LocalizedArgument(text: "3", number: 3)])
                == "Denver a 1 vol à 3 portes")
        #expect(
            catalog.text("%lld gates in %@", locale: french, arguments: [LocalizedArgument(text: "2", number: 2), denver])
                == "Denver : 2 portes")
        #expect(
            StringCatalog.variableArguments(in: "%@ a %#@flights@ %% à %#@gates@ %2$#@again@") == ["flights": 2, "gates": 3, "again": 2])
        #expect(catalog.languages == ["en", "fr"], "its source language (English unless a catalog says) and its translations")
        #expect(throws: StringCatalog.ReadError.self) { try catalog.addStringCatalog(Data("[1]".utf8)) }
        #expect(throws: StringCatalog.ReadError.self) { try catalog.addStrings(Data("\"unterminated = ".utf8), language: "fr") }
    }

    @Test func pluralCategoriesAndDirections() {
        #expect(PluralRules.category(of: 1, in: "en") == "one" && PluralRules.category(of: 0, in: "en") == "other")
        #expect(PluralRules.category(of: 0, in: "fr") == "one" && PluralRules.category(of: 2, in: "fr") == "other")
        #expect(["one", "few", "many", "many"] == [1, 3, 5, 11].map { PluralRules.category(of: Double($0), in: "ru") })
        #expect(PluralRules.category(of: 21, in: "ru") == "one" && PluralRules.category(of: 22, in: "pl") == "few")
        #expect(PluralRules.category(of: 7, in: "ja") == "other")
        // CLDR's integer rules for the languages of South Asia, Persian, the Balkans and the Baltic.
        func categories(_ language: String, _ counts: [Int]) -> [String] {
            counts.map { PluralRules.category(of: Double($0), in: language) }
        }
        #expect(categories("hi", [0, 1, 2]) == ["one", "one", "other"] && categories("fa", [1, 5]) == ["one", "other"])
        #expect(categories("hr", [1, 2, 5, 11, 21, 22]) == ["one", "few", "other", "other", "one", "few"])
        #expect(categories("ro", [0, 1, 2, 19, 20, 101, 120]) == ["few", "one", "few", "few", "other", "few", "other"])
        #expect(categories("lt", [1, 2, 10, 11, 21, 29]) == ["one", "few", "other", "other", "one", "few"])
        #expect(categories("lv", [0, 1, 2, 10, 11, 21]) == ["zero", "one", "other", "zero", "zero", "one"])
        #expect(categories("sl", [1, 2, 3, 5, 101, 102, 104]) == ["one", "two", "few", "other", "one", "two", "few"])
        #expect(LayoutDirection.of(language: "ar-EG") == .rightToLeft && LayoutDirection.of(language: "he") == .rightToLeft)
        #expect(LayoutDirection.of(language: "de-DE") == .leftToRight && LayoutDirection.of(language: "") == .leftToRight)
    }

    @Test func stringLocalizedAndResourcesUseTheCatalog() throws {
        try Self.withCatalog {
            #expect(String(localized: "Departures test", locale: Locale(identifier: "de")) == "Abflüge")
            #expect(String(localized: "Departures test") == "Departures test")
        }
    }
}
