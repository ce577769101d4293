import Foundation
import Testing

/// Every public declaration of Jetway's own modules (a type, function, property, initializer,
/// subscript or alias written `public` or `open`) has a doc comment: the modules listed at zero
/// stay there, and the others may only lose undocumented ones (their ceilings are what is
/// left: lower one when a change documents more). DocC's own count (`make docs`) also counts
/// what the compiler synthesizes (`!=`, `hash(into:)`), which has no source to document, and
/// enum cases, which this scan does not count yet.
struct DocumentedSymbolsTests {
    static let sources = SupportedAPITests.repository.appendingPathComponent("Sources")

    /// Undocumented public declarations a module may still have.
    static let ceilings: [String: Int] = [
        "JetwayServer": 0, "JetwayTesting": 0, "JetwayDevelopment": 0, "JetwayTemplate": 0, "JetwayRoutes": 0, "JetwayStore": 0,
        "JetwayBrowser": 0, "JetwayPort": 0,
        "Jetway": 2849, "JetwayWire": 247, "JetwayCharts": 210, "JetwayMapKit": 197, "JetwayCoreData": 146,
        "JetwaySwiftData": 94, "JetwayKingfisher": 78,
    ]

    static let declaration = try! NSRegularExpression(
        pattern:
            #"^\s*(?:@[\w.]+(?:\([^)]*\))?\s+)*(?:public|open)\s+(?:(?:static|final|override|nonisolated|mutating|convenience|required|indirect|class|dynamic|lazy|weak|unowned|private\(set\)|fileprivate\(set\)|internal\(set\))\s+)*(?:func|var|let|init|subscript|struct|class|enum|protocol|typealias|actor)\b"#
    )

    /// A line of attributes alone (`@MainActor`, `@discardableResult`), between a comment and
    /// what it documents.
    static let attributesOnly = try! NSRegularExpression(pattern: #"^\s*(?:@[\w.]+(?:\([^)]*\))?\s*)+$"#)

    /// The undocumented public declarations of each module (`file:line: text`).
    static func undocumented() throws -> [String: [String]] {
        var found: [String: [String]] = [:]
        let walker = FileManager.default.enumerator(at: sources, includingPropertiesForKeys: nil)
        while let file = walker?.nextObject() as? URL {
            guard file.pathExtension == "swift" else { continue }
            let module = file.path.dropFirst(sources.path.count + 1).split(separator: "/").first.map(String.init) ?? ""
            let lines = try String(contentsOf: file, encoding: .utf8).components(separatedBy: "\n")
            for (index, line) in lines.enumerated() {
                let range = NSRange(line.startIndex..., in: line)
                guard declaration.firstMatch(in: line, range: range) != nil else { continue }
                var above = index - 1
                while above >= 0,
                    attributesOnly.firstMatch(in: lines[above], range: NSRange(lines[above].startIndex..., in: lines[above])) != nil
                {
                    above -= 1
                }
                let comment = above >= 0 ? lines[above].trimmingCharacters(in: .whitespaces) : ""
                if comment.hasPrefix("///") || comment.hasSuffix("*/") { continue }
                found[module, default: []].append("\(file.lastPathComponent):\(index + 1): \(line.trimmingCharacters(in: .whitespaces))")
            }
        }
        return found
    }

    @Test func everyPublicDeclarationIsDocumentedOrOnTheWayThere() throws {
        let found = try Self.undocumented()
        for (module, missing) in found.sorted(by: { $0.key < $1.key }) {
            let ceiling = try #require(
                Self.ceilings[module], "\(module) is a new module: its public declarations are documented (ceiling 0)")
            #expect(
                missing.count <= ceiling,
                "\(module): \(missing.count) undocumented public declarations, at most \(ceiling):\n\(missing.prefix(20).joined(separator: "\n"))"
            )
        }
        // The figure the closing notes quote.
        let total = found.values.reduce(0) { $0 + $1.count }
        print(
            "documentation: \(total) undocumented public declarations; modules with none: \(Self.ceilings.filter { $0.value == 0 }.keys.sorted())"
        )
    }
}
