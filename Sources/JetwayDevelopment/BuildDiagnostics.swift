import Foundation
import JetwayWire

/// A failed `swift build`'s errors, as the development overlay shows them: each compiler error
/// (`/path/File.swift:12:5: error: …`) once, its file relative to the package and its line of
/// source; errors without a place (a link that failed) after them. Warnings and notes are left
/// to the terminal.
public struct BuildDiagnostics: Equatable, Sendable {
    /// The errors with a place first, in the order the compiler gave them, then the others.
    public var problems: [DevelopmentReport.Problem]

    /// `output`: what `swift build` printed; `package`: the package's folder (paths under it are
    /// shown relative to it); `source` reads a file's text (the excerpt), nil when it cannot.
    public init(output: String, package: String, source: (String) -> String? = { try? String(contentsOfFile: $0, encoding: .utf8) }) {
        var located: [DevelopmentReport.Problem] = []
        var elsewhere: [DevelopmentReport.Problem] = []
        var seen = Set<String>()
        var lines: [String: [Substring]] = [:]
        let root = package.hasSuffix("/") ? package : package + "/"
        for line in output.split(whereSeparator: \.isNewline) {
            let text = Self.withoutColours(line)
            if let error = Self.locatedError(text) {
                guard seen.insert("\(error.path):\(error.line):\(error.column):\(error.message)").inserted else { continue }
                let file = error.path.hasPrefix(root) ? String(error.path.dropFirst(root.count)) : error.path
                if lines[error.path] == nil {
                    lines[error.path] = source(error.path).map { $0.split(separator: "\n", omittingEmptySubsequences: false) } ?? []
                }
                let all = lines[error.path] ?? []
                let excerpt = error.line >= 1 && error.line <= all.count ? String(all[error.line - 1]) : ""
                located.append(.init(file: file, line: error.line, column: error.column, message: error.message, excerpt: excerpt))
            } else if text.hasPrefix("error: ") {
                let message = String(text.dropFirst("error: ".count))
                // The driver's summaries of a compile that failed repeat what was said above.
                if message.hasPrefix("emit-module command failed") || message.hasPrefix("compile command failed")
                    || message.hasPrefix("fatalError")
                {
                    continue
                }
                if seen.insert(message).inserted { elsewhere.append(.unplaced(message)) }
            }
        }
        problems = located + elsewhere
    }

    /// One line: "Build failed: 2 errors".
    public var summary: String {
        problems.count == 1 ? "Build failed: 1 error" : "Build failed: \(problems.count) errors"
    }

    /// `path:line:column: error: message`.
    static func locatedError(_ line: String) -> (path: String, line: Int, column: Int, message: String)? {
        guard let marker = line.range(of: ": error: ") else { return nil }
        let place = line[..<marker.lowerBound].split(separator: ":", omittingEmptySubsequences: false)
        guard place.count >= 3, let number = Int(place[place.count - 2]), let column = Int(place[place.count - 1]),
            place[0].hasPrefix("/")
        else { return nil }
        let path = place.dropLast(2).joined(separator: ":")
        return (path, number, column, String(line[marker.upperBound...]))
    }

    /// A line without the terminal's colour codes (`ESC[…m`).
    static func withoutColours(_ line: Substring) -> String {
        guard line.contains("\u{1B}") else { return String(line) }
        var out = ""
        var inCode = false
        for character in line {
            if inCode {
                if character.isLetter { inCode = false }
            } else if character == "\u{1B}" {
                inCode = true
            } else {
                out.append(character)
            }
        }
        return out
    }
}
