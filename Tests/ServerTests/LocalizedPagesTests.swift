import Foundation
import Jetway
import JetwayTesting
import Testing

@testable import JetwayServer

/// Every visitor in their own language and time zone: the language from `Accept-Language`
/// (matched to the app's String Catalog), the zone from the `jw_zone` cookie the runtime keeps
/// and its report; pages share renderings only within one language and zone.
@MainActor
@Suite(.serialized)
struct LocalizedPagesTests {
    /// An airport board whose title and count are in the catalog, with a departure time.
    struct Board: View {
        @Environment(\.locale) private var locale
        @Environment(\.timeZone) private var timeZone
        var body: some View {
            VStack {
                Text("Departures test")
                Text("\(3) test flights")
                Text(Date(timeIntervalSince1970: 1_796_000_400), style: .time)
                Text("zone \(timeZone.identifier)")
            }
        }
    }

    static func server(_ configure: (inout ServerConfiguration) -> Void = { _ in }) throws -> (TestServer, URL) {
        // No zone of the app's: it would become the test process's (`ProcessTimeZone`), which
        // other suites' dates are computed in.
        try LocalizationTestsCatalog.server(
            JetwayApp(title: "Departure board test", routes: [Route("/") { _ in Board() }]), transport: .memory, configure)
    }

    @Test func eachLanguageItsOwnTextDirectionAndRendering() async throws {
        let (server, folder) = try Self.server()
        defer {
            server.stop()
            try? FileManager.default.removeItem(at: folder)
        }
        let german = try await server.get("/", headers: ["Accept-Language": "de-AT,de;q=0.9,en;q=0.5"])
        #expect(german.body.contains(#"<html lang="de-AT" class="#), "\(german.body.prefix(120))")
        #expect(german.body.contains("Abflüge") && german.body.contains("3 Flüge"))
        let arabic = try await server.get("/", headers: ["Accept-Language": "ar"])
        #expect(arabic.body.contains(#"<html lang="ar" dir="rtl""#))
        #expect(arabic.body.contains("المغادرة") && arabic.body.contains("3 رحلات"))
        // A language the app has no strings in: its formats, the app's own strings.
        let french = try await server.get("/", headers: ["Accept-Language": "fr-CH, fr;q=0.9"])
        #expect(
            french.body.contains(#"<html lang="fr-CH""#) && french.body.contains("Departures test")
                && french.body.contains("3 test flights"))
        // English first: the app's source language, though no string of it is in the catalog.
        let english = try await server.get("/", headers: ["Accept-Language": "en-US,de;q=0.8"])
        #expect(english.body.contains(#"<html lang="en-US""#) && english.body.contains("3 test flights"))
        // Arabic asked for by a visitor of an app without Arabic strings: its English, left to right.
        let hebrew = try await server.get("/", headers: ["Accept-Language": "he"])
        #expect(hebrew.body.contains(#"<html lang="he" class="#), "no strings in Hebrew: written left to right")
        let none = try await server.get("/")
        #expect(none.body.contains(#"<html lang="en""#) && none.body.contains("3 test flights"))
        // A second German page shares the first one's rendering; the others have their own.
        _ = try await server.get("/", headers: ["Accept-Language": "de-AT"])
        #expect(server.server.openPages == (7, 6))
    }

