/// A class attribute written once, not at each render.
private let buttonStepperButtonClasses = "\(StyleClass.button) \(StyleClass.stepperButton)"

/// An on/off switch bound to a Bool: a checkbox with `role="switch"` inside its `<label>`.
///
/// ```swift
/// Toggle("Show cancelled flights", isOn: $showCancelled)
/// ```
public struct Toggle<Label: View>: _PrimitiveView {
    let isOn: Binding<Bool>
    let label: Label

    /// A switch bound to `isOn`, after `label`. With `.labelsHidden()` the label is not shown and its
    /// text is the switch's `aria-label`; disabled in a disabled environment. A `.toggleStyle(_:)` may
    /// draw it instead.
    public init(isOn: Binding<Bool>, @ViewBuilder label: () -> Label) {
        self.isOn = isOn
        self.label = label()
    }

    /// Jetway's rendering entry point; not for apps.
    public static func _render(_ view: Self, _ context: _RenderContext, _ out: inout [Node]) {
        if let style = context.environment.toggleStyling {
            let configuration = ToggleStyleConfiguration(label: .init(content: AnyView(view.label)), isOn: view.isOn)
            AnyView._render(style(configuration), context, &out)
            return
        }
        ToggleElement._render(ToggleElement(isCheckbox: false, isOn: view.isOn, label: view.label), context, &out)
    }
}

/// A built-in toggle: a switch (a checkbox with `role="switch"`) or a checkbox, inside its
/// `<label>`.
struct ToggleElement<Label: View>: _PrimitiveView {
    let isCheckbox: Bool
    let isOn: Binding<Bool>
    let label: Label

    static func _render(_ view: Self, _ context: _RenderContext, _ out: inout [Node]) {
        let node = context.element("label", StyleClass.toggle)
        let inside = context.insideElement()
        var children: [Node] = []
        Label._render(view.label, inside.structural(0), &children)
        let input = inside.structural(1).element("input")
        input.setAttribute("type", "checkbox")
        if view.isCheckbox { node.addClass(StyleClass.checkbox) } else { input.setAttribute("role", "switch") }
        if context.track({ view.isOn.wrappedValue }) { input.setAttribute("checked", "") }
        if context.environment.isEnabled {
            let binding = view.isOn
            input.addHandler(EventBinding(event: .change) { payload in binding.wrappedValue = try payload.bool() })
        } else {
            input.setAttribute("disabled", "")
        }
        if context.environment.labelsHidden {
            input.setAttribute("aria-label", children.map(\.textContent).joined())
            children = []
        }
        children.append(input)
        node.children = children
        out.append(node)
    }
}

extension Toggle where Label == Text {
    /// A switch titled with a localized string key.
    public init(_ titleKey: LocalizedStringKey, isOn: Binding<Bool>) {
        self.init(isOn: isOn) { Text(titleKey) }
    }

    /// A switch titled with a string, shown as written.
    @_disfavoredOverload
    public init<S: StringProtocol>(_ title: S, isOn: Binding<Bool>) {
        self.init(isOn: isOn) { Text(title) }
    }
}

/// Decrement and increment buttons for a value in a range.
///
/// ```swift
/// Stepper("Passengers: \(count)", value: $count, in: 1...9)
/// ```
public struct Stepper<Label: View>: _PrimitiveView {
    let label: Label
    let onIncrement: (@MainActor () -> Void)?
    let onDecrement: (@MainActor () -> Void)?

    /// A stepper showing `label` whose − and + buttons run `onDecrement` and `onIncrement`; a nil
    /// action disables its button.
    public init(@ViewBuilder label: () -> Label, onIncrement: (@MainActor () -> Void)?, onDecrement: (@MainActor () -> Void)?) {
        self.label = label()
        self.onIncrement = onIncrement
        self.onDecrement = onDecrement
    }

    /// A stepper that moves `value` by `step`, kept within `bounds` when given (a step past a bound
    /// stops at it). The buttons stay enabled at the bounds.
    public init<V: Strideable>(value: Binding<V>, in bounds: ClosedRange<V>? = nil, step: V.Stride = 1, @ViewBuilder label: () -> Label) {
        self.label = label()
        onIncrement = {
            let next = value.wrappedValue.advanced(by: step)
            if let bounds, next > bounds.upperBound { value.wrappedValue = bounds.upperBound } else { value.wrappedValue = next }
        }
        onDecrement = {
            let next = value.wrappedValue.advanced(by: -step)
            if let bounds, next < bounds.lowerBound { value.wrappedValue = bounds.lowerBound } else { value.wrappedValue = next }
        }
    }

