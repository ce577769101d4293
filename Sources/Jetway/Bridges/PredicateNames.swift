import Foundation

// `#Predicate { $0.name.localizedStandardContains(search) }` — the search SwiftData apps
// write — expands to `PredicateExpressions.build_localizedStandardContains`, which Foundation
// has only on Apple's platforms.

extension PredicateExpressions {
    /// Whether a string contains another, ignoring case and diacritics, as Finder's search does.
    public struct LocalizedStandardContains<Root: PredicateExpression, Other: PredicateExpression>: PredicateExpression
    where Root.Output: StringProtocol, Other.Output: StringProtocol {
        public typealias Output = Bool
        public let root: Root
        public let other: Other

        public init(root: Root, other: Other) {
            self.root = root
            self.other = other
        }

        public func evaluate(_ bindings: PredicateBindings) throws -> Bool {
            try root.evaluate(bindings).localizedStandardContains(other.evaluate(bindings))
        }
    }

    public static func build_localizedStandardContains<Root, Other>(_ root: Root, _ other: Other) -> LocalizedStandardContains<Root, Other>
    {
        LocalizedStandardContains(root: root, other: other)
    }
}

extension PredicateExpressions.LocalizedStandardContains: Sendable where Root: Sendable, Other: Sendable {}
extension PredicateExpressions.LocalizedStandardContains: Codable where Root: Codable, Other: Codable {}
extension PredicateExpressions.LocalizedStandardContains: StandardPredicateExpression
where Root: StandardPredicateExpression, Other: StandardPredicateExpression {}
