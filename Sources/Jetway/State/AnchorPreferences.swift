import Foundation

// Anchors: a view hands up where it is (`.anchorPreference(key:value:transform:)`), and an
// ancestor's `GeometryReader` turns that into its own coordinates (`geometry[anchor]`) — a
// segmented control's indicator under the selected item, a tooltip beside its button. The
// browser measures the anchored view's element (as it measures a `GeometryReader`: its size
// and where it is in the page, reported when its size changes), and an anchor is that frame;
// until the first report it is an empty frame at the page's origin.

/// Where a view is, to be read in another view's coordinates (`geometry[anchor]`).
public struct Anchor<Value> {
    /// The anchored view's frame in the page, as the browser last measured it.
    let frame: CGRect
    let shape: Source.Shape

    /// What of the view an anchor stands for: its bounds, a rectangle or a point in it.
    public struct Source {
        enum Shape: Equatable {
            case bounds
            case rect(CGRect)
            case unitPoint(UnitPoint)
            case point(CGPoint)
            /// The bounds of whichever reader reads it (`_readerBounds`).
            case readerBounds
        }
        let shape: Shape
    }

    /// The value in the page's coordinates.
    var global: Any {
        switch shape {
        case .bounds: frame
        case .rect(let rect): rect.offsetBy(dx: frame.minX, dy: frame.minY)
        case .unitPoint(let unit): CGPoint(x: frame.minX + unit.x * frame.width, y: frame.minY + unit.y * frame.height)
        case .point(let point): CGPoint(x: frame.minX + point.x, y: frame.minY + point.y)
        case .readerBounds: frame
        }
    }
}

extension Anchor where Value == CGRect {
    /// The bounds of the `GeometryReader` that reads it: a frame known to be the reader's own
    /// (JetwayCharts' `ChartProxy.plotFrame`, read from inside the layer that covers the plot).
    public static var _readerBounds: Anchor<CGRect> { Anchor(frame: .zero, shape: .readerBounds) }
}

extension Anchor: Equatable {
    /// Two anchors are equal when they stand for the same part of the same measured frame.
    public static func == (lhs: Anchor, rhs: Anchor) -> Bool { lhs.frame == rhs.frame && lhs.shape == rhs.shape }
}

extension Anchor: @unchecked Sendable {}
extension Anchor.Source: @unchecked Sendable {}

extension Anchor.Source where Value == CGRect {
    /// The view's bounds.
    public static var bounds: Anchor<CGRect>.Source { .init(shape: .bounds) }
    /// A rectangle in the view's own coordinates.
    public static func rect(_ rect: CGRect) -> Anchor<CGRect>.Source { .init(shape: .rect(rect)) }
}

extension Anchor.Source where Value == CGPoint {
    /// A point in the view's own coordinates.
    public static func point(_ point: CGPoint) -> Anchor<CGPoint>.Source { .init(shape: .point(point)) }
    /// A point by its place in the view's bounds (`.center`: the middle).
    public static func unitPoint(_ point: UnitPoint) -> Anchor<CGPoint>.Source { .init(shape: .unitPoint(point)) }
    /// The view's top-leading corner.
    public static var topLeading: Anchor<CGPoint>.Source { unitPoint(UnitPoint(x: 0, y: 0)) }
    /// The middle of the view's top edge.
    public static var top: Anchor<CGPoint>.Source { unitPoint(UnitPoint(x: 0.5, y: 0)) }
    /// The view's top-trailing corner.
    public static var topTrailing: Anchor<CGPoint>.Source { unitPoint(UnitPoint(x: 1, y: 0)) }
    /// The middle of the view's leading edge.
    public static var leading: Anchor<CGPoint>.Source { unitPoint(UnitPoint(x: 0, y: 0.5)) }
    /// The view's centre.
    public static var center: Anchor<CGPoint>.Source { unitPoint(UnitPoint(x: 0.5, y: 0.5)) }
    /// The middle of the view's trailing edge.
    public static var trailing: Anchor<CGPoint>.Source { unitPoint(UnitPoint(x: 1, y: 0.5)) }
    /// The view's bottom-leading corner.
    public static var bottomLeading: Anchor<CGPoint>.Source { unitPoint(UnitPoint(x: 0, y: 1)) }
    /// The middle of the view's bottom edge.
    public static var bottom: Anchor<CGPoint>.Source { unitPoint(UnitPoint(x: 0.5, y: 1)) }
    /// The view's bottom-trailing corner.
    public static var bottomTrailing: Anchor<CGPoint>.Source { unitPoint(UnitPoint(x: 1, y: 1)) }
}

