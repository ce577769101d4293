import Foundation
import Jetway
import Testing

@testable import JetwayServer

/// The server's side of `jetway dev` (`InMemoryTransport`): it follows the loop's report and
/// tells every open page; after a trap it holds pages; its build identity survives a rebuild of
/// the views. (The loop and the runtime's overlay, in Chromium: NewAppTests.)
@MainActor
@Suite(.serialized)
struct DevelopmentReportTests {
    struct Board: View {
        @State private var gate = ""
        var body: some View { TextField("Gate", text: $gate) }
    }

    let folder = URL(fileURLWithPath: NSTemporaryDirectory()).appendingPathComponent("jetway-dev-\(UUID().uuidString)")
    var reportFile: URL { folder.appendingPathComponent("report") }

    func memory(development: Bool = true, stylesheets: [String] = []) throws -> InMemoryTransport {
        var configuration = ServerConfiguration()
        configuration.secret = TestServer.secret
        configuration.dataDirectory = folder.appendingPathComponent("data").path
        configuration.developmentMode = development
        configuration.developmentReport = reportFile.path
        var app = JetwayApp(title: "Board", routes: [Route("/") { _ in Board() }])
        app.stylesheets = stylesheets
        return try InMemoryTransport(app: app, configuration: configuration)
    }

    func write(_ report: DevelopmentReport) throws {
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        try Data(ServerMessage.development(report).encoded).write(to: reportFile)
    }

    func build(of page: InMemoryPage) -> String { InMemoryPage.meta(RuntimeContract.Meta.build, in: page.html) ?? "" }

    @Test func everyOpenPageIsToldWhatTheLoopSays() throws {
        defer { try? FileManager.default.removeItem(at: folder) }
        try write(DevelopmentReport(state: .running))
        let memory = try memory()
        let page = memory.get("/")
        let socket = memory.connect()
        socket.send(page.joinMessage(build: build(of: page)))
        // Said on every join: a page back from the last process may still show "Building…".
        #expect(socket.receive() == [#"["dev","running","",[]]"#, "[\"joined\",\(page.version)]"])

        let failed = DevelopmentReport(
            state: .failed, summary: "Build failed: 1 error",
            problems: [
                .init(file: "Sources/Board/Board.swift", line: 3, column: 9, message: "cannot find 'x' in scope", excerpt: "Text(x)")
            ])
        try write(failed)
        memory.server.sessions.development?.poll()
        #expect(socket.receive() == [String(decoding: ServerMessage.development(failed).encoded, as: UTF8.self)])
        // Nothing new, nothing sent.
        memory.server.sessions.development?.poll()
        #expect(socket.receive().isEmpty)
        try write(DevelopmentReport(state: .running))
        memory.server.sessions.development?.poll()
        #expect(socket.receive() == [#"["dev","running","",[]]"#])
        // Pages are as they were: live.
        #expect(memory.get("/").status == 200)
    }

    @Test func afterATrapPagesAreHeldUntilTheNextBuild() throws {
        defer { try? FileManager.default.removeItem(at: folder) }
        let trap = CrashReportFixture.report
        try write(trap)
        let memory = try memory()
        #expect(memory.server.sessions.development?.holdsPages == true)
        // A new address: the report, asking again each second, no session made.
        let held = memory.get("/")
        #expect(
            held.status == 503 && held.html.contains("Trapped: Index out of range") && held.html.contains("Sources/Board/Board.swift:4:14"))
        #expect(held.html.contains(#"http-equiv="refresh""#) && memory.sessionCount == 0)
        // An open page (its token from the process that trapped) is told and not mounted.
        let before = try self.memory(development: true)
        let page = before.get("/")
        let socket = memory.connect()
        socket.send(page.joinMessage(build: build(of: page)))
        #expect(socket.receive() == [String(decoding: ServerMessage.development(trap).encoded, as: UTF8.self)])
        #expect(memory.sessionCount == 0)
    }

    @Test func aRebuildOfTheViewsKeepsTheBuildAStylesheetChangesIt() throws {
        defer { try? FileManager.default.removeItem(at: folder) }
        let first = try memory().server.configuration.buildID
        #expect(first.hasPrefix("dev-"))
        #expect(try memory().server.configuration.buildID == first)
        #expect(try memory(stylesheets: ["board.css"]).server.configuration.buildID != first)
        // Outside development: the executable's own, as before.
        #expect(try memory(development: false).server.configuration.buildID == ServerConfiguration.defaultBuildID())
        // JETWAY_BUILD_ID, checked.
        #expect(try ServerConfiguration.fromEnvironment(["JETWAY_BUILD_ID": "v0.2.0-3"]).buildID == "v0.2.0-3")
        #expect(throws: ServerError.self) { try ServerConfiguration.fromEnvironment(["JETWAY_BUILD_ID": "a b"]) }
    }
}

enum CrashReportFixture {
    static let report = DevelopmentReport(
        state: .crashed, summary: "Trapped: Index out of range",
        problems: [.init(file: "Sources/Board/Board.swift", line: 4, column: 14, message: "Index out of range", excerpt: "Text(rows[3])")])
}

/// `/_jetway/docs/` reads nothing outside its folder, whatever the path (libwebsockets already
/// resolves `..` in what it is sent: these go to the reader directly).
struct DocumentationFilesTests {
    @Test func nothingOutsideTheFolderNotEvenThroughALink() throws {
        let root = URL(fileURLWithPath: NSTemporaryDirectory()).appendingPathComponent("jetway-docfiles-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: root) }
        let docs = root.appendingPathComponent("docs/Gates")
        try FileManager.default.createDirectory(at: docs.appendingPathComponent("documentation/gates"), withIntermediateDirectories: true)
        try "<script>var baseUrl = \"/_jetway/docs/Gates/\"</script>".write(
            to: docs.appendingPathComponent("index.html"), atomically: true, encoding: .utf8)
        try "secret".write(to: root.appendingPathComponent("secret.txt"), atomically: true, encoding: .utf8)
        try FileManager.default.createSymbolicLink(
            atPath: docs.appendingPathComponent("out.txt").path, withDestinationPath: root.appendingPathComponent("secret.txt").path)
        try FileManager.default.createSymbolicLink(atPath: docs.appendingPathComponent("up").path, withDestinationPath: root.path)
        let files = DocumentationFiles(directory: root.appendingPathComponent("docs").path)
        #expect(files.modules == ["Gates"])
        for path in [
            "Gates/../../secret.txt", "../secret.txt", "Gates/out.txt", "Gates/up/secret.txt", "Gates/\0x", "Gates\\..\\..\\secret.txt",
        ] {
            let answer = files.response(for: path)
            #expect(answer.map { String(decoding: $0.body, as: UTF8.self).contains("secret") } != true, "\(path)")
        }
        // A page DocC routes in the browser gets the site's index, its base address in a file.
        let page = try #require(files.response(for: "Gates/documentation/gates/boarding"))
        #expect(String(decoding: page.body, as: UTF8.self) == "<script src=\"/_jetway/docs/Gates/base-url.js\"></script>")
        let base = try #require(files.response(for: "Gates/base-url.js"))
        #expect(String(decoding: base.body, as: UTF8.self) == "var baseUrl = \"/_jetway/docs/Gates/\";\n")
    }
}
