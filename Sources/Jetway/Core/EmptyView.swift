/// A view that renders nothing.
///
/// ```swift
/// var body: some View { EmptyView() }
/// ```
public struct EmptyView: _PrimitiveView {
    /// Creates a view that renders nothing.
    public init() {}
    /// Jetway's rendering entry point; not for apps.
    public static func _render(_ view: EmptyView, _ context: _RenderContext, _ out: inout [Node]) {}
}