extension GeometryProxy {
    /// Where the anchored view is, in this reader's coordinates.
    public subscript<T>(anchor: Anchor<T>) -> T {
        if anchor.shape == .readerBounds, let bounds = CGRect(origin: .zero, size: size) as? T { return bounds }
        return switch anchor.global {
        case let rect as CGRect: rect.offsetBy(dx: -origin.x, dy: -origin.y) as! T
        case let point as CGPoint: CGPoint(x: point.x - origin.x, y: point.y - origin.y) as! T
        case let other: other as! T
        }
    }
}

extension View {
    /// Sets `key`'s value from where this view is: `transform` makes it from an anchor the
    /// view's ancestors resolve with a `GeometryReader` (`geometry[anchor]`).
    public func anchorPreference<A, K: PreferenceKey>(
        key: K.Type = K.self, value: Anchor<A>.Source, transform: @escaping (Anchor<A>) -> K.Value
    ) -> some View {
        modifier(AnchorPreferenceModifier<A, K>(source: value, write: .set(transform)))
    }

    /// Changes `key`'s value as it comes up from this view's content, with where this view is.
    public func transformAnchorPreference<A, K: PreferenceKey>(
        key: K.Type = K.self, value: Anchor<A>.Source, transform: @escaping (inout K.Value, Anchor<A>) -> Void
    ) -> some View {
        modifier(AnchorPreferenceModifier<A, K>(source: value, write: .transform(transform)))
    }
}

/// The frame the browser last measured for an anchored view.
@MainActor
final class AnchorFrameState {
    var frame = CGRect.zero
    weak var owner: ViewInstance?

    func measured(_ payload: EventPayload) throws {
        let (size, origin) = try GeometryState.measure(payload)
        let frame = CGRect(origin: origin ?? self.frame.origin, size: size)
        guard frame != self.frame else { return }
        self.frame = frame
        owner?.invalidate()
    }
}

struct AnchorPreferenceModifier<A, K: PreferenceKey>: _PrimitiveModifier {
    enum Write {
        case set((Anchor<A>) -> K.Value)
        case transform((inout K.Value, Anchor<A>) -> Void)
    }
    let source: Anchor<A>.Source
    let write: Write

    static func _apply(_ modifier: Self, _ context: _RenderContext, _ out: inout [Node], _ content: @escaping _ContentRenderer) {
        let start = out.count
        content(context, &out)
        let state = context.persistent(AnchorFrameState.self) { AnchorFrameState() }
        state.owner = context.owner
        // The view's element (the first, for a view of several) is measured.
        guard start < out.count else { return }
        let node = out[start]
        // Another anchor on the same view (or its reader) is measured too.
        node.addHandler(EventBinding(event: .resize) { payload in try state.measured(payload) }, afterEarlier: true)
        let anchor = Anchor<A>(frame: state.frame, shape: modifier.source.shape)
        switch modifier.write {
        // What the transform reads (the selection an indicator follows) is the view's to
        // follow, as what its body reads is.
        case .set(let transform):
            node.setPreference(ObjectIdentifier(K.self), context.track { transform(anchor) })
        case .transform(let transform):
            node.addPreferenceTransform(K.self) { value in transform(&value, anchor) }
        }
    }
}
