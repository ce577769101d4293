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
            line += " \(key)=\(quoted(String(describing: value)))"
        }
        line += "\n"
        lock.lock()
        FileHandle.standardError.write(line.data(using: .utf8) ?? Data())
        lock.unlock()
    }

    /// A value as it goes into a line: quoted when it has spaces, `=` or quotes, and with every
    /// control character escaped (`\u{1B}` for ESC), so a request cannot write a terminal
    /// escape sequence or a fake line into the log.
    static func quoted(_ text: String) -> String {
        var escaped = ""
        var needsQuotes = text.isEmpty
        for scalar in text.unicodeScalars {
            switch scalar {
            case "\\": escaped += "\\\\"
            case "\"": escaped += "\\\""; needsQuotes = true
            case "\n": escaped += "\\n"; needsQuotes = true
            case "\r": escaped += "\\r"; needsQuotes = true
            case "\t": escaped += "\\t"; needsQuotes = true
            case " ", "=": escaped.unicodeScalars.append(scalar); needsQuotes = true
            default:
                if scalar.value < 0x20 || scalar.value == 0x7F || (0x80..<0xA0).contains(scalar.value)
                    || scalar.properties.generalCategory == .format
                {
                    escaped += "\\u{" + String(scalar.value, radix: 16, uppercase: true) + "}"
                    needsQuotes = true
                } else {
                    escaped.unicodeScalars.append(scalar)
                }
            }
        }
        return needsQuotes ? "\"" + escaped + "\"" : escaped
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
