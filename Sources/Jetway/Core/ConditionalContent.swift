/// One of two views, as built by `if`/`else` and `switch` in a `@ViewBuilder`.
/// The branch taken is part of identity: switching branches resets the other branch's state.
public struct _ConditionalContent<TrueContent: View, FalseContent: View>: _PrimitiveView {
    @usableFromInline enum Storage {
        case trueContent(TrueContent)
        case falseContent(FalseContent)
    }
    @usableFromInline let storage: Storage

    @inlinable init(storage: Storage) { self.storage = storage }

    /// Jetway's rendering entry point; not for apps.
    public static func _render(_ view: Self, _ context: _RenderContext, _ out: inout [Node]) {
        switch view.storage {
        case .trueContent(let content): TrueContent._render(content, context.branch(1), &out)
        case .falseContent(let content): FalseContent._render(content, context.branch(2), &out)
        }
    }
}

/// An optional view renders nothing when nil, as an `if` without `else` does.
extension Optional: View where Wrapped: View {
    /// An optional view has no body: Jetway renders the wrapped view itself.
    public typealias Body = Never
    /// Never called: Jetway renders an optional view itself, and reading this stops the process.
    public var body: Never { preconditionFailure("Optional is rendered by Jetway and has no body") }

    /// Jetway's rendering entry point (the wrapped view, or nothing when nil); not for apps.
    public static func _render(_ view: Self, _ context: _RenderContext, _ out: inout [Node]) {
        if let view { Wrapped._render(view, context.branch(1), &out) }
    }
}