    /// Jetway's rendering entry point; not for apps.
    public static func _render(_ view: Self, _ context: _RenderContext, _ out: inout [Node]) {
        let node = context.element("div", StyleClass.stepper)
        node.setAttribute("role", "group")
        let inside = context.insideElement()
        var children: [Node] = []
        Label._render(view.label, inside.structural(0), &children)
        let enabled = context.environment.isEnabled
        for (index, (name, symbol, action)) in [("Decrement", "−", view.onDecrement), ("Increment", "+", view.onIncrement)].enumerated() {
            let button = inside.structural(index + 1).element("button", buttonStepperButtonClasses)
            button.setAttribute("type", "button")
            button.setAttribute("aria-label", name)
            button.text = symbol
            if enabled, let action {
                button.addHandler(EventBinding(event: .click) { _ in action() })
            } else {
                button.setAttribute("disabled", "")
            }
            children.append(button)
        }
        node.children = children
        out.append(node)
    }
}

extension Stepper where Label == Text {
    /// A stepper titled with a localized string key that moves `value` by `step` within `bounds`.
    public init<V: Strideable>(_ titleKey: LocalizedStringKey, value: Binding<V>, in bounds: ClosedRange<V>? = nil, step: V.Stride = 1) {
        self.init(value: value, in: bounds, step: step) { Text(titleKey) }
    }
}

/// A value chosen from a range by dragging, rendered as `<input type="range">`.
///
/// ```swift
/// Slider(value: $volume, in: 0...10, step: 1)
/// ```
public struct Slider<Label: View>: _PrimitiveView {
    let value: Binding<Double>
    let bounds: ClosedRange<Double>
    let step: Double?
    let label: Label
    /// The views at the track's ends (`minimumValueLabel:`, `maximumValueLabel:`).
    var ends: (minimum: AnyView, maximum: AnyView)?

    /// A slider bound to `value` within `bounds`, moving by `step` (any amount when nil), after
    /// `label`; the label's text is its `aria-label`. The binding is set as the thumb moves.
    public init<V: BinaryFloatingPoint>(
        value: Binding<V>, in bounds: ClosedRange<V> = 0...1, step: V.Stride? = nil, @ViewBuilder label: () -> Label
    ) where V.Stride: BinaryFloatingPoint {
        self.value = Binding(get: { Double(value.wrappedValue) }, set: { value.wrappedValue = V($0) })
        self.bounds = Double(bounds.lowerBound)...Double(bounds.upperBound)
        self.step = step.map { Double($0) }
        self.label = label()
    }

    /// A slider with a view at each end of its track: `Slider(value: $total, in: 0...500) {
    /// Text("Total") } minimumValueLabel: { Text("0") } maximumValueLabel: { Text("500") }`.
    public init<V: BinaryFloatingPoint, Minimum: View, Maximum: View>(
        value: Binding<V>, in bounds: ClosedRange<V> = 0...1, step: V.Stride? = nil, @ViewBuilder label: () -> Label,
        @ViewBuilder minimumValueLabel: () -> Minimum, @ViewBuilder maximumValueLabel: () -> Maximum
    ) where V.Stride: BinaryFloatingPoint {
        self.init(value: value, in: bounds, step: step, label: label)
        ends = (AnyView(minimumValueLabel()), AnyView(maximumValueLabel()))
    }

    /// Jetway's rendering entry point; not for apps.
    public static func _render(_ view: Self, _ context: _RenderContext, _ out: inout [Node]) {
        let node = context.element("label", StyleClass.slider)
        let inside = context.insideElement()
        var children: [Node] = []
        Label._render(view.label, inside.structural(0), &children)
        let title = children.first?.textContent
        var maximum: [Node] = []
        if let ends = view.ends {
            AnyView._render(ends.minimum, inside.structural(2), &children)
            AnyView._render(ends.maximum, inside.structural(3), &maximum)
        }
        let input = inside.structural(1).element("input")
        input.setAttribute("type", "range")
        input.setAttribute("min", Color.format(view.bounds.lowerBound))
        input.setAttribute("max", Color.format(view.bounds.upperBound))
        input.setAttribute("step", view.step.map { Color.format($0) } ?? "any")
        input.setAttribute("value", Color.format(context.track { view.value.wrappedValue }))
        if let title, !title.isEmpty { input.setAttribute("aria-label", title) }
        if context.environment.isEnabled {
            let binding = view.value
            let bounds = view.bounds
            input.addHandler(
                EventBinding(event: .input) { payload in
                    binding.wrappedValue = min(max(try payload.number(), bounds.lowerBound), bounds.upperBound)
                })
        } else {
            input.setAttribute("disabled", "")
        }
        children.append(input)
        node.children = children + maximum
        out.append(node)
    }
}

extension Slider where Label == EmptyView {
    /// A slider bound to `value` within `bounds`, moving by `step`, with no label.
    public init<V: BinaryFloatingPoint>(value: Binding<V>, in bounds: ClosedRange<V> = 0...1, step: V.Stride? = nil)
    where V.Stride: BinaryFloatingPoint {
        self.init(value: value, in: bounds, step: step) { EmptyView() }
    }
}
