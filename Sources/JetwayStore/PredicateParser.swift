import Foundation

/// Reads an `NSPredicate` format into a `PredicateNode`, taking the arguments in order.
struct PredicateParser {
    enum Token: Equatable {
        case word(String)
        case symbol(String)
        case text(String)
        case number(SQLValue)
        case argument(SQLValue)
        case arguments([SQLValue])
        case key(String)
    }

    private var tokens: [Token] = []
    private var position = 0
    private let format: String
    static let maxLength = 4096
    static let maxDepth = 32

    /// `keyPaths`: keys may be dotted paths (`list.title`), as an object graph follows them;
    /// a table's columns are single names.
    init(format: String, arguments: [Any?], keyPaths: Bool = false) throws {
        self.format = format
        guard format.utf8.count <= Self.maxLength else {
            throw StoreError.badPredicate(format, reason: "longer than \(Self.maxLength) bytes")
        }
        tokens = try Self.tokenize(format, arguments: arguments, keyPaths: keyPaths)
    }

    private func fail(_ reason: String) -> StoreError { .badPredicate(format, reason: reason) }

    mutating func parse() throws -> PredicateNode {
        let node = try parseOr(depth: 0)
        guard position == tokens.count else { throw fail("unexpected \(describe(tokens[position]))") }
        return node
    }

    private func describe(_ token: Token) -> String {
        switch token {
        case .word(let word): "\"\(word)\""
        case .symbol(let symbol): "\"\(symbol)\""
        case .text: "a string"
        case .number: "a number"
        case .argument, .arguments: "an argument"
        case .key(let key): "the key \(key)"
        }
    }

    private var current: Token? { position < tokens.count ? tokens[position] : nil }

    private mutating func take(_ words: Set<String>) -> Bool {
        switch current {
        case .word(let word) where words.contains(word.uppercased()), .symbol(let word) where words.contains(word):
            position += 1
            return true
        default: return false
        }
    }

    private mutating func parseOr(depth: Int) throws -> PredicateNode {
        var nodes = [try parseAnd(depth: depth)]
        while take(["OR", "||"]) { nodes.append(try parseAnd(depth: depth)) }
        return nodes.count == 1 ? nodes[0] : .or(nodes)
    }

    private mutating func parseAnd(depth: Int) throws -> PredicateNode {
        var nodes = [try parseNot(depth: depth)]
        while take(["AND", "&&"]) { nodes.append(try parseNot(depth: depth)) }
        return nodes.count == 1 ? nodes[0] : .and(nodes)
    }

    private mutating func parseNot(depth: Int) throws -> PredicateNode {
        guard depth < Self.maxDepth else { throw fail("nested deeper than \(Self.maxDepth)") }
        if take(["NOT", "!"]) { return .not(try parseNot(depth: depth + 1)) }
        if take(["("]) {
            let node = try parseOr(depth: depth + 1)
            guard take([")"]) else { throw fail("a \"(\" is not closed") }
            return node
        }
        if take(["TRUEPREDICATE"]) { return .constant(true) }
        if take(["FALSEPREDICATE"]) { return .constant(false) }
        return try parseComparison()
    }

    private mutating func parseComparison() throws -> PredicateNode {
        let key: String
        switch current {
        case .word(let word) where !Self.reserved.contains(word.uppercased()):
            key = word
        case .key(let name):
            key = name
        case nil:
            throw fail("a comparison is missing")
        case let token?:
            throw fail("a comparison starts with a key, not \(describe(token))")
        }
        position += 1
        let op: ComparisonOperator
        switch current {
        case .symbol("=="), .symbol("="): op = .equal
        case .symbol("!="), .symbol("<>"): op = .notEqual
        case .symbol("<"): op = .less
        case .symbol("<="), .symbol("=<"): op = .lessOrEqual
        case .symbol(">"): op = .greater
        case .symbol(">="), .symbol("=>"): op = .greaterOrEqual
        case .word(let word):
            guard let found = ComparisonOperator(rawValue: word.uppercased()), found.rawValue.first!.isLetter else {
                throw fail("\"\(word)\" is not an operator")
            }
            op = found
        case nil: throw fail("\(key) is not compared with anything")
        case let token?: throw fail("\(describe(token)) is not an operator")
        }
        position += 1
        var flags = 0
        if take(["["]) {
            guard case .word(let letters) = current, !letters.isEmpty else { throw fail("an empty [] modifier") }
            for letter in letters.lowercased() {
                switch letter {
                case "c": flags |= TextFolding.caseInsensitive
                case "d": flags |= TextFolding.diacriticInsensitive
                case "n": break
                default: throw fail("[\(letters)] is not a modifier (c, d)")
                }
            }
            position += 1
            guard take(["]"]) else { throw fail("a \"[\" is not closed") }
        }
        let operand = try parseOperand()
        return .compare(key: key, op: op, flags: flags, operand: operand)
    }

    private mutating func parseOperand() throws -> Operand {
        guard let token = current else { throw fail("a value is missing") }
        position += 1
        switch token {
        case .text(let text): return .value(.text(text))
        case .number(let number): return .value(number)
        case .argument(let value): return .value(value)
        case .arguments(let values): return .list(values)
        case .word(let word):
            switch word.uppercased() {
            case "TRUE", "YES": return .value(.integer(1))
            case "FALSE", "NO": return .value(.integer(0))
            case "NIL", "NULL": return .value(.null)
            default: throw fail("\"\(word)\" is not a value (comparing two keys is not supported)")
            }
        case .symbol("{"):
            var values: [SQLValue] = []
            if take(["}"]) { return .list([]) }
            repeat {
                if case .symbol("{")? = current { throw fail("a list inside a list") }
                guard case .value(let value) = try parseOperand() else { throw fail("a list inside a list") }
                values.append(value)
            } while take([","])
            guard take(["}"]) else { throw fail("a \"{\" is not closed") }
            return .list(values)
        default: throw fail("\(describe(token)) is not a value")
        }
    }

