/// A stack of screens: the root, and destinations pushed by `NavigationLink`s inside it. The
/// top screen is shown with a Back button; `dismiss()` inside a destination goes back.
///
/// ```swift
/// NavigationStack {
///     List(flights) { flight in
///         NavigationLink(flight.number) { FlightDetail(flight: flight) }
///     }
///     .navigationTitle("Departures")
/// }
/// ```
public struct NavigationStack<Root: View>: _PrimitiveView {
    let root: Root

    public init(@ViewBuilder root: () -> Root) {
        self.root = root()
    }

    public static func _render(_ view: Self, _ context: _RenderContext, _ out: inout [Node]) {
        let owner = context.owner
        let state = context.persistent(NavigationState.self) { NavigationState() }
        state.owner = owner
        let node = context.element("div", "jw-navstack")
        var inner = context.insideElement()
        inner.writeEnvironment { $0.navigation = state }
        var children: [Node] = []
        if let top = state.path.last {
            let depth = state.path.count
            let back = inner.structural(0).element("button", "jw-button jw-nav-back")
            back.setAttribute("type", "button")
            back.setAttribute("aria-label", "Back")
            back.text = "‹ Back"
            back.addHandler(EventBinding(event: .click) { _ in state.pop() })
            children.append(back)
            var destination = inner.branch(UInt64(depth) &+ 0x100)
            destination.writeEnvironment { $0.dismiss = DismissAction(owner: state) { state.pop() } }
            AnyView._render(top, destination, &children)
        } else {
            Root._render(view.root, inner.branch(1), &children)
        }
        node.children = children
        out.append(node)
    }
}

/// SwiftUI's older navigation container; the same as `NavigationStack` here.
public typealias NavigationView = NavigationStack

/// The pushed destinations of one `NavigationStack`.
@MainActor
final class NavigationState {
    var path: [AnyView] = []
    weak var owner: ViewInstance?

    func push(_ destination: AnyView) {
        path.append(destination)
        owner?.invalidate()
    }

    func pop() {
        guard !path.isEmpty else { return }
        path.removeLast()
        owner?.invalidate()
    }
}

private struct NavigationKey: EnvironmentKey {
    static let defaultValue: NavigationState? = nil
}

extension EnvironmentValues {
    var navigation: NavigationState? {
        get { self[NavigationKey.self] }
        set { self[NavigationKey.self] = newValue }
    }
}

/// A control that pushes a destination onto the enclosing `NavigationStack`.
///
/// ```swift
/// NavigationLink("Flight Timeline") { FlightTimeline(flights: flights) }
/// NavigationLink(destination: AwardsView()) { Text("Awards") }
/// ```
public struct NavigationLink<Label: View, Destination: View>: _PrimitiveView {
    let label: Label
    let destination: () -> Destination

    public init(@ViewBuilder destination: @escaping () -> Destination, @ViewBuilder label: () -> Label) {
        self.label = label()
        self.destination = destination
    }

    public init(destination: Destination, @ViewBuilder label: () -> Label) {
        self.label = label()
        self.destination = { destination }
    }

    public static func _render(_ view: Self, _ context: _RenderContext, _ out: inout [Node]) {
        var label: [Node] = []
        Label._render(view.label, context.insideElement(), &label)
        let navigation = context.environment.navigation
        let enabled = navigation != nil && context.environment.isEnabled
        // The click pushes the latest destination, so an unchanged link can keep its node: the
        // diff then skips it, and its list row, by identity.
        let memo = context.persistent(LinkMemo<Destination>.self) { LinkMemo() }
        memo.destination = view.destination
        if let node = memo.reusableNode(key: context.elementKey, label: label, navigation: navigation, enabled: enabled) {
            out.append(node)
            return
        }
        let node = context.element("button", "jw-button jw-navlink")
        node.setAttribute("type", "button")
        node.children = label
        if let navigation, enabled {
            node.addHandler(EventBinding(event: .click) { [memo] _ in navigation.push(AnyView(memo.destination())) })
        } else {
            node.setAttribute("disabled", "")
        }
        memo.remember(node, label: label, navigation: navigation, enabled: enabled)
        out.append(node)
    }
}

/// A link's last node and what it was made from, and the destination its click pushes.
@MainActor
final class LinkMemo<Destination: View>: RenderCache, NodeHolding {
    var destination: () -> Destination = { fatalError("a link's destination is set before its first render") }
    private var node: Node?
    private var label: [ObjectIdentifier] = []
    private var navigation: ObjectIdentifier?
    private var enabled = false

    /// The last node (from an earlier render, so the page has it), when it is at the same place
    /// and made from the same label nodes in the same navigation state.
    func reusableNode(key: UInt64, label: [Node], navigation: NavigationState?, enabled: Bool) -> Node? {
        guard let node, node.key == key, enabled == self.enabled,
            navigation.map(ObjectIdentifier.init) == self.navigation, label.count == self.label.count
        else { return nil }
        for index in label.indices where !label[index].isFrozen || ObjectIdentifier(label[index]) != self.label[index] { return nil }
        return node
    }

    func replaceNodes(_ replacement: NodeReplacement) {
        node = node.map { replacement($0) }
        label = label.map { replacement($0) }
    }

    /// Keeps `node`, frozen: a modifier around the link changes a copy, never the kept node.
    func remember(_ node: Node, label: [Node], navigation: NavigationState?, enabled: Bool) {
        node.isFrozen = true
        self.node = node
        self.label = label.map(ObjectIdentifier.init)
        self.navigation = navigation.map(ObjectIdentifier.init)
        self.enabled = enabled
    }
}

extension NavigationLink where Label == Text {
    public init(_ titleKey: LocalizedStringKey, @ViewBuilder destination: @escaping () -> Destination) {
        self.init(destination: destination) { Text(titleKey) }
    }

    @_disfavoredOverload
    public init<S: StringProtocol>(_ title: S, @ViewBuilder destination: @escaping () -> Destination) {
        self.init(destination: destination) { Text(title) }
    }

    public init(_ titleKey: LocalizedStringKey, destination: Destination) {
        self.init(destination: destination) { Text(titleKey) }
    }
}

extension View {
    /// The title of the screen, shown as its heading.
    public func navigationTitle(_ title: Text) -> some View {
        modifier(NavigationTitleModifier(title: title))
    }

    public func navigationTitle(_ titleKey: LocalizedStringKey) -> some View {
        navigationTitle(Text(titleKey))
    }

    @_disfavoredOverload
    public func navigationTitle<S: StringProtocol>(_ title: S) -> some View {
        navigationTitle(Text(title))
    }

    /// Accepted for source compatibility; the title is always shown as a heading.
    public func navigationBarTitleDisplayMode(_ mode: NavigationBarItem.TitleDisplayMode) -> some View {
        self
    }
}

/// Title display modes, accepted for source compatibility.
public enum NavigationBarItem {
    public enum TitleDisplayMode: Sendable {
        case automatic, inline, large
    }
}

struct NavigationTitleModifier: _PrimitiveModifier {
    let title: Text

    static func _apply(_ modifier: Self, _ context: _RenderContext, _ out: inout [Node], _ content: @escaping _ContentRenderer) {
        let heading = context.branch(0x717).element("h1", "jw-nav-title")
        heading.text = modifier.title.string
        out.append(heading)
        content(context, &out)
    }
}
