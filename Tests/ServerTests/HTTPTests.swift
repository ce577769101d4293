import Foundation
import JetwayAssets
import JetwayBrowser
import JetwayWire
import Testing

@testable import JetwayServer

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

@MainActor
@Suite(.serialized)
struct HTTPTests {
    /// Every HTTP transaction lets its connection go when it ends: lws frees the slot that
    /// held it when the transaction unbinds, and every answered request used to keep its
    /// connection for the life of the process (1,000,000 fuzzed requests: +200 MB).
    @Test func answeredRequestsLeaveNoConnectionBehind() async throws {
        let server = try TestServer()
        defer { server.stop() }
        let before = Connection.live
        let port = server.port
        await Task.detached {
            for number in 0..<2_000 {
                // Some on sockets that stay open for another request (keep-alive), some closed.
                let request =
                    number % 2 == 0
                    ? "GET /_jetway/nothing HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\nGET / HTTP/1.1\r\nHost: 127.0.0.1\r\nConnection: close\r\n\r\n"
                    : "GET /assets/jetway.css HTTP/1.0\r\n\r\n"
                _ = HTTPFuzzTests.exchange(port: port, Array(request.utf8))
            }
        }.value
        // Other suites' sockets come and go meanwhile: the slack is theirs.
        var after = Connection.live
        for _ in 0..<100 where after > before + 300 {
            try await Task.sleep(for: .milliseconds(50))
            after = Connection.live
        }
        #expect(after <= before + 300, "connections alive: \(before) before 3,000 requests, \(after) after")
    }

    @Test func pageIsCompleteServerRenderedHTMLWithSecurityHeaders() async throws {
        let server = try TestServer(transport: .memory)
        defer { server.stop() }
        let page = try await server.get("/", headers: ["Accept-Encoding": "identity"])
        #expect(page.status == 200)
        #expect(page.headers["content-type"] == "text/html; charset=utf-8")
        #expect(page.headers["content-length"] == String(page.body.utf8.count))
        #expect(page.headers["content-security-policy"]?.contains("script-src 'self'") == true)
        #expect(page.headers["content-security-policy"]?.contains("frame-ancestors 'none'") == true)
        #expect(page.headers["x-content-type-options"] == "nosniff")
        #expect(page.headers["referrer-policy"] == "same-origin")
        #expect(page.body.contains("Mountain Airport"))
        #expect(page.body.contains("Mountain Air MA100"))
        #expect(metaContent("jetway-token", in: page.body) != nil)
        #expect(!page.body.contains("<script>"))
    }

    @Test func unknownRoutesGetARealNotFoundPage() async throws {
        let server = try TestServer(transport: .memory)
        defer { server.stop() }
        let page = try await server.get("/no/such/page")
        #expect(page.status == 404)
        #expect(page.body.contains("Page not found"))
        // Styled by the stylesheet's own names (they once went out as `class=StyleClass.vstack`).
        #expect(page.body.contains("<main class=\"\(StyleClass.vstack)\""), "\(page.body)")
        #expect(!page.body.contains("StyleClass") && !page.body.contains("RuntimeContract"))
        #expect(page.headers["content-security-policy"] != nil)
    }

    @Test func assetsHaveTypesETagsAndRevalidate() async throws {
        let server = try TestServer(transport: .memory)
        defer { server.stop() }
        let script = try await server.get("/assets/jetway.js")
        #expect(script.status == 200)
        #expect(script.headers["content-type"] == "text/javascript; charset=utf-8")
        let css = try await server.get("/assets/jetway.css")
        #expect(css.headers["content-type"] == "text/css; charset=utf-8")
        let etag = try #require(script.headers["etag"])
        #expect(script.headers["cache-control"]?.contains("max-age") == true)
        let again = try await server.get("/assets/jetway.js", headers: ["If-None-Match": etag])
        #expect(again.status == 304)
    }

    /// An app folder with a secret beside it (and one beside the data folder's parent).
    static func appFolderWithSecretBeside() throws -> String {
        let parent = NSTemporaryDirectory() + "jetway-traversal-\(UUID().uuidString)"
        try FileManager.default.createDirectory(atPath: parent + "/assets/images", withIntermediateDirectories: true)
        try "TOP-SECRET".write(toFile: parent + "/secret.txt", atomically: true, encoding: .utf8)
        try "TOP-SECRET".write(toFile: parent + "/assets/.hidden", atomically: true, encoding: .utf8)
        try "inside".write(toFile: parent + "/assets/images/inside.txt", atomically: true, encoding: .utf8)
        return parent + "/assets"
    }