    static let reserved: Set<String> = [
        "AND", "OR", "NOT", "TRUEPREDICATE", "FALSEPREDICATE", "TRUE", "FALSE", "YES", "NO", "NIL", "NULL", "CONTAINS", "BEGINSWITH",
        "ENDSWITH", "LIKE", "IN",
    ]

    // MARK: Tokens

    static func tokenize(_ format: String, arguments: [Any?], keyPaths: Bool = false) throws -> [Token] {
        let characters = Array(format.unicodeScalars)
        var tokens: [Token] = []
        var index = 0
        var argumentIndex = 0
        func fail(_ reason: String) -> StoreError { .badPredicate(format, reason: reason) }
        func nextArgument() throws -> Any? {
            guard argumentIndex < arguments.count else { throw fail("more placeholders than the \(arguments.count) arguments given") }
            defer { argumentIndex += 1 }
            return arguments[argumentIndex]
        }
        while index < characters.count {
            let character = characters[index]
            if character.properties.isWhitespace {
                index += 1
                continue
            }
            if CharacterSet.letters.contains(character) || character == "_" {
                var word = ""
                while index < characters.count,
                    CharacterSet.alphanumerics.contains(characters[index]) || characters[index] == "_"
                        || (keyPaths && characters[index] == "." && index + 1 < characters.count
                            && (CharacterSet.letters.contains(characters[index + 1]) || characters[index + 1] == "_"))
                {
                    word.unicodeScalars.append(characters[index])
                    index += 1
                }
                tokens.append(.word(word))
                continue
            }
            if CharacterSet.decimalDigits.contains(character)
                || (character == "-" && index + 1 < characters.count && CharacterSet.decimalDigits.contains(characters[index + 1]))
            {
                var text = String(character)
                index += 1
                while index < characters.count, CharacterSet.decimalDigits.contains(characters[index]) || characters[index] == "." {
                    text.unicodeScalars.append(characters[index])
                    index += 1
                }
                if let integer = Int64(text) {
                    tokens.append(.number(.integer(integer)))
                } else if let real = Double(text) {
                    tokens.append(.number(.real(real)))
                } else {
                    throw fail("\(text) is not a number")
                }
                continue
            }
            if character == "\"" || character == "'" {
                var text = ""
                index += 1
                var closed = false
                while index < characters.count {
                    let next = characters[index]
                    if next == "\\", index + 1 < characters.count {
                        text.unicodeScalars.append(characters[index + 1])
                        index += 2
                        continue
                    }
                    if next == character {
                        closed = true
                        index += 1
                        break
                    }
                    text.unicodeScalars.append(next)
                    index += 1
                }
                guard closed else { throw fail("a string is not closed") }
                tokens.append(.text(text))
                continue
            }
            if character == "%" {
                var specifier = ""
                index += 1
                while index < characters.count, "lqh".unicodeScalars.contains(characters[index]) {
                    specifier.unicodeScalars.append(characters[index])
                    index += 1
                }
                guard index < characters.count else { throw fail("a % at the end") }
                let kind = characters[index]
                index += 1
                switch kind {
                case "@":
                    let argument = try nextArgument()
                    if let array = argument as? [Any?] {
                        tokens.append(.arguments(try array.map { try value(of: $0, format: format) }))
                    } else if let array = argument as? [Any] {
                        tokens.append(.arguments(try array.map { try value(of: $0, format: format) }))
                    } else {
                        tokens.append(.argument(try value(of: argument, format: format)))
                    }
                case "K":
                    guard let name = try nextArgument() as? String,
                        keyPaths
                            ? name.split(separator: ".", omittingEmptySubsequences: false).allSatisfy({ isIdentifier(String($0)) })
                            : isIdentifier(name)
                    else {
                        throw fail(
                            keyPaths
                                ? "%K needs a key path (names of letters, digits, _ joined by dots)"
                                : "%K needs a key name (letters, digits, _)")
                    }
                    tokens.append(.key(name))
                case "d", "i", "u", "f", "g", "e":
                    tokens.append(.argument(try value(of: try nextArgument(), format: format)))
                default:
                    throw fail("%\(specifier)\(kind) is not a placeholder (%@, %K, %d, %f)")
                }
                continue
            }
            let two = index + 1 < characters.count ? String(character) + String(characters[index + 1]) : ""
            if ["==", "!=", "<>", "<=", "=<", ">=", "=>", "&&", "||"].contains(two) {
                tokens.append(.symbol(two))
                index += 2
                continue
            }
            if "=<>!(){}[],".unicodeScalars.contains(character) {
                tokens.append(.symbol(String(character)))
                index += 1
                continue
            }
            throw fail("\"\(character)\" is not understood")
        }
        guard argumentIndex == arguments.count else {
            throw fail("\(arguments.count) arguments for \(argumentIndex) placeholders")
        }
        return tokens
    }

    private static func value(of argument: Any?, format: String) throws -> SQLValue {
        guard let value = SQLValue.from(argument) else {
            throw StoreError.badPredicate(format, reason: "an argument of type \(type(of: argument!)) is not a value a column holds")
        }
        return value
    }
}
