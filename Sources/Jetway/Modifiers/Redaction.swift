import JetwayWire

/// Why a view's content is hidden: `.placeholder` while its data loads (the text and images
/// drawn as grey blocks of their size), `.privacy` for what should not show on a shared screen.
public struct RedactionReasons: OptionSet, Hashable, Sendable {
    /// The reasons' bits.
    public let rawValue: Int
    /// Creates reasons from their bits.
    public init(rawValue: Int) { self.rawValue = rawValue }
    /// Data is loading: text and images are drawn as grey blocks of their size.
    public static let placeholder = RedactionReasons(rawValue: 1)
    /// Private content: told to the views inside through `\.redactionReasons`, but Jetway hides nothing.
    public static let privacy = RedactionReasons(rawValue: 2)
    /// Stale content: told to the views inside through `\.redactionReasons`, but Jetway hides nothing.
    public static let invalidated = RedactionReasons(rawValue: 4)
}

private struct RedactionReasonsKey: EnvironmentKey {
    static let defaultValue: RedactionReasons = []
}

extension EnvironmentValues {
    /// The reasons the views here are redacted (`.redacted(reason:)`), for a view that draws
    /// its own placeholder.
    public var redactionReasons: RedactionReasons {
        get { self[RedactionReasonsKey.self] }
        set { self[RedactionReasonsKey.self] = newValue }
    }
}

extension View {
    /// Draws this view's text and images as placeholders (`.placeholder`: grey blocks the size
    /// of what they hide), and tells the views inside why (`\.redactionReasons`). `.privacy`
    /// and `.invalidated` are only told: Jetway hides nothing for them.
    public func redacted(reason: RedactionReasons) -> some View {
        modifier(EnvironmentWriter { $0.redactionReasons.formUnion(reason) })
            .modifier(StyleModifier { node in if reason.contains(.placeholder) { node.addClass(StyleClass.redacted) } })
    }

    /// Shows this view as it is inside a redacted one.
    public func unredacted() -> some View {
        modifier(EnvironmentWriter { $0.redactionReasons = [] })
            .modifier(StyleModifier { node in node.addClass(StyleClass.unredacted) })
    }
}