    @Test(arguments: [
        "GET /assets/../secret.txt HTTP/1.1", "GET /assets/%2e%2e/secret.txt HTTP/1.1", "GET /assets/..%2fsecret.txt HTTP/1.1",
        "GET /assets/%2e%2e%2fsecret.txt HTTP/1.1", "GET /assets/images/../../secret.txt HTTP/1.1",
        "GET /assets/images/%2e%2e/%2e%2e/secret.txt HTTP/1.1", "GET /assets/%2e%2e%2f%2e%2e%2fetc/passwd HTTP/1.1",
        "GET /assets/images/inside.txt%00.png HTTP/1.1", "GET /assets/ HTTP/1.1", "GET /assets/.hidden HTTP/1.1",
        "GET /assets/%2ehidden HTTP/1.1", "GET /assets/images/..\\..\\secret.txt HTTP/1.1",
    ])
    func nothingOutsideTheAssetsFolderCanBeRead(_ requestLine: String) async throws {
        let folder = try Self.appFolderWithSecretBeside()
        let server = try TestServer { $0.assetsDirectory = folder }
        defer { server.stop() }
        #expect(await server.rawRequest("GET /assets/images/inside.txt HTTP/1.1").contains("inside"), "the folder is served")
        let response = await server.rawRequest(requestLine)
        #expect(!response.contains("TOP-SECRET"))
        #expect(!response.contains("root:x:0"))
        #expect(!response.hasPrefix("HTTP/1.1 200"), "\(response.prefix(200))")
    }

    @Test func fileNamesMayHoldAPercentSign() async throws {
        let folder = try Self.appFolderWithSecretBeside()
        try "full".write(toFile: folder + "/images/100%.txt", atomically: true, encoding: .utf8)
        let server = try TestServer(transport: .memory) { $0.assetsDirectory = folder }
        defer { server.stop() }
        #expect(try await server.get("/assets/images/100%25.txt").body == "full")
    }

    @Test func conditionalRequestsUseWeakComparisonAndNoContentLength() async throws {
        let server = try TestServer()
        defer { server.stop() }
        let etag = try #require(try await server.get("/assets/jetway.css", headers: ["Accept-Encoding": "identity"]).headers["etag"])
        for header in ["W/\(etag)", "\"other\", \(etag)", "*"] {
            let response = await server.rawRequest("GET /assets/jetway.css HTTP/1.1\r\nIf-None-Match: \(header)")
            #expect(response.hasPrefix("HTTP/1.1 304"), "\(header)")
            #expect(!response.lowercased().contains("content-length"), "\(header)")
        }
        let other = await server.rawRequest("GET /assets/jetway.css HTTP/1.1\r\nIf-None-Match: \"other\"")
        #expect(other.hasPrefix("HTTP/1.1 200"))
    }

    @Test func symlinksOutOfTheAssetsFolderAreRefused() throws {
        let directory = NSTemporaryDirectory() + "jetway-assets-\(UUID().uuidString)"
        try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
        try "inside".write(toFile: directory + "/inside.txt", atomically: true, encoding: .utf8)
        try FileManager.default.createSymbolicLink(atPath: directory + "/escape.txt", withDestinationPath: "/etc/hostname")
        let files = try StaticFiles(directory: directory)
        #expect(files.response(for: "inside.txt", ifNoneMatch: nil)?.status == 200)
        #expect(files.response(for: "escape.txt", ifNoneMatch: nil) == nil)
    }

