import Foundation
import JetwayWire

/// Where an app trapped, read from what it printed as it died: Swift's `Fatal error: …` line
/// and the backtrace the runtime prints on Linux (`SWIFT_BACKTRACE`, on in development), whose
/// frames say `… in App at /path/File.swift:12:9`. The place is the first frame in the
/// package's own sources (not its `.build`: Jetway and other dependencies are checked out
/// there), so a trap in the standard library (`Index out of range`) points at the app's line
/// that called it.
public struct CrashReport: Equatable, Sendable {
    /// "Index out of range", "Unexpectedly found nil while unwrapping an Optional value", or
    /// what the process said it died of ("Illegal instruction").
    public var message: String
    /// Where, in the package's own sources; nil when the backtrace has no frame there.
    public var problem: DevelopmentReport.Problem?

    /// Reads what the app printed; nil when it shows no trap (an app that exited by itself).
    public init?(output: String, package: String, source: (String) -> String? = { try? String(contentsOfFile: $0, encoding: .utf8) }) {
        let root = package.hasSuffix("/") ? package : package + "/"
        var message: String?
        var place: (path: String, line: Int, column: Int)?
        var crashed = false
        for line in output.split(whereSeparator: \.isNewline) {
            let text = BuildDiagnostics.withoutColours(line)
            if message == nil, let range = text.range(of: "Fatal error: ") {
                message = String(text[range.upperBound...])
                crashed = true
            } else if message == nil, let range = text.range(of: "Fatal error") {
                // `fatalError()` without a message.
                message = text[range.upperBound...].isEmpty ? "Fatal error" : String(text[range.lowerBound...])
                crashed = true
            } else if text.hasPrefix("*** Program crashed: ") {
                crashed = true
                if message == nil {
                    let what = text.dropFirst("*** Program crashed: ".count)
                    message = String(what.split(separator: " at 0x").first ?? what).replacingOccurrences(of: " ***", with: "")
                }
            } else if place == nil, let range = text.range(of: " at /", options: .backwards) {
                let location = String(text[text.index(before: range.upperBound)...]).split(separator: ":")
                guard location.count >= 3, let number = Int(location[location.count - 2]), let column = Int(location[location.count - 1])
                else { continue }
                let path = location.dropLast(2).joined(separator: ":")
                if path.hasPrefix(root), !path.dropFirst(root.count).hasPrefix(".build/") { place = (path, number, column) }
            }
        }
        guard crashed, let message else { return nil }
        self.message = message
        problem = place.map { place in
            let lines = source(place.path)?.split(separator: "\n", omittingEmptySubsequences: false) ?? []
            return DevelopmentReport.Problem(
                file: String(place.path.dropFirst(root.count)), line: place.line, column: place.column, message: message,
                excerpt: place.line >= 1 && place.line <= lines.count ? String(lines[place.line - 1]) : "")
        }
    }

    /// A report of a trap already read.
    public init(message: String, problem: DevelopmentReport.Problem?) {
        self.message = message
        self.problem = problem
    }

    /// The report pages are held with.
    public var report: DevelopmentReport {
        DevelopmentReport(
            state: .crashed, summary: "Trapped: " + message,
            problems: [problem ?? .unplaced(message + " (no line of the app's own in the backtrace)")])
    }
}
