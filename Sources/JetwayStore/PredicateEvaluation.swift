import Foundation

/// A predicate decided in Swift against a row the store has already read: when a write
/// changes a few rows, they are read once per table, and each live query of the table asks
/// this instead of the database whether they belong to it — a thousand live lists cost one
/// query per delivery, not a thousand. It follows SQL's rules (NULL is unknown, three-valued
/// logic) and the store's own: LIKE minds case, `[c]`/`[d]` fold as `jetway_fold` does. What
/// it cannot decide exactly as the database would (text order on PostgreSQL, whose collation
/// is the database's), it leaves to the database.
enum Truth {
    case yes, no, unknown

    static func of(_ value: Bool) -> Truth { value ? .yes : .no }

    var not: Truth {
        switch self {
        case .yes: .no
        case .no: .yes
        case .unknown: .unknown
        }
    }
}

extension PredicateNode {
    /// Whether the row is admitted; nil when only the database can tell.
    func admits(_ row: Row, dialect: SQLDialect) -> Bool? {
        evaluate(row, dialect: dialect).map { $0 == .yes }
    }

    func evaluate(_ row: Row, dialect: SQLDialect) -> Truth? {
        switch self {
        case .constant(let value): return .of(value)
        case .not(let node): return node.evaluate(row, dialect: dialect)?.not
        case .and(let nodes):
            var result = Truth.yes
            for node in nodes {
                guard let truth = node.evaluate(row, dialect: dialect) else { return nil }
                if truth == .no { return .no }
                if truth == .unknown { result = .unknown }
            }
            return result
        case .or(let nodes):
            var result = Truth.no
            for node in nodes {
                guard let truth = node.evaluate(row, dialect: dialect) else { return nil }
                if truth == .yes { return .yes }
                if truth == .unknown { result = .unknown }
            }
            return result
        case .compare(let key, let op, let flags, let operand):
            guard let value = row[key], Self.foldable(value, flags, dialect) else { return nil }
            switch operand {
            case .value(let other): if !Self.foldable(other, flags, dialect) { return nil }
            case .list(let others): if !others.allSatisfy({ Self.foldable($0, flags, dialect) }) { return nil }
            }
            return Self.compare(value, op, flags, operand, dialect)
        }
    }

    private static func fold(_ value: SQLValue, _ flags: Int, _ dialect: SQLDialect) -> SQLValue {
        guard flags != 0, case .text(let text) = value else { return value }
        return .text(TextFolding.fold(text, flags: flags, dialect: dialect))
    }

    /// Whether Swift folds `value` as the database would: always on SQLite (its fold is
    /// Swift's); on PostgreSQL, case is its `lower()`, whose non-ASCII rules follow the
    /// database's locale, so text outside ASCII is left to it.
    private static func foldable(_ value: SQLValue, _ flags: Int, _ dialect: SQLDialect) -> Bool {
        guard dialect == .postgresql, flags & TextFolding.caseInsensitive != 0, case .text(let text) = value else { return true }
        if text.utf8.allSatisfy({ $0 < 0x80 }) { return true }
        // Accents come off first (`translate`): what is left must be ASCII for `lower()`.
        return flags & TextFolding.diacriticInsensitive != 0
            && TextFolding.fold(text, flags: TextFolding.diacriticInsensitive, dialect: dialect).utf8.allSatisfy { $0 < 0x80 }
    }

    /// Equality as both databases have it for the store's typed columns; nil for kinds the
    /// store does not compare (text with a number).
    private static func equal(_ a: SQLValue, _ b: SQLValue) -> Bool? {
        switch (a, b) {
        case (.integer(let x), .integer(let y)): return x == y
        case (.real(let x), .real(let y)): return x == y
        case (.integer(let x), .real(let y)): return Double(x) == y
        case (.real(let x), .integer(let y)): return x == Double(y)
        case (.text(let x), .text(let y)): return x.utf8.elementsEqual(y.utf8)
        case (.blob(let x), .blob(let y)): return x == y
        default: return nil
        }
    }

