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
    /// with Enter or Space).
    public func onTapGesture(count: Int = 1, perform action: @escaping @MainActor () -> Void) -> some View {
        modifier(
            StyleModifier { node in
                node.addHandler(EventBinding(event: .click) { _ in action() })
                if node.attribute("role") == nil { node.setAttribute("role", "button") }
                if node.attribute("tabindex") == nil { node.setAttribute("tabindex", "0") }
            })
    }

    /// The name assistive technology reads for this view.
    public func accessibilityLabel(_ label: Text) -> some View {
        accessibilityLabel(label.string)
    }

    @_disfavoredOverload
    public func accessibilityLabel<S: StringProtocol>(_ label: S) -> some View {
        let value = String(label)
        return modifier(StyleModifier { node in node.setAttribute("aria-label", value) })
    }

    public func accessibilityHint<S: StringProtocol>(_ hint: S) -> some View {
        let value = String(hint)
        return modifier(StyleModifier { node in node.setAttribute("title", value) })
    }

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

    /// Hides the mouse pointer over the view (`.hidden`), as on a screen nobody touches.
    public func pointerVisibility(_ visibility: Visibility) -> some View {
        modifier(StyleModifier { node in if visibility == .hidden { node.addClass(StyleClass.pointerHidden) } })
    }
}
