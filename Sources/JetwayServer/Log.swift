import Foundation

/// One-line structured logs on stderr: `level=info event=join session=3f2a duration_us=120`.
enum Log {
    enum Level: String { case debug, info, warn, error }

    nonisolated(unsafe) static var minimum: Level = ProcessInfo.processInfo.environment["JETWAY_LOG"].flatMap(Level.init) ?? .info
    private static let lock = NSLock()

    static func write(_ level: Level, _ event: String, _ fields: KeyValuePairs<String, Any> = [:]) {
        guard rank(level) >= rank(minimum) else { return }
        var line = "level=\(level.rawValue) event=\(event)"
        for (key, value) in fields {
            var text = String(describing: value)
            if text.contains(" ") || text.contains("=") || text.contains("\"") || text.isEmpty {
                text =
                    "\""
                    + text.replacingOccurrences(of: "\\", with: "\\\\").replacingOccurrences(of: "\"", with: "\\\"").replacingOccurrences(
                        of: "\n", with: "\\n") + "\""
            }
            line += " \(key)=\(text)"
        }
        line += "\n"
        lock.lock()
        FileHandle.standardError.write(line.data(using: .utf8) ?? Data())
        lock.unlock()
    }

    static func info(_ event: String, _ fields: KeyValuePairs<String, Any> = [:]) { write(.info, event, fields) }
    static func warn(_ event: String, _ fields: KeyValuePairs<String, Any> = [:]) { write(.warn, event, fields) }
    static func error(_ event: String, _ fields: KeyValuePairs<String, Any> = [:]) { write(.error, event, fields) }
    static func debug(_ event: String, _ fields: KeyValuePairs<String, Any> = [:]) { write(.debug, event, fields) }

    private static func rank(_ level: Level) -> Int {
        switch level {
        case .debug: 0
        case .info: 1
        case .warn: 2
        case .error: 3
        }
    }
}
