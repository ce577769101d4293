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
        let node = context.element("button", "jw-button jw-navlink")
        node.setAttribute("type", "button")
        context.renderChildren(view.label, into: node)
        if let navigation = context.environment.navigation, context.environment.isEnabled {
            let destination = view.destination
            node.addHandler(EventBinding(event: .click) { _ in navigation.push(AnyView(destination())) })
        } else {
            node.setAttribute("disabled", "")
        }
        out.append(node)
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
