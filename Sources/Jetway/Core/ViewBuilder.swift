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
    @inlinable public static func buildBlock() -> EmptyView { EmptyView() }

    @inlinable public static func buildBlock<Content: View>(_ content: Content) -> Content { content }

    @inlinable public static func buildBlock<each Content: View>(_ content: repeat each Content) -> TupleView<(repeat each Content)> {
        TupleView(repeat each content)
    }

    @inlinable public static func buildExpression<Content: View>(_ content: Content) -> Content { content }

    @inlinable public static func buildIf<Content: View>(_ content: Content?) -> Content? { content }

    @inlinable public static func buildEither<TrueContent: View, FalseContent: View>(first: TrueContent) -> _ConditionalContent<
        TrueContent, FalseContent
    > {
        _ConditionalContent(storage: .trueContent(first))
    }

    @inlinable public static func buildEither<TrueContent: View, FalseContent: View>(second: FalseContent) -> _ConditionalContent<
        TrueContent, FalseContent
    > {
        _ConditionalContent(storage: .falseContent(second))
    }

    @inlinable public static func buildLimitedAvailability<Content: View>(_ content: Content) -> AnyView { AnyView(content) }
}