    @Test func oneAddressCannotOpenUnboundedSessions() async throws {
        let server = try TestServer(transport: .memory) { $0.maxSessionsPerAddress = 3 }
        defer { server.stop() }
        for _ in 0..<3 { #expect(try await server.get("/").status == 200) }
        let refused = try await server.get("/")
        #expect(refused.status == 429)
        // Expired sessions free their slots.
        server.server.sessions.sweep(now: Date().addingTimeInterval(3600))
        #expect(try await server.get("/").status == 200)
    }

    @Test func theServerStopsCleanlyOnSIGTERM() async throws {
        let binary = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent(
            "../../.build/debug/MountainAirport"
        ).standardized
        try #require(FileManager.default.isExecutableFile(atPath: binary.path), "build the MountainAirport product first")
        let port = TestServer.freePort()
        let process = Process()
        process.executableURL = binary
        process.environment = ["JETWAY_PORT": String(port), "JETWAY_DATA": NSTemporaryDirectory() + "jetway-sigterm-\(UUID().uuidString)"]
        // From a folder with no Assets/: the runtime and stylesheet come from the binary.
        process.currentDirectoryURL = URL(fileURLWithPath: NSTemporaryDirectory())
        process.standardOutput = FileHandle.nullDevice
        process.standardError = FileHandle.nullDevice
        try process.run()
        var up = false
        for _ in 0..<100 where !up {
            try await Task.sleep(for: .milliseconds(50))
            up = (try? await URLSession.shared.data(from: URL(string: "http://127.0.0.1:\(port)/gate/A1")!)) != nil
        }
        #expect(up)
        let script = try? await URLSession.shared.data(from: URL(string: "http://127.0.0.1:\(port)/assets/jetway.js")!)
        #expect((script?.1 as? HTTPURLResponse)?.statusCode == 200)
        kill(process.processIdentifier, SIGTERM)
        let exited = await offPool { () -> Int32 in
            process.waitUntilExit()
            return process.terminationStatus
        }
        #expect(exited == 0)
    }

    @Test func postIsRefused() async throws {
        let server = try TestServer(transport: .memory)
        defer { server.stop() }
        #expect(await server.exchange("POST / HTTP/1.1", body: "").status == 405)
    }

    @Test func anOverlongAddressOrHeaderGetsAStatusThatSaysSo() async throws {
        let server = try TestServer()
        defer { server.stop() }
        let longPath = await server.rawRequest("GET /" + String(repeating: "a", count: 9000) + " HTTP/1.1")
        #expect(longPath.hasPrefix("HTTP/1.1 414") && longPath.contains("longer than 8192 bytes"), "\(longPath.prefix(120))")
        let longQuery = await server.rawRequest("GET /?q=" + String(repeating: "b", count: 9000) + " HTTP/1.1")
        #expect(longQuery.hasPrefix("HTTP/1.1 414"))
        let bigCookie = await server.rawRequest("GET / HTTP/1.1\r\nCookie: c=" + String(repeating: "c", count: 9000))
        #expect(bigCookie.hasPrefix("HTTP/1.1 431"), "\(bigCookie.prefix(120))")
        #expect(bigCookie.lowercased().contains("x-content-type-options: nosniff"), "with the security headers")
        // Past what lws keeps for a request it still closes the socket; the server goes on.
        let huge = await server.rawRequest("GET /" + String(repeating: "d", count: 40000) + " HTTP/1.1")
        #expect(!huge.hasPrefix("HTTP/1.1 2"))
        #expect(try await server.get("/").status == 200)
        // Within the limits, a long address is served as usual.
        #expect(await server.rawRequest("GET /?q=" + String(repeating: "e", count: 4000) + " HTTP/1.1").hasPrefix("HTTP/1.1 200"))
    }

    @Test func jetwaysOwnFilesAreBuiltInAndCurrent() async throws {
        let server = try TestServer(transport: .memory)
        defer { server.stop() }
        let repository = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("../../Assets").standardized
        // A runtime is its parts from disk, joined in one function scope; the contract's table
        // (wire.js, first) is written into the code where it is read, not served. A Jetway page
        // loads jetway-page.js; jetway.js adds what a page hosting live views needs (host.js).
        let contract = Array(try Data(contentsOf: repository.appendingPathComponent(BundledAssets.runtimeParts[0].name)))
        let values = InlinedWire.values(from: contract)
        #expect(values["attribute.id"] == "\"data-j\"" && values["timing.pingInterval"] == "10000" && values["subprotocol"] == "\"jetway\"")
        for (bundle, parts) in [
            ("jetway-page.js", BundledAssets.runtimeParts), ("jetway.js", BundledAssets.runtimeParts + [BundledAssets.hostPart]),
        ] {
            var joined = Array("(() => {\n\"use strict\";\n".utf8)
            for part in parts.dropFirst() {
                joined += Array("// \(part.name)\n".utf8) + Array(try Data(contentsOf: repository.appendingPathComponent(part.name)))
            }
            joined += Array("})();\n".utf8)
            let inlined = try #require(
                InlinedWire.apply(to: Minified.script(joined), values: values), "a part reads a name the contract lacks")
            let served = try await server.get("/assets/" + bundle)
            #expect(served.status == 200 && served.headers["content-type"] == "text/javascript; charset=utf-8", "\(bundle)")
            #expect(served.body == String(decoding: inlined, as: UTF8.self), "\(bundle) is its parts as they are on disk")
            let runtime = served.body.split(separator: "\n")
            let sourceLines = String(decoding: joined, as: UTF8.self).split(separator: "\n")
                .map { $0.drop { $0 == " " } }.filter { !$0.isEmpty && !$0.hasPrefix("//") }
            #expect(runtime.count == sourceLines.count, "every line of code is kept")
            #expect(
                zip(runtime, sourceLines).allSatisfy { $0 == $1 || $1.contains("wire.") }, "only lines that read the contract are rewritten"
            )
            #expect(runtime.first == "(() => {" && runtime.last == "})();" && !runtime.contains { $0.contains("wire.") })
            #expect(runtime.contains { $0.contains(#""data-j""#) }, "the names are written in")
            #expect(runtime.count > 200 && !runtime.contains { $0.hasPrefix("//") || $0.hasPrefix(" ") })
            #expect(runtime.contains { $0.contains("function hostViews()") } == (bundle == "jetway.js"))
        }
        for name in ["jetway.css", "favicon.svg"] {
            let served = try await server.get("/assets/" + name)
            let source = Array(try Data(contentsOf: repository.appendingPathComponent(name)))
            #expect(
                served.status == 200
                    && served.body == String(decoding: name == "jetway.css" ? Minified.stylesheet(source) : source, as: UTF8.self))
        }
        let stylesheet = try await server.get("/assets/jetway.css").body
        #expect(!stylesheet.contains("/*") && stylesheet.contains(".jw-list-row {"))
        #expect(try await server.get("/assets/favicon.svg").headers["content-type"] == "image/svg+xml")
        // The page links them with their fingerprint, and an icon, so the console stays clean.
        let page = try await server.get("/").body
        #expect(page.contains("<script src=\"/assets/jetway-page.js?v="))
        #expect(page.contains("<link rel=\"stylesheet\" href=\"/assets/jetway.css?v="))
        #expect(page.contains("<link rel=\"icon\" href=\"/assets/favicon.svg\""))
        // The fingerprinted URL the page links is cacheable for good; a stale fingerprint is not.
        let script = try #require(page.range(of: "/assets/jetway-page.js?v=").map { page[$0.lowerBound...].prefix { $0 != "\"" } })
        #expect(try await server.get(String(script)).headers["cache-control"] == "public, max-age=31536000, immutable")
        #expect(try await server.get("/assets/jetway.js?v=old").headers["cache-control"] == "public, max-age=60, must-revalidate")
        let icon = try await server.get("/favicon.ico")
        #expect(icon.status == 204 && icon.headers["content-length"] == nil)
    }

    @Test func anAppsOwnFolderAddsFilesButNeverReplacesTheRuntime() async throws {
        let directory = NSTemporaryDirectory() + "jetway-app-assets-\(UUID().uuidString)"
        try FileManager.default.createDirectory(atPath: directory + "/images", withIntermediateDirectories: true)
        try "theme".write(toFile: directory + "/theme.css", atomically: true, encoding: .utf8)
        try "stale".write(toFile: directory + "/jetway.js", atomically: true, encoding: .utf8)
        try FileManager.default.createDirectory(atPath: directory + "/jetway.css", withIntermediateDirectories: true)
        try "<svg/>".write(toFile: directory + "/favicon.svg", atomically: true, encoding: .utf8)
        let server = try TestServer(transport: .memory) { $0.assetsDirectory = directory }
        defer { server.stop() }
        #expect(try await server.get("/assets/theme.css").body == "theme")
        #expect(try await server.get("/assets/favicon.svg").body == "<svg/>")
        for path in ["/assets/jetway.js", "/assets/jetway.js/", "/assets//jetway.js", "/assets/./jetway.js"] {
            #expect(try await server.get(path).body.contains("window.jetway = createView({"), "\(path)")
        }
        #expect(try await server.get("/assets/missing.png").status == 404)
    }

    @Test func aMissingAssetsFolderStopsStartUpWithAClearError() throws {
        let missing = NSTemporaryDirectory() + "jetway-no-such-folder-\(UUID().uuidString)"
        #expect(throws: ServerError.assetsDirectoryMissing(missing)) { try TestServer { $0.assetsDirectory = missing } }
        #expect(ServerError.assetsDirectoryMissing(missing).description.contains("does not exist"))
    }

    nonisolated static let hasIPv6Loopback =
        (try? String(contentsOfFile: "/proc/net/if_inet6", encoding: .utf8))?.contains("00000000000000000000000000000001") == true

    @Test(arguments: [("127.0.0.1", "127.0.0.1"), ("localhost", "127.0.0.1"), ("0.0.0.0", "0.0.0.0")])
    func anIPv4AddressBindsOnlyThat(_ host: String, _ bound: String) throws {
        let server = try TestServer { $0.host = host }
        defer { server.stop() }
        #expect(ListeningSockets.addresses(port: server.port) == [bound])
    }

    @Test(.enabled(if: hasIPv6Loopback, "this machine has no IPv6 loopback"), arguments: [("::1", "::1"), ("[::1]", "::1"), ("::", "::")])
    func anIPv6AddressBindsOnlyThatAndNoIPv4(_ host: String, _ bound: String) throws {
        let server = try TestServer { $0.host = host }
        defer { server.stop() }
        #expect(ListeningSockets.addresses(port: server.port) == [bound])
        #expect(!ListeningSockets.accepts(port: server.port, on: "127.0.0.1"), "IPV6_V6ONLY: no IPv4 through the IPv6 socket")
    }

    @Test(.enabled(if: hasIPv6Loopback, "this machine has no IPv6 loopback"))
    func anAsteriskListensOnBothFamilies() throws {
        let server = try TestServer { $0.host = "*" }
        defer { server.stop() }
        #expect(ListeningSockets.accepts(port: server.port, on: "127.0.0.1"))
        #expect(ListeningSockets.accepts(port: server.port, on: "::1"))
    }

    @Test(arguments: ["no-such-host.invalid", "", " "])
    func anUnknownOrEmptyHostIsAClearError(_ host: String) {
        #expect(throws: ServerError.badHost(host)) { try TestServer { $0.host = host } }
    }

    /// A port another program holds (a second copy of the app, often) says so and what to do;
    /// so does an address of another machine.
    @Test func aPortInUseOrAnotherMachinesAddressIsAClearError() throws {
        let first = try TestServer()
        defer { first.stop() }
        let port = first.port
        #expect {
            try TestServer(port: port)
        } throws: { error in
            guard case ServerError.cannotListen(_, port, .inUse) = error else { return false }
            let text = String(describing: error)
            return text.contains("another program is listening on port \(port)") && text.contains("JETWAY_PORT")
        }
        #expect {
            try TestServer { $0.host = "192.0.2.7" }
        } throws: { error in
            guard case ServerError.cannotListen(_, _, .notThisMachine) = error else { return false }
            return String(describing: error).contains("not one of this machine's")
        }
    }

    @Test func aBadPortSettingIsAClearError() throws {
        #expect(throws: ServerError.badPort("80a")) { try ServerConfiguration.fromEnvironment(["JETWAY_PORT": "80a"]) }
        #expect(throws: ServerError.badPort("70000")) { try ServerConfiguration.fromEnvironment(["JETWAY_PORT": "70000"]) }
        let configuration = try ServerConfiguration.fromEnvironment(["JETWAY_PORT": "9090", "JETWAY_HOST": "::1"])
        #expect(configuration.port == 9090 && configuration.host == "::1" && configuration.assetsDirectory == nil)
    }

    /// What a server behind nginx needs is set from the environment as well (MountainAirport
    /// reads nothing else), and a wrong value stops the start with the variable's name.
    @Test func proxySettingsComeFromTheEnvironment() throws {
        let configuration = try ServerConfiguration.fromEnvironment([
            "JETWAY_TRUSTED_PROXIES": "127.0.0.1, ::1", "JETWAY_SECURE_COOKIES": "1",
            "JETWAY_MAX_SESSIONS_PER_ADDRESS": "20000", "JETWAY_MAX_WEBSOCKETS_PER_ADDRESS": "30000",
        ])
        #expect(configuration.trustedProxies == ["127.0.0.1", "::1"])
        // Written as a peer's address is: the short IPv6 form, an IPv4-mapped one as IPv4.
        let spelled = try ServerConfiguration.fromEnvironment(["JETWAY_TRUSTED_PROXIES": "0:0:0:0:0:0:0:1,::ffff:10.0.0.7"])
        #expect(spelled.trustedProxies == ["::1", "10.0.0.7"])
        #expect(JetwayServer.peerAddress("::ffff:127.0.0.1") == "127.0.0.1" && JetwayServer.peerAddress("::1") == "::1")
        #expect(configuration.secureCookies)
        #expect(configuration.maxSessionsPerAddress == 20000 && configuration.maxWebSocketsPerAddress == 30000)
        let plain = try ServerConfiguration.fromEnvironment([:])
        #expect(plain.trustedProxies.isEmpty && !plain.secureCookies && plain.maxSessionsPerAddress == 500)
        #expect(!(try ServerConfiguration.fromEnvironment(["JETWAY_SECURE_COOKIES": "off"]).secureCookies))
        for (name, value) in [
            ("JETWAY_TRUSTED_PROXIES", "nginx.local"), ("JETWAY_SECURE_COOKIES", "maybe"),
            ("JETWAY_MAX_SESSIONS_PER_ADDRESS", "0"), ("JETWAY_MAX_WEBSOCKETS_PER_ADDRESS", "lots"),
        ] {
            #expect(throws: ServerError.self, "\(name)=\(value)") { try ServerConfiguration.fromEnvironment([name: value]) }
            do {
                _ = try ServerConfiguration.fromEnvironment([name: value])
            } catch {
                #expect(error.description.hasPrefix("\(name)=\"\(value)\" is not"), "\(error)")
            }
        }
    }

    @Test func tokenLifetimeAndObservationCountingComeFromTheEnvironment() throws {
        let configuration = try ServerConfiguration.fromEnvironment(["JETWAY_TOKEN_LIFETIME": "120", "JETWAY_COUNT_OBSERVATIONS": "1"])
        #expect(configuration.tokenLifetime == 120 && configuration.countsObservations)
        let plain = try ServerConfiguration.fromEnvironment([:])
        #expect(plain.tokenLifetime == 24 * 3600 && !plain.countsObservations)
        for value in ["59", "a day", "-1"] {
            #expect(throws: ServerError.self, "JETWAY_TOKEN_LIFETIME=\(value)") {
                try ServerConfiguration.fromEnvironment(["JETWAY_TOKEN_LIFETIME": value])
            }
        }
        // What a client that stopped reading may cost: the server's queue and the kernel's buffer.
        let small = try ServerConfiguration.fromEnvironment(["JETWAY_MAX_QUEUED_BYTES": "65536", "JETWAY_SOCKET_SEND_BUFFER": "131072"])
        #expect(small.maxQueuedBytes == 65536 && small.socketSendBuffer == 131072)
        #expect(plain.maxQueuedBytes == 1024 * 1024 && plain.socketSendBuffer == 256 * 1024)
        #expect(throws: ServerError.self) { try ServerConfiguration.fromEnvironment(["JETWAY_MAX_QUEUED_BYTES": "lots"]) }
    }

    /// `/_jetway/stats` answers an API token only (anyone else gets the not-found page), with
    /// the sessions the server holds and the views' live Observation registrations.
    @Test func statsAnswerAnAPITokenWithSessionsAndObservations() async throws {
        let server = try TestServer(transport: .memory) {
            $0.apiTokens = ["stats-token-0123456789"]
            $0.countsObservations = true
        }
        defer { server.stop() }
        for headers in [[:], ["Authorization": "Bearer wrong-token"], ["Authorization": "stats-token-0123456789"]] {
            let refused = try await server.get("/_jetway/stats", headers: headers)
            #expect(refused.status == 404, "\(headers)")
            #expect(!refused.body.contains("sessions"))
        }
        func stats() async throws -> [String: Int] {
            let answer = try await server.get("/_jetway/stats", headers: ["Authorization": "Bearer stats-token-0123456789"])
            #expect(answer.status == 200 && answer.headers["content-type"] == "application/json")
            let object = try #require(try JSONSerialization.jsonObject(with: Data(answer.body.utf8)) as? [String: Any])
            return object.compactMapValues { $0 as? Int }
        }
        let before = try await stats()
        #expect(before["sessions"] == 0 && before["connected"] == 0 && before["overflows"] == 0 && before["uptime_s"] != nil)
        let page = try await server.get("/gate/A1")
        #expect(page.status == 200)
        let after = try await stats()
        #expect(after["sessions"] == 1 && after["connected"] == 0)
        // The kiosk's views read the model: its evaluations hold live registrations (the count
        // is the process's, shared with tests running beside this one, so only "some").
        #expect((after["observations"] ?? 0) > 0, "\(before) → \(after)")
        // The stats request's own connection at least (the process's count, as above).
        #expect((after["connections"] ?? 0) >= 1, "\(after)")
    }

    /// A raw GET with these headers: the status line and headers, and the body as bytes.
    func rawGet(_ server: TestServer, _ path: String, _ headers: String) async -> (head: String, body: [UInt8]) {
        let response = await server.rawBytes("GET \(path) HTTP/1.1\r\n\(headers)")
        guard let end = response.firstRange(of: Array("\r\n\r\n".utf8)) else { return ("", []) }
        return (String(decoding: response[..<end.lowerBound], as: UTF8.self).lowercased(), Array(response[end.upperBound...]))
    }

    @Test func pagesAndAssetsAreGzippedForBrowsersThatAcceptIt() async throws {
        let server = try TestServer()
        defer { server.stop() }
        let plain = await rawGet(server, "/", "Accept-Encoding: identity")
        let zipped = await rawGet(server, "/", "Accept-Encoding: gzip, deflate, br")
        #expect(!plain.head.contains("content-encoding"))
        #expect(zipped.head.contains("content-encoding: gzip") && zipped.head.contains("vary: accept-encoding"))
        let page = String(decoding: try #require(Gzip.decompress(zipped.body)), as: UTF8.self)
        #expect(page.hasPrefix("<!doctype html>") && page.hasSuffix("</html>") && page.contains("Mountain Air MA100"))
        #expect(zipped.body.count * 4 < plain.body.count, "gzip: \(zipped.body.count) of \(plain.body.count) bytes")

        let script = await rawGet(server, "/assets/jetway.js", "Accept-Encoding: gzip")
        #expect(script.head.contains("content-encoding: gzip"))
        #expect(Gzip.decompress(script.body) == BundledAssets.files["jetway.js"])
        let scriptPlain = await rawGet(server, "/assets/jetway.js", "Accept-Encoding: gzip;q=0")
        #expect(!scriptPlain.head.contains("content-encoding") && scriptPlain.body == BundledAssets.files["jetway.js"])
        // Each representation has its own ETag, and each revalidates.
        let etag = { (head: String) in
            head.split(separator: "\r\n").first { $0.hasPrefix("etag:") }.map {
                String($0.dropFirst(5)).trimmingCharacters(in: .whitespaces)
            }
        }
        let zippedTag = try #require(etag(script.head)), plainTag = try #require(etag(scriptPlain.head))
        #expect(zippedTag != plainTag)
        #expect(
            await rawGet(server, "/assets/jetway.js", "Accept-Encoding: gzip\r\nIf-None-Match: \(zippedTag)").head.hasPrefix("http/1.1 304")
        )
    }

    @Test func acceptEncodingIsReadAsTheRFCSays() {
        #expect(Gzip.isAccepted(by: "gzip"))
        #expect(Gzip.isAccepted(by: "deflate, gzip;q=0.5"))
        #expect(Gzip.isAccepted(by: "*"))
        #expect(Gzip.isAccepted(by: "GZIP"))
        #expect(!Gzip.isAccepted(by: nil))
        #expect(!Gzip.isAccepted(by: "identity"))
        #expect(!Gzip.isAccepted(by: "gzip;q=0"))
        #expect(!Gzip.isAccepted(by: "gzip; q=0.000"))
        #expect(!Gzip.isAccepted(by: "br, deflate"))
        #expect(Gzip.isAccepted(by: "*;q=0, gzip"))
        #expect(!Gzip.isAccepted(by: "gzip;q=0, *"))
        #expect(Gzip.decompress(Array("not gzip".utf8)) == nil)
    }
}

