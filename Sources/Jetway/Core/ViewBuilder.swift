/// Builds view content from the statements of a closure: SwiftUI's `@ViewBuilder`.
///
/// Any number of children (parameter packs, no ten-view limit), `if`/`else`, `if let`,
/// `switch`, and `#available` checks.
///
/// ```swift
/// @ViewBuilder func badge(_ count: Int?) -> some View {
///     if let count { Text("\(count)") } else { EmptyView() }
/// }
/// ```
@resultBuilder
@preconcurrency @MainActor
public enum ViewBuilder {
    /// An empty block builds an `EmptyView`.
    @inlinable public static func buildBlock() -> EmptyView { EmptyView() }

    /// A block of one view builds that view as it is.
    @inlinable public static func buildBlock<Content: View>(_ content: Content) -> Content { content }

    /// A block of several views builds a `TupleView` of them, in order, with no limit on their number.
    @inlinable public static func buildBlock<each Content: View>(_ content: repeat each Content) -> TupleView<(repeat each Content)> {
        TupleView(repeat each content)
    }

    /// Each statement's view is taken as it is.
    @inlinable public static func buildExpression<Content: View>(_ content: Content) -> Content { content }

    /// An `if` without `else` builds an optional view, which renders nothing when the condition is false.
    @inlinable public static func buildIf<Content: View>(_ content: Content?) -> Content? { content }

    /// The first branch of an `if`/`else` or `switch`; the branch taken is part of the content's identity.
    @inlinable public static func buildEither<TrueContent: View, FalseContent: View>(first: TrueContent) -> _ConditionalContent<
        TrueContent, FalseContent
    > {
        _ConditionalContent(storage: .trueContent(first))
    }

    /// The second branch of an `if`/`else` or `switch`; the branch taken is part of the content's identity.
    @inlinable public static func buildEither<TrueContent: View, FalseContent: View>(second: FalseContent) -> _ConditionalContent<
        TrueContent, FalseContent
    > {
        _ConditionalContent(storage: .falseContent(second))
    }

    /// Content inside an `if #available` check is wrapped in an `AnyView`.
    @inlinable public static func buildLimitedAvailability<Content: View>(_ content: Content) -> AnyView { AnyView(content) }
}
