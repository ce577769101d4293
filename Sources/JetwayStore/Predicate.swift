import Foundation

/// A query's filter, written as Core Data's: `NSPredicate(format: "name contains[cd] %@", text)`
/// makes one (as does `StorePredicate(format:argumentArray:)`).
///
/// Understood: comparisons (`==`, `=`, `!=`, `<>`, `<`, `<=`, `>`, `>=`), `CONTAINS`,
/// `BEGINSWITH`, `ENDSWITH`, `LIKE` (`*` and `?`), `IN` (a list or an array argument), with
/// `[c]`, `[d]` or `[cd]`; `AND`/`&&`, `OR`/`||`, `NOT`/`!`, parentheses, `TRUEPREDICATE`,
/// `FALSEPREDICATE`; keys by name or `%K`; values as `%@`, `%d`, `%f`, numbers, quoted strings,
/// `TRUE`/`YES`, `FALSE`/`NO`, `NIL`/`NULL` and `{…}` lists. Every value becomes a bound
/// parameter: an argument's text never becomes SQL.
///
/// A format the store cannot read does not trap (as Foundation's does): the predicate keeps
/// the error, and a query with it fails with `StoreError.badPredicate`.
public final class StorePredicate: Sendable, Hashable, CustomStringConvertible {
    let node: PredicateNode?
    /// Why the format could not be read, if it could not.
    public let error: StoreError?
    /// The format as written.
    public let predicateFormat: String

    /// A predicate in Core Data's format language, with `%@`, `%K`, `%d` and the like taken from `arguments`; `error` says why a format could not be read.
    public convenience init(format: String, argumentArray arguments: [Any?]) {
        self.init(format: format, argumentArray: arguments, keyPaths: false)
    }

    /// A predicate over an object graph's objects (`evaluate(_:)`): its keys may be dotted
    /// paths (`list.title`). Not for a table's rows, whose columns are single names.
    public static func overObjects(format: String, argumentArray arguments: [Any?]) -> StorePredicate {
        StorePredicate(format: format, argumentArray: arguments, keyPaths: true)
    }

    private init(format: String, argumentArray arguments: [Any?], keyPaths: Bool) {
        predicateFormat = format
        do {
            var parser = try PredicateParser(format: format, arguments: arguments, keyPaths: keyPaths)
            node = try parser.parse()
            error = nil
        } catch let error as StoreError {
            node = nil
            self.error = error
        } catch {
            node = nil
            self.error = .badPredicate(format, reason: String(describing: error))
        }
    }

    init(node: PredicateNode) {
        self.node = node
        error = nil
        predicateFormat = node.description
    }

    /// A predicate true for every row (or none).
    public convenience init(value: Bool) { self.init(node: .constant(value)) }

    /// Rows whose `key` is one of `values` (an id list, say).
    public static func keyIn(_ key: String, _ values: [any SQLValueConvertible]) -> StorePredicate {
        StorePredicate(node: .compare(key: key, op: .in, flags: 0, operand: .list(values.map(\.sqlValue))))
    }

    /// Both predicates, either, or the opposite.
    public static func and(_ predicates: [StorePredicate]) -> StorePredicate { combine(predicates, PredicateNode.and) }
    /// Rows any of `predicates` lets through.
    public static func or(_ predicates: [StorePredicate]) -> StorePredicate { combine(predicates, PredicateNode.or) }
    /// Rows `predicate` does not let through.
    public static func not(_ predicate: StorePredicate) -> StorePredicate {
        guard let node = predicate.node else { return predicate }
        return StorePredicate(node: .not(node))
    }

    private static func combine(_ predicates: [StorePredicate], _ make: ([PredicateNode]) -> PredicateNode) -> StorePredicate {
        if let failed = predicates.first(where: { $0.node == nil }) { return failed }
        return StorePredicate(node: make(predicates.compactMap(\.node)))
    }

    /// The canonical form, values included: two predicates with the same are the same query.
    public var description: String { node?.description ?? "<\(error?.description ?? "invalid")>" }

    /// Whether two predicates ask the same (their canonical forms are equal).
    public static func == (a: StorePredicate, b: StorePredicate) -> Bool { a.description == b.description }
    /// Hashes the canonical form.
    public func hash(into hasher: inout Hasher) { hasher.combine(description) }

    /// The SQL condition and its values (placeholders numbered from `first`), checked against
    /// the table's columns.
    func sql(dialect: SQLDialect, columns: Set<String>, table: String, first: Int = 1) throws -> (String, [SQLValue]) {
        guard let node else { throw error ?? .badPredicate(predicateFormat, reason: "unreadable") }
        var values: [SQLValue] = []
        let text = try node.sql(dialect: dialect, columns: columns, table: table, values: &values, first: first)
        return (text, values)
    }
}

/// `NSPredicate(format: "name contains[cd] %@", text)`: Core Data's spelling of a store
/// predicate. (Foundation's own `NSPredicate` cannot read formats on Linux; this function is
/// what such a call finds, so code written for Core Data compiles as it is.)
public func NSPredicate(format: String, _ arguments: Any?...) -> StorePredicate {
    StorePredicate(format: format, argumentArray: arguments)
}

/// `NSPredicate(format:argumentArray:)`: Core Data's spelling, with the arguments in an array.
public func NSPredicate(format: String, argumentArray arguments: [Any?]) -> StorePredicate {
    StorePredicate(format: format, argumentArray: arguments)
}

enum ComparisonOperator: String, Sendable {
    case equal = "==", notEqual = "!=", less = "<", lessOrEqual = "<=", greater = ">", greaterOrEqual = ">="
    case contains = "CONTAINS", beginsWith = "BEGINSWITH", endsWith = "ENDSWITH", like = "LIKE", `in` = "IN"
}

