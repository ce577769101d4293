import Foundation
import Synchronization

// Apple's unified logging as app code writes it (`import os`, which `jetway port` makes
// Jetway's): `Logger(subsystem:category:)` with its levels and privacy-marked interpolations,
// and the older `os_log`. A server's log is its standard error: JetwayServer writes each entry
// there as a structured line (`level=… event=app_log subsystem=… category=… message=…`), at
// the server's own levels (`JETWAY_LOG`). The core keeps the last entries in memory too
// (`AppLog.recent`), so a test can read what a view logged.

/// How serious an entry is.
public struct OSLogType: Sendable, Hashable, RawRepresentable {
    /// The level's number, as Apple's `os_log_type_t` has it.
    public let rawValue: UInt8
    /// Makes a level from its number.
    public init(rawValue: UInt8) { self.rawValue = rawValue }
    /// Makes a level from its number (`OSLogType(0x01)`).
    public init(_ rawValue: UInt8) { self.rawValue = rawValue }

    /// The default level: written at the server's `info` level, named `default`.
    public static let `default` = OSLogType(0x00)
    /// Helpful but not essential information: written at the server's `info` level.
    public static let info = OSLogType(0x01)
    /// Information for debugging: written at the server's `debug` level, so it shows only with `JETWAY_LOG=debug`.
    public static let debug = OSLogType(0x02)
    /// An error in the app: written at the server's `error` level.
    public static let error = OSLogType(0x10)
    /// A fault (a bug, or a state the app should never reach): written at the server's `error` level, named `fault`.
    public static let fault = OSLogType(0x11)

    /// The level's name, as the server's log lines say it.
    package var name: String {
        switch self {
        case .debug: "debug"
        case .info: "info"
        case .error: "error"
        case .fault: "fault"
        default: "default"
        }
    }
}

/// One entry an app logged.
public struct AppLogEntry: Sendable, Equatable {
    /// The entry's level.
    public let type: OSLogType
    /// The subsystem of the logger that wrote it (empty for `OSLog.default`).
    public let subsystem: String
    /// The category of the logger that wrote it.
    public let category: String
    /// The message as written: interpolated values already formatted, private ones as `<private>`.
    public let message: String
}

/// Where the app's log entries go.
public enum AppLog {
    private static let state = Mutex<(sink: (@Sendable (AppLogEntry) -> Void)?, recent: [AppLogEntry])>((nil, []))
    /// How many entries `recent` keeps.
    public static let kept = 200

    /// Set by JetwayServer when it is linked: writes each entry to the server's log.
    public static var sink: (@Sendable (AppLogEntry) -> Void)? {
        get { state.withLock { $0.sink } }
        set { state.withLock { $0.sink = newValue } }
    }

    /// The last entries logged, oldest first.
    public static var recent: [AppLogEntry] { state.withLock { $0.recent } }

    static func write(_ entry: AppLogEntry) {
        let sink = state.withLock { state in
            state.recent.append(entry)
            if state.recent.count > kept { state.recent.removeFirst(state.recent.count - kept) }
            return state.sink
        }
        sink?(entry)
    }
}

/// Whether an interpolated value may be shown in the log. As on Apple's platforms, a value
/// marked `.private` (or `.sensitive`), and a string with no mark, is written `<private>`;
/// numbers and `.public` values are written as they are.
public struct OSLogPrivacy: Sendable, Equatable {
    enum Kind: Sendable { case auto, `public`, `private`, sensitive }
    let kind: Kind

    /// How a private value is masked. Accepted so Apple's code compiles: a masked value is written
    /// `<private>` like any other private value, never hashed.
    public struct Mask: Sendable, Equatable {
        /// Asks for a hash of the value in place of `<private>`; here the value is written `<private>` all the same.
        public static let hash = Mask()
        /// No mask.
        public static let none = Mask()
    }

    /// The default: numbers, booleans and types are written as they are; strings, objects, errors and optionals `<private>`.
    public static let auto = OSLogPrivacy(kind: .auto)
    /// The value is written as it is.
    public static let `public` = OSLogPrivacy(kind: .public)
    /// The value is written `<private>`.
    public static let `private` = OSLogPrivacy(kind: .private)
    /// The value is written `<private>` (as `.private` here).
    public static let sensitive = OSLogPrivacy(kind: .sensitive)
    /// As `.auto`; the `mask` is ignored.
    public static func auto(mask: Mask) -> OSLogPrivacy { .auto }
    /// As `.private`; the `mask` is ignored.
    public static func `private`(mask: Mask) -> OSLogPrivacy { .private }
    /// As `.sensitive`; the `mask` is ignored.
    public static func sensitive(mask: Mask) -> OSLogPrivacy { .sensitive }
}

