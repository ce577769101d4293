/// A class attribute written once, not at each render.
private let buttonRefreshClasses = "\(StyleClass.button) \(RuntimeContract.Class.refresh)"

/// Lets the user refresh a list or a scroll view: pulled down on a touch screen, or the
/// refresh button at its top with a mouse or a keyboard. Until `action` returns the view shows
/// that it is refreshing (`aria-busy`, a progress bar) and another refresh waits.
///
/// ```swift
/// List(model.flights) { FlightRow(flight: $0) }
///     .refreshable { await model.reload() }
/// ```
struct RefreshableModifier: _PrimitiveModifier {
    let action: @MainActor () async -> Void

    static func _apply(_ modifier: Self, _ context: _RenderContext, _ out: inout [Node], _ content: @escaping _ContentRenderer) {
        let state = context.persistent(RefreshState.self) { RefreshState() }
        state.graph = context.graph
        state.owner = context.owner
        state.action = modifier.action
        let node = context.element("div", RuntimeContract.Class.refreshable)
        let inside = context.insideElement()
        let control = inside.structural(0).element("button", buttonRefreshClasses)
        control.setAttribute("type", "button")
        if state.isRefreshing {
            node.setAttribute("aria-busy", "true")
            control.setAttribute("disabled", "")
            control.text = SystemWords.text(.refreshing, in: context.environment)
        } else {
            control.text = SystemWords.text(.refresh, in: context.environment)
            control.addHandler(EventBinding(event: .click) { _ in state.refresh() })
        }
        var children = [control]
        if state.isRefreshing {
            let bar = inside.structural(2).element("progress", StyleClass.refreshProgress)
            bar.setAttribute("aria-label", "Refreshing")
            children.append(bar)
        }
        content(inside.structural(1), &children)
        node.children = children
        out.append(node)
    }
}

/// A refreshable view's refresh in progress, if any.
@MainActor
final class RefreshState: UnmountObserving {
    weak var graph: ViewGraph?
    weak var owner: ViewInstance?
    var action: (@MainActor () async -> Void)?
    private(set) var isRefreshing = false
    private var running: Task<Void, Never>?

    func refresh() {
        guard !isRefreshing, let action, let graph else { return }
        isRefreshing = true
        owner?.invalidate()
        graph.taskStarted()
        running = Task { @MainActor [weak self, weak graph] in
            await action()
            if let self {
                self.isRefreshing = false
                self.owner?.invalidate()
            }
            graph?.taskFinished()
        }
    }

    func didUnmount() {
        running?.cancel()
        running = nil
    }
}

extension View {
    /// Marks this view as refreshable: `action` runs when the user pulls it down or presses its
    /// refresh button, and the view shows progress until it returns.
    public func refreshable(action: @escaping @MainActor () async -> Void) -> some View {
        modifier(RefreshableModifier(action: action))
    }
}
