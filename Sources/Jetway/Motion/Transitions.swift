import Foundation

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

    /// Fades the view in and out (also what a view without a transition does).
    public static let opacity = AnyTransition("opacity")
    /// No transition: the view appears and goes at once, without fading.
    public static let identity = AnyTransition(insertion: [], removal: [])
    /// Grows the view from nothing as it comes in, and shrinks it to nothing as it goes.
    public static let scale = scale(scale: 0)
    /// Scales the view from `scale` as it comes in and to it as it goes, about `anchor`.
    public static func scale(scale: CGFloat, anchor: UnitPoint = .center) -> AnyTransition {
        AnyTransition("scale \(Color.format(Double(scale))) \(Color.format(Double(anchor.x))) \(Color.format(Double(anchor.y)))")
    }
    /// iOS 17's `.scale(0.9)`: as `scale(scale:anchor:)`.
    public static func scale(_ scale: CGFloat, anchor: UnitPoint = .center) -> AnyTransition { Self.scale(scale: scale, anchor: anchor) }

    /// In from the leading edge, out to the trailing edge.
    public static let slide = AnyTransition(insertion: ["move leading"], removal: ["move trailing"])
    /// Moves the view in from `edge` and out toward it, by its own width or height.
    public static func move(edge: Edge) -> AnyTransition { AnyTransition("move \(edge.name)") }
    /// Moves the view in from `offset` away and out to it.
    public static func offset(_ offset: CGSize) -> AnyTransition { self.offset(x: offset.width, y: offset.height) }
    /// Moves the view in from `x` and `y` points away and out to there.
    public static func offset(x: CGFloat = 0, y: CGFloat = 0) -> AnyTransition {
        AnyTransition("offset \(Color.format(Double(x))) \(Color.format(Double(y)))")
    }
    /// In from `edge` and out toward the opposite one, fading, as a navigation push.
    public static func push(from edge: Edge) -> AnyTransition {
        AnyTransition(insertion: ["move \(edge.name)", "opacity"], removal: ["move \(edge.opposite.name)", "opacity"])
    }
    /// One transition for coming in, `insertion`, and another for going, `removal`.
    public static func asymmetric(insertion: AnyTransition, removal: AnyTransition) -> AnyTransition {
        AnyTransition(insertion: insertion.insertion, removal: removal.removal)
    }

    /// This transition and `other` at once (`.move(edge: .top).combined(with: .opacity)`).
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
    /// The view the transition's body returns for a phase.
    associatedtype Body: View
    /// The view being transitioned, to apply effects to in `body(content:phase:)`.
    typealias Content = PlaceholderContentView<Self>
    /// The view at `phase`: the content with the effects it has then (it is shown at `.identity`).
    @ViewBuilder @MainActor func body(content: Content, phase: TransitionPhase) -> Body
    /// What the transition does; Jetway does not read it.
    static var properties: TransitionProperties { get }
}

extension Transition {
    /// A transition with motion (the default properties).
    public static var properties: TransitionProperties { TransitionProperties() }

    /// This transition, with its own animation.
    @MainActor public func animation(_ animation: Animation?) -> AnyTransition { AnyTransition(self).animation(animation) }
}

/// What a transition does: whether it moves (reduced motion leaves only its fading).
public struct TransitionProperties: Sendable, Hashable {
    /// Whether the transition moves the view. Accepted so SwiftUI code compiles; Jetway does not
    /// read it: with reduced motion every transition only fades.
    public var hasMotion: Bool
    /// Properties of a transition with motion or without (`hasMotion`).
    public init(hasMotion: Bool = true) { self.hasMotion = hasMotion }
}

/// Where a view is in its transition.
public enum TransitionPhase: Hashable, Sendable {
    /// Coming in (before it is shown), shown, and gone (after it goes).
    case willAppear, identity, didDisappear

    /// Whether the view is shown (the phase is `.identity`).
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

    /// Jetway's rendering entry point; not for apps. Renders the view, or a marked stand-in when
    /// Jetway probes a phase.
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
    /// A transition made of a modifier: the view comes in from how `active` draws it and goes
    /// out to it. What moves is what `active` does to the view's opacity, transforms (offset,
    /// scale, rotation) and filters (blur, …); a clip, a background or a frame it adds is not
    /// animated, and `identity` is taken to be the view as it is.
    ///
    /// ```swift
    /// extension AnyTransition {
    ///     static var pivot: AnyTransition {
    ///         .modifier(active: CornerRotate(amount: -90, anchor: .topLeading), identity: CornerRotate(amount: 0, anchor: .topLeading))
    ///     }
    /// }
    /// ```
    public static func modifier<E: ViewModifier>(active: E, identity: E) -> AnyTransition {
        let token = ModifierTransitionProbes.token(active)
        return AnyTransition(insertion: [token], removal: [token])
    }

