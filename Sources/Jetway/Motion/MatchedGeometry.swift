import Foundation

/// A space of ids for `matchedGeometryEffect`, one per view that declares it.
///
/// ```swift
/// @Namespace private var cards
/// ```
@propertyWrapper
public struct Namespace: DynamicProperty {
    /// A namespace's id: unique in the process.
    public struct ID: Hashable, Sendable {
        let value: Int
    }

    private let storage: State<ID>

    /// A new namespace, whose id the view keeps for as long as it is shown (as a `@State`).
    public init() {
        storage = State(initialValue: ID(value: Self.counter.add(1)))
    }

    /// The namespace's id, to pass to `matchedGeometryEffect(id:in:)`.
    @MainActor public var wrappedValue: ID { storage.wrappedValue }

    private static let counter = Counter()
    private final class Counter: @unchecked Sendable {
        private let lock = NSLock()
        private var next = 0
        func add(_ amount: Int) -> Int {
            lock.lock()
            defer { lock.unlock() }
            next += amount
            return next
        }
    }
}

extension View {
    /// Ties this view to every view with the same `id` in `namespace`: when an animated change
    /// removes one and inserts another (a card dealt from the deck to the table, a thumbnail that
    /// becomes a detail), the new one moves and grows from where the old one was while the old
    /// one fades, in the browser (FLIP from the old element's box).
    public func matchedGeometryEffect<ID: Hashable>(
        id: ID, in namespace: Namespace.ID, properties: MatchedGeometryProperties = .frame, anchor: UnitPoint = .center,
        isSource: Bool = true
    ) -> some View {
        var hasher = Hasher()
        hasher.combine(id)
        // Stable within a process run (the page's ids are compared within one page).
        let key = "\(namespace.value):\(String(UInt(bitPattern: hasher.finalize()), radix: 36))"
        return modifier(StyleModifier { node in node.setAttribute(RuntimeContract.Attribute.matched, key) })
    }
}

/// What a matched geometry effect matches: the frame (position and size) here.
public struct MatchedGeometryProperties: OptionSet, Sendable {
    /// The options' bits.
    public let rawValue: UInt32
    /// Options from their `rawValue` bits.
    public init(rawValue: UInt32) { self.rawValue = rawValue }
    /// The position; matched as the whole frame here.
    public static let position = MatchedGeometryProperties(rawValue: 1)
    /// The size; matched as the whole frame here.
    public static let size = MatchedGeometryProperties(rawValue: 2)
    /// The position and the size.
    public static let frame: MatchedGeometryProperties = [.position, .size]
}
