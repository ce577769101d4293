/// Scrolls to a view by its id: `.id(_:)`, or a `ForEach` row's id.
///
/// ```swift
/// ScrollViewReader { proxy in
///     List(flights) { FlightRow(flight: $0) }
///     Button("Next departure") { proxy.scrollTo(next.id, anchor: .top) }
/// }
/// ```
///
/// Inside a reader, rows and views with an id carry a `data-scroll-id` (their id's hash); a
/// `scrollTo` asks the page to bring that element into view (smoothly, unless the user prefers
/// reduced motion), once per call.
public struct ScrollViewReader<Content: View>: _PrimitiveView {
    let content: (ScrollViewProxy) -> Content

    /// A reader whose `content` is made with a proxy that scrolls it, in a `<div>` of its own.
    public init(@ViewBuilder content: @escaping (ScrollViewProxy) -> Content) {
        self.content = content
    }

    /// Jetway's rendering entry point; not for apps.
    public static func _render(_ view: Self, _ context: _RenderContext, _ out: inout [Node]) {
        let state = context.persistent(ScrollState.self) { ScrollState() }
        state.owner = context.owner
        let node = context.element("div", StyleClass.scrollReader)
        var inner = context.insideElement()
        let request = state.request.map { ScrollRequest(serial: $0.serial, target: $0.target) }
        inner.writeEnvironment {
            $0.marksScrollTargets = true
            // A lazy list's row outside its window, asked for, moves the window to it.
            $0.scrollRequest = request
        }
        var children: [Node] = []
        Content._render(context.track { view.content(ScrollViewProxy(state: state)) }, inner.rebuilt(), &children)
        node.children = children
        if let request = state.request {
            // The request's number makes a second scroll to the same row a change too.
            node.setAttribute(RuntimeContract.Attribute.scrollTo, "\(request.serial) \(request.target) \(request.anchor)")
        }
        out.append(node)
    }
}

/// Scrolls the views of its `ScrollViewReader`.
public struct ScrollViewProxy {
    let state: ScrollState

    /// Brings the view whose id is `id` into view; `anchor` says where it ends up (`.top`,
    /// `.center`, `.bottom`; nil: as little scrolling as shows it).
    @MainActor
    public func scrollTo<ID: Hashable>(_ id: ID, anchor: UnitPoint? = nil) {
        state.serial &+= 1
        let place =
            switch anchor {
            case .some(let point) where point.y <= 0.25: "start"
            case .some(let point) where point.y >= 0.75: "end"
            case .some: "center"
            case nil: "nearest"
            }
        state.request = (state.serial, ScrollTargets.name(of: id), place)
        state.owner?.invalidate()
    }
}

/// What a `ScrollViewReader` was last asked to show.
@MainActor
final class ScrollState {
    var serial = 0
    var request: (serial: Int, target: String, anchor: String)?
    weak var owner: ViewInstance?
}

/// The names scroll targets carry in the page: an id's identity hash in base 36, the same
/// for `.id(_:)` and a `ForEach` row of that id.
enum ScrollTargets {
    static func name<ID: Hashable>(of id: ID) -> String {
        String(IdentityHash.ofID(id), radix: 36)
    }

    /// Marks the nodes a row or an `.id` view rendered, when a reader is above.
    @MainActor
    static func mark<ID: Hashable>(_ nodes: inout [Node], from start: Int, id: ID, _ context: _RenderContext) {
        guard context.environment.marksScrollTargets, start < nodes.count else { return }
        let name = Self.name(of: id)
        let node = nodes[start].isFrozen ? nodes[start].copy() : nodes[start]
        node.setAttribute(RuntimeContract.Attribute.scrollID, name)
        nodes[start] = node
    }
}

/// A point in a view's unit square: where `scrollTo` places its target.
public struct UnitPoint: Hashable, Sendable {
    /// The horizontal position: 0 at the leading edge, 1 at the trailing edge.
    public var x: Double
    /// The vertical position: 0 at the top, 1 at the bottom.
    public var y: Double
    /// The point at `x` and `y` in the unit square.
    public init(x: Double, y: Double) {
        self.x = x
        self.y = y
    }
    /// The middle of the top edge.
    public static let top = UnitPoint(x: 0.5, y: 0)
    /// The centre.
    public static let center = UnitPoint(x: 0.5, y: 0.5)
    /// The middle of the bottom edge.
    public static let bottom = UnitPoint(x: 0.5, y: 1)
    /// The middle of the leading edge.
    public static let leading = UnitPoint(x: 0, y: 0.5)
    /// The middle of the trailing edge.
    public static let trailing = UnitPoint(x: 1, y: 0.5)
    /// The top leading corner.
    public static let topLeading = UnitPoint(x: 0, y: 0)
    /// The top trailing corner.
    public static let topTrailing = UnitPoint(x: 1, y: 0)
    /// The bottom leading corner.
    public static let bottomLeading = UnitPoint(x: 0, y: 1)
    /// The bottom trailing corner.
    public static let bottomTrailing = UnitPoint(x: 1, y: 1)
}

private struct MarksScrollTargetsKey: EnvironmentKey { static let defaultValue = false }

extension EnvironmentValues {
    /// Set below a `ScrollViewReader`: rows and `.id` views name themselves in the page.
    var marksScrollTargets: Bool {
        get { self[MarksScrollTargetsKey.self] }
        set { self[MarksScrollTargetsKey.self] = newValue }
    }
}
