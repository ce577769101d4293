import Foundation
import Jetway
import JetwayBrowser
import Testing

@testable import JetwayServer

/// A sign-in that pages inherit and a sign-out that ends both; the request context in the
/// views' environment; and the sharing of renderings kept apart by what a page may read.
@MainActor
@Suite(.serialized)
struct SignedInPagesTests {
    @MainActor @Observable final class Flags {
        var showDevice = false
    }

    struct Me: View {
        @Environment(\.request) private var request
        var body: some View {
            VStack {
                Text("user: \(request.user ?? "nobody")")
                Text("at: \(request.url)")
            }
        }
    }

    struct Device: View {
        @Environment(\.request) private var request
        var body: some View { Text("device: \(request.device ?? "none")") }
    }

    /// Reads the device only once a shared model says so.
    struct LateDevice: View {
        let flags: Flags
        @Environment(\.request) private var request
        var body: some View {
            VStack {
                Text("late page")
                if flags.showDevice { Text("device: \(request.device ?? "none")") }
            }
        }
    }

    struct SignInForm: Decodable { let name: String }

    static func app(_ flags: Flags) -> JetwayApp {
        JetwayApp(
            title: "Sign-in",
            routes: [
                Route("/me") { _ in Me() },
                Route("/device") { _ in Device() },
                Route("/late") { _ in LateDevice(flags: flags) },
            ],
            handlers: [
                Handler(.post, "/signin") { request in
                    var response = Response.redirect(to: "/me")
                    response.signIn(user: try request.decode(SignInForm.self).name)
                    return response
                },
                Handler(.post, "/signout") { _ in
                    var response = Response.redirect(to: "/me")
                    response.signOut()
                    return response
                },
                Handler(.get, "/api/whoami") { request in .text(request.user ?? "nobody") },
            ])
    }

