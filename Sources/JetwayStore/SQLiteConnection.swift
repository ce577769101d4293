import CSQLite
import Foundation
import JetwayRoutes

/// The embedded database: one SQLite file (WAL, foreign keys, a busy timeout so that another
/// process's write waits instead of failing), with its prepared statements kept.
final class SQLiteConnection: DatabaseConnection {
    let dialect = SQLDialect.sqlite
    private var handle: OpaquePointer?
    private var statements: [String: OpaquePointer] = [:]
    private var statementOrder: [String] = []
    private static let maxStatements = 128

    init(path: String) throws {
        if path != ":memory:" {
            let folder = (path as NSString).deletingLastPathComponent
            if !folder.isEmpty { try? PrivateFiles.makeFolder(folder) }
            // Private from the start; SQLite gives its journal and WAL files the same mode.
            if !FileManager.default.fileExists(atPath: path) { PrivateFiles.makeFile(path) }
        }
        var handle: OpaquePointer?
        let flags = SQLITE_OPEN_READWRITE | SQLITE_OPEN_CREATE | SQLITE_OPEN_NOMUTEX
        let status = sqlite3_open_v2(path, &handle, flags, nil)
        guard status == SQLITE_OK, let handle else {
            let reason = handle.map { String(cString: sqlite3_errmsg($0)) } ?? "out of memory"
            sqlite3_close(handle)
            throw StoreError.cannotOpen(path, reason: reason)
        }
        self.handle = handle
        sqlite3_extended_result_codes(handle, 1)
        sqlite3_busy_timeout(handle, 5000)
        do {
            if path != ":memory:" {
                let mode = try query("PRAGMA journal_mode = WAL", []).first?.values.first
                if mode != .text("wal") { throw StoreError.cannotOpen(path, reason: "the file does not take WAL mode (\(mode ?? .null))") }
                try execute("PRAGMA synchronous = NORMAL", [])
            }
            try execute("PRAGMA foreign_keys = ON", [])
            // LIKE minds case, as PostgreSQL's does: `[c]` is what folds it.
            try execute("PRAGMA case_sensitive_like = ON", [])
        } catch {
            close()
            throw error
        }
        // jetway_fold(text, flags): the text with case (1) and/or diacritics (2) folded away,
        // for `contains[cd]` and its kin.
        sqlite3_create_function_v2(
            handle, "jetway_fold", 2, SQLITE_UTF8 | SQLITE_DETERMINISTIC, nil,
            { context, count, arguments in
                guard count == 2, let arguments, let text = sqlite3_value_text(arguments[0]) else {
                    sqlite3_result_null(context)
                    return
                }
                let flags = Int(sqlite3_value_int(arguments[1]))
                let folded = TextFolding.fold(String(cString: text), flags: flags)
                jw_sqlite_result_text(context, folded, Int32(folded.utf8.count))
            }, nil, nil, nil)
    }

    deinit { close() }

    func close() {
        for statement in statements.values { sqlite3_finalize(statement) }
        statements = [:]
        statementOrder = []
        if let handle { sqlite3_close_v2(handle) }
        handle = nil
    }

    private var message: String { handle.map { String(cString: sqlite3_errmsg($0)) } ?? "closed" }

    private func prepared(_ sql: String) throws -> OpaquePointer {
        if let statement = statements[sql] {
            sqlite3_reset(statement)
            sqlite3_clear_bindings(statement)
            return statement
        }
        guard let handle else { throw StoreError.statement(sql, reason: "the store is closed") }
        var statement: OpaquePointer?
        let status = sqlite3_prepare_v2(handle, sql, -1, &statement, nil)
        guard status == SQLITE_OK, let statement else { throw failure(status, sql) }
        if statements.count >= Self.maxStatements, let oldest = statementOrder.first {
            statementOrder.removeFirst()
            statements.removeValue(forKey: oldest).map { _ = sqlite3_finalize($0) }
        }
        statements[sql] = statement
        statementOrder.append(sql)
        return statement
    }

