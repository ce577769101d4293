/// Gives its content the size it is offered. On the server the size starts at the one this
/// browser last reported for it (the `jw_sizes` cookie the runtime keeps per page), else at a
/// default (`GeometryProxy.defaultSize`), and follows what the browser reports through `resize`
/// events (throttled to one per frame), so a layout by width paints right the first time.
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
        let state = context.persistent(GeometryState.self) {
            // Readers are numbered in the order they first appear (the page's order on its
            // first render): the number names this one's size in the cookie.
            let index = context.graph.nextGeometryIndex()
            return GeometryState(index: index, size: context.environment.request.reportedSize(at: index))
        }
        state.owner = context.owner
        let node = context.element("div", StyleClass.geometry)
        node.setAttribute(RuntimeContract.Attribute.geometry, String(state.index))
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
    let index: Int
    var size: CGSize
    weak var owner: ViewInstance?

    init(index: Int, size: CGSize?) {
        self.index = index
        self.size = size ?? GeometryProxy.defaultSize
    }

    func resize(to size: CGSize) {
        guard size != self.size else { return }
        self.size = size
        owner?.invalidate()
    }
}
