import Foundation
import Jetway
import JetwayServer
import Testing

/// A slot at 09:00 at the airport, written three ways on one screen.
private struct Slot: View {
    static let nine: Date = {
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = TimeZone(identifier: "America/Denver")!
        return calendar.date(from: DateComponents(year: 2026, month: 12, day: 10, hour: 9))!
    }()

    var body: some View {
        VStack {
            Text(Self.nine, style: .time)
            Text("formatted \(Self.nine.formatted(date: .omitted, time: .shortened))")
            Text("day \(Self.nine.formatted(.dateTime.day()))")
        }
    }
}

/// The zone an app declares is the one Foundation formats in (`.formatted()`, format styles),
/// not the server's: a 09:00 slot is 09:00 however it is written, and the 10th is the 10th.
@MainActor
struct AppTimeZoneTests {
    @Test func foundationFormatsInTheAppsZone() async throws {
        let app = JetwayApp(title: "Rooms", routes: [Route("/") { _ in Slot() }], timeZone: TimeZone(identifier: "America/Denver")!)
        let server = try TestServer(app: app)
        defer { server.stop() }
        let page = try await server.get("/").body
        #expect(page.contains(">9:00 AM<"), "Text(date, style: .time)")
        #expect(page.contains("formatted 9:00") && page.contains("AM<"), "the slot's .formatted(): \(page.components(separatedBy: "formatted").dropFirst().first?.prefix(30) ?? "")")
        #expect(page.contains("day 10<"), "the day in the app's zone")
        #expect(TimeZone.current.identifier == "America/Denver")
        #expect(Calendar.current.timeZone.identifier == "America/Denver")
    }
}