    private static func compare(_ column: SQLValue, _ op: ComparisonOperator, _ flags: Int, _ operand: Operand, _ dialect: SQLDialect)
        -> Truth?
    {
        switch (op, operand) {
        case (.equal, .value(.null)), (.in, .value(.null)): return .of(column == .null)
        case (.notEqual, .value(.null)): return .of(column != .null)
        case (.notEqual, .value(let value)):
            if column == .null { return .yes }
            return equal(fold(column, flags, dialect), fold(value, flags, dialect)).map { .of(!$0) }
        case (.equal, .value(let value)), (.in, .value(let value)):
            if column == .null { return .unknown }
            return equal(fold(column, flags, dialect), fold(value, flags, dialect)).map { .of($0) }
        case (.less, .value(let value)), (.lessOrEqual, .value(let value)), (.greater, .value(let value)),
            (.greaterOrEqual, .value(let value)):
            if column == .null || value == .null { return .unknown }
            let left = fold(column, flags, dialect), right = fold(value, flags, dialect)
            if case .text = left {
                // PostgreSQL orders text by the database's collation, which only it knows.
                guard dialect == .sqlite, case .text = right else { return nil }
            } else if case .text = right {
                return nil
            }
            guard let same = equal(left, right) else { return nil }
            let before = SQLValue.ascending(left, right) ?? false
            switch op {
            case .less: return .of(before && !same)
            case .lessOrEqual: return .of(before || same)
            case .greater: return .of(!before && !same)
            default: return .of(!before || same)
            }
        case (.in, .list(let values)):
            if values.isEmpty { return .no }
            if column == .null { return .unknown }
            let left = fold(column, flags, dialect)
            var sawNull = false
            for value in values {
                if value == .null {
                    sawNull = true
                    continue
                }
                guard let same = equal(left, fold(value, flags, dialect)) else { return nil }
                if same { return .yes }
            }
            return sawNull ? .unknown : .no
        case (.contains, .value(.text(let text))), (.beginsWith, .value(.text(let text))), (.endsWith, .value(.text(let text))),
            (.like, .value(.text(let text))):
            if column == .null { return .unknown }
            guard case .text(let subject) = fold(column, flags, dialect) else { return nil }
            let pattern: String
            switch op {
            case .contains: pattern = "%" + escapeLike(text) + "%"
            case .beginsWith: pattern = escapeLike(text) + "%"
            case .endsWith: pattern = "%" + escapeLike(text)
            default: pattern = likePattern(text)
            }
            guard case .text(let folded) = fold(.text(pattern), flags, dialect) else { return nil }
            return .of(Self.like(Array(subject.unicodeScalars), Array(folded.unicodeScalars)))
        default:
            return nil
        }
    }

    /// SQL's LIKE with `\` as its escape: `%` any run, `_` one character.
    static func like(_ subject: [Unicode.Scalar], _ pattern: [Unicode.Scalar]) -> Bool {
        // Iterative matching with one back-tracking point for the last `%`.
        var s = 0, p = 0
        var star: Int? = nil, mark = 0
        while s < subject.count {
            if p < pattern.count {
                let token = pattern[p]
                if token == "%" {
                    star = p
                    mark = s
                    p += 1
                    continue
                }
                if token == "\\", p + 1 < pattern.count {
                    if pattern[p + 1] == subject[s] {
                        p += 2
                        s += 1
                        continue
                    }
                } else if token == "_" || token == subject[s] {
                    p += 1
                    s += 1
                    continue
                }
            }
            guard let star else { return false }
            p = star + 1
            mark += 1
            s = mark
        }
        while p < pattern.count && pattern[p] == "%" { p += 1 }
        return p == pattern.count
    }
}

/// The rows one delivery's changes name in one table, read once for every live query of it.
@MainActor
final class ChangedRows {
    let table: String
    let ids: [SQLValue]
    private unowned let store: Store
    private var rows: [Row]?
    private var records: [ObjectIdentifier: [SQLValue: Any]] = [:]

    init(store: Store, table: String, ids: Set<SQLValue>) {
        self.store = store
        self.table = table
        self.ids = Array(ids)
    }

    /// The changed rows that still exist.
    func fetched() throws -> [Row] {
        if let rows { return rows }
        let dialect = store.dialect
        let placeholders = ids.indices.map { dialect.placeholder($0 + 1) }.joined(separator: ", ")
        let found = try store.transactionless {
            try store.connection.query("SELECT * FROM \(try quoted(table)) WHERE \"id\" IN (\(placeholders))", ids)
        }
        rows = found
        return found
    }

    /// A row as a record (decoded once per record type, however many queries ask).
    func record<R: Record>(_ row: Row, as type: R.Type) throws -> R {
        let id = row["id"] ?? .null
        if let known = records[ObjectIdentifier(type)]?[id] as? R { return known }
        let record = try RowDecoder.decode(type, from: row)
        records[ObjectIdentifier(type), default: [:]][id] = record
        return record
    }
}

extension StorePredicate {
    /// Whether a value whose keys `value` answers (an object graph's object: JetwayCoreData's
    /// managed objects) is admitted, decided in Swift as SQLite decides a row. False when the
    /// format could not be read, or a comparison has no answer (text against a number).
    public func evaluate(_ value: (String) -> Any?) -> Bool {
        guard let node else { return false }
        var keys: [String] = []
        node.collectKeys(into: &keys)
        let row = Row(columns: ColumnIndex(keys), values: keys.map { SQLValue.from(value($0)) ?? .null })
        return node.admits(row, dialect: .sqlite) ?? false
    }
}

extension PredicateNode {
    fileprivate func collectKeys(into keys: inout [String]) {
        switch self {
        case .constant: break
        case .not(let node): node.collectKeys(into: &keys)
        case .and(let nodes), .or(let nodes): for node in nodes { node.collectKeys(into: &keys) }
        case .compare(let key, _, _, _): if !keys.contains(key) { keys.append(key) }
        }
    }
}
