import Foundation
import Jetway
import JetwayBrowser
import JetwayStore
import MountainAirportViews
import Testing

@testable import JetwayServer

/// One address typing into many pages cannot take the main actor from everyone else: queued
/// values that a later one replaces are answered without a render, and each address and page
/// gets a share of the main actor (docs/security.md, "Fairness").
@MainActor
@Suite(.serialized)
struct FairnessTests {
    @Test func queuedValuesAreAnsweredButOnlyTheLatestIsApplied() {
        func input(_ ref: Int, _ id: String = "2s", _ kind: String = "input") -> ClientMessage {
            .event(ref: ref, id: id, event: kind, payload: .text("\(ref)"))
        }
        let batch: [ClientMessage?] = [
            input(1), input(2), input(3), .event(ref: 4, id: "3c", event: "click", payload: .none), input(5), input(6, "9s"),
            input(7, "9s", "change"), nil, input(8), input(9),
        ]
        #expect(InboundCoalescing.superseded(batch) == [true, true, false, false, false, false, false, false, true, false])
    }

    @Test func anAddressPastItsShareWaitsWhileOthersRun() {
        var shares = MainActorShares(policy: .init(perAddress: 0.25, perSession: 0.5, allowance: .milliseconds(100)))
        let start = ContinuousClock.now
        let busy = [MainActorShares.addressKey("10.0.0.1"), MainActorShares.sessionKey("a")]
        #expect(shares.wait(for: busy, at: start) == nil)
        shares.charge(.milliseconds(200), to: busy, at: start)
        // 100 ms over its allowance at a quarter of real time: 400 ms; its session's is shorter.
        #expect(shares.wait(for: busy, at: start) == .milliseconds(400))
        #expect(shares.wait(for: [MainActorShares.addressKey("10.0.0.2")], at: start) == nil)
        #expect(shares.wait(for: busy, at: start + .milliseconds(400)) == nil)
        #expect(shares.wait(for: busy, at: start + .milliseconds(300)) == .milliseconds(100))
    }

    /// The latest value of a burst that queued while the main actor was busy is the one
    /// rendered; every event is answered, in order.
    @Test func aBurstTypedWhileTheServerWasBusyRendersItsLastText() async throws {
        let server = try TestServer { $0.eventsPerSecond = 1000 }
        defer { server.stop() }
        let page = try await server.get("/").body
        let token = try #require(metaContent("jetway-token", in: page))
        let search = try #require(elementID(containing: "type=\"search\"", in: page))
        let client = try await WebSocketClient.connect(port: server.port, origin: server.base)
        await client.sendText(#"["join","\#(token)","/",0,"test"]"#)
        _ = await client.next(startingWith: "[\"joined\"", timeout: 20)
        let texts = (1...40).map { $0 == 40 ? "zzqx" : ["d", "de", "den", "denv", "denve"][$0 % 5] }
        // The main actor is held while the burst arrives (one write): it queues whole.
        let frames = texts.enumerated().map { #"["e",\#($0.offset + 1),"\#(search)","input","\#($0.element)"]"# }
        let sender = Task.detached { await client.sendTexts(frames) }
        holdTheMainActor(seconds: 0.5)
        await sender.value
        var refs: [Int] = []
        var rendered = 0
        while refs.count < texts.count {
            guard case .text(let reply) = await client.next(timeout: 10) else { break }
            guard let data = reply.data(using: .utf8), let array = try? JSONSerialization.jsonObject(with: data) as? [Any],
                array.first is NSNumber, let ref = array.last as? Int, let ops = array.dropFirst().first as? [Any]
            else { continue }
            refs.append(ref)
            if !ops.isEmpty { rendered += 1 }
        }
        #expect(refs == Array(1...texts.count), "every event answered, in order")
        // One render for the burst; a few more on a machine so loaded that the burst's turn was
        // cut in slices (each renders its own last value).
        #expect(rendered <= 8, "\(rendered) of a queued burst of 40 were rendered")
        #expect(server.server.sessions.coalescedEvents >= 30)
        // The last text, "zzqx", is what the page shows.
        await client.sendText(#"["resync"]"#)
        guard case .text(let full) = await client.next(startingWith: "[\"sync\"", timeout: 10) else {
            Issue.record("no page")
            return
        }
        #expect(full.contains("0 flights"), "the page does not show the last search")
    }

    /// Twenty board pages from one address type searches at 55 keys a second each (under the
    /// rate limit); a bystander's page load and search round trip are measured idle and under
    /// it, in the same run.
    @Test func twentyTypingPagesLeaveABystanderItsPageAndItsSearch() async throws {
        // The airport as `make run` serves it: a day of 1,200 flights, the board showing the
        // next 50 and every search going through the whole day.
        let noon = Calendar.current.startOfDay(for: Date()).addingTimeInterval(12 * 3600)
        let store = try AirportStore.open("sqlite::memory:")
        try AirportStore.seedIfEmpty(store, day: noon, timeZone: FlightBoardModel.airportTimeZone)
        let model = FlightBoardModel(store: store, timeZone: FlightBoardModel.airportTimeZone, clock: WallClock(startingAt: noon, rate: 0))
        let server = try TestServer(model: model)
        defer { server.stop() }
        let port = server.port

        let findField: @Sendable (String) -> String? = { elementID(containing: "type=\"search\"", in: $0) }
        let bystander = try await BoardVisitor.open(from: "127.0.0.3", port: port, field: findField)
        let idle = await bystander.measure()

        var typists: [(WebSocketClient, String)] = []
        for _ in 0..<20 {
            let page = try await BoardVisitor.open(from: "127.0.0.2", port: port, field: findField)
            typists.append((page.client, page.field))
        }
        // The typists run on a thread of their own, as browsers on other machines would.
        let typing = TypingPages(typists)
        typing.start()
        try await Task.sleep(for: .seconds(2))
        let attacked = await bystander.measure()
        typing.stop()
        let coalesced = server.server.sessions.coalescedEvents
        print("fairness: typists sent \(typing.sent) events")
        print(
            "fairness: bystander page load \(ms(idle.load)) idle, \(ms(attacked.load)) under 20 typing pages; search round trip \(ms(idle.search)) idle, \(ms(attacked.search)) under them; \(coalesced) events coalesced"
        )
        // Within three times idle (or 30 ms more, below which a loaded two-core machine's
        // scheduling is the noise, not the server).
        #expect(attacked.load <= max(3 * idle.load, idle.load + 0.03), "page load \(ms(idle.load)) → \(ms(attacked.load))")
        #expect(attacked.search <= max(3 * idle.search, idle.search + 0.03), "search \(ms(idle.search)) → \(ms(attacked.search))")
    }

    /// Keeps the main actor busy (as a long render would), without suspending.
    func holdTheMainActor(seconds: Double) {
        Thread.sleep(forTimeInterval: seconds)
    }

    func ms(_ seconds: Double) -> String { String(format: "%.1f ms", seconds * 1000) }
}
