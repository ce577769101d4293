extension View {
    /// Moves the changes inside this view with `animation` whenever `value` changes, whatever
    /// caused them (nil: they snap, even inside `withAnimation`).
    ///
    /// ```swift
    /// Image(systemName: "airplane")
    ///     .rotationEffect(.degrees(landed ? 90 : 0))
    ///     .animation(.spring(duration: 0.6, bounce: 0.3), value: landed)
    /// ```
    public func animation<V: Equatable>(_ animation: Animation?, value: V) -> some View {
        modifier(AnimationScopeModifier(animation: animation, value: value))
    }

    /// Moves every change inside this view with `animation` (the older form, without a value).
    public func animation(_ animation: Animation?) -> some View {
        modifier(AnimationScopeModifier<Never?>(animation: animation, value: nil, always: true))
    }

    /// Changes the transaction of the changes inside this view: `.transaction { $0.animation = nil }`
    /// makes them snap; setting another animation moves them with it instead of the one asked for.
    public func transaction(_ transform: @escaping (inout Transaction) -> Void) -> some View {
        var probe = Transaction(animation: .default)
        transform(&probe)
        let scope = probe.disablesAnimations || probe.animation == nil ? "none" : "over;\(probe.animation!.wire)"
        return modifier(StyleModifier { node in node.setAttribute(RuntimeContract.Attribute.animationScope, scope) })
    }

    /// How this view comes and goes when a change that inserts or removes it is animated
    /// (`withAnimation`, `.animation(_:value:)` around it): faded (the default), scaled, slid,
    /// moved from an edge, pushed, or a combination.
    ///
    /// ```swift
    /// if showsBanner {
    ///     Banner().transition(.move(edge: .top).combined(with: .opacity))
    /// }
    /// ```
    public func transition(_ transition: AnyTransition) -> some View {
        let wire = transition.resolvedWire
        return modifier(StyleModifier { node in node.setAttribute(RuntimeContract.Attribute.transition, wire) })
    }

    /// A transition of an app's own (`struct Rise: Transition`): shown through its body at
    /// `.identity`, coming in from and going to what its body makes of it at the other phases.
    public func transition<T: Transition>(_ transition: T) -> some View {
        _CustomTransitionView(content: self, transition: transition)
    }
}

/// Remembers a scope's last value and counts its changes.
private final class AnimationScopeMemory<Value: Equatable> {
    var last: Value?
    var changes = 0
}

/// `.animation(_:value:)`: each element of its content says the animation and the number of
/// times the value changed; a patch that changes that number moves what changes inside.
struct AnimationScopeModifier<Value: Equatable>: _PrimitiveModifier {
    let animation: Animation?
    let value: Value
    var always = false

    static func _apply(_ modifier: Self, _ context: _RenderContext, _ out: inout [Node], _ content: @escaping _ContentRenderer) {
        let scope: String
        if let animation = modifier.animation {
            if modifier.always {
                scope = "all;\(animation.wire)"
            } else {
                let memory = context.persistent(AnimationScopeMemory<Value>.self) { AnimationScopeMemory() }
                if let last = memory.last, last != modifier.value { memory.changes &+= 1 }
                memory.last = modifier.value
                scope = "\(memory.changes);\(animation.wire)"
            }
        } else {
            scope = "none"
        }
        let start = out.count
        content(context, &out)
        for index in start..<out.count where !out[index].hasClass(RuntimeContract.Class.lazyGap) {
            let node = out[index].isFrozen ? out[index].copy() : out[index]
            node.setAttribute(RuntimeContract.Attribute.animationScope, scope)
            out[index] = node
        }
    }
}

/// A view shown through its transition's body, with the transition's phases for the browser.
public struct _CustomTransitionView<Content: View, T: Transition>: _PrimitiveView {
    let content: Content
    let transition: T

    /// Jetway's rendering entry point; not for apps. Renders the transition's body at `.identity`
    /// and tags it with the transition's phases.
    public static func _render(_ view: Self, _ context: _RenderContext, _ out: inout [Node]) {
        let body = view.transition.body(content: PlaceholderContentView(content: AnyView(view.content)), phase: .identity)
        var nodes: [Node] = []
        T.Body._render(body, context.structural(0), &nodes)
        let wire = AnyTransition(view.transition).wire
        for node in nodes { node.setAttribute(RuntimeContract.Attribute.transition, wire) }
        out += nodes
    }
}