    private func bind(_ values: [SQLValue], to statement: OpaquePointer, sql: String) throws {
        guard Int(sqlite3_bind_parameter_count(statement)) == values.count else {
            throw StoreError.statement(sql, reason: "\(values.count) values for \(sqlite3_bind_parameter_count(statement)) placeholders")
        }
        for (offset, value) in values.enumerated() {
            let index = Int32(offset + 1)
            let status: Int32 =
                switch value {
                case .null: sqlite3_bind_null(statement, index)
                case .integer(let value): sqlite3_bind_int64(statement, index, value)
                case .real(let value): sqlite3_bind_double(statement, index, value)
                case .text(let text): jw_sqlite_bind_text(statement, index, text, Int32(text.utf8.count))
                case .blob(let bytes): bytes.withUnsafeBytes { jw_sqlite_bind_blob(statement, index, $0.baseAddress, Int32(bytes.count)) }
                }
            guard status == SQLITE_OK else { throw StoreError.statement(sql, reason: message) }
        }
    }

    private func failure(_ status: Int32, _ sql: String) -> StoreError {
        switch status & 0xff {
        case SQLITE_CONSTRAINT: .constraint(message)
        case SQLITE_BUSY, SQLITE_LOCKED: .busy(message)
        case SQLITE_FULL: .full(message)
        default: .statement(sql, reason: message)
        }
    }

    @discardableResult
    func execute(_ sql: String, _ values: [SQLValue]) throws -> Int {
        let statement = try prepared(sql)
        defer { sqlite3_reset(statement) }
        try bind(values, to: statement, sql: sql)
        var status = sqlite3_step(statement)
        while status == SQLITE_ROW { status = sqlite3_step(statement) }
        guard status == SQLITE_DONE else { throw failure(status, sql) }
        return Int(sqlite3_changes(handle))
    }

    func query(_ sql: String, _ values: [SQLValue]) throws -> [Row] {
        let statement = try prepared(sql)
        defer { sqlite3_reset(statement) }
        try bind(values, to: statement, sql: sql)
        let count = Int(sqlite3_column_count(statement))
        let columns = ColumnIndex((0..<count).map { String(cString: sqlite3_column_name(statement, Int32($0))) })
        var rows: [Row] = []
        while true {
            let status = sqlite3_step(statement)
            if status == SQLITE_DONE { break }
            guard status == SQLITE_ROW else { throw failure(status, sql) }
            var values: [SQLValue] = []
            values.reserveCapacity(count)
            for column in 0..<Int32(count) {
                switch sqlite3_column_type(statement, column) {
                case SQLITE_INTEGER: values.append(.integer(sqlite3_column_int64(statement, column)))
                case SQLITE_FLOAT: values.append(.real(sqlite3_column_double(statement, column)))
                case SQLITE_TEXT:
                    let length = Int(sqlite3_column_bytes(statement, column))
                    let text = sqlite3_column_text(statement, column)
                    values.append(.text(text.map { String(decoding: UnsafeBufferPointer(start: $0, count: length), as: UTF8.self) } ?? ""))
                case SQLITE_BLOB:
                    let length = Int(sqlite3_column_bytes(statement, column))
                    let bytes = sqlite3_column_blob(statement, column)
                    values.append(.blob(bytes.map { Array(UnsafeRawBufferPointer(start: $0, count: length)) } ?? []))
                default: values.append(.null)
                }
            }
            rows.append(Row(columns: columns, values: values))
        }
        return rows
    }

    func columns(of table: String) throws -> [(name: String, text: Bool)] {
        try query("SELECT name, type FROM pragma_table_info(?)", [.text(table)]).compactMap { row in
            guard case .text(let name) = row.values[0] else { return nil }
            return (name, row.values[1] == .text("TEXT"))
        }
    }
}
