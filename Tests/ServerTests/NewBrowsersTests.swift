import Foundation
import Jetway
import JetwayBrowser
import JetwayTesting
import Testing

@testable import JetwayServer

/// New browsers share one rendering of a page that reads the device (an airport board with
/// the browser's starred flights): nothing belongs to a device made for this request, so the
/// page is the same for all of them. Each browser's events still run for its own device, and
/// nothing one browser does reaches another's page.
@MainActor
@Suite(.serialized)
struct NewBrowsersTests {
    @MainActor @Observable final class Stars {
        var byDevice: [String: [String]] = [:]
    }

    /// The browser's stars and a button that stars a gate for this browser.
    struct StarsPage: View {
        let stars: Stars
        @Environment(\.request) private var request
        var body: some View {
            let device = request.device ?? "none"
            VStack {
                Text("Starred: \((stars.byDevice[device] ?? []).joined(separator: ","))")
                Button("Star A1") { stars.byDevice[device, default: []].append("A1") }
            }
        }
    }

    /// A page that reads the device and runs code when it appears: never shared, and never
    /// rendered for a device no browser has.
    struct AppearingPage: View {
        let stars: Stars
        @Environment(\.request) private var request
        var body: some View {
            Text("Hello").onAppear { stars.byDevice[request.device ?? "none", default: []].append("appeared") }
        }
    }

    /// A page that shows the device id itself: every browser's is its own.
    struct DeviceIDPage: View {
        @Environment(\.request) private var request
        var body: some View { Text("Device \(request.device ?? "none")") }
    }

    /// A gate's screen, the same for every browser until boarding starts: then a view that
    /// reads the device appears (the wrong place to read it on a shared page).
    @MainActor @Observable final class Gate {
        var boarding = false
    }

    struct GatePage: View {
        let gate: Gate
        var body: some View {
            VStack {
                Text(gate.boarding ? "Boarding" : "Waiting")
                if gate.boarding { SeatReminder() }
            }
        }
    }

    struct SeatReminder: View {
        @Environment(\.request) private var request
        var body: some View { Text(request.device == nil ? "Find your seat" : "Your seat is ready") }
    }

    func server(_ stars: Stars) throws -> TestServer {
        try TestServer(
            app: JetwayApp(
                title: "Stars",
                routes: [
                    Route("/") { _ in StarsPage(stars: stars) }, Route("/id") { _ in DeviceIDPage() },
                    Route("/appearing") { _ in AppearingPage(stars: stars) },
                ]),
            transport: .memory)
    }

    /// A browser's page: its socket, the page as built from the frames, its device cookie.
    struct Page {
        let client: any PageSocket
        let dom: ModelDOM
        let cookie: String
        let device: String
    }

