import Foundation
import JetwayWire
import Testing

/// The DOM names are written once, in JetwayWire: no source but the tests spells a `jw-` name in a
/// string, and the stylesheets style no class Jetway does not write or the runtime set.
struct StyleNamesTests {
    static let repository = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("../..").standardized

    static func files(under folder: String, ending suffix: String) -> [URL] {
        let root = repository.appendingPathComponent(folder)
        let paths = FileManager.default.enumerator(atPath: root.path)?.compactMap { $0 as? String } ?? []
        return paths.filter { $0.hasSuffix(suffix) }.sorted().map { root.appendingPathComponent($0) }
    }

    @Test func noLibrarySourceSpellsAJetwayNameInAString() throws {
        var found: [String] = []
        for folder in [
            "Sources/Jetway", "Sources/JetwayServer", "Sources/JetwayRoutes", "Sources/JetwayStore", "Sources/JetwayTesting",
            "Sources/JetwayBrowser", "Sources/JetwayBench", "Sources/MountainAirport", "Views",
        ] {
            for file in Self.files(under: folder, ending: ".swift") {
                for (number, line) in try String(contentsOf: file, encoding: .utf8).split(separator: "\n", omittingEmptySubsequences: false)
                    .enumerated()
                {
                    let code = line.trimmingCharacters(in: .whitespaces)
                    if code.hasPrefix("//") { continue }
                    // In a string: a quote before the name on the line (comments after code aside).
                    let beforeComment = code.components(separatedBy: " // ").first ?? code
                    if let range = beforeComment.range(of: "jw-"), beforeComment[..<range.lowerBound].contains("\"") {
                        found.append("\(file.path.dropFirst(Self.repository.path.count + 1)):\(number + 1): \(code)")
                    }
                }
            }
        }
        #expect(
            found.isEmpty,
            "a jw- name outside JetwayWire (use StyleClass, StyleVariable or RuntimeContract):\n\(found.joined(separator: "\n"))")
    }

    @Test func theStylesheetsStyleOnlyClassesJetwayWrites() throws {
        var known = Set(StyleClass.all)
        known.formUnion(RuntimeContract.Class.all + RuntimeContract.State.all)
        // Classes the widgets' own scripts use.
        for script in Self.files(under: "Assets/widgets", ending: ".js") {
            let text = try String(contentsOf: script, encoding: .utf8)
            known.formUnion(text.matches(of: /jw-[a-z0-9-]+/).map { String($0.output) })
        }
        var unknown: Set<String> = []
        for sheet in Self.files(under: "Assets", ending: ".css") {
            let text = try String(contentsOf: sheet, encoding: .utf8)
            for match in text.matches(of: /\.(jw-[a-z0-9-]+)/) {
                let name = String(match.output.1)
                if !known.contains(name) && !StyleClass.prefixes.contains(where: { name.hasPrefix($0) }) { unknown.insert(name) }
            }
        }
        #expect(unknown.isEmpty, "the stylesheets style classes nothing writes: \(unknown.sorted())")
    }
}
