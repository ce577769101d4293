extension View {
    /// Disables the controls in this view.
    public func disabled(_ disabled: Bool) -> some View {
        modifier(EnvironmentWriter { environment in if disabled { environment.isEnabled = false } })
    }

    /// Gives the view an explicit identity: when `id` changes, the view is a new view (its
    /// state starts over and its element is replaced).
    public func id<ID: Hashable>(_ id: ID) -> some View {
        modifier(IDModifier(id: id))
    }

    /// The value a `Picker` selects when the user chooses this view.
    public func tag<V: Hashable>(_ tag: V) -> some View {
        let value = AnyHashable(tag)
        return modifier(StyleModifier { node in node.tagValue = value })
    }

    /// Runs `action` when the view is clicked or tapped (and, for keyboard users, activated
    /// with Enter or Space); with `count`, when it is tapped that many times in a row (the
    /// runtime counts them).
    public func onTapGesture(count: Int = 1, perform action: @escaping @MainActor () -> Void) -> some View {
        modifier(TapModifier(count: count, action: action))
    }

    /// The name assistive technology reads for this view (its `aria-label`), in the page's
    /// language when the app's String Catalog has it.
    public func accessibilityLabel(_ label: Text) -> some View {
        modifier(TextAttributeModifier(text: label) { node, value in node.setAttribute("aria-label", value) })
    }

    /// The name from a literal (`"Spent \(amount, format: .currency(code: "EUR"))"`).
    public func accessibilityLabel(_ key: LocalizedStringKey) -> some View {
        accessibilityLabel(Text(key))
    }

    /// The hint from a literal, as `accessibilityHint(_:)` with a `Text`.
    public func accessibilityHint(_ key: LocalizedStringKey) -> some View {
        accessibilityHint(Text(key))
    }

    /// Sets the element's `aria-label` to `label`, as written.
    @_disfavoredOverload
    public func accessibilityLabel<S: StringProtocol>(_ label: S) -> some View {
        accessibilityLabel(Text(verbatim: String(label)))
    }

    /// What the view does, for assistive technology, as written. Jetway writes it as the
    /// element's `title` attribute, so screen readers read it as the description and browsers
    /// also show it as a tooltip.
    @_disfavoredOverload
    public func accessibilityHint<S: StringProtocol>(_ hint: S) -> some View {
        accessibilityHint(Text(verbatim: String(hint)))
    }

    /// Help for the view: the browser's tooltip when the pointer rests on it (a Mac's help
    /// tag), and its accessible description.
    public func help(_ text: Text) -> some View { accessibilityHint(text) }
    /// Help from a literal, as `help(_:)` with a `Text`.
    public func help(_ key: LocalizedStringKey) -> some View { accessibilityHint(Text(key)) }
    /// Help from a string, as `help(_:)` with a `Text`.
    @_disfavoredOverload
    public func help<S: StringProtocol>(_ text: S) -> some View { accessibilityHint(Text(verbatim: String(text))) }

    /// Hides the view from assistive technology (`aria-hidden="true"`) when `hidden` is true; false
    /// adds nothing.
    public func accessibilityHidden(_ hidden: Bool) -> some View {
        modifier(StyleModifier { node in if hidden { node.setAttribute("aria-hidden", "true") } })
    }

    /// A stable name for tests and scripts: `data-testid`.
    public func accessibilityIdentifier(_ identifier: String) -> some View {
        modifier(StyleModifier { node in node.setAttribute("data-testid", identifier) })
    }
}

struct IDModifier<ID: Hashable>: _PrimitiveModifier {
    let id: ID

    static func _apply(_ modifier: Self, _ context: _RenderContext, _ out: inout [Node], _ content: @escaping _ContentRenderer) {
        let start = out.count
        content(context.explicit(modifier.id), &out)
        ScrollTargets.mark(&out, from: start, id: modifier.id, context)
    }
}

extension View {
    /// Sends this view's input events only after the user pauses for `interval` (a search field
    /// that queries a database on each keystroke). The last value always arrives.
    public func eventDebounce(_ interval: Duration) -> some View {
        let milliseconds = max(0, Int(interval.components.seconds * 1000 + interval.components.attoseconds / 1_000_000_000_000_000))
        return modifier(StyleModifier { node in node.setAttribute(RuntimeContract.Attribute.debounce, String(milliseconds)) })
    }

    /// Sends this view's input and resize events at most once per `interval` (a slider dragged
    /// quickly). The last value always arrives.
    public func eventThrottle(_ interval: Duration) -> some View {
        let milliseconds = max(0, Int(interval.components.seconds * 1000 + interval.components.attoseconds / 1_000_000_000_000_000))
        return modifier(StyleModifier { node in node.setAttribute(RuntimeContract.Attribute.throttle, String(milliseconds)) })
    }
}

extension View {
    /// Keeps the screen on while the view is shown, for a wall screen or a kiosk (what
    /// `UIApplication.shared.isIdleTimerDisabled = true` does in an iOS app): the browser holds
    /// a Screen Wake Lock, taken again whenever the page becomes visible.
    public func keepsScreenAwake(_ awake: Bool = true) -> some View {
        modifier(StyleModifier { node in if awake { node.setAttribute(RuntimeContract.Attribute.keepsAwake, "") } })
    }

    /// Whether taps, clicks and drags reach the view (false: they pass through it to what is
    /// behind, as for a decorative layer on top).
    public func allowsHitTesting(_ enabled: Bool) -> some View {
        modifier(StyleModifier { node in if !enabled { node.addStyle("pointer-events:none") } })
    }

    /// Hides the mouse pointer over the view (`.hidden`), as on a screen nobody touches.
    public func pointerVisibility(_ visibility: Visibility) -> some View {
        modifier(StyleModifier { node in if visibility == .hidden { node.addClass(StyleClass.pointerHidden) } })
    }
}

/// `.onTapGesture`: a click, or `count` taps in a row counted by the runtime's gestures.
struct TapModifier: NodeModifier {
    let count: Int
    let action: @MainActor () -> Void

    func modify(_ node: Node, _ context: _RenderContext) -> Node {
        let target: Node
        if count > 1 {
            var tap = TapGesture(count: count)._recognizers()[0]
            let action = action
            tap.ended.append { _ in action() }
            target = GestureModifier(recognizers: [tap], simultaneous: true).modify(node, context)
        } else {
            let action = action
            node.addHandler(EventBinding(event: .click) { _ in action() })
            target = node
        }
        if target.attribute("role") == nil { target.setAttribute("role", "button") }
        if target.attribute("tabindex") == nil { target.setAttribute("tabindex", "0") }
        return target
    }
}