    func open(_ server: TestServer, cookie: String? = nil) async throws -> Page {
        let answer = try await server.get("/", headers: cookie.map { ["Cookie": $0] } ?? [:])
        let cookie = try #require(cookie ?? answer.headers["set-cookie"]?.split(separator: ";").first.map(String.init))
        let device = try #require(server.server.identity(cookieHeader: cookie).device)
        let html = answer.body
        let token = try #require(metaContent("jetway-token", in: html))
        let body = try #require(html.range(of: "<body>").map { html[$0.upperBound...] })
        let root = try #require(body.range(of: "<div class=\"jw-banner\"").map { String(body[..<$0.lowerBound]) })
        let client = try await server.pageSocket(cookie: cookie)
        let version = try #require(metaContent("jetway-version", in: html))
        await client.sendText(#"["join","\#(token)","/",\#(version),"test"]"#)
        guard case .text(let joined) = await client.next(), message("joined", in: joined) != nil else {
            throw WireError("no joined frame")
        }
        return Page(client: client, dom: try ModelDOM(html: root), cookie: cookie, device: device)
    }

    /// Applies frames until the pong to `stamp`: everything sent before it is on the page.
    func settle(_ page: Page, _ stamp: Int) async throws {
        await page.client.sendText(#"["ping",\#(stamp)]"#)
        for _ in 0..<20 {
            guard case .text(let frame) = await page.client.next() else { throw WireError("a frame did not come") }
            if case .patch(_, let ops, _) = try ServerFrame(decoding: frame) { try page.dom.apply(ops) }
            if isPong(.text(frame), stamp) { return }
        }
        throw WireError("no pong")
    }

    func click(_ page: Page, _ label: String, ref: Int) async throws {
        let button = try #require(page.dom.root.descendants.first { $0.tag == "button" && $0.textContent == label })
        await page.client.sendText(#"["e",\#(ref),"\#(button.attribute("data-j") ?? "")","click",null]"#)
        for _ in 0..<20 {
            guard case .text(let frame) = await page.client.next() else { throw WireError("a frame did not come") }
            if message("err", in: frame) != nil { throw WireError("refused: \(frame)") }
            if case .patch(_, let ops, _) = try ServerFrame(decoding: frame) { try page.dom.apply(ops) }
            if frame.hasSuffix(",\(ref)]") { return }
        }
        throw WireError("no answer to the click")
    }

    @Test func newBrowsersShareOneRenderingOfAPageThatReadsTheDevice() async throws {
        let stars = Stars()
        let server = try server(stars)
        defer { server.stop() }
        for _ in 0..<3 { _ = try await server.get("/") }
        #expect(server.server.openPages == (3, 1), "three new browsers, one rendering")
        // A page that shows the device id is not the same for two browsers.
        for _ in 0..<2 { _ = try await server.get("/id") }
        #expect(server.server.openPages == (5, 3))
        #expect(server.server.sessions.joinableCount == 3, "no shared rendering is left behind for a page no browser could join")
        // A browser that comes back may have stars of its own: its page renders for it.
        let cookie = try #require(server.server.newDeviceCookie(secure: false)?.header.split(separator: ";").first)
        _ = try await server.get("/", headers: ["Cookie": String(cookie)])
        #expect(server.server.openPages == (6, 4))
    }

    /// Development mode says which view made a shared page split by reading the device, once,
    /// with what it costs and what to do; the pages still get their own renderings.
    @Test func aViewThatReadsTheDeviceOnASharedPageIsNamedInDevelopment() async throws {
        let gate = Gate()
        let app = JetwayApp(title: "Gate", routes: [Route("/") { _ in GatePage(gate: gate) }])
        for development in [true, false] {
            let server = try TestServer(app: app, transport: .memory) { $0.developmentMode = development }
            defer { server.stop() }
            gate.boarding = false
            var pages: [Page] = []
            for _ in 0..<3 { pages.append(try await open(server)) }
            #expect(server.server.openPages == (3, 1), "three browsers share the gate's page")
            gate.boarding = true
            // The change renders on the server's next turn.
            for _ in 0..<200 where server.server.openPages != (3, 3) { try await Task.sleep(for: .milliseconds(10)) }
            for (index, page) in pages.enumerated() {
                // The page as the browser would have it: patched, or replaced by a whole page.
                var dom = page.dom
                await page.client.sendText(#"["ping",\#(100 + index)]"#)
                for _ in 0..<20 {
                    guard case .text(let frame) = await page.client.next() else { throw WireError("a frame did not come") }
                    switch try ServerFrame(decoding: frame) {
                    case .patch(_, let ops, _): try dom.apply(ops)
                    case .message(.sync(_, _, let html, _, _)): dom = try ModelDOM(html: html)
                    default: break
                    }
                    if isPong(.text(frame), 100 + index) { break }
                }
                #expect(dom.root.textContent.contains("Your seat is ready"), "\(dom.root.textContent)")
            }
            #expect(server.server.openPages == (3, 3), "each browser's page renders on its own")
            let notes = server.server.sessions.deviceSplitNotes.values
            if development {
                #expect(notes.count == 1)
                let note = try #require(notes.first)
                #expect(note.hasPrefix("SeatReminder read the browser's device") && note.contains("3 browsers"), "\(note)")
            } else {
                #expect(notes.isEmpty, "production says nothing: the page does what the app asked")
            }
        }
    }

    @Test func noAppCodeRunsForADeviceNoBrowserHas() async throws {
        let stars = Stars()
        let server = try server(stars)
        defer { server.stop() }
        for _ in 0..<2 { _ = try await server.get("/appearing") }
        #expect(stars.byDevice.count == 2 && !stars.byDevice.keys.contains { $0.hasPrefix("new.") }, "\(stars.byDevice.keys)")
        #expect(server.server.openPages == (2, 2))
    }

    @Test func aNewBrowsersClickRunsForItsOwnDeviceAndReachesNoOtherPage() async throws {
        let stars = Stars()
        let server = try server(stars)
        defer { server.stop() }
        let first = try await open(server)
        let second = try await open(server)
        #expect(server.server.openPages.renderings == 1)
        try await click(first, "Star A1", ref: 1)
        #expect(stars.byDevice == [first.device: ["A1"]], "the click starred for the browser that clicked")
        #expect(first.dom.root.textContent.contains("Starred: A1"))
        try await settle(second, 2)
        #expect(!second.dom.root.textContent.contains("Starred: A1"), "\(second.dom.root.textContent)")
        // The first browser's next page shows its star.
        let again = try await server.get("/", headers: ["Cookie": first.cookie])
        #expect(again.body.contains("Starred: A1"))
    }

    @Test func anotherPageOfANewBrowserTakesItsFirstPageAlong() async throws {
        let stars = Stars()
        let server = try server(stars)
        defer { server.stop() }
        let first = try await open(server)
        let other = try await open(server)
        #expect(server.server.openPages.renderings == 1)
        // The browser opens a second page: its first page now renders for its own device
        // (and the second shares that rendering while neither has been touched).
        let second = try await open(server, cookie: first.cookie)
        #expect(server.server.openPages.renderings == 2)
        // What the second page does for the browser, the first shows; the other browser not.
        try await click(second, "Star A1", ref: 1)
        try await settle(first, 2)
        try await settle(other, 3)
        #expect(first.dom.root.textContent.contains("Starred: A1"), "\(first.dom.root.textContent)")
        #expect(!other.dom.root.textContent.contains("Starred: A1"), "\(other.dom.root.textContent)")
    }
}
