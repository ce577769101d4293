/// A type-erased view. A change of the wrapped view's type is a change of identity.
///
/// ```swift
/// let award: AnyView = earned ? AnyView(Medal()) : AnyView(Text("Not yet"))
/// ```
public struct AnyView: _PrimitiveView {
    private let typeKey: UInt64
    private let renderContent: @MainActor (_RenderContext, inout [Node]) -> Void

    /// Wraps `view`, erasing its type; an `AnyView` passed in is kept as it is, not wrapped twice.
    public init<V: View>(_ view: V) {
        if let erased = view as? AnyView {
            self = erased
            return
        }
        typeKey = IdentityHash.ofType(V.self)
        renderContent = { context, out in V._render(view, context, &out) }
    }

    /// Wraps `view`, erasing its type, as `init(_:)` does.
    public init<V: View>(erasing view: V) { self.init(view) }

    /// Jetway's rendering entry point; not for apps.
    public static func _render(_ view: AnyView, _ context: _RenderContext, _ out: inout [Node]) {
        view.renderContent(context.branch(view.typeKey), &out)
    }
}

extension View {
    /// Wraps this view in an `AnyView`.
    public func eraseToAnyView() -> AnyView { AnyView(self) }
}