/// The local addresses listening on a TCP port, read from the kernel's socket tables.
enum ListeningSockets {
    /// The addresses listening on `port`. The kernel's tables are read a page at a time and
    /// change under a busy test run, so an empty answer is read again a few times.
    static func addresses(port: Int) -> [String] {
        for attempt in 0..<5 {
            let found = read(port: port)
            if !found.isEmpty || attempt == 4 { return found }
            usleep(50_000)
        }
        return []
    }

    private static func read(port: Int) -> [String] {
        var found: [String] = []
        for (file, family) in [("/proc/net/tcp", AF_INET), ("/proc/net/tcp6", AF_INET6)] {
            guard let handle = FileHandle(forReadingAtPath: file), let data = try? handle.readToEnd() else { continue }
            let table = String(decoding: data, as: UTF8.self)
            for line in table.split(separator: "\n").dropFirst() {
                let fields = line.split(separator: " ")
                guard fields.count > 3, fields[3] == "0A" else { continue }  // LISTEN
                let local = fields[1].split(separator: ":")
                guard local.count == 2, Int(local[1], radix: 16) == port else { continue }
                found.append(text(ofHex: String(local[0]), family: family))
            }
        }
        return found
    }

    /// Whether a TCP connection to `address`:`port` is accepted.
    static func accepts(port: Int, on address: String) -> Bool {
        var hints = addrinfo()
        hints.ai_flags = AI_NUMERICHOST
        hints.ai_socktype = Int32(SOCK_STREAM.rawValue)
        var result: UnsafeMutablePointer<addrinfo>?
        guard getaddrinfo(address, String(port), &hints, &result) == 0, let info = result else { return false }
        defer { freeaddrinfo(result) }
        let fd = socket(info.pointee.ai_family, info.pointee.ai_socktype, 0)
        defer { close(fd) }
        return connect(fd, info.pointee.ai_addr, info.pointee.ai_addrlen) == 0
    }

