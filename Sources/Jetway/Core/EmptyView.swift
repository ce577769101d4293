/// A view that renders nothing.
///
/// ```swift
/// var body: some View { EmptyView() }
/// ```
public struct EmptyView: _PrimitiveView {
    public init() {}
    public static func _render(_ view: EmptyView, _ context: _RenderContext, _ out: inout [Node]) {}
}