    /// The app's title (the page's `<title>`, as `WindowGroup`'s title is looked up in SwiftUI)
    /// and the runtime's own words (its connection banner) are in the page's language; an
    /// English page carries no words (the runtime has its own).
    @Test func theAppsTitleAndTheRuntimesWordsInThePagesLanguage() async throws {
        let (server, folder) = try Self.server()
        defer {
            server.stop()
            try? FileManager.default.removeItem(at: folder)
        }
        let german = try await server.get("/", headers: ["Accept-Language": "de-DE"]).body
        #expect(german.contains("<title>Abflugtafel</title>"), "\(german.prefix(400))")
        #expect(german.contains(#"content="Abflugtafel""#), "the title the runtime keeps after the screen's")
        #expect(german.contains(">Verbindung wird wiederhergestellt …</div>"))
        #expect(
            german.contains("data-jw-words=") && german.contains("zuletzt aktualisiert:")
                && german.contains("&quot;locale&quot;:&quot;de-DE&quot;"))
        let arabic = try await server.get("/", headers: ["Accept-Language": "ar"]).body
        #expect(arabic.contains("<title>Departure board test</title>") && arabic.contains("غير متصل"), "no Arabic title in the catalog")
        let english = try await server.get("/", headers: ["Accept-Language": "en-GB"]).body
        #expect(english.contains("<title>Departure board test</title>") && english.contains(">Reconnecting…</div>"))
        #expect(!english.contains("data-jw-words"))
    }

    static let departure = Date(timeIntervalSince1970: 1_796_000_400)
    struct AirportBoard: View {
        var body: some View {
            VStack {
                Text(LocalizedPagesTests.departure, style: .time)
                Text(LocalizedPagesTests.departure, style: .relative)
            }
            .environment(\.timeZone, TimeZone(identifier: "America/Denver")!)
        }
    }
    struct ZoneName: View {
        @Environment(\.request) private var request
        var body: some View { Text("zone \(request.timeZoneIdentifier ?? "none")") }
    }
    struct VisitorsTime: View {
        var body: some View { Text(LocalizedPagesTests.departure, style: .time) }
    }
    struct LaterTimes: View {
        var body: some View {
            VStack {
                Text(LocalizedPagesTests.departure, style: .relative)
                if LocalTimes.shared.shown { Text(LocalizedPagesTests.departure, style: .time) }
            }
        }
    }

    struct Counter: View {
        @State private var taps = 0
        var body: some View {
            VStack {
                Text(LocalizedPagesTests.departure, style: .relative)
                Button("Tap \(taps)") { taps += 1 }
            }
        }
    }

    /// Whether the departures in local time are shown, for every page at once.
    @MainActor @Observable final class LocalTimes {
        static let shared = LocalTimes()
        var shown = false
    }

    /// A page that shows its dates in a zone of its own (an airport's board in the airport's
    /// time) is the same for visitors of every zone: they share one rendering. A page that
    /// reads the visitor's zone renders per zone; one whose view first reads it later (the
    /// times switched to the visitor's) separates the pages of other zones then.
    @Test func pagesShareAcrossZonesUntilAViewReadsTheVisitorsZone() async throws {
        let app = JetwayApp(
            title: "Zones",
            routes: [
                Route("/airport") { _ in AirportBoard() }, Route("/visitor") { _ in VisitorsTime() }, Route("/later") { _ in LaterTimes() },
                Route("/named") { _ in ZoneName() },
            ])
        let server = try TestServer(app: app, transport: .memory)
        defer {
            server.stop()
            LocalTimes.shared.shown = false
        }
        let zones = ["Europe/Berlin", "America/Denver", "Asia/Tokyo"]
        for zone in zones {
            let page = try await server.get("/airport", headers: ["Cookie": "jw_zone=\(zone)"]).body
            #expect(page.contains("6:00 PM"), "the airport's time for a visitor in \(zone)")
        }
        #expect(server.server.openPages == (3, 1), "three zones, one rendering of the airport's board")
        for zone in zones { _ = try await server.get("/visitor", headers: ["Cookie": "jw_zone=\(zone)"]) }
        #expect(server.server.openPages == (6, 4), "the visitor's time: a rendering per zone")
        for zone in zones { _ = try await server.get("/later", headers: ["Cookie": "jw_zone=\(zone)"]) }
        #expect(server.server.openPages == (9, 5), "nothing reads the zone yet")
        LocalTimes.shared.shown = true
        let deadline = Date().addingTimeInterval(5)
        while server.server.openPages.renderings != 7 && Date() < deadline { try await Task.sleep(for: .milliseconds(20)) }
        #expect(server.server.openPages == (9, 7), "the times in the visitor's zone: each zone its own rendering")
        // The request's zone read by name is a read of the visitor's zone too.
        for zone in zones { _ = try await server.get("/named", headers: ["Cookie": "jw_zone=\(zone)"]) }
        #expect(server.server.openPages == (12, 10), "a page that names the visitor's zone: a rendering per zone")
        // Each page shows its own zone's time: 1_796_000_400 is 01:00 UTC.
        let later = server.server.sessions.sessions.values.filter { $0.context.path == "/later" }
        let shown = Set(
            later.map { session in ["2:00 AM", "6:00 PM", "10:00 AM"].first { session.group.pageHTML.contains($0) } ?? "none" })
        #expect(shown == ["2:00 AM", "6:00 PM", "10:00 AM"], "\(shown)")
    }

    /// A first visit renders in the app's zone until the browser says its own; a page alone in
    /// its rendering that nothing has read the zone of stays where it is, and moves to a rendering
    /// in its zone when a view first reads it.
    @Test func aLonePageMovesToItsZoneWhenAViewFirstReadsIt() async throws {
        let app = JetwayApp(title: "Zones", routes: [Route("/later") { _ in LaterTimes() }])
        let server = try TestServer(app: app, transport: .memory)
        defer {
            server.stop()
            LocalTimes.shared.shown = false
        }
        LocalTimes.shared.shown = false
        let answer = try await server.get("/later")
        let cookie = try #require(answer.headers["set-cookie"]?.split(separator: ";").first.map(String.init))
        let token = try #require(metaContent("jetway-token", in: answer.body))
        let version = try #require(metaContent("jetway-version", in: answer.body))
        let socket = try await server.pageSocket(cookie: cookie)
        await socket.sendText(#"["join","\#(token)","/later",\#(version),"test"]"#)
        guard case .text(let joined) = await socket.next(), message("joined", in: joined) != nil else { throw WireError("no joined") }
        // The browser says it is in Denver (features/locale.js): nothing shows a time yet.
        let session = try #require(server.server.sessions.sessions.values.first)
        let rendering = session.group
        #expect(server.server.sessions.changeTimeZone(session, to: "America/Denver"))
        #expect(session.group === rendering, "nothing read the zone: the page stays")
        LocalTimes.shared.shown = true
        let deadline = Date().addingTimeInterval(5)
        while session.group === rendering && Date() < deadline { try await Task.sleep(for: .milliseconds(20)) }
        #expect(session.group !== rendering, "the page did not move to a rendering in its zone")
        #expect(session.group.pageHTML.contains("6:00 PM"), "Denver's time: \(session.group.pageHTML.suffix(300))")
    }

    /// A visitor in another zone than the first page's, sharing its rendering because no view
    /// reads the zone, has the first tap answered as any other: the page is the same document in
    /// every zone (its root names no zone), so the rendering of its own takes over its elements.
    @Test func aTapOnAPageSharedAcrossZonesIsAnswered() async throws {
        let server = try TestServer(app: JetwayApp(title: "Zones", routes: [Route("/count") { _ in Counter() }]), transport: .memory)
        defer { server.stop() }
        _ = try await server.get("/count", headers: ["Cookie": "jw_zone=Europe/Berlin"])
        let answer = try await server.get("/count", headers: ["Cookie": "jw_zone=America/Denver"])
        #expect(server.server.openPages == (2, 1))
        #expect(!answer.body.contains("data-jw-zone"), "no view reads the zone: the root names none")
        let cookie = try #require(answer.headers["set-cookie"]?.split(separator: ";").first.map(String.init))
        let token = try #require(metaContent("jetway-token", in: answer.body))
        let version = try #require(metaContent("jetway-version", in: answer.body))
        let body = try #require(answer.body.range(of: "<body>").map { answer.body[$0.upperBound...] })
        let dom = try ModelDOM(html: try #require(body.range(of: "<div class=\"jw-banner\"").map { String(body[..<$0.lowerBound]) }))
        let button = try #require(dom.root.descendants.first { $0.tag == "button" }?.attribute("data-j"))
        let socket = try await server.pageSocket(cookie: cookie)
        await socket.sendText(#"["join","\#(token)","/count",\#(version),"test"]"#)
        guard case .text(let joined) = await socket.next(), message("joined", in: joined) != nil else { throw WireError("no joined") }
        await socket.sendText(#"["e",1,"\#(button)","click",null]"#)
        var frames: [String] = []
        while frames.count < 10, case .text(let frame) = await socket.next() {
            frames.append(frame)
            if frame.hasSuffix(",1]") { break }
        }
        #expect(!frames.contains { decoded($0)?.name == "err" || decoded($0)?.name == "sync" }, "\(frames)")
        #expect(frames.last?.contains("Tap 1") == true, "\(frames)")
        #expect(server.server.openPages == (2, 2))
    }

    @Test func theBrowsersZoneFromItsCookieAndItsReport() async throws {
        let (server, folder) = try Self.server()
        defer {
            server.stop()
            try? FileManager.default.removeItem(at: folder)
        }
        // A first visit: the app's zone (UTC: it has none), until the browser says its own.
        let first = try await server.get("/")
        // (Foundation names UTC `GMT` on Linux; the runtime takes either for UTC.)
        #expect(first.body.contains("zone GMT") && first.body.contains(#"data-jw-zone="GMT""#))
        // The runtime kept the zone: the next first paint is in it.
        let berlin = try await server.get("/", headers: ["Cookie": "jw_zone=Europe/Berlin"])
        #expect(berlin.body.contains("zone Europe/Berlin"), "\(berlin.body.prefix(2000))")
        let denver = try await server.get("/", headers: ["Cookie": "jw_zone=America/Denver"])
        #expect(denver.body.contains("zone America/Denver"))
        // 1_796_000_400 is 2026-11-30 01:00 UTC: 02:00 in Berlin, 18:00 the day before in Denver.
        #expect(berlin.body.contains("2:00 AM") && denver.body.contains("6:00 PM"))
        // A name that is no time zone is not taken.
        let bad = try await server.get("/", headers: ["Cookie": "jw_zone=Mars/Olympus"])
        #expect(bad.body.contains("zone GMT"))
        // The runtime's report on a live page: the page shows the browser's zone.
        let answer = try await server.get("/", headers: ["Cookie": "jw_zone=Asia/Tokyo"])
        let cookie = try #require(answer.headers["set-cookie"]?.split(separator: ";").first.map(String.init))
        let token = try #require(metaContent("jetway-token", in: answer.body))
        let version = try #require(metaContent("jetway-version", in: answer.body))
        let socket = try await server.pageSocket(cookie: cookie)
        await socket.sendText(#"["join","\#(token)","/",\#(version),"test"]"#)
        guard case .text(let joined) = await socket.next(), message("joined", in: joined) != nil else { throw WireError("no joined") }
        let body = try #require(answer.body.range(of: "<body>").map { answer.body[$0.upperBound...] })
        let dom = try ModelDOM(html: try #require(body.range(of: "<div class=\"jw-banner\"").map { String(body[..<$0.lowerBound]) }))
        let root = try #require(dom.root.descendants.first { $0.attribute("data-jw-zone") != nil })
        #expect(root.attribute("data-jw-zone") == "Asia/Tokyo")
        #expect(server.server.openPages == (5, 4), "one rendering per zone (the bad name joined the first page)")
        await socket.sendText(#"["e",1,"\#(root.attribute("data-j") ?? "")","timeZone","Pacific/Auckland"]"#)
        var page = dom
        for _ in 0..<10 {
            guard case .text(let frame) = await socket.next() else { break }
            switch try ServerFrame(decoding: frame) {
            case .patch(_, let ops, _): try page.apply(ops)
            case .message(.sync(_, _, let html, _, _)): page = try ModelDOM(html: html)
            default: break
            }
            if frame.hasSuffix(",1]") { break }
        }
        #expect(page.root.textContent.contains("zone Pacific/Auckland"), "\(page.root.textContent)")
        #expect(page.root.descendants.contains { $0.attribute("data-jw-zone") == "Pacific/Auckland" })
        // A second page in that zone shares its rendering.
        _ = try await server.get("/", headers: ["Cookie": "jw_zone=Pacific/Auckland"])
        #expect(server.server.openPages == (6, 4), "\(server.server.openPages)")
        // A cookie of the app's own zone is no zone: it shares the first page's rendering.
        _ = try await server.get("/", headers: ["Cookie": "jw_zone=Etc/UTC"])
        #expect(server.server.openPages == (7, 4))
    }

    /// A root that pins a zone (`.environment(\.timeZone, airport)`, as MountainAirport's
    /// screens do) is the same root for every request: its pages share one rendering.
    @Test func aRootThatSetsAnEnvironmentValueIsShared() async throws {
        struct Counter: View {
            @State private var count = 0
            var body: some View { Text("\(count)") }
        }
        let zone = TimeZone(identifier: "America/Denver")!
        let app = JetwayApp(
            title: "Pinned",
            routes: [
                Route("/") { _ in
                    Counter().environment(\.timeZone, zone).environment(\.locale, Locale(identifier: "de")).environment(
                        \.layoutDirection, .rightToLeft)
                }
            ])
        let server = try TestServer(app: app, transport: .memory)
        defer { server.stop() }
        for _ in 0..<3 { _ = try await server.get("/") }
        #expect(server.server.openPages == (3, 1))
    }

    @Test func acceptLanguageIsReadAsTheRFCSays() {
        #expect(AcceptLanguage.parse("de-AT,de;q=0.9,en;q=0.8") == ["de-AT", "de", "en"])
        #expect(AcceptLanguage.parse("en;q=0.5, fr, *;q=0.1, x y, ar;q=0") == ["fr", "en"])
        #expect(AcceptLanguage.parse("zh-Hant-TW") == ["zh-Hant-TW"])
        #expect(AcceptLanguage.parse(String(repeating: "a,", count: 2000)).isEmpty, "an absurd header is ignored")
        #expect(
            AcceptLanguage.parse("C").isEmpty && AcceptLanguage.parse("POSIX, de").elementsEqual(["de"]), "a POSIX locale is no language")
        #expect(AcceptLanguage.choose(["fr-CH", "de-AT", "en"], available: ["de", "en"]) == "de-AT")
        #expect(AcceptLanguage.choose(["fr-CH"], available: ["de", "en"]) == "fr-CH")
        #expect(AcceptLanguage.choose([], available: ["de"]) == nil)
        // A catalog names Chinese by script: a browser in Taiwan asks for `zh-TW`.
        #expect(AcceptLanguage.choose(["zh-TW", "en"], available: ["zh-Hant", "en"]) == "zh-TW")
        #expect(AcceptLanguage.matched(["zh-CN"], available: ["zh-Hant"]) == nil)
    }
}

/// The catalog of LocalizationTests, as a server reads it from a folder.
enum LocalizationTestsCatalog {
    /// A server of `app` that reads this catalog from a folder of its own (removed by the caller).
    @MainActor
    static func server(
        _ app: JetwayApp, transport: TestTransport = .sockets, _ configure: (inout ServerConfiguration) -> Void = { _ in }
    ) throws -> (TestServer, URL) {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("jetway-strings-\(UUID().uuidString.prefix(8))")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        try json.write(to: folder.appendingPathComponent("Localizable.xcstrings"), atomically: true, encoding: .utf8)
        let server = try TestServer(app: app, transport: transport) {
            $0.localizationDirectories = [folder.path]
            configure(&$0)
        }
        return (server, folder)
    }

    static let json = #"""
        {
          "sourceLanguage" : "en",
          "strings" : {
            "Departure board test" : { "localizations" : {
              "de" : { "stringUnit" : { "state" : "translated", "value" : "Abflugtafel" } } } },
            "Departures test" : { "localizations" : {
              "ar" : { "stringUnit" : { "state" : "translated", "value" : "المغادرة" } },
              "de" : { "stringUnit" : { "state" : "translated", "value" : "Abflüge" } } } },
            "%lld test flights" : { "localizations" : {
              "de" : { "variations" : { "plural" : {
                "one" : { "stringUnit" : { "state" : "translated", "value" : "%lld Flug" } },
                "other" : { "stringUnit" : { "state" : "translated", "value" : "%lld Flüge" } } } } },
              "ar" : { "variations" : { "plural" : {
                "few" : { "stringUnit" : { "state" : "translated", "value" : "%lld رحلات" } },
                "other" : { "stringUnit" : { "state" : "translated", "value" : "%lld رحلة" } } } } } } }
          },
          "version" : "1.0"
        }
        """#
}
