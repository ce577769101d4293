/// How a view comes in and goes out when an animated change inserts or removes it. The
/// runtime plays it (the Web Animations API); a removed view stays in its place, out of the
/// layout, until its transition has ended.
///
/// ```swift
/// .transition(.opacity)
/// .transition(.move(edge: .bottom))
/// .transition(.asymmetric(insertion: .push(from: .trailing), removal: .opacity))
/// .transition(.scale(scale: 0.8).combined(with: .opacity))
/// ```
public struct AnyTransition: Sendable, Equatable {
    /// The parts of the insertion and of the removal (`opacity`, `scale 0.8 0.5 0.5`, …).
    let insertion: [String]
    let removal: [String]

    init(_ part: String) {
        insertion = [part]
        removal = [part]
    }

    init(insertion: [String], removal: [String]) {
        self.insertion = insertion
        self.removal = removal
    }

    public static let opacity = AnyTransition("opacity")
    public static let identity = AnyTransition(insertion: [], removal: [])
    public static let scale = scale(scale: 0)
    public static func scale(scale: CGFloat, anchor: UnitPoint = .center) -> AnyTransition {
        AnyTransition("scale \(Color.format(Double(scale))) \(Color.format(Double(anchor.x))) \(Color.format(Double(anchor.y)))")
    }
    /// In from the leading edge, out to the trailing edge.
    public static let slide = AnyTransition(insertion: ["move leading"], removal: ["move trailing"])
    public static func move(edge: Edge) -> AnyTransition { AnyTransition("move \(edge.name)") }
    public static func offset(_ offset: CGSize) -> AnyTransition { self.offset(x: offset.width, y: offset.height) }
    public static func offset(x: CGFloat = 0, y: CGFloat = 0) -> AnyTransition {
        AnyTransition("offset \(Color.format(Double(x))) \(Color.format(Double(y)))")
    }
    /// In from `edge` and out toward the opposite one, fading, as a navigation push.
    public static func push(from edge: Edge) -> AnyTransition {
        AnyTransition(insertion: ["move \(edge.name)", "opacity"], removal: ["move \(edge.opposite.name)", "opacity"])
    }
    public static func asymmetric(insertion: AnyTransition, removal: AnyTransition) -> AnyTransition {
        AnyTransition(insertion: insertion.insertion, removal: removal.removal)
    }

    public func combined(with other: AnyTransition) -> AnyTransition {
        AnyTransition(insertion: insertion + other.insertion, removal: removal + other.removal)
    }

    /// This transition moving with its own animation rather than the change's.
    public func animation(_ animation: Animation?) -> AnyTransition {
        guard let animation else { return self }
        let timing = "timing \(animation.wire.replacingOccurrences(of: " ", with: ""))"
        return AnyTransition(insertion: insertion + [timing], removal: removal + [timing])
    }

    /// What the runtime reads (`data-jw-transition`): the insertion's parts joined by `+`, then
    /// `|` and the removal's when they differ.
    var wire: String {
        let inserted = insertion.joined(separator: "+")
        let removed = removal.joined(separator: "+")
        return inserted == removed ? inserted : inserted + "|" + removed
    }
}

/// An iOS 17 transition of an app's own: what its view looks like as it comes in
/// (`.willAppear`), when shown (`.identity`) and as it goes (`.didDisappear`).
///
/// ```swift
/// struct Rise: Transition {
///     func body(content: Content, phase: TransitionPhase) -> some View {
///         content.opacity(phase.isIdentity ? 1 : 0).offset(y: phase.isIdentity ? 0 : 40)
///     }
/// }
/// Text("Boarding").transition(Rise())
/// ```
///
/// The view is shown through `body` at `.identity`; the effects its body gives the content at
/// the other phases (opacity, offsets, scales, rotations, blurs and other filters) are what the
/// browser moves it from and to — the server describes them once, the browser plays them.
public protocol Transition {
    associatedtype Body: View
    typealias Content = PlaceholderContentView<Self>
    @ViewBuilder @MainActor func body(content: Content, phase: TransitionPhase) -> Body
    static var properties: TransitionProperties { get }
}

