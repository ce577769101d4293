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
    /// The grouped views, rendered in place with no element of their own.
    public var content: Content
    /// Creates a group of the views `content` builds.
    public init(@ViewBuilder content: () -> Content) { self.content = content() }

    /// Jetway's rendering entry point; not for apps.
    public static func _render(_ view: Group, _ context: _RenderContext, _ out: inout [Node]) {
        Content._render(view.content, context, &out)
    }
}
