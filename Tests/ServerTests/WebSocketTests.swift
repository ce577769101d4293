import Foundation
import Jetway
import JetwayBrowser
import JetwayTesting
import Testing

@testable import JetwayServer

@MainActor
@Suite(.serialized)
struct WebSocketTests {
    /// Loads the page, opens its websocket and joins.
    func joined(_ server: TestServer) async throws -> (client: any PageSocket, page: String) {
        let page = try await server.get("/").body
        let token = try #require(metaContent("jetway-token", in: page))
        let client = try await server.pageSocket()
        if let socket = client as? WebSocketClient { #expect(socket.upgradeStatus == 101) }
        await client.sendText(#"["join","\#(token)","/",0,"test"]"#)
        #expect(await client.next() == .text("[\"joined\",0]"))
        return (client, page)
    }

    @Test func eventsProducePatchesTaggedWithTheirRef() async throws {
        let server = try TestServer(transport: .memory)
        defer { server.stop() }
        let (client, page) = try await joined(server)
        let search = try #require(elementID(containing: "type=\"search\"", in: page))
        await client.sendText(#"["e",7,"\#(search)","input","denver"]"#)
        guard case .text(let patch) = await client.next() else { Issue.record("no patch"); return }
        #expect(patch.hasPrefix("[1,[") && patch.hasSuffix(",7]"))
        #expect(patch.contains(#"["d","#), "the rows the search hides leave the list's window (the browser keeps them)")
        #expect(patch.contains(#"["t","#) && patch.contains("4 flights"))
    }

    @Test func socketsAreServedOnTheEpollLoopNotPoll() async throws {
        // With poll(), every pass visits every open socket: a thousand idle pages cost more than
        // a keystroke's render. Debian's libwebsockets-dev brings the libev plugin.
        let server = try TestServer()
        defer { server.stop() }
        #expect(server.server.eventLoop == "libev")
        let (client, _) = try await joined(server)
        await client.sendText(#"["ping",7]"#)
        #expect(isPong(await client.next(), 7))
    }

    @Test func pingIsAnswered() async throws {
        let server = try TestServer(transport: .memory)
        defer { server.stop() }
        let (client, _) = try await joined(server)
        await client.sendText(#"["ping",42]"#)
        #expect(isPong(await client.next(), 42))
    }

    @Test func forgedTokensAreRefused() async throws {
        let server = try TestServer(transport: .memory)
        defer { server.stop() }
        let page = try await server.get("/").body
        var token = Array(try #require(metaContent("jetway-token", in: page)))
        let position = token.count - 10
        token[position] = token[position] == "A" ? "B" : "A"
        let client = try await server.pageSocket()
        await client.sendText(#"["join","\#(String(token))","/",0,"test"]"#)
        guard case .text(let error) = await client.next() else { Issue.record("no error"); return }
        #expect(error.contains("signature"))
        #expect(await client.next() == .close(code: 1008))
    }

    @Test func tokensBindToTheirRouteAndExpire() throws {
        let secret = TestServer.secret
        let token = SessionToken.sign(SessionToken(sessionID: SessionToken.newSessionID(), issuedAt: Date(), path: "/"), secret: secret)
        #expect(throws: SessionToken.Failure.badSignature) {
            try SessionToken.verify(token, path: "/flights/1", secret: secret, lifetime: 60)
        }
        #expect(throws: SessionToken.Failure.badSignature) {
            try SessionToken.verify(token, path: "/", secret: Array("another secret!!".utf8), lifetime: 60)
        }
        #expect(throws: SessionToken.Failure.expired) {
            try SessionToken.verify(token, path: "/", secret: secret, lifetime: 60, now: Date().addingTimeInterval(120))
        }
        #expect(throws: SessionToken.Failure.malformed) { try SessionToken.verify("abc", path: "/", secret: secret, lifetime: 60) }
        // The last character of the MAC carries unused bits: a variant that decodes the same is refused.
        let last = token.last!
        let variant = String(token.dropLast()) + (last == "A" ? "B" : last == "B" ? "A" : "A")
        #expect(throws: SessionToken.Failure.self) { try SessionToken.verify(variant, path: "/", secret: secret, lifetime: 60) }
        #expect(try SessionToken.verify(token, path: "/", secret: secret, lifetime: 60).path == "/")
    }

    @Test func crossOriginUpgradesAreRefused() async throws {
        let server = try TestServer()
        defer { server.stop() }
        let evil = try await WebSocketClient.connect(port: server.port, origin: "http://evil.example")
        #expect(evil.upgradeStatus != 101)
        let none = try await WebSocketClient.connect(port: server.port, origin: nil)
        #expect(none.upgradeStatus != 101)
    }

    @Test func malformedMessagesAreAnsweredAndTheSessionStaysUsable() async throws {
        let server = try TestServer(transport: .memory)
        defer { server.stop() }
        let (client, page) = try await joined(server)
        for bad in [
            "not json", "{}", "[]", #"["e","x"]"#, #"["e",1,"zzzzz","click",null]"#, #"["e",2,"1","explode",null]"#,
            #"["e",3,"1","click",{"a":1}]"#,
        ] {
            await client.sendText(bad)
            guard case .text(let reply) = await client.next() else { Issue.record("no reply to \(bad)"); return }
            #expect(reply.hasPrefix("[\"err\""), "reply to \(bad): \(reply)")
        }
        let search = try #require(elementID(containing: "type=\"search\"", in: page))
        await client.sendText(#"["e",9,"\#(search)","input","boston"]"#)
        guard case .text(let patch) = await client.next(startingWith: "[1,") else { Issue.record("no patch"); return }
        #expect(patch.hasSuffix(",9]"))
    }

    @Test func floodsAreRateLimited() async throws {
        let server = try TestServer {
            $0.eventsPerSecond = 5
            $0.maxViolations = 1000
        }
        defer { server.stop() }
        // 40 events in one write arrive within milliseconds. The bucket counts from each
        // message's arrival, so however late the shared main actor handles them, a burst of 10
        // passes and the rest are refused (an arrival spread of up to a second is allowed for).
        let (client, page) = try await joined(server)
        let search = try #require(elementID(containing: "type=\"search\"", in: page))
        await client.sendTexts((1...40).map { #"["e",\#($0),"\#(search)","input","x\#($0)"]"# })
        var limited = 0
        var answered = 0
        for _ in 0..<40 {
            guard case .text(let reply) = await client.next(timeout: 10) else { break }
            answered += 1
            if reply.contains("slow down") { limited += 1 }
        }
        #expect(answered == 40)
        #expect(limited >= 25 && limited <= 30, "\(limited) of 40 limited")
    }

    /// Forty GeometryReaders, as a grid of cards has.
    struct Readers: View {
        var body: some View {
            VStack {
                ForEach(0..<40, id: \.self) { index in
                    GeometryReader { geometry in Text("cell \(index): \(Int(geometry.size.width))") }
                }
            }
        }
    }

    /// A frame's sizes come as one `sizes` message: every reader takes its size, one patch
    /// answers them all, and the rate limit
    /// counts each started 16 sizes as one event (at 2 a second, a burst of 4: the first 40
    /// sizes pass, the next 40 at once do not).
    @Test func aFramesSizesAreAppliedTogetherByOnePatch() async throws {
        let app = JetwayApp(title: "Readers", routes: [Route("/") { _ in Readers() }])
        let server = try TestServer(app: app, transport: .memory) {
            $0.eventsPerSecond = 2
            $0.maxViolations = 1000
        }
        defer { server.stop() }
        let (client, page) = try await joined(server)
        let readers = try (0..<40).map { index in try #require(elementID(containing: "data-geometry=\"\(index)\"", in: page)) }
        let sizes = readers.enumerated().map { #"["\#($0.element)",\#(200 + $0.offset),50,0,\#($0.offset * 50)]"# }
        await client.sendText(#"["sizes",1,"# + sizes.joined(separator: ",") + "]")
        guard case .text(let patch) = await client.next(timeout: 10) else {
            Issue.record("no patch answered the sizes")
            return
        }
        #expect(patch.hasSuffix(",1]"), "\(patch)")
        for index in [0, 17, 39] { #expect(patch.contains("cell \(index): \(200 + index)"), "\(patch)") }
        await client.sendText(#"["sizes",2,"# + sizes.joined(separator: ",") + "]")
        guard case .text(let refused) = await client.next(timeout: 10) else {
            Issue.record("the second sizes were not answered")
            return
        }
        #expect(refused.contains("slow down"), "\(refused)")
    }

    @Test func theBucketCountsFromArrivalNotFromHandling() {
        let bucket = TokenBucket(rate: 5)
        let start = ContinuousClock.now
        // Ten at once pass (two seconds' worth), the eleventh does not.
        #expect((0..<11).map { _ in bucket.take(at: start) } == Array(repeating: true, count: 10) + [false])
        // Events that arrived a second apart are allowed by their arrival, even when all are
        // handled later at once.
        let later = start + .seconds(1)
        #expect((0..<5).map { _ in bucket.take(at: later) } == Array(repeating: true, count: 5))
        #expect(!bucket.take(at: later))
        // One that arrived earlier (another connection's join, handled late) refills nothing.
        #expect(!bucket.take(at: start + .milliseconds(500)))
        #expect(bucket.take(at: later + .milliseconds(200)))
        // The refill stops at the burst.
        let muchLater = later + .seconds(60)
        #expect((0..<11).map { _ in bucket.take(at: muchLater) }.filter { $0 }.count == 10)
    }

    @Test func aConnectionsMessagesAreHandledInTheOrderTheyArrived() async throws {
        let server = try TestServer(transport: .memory) { $0.eventsPerSecond = 100_000 }
        defer { server.stop() }
        let (client, page) = try await joined(server)
        let search = try #require(elementID(containing: "type=\"search\"", in: page))
        let texts = (1...120).map { ["denver", "boston", "", "seattle"][$0 % 4] + String(repeating: " ", count: $0 % 3) }
        for (index, text) in texts.enumerated() { await client.sendText(#"["e",\#(index + 1),"\#(search)","input","\#(text)"]"#) }
        var refs: [Int] = []
        while refs.count < texts.count {
            guard case .text(let reply) = await client.next(timeout: 5) else { break }
            guard let data = reply.data(using: .utf8), let array = try? JSONSerialization.jsonObject(with: data) as? [Any],
                array.first is NSNumber, let ref = array.last as? Int
            else { continue }
            refs.append(ref)
        }
        #expect(refs == Array(1...texts.count), "replies came back out of order or went missing")
    }

    @Test func repeatedViolationsCloseWith1008() async throws {
        let server = try TestServer(transport: .memory) { $0.maxViolations = 3 }
        defer { server.stop() }
        let (client, _) = try await joined(server)
        for _ in 0..<3 { await client.sendText("nonsense") }
        var frame = await client.next()
        while case .text = frame { frame = await client.next() }
        #expect(frame == .close(code: 1008))
    }

    /// A click on what a patch has just taken off the page (the user's honest race) is answered
    /// with an empty patch, counted apart, and never held against the connection; an id the
    /// page never had still is.
    @Test func eventsForElementsThatJustLeftAreDroppedQuietly() async throws {
        let server = try TestServer(transport: .memory) {
            $0.maxViolations = 3
            $0.apiTokens = ["stats-token"]
        }
        defer { server.stop() }
        let (client, page) = try await joined(server)
        let search = try #require(elementID(containing: "type=\"search\"", in: page))
        let row = try #require(elementID(containing: "jw-navlink", in: page))
        await client.sendText(#"["e",1,"\#(search)","input","zzqx"]"#)
        guard case .text(let patch) = await client.next() else { Issue.record("no patch"); return }
        #expect(patch.contains("\"\(row)\"") || patch.contains("0 flights"), "the rows left: \(patch.prefix(200))")
        for ref in 2...7 {
            await client.sendText(#"["e",\#(ref),"\#(row)","click",null]"#)
            #expect(
                await client.next() == .text("[\(patch.dropFirst().prefix { $0 != "," }),[],\(ref)]"), "the departed row's click \(ref)")
        }
        await client.sendText(#"["ping",8]"#)
        #expect(isPong(await client.next(), 8), "the socket stays open")
        let stats = try await server.get("/_jetway/stats", headers: ["Authorization": "Bearer stats-token"]).body
        #expect(stats.contains("\"departed_events\":6"), "\(stats)")
        // An id the page never gave out is bad input, as before.
        for ref in 9...11 { await client.sendText(#"["e",\#(ref),"zzzzzz","click",null]"#) }
        var frame = await client.next()
        while case .text = frame { frame = await client.next() }
        #expect(frame == .close(code: 1008))
    }

    @Test func oversizeMessagesCloseWith1009() async throws {
        let server = try TestServer { $0.maxMessageBytes = 1024 }
        defer { server.stop() }
        let (client, _) = try await joined(server)
        await client.sendText("[\"ping\",\"" + String(repeating: "x", count: 4000) + "\"]")
        #expect(await client.next() == .close(code: 1009))
    }

    @Test func aMessageLongerThanTheReceiveBufferArrivesWhole() async throws {
        // lws hands over a frame longer than its 4 KB receive buffer in pieces.
        let server = try TestServer()
        defer { server.stop() }
        let (client, page) = try await joined(server)
        let search = try #require(elementID(containing: "type=\"search\"", in: page))
        let pasted = String(repeating: "a long pasted text ", count: 1600)  // 30,400 bytes
        await client.sendText(#"["e",7,"\#(search)","input","\#(pasted)"]"#)
        guard case .text(let reply) = await client.next(startingWith: "[1,") else { Issue.record("no patch"); return }
        #expect(reply.hasSuffix(",7]"))
        #expect(reply.contains(pasted), "the field's value comes back whole in the patch")
    }

    @Test func aRestartedServerRemountsThePageFromItsToken() async throws {
        let port = TestServer.freePort()
        var server = try TestServer(port: port)
        let page = try await server.get("/").body
        let token = try #require(metaContent("jetway-token", in: page))
        server.stop()
        server = try TestServer(port: port)
        defer { server.stop() }
        let client = try await WebSocketClient.connect(port: port, origin: server.base)
        await client.sendText(#"["join","\#(token)","/",0,"test"]"#)
        guard case .text(let sync) = await client.next() else { Issue.record("no sync"); return }
        #expect(sync.hasPrefix("[\"sync\",0,true,"))
        #expect(sync.contains("Mountain Air MA100"))
    }

    struct QueryPage: View {
        let words: String
        var body: some View { Text("Showing \(words)") }
    }

    @Test func aRemountedPageKeepsItsQuery() async throws {
        let port = TestServer.freePort()
        let app = JetwayApp(title: "Query", routes: [Route("/find") { match in QueryPage(words: match.query["q"] ?? "nothing") }])
        var server = try TestServer(port: port, app: app)
        let page = try await server.get("/find?q=gate%20B12").body
        #expect(page.contains("Showing gate B12"))
        let token = try #require(metaContent("jetway-token", in: page))
        server.stop()
        server = try TestServer(port: port, app: app)
        defer { server.stop() }
        let client = try await WebSocketClient.connect(port: port, origin: server.base)
        // As the runtime sends it: the page's own query, from `location.search`.
        await client.sendText(#"["join","\#(token)","/find",0,"test","q=gate%20B12"]"#)
        guard case .text(let sync) = await client.next() else { Issue.record("no sync"); return }
        #expect(sync.hasPrefix("[\"sync\",0,true,") && sync.contains("Showing gate B12"), "\(sync.prefix(200))")
    }

    @Test func aNewBuildAsksThePageToReload() async throws {
        let server = try TestServer(transport: .memory)
        defer { server.stop() }
        let page = try await server.get("/").body
        let token = try #require(metaContent("jetway-token", in: page))
        let client = try await server.pageSocket()
        await client.sendText(#"["join","\#(token)","/",0,"old-build"]"#)
        #expect(await client.next() == .text("[\"reload\"]"))
    }

    @Test func reconnectingWithinTheGraceResumesTheSameSession() async throws {
        let server = try TestServer(transport: .memory)
        defer { server.stop() }
        let (first, page) = try await joined(server)
        let token = try #require(metaContent("jetway-token", in: page))
        let search = try #require(elementID(containing: "type=\"search\"", in: page))
        await first.sendText(#"["e",1,"\#(search)","input","seattle"]"#)
        _ = await first.next()
        let second = try await server.pageSocket()
        await second.sendText(#"["join","\#(token)","/",0,"test"]"#)
        guard case .text(let resumed) = await second.next() else { Issue.record("no patch"); return }
        // The same session: the client at version 0 gets the one patch it lacks (the search).
        #expect(resumed.hasPrefix("[1,"))
        #expect(resumed.contains(#"["a","\#(search)","value","seattle"]"#))
        #expect(await second.next() == .text("[\"joined\",1,1]"))
        #expect(await first.next() == .close(code: 4000))
    }

    @Test func aResumingClientGetsOnlyThePatchesItMissed() async throws {
        let server = try TestServer(transport: .memory)
        defer { server.stop() }
        let (first, page) = try await joined(server)
        let token = try #require(metaContent("jetway-token", in: page))
        let search = try #require(elementID(containing: "type=\"search\"", in: page))
        await first.sendText(#"["e",1,"\#(search)","input","denver"]"#)
        guard case .text(let patch1) = await first.next() else { Issue.record("no patch"); return }
        #expect(patch1.hasPrefix("[1,"))
        // The client has version 1; while it is away the shared model changes twice.
        let gone = try #require(server.server.sessions.attachedConnections.first)
        gone.markClosed()
        server.server.sessions.closed(gone)
        let denverIndex = try #require(server.model.flights.firstIndex { $0.otherAirport == "Denver" })
        // Each change is delivered by the store and rendered before the next.
        try server.model.modify(server.model.flights[denverIndex].id) { $0.status = .cancelled }
        server.model.store.deliverChanges()
        try await server.settle()
        try server.model.modify(server.model.flights[denverIndex].id) { $0.status = .delayed }
        server.model.store.deliverChanges()
        try await server.settle()
        let second = try await server.pageSocket()
        await second.sendText(#"["join","\#(token)","/",1,"test"]"#)
        guard case .text(let missed1) = await second.next(), case .text(let missed2) = await second.next() else {
            Issue.record("no patches")
            return
        }
        #expect(missed1.hasPrefix("[2,") && missed1.contains("Cancelled"))
        #expect(missed2.hasPrefix("[3,") && missed2.contains("Delayed"), "\(missed2.prefix(300))")
        // The last event it had answered (its ref 1), in case that answer was lost with the socket.
        #expect(await second.next() == .text("[\"joined\",3,1]"))
    }

    @Test func twoSessionsNeverSeeEachOthersState() async throws {
        let server = try TestServer(transport: .memory)
        defer { server.stop() }
        let (alice, alicePage) = try await joined(server)
        let (bob, _) = try await joined(server)
        let search = try #require(elementID(containing: "type=\"search\"", in: alicePage))
        await alice.sendText(#"["e",1,"\#(search)","input","denver"]"#)
        _ = await alice.next()
        await bob.sendText(#"["ping",1]"#)
        #expect(isPong(await bob.next(), 1))
        #expect(server.server.sessions.sessionCount == 2)
    }

    @MainActor @Observable final class Notice {
        var text = "short"
        var count = 0
    }

    struct NoticePage: View {
        let notice: Notice
        var body: some View {
            VStack {
                Text(notice.text)
                Text("\(notice.count)")
            }
        }
    }

    @Test func aMessageTheSocketCannotTakeAtOnceIsFollowedInOrder() async throws {
        // Patches are written as soon as they are ready unless lws still holds the rest of an
        // earlier one: then they wait their turn. A 12 MB patch to a client that is not reading
        // is more than the socket takes at once.
        let notice = Notice()
        let server = try TestServer(app: JetwayApp(title: "Notice", routes: [Route("/") { _ in NoticePage(notice: notice) }])) {
            $0.maxQueuedBytes = 32 << 20
        }
        defer { server.stop() }
        let (client, _) = try await joined(server)
        let big = String(repeating: "0123456789abcdef", count: 768 << 10)
        notice.text = big
        try await Task.sleep(for: .milliseconds(100))
        for count in 1...5 {
            notice.count = count
            try await Task.sleep(for: .milliseconds(20))
        }
        try await Task.sleep(for: .milliseconds(300))
        var versions: [Int] = []
        var sawBig = false
        for _ in 0..<6 {
            guard case .text(let frame) = await client.next(timeout: 5) else { Issue.record("a patch did not come"); return }
            guard case .patch(let version, let ops, _) = try ServerFrame(decoding: frame) else {
                Issue.record("not a patch: \(frame.prefix(80))")
                return
            }
            versions.append(Int(version))
            if versions.count == 1 { sawBig = ops.contains { if case .setText(_, let text) = $0 { text == big } else { false } } }
        }
        #expect(sawBig, "the 12 MB patch came first, whole")
        #expect(versions == Array(versions[0]..<versions[0] + 6), "in order: \(versions)")
    }

    @Test func aSlowReaderCollapsesIntoOneResync() async throws {
        let server = try TestServer { $0.maxQueuedBytes = 4000 }
        defer { server.stop() }
        let (client, _) = try await joined(server)
        // A model change reaches the session while its queue is over the cap.
        let connection = try #require(server.server.sessions.attachedConnections.first)
        // Queued but not written (no wake): the client has stopped reading.
        #expect(connection.send(Array("[\"filler\"]".utf8) + Array(repeating: 0x20, count: 3985)))
        try server.model.modify(server.model.flights[0].id) { $0.status = .cancelled }
        try await Task.sleep(for: .milliseconds(50))
        var sawSync = false
        for _ in 0..<3 {
            if case .text(let text) = await client.next(timeout: 2), text.hasPrefix("[\"sync\"") { sawSync = true; break }
        }
        #expect(sawSync)
        #expect(connection.queuedBytes == 0)
    }
}