/// How an interpolated integer is written.
public struct OSLogIntegerFormatting: Sendable {
    let radix: Int
    let uppercase: Bool
    /// Base 10.
    public static let decimal = OSLogIntegerFormatting(radix: 10, uppercase: false)
    /// Base 10; `explicitPositiveSign` and `minDigits` are accepted and ignored (no sign, no padding).
    public static func decimal(explicitPositiveSign: Bool = false, minDigits: Int = 0) -> OSLogIntegerFormatting { .decimal }
    /// Base 16, lowercase, with no `0x` prefix.
    public static let hex = OSLogIntegerFormatting(radix: 16, uppercase: false)
    /// Base 16, in `uppercase` digits if asked; the prefix options and `minDigits` are accepted and ignored.
    public static func hex(explicitPrefix: Bool = false, includePrefix: Bool = false, uppercase: Bool = false, minDigits: Int = 0)
        -> OSLogIntegerFormatting
    {
        OSLogIntegerFormatting(radix: 16, uppercase: uppercase)
    }
    /// Base 8.
    public static let octal = OSLogIntegerFormatting(radix: 8, uppercase: false)
}

/// How an interpolated floating-point number is written.
public struct OSLogFloatFormatting: Sendable {
    let precision: Int?
    /// Fixed-point, written as Swift writes a `Double` (`3.25`).
    public static let fixed = OSLogFloatFormatting(precision: nil)
    /// Fixed-point with `precision` digits after the point (clamped to 0...17).
    public static func fixed(precision: Int) -> OSLogFloatFormatting { OSLogFloatFormatting(precision: max(0, min(precision, 17))) }
    /// Accepted so Apple's code compiles: written as Swift writes a `Double`, not in exponent form.
    public static let exponential = OSLogFloatFormatting(precision: nil)
    /// Accepted so Apple's code compiles: written as Swift writes a `Double`.
    public static let hybrid = OSLogFloatFormatting(precision: nil)
}

/// A log message: a string literal with interpolated values, each with its privacy.
public struct OSLogMessage: ExpressibleByStringInterpolation, Sendable {
    let text: String

    /// A message with no interpolations.
    public init(stringLiteral value: String) { text = value }
    /// A message built from its literal parts and interpolated values.
    public init(stringInterpolation: Interpolation) { text = stringInterpolation.text }

    /// Builds a message's text, writing each interpolated value by its privacy.
    public struct Interpolation: StringInterpolationProtocol {
        var text = ""
        /// Starts an empty message, reserving room for `literalCapacity` characters.
        public init(literalCapacity: Int, interpolationCount: Int) { text.reserveCapacity(literalCapacity) }
        /// Appends a literal part of the message as it is.
        public mutating func appendLiteral(_ literal: String) { text += literal }

        private mutating func append(_ value: String, privacy: OSLogPrivacy, publicByDefault: Bool) {
            switch privacy.kind {
            case .public: text += value
            case .private, .sensitive: text += "<private>"
            case .auto: text += publicByDefault ? value : "<private>"
            }
        }

