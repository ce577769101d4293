/// A title with an icon.
///
/// ```swift
/// Label("Departures", systemImage: "airplane.departure")
/// ```
public struct Label<Title: View, Icon: View>: _PrimitiveView {
    let title: Title
    let icon: Icon

    /// A label of a `title` view and an `icon` view, in a `<span>`: icon then title, or one of them by
    /// `.labelStyle(_:)` (an icon alone keeps the title as its `aria-label` and tooltip).
    public init(@ViewBuilder title: () -> Title, @ViewBuilder icon: () -> Icon) {
        self.title = title()
        self.icon = icon()
    }

    /// Jetway's rendering entry point; not for apps.
    public static func _render(_ view: Self, _ context: _RenderContext, _ out: inout [Node]) {
        let styling = context.environment.labelStyling
        if case .custom(let style) = styling {
            let configuration = LabelStyleConfiguration(
                title: .init(content: AnyView(view.title)), icon: .init(content: AnyView(view.icon)))
            AnyView._render(style(configuration), context, &out)
            return
        }
        LabelElement._render(LabelElement(styling: styling, title: view.title, icon: view.icon), context, &out)
    }
}

/// A built-in label: icon and title side by side, or one of them (an icon alone keeps its
/// title for assistive technology).
struct LabelElement<Title: View, Icon: View>: _PrimitiveView {
    let styling: LabelStyling
    let title: Title
    let icon: Icon

    static func _render(_ view: Self, _ context: _RenderContext, _ out: inout [Node]) {
        let node = context.element("span", StyleClass.label)
        var children: [Node] = []
        let inside = context.insideElement()
        switch view.styling {
        case .iconOnly:
            Icon._render(view.icon, inside.structural(0), &children)
            var title: [Node] = []
            Title._render(view.title, inside.structural(1), &title)
            node.setAttribute("aria-label", title.map(\.textContent).joined())
            node.setAttribute("title", title.map(\.textContent).joined())
        case .titleOnly:
            Title._render(view.title, inside.structural(1), &children)
        case .titleAndIcon, .custom:
            Icon._render(view.icon, inside.structural(0), &children)
            Title._render(view.title, inside.structural(1), &children)
        }
        node.children = children
        out.append(node)
    }
}

extension Label where Title == Text, Icon == Image {
    /// A label with a localized title and a system symbol.
    public init(_ titleKey: LocalizedStringKey, systemImage name: String) {
        self.init(title: { Text(titleKey) }, icon: { Image(systemName: name) })
    }

    /// A label with a title string (shown as written) and a system symbol.
    @_disfavoredOverload
    public init<S: StringProtocol>(_ title: S, systemImage name: String) {
        self.init(title: { Text(title) }, icon: { Image(systemName: name) })
    }

    /// A label with a localized title and an image of the app's, the image hidden from assistive
    /// technology (the title names it).
    public init(_ titleKey: LocalizedStringKey, image name: String) {
        self.init(title: { Text(titleKey) }, icon: { Image(decorative: name) })
    }
}

/// A link to a URL, rendered as `<a href>`. Only http(s), mailto, tel and relative URLs are
/// written; any other scheme (`javascript:`) leaves the link without a destination.
///
/// ```swift
/// Link("Airport website", destination: URL(string: "https://example.com")!)
/// ```
public struct Link<Label: View>: _PrimitiveView {
    let destination: URL
    let label: Label

    /// A link to `destination` showing `label`. Inside another link's label it is a `<span>` with
    /// `role="link"` that the browser follows when clicked; an http(s) link has
    /// `rel="noopener noreferrer"`, and a refused address is marked `aria-disabled`.
    public init(destination: URL, @ViewBuilder label: () -> Label) {
        self.destination = destination
        self.label = label()
    }

    /// Jetway's rendering entry point; not for apps.
    public static func _render(_ view: Self, _ context: _RenderContext, _ out: inout [Node]) {
        let node: Node
        if context.insideLink {
            // Inside another link's label: a link by role, followed by the runtime.
            node = context.element("span", RuntimeContract.Class.link)
            node.setAttribute("role", "link")
            node.setAttribute("tabindex", "0")
            if let safe = URLPolicy.sanitize(view.destination.absoluteString) {
                node.setAttribute("data-href", safe)
            } else {
                node.setAttribute("aria-disabled", "true")
            }
        } else {
            node = context.element("a", RuntimeContract.Class.link)
            node.setAttribute("href", view.destination.absoluteString)
            if node.attribute("href") == nil { node.setAttribute("aria-disabled", "true") }
            if view.destination.scheme?.hasPrefix("http") == true { node.setAttribute("rel", "noopener noreferrer") }
        }
        var inside = context
        inside.insideLink = true
        inside.renderChildren(view.label, into: node)
        out.append(node)
    }
}

