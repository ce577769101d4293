import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif
import Testing

@testable import JetwayServer

@MainActor
@Suite(.serialized)
struct HTTPTests {
    @Test func pageIsCompleteServerRenderedHTMLWithSecurityHeaders() async throws {
        let server = try TestServer()
        defer { server.stop() }
        let page = try await server.get("/")
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
        let server = try TestServer()
        defer { server.stop() }
        let page = try await server.get("/no/such/page")
        #expect(page.status == 404)
        #expect(page.body.contains("Page not found"))
        #expect(page.headers["content-security-policy"] != nil)
    }

    @Test func assetsHaveTypesETagsAndRevalidate() async throws {
        let server = try TestServer()
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

    @Test(arguments: [
        "GET /assets/../Package.swift HTTP/1.1", "GET /assets/%2e%2e/Package.swift HTTP/1.1", "GET /assets/..%2fPackage.swift HTTP/1.1",
        "GET /assets/%2e%2e%2f%2e%2e%2fetc/passwd HTTP/1.1", "GET /assets/jetway.js%00.png HTTP/1.1", "GET /assets/ HTTP/1.1",
        "GET /assets/.hidden HTTP/1.1",
    ])
    func nothingOutsideTheAssetsFolderCanBeRead(_ requestLine: String) async throws {
        let server = try TestServer()
        defer { server.stop() }
        let response = await server.rawRequest(requestLine)
        #expect(!response.contains("PackageDescription"))
        #expect(!response.contains("root:x:0"))
        #expect(!response.hasPrefix("HTTP/1.1 200"))
    }

    @Test func symlinksOutOfTheAssetsFolderAreRefused() throws {
        let directory = NSTemporaryDirectory() + "jetway-assets-\(UUID().uuidString)"
        try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
        try "inside".write(toFile: directory + "/inside.txt", atomically: true, encoding: .utf8)
        try FileManager.default.createSymbolicLink(atPath: directory + "/escape.txt", withDestinationPath: "/etc/hostname")
        let files = StaticFiles(directory: directory)
        #expect(files.response(for: "inside.txt", ifNoneMatch: nil)?.status == 200)
        #expect(files.response(for: "escape.txt", ifNoneMatch: nil) == nil)
    }

    @Test func oneAddressCannotOpenUnboundedSessions() async throws {
        let server = try TestServer { $0.maxSessionsPerAddress = 3 }
        defer { server.stop() }
        for _ in 0..<3 { #expect(try await server.get("/").status == 200) }
        let refused = try await server.get("/")
        #expect(refused.status == 429)
        // Expired sessions free their slots.
        server.server.sessions.sweep(now: Date().addingTimeInterval(3600))
        #expect(try await server.get("/").status == 200)
    }

    @Test func theServerStopsCleanlyOnSIGTERM() async throws {
        let binary = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("../../.build/debug/MountainAirport").standardized
        try #require(FileManager.default.isExecutableFile(atPath: binary.path), "build the MountainAirport product first")
        let port = TestServer.freePort()
        let process = Process()
        process.executableURL = binary
        process.environment = ["JETWAY_PORT": String(port), "JETWAY_DATA": NSTemporaryDirectory() + "jetway-sigterm-\(UUID().uuidString)",
                               "JETWAY_ASSETS": binary.deletingLastPathComponent().appendingPathComponent("../../Assets").standardized.path]
        process.standardOutput = FileHandle.nullDevice
        process.standardError = FileHandle.nullDevice
        try process.run()
        var up = false
        for _ in 0..<100 where !up {
            try await Task.sleep(for: .milliseconds(50))
            up = (try? await URLSession.shared.data(from: URL(string: "http://127.0.0.1:\(port)/gate/A1")!)) != nil
        }
        #expect(up)
        kill(process.processIdentifier, SIGTERM)
        let exited = await offPool { () -> Int32 in
            process.waitUntilExit()
            return process.terminationStatus
        }
        #expect(exited == 0)
    }

    @Test func postIsRefused() async throws {
        let server = try TestServer()
        defer { server.stop() }
        let response = await server.rawRequest("POST / HTTP/1.1\r\nContent-Length: 0")
        #expect(response.hasPrefix("HTTP/1.1 405"))
    }
}