        /// Appends a string; with no `privacy` (`.auto`) it is written `<private>`.
        public mutating func appendInterpolation(_ value: @autoclosure () -> String, privacy: OSLogPrivacy = .auto) {
            append(value(), privacy: privacy, publicByDefault: false)
        }
        /// Appends a string; the alignment is accepted and ignored, and with no `privacy` it is written `<private>`.
        public mutating func appendInterpolation(
            _ value: @autoclosure () -> String, align: OSLogStringAlignment = .none, privacy: OSLogPrivacy = .auto
        ) {
            append(value(), privacy: privacy, publicByDefault: false)
        }
        /// Appends a value's `description`; with no `privacy` it is written `<private>`.
        public mutating func appendInterpolation<T: CustomStringConvertible>(_ value: @autoclosure () -> T, privacy: OSLogPrivacy = .auto) {
            append(value().description, privacy: privacy, publicByDefault: false)
        }
        /// Appends an integer in base 10; with no `privacy` it is written as it is.
        public mutating func appendInterpolation<T: BinaryInteger>(_ value: @autoclosure () -> T, privacy: OSLogPrivacy = .auto) {
            append(String(value()), privacy: privacy, publicByDefault: true)
        }
        /// Appends an integer in the radix (and case) of `format`; with no `privacy` it is written as it is.
        public mutating func appendInterpolation<T: BinaryInteger>(
            _ value: @autoclosure () -> T, format: OSLogIntegerFormatting, privacy: OSLogPrivacy = .auto
        ) {
            append(String(value(), radix: format.radix, uppercase: format.uppercase), privacy: privacy, publicByDefault: true)
        }
        /// Appends a `Double` as Swift writes it; with no `privacy` it is written as it is.
        public mutating func appendInterpolation(_ value: @autoclosure () -> Double, privacy: OSLogPrivacy = .auto) {
            append("\(value())", privacy: privacy, publicByDefault: true)
        }
        /// Appends a `Float` as Swift writes it; with no `privacy` it is written as it is.
        public mutating func appendInterpolation(_ value: @autoclosure () -> Float, privacy: OSLogPrivacy = .auto) {
            append("\(value())", privacy: privacy, publicByDefault: true)
        }
        /// Appends a `CGFloat` as Swift writes a `Double`; with no `privacy` it is written as it is.
        public mutating func appendInterpolation(_ value: @autoclosure () -> CGFloat, privacy: OSLogPrivacy = .auto) {
            append("\(Double(value()))", privacy: privacy, publicByDefault: true)
        }
        /// Appends a floating-point number with `format`'s precision (or as Swift writes it); with no `privacy`
        /// it is written as it is.
        public mutating func appendInterpolation<T: BinaryFloatingPoint & CVarArg>(
            _ value: @autoclosure () -> T, format: OSLogFloatFormatting, privacy: OSLogPrivacy = .auto
        ) {
            let number = value()
            let written = format.precision.map { String(format: "%.\($0)f", number) } ?? "\(Double(number))"
            append(written, privacy: privacy, publicByDefault: true)
        }
        /// Appends `true` or `false`; with no `privacy` it is written as it is.
        public mutating func appendInterpolation(_ value: @autoclosure () -> Bool, privacy: OSLogPrivacy = .auto) {
            append(value() ? "true" : "false", privacy: privacy, publicByDefault: true)
        }
        /// Appends an error as `String(describing:)` writes it; with no `privacy` it is written `<private>`.
        public mutating func appendInterpolation(_ value: @autoclosure () -> any Error, privacy: OSLogPrivacy = .auto) {
            append(String(describing: value()), privacy: privacy, publicByDefault: false)
        }
        /// Appends a type's name; with no `privacy` it is written as it is.
        public mutating func appendInterpolation(_ value: @autoclosure () -> Any.Type, privacy: OSLogPrivacy = .auto) {
            append(String(describing: value()), privacy: privacy, publicByDefault: true)
        }
        /// Appends an optional's value, or `nil`; with no `privacy` it is written `<private>`.
        public mutating func appendInterpolation<T>(_ value: @autoclosure () -> T?, privacy: OSLogPrivacy = .auto) {
            append(value().map { String(describing: $0) } ?? "nil", privacy: privacy, publicByDefault: false)
        }
    }
}

/// How an interpolated string is padded (accepted; the server's log does not align).
public struct OSLogStringAlignment: Sendable {
    /// No padding.
    public static let none = OSLogStringAlignment()
    /// Accepted so Apple's code compiles: the server's log does not pad, so this is `.none`.
    public static func left(columns: Int) -> OSLogStringAlignment { .none }
    /// Accepted so Apple's code compiles: the server's log does not pad, so this is `.none`.
    public static func right(columns: Int) -> OSLogStringAlignment { .none }
}

/// An app's logger (`Logger(subsystem: Bundle.main.bundleIdentifier!, category: "network")`):
/// each level's entries go to the server's log, with the subsystem and category.
public struct Logger: Sendable {
    /// The subsystem each entry is written with, usually the app's bundle identifier.
    public let subsystem: String
    /// The category each entry is written with (`"network"`).
    public let category: String

    /// Makes a logger whose entries carry `subsystem` and `category`.
    public init(subsystem: String, category: String) {
        self.subsystem = subsystem
        self.category = category
    }

    /// Makes a logger with an empty subsystem and category.
    public init() { self.init(subsystem: "", category: "") }

    /// Makes a logger with the subsystem and category of `log`.
    ///
    /// It does not check for `OSLog.disabled`: a logger made from it still writes its entries.
    public init(_ log: OSLog) { self.init(subsystem: log.subsystem, category: log.category) }

