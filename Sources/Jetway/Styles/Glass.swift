/// iOS 26's Liquid Glass: a pane behind a view that blurs and lights what is under it
/// (`backdrop-filter`, a bright rim), in a shape (a capsule unless given), tinted if asked,
/// answering a press when interactive.
///
/// ```swift
/// Label("Boarding", systemImage: "airplane")
///     .padding()
///     .glassEffect(.regular.tint(.blue).interactive(), in: .rect(cornerRadius: 16))
/// Button("Check in") { … }.buttonStyle(.glassProminent)
/// ```
///
/// What a browser does not draw: glass shapes melting into one another inside a
/// `GlassEffectContainer` (each keeps its own pane), and the refraction at the rim.
public struct Glass: Sendable, Equatable {
    enum Kind: Sendable, Equatable { case regular, clear, identity }
    let kind: Kind
    let tint: String?
    let isInteractive: Bool

    /// The standard glass: the page's background at 35% over what is behind, blurred and saturated,
    /// with a light rim.
    public static let regular = Glass(kind: .regular, tint: nil, isInteractive: false)
    /// A clearer pane (less frost).
    public static let clear = Glass(kind: .clear, tint: nil, isInteractive: false)
    /// No glass: the view as it is.
    public static let identity = Glass(kind: .identity, tint: nil, isInteractive: false)

    /// This glass tinted with `color` (mixed in at 45%, or 25% for `clear`); `nil` leaves it untinted.
    public func tint(_ color: Color?) -> Glass { Glass(kind: kind, tint: color?.css, isInteractive: isInteractive) }
    /// This glass answering a press (it grows a little and brightens while pressed) when `isEnabled`.
    public func interactive(_ isEnabled: Bool = true) -> Glass { Glass(kind: kind, tint: tint, isInteractive: isEnabled) }

    /// The pane's inline style beyond the class (its tint, a clear pane's lighter frost).
    var style: String? {
        switch (kind, tint) {
        case (.identity, _): nil
        case (_, let tint?): "background:color-mix(in srgb, \(tint) \(kind == .clear ? 25 : 45)%, transparent)"
        case (.clear, nil): "background:color-mix(in srgb, var(\(StyleVariable.background)) 12%, transparent)"
        case (.regular, nil): nil
        }
    }
}

/// The shape glass takes when none is given: a capsule.
public struct DefaultGlassEffectShape: Shape {
    /// The capsule shape.
    public init() {}
    /// A capsule in `rect`.
    public func path(in rect: CGRect) -> Path { Capsule().path(in: rect) }
}

extension View {
    /// Puts the view on a pane of glass in `shape`.
    public func glassEffect<S: Shape>(_ glass: Glass = .regular, in shape: S) -> some View {
        modifier(GlassModifier(glass: glass, clip: ShapeMask.css(shape)))
    }

    /// Puts the view on a pane of glass in a capsule.
    public func glassEffect(_ glass: Glass = .regular) -> some View {
        glassEffect(glass, in: DefaultGlassEffectShape())
    }

    /// Names this pane in `namespace`: when an animated change swaps it for another of the same
    /// id, the new one grows from where the old one was (as `matchedGeometryEffect`).
    public func glassEffectID<ID: Hashable>(_ id: ID?, in namespace: Namespace.ID) -> some View {
        modifier(GlassIDModifier(key: id.map { AnyHashable($0) }, namespace: namespace))
    }
}

struct GlassModifier: _PrimitiveModifier {
    let glass: Glass
    let clip: String

    static func _apply(_ modifier: Self, _ context: _RenderContext, _ out: inout [Node], _ content: @escaping _ContentRenderer) {
        let start = out.count
        content(context, &out)
        guard modifier.glass.kind != .identity else { return }
        for index in start..<out.count {
            let node = out[index].isFrozen ? out[index].copy() : out[index]
            node.addClass(StyleClass.glass)
            if modifier.glass.isInteractive { node.addClass(StyleClass.glassInteractive) }
            if let style = modifier.glass.style { node.addStyle(style) }
            // The shape: a box shape's corners (the rim and shadow stay), another's mask.
            node.addStyle(modifier.clip.replacingOccurrences(of: ";overflow:hidden", with: ""))
            out[index] = node
        }
    }
}

struct GlassIDModifier: ViewModifier {
    let key: AnyHashable?
    let namespace: Namespace.ID

    func body(content: Content) -> some View {
        if let key {
            content.matchedGeometryEffect(id: key, in: namespace)
        } else {
            content
        }
    }
}

/// Glass panes kept together (`spacing` apart, at least): each is its own pane here.
public struct GlassEffectContainer<Content: View>: View {
    let spacing: CGFloat?
    let content: Content

    /// Holds `content`, whose glass panes keep at least `spacing` apart in SwiftUI.
    ///
    /// Accepted so SwiftUI code compiles; panes do not merge in a browser, so `spacing` is not used.
    public init(spacing: CGFloat? = nil, @ViewBuilder content: () -> Content) {
        self.spacing = spacing
        self.content = content()
    }

    /// The content, as it is.
    public var body: some View { content }
}

/// The glass button styles.
public struct GlassButtonStyle: PrimitiveButtonStyle {
    /// Creates the glass button style.
    public init() {}
    /// A `.jw-glass` button: a capsule of frosted glass, its label in the primary text colour.
    public func makeBody(configuration: Configuration) -> some View {
        BuiltInButton(className: StyleClass.glass, configuration: configuration)
    }
}

/// A prominent glass button: a capsule of the accent colour's glass with a white label
/// (`.buttonStyle(.glassProminent)`).
public struct GlassProminentButtonStyle: PrimitiveButtonStyle {
    /// Creates the prominent glass style.
    public init() {}
    /// A `.jw-glass-prominent` button: accent-tinted glass, a white semibold label.
    public func makeBody(configuration: Configuration) -> some View {
        BuiltInButton(className: StyleClass.glassProminent, configuration: configuration)
    }
}

extension PrimitiveButtonStyle where Self == GlassButtonStyle {
    /// A capsule of frosted glass behind the button's label (`.buttonStyle(.glass)`).
    public static var glass: Self { Self() }
}
extension PrimitiveButtonStyle where Self == GlassProminentButtonStyle {
    /// A capsule of the accent colour's glass with a white label (`.buttonStyle(.glassProminent)`).
    public static var glassProminent: Self { Self() }
}
