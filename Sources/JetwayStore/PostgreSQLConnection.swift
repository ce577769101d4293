import CPostgreSQL
import Foundation

/// The shared database: PostgreSQL over libpq, for several server processes on one database.
/// Values travel as parameters (`$1`, `$2`, …), never in the statement's text. A connection
/// that drops is reconnected on the next statement, no sooner than its back-off allows
/// (0.1 s, doubling to 5 s); the statement that finds it gone fails with `connectionLost`.
final class PostgreSQLConnection: DatabaseConnection {
    let dialect = SQLDialect.postgresql
    let conninfo: String
    /// The URL without its password, for messages.
    let redacted: String
    private var handle: OpaquePointer?
    private var backoff: TimeInterval = 0.1
    private var nextAttempt = Date.distantPast
    /// Called after a lost connection is back (live lists read everything again).
    var reconnected: (() -> Void)?

    init(url: String) throws {
        conninfo = Self.withTimeouts(url)
        redacted = Self.redact(url)
        handle = PQconnectdb(conninfo)
        guard PQstatus(handle) == CONNECTION_OK else {
            let reason = message
            PQfinish(handle)
            handle = nil
            throw StoreError.cannotOpen(redacted, reason: reason)
        }
        try configure()
    }

    deinit { close() }

    func close() {
        if let handle { PQfinish(handle) }
        handle = nil
    }

    /// The URL with a connect timeout and TCP keep-alives unless it sets its own: a server
    /// that vanished (a cable, a crashed machine) is noticed in about a minute, and a
    /// reconnection never waits for the system's TCP timeout while holding the store's lock.
    static func withTimeouts(_ url: String) -> String {
        let defaults = [
            ("connect_timeout", "5"), ("keepalives", "1"), ("keepalives_idle", "30"), ("keepalives_interval", "10"),
            ("keepalives_count", "3"),
        ]
        var result = url
        for (name, value) in defaults where !url.contains("\(name)=") {
            result += (result.contains("?") ? "&" : "?") + "\(name)=\(value)"
        }
        return result
    }

    static func redact(_ url: String) -> String {
        var text = url
        if let at = text.firstIndex(of: "@"), let scheme = text.range(of: "://"), scheme.upperBound < at,
            let colon = text[scheme.upperBound..<at].firstIndex(of: ":")
        {
            text = String(text[..<text.index(after: colon)]) + "***" + String(text[at...])
        }
        // A password given as a parameter, too.
        if let range = text.range(of: "password=") {
            let end = text[range.upperBound...].firstIndex(of: "&") ?? text.endIndex
            text.replaceSubrange(range.upperBound..<end, with: "***")
        }
        return text
    }

    private var message: String {
        guard let handle, let text = PQerrorMessage(handle) else { return "no connection" }
        return String(cString: text).trimmingCharacters(in: .whitespacesAndNewlines)
    }

    /// What every connection needs: UTF-8, and quiet notices.
    private func configure() throws {
        try execute("SET client_encoding = 'UTF8'", [])
        try execute("SET client_min_messages = warning", [])
    }

    /// The connection, reconnected if it was lost and the back-off allows.
    private func connected() throws -> OpaquePointer {
        if let handle, PQstatus(handle) == CONNECTION_OK { return handle }
        guard Date() >= nextAttempt else { throw StoreError.connectionLost("\(redacted): \(message); retrying") }
        if handle == nil { handle = PQconnectdb(conninfo) } else { PQreset(handle) }
        guard let handle, PQstatus(handle) == CONNECTION_OK else {
            nextAttempt = Date().addingTimeInterval(backoff)
            backoff = min(backoff * 2, 5)
            throw StoreError.connectionLost("\(redacted): \(message); retrying in \(String(format: "%.1f", backoff)) s")
        }
        backoff = 0.1
        nextAttempt = .distantPast
        try configure()
        reconnected?()
        return handle
    }

