import Foundation
import Jetway
import JetwayTesting
import Testing

@testable import JetwayServer

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
    /// Checked in one stretch of the main actor after the server is made: the zone is the
    /// process's, and other tests' servers (made on the main actor too) cannot come between.
    @Test func foundationFormatsInTheAppsZone() throws {
        let app = JetwayApp(title: "Rooms", routes: [Route("/") { _ in Slot() }], timeZone: TimeZone(identifier: "America/Denver")!)
        let server = try TestServer(app: app, transport: .memory)
        defer { server.stop() }
        #expect(TimeZone.current.identifier == "America/Denver")
        #expect(Calendar.current.timeZone.identifier == "America/Denver")
        var environment = EnvironmentValues()
        environment.timeZone = TimeZone(identifier: "America/Denver")!
        let page = ViewHost(Slot(), environment: environment).text
        #expect(page.contains("9:00 AM"), "Text(date, style: .time): \(page)")
        #expect(page.contains("formatted 9:00"), "the slot's .formatted(): \(page)")
        #expect(page.contains("day 10"), "the day in the app's zone: \(page)")
    }
}