    /// Logs `message` at the default level.
    public func log(_ message: OSLogMessage) { log(level: .default, message) }
    /// Logs `message` at `level`: keeps it in `AppLog.recent` and hands it to `AppLog.sink` (the server's log).
    public func log(level: OSLogType, _ message: OSLogMessage) {
        AppLog.write(AppLogEntry(type: level, subsystem: subsystem, category: category, message: message.text))
    }
    /// Logs `message` at the debug level.
    public func trace(_ message: OSLogMessage) { log(level: .debug, message) }
    /// Logs `message` at the debug level.
    public func debug(_ message: OSLogMessage) { log(level: .debug, message) }
    /// Logs `message` at the info level.
    public func info(_ message: OSLogMessage) { log(level: .info, message) }
    /// Logs `message` at the default level.
    public func notice(_ message: OSLogMessage) { log(level: .default, message) }
    /// Logs `message` at the error level, as Apple's `warning` does.
    public func warning(_ message: OSLogMessage) { log(level: .error, message) }
    /// Logs `message` at the error level.
    public func error(_ message: OSLogMessage) { log(level: .error, message) }
    /// Logs `message` at the fault level, as Apple's `critical` does.
    public func critical(_ message: OSLogMessage) { log(level: .fault, message) }
    /// Logs `message` at the fault level.
    public func fault(_ message: OSLogMessage) { log(level: .fault, message) }
}

/// The older log handle (`OSLog(subsystem:category:)`, `.default`), for `os_log` and `Logger(_:)`.
public final class OSLog: Sendable {
    /// The subsystem the handle's entries are written with.
    public let subsystem: String
    /// The category the handle's entries are written with.
    public let category: String
    /// Makes a handle whose entries carry `subsystem` and `category`.
    public init(subsystem: String, category: String) {
        self.subsystem = subsystem
        self.category = category
    }
    /// The handle `os_log` uses when given none: an empty subsystem and category.
    public static let `default` = OSLog(subsystem: "", category: "")
    /// A handle whose `os_log` calls write nothing.
    public static let disabled = OSLog(subsystem: "", category: "disabled")
}

/// The older logging call: a `printf`-style format and its arguments. As on Apple's platforms,
/// an argument marked `%{private}` and an object or string with no mark (`%@`, `%s`) is written
/// `<private>`; `%{public}` ones and numbers are written as they are.
public func os_log(_ message: StaticString, log: OSLog = .default, type: OSLogType = .default, _ args: any CVarArg...) {
    guard log !== OSLog.disabled else { return }
    AppLog.write(
        AppLogEntry(type: type, subsystem: log.subsystem, category: log.category, message: formatLogMessage(message.description, args)))
}

/// `format` with each specifier replaced by its argument, or by `<private>` (a format of the
/// app's own: a specifier with no argument left is written as it is).
func formatLogMessage(_ format: String, _ args: [any CVarArg]) -> String {
    var output = ""
    var rest = Substring(format)
    var next = args.makeIterator()
    while let percent = rest.firstIndex(of: "%") {
        output += rest[..<percent]
        rest = rest[rest.index(after: percent)...]
        if rest.first == "%" {
            output += "%"
            rest = rest.dropFirst()
            continue
        }
        var privacy = ""
        if rest.first == "{", let close = rest.firstIndex(of: "}") {
            privacy = String(rest[rest.index(after: rest.startIndex)..<close])
            rest = rest[rest.index(after: close)...]
        }
        // Flags, width, precision and length, then the conversion.
        let end = rest.firstIndex { "diouxXeEfFgGaAcCsSp@".contains($0) } ?? rest.endIndex
        guard end < rest.endIndex else {
            output += "%" + rest
            return output
        }
        let specifier = "%" + rest[...end]
        rest = rest[rest.index(after: end)...]
        guard let argument = next.next() else {
            output += specifier
            continue
        }
        let conversion = specifier.last!
        let isPrivate = privacy.contains("private") || privacy.contains("sensitive")
        let isPublic = privacy.contains("public")
        if isPrivate || (!isPublic && "@sS".contains(conversion)) {
            output += "<private>"
        } else if conversion == "@" {
            output += "\(argument)"
        } else {
            output += String(format: String(specifier), argument)
        }
    }
    return output + rest
}

/// Logs the `message`, with interpolated values written by their privacy, at the level `type` to `log`
/// (nothing when it is `OSLog.disabled`).
public func os_log(_ type: OSLogType, log: OSLog = .default, _ message: OSLogMessage) {
    guard log !== OSLog.disabled else { return }
    AppLog.write(AppLogEntry(type: type, subsystem: log.subsystem, category: log.category, message: message.text))
}