    /// Runs a statement with its values as parameters; the result, which the caller clears.
    private func run(_ sql: String, _ values: [SQLValue]) throws -> OpaquePointer {
        let handle = try connected()
        var types: [Oid] = []
        var texts: [UnsafeMutablePointer<CChar>?] = []
        var lengths: [Int32] = []
        var formats: [Int32] = []
        defer { for text in texts { free(text) } }
        for value in values {
            switch value {
            case .null:
                types.append(0)
                texts.append(nil)
                lengths.append(0)
                formats.append(0)
            case .integer(let number):
                types.append(20)
                texts.append(strdup(String(number)))
                lengths.append(0)
                formats.append(0)
            case .real(let number):
                types.append(701)
                let text = number.isNaN ? "NaN" : number.isInfinite ? (number > 0 ? "Infinity" : "-Infinity") : "\(number)"
                texts.append(strdup(text))
                lengths.append(0)
                formats.append(0)
            case .text(let text):
                types.append(25)
                texts.append(strdup(text))
                lengths.append(0)
                formats.append(0)
            case .blob(let bytes):
                types.append(17)
                let copy = UnsafeMutablePointer<CChar>.allocate(capacity: max(1, bytes.count))
                bytes.withUnsafeBytes { raw in
                    if let base = raw.baseAddress { UnsafeMutableRawPointer(copy).copyMemory(from: base, byteCount: bytes.count) }
                }
                texts.append(copy)
                lengths.append(Int32(bytes.count))
                formats.append(1)
            }
        }
        let result = texts.map { UnsafePointer($0) }.withUnsafeBufferPointer { pointers in
            PQexecParams(handle, sql, Int32(values.count), types, pointers.baseAddress, lengths, formats, 0)
        }
        guard let result else { throw StoreError.connectionLost("\(redacted): \(message)") }
        let status = PQresultStatus(result)
        if status == PGRES_COMMAND_OK || status == PGRES_TUPLES_OK { return result }
        let state = PQresultErrorField(result, Int32(UInt8(ascii: "C"))).map { String(cString: $0) } ?? ""
        let reason = PQresultErrorMessage(result).map { String(cString: $0).trimmingCharacters(in: .whitespacesAndNewlines) } ?? message
        PQclear(result)
        if PQstatus(handle) != CONNECTION_OK {
            nextAttempt = .distantPast
            throw StoreError.connectionLost("\(redacted): \(reason)")
        }
        if state.hasPrefix("23") { throw StoreError.constraint(reason) }
        // disk_full, out of memory; lock_not_available, deadlock_detected, serialization_failure.
        if state == "53100" { throw StoreError.full(reason) }
        if ["55P03", "40P01", "40001"].contains(state) { throw StoreError.busy(reason) }
        throw StoreError.statement(sql, reason: reason)
    }

    @discardableResult
    func execute(_ sql: String, _ values: [SQLValue]) throws -> Int {
        let result = try run(sql, values)
        defer { PQclear(result) }
        // A COMMIT of a transaction that had failed is a ROLLBACK: never a success.
        if sql == "COMMIT", String(cString: PQcmdStatus(result)) == "ROLLBACK" {
            throw StoreError.statement(sql, reason: "the transaction had failed, and PostgreSQL rolled it back")
        }
        return Int(String(cString: PQcmdTuples(result))) ?? 0
    }

    func query(_ sql: String, _ values: [SQLValue]) throws -> [Row] {
        let result = try run(sql, values)
        defer { PQclear(result) }
        let count = Int(PQnfields(result))
        let columns = ColumnIndex((0..<count).map { String(cString: PQfname(result, Int32($0))) })
        let kinds = (0..<count).map { PQftype(result, Int32($0)) }
        var rows: [Row] = []
        let total = Int(PQntuples(result))
        rows.reserveCapacity(total)
        for row in 0..<Int32(total) {
            var values: [SQLValue] = []
            values.reserveCapacity(count)
            for column in 0..<Int32(count) {
                if PQgetisnull(result, row, column) == 1 {
                    values.append(.null)
                    continue
                }
                let text = String(cString: PQgetvalue(result, row, column))
                switch kinds[Int(column)] {
                case 20, 21, 23, 26: values.append(Int64(text).map(SQLValue.integer) ?? .text(text))
                case 700, 701, 1700: values.append(Double(text).map(SQLValue.real) ?? .text(text))
                case 16: values.append(.integer(text == "t" ? 1 : 0))
                case 17:
                    var length = 0
                    if let bytes = PQunescapeBytea(PQgetvalue(result, row, column), &length) {
                        values.append(.blob(Array(UnsafeBufferPointer(start: bytes, count: length))))
                        PQfreemem(bytes)
                    } else {
                        values.append(.blob([]))
                    }
                default: values.append(.text(text))
                }
            }
            rows.append(Row(columns: columns, values: values))
        }
        return rows
    }

