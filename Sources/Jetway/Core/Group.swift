/// Groups views without adding an element; modifiers on the group apply to each child.
///
/// ```swift
/// Group {
///     Text("One")
///     Text("Two")
/// }
/// .font(.headline)
/// ```
public struct Group<Content: View>: _PrimitiveView {
    public var content: Content
    public init(@ViewBuilder content: () -> Content) { self.content = content() }

    public static func _render(_ view: Group, _ context: _RenderContext, _ out: inout [Node]) {
        Content._render(view.content, context, &out)
    }
}
