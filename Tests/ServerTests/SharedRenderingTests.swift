import Foundation
import Jetway
import JetwayBrowser
import JetwayTesting
import Testing

@testable import JetwayServer

/// Sessions of one page share a rendering until they diverge: a property test over real
/// websockets that mixes shared changes (one model for all), per-session state (each page's
/// own search) and pages opened midway, and checks after every step that every browser's page,
/// rebuilt from the frames it received, shows exactly its own search over the current data.
/// Rows are links, so a diverged page shares its rows' labels with the others but not their
/// buttons; each run ends with a diverged page following a link, which moves no other page.
@MainActor
@Suite(.serialized)
struct SharedRenderingTests {
    @MainActor @Observable final class Roster {
        var names: [String]
        init(_ names: [String]) { self.names = names }
    }

    struct RosterPage: View {
        let roster: Roster
        @State private var search = ""
        var body: some View {
            NavigationStack {
                TextField("Search", text: $search)
                // Each row a link: its button (with a handler) is each graph's own, its label
                // the shared page's node once a session diverges (`ViewGraph.adoptPage`).
                List(roster.names.filter { search.isEmpty || $0.contains(search) }, id: \.self) { name in
                    NavigationLink {
                        Text("Details of \(name)")
                    } label: {
                        Text(name)
                    }
                }
            }
        }
    }

    /// One browser: its socket and the page as it has built it from the frames.
    final class Page {
        let client: any PageSocket
        var dom: ModelDOM
        var field: String
        var search = ""
        var typed = false
        /// The page's token and the version of the last patch it applied (for a join again).
        var token = ""
        var version: UInt64 = 0
        init(client: any PageSocket, dom: ModelDOM, field: String) {
            self.client = client
            self.dom = dom
            self.field = field
        }
    }

