import Foundation

/// A value within a range, shown as a meter: a bar with the bounds at its ends
/// (`.linearCapacity`, `.accessoryLinear`, the default) or a ring with the current value in it
/// (`.accessoryCircular`, `.accessoryCircularCapacity`); an app's own `GaugeStyle` draws it
/// from the configuration.
///
/// ```swift
/// Gauge(value: load, in: 0...capacity) { Text("Cabin") } currentValueLabel: { Text("\(Int(load))") }
///     .gaugeStyle(.accessoryCircular)
/// ```
public struct Gauge<Label: View, CurrentValueLabel: View, BoundsLabel: View, MarkedValueLabels: View>: _PrimitiveView {
    let fraction: Double
    let label: Label
    let currentValueLabel: CurrentValueLabel?
    let minimumValueLabel: BoundsLabel?
    let maximumValueLabel: BoundsLabel?

    init(fraction: Double, label: Label, current: CurrentValueLabel?, minimum: BoundsLabel?, maximum: BoundsLabel?) {
        self.fraction = fraction.isFinite ? min(max(fraction, 0), 1) : 0
        self.label = label
        self.currentValueLabel = current
        self.minimumValueLabel = minimum
        self.maximumValueLabel = maximum
    }

    static func fraction<V: BinaryFloatingPoint>(_ value: V, in bounds: ClosedRange<V>) -> Double {
        let span = Double(bounds.upperBound - bounds.lowerBound)
        return span > 0 ? Double(value - bounds.lowerBound) / span : 0
    }

    /// Jetway's rendering entry point; not for apps.
    public static func _render(_ view: Self, _ context: _RenderContext, _ out: inout [Node]) {
        let circular: Bool
        switch context.environment.gaugeStyling {
        case .custom(let style):
            let configuration = GaugeStyleConfiguration(
                value: view.fraction, label: .init(content: AnyView(view.label)),
                currentValueLabel: view.currentValueLabel.map { .init(content: AnyView($0)) },
                minimumValueLabel: view.minimumValueLabel.map { .init(content: AnyView($0)) },
                maximumValueLabel: view.maximumValueLabel.map { .init(content: AnyView($0)) })
            AnyView._render(style(configuration), context, &out)
            return
        case .builtIn(let isCircular): circular = isCircular
        }
        let node = context.element("div", StyleClass.gauge)
        let inside = context.insideElement()
        var heading: [Node] = []
        Label._render(view.label, inside.structural(0), &heading)
        var current: [Node] = []
        if let label = view.currentValueLabel { CurrentValueLabel._render(label, inside.structural(1), &current) }
        let name = heading.map(\.textContent).joined()
        let valueText = current.map(\.textContent).joined()
        let percent = Color.format(view.fraction * 100)
        var children: [Node] = []
        if circular {
            node.addClass(StyleClass.gaugeRing)
            let ring = inside.structural(2).element("span")
            ring.setAttribute("role", "meter")
            ring.addStyle("\(StyleVariable.fraction):\(Color.format(view.fraction))")
            ring.children = current
            children = [ring]
            // The label is the ring's name; shown under it only when there is no current value.
            if current.isEmpty { children += heading }
            Self.describe(ring, name: name, valueText: valueText, percent: percent)
        } else {
            let head = inside.structural(3).element("div", StyleClass.gaugeHeading)
            head.children = heading + current
            let track = inside.structural(4).element("div", StyleClass.gaugeTrack)
            var trackChildren: [Node] = []
            if let minimum = view.minimumValueLabel { BoundsLabel._render(minimum, inside.structural(5), &trackChildren) }
            let meter = inside.structural(6).element("meter")
            meter.setAttribute("min", "0")
            meter.setAttribute("max", "1")
            meter.setAttribute("value", Color.format(view.fraction))
            Self.describe(meter, name: name, valueText: valueText, percent: percent)
            trackChildren.append(meter)
            if let maximum = view.maximumValueLabel { BoundsLabel._render(maximum, inside.structural(7), &trackChildren) }
            track.children = trackChildren
            children = head.children.isEmpty ? [track] : [head, track]
        }
        node.children = children
        out.append(node)
    }

    private static func describe(_ meter: Node, name: String, valueText: String, percent: String) {
        if !name.isEmpty { meter.setAttribute("aria-label", name) }
        meter.setAttribute("aria-valuemin", "0")
        meter.setAttribute("aria-valuemax", "100")
        meter.setAttribute("aria-valuenow", percent)
        if !valueText.isEmpty { meter.setAttribute("aria-valuetext", valueText) }
    }
}

extension Gauge where MarkedValueLabels == EmptyView {
    /// A gauge of `value` within `bounds`, with `label`, `currentValueLabel` and the bounds' labels at
    /// the ends of the bar. A value outside `bounds` is pinned to the nearer end.
    ///
    /// A ring style shows neither bounds label. The meter's `aria-label` is the label's text and its
    /// `aria-valuetext` the current value label's.
    public init<V: BinaryFloatingPoint>(
        value: V, in bounds: ClosedRange<V> = 0...1, @ViewBuilder label: () -> Label,
        @ViewBuilder currentValueLabel: () -> CurrentValueLabel, @ViewBuilder minimumValueLabel: () -> BoundsLabel,
        @ViewBuilder maximumValueLabel: () -> BoundsLabel
    ) {
        self.init(
            fraction: Self.fraction(value, in: bounds), label: label(), current: currentValueLabel(), minimum: minimumValueLabel(),
            maximum: maximumValueLabel())
    }
}

