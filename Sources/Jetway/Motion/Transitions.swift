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

/// SwiftUI 17's name for a transition value (`.transition(.opacity)` takes either).
public typealias Transition = AnyTransition

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