extension Link where Label == Text {
    /// A link titled with a localized string key.
    public init(_ titleKey: LocalizedStringKey, destination: URL) {
        self.init(destination: destination) { Text(titleKey) }
    }

    /// A link titled with a string, shown as written.
    @_disfavoredOverload
    public init<S: StringProtocol>(_ title: S, destination: URL) {
        self.init(destination: destination) { Text(title) }
    }
}

/// Progress: a bar (the browser's `<progress>`, an indeterminate one when the amount is unknown)
/// or, with `.progressViewStyle(.circular)`, a ring that spins when the amount is unknown.
///
/// ```swift
/// ProgressView("Loading flights…")
/// ProgressView(value: boarded, total: capacity)
/// ```
public struct ProgressView<Label: View>: _PrimitiveView {
    let label: Label?
    let value: Double?
    let total: Double

    init(label: Label?, value: Double?, total: Double) {
        self.label = label
        self.value = value
        self.total = total
    }

    /// Jetway's rendering entry point; not for apps.
    public static func _render(_ view: Self, _ context: _RenderContext, _ out: inout [Node]) {
        let fraction = view.value.map { min(max($0 / view.total, 0), 1) }
        var circular: Bool?
        switch context.environment.progressStyling {
        case .custom(let style):
            let label = view.label.map { ProgressViewStyleConfiguration.Label(content: AnyView($0)) }
            AnyView._render(style(ProgressViewStyleConfiguration(fractionCompleted: fraction, label: label)), context, &out)
            return
        case .builtIn(let kind): circular = kind
        }
        let node = context.element("div", StyleClass.progress)
        let inside = context.insideElement()
        var children: [Node] = []
        if circular == true {
            // A ring drawn by the stylesheet from --jw-fraction; a spinner when the amount is unknown.
            node.addClass(StyleClass.progressRing)
            let ring = inside.structural(0).element("span")
            ring.setAttribute("role", "progressbar")
            if let fraction {
                ring.setAttribute("aria-valuenow", Color.format(fraction * 100))
                ring.setAttribute("aria-valuemin", "0")
                ring.setAttribute("aria-valuemax", "100")
                ring.addStyle("\(StyleVariable.fraction):\(Color.format(fraction))")
            }
            children.append(ring)
        } else {
            let bar = inside.structural(0).element("progress")
            if let value = view.value {
                bar.setAttribute("value", Color.format(min(max(value, 0), view.total)))
                bar.setAttribute("max", Color.format(view.total))
            }
            children.append(bar)
        }
        if let label = view.label { Label._render(label, inside.structural(1), &children) }
        if children.count > 1, let text = children.last?.textContent, !text.isEmpty { children[0].setAttribute("aria-label", text) }
        node.children = children
        out.append(node)
    }
}

extension ProgressView {
    /// An indeterminate progress view with a label.
    public init(@ViewBuilder label: () -> Label) {
        self.init(label: label(), value: nil, total: 1)
    }

    /// A bar `value` of `total` along, with a label.
    public init<V: BinaryFloatingPoint>(value: V?, total: V = 1.0, @ViewBuilder label: () -> Label) {
        self.init(label: label(), value: value.flatMap { Double($0) }, total: max(Double(total), .leastNonzeroMagnitude))
    }
}

extension ProgressView where Label == EmptyView {
    /// A progress view with no label whose amount is unknown.
    public init() {
        self.init(label: nil, value: nil, total: 1)
    }

    /// A progress view `value` of `total` along, with no label: a nil `value` is unknown, and a value
    /// outside 0...`total` is pinned to the nearer end.
    public init<V: BinaryFloatingPoint>(value: V?, total: V = 1.0) {
        self.init(label: nil, value: value.flatMap { Double($0) }, total: max(Double(total), .leastNonzeroMagnitude))
    }
}

extension ProgressView where Label == Text {
    /// A progress view titled with a localized string key, whose amount is unknown; the title is its
    /// `aria-label`.
    public init(_ titleKey: LocalizedStringKey) {
        self.init(label: Text(titleKey), value: nil, total: 1)
    }

    /// A progress view titled with a localized string key, `value` of `total` along.
    public init<V: BinaryFloatingPoint>(_ titleKey: LocalizedStringKey, value: V?, total: V = 1.0) {
        self.init(label: Text(titleKey), value: value.flatMap { Double($0) }, total: max(Double(total), .leastNonzeroMagnitude))
    }
}