    /// Signs in as `name`; returns the `jw_signin` cookie as the browser would send it back.
    func signIn(_ server: TestServer, as name: String, cookie: String? = nil) async throws -> String {
        var headers: [String: String] = [:]
        if let cookie { headers["Cookie"] = cookie }
        let reply = await server.exchange(
            "POST /signin HTTP/1.1", headers: headers, body: #"{"name":"\#(name)"}"#, type: "application/json")
        #expect(reply.status == 303, "\(reply)")
        let setCookie = try #require(reply.headers["set-cookie"], "\(reply)")
        #expect(setCookie.contains("HttpOnly") && setCookie.contains("SameSite=Lax") && setCookie.contains("Path=/"), "\(setCookie)")
        #expect(setCookie.contains("Max-Age=43200"), "a sign-in lasts signInLifetime: \(setCookie)")
        return try #require(setCookie.split(separator: ";").first.map(String.init))
    }

    func page(_ server: TestServer, _ path: String, cookie: String? = nil) async -> HTTPReply {
        var headers: [String: String] = [:]
        if let cookie { headers["Cookie"] = cookie }
        return await server.exchange("GET \(path) HTTP/1.1", headers: headers)
    }

    func whoami(_ server: TestServer, cookie: String?) async -> String {
        var headers: [String: String] = [:]
        if let cookie { headers["Cookie"] = cookie }
        return await server.exchange("GET /api/whoami HTTP/1.1", headers: headers).body
    }

    /// Opens the page's websocket (with the browser's cookies) and joins it.
    func join(_ server: TestServer, _ html: String, path: String, cookie: String?) async throws -> any PageSocket {
        let token = try #require(metaContent("jetway-token", in: html))
        let version = try #require(metaContent("jetway-version", in: html))
        let client = try await server.pageSocket(cookie: cookie)
        await client.sendText(#"["join","\#(token)","\#(path)",\#(version),"test"]"#)
        guard case .text(let joined) = await client.next(), message("joined", in: joined) != nil else { throw WireError("no joined frame") }
        return client
    }

    @Test func aSignInIsInheritedByPagesAndASignOutEndsBoth() async throws {
        let server = try TestServer(app: Self.app(Flags()), transport: .memory)
        defer { server.stop() }
        #expect(await whoami(server, cookie: nil) == "nobody")
        let ana = try await signIn(server, as: "ana")
        #expect(await whoami(server, cookie: ana) == "ana")
        let signedIn = await page(server, "/me?tab=2", cookie: ana)
        #expect(signedIn.body.contains("user: ana") && signedIn.body.contains("at: /me?tab=2"), "\(signedIn.body.prefix(400))")
        let anonymous = await page(server, "/me")
        #expect(anonymous.body.contains("user: nobody"), "\(anonymous.status) \(anonymous.body.prefix(300))")
        // An edited or forged cookie is nobody's.
        let forged = ana.replacingOccurrences(of: "jw_signin=", with: "jw_signin=x")
        #expect(await whoami(server, cookie: forged) == "nobody")
        #expect(await page(server, "/me", cookie: forged).body.contains("user: nobody"))
        #expect(await whoami(server, cookie: "jw_signin=" + String(repeating: "a", count: 64)) == "nobody")

        // The open page's live session belongs to the sign-in: signing out reloads it.
        let live = try await join(server, signedIn.body, path: "/me", cookie: ana)
        let out = await server.exchange("POST /signout HTTP/1.1", headers: ["Cookie": ana], body: "", type: "text/plain")
        #expect(out.status == 303)
        #expect(out.headers["set-cookie"]?.hasPrefix("jw_signin=;") == true && out.headers["set-cookie"]?.contains("Max-Age=0") == true)
        guard case .text(let reload) = await live.next(startingWith: "[\"signedout\"") else {
            Issue.record("the signed-in page was not told it is signed out")
            return
        }
        #expect(reload == "[\"signedout\"]")
        #expect(await live.waitForClose(timeout: 5), "the signed-out page's socket stays open")
        // A kept copy of the cookie no longer counts, for handlers or pages.
        #expect(await whoami(server, cookie: ana) == "nobody")
        #expect(await page(server, "/me", cookie: ana).body.contains("user: nobody"))
        // And the page's token cannot bring the signed-in page back: it re-mounts signed out.
        let again = try await server.pageSocket(cookie: ana)
        let token = try #require(metaContent("jetway-token", in: signedIn.body))
        await again.sendText(#"["join","\#(token)","/me",0,"test","tab=2"]"#)
        guard case .text(let sync) = await again.next(startingWith: "[\"sync\"") else {
            Issue.record("the page did not come back")
            return
        }
        #expect(sync.contains("user: nobody") && !sync.contains("user: ana"), "\(sync.prefix(300))")
    }

    @Test func signingInAgainReplacesTheEarlierSignIn() async throws {
        let server = try TestServer(app: Self.app(Flags()), transport: .memory)
        defer { server.stop() }
        let first = try await signIn(server, as: "ana")
        let second = try await signIn(server, as: "bob", cookie: first)
        #expect(first != second, "a sign-in gets a new id, so one planted before it is worth nothing")
        #expect(await whoami(server, cookie: first) == "nobody")
        #expect(await whoami(server, cookie: second) == "bob")
        #expect(server.server.signOutEverywhere(user: "bob") == 1)
        #expect(await whoami(server, cookie: second) == "nobody")
    }

    @Test func aSignInOutlivesARestartAndAReMountedPageKeepsItsUser() async throws {
        let folder = NSTemporaryDirectory() + "jetway-signin-\(UUID().uuidString)"
        let port = TestServer.freePort()
        let configure: (inout ServerConfiguration) -> Void = { $0.dataDirectory = folder }
        var server = try TestServer(port: port, app: Self.app(Flags()), configure: configure)
        let ana = try await signIn(server, as: "ana")
        let html = await page(server, "/me", cookie: ana).body
        server.stop()
        try? await Task.sleep(for: .milliseconds(200))
        server = try TestServer(port: port, app: Self.app(Flags()), configure: configure)
        defer { server.stop() }
        #expect(await whoami(server, cookie: ana) == "ana")
        let attributes = try FileManager.default.attributesOfItem(atPath: folder + "/signins.json")
        #expect((attributes[.posixPermissions] as? Int) == 0o600)
        // The server has forgotten the page: it re-mounts for the user the websocket's cookies name.
        let client = try await server.pageSocket(cookie: ana)
        let token = try #require(metaContent("jetway-token", in: html))
        await client.sendText(#"["join","\#(token)","/me",0,"test"]"#)
        guard case .text(let sync) = await client.next(startingWith: "[\"sync\"") else {
            Issue.record("the page did not re-mount")
            return
        }
        #expect(sync.contains("user: ana"), "\(sync.prefix(300))")
    }

    @Test func pagesOfDifferentUsersNeverShareARendering() async throws {
        let server = try TestServer(app: Self.app(Flags()), transport: .memory)
        defer { server.stop() }
        let ana = try await signIn(server, as: "ana")
        let bob = try await signIn(server, as: "bob")
        #expect(await page(server, "/me").body.contains("user: nobody"))
        #expect(await page(server, "/me").body.contains("user: nobody"))
        #expect(server.server.sessions.groupCount == 1, "anonymous pages share")
        #expect(await page(server, "/me", cookie: ana).body.contains("user: ana"))
        #expect(await page(server, "/me", cookie: bob).body.contains("user: bob"))
        #expect(await page(server, "/me", cookie: ana).body.contains("user: ana"))
        #expect(server.server.sessions.groupCount == 3, "one rendering each for nobody, ana and bob")
    }

    /// A browser's device id, from the `jw_device` cookie its first page set.
    func newBrowser(_ server: TestServer, _ path: String) async throws -> (cookie: String, device: String, html: String) {
        let first = await page(server, path)
        let setCookie = try #require(first.headers["set-cookie"])
        let cookie = try #require(setCookie.split(separator: ";").first.map(String.init))
        let value = cookie.dropFirst("jw_device=".count)
        let device = String(value[..<value.lastIndex(of: ".")!])
        return (cookie, device, first.body)
    }

    @Test func aPageThatReadsTheDeviceSharesOnlyWithinOneBrowser() async throws {
        let server = try TestServer(app: Self.app(Flags()), transport: .memory)
        defer { server.stop() }
        let one = try await newBrowser(server, "/device")
        #expect(one.html.contains("device: \(one.device)"), "a first page sees the device id it is given")
        let two = try await newBrowser(server, "/device")
        #expect(two.html.contains("device: \(two.device)") && !two.html.contains(one.device))
        #expect(server.server.sessions.groupCount == 2)
        // A second tab of the first browser shares its rendering.
        let tab = await page(server, "/device", cookie: one.cookie)
        #expect(tab.body.contains("device: \(one.device)"))
        #expect(server.server.sessions.groupCount == 2)
        // A page that never reads it shares across browsers.
        _ = await page(server, "/me", cookie: one.cookie)
        _ = await page(server, "/me", cookie: two.cookie)
        #expect(server.server.sessions.groupCount == 3)
    }

    @Test func aSharedPageThatStartsReadingTheDeviceIsSplitBeforeAnythingIsSent() async throws {
        let flags = Flags()
        let server = try TestServer(app: Self.app(flags), transport: .memory)
        defer { server.stop() }
        let one = try await newBrowser(server, "/late")
        let two = try await newBrowser(server, "/late")
        let three = await page(server, "/late", cookie: one.cookie)
        #expect(server.server.sessions.groupCount == 1, "nothing read the device yet")
        let pageOne = try await join(server, one.html, path: "/late", cookie: one.cookie)
        let pageTwo = try await join(server, two.html, path: "/late", cookie: two.cookie)
        let pageThree = try await join(server, three.body, path: "/late", cookie: one.cookie)
        flags.showDevice = true
        // Each browser sees its own device, and no frame of another browser's reaches it.
        for (client, mine, other) in [
            (pageOne, one.device, two.device), (pageTwo, two.device, one.device), (pageThree, one.device, two.device),
        ] {
            var frames: [String] = []
            while true {
                guard case .text(let frame) = await client.next(timeout: 2) else { break }
                frames.append(frame)
                if frame.contains(mine) { break }
            }
            #expect(frames.contains { $0.contains("device: \(mine)") }, "\(frames.map { $0.prefix(80) })")
            #expect(!frames.contains { $0.contains(other) }, "another browser's device reached this page")
        }
        #expect(server.server.sessions.groupCount == 2, "browser one's two tabs still share")
    }

    @Test func aPageTokenAloneCannotTakeOverASignedInPage() async throws {
        let server = try TestServer(app: Self.app(Flags()), transport: .memory)
        defer { server.stop() }
        let ana = try await signIn(server, as: "ana")
        let html = await page(server, "/me", cookie: ana).body
        let owner = try await join(server, html, path: "/me", cookie: ana)
        // Someone with the token read off the page, but not ana's cookie.
        let thief = try await server.pageSocket()
        let token = try #require(metaContent("jetway-token", in: html))
        await thief.sendText(#"["join","\#(token)","/me",0,"test"]"#)
        guard case .text(let refused) = await thief.next() else {
            Issue.record("the thief got no answer")
            return
        }
        #expect(refused == "[\"signedout\"]", "\(refused)")
        #expect(await thief.waitForClose(timeout: 5))
        // The owner's page is untouched: still joined, still live.
        await owner.sendText(#"["ping",1]"#)
        guard case .text(let pong) = await owner.next() else {
            Issue.record("the owner's socket was closed")
            return
        }
        #expect(isPong(.text(pong), 1), "\(pong)")
    }

    @Test func anExpiredSignInIsLeftForTheSweepSoItsPagesStillEnd() {
        let store = SignIns(dataDirectory: nil, lifetime: 60)
        let start = Date()
        let id = store.start(user: "ana", now: start)
        #expect(store.user(for: id, now: start + 30) == "ana")
        #expect(store.user(for: id, now: start + 61) == nil, "expired")
        #expect(store.expire(now: start + 61) == [id], "a look-up after expiry did not hide it from the sweep")
        #expect(store.count == 0)
    }

    @Test func aSplitRenderingIsRetiredAndAPageThatHadNotJoinedGetsItsOwnPage() async throws {
        let flags = Flags()
        let server = try TestServer(app: Self.app(flags), transport: .memory) { $0.sessionGrace = 1 }
        defer { server.stop() }
        _ = try await newBrowser(server, "/late")
        let two = try await newBrowser(server, "/late")
        let pageTwo = try await join(server, two.html, path: "/late", cookie: two.cookie)
        // Browser one's page (whose context the rendering has) goes away for good; a third
        // browser opens the page and joins the rendering, but not yet the socket.
        server.server.sessions.sweep(now: Date().addingTimeInterval(10))
        #expect(server.server.sessions.sessionCount == 1)
        let three = try await newBrowser(server, "/late")
        #expect(server.server.sessions.groupCount == 1 && server.server.sessions.joinableCount == 1)
        flags.showDevice = true
        var frames: [String] = []
        while case .text(let frame) = await pageTwo.next(timeout: 2) {
            frames.append(frame)
            if frame.contains(two.device) { break }
        }
        #expect(frames.contains { $0.contains("device: \(two.device)") }, "\(frames.map { $0.prefix(60) })")
        #expect(server.server.sessions.groupCount == 2)
        #expect(server.server.sessions.joinableCount == 0, "the emptied rendering was retired")
        // Browser three had not joined when it was split off: its join brings its own page.
        let token = try #require(metaContent("jetway-token", in: three.html))
        let version = try #require(metaContent("jetway-version", in: three.html))
        let client = try await server.pageSocket(cookie: three.cookie)
        await client.sendText(#"["join","\#(token)","/late",\#(version),"test"]"#)
        guard case .text(let sync) = await client.next(startingWith: "[\"sync\"") else {
            Issue.record("the page that had not joined got no page of its own")
            return
        }
        #expect(sync.contains("device: \(three.device)") && !sync.contains(two.device))
    }
}

extension EndToEnd {
    @Suite(.enabled(if: BrowserEngine.chromium.shouldRun, "needs chromium-driver (make test installs it)"))
    @MainActor
    struct SignOutInChromium {
        @Test func anOpenPageReloadsSignedOutEachTimeItsSignInEnds() async throws {
            let server = try TestServer(app: SignedInPagesTests.app(SignedInPagesTests.Flags()))
            defer { server.stop() }
            try await withBrowsers(1) { browsers in
                let browser = browsers[0]
                try await browser.navigate(server.base + "/me")
                #expect(await browser.wait(for: "return document.body.textContent.includes('user: nobody')"))
                for round in 1...2 {
                    _ = try await browser.execute(
                        """
                        window.__signin = 0;
                        fetch('/signin', { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify({ name: 'ana' }) })
                          .then((r) => { window.__signin = r.status; });
                        return true
                        """)
                    // The 303 is followed to /me, signed in.
                    #expect(await browser.wait(for: "return window.__signin === 200"), "round \(round): the sign-in did not answer")
                    try await browser.navigate(server.base + "/me")
                    #expect(
                        await browser.wait(
                            for:
                                "return document.body.textContent.includes('user: ana') && document.documentElement.classList.contains('jw-connected')"
                        ),
                        "round \(round): not signed in")
                    // Signed out from elsewhere (another tab's form): this page reloads by itself.
                    _ = try await browser.execute("window.__stillHere = true; fetch('/signout', { method: 'POST' }); return true")
                    #expect(
                        await browser.wait(
                            for: "return window.__stillHere === undefined && document.body.textContent.includes('user: nobody')",
                            timeout: 10),
                        "round \(round): the page did not reload signed out")
                    try await browser.screenshot("signed-out-\(round)")
                }
            }
        }
    }
}
