/// What `jetway dev` says about the app to the pages of its development server: a build is
/// under way, the build failed (the compiler's errors), the app trapped (where), or it runs.
///
/// The development loop writes it to a file as the very message pages are sent
/// (`["dev",state,summary,[[file,line,column,message,excerpt],…]]`); the server follows the file
/// and sends each new one to every open page, whose runtime shows it over the page
/// (features/development.js). One encoding, read back by `ServerFrame`.
public struct DevelopmentReport: Equatable, Sendable {
    /// What the app is doing, as the report's second element writes it (`running`, `building`, …).
    public enum State: String, Sendable, CaseIterable {
        /// The app runs as built from the sources: nothing to show.
        case running
        /// The sources changed and are being built; the page stays usable meanwhile.
        case building
        /// The build failed: the page stays as the last build made it, under the errors.
        case failed
        /// The app trapped (`fatalError`, an index out of range…): where, until the next build.
        case crashed
        /// The app stopped by itself (an error at launch: a port in use, a missing folder).
        case stopped
    }

    /// One place in the sources and what is wrong there.
    public struct Problem: Equatable, Sendable {
        /// The file, relative to the package (`Sources/Board/BoardView.swift`).
        public var file: String
        /// The line, from 1 (0 with no place).
        public var line: Int
        /// The column, from 1 (0 with no place).
        public var column: Int
        /// What is wrong, in the compiler's (or the trap's) words.
        public var message: String
        /// The line of source it points at, when it was read.
        public var excerpt: String

        /// What is wrong with no place in the sources (a link that failed, an app that stopped).
        public static func unplaced(_ message: String) -> Problem { Problem(file: "", line: 0, column: 0, message: message) }

        /// A problem at `file`, `line` and `column`, with `message` and the source line `excerpt` it points at.
        public init(file: String, line: Int, column: Int, message: String, excerpt: String = "") {
            self.file = file
            self.line = line
            self.column = column
            self.message = message
            self.excerpt = excerpt
        }
    }

    /// What the app is doing.
    public var state: State
    /// One line: "Build failed: 2 errors", "Trapped: Index out of range".
    public var summary: String
    /// The places and what is wrong at each (at most `maxProblems` are sent).
    public var problems: [Problem]

    /// A report of `state`, with a one-line `summary` and the `problems`.
    public init(state: State, summary: String = "", problems: [Problem] = []) {
        self.state = state
        self.summary = summary
        self.problems = problems
    }

    /// A page is held while the app has trapped: the process that trapped rendering it would
    /// trap again. It shows the report until the next build.
    public var holdsPages: Bool { state == .crashed }

    /// Most problems one report carries (a build with hundreds of errors shows its first ones).
    public static let maxProblems = 20
}
