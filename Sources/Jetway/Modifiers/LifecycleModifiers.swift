extension View {
    /// Runs `action` after the view first appears on the page.
    public func onAppear(perform action: (@MainActor () -> Void)? = nil) -> some View {
        modifier(LifecycleModifier(onAppear: action, onDisappear: nil, task: nil))
    }

    /// Runs `action` after the view leaves the page.
    public func onDisappear(perform action: (@MainActor () -> Void)? = nil) -> some View {
        modifier(LifecycleModifier(onAppear: nil, onDisappear: action, task: nil))
    }

    /// Starts `action` when the view appears and cancels it when the view disappears.
    public func task(priority: TaskPriority = .userInitiated, _ action: @escaping @MainActor @Sendable () async -> Void) -> some View {
        modifier(LifecycleModifier(onAppear: nil, onDisappear: nil, task: TaskSpec(id: AnyHashable(0), priority: priority, action: action)))
    }

    /// Like `task(_:)`, restarted whenever `id` changes.
    public func task<T: Hashable>(id: T, priority: TaskPriority = .userInitiated, _ action: @escaping @MainActor @Sendable () async -> Void)
        -> some View
    {
        modifier(
            LifecycleModifier(onAppear: nil, onDisappear: nil, task: TaskSpec(id: AnyHashable(id), priority: priority, action: action)))
    }
}

struct TaskSpec {
    let id: AnyHashable
    let priority: TaskPriority
    let action: @MainActor @Sendable () async -> Void
}

struct LifecycleModifier: _PrimitiveModifier {
    let onAppear: (@MainActor () -> Void)?
    let onDisappear: (@MainActor () -> Void)?
    let task: TaskSpec?

    static func _apply(_ modifier: Self, _ context: _RenderContext, _ out: inout [Node], _ content: @escaping _ContentRenderer) {
        content(context, &out)
        let graph = context.graph
        graph.usesLifecycle = true
        let state = context.persistent(LifecycleState.self) { LifecycleState(graph: graph) }
        state.onDisappear = modifier.onDisappear
        // A screen covered by another pushed over it has disappeared (and appears again when
        // it is uncovered), though it keeps its state.
        if context.environment.screenIsCovered {
            if state.hasAppeared {
                // After the render, as `onAppear` runs.
                state.hasAppeared = false
                graph.afterCommit { state.disappear() }
            }
            return
        }
        if !state.hasAppeared {
            state.hasAppeared = true
            if let onAppear = modifier.onAppear { graph.afterCommit(onAppear) }
        }
        if let task = modifier.task, state.taskID != task.id {
            state.taskID = task.id
            graph.afterCommit { state.start(task) }
        }
    }
}

/// Appearance and the running task of one view identity.
@MainActor
final class LifecycleState: UnmountObserving {
    weak var graph: ViewGraph?
    var hasAppeared = false
    var onDisappear: (@MainActor () -> Void)?
    var taskID: AnyHashable?
    private var running: Task<Void, Never>?

    init(graph: ViewGraph) {
        self.graph = graph
    }

    func start(_ spec: TaskSpec) {
        running?.cancel()
        guard let graph else { return }
        graph.taskStarted()
        running = Task(priority: spec.priority) { @MainActor [weak graph] in
            await spec.action()
            graph?.taskFinished()
        }
    }

    func didUnmount() {
        if hasAppeared { disappear() }
    }

    /// Its view left the screen: the task stops and `onDisappear` runs (appearing again starts
    /// both afresh).
    func disappear() {
        running?.cancel()
        running = nil
        hasAppeared = false
        taskID = nil
        onDisappear?()
    }
}

extension View {
    /// Runs `action` with a URL of the app's own scheme (`flights://US1204`) opened on this page
    /// (`openURL`, `UIApplication.shared.open`), as iOS hands an app its links.
    public func onOpenURL(perform action: @escaping @MainActor (URL) -> Void) -> some View {
        modifier(OnOpenURLModifier(action: action))
    }
}

struct OnOpenURLModifier: _PrimitiveModifier {
    let action: @MainActor (URL) -> Void

    static func _apply(_ modifier: Self, _ context: _RenderContext, _ out: inout [Node], _ content: @escaping _ContentRenderer) {
        if let page = context.environment.pageHost {
            let registration = context.graph.persistentState(URLHandlerRegistration.self, context) { URLHandlerRegistration(page: page) }
            page.urlHandlers[ObjectIdentifier(registration)] = modifier.action
        }
        content(context, &out)
    }
}

/// A view's `onOpenURL` handler on its page, removed when the view goes.
@MainActor
final class URLHandlerRegistration: UnmountObserving {
    weak var page: PageHost?
    init(page: PageHost) { self.page = page }
    func didUnmount() { page?.urlHandlers[ObjectIdentifier(self)] = nil }
}
