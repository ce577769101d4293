import Foundation
import JetwayDevelopment
import JetwayWire
import Testing

/// What `jetway dev` reads: a failed build's errors, a trap's place, and which files changed.
/// (The loop itself, against a real app in Chromium: ServerTests' NewAppTests.)
struct BuildDiagnosticsTests {
    let source = """
        import Jetway

        struct BoardView: View {
            var body: some View {
                Text(title)
            }
        }
        """

    @Test func eachErrorOnceWithItsPlaceAndLine() {
        // What `swift build` prints, in Swift 6's own style (the snippet under the first line of
        // each error), the driver's summaries, a warning and a note.
        let output = """
            Building for debugging...
            [1/4] Compiling Board BoardView.swift
            /home/me/Board/Sources/Board/BoardView.swift:5:18: error: cannot find 'title' in scope
             3 | struct BoardView: View {
             4 |     var body: some View {
             5 |         Text(title)
               |              `- error: cannot find 'title' in scope
            /home/me/Board/Sources/Board/BoardView.swift:5:18: error: cannot find 'title' in scope
            /home/me/Board/Sources/Board/Other.swift:2:1: warning: variable 'x' was never used
            /home/me/Board/Sources/Board/Other.swift:2:1: note: consider replacing
            \u{1B}[1m/home/me/Board/Sources/Board/Model.swift:40:3: \u{1B}[31merror: \u{1B}[0mextraneous '}' at top level
            error: emit-module command failed with exit code 1 (use -v to see invocation)
            error: link command failed with exit code 1 (use -v to see invocation)
            """
        let diagnostics = BuildDiagnostics(output: output, package: "/home/me/Board") { path in
            path.hasSuffix("BoardView.swift") ? source : nil
        }
        #expect(diagnostics.problems.count == 3, "\(diagnostics.problems)")
        #expect(
            diagnostics.problems.first
                == .init(
                    file: "Sources/Board/BoardView.swift", line: 5, column: 18, message: "cannot find 'title' in scope",
                    excerpt: "        Text(title)"))
        #expect(
            diagnostics.problems[1].file == "Sources/Board/Model.swift" && diagnostics.problems[1].message == "extraneous '}' at top level")
        #expect(
            diagnostics.problems[2]
                == .init(file: "", line: 0, column: 0, message: "link command failed with exit code 1 (use -v to see invocation)"))
        #expect(diagnostics.summary == "Build failed: 3 errors")
    }

    @Test func aFileOutsideThePackageKeepsItsWholePath() {
        let diagnostics = BuildDiagnostics(output: "/opt/lib/X.swift:1:2: error: no", package: "/home/me/Board/")
        #expect(diagnostics.problems == [.init(file: "/opt/lib/X.swift", line: 1, column: 2, message: "no")])
    }
}

struct CrashReportTests {
    /// What a Swift 6 app prints on Linux as it traps (the runtime's backtracer).
    func output(fatal: String) -> String {
        """
        level=info event=listening host=127.0.0.1 port=8080
        \(fatal)

        *** Signal 4: Backtracing from 0x7ff04356df7f... done ***

        *** Program crashed: Illegal instruction at 0x00007ff04356df7f ***

        Thread 0 "Board" crashed:

          0      0x00007ff04356df7f closure #1 in _assertionFailure(_:_:file:line:flags:) + 623 in libswiftCore.so
          1 [ra] 0x00005584cf89f18b specialized Array.subscript.getter + 84 in libswiftSwiftOnoneSupport.so
          2 [ra] 0x00005584cf89f18b Jetway.ForEach.body + 42 in Board at /home/me/Board/.build/checkouts/Jetway/Sources/Jetway/ForEach.swift:80:9
          3 [ra] 0x00005584cf89f18b BoardView.body.getter + 42 in Board at /home/me/Board/Sources/Board/BoardView.swift:5:18
          4 [ra] 0x00005584cf89f079 main + 24 in Board at /home/me/Board/Sources/Board/BoardApp.swift:3:27
        ...
        """
    }

    @Test func theAppsOwnFrameNotTheLibrarysOrACheckout() throws {
        let crash = try #require(
            CrashReport(
                output: output(fatal: "Swift/ContiguousArrayBuffer.swift:692: Fatal error: Index out of range"), package: "/home/me/Board"
            ) {
                _ in "a\nb\nc\nd\n        Text(rows[3])\n"
            })
        #expect(crash.message == "Index out of range")
        #expect(
            crash.problem
                == .init(
                    file: "Sources/Board/BoardView.swift", line: 5, column: 18, message: "Index out of range",
                    excerpt: "        Text(rows[3])"))
        #expect(crash.report.state == .crashed && crash.report.summary == "Trapped: Index out of range")
        #expect(crash.report.holdsPages)
    }

    @Test func aFatalErrorsMessageAndACrashWithoutOne() throws {
        let fatal = try #require(
            CrashReport(output: output(fatal: "Board/BoardView.swift:5: Fatal error: no gate"), package: "/home/me/Board"))
        #expect(fatal.message == "no gate" && fatal.problem?.line == 5)
        let bare = try #require(CrashReport(output: output(fatal: ""), package: "/home/me/Board"))
        #expect(bare.message == "Illegal instruction")
        // Outside the package's sources: said, with no place.
        let elsewhere = try #require(CrashReport(output: output(fatal: "x: Fatal error: y"), package: "/srv/other"))
        #expect(elsewhere.problem == nil && elsewhere.report.problems.count == 1)
    }

    @Test func anAppThatEndedWithoutTrappingIsNoCrash() {
        #expect(CrashReport(output: "level=error event=cannot_listen port=8080\n", package: "/home/me/Board") == nil)
    }
}