    func open(_ server: TestServer, field hasField: Bool = true) async throws -> Page {
        let html = try await server.get("/").body
        let token = try #require(metaContent("jetway-token", in: html))
        let body = try #require(html.range(of: "<body>").map { html[$0.upperBound...] })
        let root = try #require(body.range(of: "<div class=\"jw-banner\"").map { String(body[..<$0.lowerBound]) })
        let dom = try ModelDOM(html: root)
        let field = hasField ? try #require(dom.root.descendants.first { $0.tag == "input" }?.attribute("data-j")) : ""
        let client = try await server.pageSocket()
        let version = try #require(metaContent("jetway-version", in: html))
        await client.sendText(#"["join","\#(token)","/",\#(version),"test"]"#)
        let first = await client.next()
        guard case .text(let joined) = first, message("joined", in: joined) != nil else {
            throw WireError("no joined frame: \(first)")
        }
        let page = Page(client: client, dom: dom, field: field)
        page.token = token
        page.version = UInt64(version) ?? 0
        return page
    }

    /// Waits until the server has rendered the changes made so far into every rendering.
    func waitUntilRendered(_ server: TestServer) async throws {
        if server.memory != nil {
            // In memory the slices are tasks on the main actor: letting them run is enough.
            while server.server.isRenderingChanges { await Task.yield() }
            return
        }
        let deadline = ContinuousClock.now + .seconds(60)
        while server.server.isRenderingChanges {
            guard ContinuousClock.now < deadline else { throw WireError("a change was still being rendered after 60 s") }
            try await Task.sleep(for: .milliseconds(1))
        }
    }

    /// Applies the frames `page` receives until one satisfies `last`; a `sync` (the page
    /// shares another rendering now) replaces its page when `syncs`, else fails.
    func apply(_ page: Page, syncs: Bool = false, until last: (String) -> Bool) async throws {
        for _ in 0..<50 {
            guard case .text(let frame) = await page.client.next() else { throw WireError("a frame did not come") }
            if syncs, case .message(.sync(let version, _, let html, _, let sent)) = try ServerFrame(decoding: frame) {
                page.dom = try ModelDOM(html: html)
                page.field = try #require(page.dom.root.descendants.first { $0.tag == "input" }?.attribute("data-j"))
                page.version = version
                // As the runtime does: what it sends from here on names this page's elements.
                await page.client.sendText(ClientMessage.synced(UInt64(sent)).text)
                continue
            }
            if let name = decoded(frame)?.name, name == "err" || name == "sync" { throw WireError("unexpected \(frame.prefix(80))") }
            if case .patch(let version, let ops, _) = try ServerFrame(decoding: frame) {
                try page.dom.apply(ops)
                if !ops.isEmpty { page.version = version }
            }
            if last(frame) { return }
        }
        throw WireError("the awaited frame did not come")
    }

    @Test func sessionsThatShareAndDivergeEachSeeTheirOwnPage() async throws {
        let words = ["alpha", "beta", "gamma", "delta", "epsilon", "zeta", "eta", "theta", "iota", "kappa", "lambda", "mu"]
        var clicks = 0
        for seed in UInt64(1)...3 {
            var random = SeededGenerator(state: seed)
            let roster = Roster(Array(words.prefix(8)))
            let server = try self.server(roster)
            defer { server.stop() }
            var pages: [Page] = []
            for _ in 0..<4 { pages.append(try await open(server)) }
            var ref = 1
            var fresh = 0
            var steps: [String] = []
            for step in 0..<30 {
                let roll = random.next() % 10
                if roll < 3 {
                    // A shared change: every page that shows it gets it.
                    switch random.next() % 3 {
                    case 0: roster.names.append("\(words[Int(random.next() % UInt64(words.count))])\(fresh)")
                    case 1 where roster.names.count > 1: roster.names.remove(at: Int(random.next() % UInt64(roster.names.count)))
                    default: roster.names.insert("new\(fresh)", at: 0)
                    }
                    fresh += 1
                    steps.append("names=\(roster.names)")
                    // A change that reaches several renderings is rendered in slices, and the
                    // server answers pings between them: the pongs below prove the patches were
                    // sent only once the last slice is.
                    try await waitUntilRendered(server)
                    for page in pages {
                        await page.client.sendText(#"["ping",\#(step)]"#)
                        try await apply(page) { isPong(.text($0), step) }
                    }
                } else if roll < 4 && pages.count < 8 {
                    pages.append(try await open(server))
                    steps.append("open page \(pages.count - 1)")
                } else {
                    // One page types its own search.
                    let page = pages[Int(random.next() % UInt64(pages.count))]
                    page.search = ["", "a", "e", "ta", "l", "mu", "new"][Int(random.next() % 7)]
                    page.typed = true
                    steps.append("page \(pages.firstIndex { $0 === page }!) types \"\(page.search)\"")
                    await page.client.sendText(
                        ClientMessage.event(ref: ref, id: page.field, event: "input", payload: .text(page.search)).text)
                    let marker = ",\(ref)]"
                    ref += 1
                    try await apply(page) { $0.hasSuffix(marker) }
                }
                for (index, page) in pages.enumerated() {
                    let expected = roster.names.filter { page.search.isEmpty || $0.contains(page.search) }.joined()
                    #expect(
                        page.dom.root.textContent == expected,
                        "seed \(seed) step \(step): page \(index) searching \"\(page.search)\" after \(steps.joined(separator: "; "))")
                }
                // Memory grows only with what differs: the pages that never typed share one.
                let own = pages.filter(\.typed).count
                #expect(server.server.openPages.renderings == own + (own < pages.count ? 1 : 0), "seed \(seed) step \(step)")
            }
            // A page that diverged follows one of its links: only that page navigates, and the
            // others still show their own lists.
            guard let clicker = pages.first(where: { $0.typed && !$0.search.isEmpty }) ?? pages.first(where: \.typed),
                let link = clicker.dom.root.descendants.first(where: { $0.attribute("class")?.contains("jw-navlink") == true }),
                let linkID = link.attribute("data-j")
            else { continue }
            let name = link.textContent
            clicks += 1
            await clicker.client.sendText(#"["e",\#(ref),"\#(linkID)","click",null]"#)
            let marker = ",\(ref)]"
            try await apply(clicker) { $0.hasSuffix(marker) }
            #expect(clicker.dom.root.textContent.contains("Details of \(name)"), "seed \(seed): the clicked page shows its destination")
            try await waitUntilRendered(server)
            for page in pages where page !== clicker {
                await page.client.sendText(#"["ping",999]"#)
                try await apply(page) { isPong(.text($0), 999) }
                let expected = roster.names.filter { page.search.isEmpty || $0.contains(page.search) }.joined()
                #expect(page.dom.root.textContent == expected, "seed \(seed): another page stays on its list")
            }
        }
        #expect(clicks == 3, "every seed ends with a diverged page following a link")
    }

    /// Two pages quiet with the same search share one rendering; the one that types next gets
    /// a rendering of its own in that state and goes on from it, and the other is untouched.
    @Test func pagesWithTheSameSearchShareOneRenderingOnceQuiet() async throws {
        let roster = Roster(["alpha", "beta", "gamma", "delta"])
        let server = try self.server(roster)
        defer { server.stop() }
        let memory = try #require(server.memory)
        let pages = [try await open(server), try await open(server), try await open(server)]
        // The first by two keystrokes, the second by one.
        try await type("e", into: pages[0], ref: 1)
        try await type("a", into: pages[0], ref: 2)
        try await type("a", into: pages[1], ref: 1)
        #expect(server.server.openPages.renderings == 3)
        memory.advance(by: 6)
        #expect(server.server.openPages.renderings == 2, "the two searching \"a\" share one")
        #expect(server.server.sessions.sharedInSameState == 1)
        // One of the two was sent the other's page (which one is the sweep's order).
        for page in pages {
            await page.client.sendText(#"["ping",4]"#)
            try await apply(page, syncs: true) { isPong(.text($0), 4) }
            #expect(page.dom.root.textContent == "alphabetagammadelta")
        }
        try await type("ta", into: pages[1], ref: 3)
        #expect(pages[1].dom.root.textContent == "betadelta")
        #expect(server.server.openPages.renderings == 3)
        for page in [pages[0], pages[2]] {
            await page.client.sendText(#"["ping",5]"#)
            try await apply(page) { isPong(.text($0), 5) }
            #expect(page.dom.root.textContent == "alphabetagammadelta")
        }
        try await type("l", into: pages[0], ref: 3)
        #expect(pages[0].dom.root.textContent == "alphadelta")
    }

    /// Two pages searching "a" whose pages name kappa's row differently (the second showed a
    /// row the first never did, so the counters that name new elements moved apart), and the
    /// ids each gives it.
    func twoPagesInOneStateWithOtherIDs(_ server: TestServer, _ roster: Roster) async throws -> ([Page], [String]) {
        let pages = [try await open(server), try await open(server)]
        try await type("a", into: pages[1], ref: 1)
        try await type("zz", into: pages[0], ref: 1)
        for change in [{ roster.names.append("iota") }, { roster.names.removeLast() }, { roster.names.append("kappa") }] {
            change()
            try await waitUntilRendered(server)
        }
        try await type("a", into: pages[0], ref: 2)
        await pages[1].client.sendText(#"["ping",3]"#)
        try await apply(pages[1]) { isPong(.text($0), 3) }
        let ids = try pages.map { try link("kappa", in: $0) }
        #expect(ids[0] != ids[1], "the two pages name kappa's row differently")
        return (pages, ids)
    }

    func link(_ name: String, in page: Page) throws -> String {
        let node = try #require(
            page.dom.root.descendants.first { $0.attribute("class")?.contains("jw-navlink") == true && $0.textContent == name })
        return try #require(node.attribute("data-j"))
    }

    /// A page moved to another rendering in its state is sent that rendering's page, whose
    /// element ids differ from its own; a click it sent before it had that page (its ids) still
    /// opens the row it was meant for, and after it said it has the page (`synced`), its ids
    /// are the new page's.
    @Test func aClickSentBeforeThePageMovedReachesTheRowItWasFor() async throws {
        let roster = Roster(["alpha", "beta", "gamma", "delta"])
        let server = try self.server(roster)
        defer { server.stop() }
        let memory = try #require(server.memory)
        let (pages, before) = try await twoPagesInOneStateWithOtherIDs(server, roster)
        memory.advance(by: 6)
        #expect(server.server.openPages.renderings == 1, "the two share one")
        #expect(server.server.sessions.sharedInSameState == 1)
        for (index, page) in pages.enumerated() {
            await page.client.sendText(#"["e",9,"\#(before[index])","click",null]"#)
            try await apply(page, syncs: true) { $0.hasSuffix(",9]") }
            #expect(page.dom.root.textContent.contains("Details of kappa"), "page \(index) opened the row it clicked")
        }
    }

    /// The periodic sweep moves pages in slices over one list of them: each call goes on where
    /// the last stopped, so even slices too short for one page end, and every page is moved.
    @Test func sharingAgainInSlicesGoesOnWhereItStoppedAndEnds() async throws {
        let roster = Roster(["alpha", "beta", "gamma"])
        let server = try self.server(roster)
        defer { server.stop() }
        let memory = try #require(server.memory)
        let pages = [try await open(server), try await open(server), try await open(server), try await open(server)]
        for page in pages { try await type("al", into: page, ref: 1) }
        #expect(server.server.openPages.renderings == 4)
        let manager = server.server.sessions
        var pass = SessionManager.SharingPass(Array(manager.sessions.values))
        var calls = 1
        while manager.shareAgain(now: memory.now + 10, &pass, for: .zero) { calls += 1 }
        #expect(calls <= pages.count + 1, "each call checks at least one page")
        #expect(server.server.openPages.renderings == 1, "the four searching \"al\" share one")
        #expect(manager.sharedInSameState == 3)
    }

    /// A page moved whose socket died before it had the new page joins again: until it says it
    /// has the page its join is sent, which page its events name cannot be told, so they are
    /// answered as clicks on what a patch removed (never read as another element); then its
    /// clicks work again.
    @Test func aPageThatJoinsAgainAfterAMoveIsNotMisreadBeforeItHasThePage() async throws {
        let roster = Roster(["alpha", "beta", "gamma", "delta"])
        let server = try self.server(roster)
        defer { server.stop() }
        let memory = try #require(server.memory)
        let (pages, before) = try await twoPagesInOneStateWithOtherIDs(server, roster)
        memory.advance(by: 6)
        #expect(server.server.sessions.sharedInSameState == 1)
        #expect(server.server.sessions.sessions.values.contains { $0.awaitsSync }, "the moved page has not said synced yet")
        // The moved page: the one a sync was queued for. Its socket dies unread.
        var movedPage: Page?
        for page in pages {
            await page.client.sendText(#"["ping",4]"#)
            guard case .text(let frame) = await page.client.next() else { throw WireError("no frame") }
            if message("sync", in: frame) != nil { movedPage = page } else { #expect(isPong(.text(frame), 4)) }
        }
        let page = try #require(movedPage)
        // The id the rendering it now shares gives kappa's row (the other page's): whether the
        // browser means that page's element or its old page's, nobody can tell yet.
        let shared = before[pages.firstIndex { $0 !== page }!]
        await page.client.close()
        // A first join's socket dies too before the page it was sent is answered: the next
        // join is sent the whole page again, not patches.
        let first = try await server.pageSocket()
        await first.sendText(#"["join","\#(page.token)","/",\#(page.version),"test"]"#)
        guard case .text(let sent) = await first.next() else { throw WireError("no answer to the join") }
        #expect(message("sync", in: sent) != nil)
        await first.close()
        let again = try await server.pageSocket()
        await again.sendText(#"["join","\#(page.token)","/",\#(page.version),"test"]"#)
        // Sent before it has read what the join brings.
        await again.sendText(#"["e",10,"\#(shared)","click",null]"#)
        let rejoined = Page(client: again, dom: page.dom, field: page.field)
        try await apply(rejoined, syncs: true) { $0.hasSuffix(",10]") }
        #expect(!rejoined.dom.root.textContent.contains("Details of"), "a click that may name either page's element does nothing")
        #expect(server.server.sessions.departedEvents >= 1)
        let now = try link("kappa", in: rejoined)
        await again.sendText(#"["e",11,"\#(now)","click",null]"#)
        try await apply(rejoined) { $0.hasSuffix(",11]") }
        #expect(rejoined.dom.root.textContent.contains("Details of kappa"))
    }

    /// Pages that reach the same state share a rendering once quiet, whatever the state (the
    /// same search, or none): a property test that mixes shared changes, searches of a few
    /// kinds and quiet spells, and checks after every step that every page shows its own
    /// search over the current data, and after every quiet spell that there is one rendering
    /// per search. A page that shares a rendering in a state of its own and then types gets a
    /// copy of that state (`ViewGraph.takeState(of:)`), which the next step's check covers.
    @Test func pagesInTheSameStateShareOneRenderingAndEachStillSeesItsOwnPage() async throws {
        let words = ["alpha", "beta", "gamma", "delta", "epsilon", "zeta", "eta", "theta", "iota", "kappa"]
        var spells = 0
        for seed in UInt64(1)...3 {
            var random = SeededGenerator(state: seed)
            let roster = Roster(Array(words.prefix(7)))
            let server = try self.server(roster)
            defer { server.stop() }
            let memory = try #require(server.memory)
            var pages: [Page] = []
            for _ in 0..<5 { pages.append(try await open(server)) }
            var ref = 1
            var steps: [String] = []
            for step in 0..<40 {
                let roll = random.next() % 10
                if roll < 2 {
                    roster.names.insert("\(words[Int(random.next() % UInt64(words.count))])\(step)", at: Int(random.next() % 3))
                    steps.append("names=\(roster.names)")
                    try await waitUntilRendered(server)
                    for page in pages {
                        await page.client.sendText(#"["ping",\#(step)]"#)
                        try await apply(page) { isPong(.text($0), step) }
                    }
                } else if roll < 4 {
                    // A quiet spell longer than any page's wait: pages in the same state share.
                    memory.advance(by: 400)
                    spells += 1
                    steps.append("quiet")
                    let states = Set(pages.map(\.search)).count
                    #expect(
                        server.server.openPages.renderings == states,
                        "seed \(seed) step \(step): one rendering per search after \(steps.joined(separator: "; "))")
                    // One page types before it has read what the spell sent it (a `sync` to
                    // another rendering's page): its event names the page it had.
                    if random.next() % 2 == 0 {
                        let page = pages[Int(random.next() % UInt64(pages.count))]
                        page.search = ["", "a", "e", "ta"][Int(random.next() % 4)]
                        steps.append("page \(pages.firstIndex { $0 === page }!) types \"\(page.search)\" at once")
                        await page.client.sendText(
                            ClientMessage.event(ref: ref, id: page.field, event: "input", payload: .text(page.search)).text)
                        let marker = ",\(ref)]"
                        ref += 1
                        try await apply(page, syncs: true) { $0.hasSuffix(marker) }
                    }
                    for page in pages {
                        await page.client.sendText(#"["ping",\#(step)]"#)
                        try await apply(page, syncs: true) { isPong(.text($0), step) }
                    }
                } else {
                    let page = pages[Int(random.next() % UInt64(pages.count))]
                    page.search = ["", "a", "e", "ta"][Int(random.next() % 4)]
                    steps.append("page \(pages.firstIndex { $0 === page }!) types \"\(page.search)\"")
                    await page.client.sendText(
                        ClientMessage.event(ref: ref, id: page.field, event: "input", payload: .text(page.search)).text)
                    let marker = ",\(ref)]"
                    ref += 1
                    try await apply(page) { $0.hasSuffix(marker) }
                }
                for (index, page) in pages.enumerated() {
                    let expected = roster.names.filter { page.search.isEmpty || $0.contains(page.search) }.joined()
                    #expect(
                        page.dom.root.textContent == expected,
                        "seed \(seed) step \(step): page \(index) searching \"\(page.search)\" after \(steps.joined(separator: "; "))")
                }
            }
        }
        #expect(spells >= 6, "the seeds reach quiet spells")
    }

    /// A server of the roster page, in memory.
    func server(_ roster: Roster) throws -> TestServer {
        try TestServer(app: JetwayApp(title: "Roster", routes: [Route("/") { _ in RosterPage(roster: roster) }]), transport: .memory)
    }

    /// Types `text` into `page`'s field and applies the answer.
    func type(_ text: String, into page: Page, ref: Int) async throws {
        page.search = text
        await page.client.sendText(ClientMessage.event(ref: ref, id: page.field, event: "input", payload: .text(text)).text)
        try await apply(page) { $0.hasSuffix(",\(ref)]") }
    }

    /// A page whose search was typed and cleared is back in the shared rendering's state: once
    /// it has been quiet for five seconds it shares that rendering again, its browser gets the
    /// shared page (a `sync`), and from there it diverges again and follows shared changes as
    /// any member does. A page still searching keeps its own.
    @Test func aPageThatClearedItsSearchSharesTheRenderingAgain() async throws {
        let roster = Roster(["alpha", "beta", "gamma", "delta"])
        let server = try self.server(roster)
        defer { server.stop() }
        let memory = try #require(server.memory)
        let pages = [try await open(server), try await open(server), try await open(server)]
        try await type("a", into: pages[0], ref: 1)
        try await type("e", into: pages[1], ref: 1)
        try await type("", into: pages[0], ref: 2)
        #expect(server.server.openPages.renderings == 3)
        // Not yet: it typed a moment ago.
        memory.advance(by: 2)
        #expect(server.server.openPages.renderings == 3)
        memory.advance(by: 4)
        #expect(server.server.openPages.renderings == 2, "the cleared page shares again; the searching one does not")
        #expect(server.server.sessions.sharedAgain == 1)
        // Its browser is given the shared page.
        guard case .text(let frame) = await pages[0].client.next(),
            case .message(.sync(_, _, let html, _, _)) = try ServerFrame(decoding: frame)
        else { throw WireError("no sync") }
        let synced = try ModelDOM(html: html)
        #expect(synced.root.textContent == "alphabetagammadelta")
        let again = Page(
            client: pages[0].client, dom: synced,
            field: try #require(synced.root.descendants.first { $0.tag == "input" }?.attribute("data-j")))
        // A shared change reaches it with the others; then it searches on its own again.
        roster.names.append("epsilon")
        try await waitUntilRendered(server)
        for page in [again, pages[2]] {
            await page.client.sendText(#"["ping",7]"#)
            try await apply(page) { isPong(.text($0), 7) }
            #expect(page.dom.root.textContent == "alphabetagammadeltaepsilon")
        }
        try await type("ps", into: again, ref: 3)
        #expect(again.dom.root.textContent == "epsilon")
        #expect(server.server.openPages.renderings == 3)
        await pages[2].client.sendText(#"["ping",8]"#)
        try await apply(pages[2]) { isPong(.text($0), 8) }
        #expect(pages[2].dom.root.textContent == "alphabetagammadeltaepsilon", "the page that never typed is untouched")
    }

    /// When every page of a page typed, the last one too gets a rendering of its own (the
    /// others left the shared one), so the shared rendering stays as it was: the pages that
    /// cleared their searches all come back to it, and a page opened later joins it too.
    @Test func pagesThatAllTypedAndClearedComeTogetherAgain() async throws {
        let roster = Roster(["alpha", "beta", "gamma"])
        let server = try self.server(roster)
        defer { server.stop() }
        let memory = try #require(server.memory)
        let pages = [try await open(server), try await open(server), try await open(server)]
        for page in pages { try await type("al", into: page, ref: 1) }
        for page in pages { try await type("", into: page, ref: 2) }
        #expect(server.server.openPages.renderings == 3)
        memory.advance(by: 6)
        #expect(server.server.openPages.renderings == 1, "three cleared pages, one rendering")
        let later = try await open(server)
        #expect(server.server.openPages == (4, 1))
        await later.client.sendText(#"["ping",3]"#)
        try await apply(later) { isPong(.text($0), 3) }
        #expect(later.dom.root.textContent == "alphabetagamma")
    }

    /// The page as the `sync` the server sends it when it shares a rendering again.
    func synced(_ page: Page, field hasField: Bool = true) async throws -> Page {
        guard case .text(let frame) = await page.client.next(),
            case .message(.sync(let version, _, let html, _, let sent)) = try ServerFrame(decoding: frame)
        else { throw WireError("no sync") }
        let dom = try ModelDOM(html: html)
        let field = hasField ? try #require(dom.root.descendants.first { $0.tag == "input" }?.attribute("data-j")) : ""
        let again = Page(client: page.client, dom: dom, field: field)
        again.token = page.token
        again.version = version
        await page.client.sendText(ClientMessage.synced(UInt64(sent)).text)
        return again
    }

    /// A page shares again each time it comes back, waiting longer each time (5 s, then 10).
    @Test func aPageSharesAgainEachTimeItComesBack() async throws {
        let roster = Roster(["alpha", "beta", "gamma"])
        let server = try self.server(roster)
        defer { server.stop() }
        let memory = try #require(server.memory)
        let other = try await open(server)
        var page = try await open(server)
        try await type("al", into: page, ref: 1)
        try await type("", into: page, ref: 2)
        memory.advance(by: 6)
        #expect(server.server.sessions.sharedAgain == 1)
        page = try await synced(page)
        try await type("et", into: page, ref: 3)
        #expect(page.dom.root.textContent == "beta")
        try await type("", into: page, ref: 4)
        memory.advance(by: 6)
        #expect(server.server.sessions.sharedAgain == 1, "the second time it waits 10 s")
        memory.advance(by: 6)
        #expect(server.server.sessions.sharedAgain == 2)
        #expect(server.server.openPages == (2, 1))
        page = try await synced(page)
        #expect(page.dom.root.textContent == "alphabetagamma")
        await other.client.sendText(#"["ping",5]"#)
        try await apply(other) { isPong(.text($0), 5) }
        #expect(other.dom.root.textContent == "alphabetagamma")
    }

    /// When every page of the shared rendering left it, it is not rendered while nobody shows
    /// it; pages that come back find it up to date (a change made meanwhile), a page that
    /// joins again with the version of the rendering it had is sent the whole page (not
    /// patches of another rendering), and once its pages end it goes.
    @Test func aRenderingNobodyShowsCatchesUpAndGoesWithItsPages() async throws {
        let roster = Roster(["alpha", "beta", "gamma"])
        let server = try self.server(roster)
        defer { server.stop() }
        let memory = try #require(server.memory)
        let pages = [try await open(server), try await open(server)]
        for page in pages { try await type("al", into: page, ref: 1) }
        roster.names.append("alfa")
        memory.flush()
        for page in pages {
            try await type("", into: page, ref: 2)
            #expect(page.dom.root.textContent == "alphabetagammaalfa")
        }
        let ownVersion = pages[0].version
        memory.advance(by: 6)
        #expect(server.server.openPages == (2, 1))
        let back = try await synced(pages[0])
        #expect(back.dom.root.textContent == "alphabetagammaalfa", "the rendering caught up with the change")
        // The browser never saw the sync and joins again with its own rendering's version.
        let again = try await server.pageSocket()
        await again.sendText(#"["join","\#(pages[0].token)","/",\#(ownVersion),"test"]"#)
        guard case .text(let frame) = await again.next() else { throw WireError("no answer to the join") }
        #expect(message("sync", in: frame) != nil, "a join after sharing again gets the whole page: \(frame.prefix(60))")
        // Every page goes: so does the rendering.
        await again.close()
        await pages[1].client.close()
        await pages[0].client.close()
        memory.advance(by: 120)
        #expect(server.server.openPages == (0, 0))
        #expect(server.server.sessions.joinableCount == 0, "no rendering is left behind")
    }

    /// Tabs and a sheet: a page that chose another tab and came back, or opened a sheet and
    /// closed it, is in the shared state again.
    struct TabsPage: View {
        @State private var showingDetails = false
        var body: some View {
            TabView {
                VStack {
                    Text("Departures board")
                    Button("Details") { showingDetails = true }
                }
                .tabItem { Text("Board") }
                Text("Arrivals board").tabItem { Text("Arrivals") }
            }
            .sheet(isPresented: $showingDetails) {
                Button("Close details") { showingDetails = false }
            }
        }
    }

    @Test func aPageBackOnItsFirstTabWithItsSheetClosedSharesAgain() async throws {
        let server = try TestServer(app: JetwayApp(title: "Tabs", routes: [Route("/") { _ in TabsPage() }]), transport: .memory)
        defer { server.stop() }
        let memory = try #require(server.memory)
        _ = try await open(server, field: false)
        var page = try await open(server, field: false)
        func click(_ label: String, ref: Int) async throws {
            let target = try #require(page.dom.root.descendants.last { $0.attribute("data-on") != nil && $0.textContent == label })
            await page.client.sendText(#"["e",\#(ref),"\#(target.attribute("data-j") ?? "")","click",null]"#)
            try await apply(page) { $0.hasSuffix(",\(ref)]") }
        }
        try await click("Arrivals", ref: 1)
        #expect(page.dom.root.textContent.contains("Arrivals board"))
        try await click("Board", ref: 2)
        #expect(server.server.openPages == (2, 2))
        memory.advance(by: 6)
        #expect(server.server.openPages == (2, 1), "back on its first tab: shared again")
        page = try await synced(page, field: false)
        try await click("Details", ref: 3)
        #expect(page.dom.root.textContent.contains("Close details"))
        try await click("Close details", ref: 4)
        memory.advance(by: 11)
        #expect(server.server.openPages == (2, 1), "its sheet closed: shared again")
        #expect(server.server.sessions.sharedAgain == 2)
    }

    @Test func aPageOpenedLaterNeverGetsElementsTheOthersKeptBack() async throws {
        let roster = Roster(["one", "two", "three"])
        let server = try self.server(roster)
        defer { server.stop() }
        let first = try await open(server)
        // "two" leaves: the first page keeps its element detached for a quick return.
        roster.names = ["one", "three"]
        try await waitUntilRendered(server)
        await first.client.sendText(#"["ping",1]"#)
        try await apply(first) { isPong(.text($0), 1) }
        let second = try await open(server)
        // It comes back: neither page may be told to re-attach an element the second never had.
        roster.names = ["one", "two", "three"]
        try await waitUntilRendered(server)
        for page in [first, second] {
            await page.client.sendText(#"["ping",2]"#)
            try await apply(page) { isPong(.text($0), 2) }
            #expect(page.dom.root.textContent == "onetwothree")
        }
        #expect(server.server.openPages.renderings == 1)
    }
}

struct WireError: Error, CustomStringConvertible {
    let description: String
    init(_ description: String) { self.description = description }
}

extension EndToEnd {
    /// The same in Chromium, through the real runtime: two browsers open one page and share its
    /// rendering; one types (and gets its own, without the page noticing); a shared change
    /// reaches both; neither ever sees the other's search, and the server refuses no event.
    @Suite
    @MainActor
    struct SharedRenderingInChromium {
        /// Whether `browser` shows exactly the rows `names`, in order (waits for it).
        func shows(_ browser: any Browser, _ names: [String]) async -> Bool {
            let list = names.map { "'\($0)'" }.joined(separator: ",")
            return await browser.wait(
                for: "return Array.from(document.querySelectorAll('.jw-text')).map(e => e.textContent).join(',') === [\(list)].join(',')")
        }

        @Test(.enabled(if: BrowserEngine.chromium.shouldRun, "needs chromium-driver (make test installs it)"))
        func twoBrowsersShareAPageUntilOneTypes() async throws {
            let roster = SharedRenderingTests.Roster(["alpha", "beta", "gamma", "delta"])
            let server = try TestServer(
                app: JetwayApp(title: "Roster", routes: [Route("/") { _ in SharedRenderingTests.RosterPage(roster: roster) }]))
            defer { server.stop() }
            try await withBrowsers(2, .chromium) { browsers in
                let (a, b) = (browsers[0], browsers[1])
                for browser in browsers {
                    try await browser.navigate(server.base + "/")
                    #expect(await browser.wait(for: EndToEnd.ControlSuiteTests.connected))
                }
                #expect(server.server.openPages.renderings == 1, "two idle pages should share one rendering")

                try await a.type("al", into: "input")
                #expect(await shows(a, ["alpha"]), "the page that typed")
                #expect(await shows(b, ["alpha", "beta", "gamma", "delta"]), "the other page saw the search")
                #expect(server.server.openPages.renderings == 2)

                roster.names.append("alpine")
                #expect(await shows(a, ["alpha", "alpine"]))
                #expect(await shows(b, ["alpha", "beta", "gamma", "delta", "alpine"]))

                try await b.type("e", into: "input")
                #expect(await shows(b, ["beta", "delta", "alpine"]))
                #expect(await shows(a, ["alpha", "alpine"]))
                for (browser, name) in [(a, "a"), (b, "b")] {
                    let errors = try await browser.execute(EndToEnd.ControlSuiteTests.noErrors)
                    #expect(errors as? Bool == true, "page \(name): \(errors ?? "nothing")")
                    try await browser.screenshot("shared-rendering-\(name)")
                }
            }
        }

        /// Two browsers that reach the same search by different paths share one rendering once
        /// quiet (the server's sweep: 5 s quiet, every 5 s), though their rows' element ids
        /// differed: the one moved is sent the other's page, says `synced`, and a click in
        /// either opens the row clicked.
        @Test(.enabled(if: BrowserEngine.chromium.shouldRun, "needs chromium-driver (make test installs it)"))
        func twoBrowsersWithTheSameSearchShareOneRenderingOnceQuiet() async throws {
            let roster = SharedRenderingTests.Roster(["alpha", "beta", "gamma", "delta"])
            let server = try TestServer(
                app: JetwayApp(title: "Roster", routes: [Route("/") { _ in SharedRenderingTests.RosterPage(roster: roster) }]))
            defer { server.stop() }
            try await withBrowsers(2, .chromium) { browsers in
                let (a, b) = (browsers[0], browsers[1])
                for browser in browsers { #expect(try await browser.openLive(server.base + "/")) }
                // The second shows a row the first never does: the row both show next has
                // another id in each.
                try await b.type("a", into: "input")
                try await a.type("zz", into: "input")
                #expect(await shows(a, []))
                roster.names.append("iota")
                #expect(await shows(b, ["alpha", "beta", "gamma", "delta", "iota"]))
                roster.names.removeLast()
                roster.names.append("kappa")
                #expect(await shows(b, ["alpha", "beta", "gamma", "delta", "kappa"]))
                try await a.press(Key.backspace, in: "input")
                try await a.press(Key.backspace, in: "input")
                try await a.type("a", into: "input")
                #expect(await shows(a, ["alpha", "beta", "gamma", "delta", "kappa"]))
                let kappa = "Array.from(document.querySelectorAll('.jw-navlink')).find(e => e.textContent === 'kappa')"
                let ids = [try await a.string("return \(kappa).dataset.j"), try await b.string("return \(kappa).dataset.j")]
                #expect(ids[0] != ids[1], "kappa's row has another id in each page")
                let syncs = "return window.jetway.syncs"
                let before = [try await a.execute(syncs) as? Int, try await b.execute(syncs) as? Int]
                let deadline = Date().addingTimeInterval(20)
                while server.server.openPages.renderings != 1 && Date() < deadline { try await Task.sleep(for: .milliseconds(200)) }
                #expect(server.server.openPages.renderings == 1, "the two share one rendering")
                #expect(server.server.sessions.sharedInSameState == 1)
                // The moved page has the other's page, and said so.
                let syncedA = await a.wait(for: "return window.jetway.syncs > \(before[0] ?? 0)", timeout: 1)
                let syncedB = await b.wait(for: "return window.jetway.syncs > \(before[1] ?? 0)", timeout: 1)
                #expect(syncedA != syncedB, "one of the two was sent the other's page")
                var waited = 0
                while server.server.sessions.sessions.values.contains(where: { $0.earlierIDs != nil }) && waited < 50 {
                    try await Task.sleep(for: .milliseconds(100))
                    waited += 1
                }
                #expect(!server.server.sessions.sessions.values.contains { $0.earlierIDs != nil }, "both pages said synced")
                let idsNow = [try await a.string("return \(kappa).dataset.j"), try await b.string("return \(kappa).dataset.j")]
                #expect(idsNow[0] == idsNow[1], "one page now")
                for (browser, name) in [(a, "a"), (b, "b")] {
                    try await browser.click(".jw-navlink", labelled: "kappa")
                    #expect(await browser.wait(for: "return document.body.textContent.includes('Details of kappa')"), "page \(name)")
                    let errors = try await browser.execute(EndToEnd.ControlSuiteTests.noErrors)
                    #expect(errors as? Bool == true, "page \(name): \(errors ?? "nothing")")
                    try await browser.screenshot("same-state-\(name)")
                }
            }
        }
    }
}
