import Foundation
import Jetway
import MountainAirportViews
import Testing

@testable import JetwayServer

/// The session lifecycle without sockets or sleeping (`InMemoryTransport`): join, events and
/// their patches, a resume with what was missed, token renewal, expiry and unmounting, and a
/// kiosk page kept seven simulated days through a network cut and a restart.
@MainActor
@Suite(.serialized)
struct InMemorySessionTests {
    @MainActor @Observable final class Notice {
        var text = "All flights on time"
        var appeared = 0
        var disappeared = 0
    }

    struct Counter: View {
        let notice: Notice
        @State private var taps = 0
        var body: some View {
            VStack {
                Text(notice.text)
                Button("Tapped \(taps)") { taps += 1 }
            }
            .onAppear { notice.appeared += 1 }
            .onDisappear { notice.disappeared += 1 }
        }
    }

    func memory(_ notice: Notice, configure: (inout ServerConfiguration) -> Void = { _ in }) throws -> InMemoryTransport {
        var configuration = ServerConfiguration()
        configuration.secret = TestServer.secret
        configuration.dataDirectory = NSTemporaryDirectory() + "jetway-memory-\(UUID().uuidString)"
        configuration.buildID = "test"
        configure(&configuration)
        return try InMemoryTransport(
            app: JetwayApp(title: "Memory", routes: [Route("/") { _ in Counter(notice: notice) }]), configuration: configuration)
    }

    /// The `[version, ops, ref]` frames among `frames`.
    func patches(_ frames: [String]) -> [String] { frames.filter { if case .patch? = decoded($0) { true } else { false } } }

