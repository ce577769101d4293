/// Gives its content the size it is offered. On the server the size starts at a default
/// (`GeometryProxy.defaultSize`) and follows what the browser reports through `resize` events.
///
/// ```swift
/// GeometryReader { geometry in
///     Text("Cell").frame(width: geometry.size.width / 3)
/// }
/// ```
public struct GeometryReader<Content: View>: _PrimitiveView {
    let content: (GeometryProxy) -> Content

    public init(@ViewBuilder content: @escaping (GeometryProxy) -> Content) {
        self.content = content
    }

    public static func _render(_ view: Self, _ context: _RenderContext, _ out: inout [Node]) {
        let state = context.persistent(GeometryState.self) { GeometryState() }
        state.owner = context.owner
        let node = context.element("div", "jw-geometry")
        node.addHandler(
            EventBinding(event: .resize) { payload in
                guard case .size(let width, let height) = payload else {
                    throw JetwayError.wrongPayload(expected: "a size", got: payload.kindName)
                }
                guard width.isFinite, height.isFinite, width >= 0, height >= 0, width < 1e6, height < 1e6 else {
                    throw JetwayError.wrongPayload(expected: "a size between 0 and 1,000,000", got: "\(width)×\(height)")
                }
                state.resize(to: CGSize(width: width, height: height))
            })
        let proxy = GeometryProxy(size: state.size)
        let content = context.track { view.content(proxy) }
        context.rebuilt().renderChildren(content, into: node)
        out.append(node)
    }
}

/// The size offered to a `GeometryReader`'s content.
public struct GeometryProxy: Sendable {
    public let size: CGSize
    public var safeAreaInsets: EdgeInsets { EdgeInsets() }

    /// The size used until the browser reports the real one.
    public static let defaultSize = CGSize(width: 390, height: 844)
}

@MainActor
final class GeometryState {
    var size = GeometryProxy.defaultSize
    weak var owner: ViewInstance?

    func resize(to size: CGSize) {
        guard size != self.size else { return }
        self.size = size
        owner?.invalidate()
    }
}