struct SourceWatcherTests {
    @Test func savesAdditionsAndRemovalsButNotBuildsDataOrSwapFiles() throws {
        let root = URL(fileURLWithPath: NSTemporaryDirectory()).appendingPathComponent("watch-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: root) }
        for folder in ["Sources/App", ".build/debug", "data"] {
            try FileManager.default.createDirectory(at: root.appendingPathComponent(folder), withIntermediateDirectories: true)
        }
        let view = root.appendingPathComponent("Sources/App/View.swift")
        try "struct V {}".write(to: view, atomically: true, encoding: .utf8)
        var watcher = SourceWatcher(root: root, ignoring: ["data"])
        #expect(watcher.changes().isEmpty)
        // Written in place, same size: the modification time says so.
        let handle = try FileHandle(forWritingTo: view)
        try handle.write(contentsOf: Data("struct W {}".utf8))
        try handle.close()
        try FileManager.default.setAttributes([.modificationDate: Date().addingTimeInterval(5)], ofItemAtPath: view.path)
        #expect(watcher.changes() == ["Sources/App/View.swift"])
        try "x".write(to: root.appendingPathComponent(".build/debug/App.o"), atomically: true, encoding: .utf8)
        try "{}".write(to: root.appendingPathComponent("data/signins.json"), atomically: true, encoding: .utf8)
        try "x".write(to: root.appendingPathComponent("Sources/App/.View.swift.swp"), atomically: true, encoding: .utf8)
        #expect(watcher.changes().isEmpty)
        let added = root.appendingPathComponent("Sources/App/Row.swift")
        try "struct R {}".write(to: added, atomically: true, encoding: .utf8)
        #expect(watcher.changes() == ["Sources/App/Row.swift"])
        try FileManager.default.removeItem(at: added)
        #expect(watcher.changes() == ["Sources/App/Row.swift"])
    }

    @Test func onlyWhatItIsToldToWatch() throws {
        let root = URL(fileURLWithPath: NSTemporaryDirectory()).appendingPathComponent("watch-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: root) }
        for folder in ["Sources/App", "Tests/AppTests", "store"] {
            try FileManager.default.createDirectory(at: root.appendingPathComponent(folder), withIntermediateDirectories: true)
        }
        try "// swift-tools-version:6.0".write(to: root.appendingPathComponent("Package.swift"), atomically: true, encoding: .utf8)
        var watcher = SourceWatcher(root: root, watching: ["Package.swift", "Sources/App", "Assets"])
        // Data kept anywhere (an SQLite file beside the package, its journal): not a source.
        try "x".write(to: root.appendingPathComponent("app.sqlite-wal"), atomically: true, encoding: .utf8)
        try "x".write(to: root.appendingPathComponent("store/signins.json"), atomically: true, encoding: .utf8)
        try "x".write(to: root.appendingPathComponent("Tests/AppTests/T.swift"), atomically: true, encoding: .utf8)
        #expect(watcher.changes().isEmpty)
        try "struct V {}".write(to: root.appendingPathComponent("Sources/App/V.swift"), atomically: true, encoding: .utf8)
        try "// swift-tools-version:6.1".write(to: root.appendingPathComponent("Package.swift"), atomically: true, encoding: .utf8)
        #expect(watcher.changes() == ["Package.swift", "Sources/App/V.swift"])
        // A folder named before it exists is watched once it does.
        try FileManager.default.createDirectory(at: root.appendingPathComponent("Assets"), withIntermediateDirectories: true)
        try "body {}".write(to: root.appendingPathComponent("Assets/theme.css"), atomically: true, encoding: .utf8)
        #expect(watcher.changes() == ["Assets/theme.css"])
    }
}

/// `jetway docs` builds in Jetway's own folder, or the checkout SwiftPM made of it for an app.
struct DocumentationCheckoutTests {
    func makePackage(_ folder: URL, name: String, makefile: String?) throws {
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        try "let package = Package(\n    name: \"\(name)\",\n)".write(
            to: folder.appendingPathComponent("Package.swift"), atomically: true, encoding: .utf8)
        if let makefile { try makefile.write(to: folder.appendingPathComponent("Makefile"), atomically: true, encoding: .utf8) }
    }

    @Test func jetwayItselfOrItsCheckoutOrNone() throws {
        let root = FileManager.default.temporaryDirectory.appendingPathComponent("jetway-docs-\(UUID().uuidString.prefix(8))")
        defer { try? FileManager.default.removeItem(at: root) }
        let app = root.appendingPathComponent("Departures")
        try makePackage(app, name: "Departures", makefile: nil)
        #expect(DocumentationCheckout.jetway(for: app) == nil, "not resolved yet")
        // Another dependency with a Makefile, and one named Jetway without the docs target.
        try makePackage(app.appendingPathComponent(".build/checkouts/another"), name: "Another", makefile: "all:\ndocs:\n")
        try makePackage(app.appendingPathComponent(".build/checkouts/fork"), name: "Jetway", makefile: "all:\n")
        #expect(DocumentationCheckout.jetway(for: app) == nil)
        let checkout = app.appendingPathComponent(".build/checkouts/jetway")
        try makePackage(checkout, name: "Jetway", makefile: "all:\n\ndocs: deps\n\tdocc\n")
        #expect(DocumentationCheckout.jetway(for: app)?.standardizedFileURL.path == checkout.standardizedFileURL.path)
        #expect(DocumentationCheckout.jetway(for: checkout)?.standardizedFileURL.path == checkout.standardizedFileURL.path)
    }
}