enum Operand: Sendable, Equatable {
    case value(SQLValue)
    case list([SQLValue])
}

indirect enum PredicateNode: Sendable, CustomStringConvertible {
    case constant(Bool)
    case and([PredicateNode])
    case or([PredicateNode])
    case not(PredicateNode)
    case compare(key: String, op: ComparisonOperator, flags: Int, operand: Operand)

    var description: String {
        switch self {
        case .constant(let value): return value ? "TRUEPREDICATE" : "FALSEPREDICATE"
        case .and(let nodes): return nodes.isEmpty ? "TRUEPREDICATE" : "(" + nodes.map(\.description).joined(separator: " AND ") + ")"
        case .or(let nodes): return nodes.isEmpty ? "FALSEPREDICATE" : "(" + nodes.map(\.description).joined(separator: " OR ") + ")"
        case .not(let node): return "NOT " + node.description
        case .compare(let key, let op, let flags, let operand):
            let modifier = flags == 0 ? "" : "[" + (flags & 1 != 0 ? "c" : "") + (flags & 2 != 0 ? "d" : "") + "]"
            let value: String =
                switch operand {
                case .value(let value): Self.literal(value)
                case .list(let values): "{" + values.map(Self.literal).joined(separator: ", ") + "}"
                }
            return "\(key) \(op.rawValue)\(modifier) \(value)"
        }
    }

    private static func literal(_ value: SQLValue) -> String {
        switch value {
        case .text(let text): "\"" + text.replacingOccurrences(of: "\\", with: "\\\\").replacingOccurrences(of: "\"", with: "\\\"") + "\""
        // Every byte: the canonical form is what tells two queries apart.
        case .blob(let bytes): "<" + bytes.map { String(format: "%02x", $0) }.joined() + ">"
        default: value.description
        }
    }

    func sql(dialect: SQLDialect, columns: Set<String>, table: String, values: inout [SQLValue], first: Int) throws -> String {
        func bind(_ value: SQLValue) -> String {
            values.append(value)
            return dialect.placeholder(first + values.count - 1)
        }
        switch self {
        case .constant(let value): return value ? "1 = 1" : "1 = 0"
        case .and(let nodes):
            if nodes.isEmpty { return "1 = 1" }
            return "("
                + (try nodes.map { try $0.sql(dialect: dialect, columns: columns, table: table, values: &values, first: first) }).joined(
                    separator: " AND ") + ")"
        case .or(let nodes):
            if nodes.isEmpty { return "1 = 0" }
            return "("
                + (try nodes.map { try $0.sql(dialect: dialect, columns: columns, table: table, values: &values, first: first) }).joined(
                    separator: " OR ") + ")"
        case .not(let node):
            return "NOT (" + (try node.sql(dialect: dialect, columns: columns, table: table, values: &values, first: first)) + ")"
        case .compare(let key, let op, let flags, let operand):
            guard columns.contains(key) else { throw StoreError.unknownKey(key, table: table) }
            let column = try quoted(key)
            let folds = flags != 0
            func side(_ placeholder: String) -> String { folds ? "jetway_fold(\(placeholder), \(flags))" : placeholder }
            let left = folds ? "jetway_fold(\(column), \(flags))" : column
            switch (op, operand) {
            case (.equal, .value(.null)): return "\(column) IS NULL"
            case (.notEqual, .value(.null)): return "\(column) IS NOT NULL"
            case (.notEqual, .value(let value)):
                return "(\(left) <> \(side(bind(value))) OR \(column) IS NULL)"
            case (.equal, .value(let value)), (.less, .value(let value)), (.lessOrEqual, .value(let value)),
                (.greater, .value(let value)), (.greaterOrEqual, .value(let value)):
                let symbol = op == .equal ? "=" : op.rawValue
                return "\(left) \(symbol) \(side(bind(value)))"
            case (.contains, .value(.text(let text))), (.beginsWith, .value(.text(let text))), (.endsWith, .value(.text(let text))),
                (.like, .value(.text(let text))):
                let pattern: String
                switch op {
                case .contains: pattern = "%" + Self.escapeLike(text) + "%"
                case .beginsWith: pattern = Self.escapeLike(text) + "%"
                case .endsWith: pattern = "%" + Self.escapeLike(text)
                default: pattern = Self.likePattern(text)
                }
                return "\(left) LIKE \(side(bind(.text(pattern)))) ESCAPE '\\'"
            case (.in, .list(let items)):
                if items.isEmpty { return "1 = 0" }
                return "\(left) IN (" + items.map { side(bind($0)) }.joined(separator: ", ") + ")"
            case (.in, .value(.null)):
                return "\(column) IS NULL"
            case (.in, .value(let value)):
                // `key IN %@` with one value: the same as ==.
                return "\(left) = \(side(bind(value)))"
            case (.contains, _), (.beginsWith, _), (.endsWith, _), (.like, _):
                throw StoreError.badPredicate(description, reason: "\(op.rawValue) needs text")
            case (_, .list):
                throw StoreError.badPredicate(description, reason: "\(op.rawValue) cannot take a list")
            }
        }
    }

    /// LIKE's own wildcards and the escape character, made literal.
    static func escapeLike(_ text: String) -> String {
        var escaped = ""
        for character in text {
            if character == "\\" || character == "%" || character == "_" { escaped.append("\\") }
            escaped.append(character)
        }
        return escaped
    }

    /// NSPredicate's LIKE (`*` any run, `?` one character) as SQL's.
    static func likePattern(_ text: String) -> String {
        var pattern = ""
        for character in text {
            switch character {
            case "*": pattern.append("%")
            case "?": pattern.append("_")
            case "\\", "%", "_":
                pattern.append("\\")
                pattern.append(character)
            default: pattern.append(character)
            }
        }
        return pattern
    }
}
