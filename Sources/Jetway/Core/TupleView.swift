import Synchronization

/// Several views side by side, as built by `@ViewBuilder` from a block of statements.
/// Each child's position in the block is part of its identity.
public struct TupleView<T>: _PrimitiveView {
    /// The child views, in the order of the builder's statements.
    public var value: T
    /// Renders a `T`; one per tuple type for the whole process, so a view's body does not keep a
    /// second copy of its children in a closure (that copy was a fifth of a board row's memory).
    @usableFromInline let renderer: TupleRenderer<T>

    // Inlinable, with what it uses: an app's `@ViewBuilder` blocks build their tuples with
    // code specialised for their own views (no tuple metadata looked up at run time).
    /// Creates a tuple view of `content`, in order; `@ViewBuilder` calls this, apps rarely need to.
    @inlinable public init<each Content: View>(_ content: repeat each Content) where T == (repeat each Content) {
        value = (repeat each content)
        renderer = TupleRenderer<T>.shared {
            TupleRenderer { (tuple: (repeat each Content), context: _RenderContext, out: inout [Node]) in
                var index = 0
                for child in repeat each tuple {
                    renderChild(child, context.structural(index), &out)
                    index += 1
                }
            }
        }
    }

    /// Jetway's rendering entry point; not for apps.
    @inlinable public static func _render(_ view: TupleView, _ context: _RenderContext, _ out: inout [Node]) {
        view.renderer.render(view.value, context, &out)
    }
}

@MainActor @usableFromInline
func renderChild<V: View>(_ view: V, _ context: _RenderContext, _ out: inout [Node]) {
    V._render(view, context, &out)
}

/// How to render the children of one tuple type, made the first time a `TupleView` of that type
/// is built.
@usableFromInline
final class TupleRenderer<T>: Sendable {
    @usableFromInline let render: @MainActor @Sendable (T, _RenderContext, inout [Node]) -> Void

    @usableFromInline init(_ render: @escaping @MainActor @Sendable (T, _RenderContext, inout [Node]) -> Void) {
        self.render = render
    }

    /// The renderer of `T`, made by `make` only the first time.
    @usableFromInline static func shared(_ make: () -> TupleRenderer<T>) -> TupleRenderer<T> {
        let id = ObjectIdentifier(T.self)
        if let known = tupleRenderers.withLock({ $0[id] }) { return unsafeDowncast(known, to: TupleRenderer<T>.self) }
        let made = make()
        tupleRenderers.withLock { $0[id] = made }
        return made
    }
}

private let tupleRenderers = Mutex<[ObjectIdentifier: AnyObject]>([:])