    func columns(of table: String) throws -> [(name: String, text: Bool)] {
        try query(
            "SELECT column_name, data_type FROM information_schema.columns WHERE table_schema = current_schema() AND table_name = $1 ORDER BY ordinal_position",
            [.text(table)]
        ).compactMap { row in
            guard case .text(let name) = row.values[0] else { return nil }
            return (name, row.values[1] == .text("text"))
        }
    }

    // MARK: Changes between processes

    /// The channel every store on this database listens on.
    static let channel = "jetway_changes"
    /// NOTIFY's payload limit is 8000 bytes; a bigger change names its tables only.
    static let maxPayload = 7900

    /// Queues the transaction's changes for the other processes; PostgreSQL delivers them
    /// when (and only if) the transaction commits.
    func notify(_ changes: StoreChanges, origin: String) throws {
        guard !changes.isEmpty else { return }
        try execute("SELECT pg_notify($1, $2)", [.text(Self.channel), .text(Self.payload(changes, origin: origin))])
    }

    static func payload(_ changes: StoreChanges, origin: String) -> String {
        func encode(_ changes: StoreChanges) -> String {
            var tables: [String: Any] = [:]
            for (table, change) in changes {
                // Ids as tagged text ("i42", "sMA100", "r1.5"): a JSON number would lose an
                // integer past 2^53.
                tables[table] =
                    change.everything
                    ? "*"
                    : change.ids.compactMap { id -> String? in
                        switch id {
                        case .integer(let number): return "i\(number)"
                        case .text(let text): return "s" + text
                        case .real(let number): return "r\(number)"
                        default: return nil
                        }
                    }
            }
            let object: [String: Any] = ["o": origin, "c": tables]
            let data = (try? JSONSerialization.data(withJSONObject: object, options: [.sortedKeys])) ?? Data()
            return String(decoding: data, as: UTF8.self)
        }
        var changes = changes
        var text = encode(changes)
        while text.utf8.count > maxPayload,
            let largest = changes.filter({ !$0.value.everything }).max(by: { $0.value.ids.count < $1.value.ids.count })
        {
            changes[largest.key] = TableChange(everything: true)
            text = encode(changes)
        }
        return text
    }

    /// Reads a payload another process sent; nil for one of ours or one that makes no sense.
    static func changes(fromPayload payload: String, ignoring origin: String) -> StoreChanges? {
        guard let object = try? JSONSerialization.jsonObject(with: Data(payload.utf8)) as? [String: Any],
            let from = object["o"] as? String, from != origin, let tables = object["c"] as? [String: Any]
        else { return nil }
        var changes: StoreChanges = [:]
        for (table, value) in tables where isIdentifier(table) {
            if value as? String == "*" {
                changes[table] = TableChange(everything: true)
            } else if let ids = value as? [Any] {
                var change = TableChange()
                for id in ids.prefix(10_000) {
                    guard let text = id as? String, let tag = text.first else { continue }
                    let rest = String(text.dropFirst())
                    switch tag {
                    case "i": if let number = Int64(rest) { change.ids.insert(.integer(number)) }
                    case "s": change.ids.insert(.text(rest))
                    case "r": if let number = Double(rest) { change.ids.insert(.real(number)) }
                    default: break
                    }
                }
                changes[table] = change
            }
        }
        return changes
    }
}
