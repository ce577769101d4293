import Foundation

// `#Predicate { $0.name.localizedStandardContains(search) }` — the search SwiftData apps
// write — expands to `PredicateExpressions.build_localizedStandardContains`, which Foundation
// has only on Apple's platforms.

extension PredicateExpressions {
    /// Whether a string contains another, ignoring case and diacritics, as Finder's search does.
    public struct LocalizedStandardContains<Root: PredicateExpression, Other: PredicateExpression>: PredicateExpression
    where Root.Output: StringProtocol, Other.Output: StringProtocol {
        /// The expression's result: whether `root` contains `other`.
        public typealias Output = Bool
        /// The expression for the string searched in.
        public let root: Root
        /// The expression for the string searched for.
        public let other: Other

        /// An expression that tells whether `root`'s string contains `other`'s.
        public init(root: Root, other: Other) {
            self.root = root
            self.other = other
        }

        /// Evaluates both strings with `bindings` and compares them (`localizedStandardContains(_:)`).
        public func evaluate(_ bindings: PredicateBindings) throws -> Bool {
            try root.evaluate(bindings).localizedStandardContains(other.evaluate(bindings))
        }
    }

    /// What `#Predicate` expands `localizedStandardContains(_:)` to: `root` contains `other`.
    public static func build_localizedStandardContains<Root, Other>(_ root: Root, _ other: Other) -> LocalizedStandardContains<Root, Other>
    {
        LocalizedStandardContains(root: root, other: other)
    }
}

extension PredicateExpressions.LocalizedStandardContains: Sendable where Root: Sendable, Other: Sendable {}
extension PredicateExpressions.LocalizedStandardContains: Codable where Root: Codable, Other: Codable {}
extension PredicateExpressions.LocalizedStandardContains: StandardPredicateExpression
where Root: StandardPredicateExpression, Other: StandardPredicateExpression {}
