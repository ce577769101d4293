import Jetway

/// Which queued events need not be applied because the next message replaces them: a value
/// event (`input`, `change`, `resize`: each carries an element's whole value) followed at once
/// by another of the same kind for the same element. Only back-to-back runs qualify, so a click
/// between two inputs still sees the first; every event is still answered (those not applied
/// with an empty patch) and counted by the rate limit.
///
/// ```swift
/// InboundCoalescing.superseded([input("a"), input("ab"), click, input("abc")])   // [true, false, false, false]
/// ```
enum InboundCoalescing {
    static let valueKinds: Set<String> = [EventKind.input.rawValue, EventKind.change.rawValue, EventKind.resize.rawValue]

    /// For each message (nil: not a message, or not one that decodes), whether the next one
    /// replaces it.
    static func superseded(_ messages: [ClientMessage?]) -> [Bool] {
        messages.indices.map { index in
            guard index + 1 < messages.count, case .event(_, let id, let kind, _) = messages[index], valueKinds.contains(kind),
                case .event(_, let nextID, let nextKind, _) = messages[index + 1]
            else { return false }
            return nextID == id && nextKind == kind
        }
    }
}
