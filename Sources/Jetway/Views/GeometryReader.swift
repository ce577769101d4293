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

    /// A reader whose `content` is made from a `GeometryProxy` of the size offered. It takes all the
    /// room offered (the views around it grow to give it), and its content is made again when the
    /// browser reports a new size.
    public init(@ViewBuilder content: @escaping (GeometryProxy) -> Content) {
        self.content = content
    }

    /// Jetway's rendering entry point; not for apps.
    public static func _render(_ view: Self, _ context: _RenderContext, _ out: inout [Node]) {
        let state = context.persistent(GeometryState.self) {
            // Readers are numbered in the order they first appear (the page's order on its
            // first render): the number names this one's size in the cookie.
            let index = context.graph.nextGeometryIndex()
            return GeometryState(index: index, size: context.environment.request.reportedSize(at: index))
        }
        state.owner = context.owner
        let node = context.element("div", StyleClass.geometry)
        // It takes all the room offered, as SwiftUI's does: the views around it grow to give it.
        node.addClass(StyleClass.fillW)
        node.addClass(StyleClass.fillH)
        node.setAttribute(RuntimeContract.Attribute.geometry, String(state.index))
        node.addHandler(
            EventBinding(event: .resize) { payload in
                let (size, origin) = try GeometryState.measure(payload)
                state.resize(to: size, origin: origin)
            })
        let proxy = GeometryProxy(size: state.size, origin: state.origin)
        let content = context.track { view.content(proxy) }
        context.rebuilt().renderChildren(content, into: node)
        out.append(node)
    }
}

/// The size offered to a `GeometryReader`'s content, and where it is.
public struct GeometryProxy: Sendable {
    /// The size offered to the reader, in points (CSS pixels): the browser's last report, or
    /// `defaultSize` before one.
    public let size: CGSize
    /// Where the reader's box was in the page when the browser last reported its size (the
    /// page's scrolling does not report it again).
    let origin: CGPoint
    /// Always zero: a browser page has no safe area Jetway reports.
    public var safeAreaInsets: EdgeInsets { EdgeInsets() }

    init(size: CGSize, origin: CGPoint = .zero) {
        self.size = size
        self.origin = origin
    }

    /// The reader's box in its own space (`.local`: at 0, 0) or the page's (`.global`, and a
    /// named space here): where it was when its size was last reported.
    public func frame(in space: CoordinateSpace) -> CGRect {
        CGRect(origin: space == .local ? .zero : origin, size: size)
    }

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

    var origin = CGPoint.zero

    /// What the browser measured (a `resize` event): `[width, height]`, or `[width, height,
    /// x, y]` with where the element is in the page.
    static func measure(_ payload: EventPayload) throws -> (size: CGSize, origin: CGPoint?) {
        let width: Double, height: Double
        var origin: CGPoint?
        switch payload {
        case .size(let w, let h): (width, height) = (w, h)
        case .numbers(let numbers) where numbers.count == 4:
            (width, height) = (numbers[0], numbers[1])
            guard numbers[2].isFinite, numbers[3].isFinite, abs(numbers[2]) < 1e7, abs(numbers[3]) < 1e7 else {
                throw JetwayError.wrongPayload(expected: "a place in the page", got: "\(numbers[2]), \(numbers[3])")
            }
            origin = CGPoint(x: numbers[2], y: numbers[3])
        default: throw JetwayError.wrongPayload(expected: "a size", got: payload.kindName)
        }
        guard width.isFinite, height.isFinite, width >= 0, height >= 0, width < 1e6, height < 1e6 else {
            throw JetwayError.wrongPayload(expected: "a size between 0 and 1,000,000", got: "\(width)×\(height)")
        }
        return (CGSize(width: width, height: height), origin)
    }

    func resize(to size: CGSize, origin: CGPoint? = nil) {
        guard size != self.size || (origin != nil && origin != self.origin) else { return }
        self.size = size
        if let origin { self.origin = origin }
        owner?.invalidate()
    }
}
