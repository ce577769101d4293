import Foundation
import Jetway
import JetwayStore
import JetwayTesting
import Testing

@testable import MountainAirportViews

/// The outside feed, answered by the fixtures' URLProtocol (no network): what a good answer
/// changes, and the clear state each kind of failure leaves — then recovery. Serialized: the
/// fixtures' folder is the process's (as in the app, one feed).
@MainActor
@Suite(.serialized)
struct FeedTests {
    static let fixtures = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent("Fixtures/feed").path

    /// A copy of the fixtures whose `scenario` the test writes, and a model of their day.
    func setUp() throws -> (folder: String, model: FlightBoardModel) {
        let folder = NSTemporaryDirectory() + "jetway-feed-\(UUID().uuidString)"
        try FileManager.default.copyItem(atPath: Self.fixtures, toPath: folder)
        let store = try AirportStore.open("sqlite::memory:")
        try AirportStore.importFlights(from: folder + "/flights.json", into: store)
        let clock = WallClock(startingAt: try Date("2026-12-02T16:30:00Z", strategy: .iso8601), rate: 0)
        return (folder, FlightBoardModel(store: store, clock: clock))
    }

    func scenario(_ name: String, in folder: String) throws {
        try Data(name.utf8).write(to: URL(fileURLWithPath: folder + "/scenario"))
    }

    func feed(_ folder: String, _ model: FlightBoardModel) -> FlightFeed {
        FlightFeed(
            url: URL(string: "http://feed.invalid/flights.json")!, model: model, session: FeedFixtureProtocol.session(folder: folder),
            timeout: .milliseconds(500))
    }

    @Test func aGoodAnswerChangesWhatDiffersAndSaysSo() async throws {
        let (folder, model) = try setUp()
        try scenario("success", in: folder)
        let feed = feed(folder, model)
        await feed.poll()
        guard case .live(_, let changed) = feed.status.state else {
            Issue.record("not live: \(feed.status.state)")
            return
        }
        #expect(changed == 2)
        let ma101 = try #require(try model.store.find(FlightInformation.self, id: 1))
        #expect(ma101.status == .delayed && ma101.timeDifference == 40)
        #expect(try model.store.find(FlightInformation.self, id: 2)?.gate == "B14")
        #expect(try model.store.find(FlightInformation.self, id: 2)?.previousGate == "B12")
        let history = try model.store.fetch(FlightHistoryEntry.self)
        #expect(Set(history.map(\.who)) == ["feed"])
        // The same answer again changes nothing.
        await feed.poll()
        #expect(feed.status.state == .live(updated: model.clock.now, changed: 0))
        #expect(try model.store.count(FlightHistoryEntry.self) == history.count)
    }

    @Test func eachFailureIsUnavailableWithItsReasonUntilTheFeedRecovers() async throws {
        let (folder, model) = try setUp()
        let feed = feed(folder, model)
        let host = ViewHost(FeedStatusLine(status: feed.status))
        #expect(host.text.contains("waiting"))
        for (name, reason) in [
            ("failing", "the feed answered 503"), ("malformed", "not a flight list"), ("slow", "no answer within 0.5 s"),
        ] {
            try scenario(name, in: folder)
            await feed.poll()
            guard case .unavailable(_, let said) = feed.status.state else {
                Issue.record("\(name): \(feed.status.state)")
                continue
            }
            #expect(said.contains(reason), "\(name): \(said)")
            #expect(await host.settle { $0.text.contains("Flight feed unavailable since") && $0.text.contains(reason) }, "\(name)")
        }
        #expect(try model.store.count(FlightHistoryEntry.self) == 0, "a failed answer changed flights")
        try scenario("success", in: folder)
        await feed.poll()
        #expect(await host.settle { $0.text.contains("Flight feed: live") && $0.text.contains("2 changed now, 2 since the start") })
    }
}
