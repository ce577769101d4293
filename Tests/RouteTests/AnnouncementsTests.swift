import Jetway
import JetwayTesting
import MountainAirportViews
import Testing

/// The settings screen's announcements panel, refreshed without end (its `refresh` message is
/// one any page may send at the event rate): the panel keeps the newest updates, so an answer
/// does not grow with every refresh.
@MainActor
struct AnnouncementsTests {
    @Test func endlessRefreshesKeepABoundedHistory() async throws {
        let host = ViewHost(AirportSettings())
        func panel() throws -> String { try host.widgetElement("refresh-scroll").canonicalHTML }
        let idle = try panel().utf8.count
        for _ in 0..<200 { try host.sendWidgetMessage("refresh", to: "refresh-scroll") }
        let after = try panel()
        #expect(after.contains("Update 200: all flights on schedule."), "the newest update is missing")
        #expect(after.contains("Update 181:"), "the last 20 updates are kept")
        #expect(!after.contains("Update 180:"), "an update older than the last 20 is still sent")
        // 20 lines of ~40 bytes beside the standing ones, not 200.
        #expect(after.utf8.count < idle + 20 * 60, "\(idle) → \(after.utf8.count) bytes")
    }
}
