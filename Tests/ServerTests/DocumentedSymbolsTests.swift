import Foundation
import Testing

/// Every public declaration of Jetway's own modules has a doc comment: a type, function,
/// property, initializer, subscript or alias written `public` or `open`, a public enum's cases
/// and a public protocol's requirements. A declaration written after a brace on the same line
/// cannot carry one and counts as undocumented. DocC's own count (`make docs`) also counts what
/// the compiler synthesizes (`!=`, `hash(into:)`), which has no source to document.
struct DocumentedSymbolsTests {
    static let sources = SupportedAPITests.repository.appendingPathComponent("Sources")

    static let declaration = try! NSRegularExpression(
        pattern:
            #"^\s*(?:@[\w.]+(?:\([^)]*\))?\s+)*(?:(?:nonisolated|final|static|override|mutating|convenience|required|indirect|dynamic|lazy)\s+)*(?:public|open)\s+(?:(?:static|final|override|nonisolated|mutating|convenience|required|indirect|class|dynamic|lazy|weak|unowned|private\(set\)|fileprivate\(set\)|internal\(set\))\s+)*(?:func|var|let|init|subscript|struct|class|enum|protocol|typealias|actor)\b"#
    )

    /// A line of attributes alone (`@MainActor`, `@discardableResult`), between a comment and
    /// what it documents.
    static let attributesOnly = try! NSRegularExpression(pattern: #"^\s*(?:@[\w.]+(?:\(.*\))?\s*)+$"#)

    /// `public enum` or `public indirect enum`: its body's own `case` lines are public too.
    static let publicEnum = try! NSRegularExpression(pattern: #"^\s*(?:@[\w.]+(?:\([^)]*\))?\s+)*public\s+(?:indirect\s+)?enum\b"#)
    /// A `case` line (one or several cases); inside a public enum's body at its own depth it declares.
    static let enumCase = try! NSRegularExpression(pattern: #"^\s*(?:indirect\s+)?case\s+[\w`]"#)
    /// A public declaration after an opening brace on the same line (`extension S where Self ==
    /// T { public static var t: T { T() } }`, `public enum E { case a, b }`): it cannot carry a
    /// comment of its own, so it counts as undocumented until it is written on a line of its own.
    static let afterBrace = try! NSRegularExpression(
        pattern:
            #"\{\s*(?:@[\w.]+\s+)*(?:(?:nonisolated|final|static|override|mutating)\s+)*(?:public|open)\s+(?:(?:static|final|override|nonisolated|mutating|convenience|required|class)\s+)*(?:func|var|let|init|subscript|struct|class|enum|typealias)\b|\bpublic\s+(?:indirect\s+)?enum\b[^{]*\{\s*(?:indirect\s+)?case\b"#
    )
    /// `public protocol`: the requirements in its body are public too.
    static let publicProtocol = try! NSRegularExpression(pattern: #"^\s*(?:@[\w.]+(?:\([^)]*\))?\s+)*public\s+protocol\b"#)
    /// A protocol's requirement (written without `public`).
    static let requirement = try! NSRegularExpression(
        pattern:
            #"^\s*(?:@[\w.]+(?:\([^)]*\))?\s+)*(?:(?:static|mutating|nonisolated)\s+)*(?:func|var|associatedtype|init|subscript|typealias)\b"#
    )
    /// A string literal, to blank before counting braces.
    static let stringLiteral = try! NSRegularExpression(pattern: #""(?:\\.|[^"\\])*""#)

    static func matches(_ expression: NSRegularExpression, _ line: String) -> Bool {
        expression.firstMatch(in: line, range: NSRange(line.startIndex..., in: line)) != nil
    }

    /// The undocumented public declarations of each module (`file:line: text`), public enums'
    /// cases included (a `case a, b` line is one declaration: its comment covers them).
    static func undocumented() throws -> [String: [String]] {
        var found: [String: [String]] = [:]
        let walker = FileManager.default.enumerator(at: sources, includingPropertiesForKeys: nil)
        while let file = walker?.nextObject() as? URL {
            guard file.pathExtension == "swift" else { continue }
            let module = file.path.dropFirst(sources.path.count + 1).split(separator: "/").first.map(String.init) ?? ""
            let lines = try String(contentsOf: file, encoding: .utf8).components(separatedBy: "\n")
            // Brace depth, and the depths of the public enums' bodies open around the line.
            var depth = 0
            var enumBodies: [Int] = []
            var enumOpening = false
            var protocolBodies: [Int] = []
            var protocolOpening = false
            for (index, line) in lines.enumerated() {
                let declares =
                    matches(declaration, line) || (enumBodies.last == depth && matches(enumCase, line))
                    || (protocolBodies.last == depth && matches(requirement, line))
                if declares {
                    var above = index - 1
                    while above >= 0, matches(attributesOnly, lines[above]) { above -= 1 }
                    let comment = above >= 0 ? lines[above].trimmingCharacters(in: .whitespaces) : ""
                    if !(comment.hasPrefix("///") || comment.hasSuffix("*/")) {
                        found[module, default: []].append(
                            "\(file.lastPathComponent):\(index + 1): \(line.trimmingCharacters(in: .whitespaces))")
                    }
                }
                if matches(publicEnum, line) { enumOpening = true }
                if matches(publicProtocol, line) { protocolOpening = true }
                var code = stringLiteral.stringByReplacingMatches(
                    in: line, range: NSRange(line.startIndex..., in: line), withTemplate: "\"\"")
                if let comment = code.range(of: "//") { code = String(code[..<comment.lowerBound]) }
                if matches(afterBrace, code) {
                    found[module, default: []].append(
                        "\(file.lastPathComponent):\(index + 1): (after a brace) \(line.trimmingCharacters(in: .whitespaces))")
                }
                for character in code {
                    if character == "{" {
                        depth += 1
                        if enumOpening { enumBodies.append(depth); enumOpening = false }
                        if protocolOpening { protocolBodies.append(depth); protocolOpening = false }
                    } else if character == "}" {
                        if enumBodies.last == depth { enumBodies.removeLast() }
                        if protocolBodies.last == depth { protocolBodies.removeLast() }
                        depth -= 1
                    }
                }
            }
        }
        return found
    }

    @Test func everyPublicDeclarationIsDocumented() throws {
        let found = try Self.undocumented()
        for (module, missing) in found.sorted(by: { $0.key < $1.key }) {
            Issue.record(
                "\(module): \(missing.count) undocumented public declarations:\n\(missing.prefix(20).joined(separator: "\n"))")
        }
        // The figure the closing notes quote.
        print("documentation: \(found.values.reduce(0) { $0 + $1.count }) undocumented public declarations")
    }
}