    /// /proc writes addresses as hex of the bytes in host order per 32-bit word.
    private static func text(ofHex hex: String, family: Int32) -> String {
        var bytes: [UInt8] = []
        var index = hex.startIndex
        while index < hex.endIndex {
            let next = hex.index(index, offsetBy: 8)
            let word = UInt32(hex[index..<next], radix: 16) ?? 0
            withUnsafeBytes(of: word.bigEndian) { bytes.append(contentsOf: $0.reversed()) }
            index = next
        }
        var text = [CChar](repeating: 0, count: 64)
        _ = inet_ntop(family, bytes, &text, socklen_t(text.count))
        return String(decoding: text.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
    }
}

extension HTTPTests {
    /// Requests libwebsockets refuses by itself get its answer, with the same security headers
    /// as ours; ours carry each of them once.
    @Test(arguments: ["TRACE / HTTP/1.1", "GET http://example.com/ HTTP/1.1", "GET /%zz HTTP/1.1", "OPTIONS * HTTP/1.1", "GET / HTTP/1.1"])
    func everyAnswerCarriesTheSecurityHeadersOnce(_ requestLine: String) async throws {
        let server = try TestServer()
        defer { server.stop() }
        let response = await server.rawRequest(requestLine).lowercased()
        let head = response.components(separatedBy: "\r\n\r\n").first ?? ""
        #expect(head.hasPrefix("http/1.1 ") || head.hasPrefix("http/1.0 4"), "no status: \(head.prefix(200))")
        for header in [
            "x-content-type-options: nosniff", "x-frame-options: deny", "referrer-policy: same-origin", "content-security-policy: ",
        ] {
            #expect(head.components(separatedBy: header).count == 2, "\(requestLine): \(header) not once in \(head)")
        }
    }
}

extension HTTPTests {
    /// Framing is refused unless the app names the origins that may frame it.
    @Test func framingIsAllowedOnlyForConfiguredOrigins() {
        let none = Dictionary(uniqueKeysWithValues: HTTPResponse.securityHeaders(frameAncestors: []))
        #expect(none["content-security-policy"]?.contains("frame-ancestors 'none'") == true)
        #expect(none["x-frame-options"] == "DENY")
        let some = Dictionary(
            uniqueKeysWithValues: HTTPResponse.securityHeaders(frameAncestors: [
                "https://intranet.example", "javascript:x", "https://a.example; script-src *",
            ]))
        #expect(some["content-security-policy"]?.contains("frame-ancestors https://intranet.example;") == true)
        #expect(some["content-security-policy"]?.contains("script-src *") == false)
        #expect(some["x-frame-options"] == nil)
    }
}