extension Transition {
    public static var properties: TransitionProperties { TransitionProperties() }

    /// This transition, with its own animation.
    @MainActor public func animation(_ animation: Animation?) -> AnyTransition { AnyTransition(self).animation(animation) }
}

/// What a transition does: whether it moves (reduced motion leaves only its fading).
public struct TransitionProperties: Sendable, Hashable {
    public var hasMotion: Bool
    public init(hasMotion: Bool = true) { self.hasMotion = hasMotion }
}

/// Where a view is in its transition.
public enum TransitionPhase: Hashable, Sendable {
    case willAppear, identity, didDisappear

    public var isIdentity: Bool { self == .identity }
    /// -1 coming in, 0 shown, 1 going.
    public var value: Double {
        switch self {
        case .willAppear: -1
        case .identity: 0
        case .didDisappear: 1
        }
    }
}

/// The view a transition's `body` gives its effects to.
public struct PlaceholderContentView<Value>: _PrimitiveView {
    let content: AnyView?

    public static func _render(_ view: Self, _ context: _RenderContext, _ out: inout [Node]) {
        if let content = view.content {
            AnyView._render(content, context, &out)
        } else {
            // A phase's stand-in (marked): its style is what the effects make of the view.
            let marker = context.element("span")
            marker.setAttribute(RuntimeContract.Attribute.transition, TransitionPhaseProbe<Never>.mark)
            out.append(marker)
        }
    }
}

extension AnyTransition {
    /// A transition of an app's own as a value (`AnyTransition(Rise())`).
    @MainActor public init<T: Transition>(_ transition: T) {
        self.init(insertion: Self.phaseParts(transition, .willAppear), removal: Self.phaseParts(transition, .didDisappear))
    }

    /// The effects `transition` gives its content at `phase`, as a `style` part: `style
    /// opacity:0;transform:translate(0px,40px)` (its body rendered on its own, around a
    /// stand-in).
    @MainActor static func phaseParts<T: Transition>(_ transition: T, _ phase: TransitionPhase) -> [String] {
        let root = ViewGraph(TransitionPhaseProbe(transition: transition, phase: phase)).render()
        guard let marker = TransitionPhaseProbe<T>.marker(in: root), let style = marker.attribute("style") else { return [] }
        let moved = style.split(separator: ";").map(String.init).filter {
            $0.hasPrefix("opacity:") || $0.hasPrefix("transform:") || $0.hasPrefix("filter:") || $0.hasPrefix("transform-origin:")
        }
        guard !moved.isEmpty else { return [] }
        // `+` and `|` separate the wire's parts and sides.
        return ["style " + moved.joined(separator: ";").replacingOccurrences(of: "+", with: " ").replacingOccurrences(of: "|", with: " ")]
    }
}

/// A transition's body at one phase, around a stand-in.
struct TransitionPhaseProbe<T: Transition>: View {
    static var mark: String { "phase" }
    let transition: T
    let phase: TransitionPhase

    var body: some View { transition.body(content: PlaceholderContentView(content: nil), phase: phase) }

    static func marker(in node: Node) -> Node? {
        if node.attribute(RuntimeContract.Attribute.transition) == TransitionPhaseProbe<Never>.mark { return node }
        for child in node.children { if let found = marker(in: child) { return found } }
        return nil
    }
}

extension Never: Transition {
    public func body(content: Content, phase: TransitionPhase) -> Never { fatalError() }
}
extension Edge {
    var name: String {
        switch self {
        case .top: "top"
        case .bottom: "bottom"
        case .leading: "leading"
        case .trailing: "trailing"
        }
    }

    var opposite: Edge {
        switch self {
        case .top: .bottom
        case .bottom: .top
        case .leading: .trailing
        case .trailing: .leading
        }
    }
}
