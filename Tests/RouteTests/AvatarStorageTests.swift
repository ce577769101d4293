import Foundation
import JetwayStore
import MountainAirportViews
import Testing

/// The devices' pictures in the airport's store: one per device (a new one replaces the old),
/// all within a budget (a full budget is a clear refusal that leaves the old picture), and
/// those of devices not seen for a while removed.
@MainActor
struct AvatarStorageTests {
    func picture(_ bytes: Int) throws -> URL {
        let url = URL(fileURLWithPath: NSTemporaryDirectory() + "avatar-\(UUID().uuidString).png")
        try Data([0x89, 0x50, 0x4E, 0x47] + [UInt8](repeating: 1, count: bytes - 4)).write(to: url)
        return url
    }

    func storedBytes(_ store: Store) throws -> Int {
        try store.fetch(AvatarPicture.self).reduce(0) { $0 + $1.image.count }
    }

    /// SQLite, and the test cluster's PostgreSQL when `make test` runs one.
    nonisolated static let stores = ["sqlite::memory:"] + (ProcessInfo.processInfo.environment["JETWAY_TEST_POSTGRES"].map { [$0] } ?? [])

    @Test(arguments: stores) func picturesReplaceStayWithinTheirBudgetAndGoWithTheirDevices(url: String) throws {
        let store = try AirportStore.open(url)
        defer { store.close() }
        // A database other tests share: its pictures are this test's.
        try store.transaction { transaction in
            try transaction.execute("DELETE FROM avatar_images", changing: ["avatar_images"])
            try transaction.execute("DELETE FROM avatars", changing: ["avatars"])
        }
        let model = FlightBoardModel(store: store)
        model.avatarBudget = 2_500_000
        try model.setAvatar(from: try picture(1_000_000), device: "d1")
        try model.setAvatar(from: try picture(1_000_000), device: "d2")
        // A third device's picture would pass the budget: refused, with words.
        #expect(throws: (any Error).self) { try model.setAvatar(from: try picture(1_000_000), device: "d3") }
        do {
            try model.setAvatar(from: try picture(1_000_000), device: "d3")
        } catch {
            #expect("\(error)".contains("no room for more pictures"), "\(error)")
        }
        // A device's new picture replaces its old one: the store does not grow.
        try model.setAvatar(from: try picture(1_400_000), device: "d1")
        #expect(try storedBytes(store) == 2_400_000)
        #expect(try store.count(Avatar.self) == 2)
        // A device that fetched its picture lately keeps it; one not seen since goes.
        _ = try store.modify(Avatar.self, id: "d2") { $0.lastSeen = Date().addingTimeInterval(-40 * 86400) }
        #expect(try model.removeAvatars(notSeenSince: Date().addingTimeInterval(-30 * 86400)) == 1)
        #expect(try store.find(Avatar.self, id: "d2") == nil && store.find(AvatarPicture.self, id: "d2") == nil)
        #expect(try store.find(Avatar.self, id: "d1") != nil)
        // Its room is free again.
        try model.setAvatar(from: try picture(1_000_000), device: "d3")
    }
}
