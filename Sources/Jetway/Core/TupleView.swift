/// Several views side by side, as built by `@ViewBuilder` from a block of statements.
/// Each child's position in the block is part of its identity.
public struct TupleView<T>: _PrimitiveView {
    public var value: T
    private let renderChildren: @MainActor (_RenderContext, inout [Node]) -> Void

    public init<each Content: View>(_ content: repeat each Content) where T == (repeat each Content) {
        value = (repeat each content)
        renderChildren = { context, out in
            var index = 0
            for child in repeat each content {
                renderChild(child, context.structural(index), &out)
                index += 1
            }
        }
    }

    public static func _render(_ view: TupleView, _ context: _RenderContext, _ out: inout [Node]) {
        view.renderChildren(context, &out)
    }
}

@MainActor
private func renderChild<V: View>(_ view: V, _ context: _RenderContext, _ out: inout [Node]) {
    V._render(view, context, &out)
}
