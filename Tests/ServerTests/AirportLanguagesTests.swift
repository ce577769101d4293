import Foundation
import Jetway
import JetwayTesting
import Testing

@testable import JetwayServer

/// MountainAirport in four languages: its String Catalog (Views/Localizable.xcstrings, copied
/// beside the executable as SwiftPM does) read by the server; the board, a flight's page,
/// settings and the gate kiosk in Spanish, German and Arabic (right to left), and the kiosk
/// cycling through all four.
@MainActor
@Suite(.serialized)
struct AirportLanguagesTests {
    @Test func theBoardFlightSettingsAndKioskInEachLanguage() async throws {
        let server = try TestServer(transport: .memory)
        defer { server.stop() }
        let languages = try #require(server.server.strings?.languages)
        #expect(Set(["ar", "de", "en", "es"]).isSubset(of: Set(languages)), "the app's languages: \(languages)")
        let flight = server.model.flights[0]
        for (language, direction, expected) in [
            ("es-ES", "ltr", ["Buscar vuelos", "Mostrar llegadas", "vuelos"]),
            ("de-DE", "ltr", ["Flüge suchen", "Ankünfte zeigen", "Flüge"]),
            ("ar", "rtl", ["ابحث عن رحلة", "عرض الوصول"]),
        ] {
            let board = try await server.get("/", headers: ["Accept-Language": language])
            #expect(board.body.contains(#"<html lang="\#(language)""#), "\(language): \(board.body.prefix(80))")
            #expect(board.body.contains(#"dir="rtl""#) == (direction == "rtl"), "\(language)")
            for text in expected { #expect(board.body.contains(text), "\(language) board: \(text)") }
            #expect(!board.body.contains("Search flights") && !board.body.contains(">Show arrivals<"), "\(language): English left")
            let page = try await server.get("/flights/\(flight.id)", headers: ["Accept-Language": language])
            let gate = ["es-ES": "Puerta \(flight.gate)", "de-DE": "Gate \(flight.gate)", "ar": "البوابة \(flight.gate)"][language]!
            #expect(page.body.contains(gate), "\(language) flight page")
            let settings = try await server.get("/settings", headers: ["Accept-Language": language])
            let title = ["es-ES": "Ajustes", "de-DE": "Einstellungen", "ar": "الإعدادات"][language]!
            #expect(settings.body.contains(title), "\(language) settings")
            let kiosk = try await server.get("/gate/A1", headers: ["Accept-Language": language])
            let kioskGate = ["es-ES": "Puerta A1", "de-DE": "Gate A1", "ar": "البوابة A1"][language]!
            #expect(kiosk.body.contains(kioskGate), "\(language) kiosk")
        }
        // A status is looked up too (its raw value is the key).
        let spanish = try await server.get("/", headers: ["Accept-Language": "es"])
        #expect(["A tiempo", "Retrasado", "Embarcando", "Despegado", "Aterrizado", "Cancelado"].contains { spanish.body.contains($0) })
    }

    /// The kiosk of `/gate/A1?languages=en,es,de,ar`: all four copies in one first paint, each
    /// with its language and direction, for the browser to show in turn (LanguageCycleInBrowsers).
    @Test func theKioskCyclesThroughFourLanguages() async throws {
        let server = try TestServer(transport: .memory)
        defer { server.stop() }
        let kiosk = try await server.get("/gate/A1?languages=en,es,de,ar")
        #expect(kiosk.body.contains(#"data-jw-cycle="8000""#))
        for (language, direction, gate) in [
            ("en", "ltr", "Gate A1"), ("es", "ltr", "Puerta A1"), ("de", "ltr", "Gate A1"), ("ar", "rtl", "البوابة A1"),
        ] {
            #expect(kiosk.body.contains(#"lang="\#(language)" dir="\#(direction)""#), "\(language)")
            #expect(kiosk.body.contains(gate), "\(language)")
        }
        // Two kiosks of the same gate and languages share one rendering.
        _ = try await server.get("/gate/A1?languages=en,es,de,ar")
        #expect(server.server.openPages.renderings < server.server.openPages.sessions)
    }
}