    @Test func aJoinAnEventAndItsPatchWithoutASocket() throws {
        let notice = Notice()
        let memory = try memory(notice)
        let page = memory.get("/")
        #expect(page.status == 200 && page.html.contains("Tapped 0"))
        let socket = memory.connect()
        socket.send(page.joinMessage(build: "test"))
        #expect(socket.receive() == ["[\"joined\",\(page.version)]"])
        let button = try #require(elementID(containing: "jw-button", in: page.html))
        socket.send(#"["e",7,"\#(button)","click",null]"#)
        let answer = socket.receive()
        #expect(answer.count == 1 && answer.first?.contains("Tapped 1") == true && answer.first?.hasSuffix(",7]") == true, "\(answer)")
        // A bad message is answered, not fatal.
        socket.send("not json")
        #expect(socket.receive().first.flatMap { message("err", in: $0) } != nil)
        #expect(memory.sessionCount == 1)
    }

    @Test func aPageThatWasAwayResumesWithWhatItMissed() throws {
        let notice = Notice()
        let memory = try memory(notice)
        let page = memory.get("/")
        var socket = memory.connect()
        socket.send(page.joinMessage(build: "test"))
        _ = socket.receive()
        socket.disconnect()
        notice.text = "Gate change for MA100"
        memory.flush()
        socket = memory.connect()
        socket.send(page.joinMessage(build: "test"))
        let back = socket.receive()
        #expect(patches(back).count == 1 && patches(back)[0].contains("Gate change for MA100"), "\(back)")
        #expect(back.last.flatMap { message("joined", in: $0) } != nil)
        // A join with a token that does not verify is refused and closed.
        let stranger = memory.connect()
        stranger.send(#"["join","forged.token","/",0,"test"]"#)
        #expect(stranger.receive().first.flatMap { message("err", in: $0) } != nil)
        #expect(stranger.closed?.code == 1008)
    }

    @Test func tokensAreRenewedAndAPageThatIsGoneIsUnmounted() throws {
        let notice = Notice()
        let memory = try memory(notice) {
            $0.tokenLifetime = 24 * 3600
            $0.sessionGrace = 60
        }
        let page = memory.get("/")
        let socket = memory.connect()
        socket.send(page.joinMessage(build: "test"))
        _ = socket.receive()
        #expect(notice.appeared == 1)
        memory.advance(by: 11 * 3600)
        #expect(socket.receive().isEmpty, "no new token before half its life")
        memory.advance(by: 2 * 3600)
        let renewed = socket.receive()
        #expect(renewed.count == 1 && message("token", in: renewed[0]) != nil, "\(renewed)")
        // The socket closes; within its grace the page is kept, after it the page is unmounted.
        socket.disconnect()
        memory.advance(by: 30)
        #expect(memory.sessionCount == 1 && notice.disappeared == 0)
        memory.advance(by: 60)
        #expect(memory.sessionCount == 0)
        #expect(notice.disappeared == 1, "onDisappear ran once the page was gone")
    }

    /// jetway.js's side of the protocol: the latest token, and the frames that came.
    @MainActor final class Kiosk {
        var token: String
        var socket: InMemorySocket
        init(token: String, socket: InMemorySocket) {
            self.token = token
            self.socket = socket
        }

        func drain() -> [String] {
            let frames = socket.receive()
            for frame in frames {
                if case .token(let renewed)? = message("token", in: frame) { token = renewed }
            }
            return frames
        }

        func join(_ memory: InMemoryTransport, version: String) {
            socket = memory.connect()
            socket.send(#"["join","\#(token)","/gate/A1",\#(version),"test"]"#)
        }
    }

    @Test func aKioskPageStaysLiveForSevenSimulatedDays() throws {
        let model = FlightBoardModel()
        var configuration = ServerConfiguration()
        configuration.secret = TestServer.secret
        configuration.dataDirectory = NSTemporaryDirectory() + "jetway-memory-\(UUID().uuidString)"
        configuration.buildID = "test"
        configuration.tokenLifetime = 24 * 3600
        configuration.sessionGrace = 60
        let start = Date()
        var memory = try InMemoryTransport(app: MountainAirportApp.make(model: model), configuration: configuration, now: start)
        let page = memory.get("/gate/A1")
        let kiosk = Kiosk(token: try #require(page.token), socket: memory.connect())
        kiosk.join(memory, version: page.version)
        #expect(kiosk.drain().contains { message("joined", in: $0) != nil })

        // Days 0–2, connected: the token is renewed before it could expire.
        var renewals = 0
        for _ in 0..<8 {
            memory.advance(by: 6 * 3600)
            if kiosk.drain().contains(where: { message("token", in: $0) != nil }) { renewals += 1 }
        }
        #expect(renewals >= 3, "a page connected for two days got \(renewals) new tokens")

        // Day 2: the network is gone for an hour; the session is dropped meanwhile.
        kiosk.socket.disconnect()
        memory.advance(by: 3600)
        #expect(memory.sessionCount == 0)
        // Past a day since the last renewal the token has expired; it still brings the page back.
        memory.advance(by: 30 * 3600)
        kiosk.join(memory, version: "0")
        let back = kiosk.drain()
        #expect(
            back.contains { if case .sync(_, true, _, _, _)? = message("sync", in: $0) { true } else { false } },
            "re-mounted: \(back.map { $0.prefix(40) })")
        #expect(back.contains { message("token", in: $0) != nil }, "a re-mounted page gets a token it can use")

        // Day 5: the server restarts (same secret and data folder): the page comes back itself.
        for _ in 0..<6 {
            memory.advance(by: 6 * 3600)
            _ = kiosk.drain()
        }
        let now = memory.now
        memory.stop()
        memory = try InMemoryTransport(app: MountainAirportApp.make(model: model), configuration: configuration, now: now)
        kiosk.join(memory, version: "0")
        #expect(kiosk.drain().contains { message("sync", in: $0) != nil })

        // Day 7: still live — a change in the model reaches the page.
        for _ in 0..<9 {
            memory.advance(by: 6 * 3600)
            _ = kiosk.drain()
        }
        #expect(memory.now.timeIntervalSince(start) >= 7 * 24 * 3600)
        let index = try #require(model.flights.firstIndex { $0.gate == "A1" })
        try model.modify(model.flights[index].id) { $0.status = .delayed }
        model.store.deliverChanges()
        memory.flush()
        let patches = patches(kiosk.drain())
        #expect(patches.contains { $0.contains("Delayed") }, "the page missed the change on day 7: \(patches.map { $0.prefix(60) })")
    }
}

/// A widget whose data source answers with its own page's text.
private struct SecretWidget: HTMLElementRepresentable {
    var secret: String
    final class Coordinator: WidgetDataSource {
        var secret = ""
        func widget(_ widget: Widget, answer request: String, _ payload: JSONValue) throws -> JSONValue { .string(secret) }
    }
    func makeCoordinator() -> Coordinator { Coordinator() }
    func makeElement(context: Context) -> Widget { Widget("secret") }
    func updateElement(_ widget: Widget, context: Context) {
        widget.dataSource = context.coordinator
        context.coordinator.secret = secret
    }
}

private struct SecretPage: View {
    @State private var secret = ""
    var body: some View {
        VStack {
            TextField("Secret", text: $secret)
            SecretWidget(secret: secret)
        }
    }
}

extension InMemorySessionTests {
    /// Two pages with the same element ids: each widget request reaches its own page's
    /// coordinator, never the other's.
    @Test func aWidgetRequestReachesOnlyItsOwnSessionsCoordinator() throws {
        var configuration = ServerConfiguration()
        configuration.secret = TestServer.secret
        configuration.dataDirectory = NSTemporaryDirectory() + "jetway-memory-\(UUID().uuidString)"
        configuration.buildID = "test"
        let memory = try InMemoryTransport(
            app: JetwayApp(title: "Secrets", routes: [Route("/") { _ in SecretPage() }]), configuration: configuration)
        let pages = [memory.get("/"), memory.get("/")]
        let sockets = pages.map { page in
            let socket = memory.connect()
            socket.send(page.joinMessage(build: "test"))
            _ = socket.receive()
            return socket
        }
        let field = try #require(elementID(containing: "<input", in: pages[0].html))
        let widget = try #require(elementID(containing: "data-widget", in: pages[0].html))
        #expect(elementID(containing: "data-widget", in: pages[1].html) == widget, "the pages should share their ids")
        for (index, socket) in sockets.enumerated() {
            socket.send(#"["e",1,"\#(field)","input","secret of \#(index)"]"#)
            _ = socket.receive()
        }
        for (index, socket) in sockets.enumerated() {
            socket.send(#"["e",2,"\#(widget)","request",["secret","null"]]"#)
            let frames = socket.receive()
            #expect(frames.first == #"["ans",2,"\"secret of \#(index)\""]"#, "page \(index): \(frames)")
        }
        // An element the page does not have is refused, not looked up elsewhere.
        sockets[0].send(#"["e",3,"zz","request",["secret","null"]]"#)
        #expect(sockets[0].receive().first?.hasPrefix(#"["err",3,"#) == true)
    }
}
