import Synchronization

/// How many Observation registrations the views hold: one per tracked evaluation that read an
/// `@Observable` property, from the evaluation until the property changes (the registration
/// then fires and is let go). A server that runs for days reports it (`/_jetway/stats`), and a
/// soak fails when it grows: a registration that is never let go is a leak.
///
/// Off until `isCounting` is set (the server sets it when asked to count): a counted evaluation
/// allocates a small token, which its change handler holds as long as Observation keeps it.
public enum ObservationRegistrations {
    /// Whether evaluations from now on are counted (those before are not).
    nonisolated(unsafe) public static var isCounting = false

    private static let count = Atomic<Int>(0)

    /// The registrations counted that Observation still holds.
    public static var live: Int { count.load(ordering: .relaxed) }

    /// Held by one change handler: counted while Observation keeps the handler.
    final class Token: Sendable {
        init() { ObservationRegistrations.count.add(1, ordering: .relaxed) }
        deinit { ObservationRegistrations.count.subtract(1, ordering: .relaxed) }
    }

    /// A token for the next tracked evaluation when counting, else nil.
    static func token() -> Token? { isCounting ? Token() : nil }
}
