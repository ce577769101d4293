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
    func join(_ server: TestServer, _ html: String, path: String, cookie: String?) async throws -> WebSocketClient {
        let token = try #require(metaContent("jetway-token", in: html))
        let version = try #require(metaContent("jetway-version", in: html))
        let client = try await WebSocketClient.connect(port: server.port, origin: server.base, cookie: cookie)
        await client.sendText(#"["join","\#(token)","\#(path)",\#(version),"test"]"#)
        guard case .text(let joined) = await client.next(), joined.hasPrefix("[\"joined\"") else { throw WireError("no joined frame") }
        return client
    }

    @Test func aSignInIsInheritedByPagesAndASignOutEndsBoth() async throws {
        let server = try TestServer(app: Self.app(Flags()))
        defer { server.stop() }
        #expect(await whoami(server, cookie: nil) == "nobody")
        let ana = try await signIn(server, as: "ana")
        #expect(await whoami(server, cookie: ana) == "ana")
        let signedIn = await page(server, "/me?tab=2", cookie: ana)
        #expect(signedIn.body.contains("user: ana") && signedIn.body.contains("at: /me?tab=2"), "\(signedIn.body.prefix(400))")
        #expect(await page(server, "/me").body.contains("user: nobody"))
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
        guard case .text(let reload) = await live.next(startingWith: "[\"reload\"") else {
            Issue.record("the signed-in page was not told to reload")
            return
        }
        #expect(reload == "[\"reload\"]")
        // A kept copy of the cookie no longer counts, for handlers or pages.
        #expect(await whoami(server, cookie: ana) == "nobody")
        #expect(await page(server, "/me", cookie: ana).body.contains("user: nobody"))
        // And the page's token cannot bring the signed-in page back: it re-mounts signed out.
        let again = try await WebSocketClient.connect(port: server.port, origin: server.base, cookie: ana)
        let token = try #require(metaContent("jetway-token", in: signedIn.body))
        await again.sendText(#"["join","\#(token)","/me",0,"test","tab=2"]"#)
        guard case .text(let sync) = await again.next(startingWith: "[\"sync\"") else {
            Issue.record("the page did not come back")
            return
        }
        #expect(sync.contains("user: nobody") && !sync.contains("user: ana"), "\(sync.prefix(300))")
    }

    @Test func signingInAgainReplacesTheEarlierSignIn() async throws {
        let server = try TestServer(app: Self.app(Flags()))
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
        let client = try await WebSocketClient.connect(port: server.port, origin: server.base, cookie: ana)
        let token = try #require(metaContent("jetway-token", in: html))
        await client.sendText(#"["join","\#(token)","/me",0,"test"]"#)
        guard case .text(let sync) = await client.next(startingWith: "[\"sync\"") else {
            Issue.record("the page did not re-mount")
            return
        }
        #expect(sync.contains("user: ana"), "\(sync.prefix(300))")
    }

    @Test func pagesOfDifferentUsersNeverShareARendering() async throws {
        let server = try TestServer(app: Self.app(Flags()))
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
        let server = try TestServer(app: Self.app(Flags()))
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
        let server = try TestServer(app: Self.app(flags))
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
}
