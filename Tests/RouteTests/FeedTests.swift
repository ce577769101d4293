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

/// The fixtures' own format: a canned HTTP answer read strictly, with a clear reason for what
/// it cannot read (the feed shows that reason, so a broken fixture is never a silent success).
@Suite struct FeedFixtureTests {
    func folder(_ files: [String: String]) throws -> String {
        let folder = NSTemporaryDirectory() + "jetway-fixture-\(UUID().uuidString)"
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        for (name, text) in files { try Data(text.utf8).write(to: URL(fileURLWithPath: folder + "/" + name)) }
        return folder
    }

    @Test func cannedAnswersAreReadAsOnTheWire() throws {
        let dir = try folder([
            "ok.json": "[]", "down.http": "HTTP/1.1 503 Service Unavailable\r\nRetry-After: 60\r\n\r\n{\"error\":\"x\"}",
            "late.http": "HTTP/1.1 200 OK\nX-Fixture-Delay: 2.5\nX-Fixture-Body: ok.json\n\n",
        ])
        #expect(try FeedFixtureProtocol.fixture("ok", in: dir).get() == .init(body: Data("[]".utf8)))
        let down = try FeedFixtureProtocol.fixture("down", in: dir).get()
        #expect(down.status == 503 && down.headers == ["Retry-After": "60"] && down.body == Data("{\"error\":\"x\"}".utf8))
        let late = try FeedFixtureProtocol.fixture("late", in: dir).get()
        #expect(late.status == 200 && late.delay == 2.5 && late.body == Data("[]".utf8) && late.headers.isEmpty)
        // The repository's own fixtures, each scenario the tests use.
        let shipped = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .appendingPathComponent("Fixtures/feed").path
        let answers = try ["success", "slow", "failing", "malformed", ""].map { try FeedFixtureProtocol.fixture($0, in: shipped).get() }
        #expect(answers.map(\.status) == [200, 200, 503, 200, 200])
        #expect(answers[1].delay == 60 && answers[1].body == answers[0].body && !answers[0].body.isEmpty)
    }

    @Test(arguments: [
        ("nothing", "no fixture nothing.http or nothing.json"), ("../etc", "not a fixture's name"),
        ("noline", "does not start with a status line"), ("badheader", "is not a header"),
        ("baddelay", "X-Fixture-Delay soon is not a number"), ("badbody", "X-Fixture-Body names ../x"),
    ])
    func aBrokenFixtureSaysWhy(_ scenario: String, _ reason: String) throws {
        let dir = try folder([
            "noline.http": "200 OK\n\n", "badheader.http": "HTTP/1.1 200 OK\nno colon here\n\n",
            "baddelay.http": "HTTP/1.1 200 OK\nX-Fixture-Delay: soon\n\n", "badbody.http": "HTTP/1.1 200 OK\nX-Fixture-Body: ../x\n\n",
        ])
        guard case .failure(let error) = FeedFixtureProtocol.fixture(scenario, in: dir) else {
            Issue.record("\(scenario) was read")
            return
        }
        #expect(error.description.contains(reason), "\(error)")
    }
}
