import Foundation

/// Runs a program to its end, its output (both streams) in a temporary file: for tests and
/// benches that start servers (PostgreSQL's `pg_ctl`, `psql`). By posix_spawn and waitpid:
/// a server such a program starts outlives it and holds inherited pipes open, and Foundation's
/// `Process.waitUntilExit` was seen to wait forever for such a child.
public enum Command {
    /// A program that could not run or failed: its command and what it printed.
    public struct Failure: Error, CustomStringConvertible {
        /// The command and its output.
        public let description: String
    }

    /// The program's output; throws `Failure` (with the output) unless it exits with 0.
    @discardableResult
    public static func run(_ executable: String, _ arguments: [String], environment: [String: String] = [:]) throws -> String {
        let log = NSTemporaryDirectory() + "jetway-command-\(UUID().uuidString.prefix(8)).log"
        defer { try? FileManager.default.removeItem(atPath: log) }
        let words = [executable] + arguments
        let argv: [UnsafeMutablePointer<CChar>?] = words.map { strdup($0) } + [nil]
        defer { for argument in argv { free(argument) } }
        let merged = ProcessInfo.processInfo.environment.merging(environment) { $1 }
        let envp: [UnsafeMutablePointer<CChar>?] = merged.map { strdup("\($0.key)=\($0.value)") } + [nil]
        defer { for entry in envp { free(entry) } }
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        posix_spawn_file_actions_addopen(&actions, 0, "/dev/null", O_RDONLY, 0)
        posix_spawn_file_actions_addopen(&actions, 1, log, O_WRONLY | O_CREAT | O_TRUNC, 0o600)
        posix_spawn_file_actions_adddup2(&actions, 1, 2)
        var pid: pid_t = 0
        guard posix_spawn(&pid, executable, &actions, nil, argv, envp) == 0 else {
            throw Failure(description: "cannot run \(executable)")
        }
        var status: Int32 = 0
        while waitpid(pid, &status, 0) < 0 && errno == EINTR {}
        let output = (try? String(contentsOfFile: log, encoding: .utf8)) ?? ""
        guard status == 0 else { throw Failure(description: "\(words.joined(separator: " ")) failed: \(output)") }
        return output
    }

    /// Starts a program that keeps running (a server), its output discarded; the caller
    /// terminates it.
    public static func start(_ executable: String, _ arguments: [String], environment: [String: String] = [:]) throws -> Process {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: executable)
        process.arguments = arguments
        process.environment = ProcessInfo.processInfo.environment.merging(environment) { $1 }
        process.standardOutput = FileHandle.nullDevice
        process.standardError = FileHandle.nullDevice
        try process.run()
        return process
    }

    /// Whether this process may mount a small tmpfs (a test's full disk): it runs as root and
    /// `mount` is there.
    public static var mayMount: Bool { getuid() == 0 && FileManager.default.isExecutableFile(atPath: "/bin/mount") }

    /// A new PostgreSQL database beside the one `url` names (CREATE DATABASE cannot run in a
    /// transaction, so psql makes it); its URL.
    public static func freshPostgreSQLDatabase(from url: String, prefix: String = "jw_") throws -> String {
        let name = prefix + UUID().uuidString.replacingOccurrences(of: "-", with: "").lowercased().prefix(16)
        try run("/usr/bin/psql", [url, "-q", "-v", "ON_ERROR_STOP=1", "-o", "/dev/null", "-c", "CREATE DATABASE \(name)"])
        guard let slash = url.range(of: "/", options: .backwards) else { throw Failure(description: "not a PostgreSQL URL: \(url)") }
        return String(url[..<slash.upperBound]) + name
    }
}