extension Gauge where BoundsLabel == EmptyView, MarkedValueLabels == EmptyView {
    /// A gauge of `value` within `bounds`, with `label` and `currentValueLabel`.
    public init<V: BinaryFloatingPoint>(
        value: V, in bounds: ClosedRange<V> = 0...1, @ViewBuilder label: () -> Label,
        @ViewBuilder currentValueLabel: () -> CurrentValueLabel
    ) {
        self.init(fraction: Self.fraction(value, in: bounds), label: label(), current: currentValueLabel(), minimum: nil, maximum: nil)
    }
}

extension Gauge where CurrentValueLabel == EmptyView, BoundsLabel == EmptyView, MarkedValueLabels == EmptyView {
    /// A gauge of `value` within `bounds`, with `label` only.
    public init<V: BinaryFloatingPoint>(value: V, in bounds: ClosedRange<V> = 0...1, @ViewBuilder label: () -> Label) {
        self.init(fraction: Self.fraction(value, in: bounds), label: label(), current: nil, minimum: nil, maximum: nil)
    }
}

/// What an app's `GaugeStyle` draws from: the value as a fraction of the range, and the labels.
public struct GaugeStyleConfiguration {
    /// A type-erased label view.
    public typealias Label = ButtonStyleConfiguration.Label
    /// A type-erased label view.
    public typealias CurrentValueLabel = ButtonStyleConfiguration.Label
    /// A type-erased label view. Kept for source compatibility: Jetway's gauges have no marked values.
    public typealias MarkedValueLabels = ButtonStyleConfiguration.Label
    /// Where the value is in its range, from 0 to 1.
    public let value: Double
    /// The gauge's label.
    public let label: Label
    /// The current value's label, if the gauge has one.
    public let currentValueLabel: CurrentValueLabel?
    /// The lower bound's label, if the gauge has one.
    public let minimumValueLabel: Label?
    /// The upper bound's label, if the gauge has one.
    public let maximumValueLabel: Label?
}

/// A gauge's look: the built-in ones, or an app's own `makeBody(configuration:)`.
public protocol GaugeStyle {
    /// The view the style makes.
    associatedtype Body: View
    /// The gauge's view, drawn from `configuration`.
    @ViewBuilder @MainActor func makeBody(configuration: Configuration) -> Body
    /// What `makeBody(configuration:)` draws from.
    typealias Configuration = GaugeStyleConfiguration
}

/// A bar (the default, `.linearCapacity`, `.accessoryLinear`, `.accessoryLinearCapacity`).
public struct LinearGaugeStyle: GaugeStyle {
    /// The bar style.
    public init() {}
    /// Not called: Jetway draws the bar itself (`.gaugeStyle(_:)` recognises this style).
    public func makeBody(configuration: Configuration) -> some View { EmptyView() }
}

/// A ring with the current value in it (`.accessoryCircular`, `.accessoryCircularCapacity`).
public struct CircularGaugeStyle: GaugeStyle {
    /// The ring style.
    public init() {}
    /// Not called: Jetway draws the ring itself (`.gaugeStyle(_:)` recognises this style).
    public func makeBody(configuration: Configuration) -> some View { EmptyView() }
}

extension GaugeStyle where Self == LinearGaugeStyle {
    /// The default style: a bar.
    public static var automatic: Self { Self() }
    /// A bar, as `automatic`.
    public static var linearCapacity: Self { Self() }
    /// A bar, as `automatic`.
    public static var accessoryLinear: Self { Self() }
    /// A bar, as `automatic`.
    public static var accessoryLinearCapacity: Self { Self() }
}

extension GaugeStyle where Self == CircularGaugeStyle {
    /// A ring with the current value in it.
    public static var accessoryCircular: Self { Self() }
    /// A ring with the current value in it, as `accessoryCircular`.
    public static var accessoryCircularCapacity: Self { Self() }
}

enum GaugeStyling {
    case builtIn(circular: Bool)
    case custom(@MainActor (GaugeStyleConfiguration) -> AnyView)
}

private struct GaugeStylingKey: EnvironmentKey { static let defaultValue = GaugeStyling.builtIn(circular: false) }

extension EnvironmentValues {
    var gaugeStyling: GaugeStyling {
        get { self[GaugeStylingKey.self] }
        set { self[GaugeStylingKey.self] = newValue }
    }
}

extension View {
    /// The look of the gauges inside: a built-in bar or ring, or `style`'s `makeBody(configuration:)`.
    public func gaugeStyle<S: GaugeStyle>(_ style: S) -> some View {
        let styling: GaugeStyling
        switch style {
        case is LinearGaugeStyle: styling = .builtIn(circular: false)
        case is CircularGaugeStyle: styling = .builtIn(circular: true)
        default: styling = .custom { AnyView(style.makeBody(configuration: $0)) }
        }
        return environment(\.gaugeStyling, styling)
    }
}