    /// The wire with the looks of modifier transitions worked out.
    @MainActor var resolvedWire: String {
        AnyTransition(insertion: ModifierTransitionProbes.resolve(insertion), removal: ModifierTransitionProbes.resolve(removal)).wire
    }

    /// A transition of an app's own as a value (`AnyTransition(Rise())`).
    @MainActor public init<T: Transition>(_ transition: T) {
        self.init(insertion: Self.phaseParts(transition, .willAppear), removal: Self.phaseParts(transition, .didDisappear))
    }

    /// The effects `transition` gives its content at `phase`, as a `style` part: `style
    /// opacity:0;transform:translate(0px,40px)` (its body rendered on its own, around a
    /// stand-in).
    @MainActor static func phaseParts<T: Transition>(_ transition: T, _ phase: TransitionPhase) -> [String] {
        styleParts(of: TransitionPhaseProbe(transition: transition, phase: phase))
    }

    /// The effects `probe` gives the stand-in inside it, as a `style` part.
    /// The elements between the probe's top and the stand-in (a `.clipped()` wraps it) each
    /// give theirs: transforms and filters in order, opacities multiplied.
    @MainActor static func styleParts<Probe: View>(of probe: Probe) -> [String] {
        let root = ViewGraph(probe).render()
        guard let path = TransitionPhaseProbe<Never>.path(to: root) else { return [] }
        var transforms: [String] = [], filters: [String] = [], origin: String?, opacity = 1.0
        for node in path {
            for declaration in (node.attribute("style") ?? "").split(separator: ";") {
                if declaration.hasPrefix("transform:") {
                    transforms.append(String(declaration.dropFirst(10)))
                } else if declaration.hasPrefix("filter:") {
                    filters.append(String(declaration.dropFirst(7)))
                } else if declaration.hasPrefix("transform-origin:"), origin == nil {
                    origin = String(declaration)
                } else if declaration.hasPrefix("opacity:"), let value = Double(declaration.dropFirst(8)) {
                    opacity *= value
                }
            }
        }
        var moved: [String] = []
        if opacity != 1 { moved.append("opacity:\(Color.format(opacity))") }
        if !transforms.isEmpty { moved.append("transform:" + transforms.joined(separator: " ")) }
        if let origin, !transforms.isEmpty { moved.append(origin) }
        if !filters.isEmpty { moved.append("filter:" + filters.joined(separator: " ")) }
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

    /// The elements from `node` down to the stand-in, the stand-in last.
    static func path(to node: Node) -> [Node]? {
        if node.attribute(RuntimeContract.Attribute.transition) == TransitionPhaseProbe<Never>.mark { return [node] }
        for child in node.children { if let found = path(to: child) { return [node] + found } }
        return nil
    }
}

extension Never: Transition {
    /// Never called: `Never` is a transition only so that types can name it.
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

/// Transitions made of a modifier (`.modifier(active:identity:)`): a transition may be made
/// anywhere (a static property), and what its modifier does to a view is found by rendering it,
/// on the main actor — so each stands in the transition as a token, worked out when the
/// transition is first drawn.
enum ModifierTransitionProbes {
    private static let lock = NSLock()
    nonisolated(unsafe) private static var probes: [String: @MainActor () -> [String]] = [:]
    @MainActor private static var resolved: [String: [String]] = [:]
    static let prefix = "modifier "

    static func token<E: ViewModifier>(_ active: E) -> String {
        let key = "\(E.self) \(String(reflecting: active))"
        nonisolated(unsafe) let active = active
        lock.withLock {
            // One entry per distinct modifier value the app's transitions use (kept: a transition
            // made before it is drawn must find its probe).
            if probes[key] == nil {
                probes[key] = { AnyTransition.styleParts(of: PlaceholderContentView<Void>(content: nil).modifier(active)) }
            }
        }
        return prefix + key
    }

    @MainActor static func resolve(_ parts: [String]) -> [String] {
        parts.flatMap { part -> [String] in
            guard part.hasPrefix(prefix) else { return [part] }
            let key = String(part.dropFirst(prefix.count))
            if let done = resolved[key] { return done }
            guard let probe = lock.withLock({ probes[key] }) else { return [] }
            let done = probe()
            resolved[key] = done
            return done
        }
    }
}
