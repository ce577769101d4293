import Foundation
import Testing

/// The DocC tutorial (Sources/Jetway/Jetway.docc/Tutorials): the app as it stands at the end of
/// each section, its files as the steps show them, type-checks against the library, the test
/// of its last step included — a step cannot show code that does not build. (The finished app
/// was also built as a package, its test run and its board drawn for the chapter's picture.)
struct TutorialTests {
    static let resources = SupportedAPITests.repository.appendingPathComponent("Sources/Jetway/Jetway.docc/Tutorials/Resources")

    /// The app's files after each section, by the steps' file names.
    static let sections: [(String, [String])] = [
        ("Show the flights", ["board-03-flight.swift", "board-04-board.swift", "board-05-app.swift"]),
        ("Search", ["board-03-flight.swift", "board-06-search.swift", "board-05-app.swift"]),
        ("A screen per flight", ["board-03-flight.swift", "board-07-detail.swift", "board-05-app.swift"]),
        ("A change every page sees", ["board-03-flight.swift", "board-08-model.swift", "board-09-app.swift", "board-10-shared.swift"]),
    ]

    @Test func everyStepsFileIsInTheTutorialAndEverySectionsAppBuilds() throws {
        let tutorial = try String(
            contentsOf: Self.resources.deletingLastPathComponent().appendingPathComponent("DeparturesBoard.tutorial"), encoding: .utf8)
        let shown = Set(try FileManager.default.contentsOfDirectory(atPath: Self.resources.path).filter { $0.hasPrefix("board-") })
        for file in shown { #expect(tutorial.contains("file: \"\(file)\""), "\(file) is in no step") }
        #expect(Set(Self.sections.flatMap(\.1)).union(["board-01-new.txt", "board-02-dev.txt", "board-11-test.swift"]) == shown)

        let folder = URL(fileURLWithPath: NSTemporaryDirectory()).appendingPathComponent("jetway-tutorial-\(UUID().uuidString.prefix(8))")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        for (section, files) in Self.sections {
            let (builds, output) = try SupportedAPITests.typeCheck(files.map { Self.resources.appendingPathComponent($0) }, asLibrary: true)
            #expect(builds, "after “\(section)” the app does not build:\n\(output.prefix(3000))")
        }
        // The test of the last step, in the module of the finished app (`@testable import`
        // names that module in the app's package).
        let test = try String(contentsOf: Self.resources.appendingPathComponent("board-11-test.swift"), encoding: .utf8)
        #expect(test.contains("@testable import Departures"))
        let inModule = folder.appendingPathComponent("BoardViewTests.swift")
        try test.replacingOccurrences(of: "@testable import Departures", with: "import Jetway").write(
            to: inModule, atomically: true, encoding: .utf8)
        let finished = Self.sections.last!.1.map { Self.resources.appendingPathComponent($0) } + [inModule]
        let (builds, output) = try SupportedAPITests.typeCheck(finished, asLibrary: true)
        #expect(builds, "the last step's test does not build:\n\(output.prefix(3000))")
        // docs/testing.md shows the same test.
        let guide = try String(contentsOf: SupportedAPITests.repository.appendingPathComponent("docs/testing.md"), encoding: .utf8)
        for line in test.split(separator: "\n").map({ $0.trimmingCharacters(in: .whitespaces) })
        where line.hasPrefix("try ") || line.hasPrefix("#expect") {
            #expect(guide.contains(line), "docs/testing.md lacks the tutorial test's “\(line)”")
        }
    }
}
