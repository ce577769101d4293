/// One live UI: the instance tree of a root view, its rendered page, and the loop that turns
/// state changes into patches.
///
/// A host (the server's session, or `JetwayTesting.ViewHost`) renders once with `render()`,
/// delivers browser events with `dispatch(_:_:_:)`, and calls `update()` when
/// `onNeedsUpdate` fires: only views whose dependencies changed are evaluated again, and the
/// result is diffed against the page.
///
/// ```swift
/// let graph = ViewGraph(ContentView())
/// let page = graph.render().html
/// try graph.dispatch(buttonID, .click, .none)
/// let ops = graph.update()
/// ```
@MainActor
public final class ViewGraph {
    public let tree = LiveTree()
    /// Bumped by every update that changed the page.
    public private(set) var version: UInt64 = 0
    /// Called once when the first change of a batch arrives; the host then calls `update()`.
    public var onNeedsUpdate: (@MainActor () -> Void)?
    public private(set) var needsUpdate = false

    private var root: ViewInstance!
    private let renderRoot: @MainActor (_RenderContext, inout [Node]) -> Void
    private let environment: EnvironmentValues
    private var pass: UInt64 = 0
    private var afterCommit: [@MainActor () -> Void] = []
    /// How each view type is compared with its last value (see ViewEquality.swift).
    var equalities: [ObjectIdentifier: Any] = [:]
    private var retired: [AnyObject] = []
    /// Tasks started by `.task` modifiers that have not finished.
    public private(set) var runningTasks = 0

    // What a fresh graph of the same root view could not reproduce by rendering it again.
    private(set) var dispatchedEvents = 0
    var stateWrites = 0
    var usesLifecycle = false
    var ownsStateObjects = false

    /// True while a fresh graph of the same root view, rendered now, would show exactly this
    /// page and behave the same from here on: no event has reached it, no `@State` was
    /// written, it owns no `@StateObject` (or `@State` object), and no `onAppear`,
    /// `onDisappear` or `.task` is in it. A server lets sessions of equal pages share such a
    /// graph and gives a session its own (rendered afresh, see `adoptPage(of:)`) before its
    /// first event.
    public var isPristine: Bool {
        dispatchedEvents == 0 && stateWrites == 0 && !usesLifecycle && !ownsStateObjects && runningTasks == 0
    }

    public init<Root: View>(_ rootView: Root, environment: EnvironmentValues = EnvironmentValues()) {
        self.environment = environment
        self.renderRoot = { context, out in Root._render(rootView, context, &out) }
        self.root = ViewInstance(graph: self, type: Root.self, parent: nil)
    }

    /// Renders the whole tree for the first paint and takes it as the page.
    @discardableResult
    public func render() -> Node {
        let node = renderPass(fresh: true)
        tree.mount(node)
        needsUpdate = false
        runAfterCommit()
        return node
    }

    /// Re-renders what changed since the last render and returns the patch for the page.
    public func update() -> [PatchOp] {
        guard tree.root != nil else {
            render()
            return []
        }
        guard needsUpdate else { return [] }
        needsUpdate = false
        releaseRetired()
        let node = renderPass(fresh: false)
        let ops = tree.update(to: node)
        if !ops.isEmpty { version &+= 1 }
        runAfterCommit()
        return ops
    }

    /// Runs the handler bound to `event` on element `id`. Call `update()` afterwards (once per
    /// batch of events) to get the patch.
    public func dispatch(_ id: NodeID, _ event: EventKind, _ payload: EventPayload = .none) throws {
        guard let node = tree.handlerNode(id) else { throw JetwayError.unknownElement(id) }
        guard let binding = node.handlers.first(where: { $0.event == event }) else {
            throw JetwayError.noHandler(id, event)
        }
        dispatchedEvents += 1
        try binding.action(payload)
    }

    /// Ends this UI: every view leaves the tree, so `onDisappear` runs, `.task`s are cancelled
    /// and subscriptions end. A host calls it when the page is gone for good (its session
    /// expired); the graph renders nothing afterwards.
    public func tearDown() {
        onNeedsUpdate = nil
        unmount(root)
        runAfterCommit()
        needsUpdate = false
        releaseRetired()
    }

    /// Takes over the page of `other` after this graph's first render reproduced it exactly
    /// (same elements, attributes and texts): its element ids, its version, and an eviction of
    /// the elements its client keeps detached, so that the browser showing `other`'s page can
    /// go on with this graph's patches. Returns false, changing nothing, when the pages differ.
    ///
    /// Where the pages have a subtree without handlers in common, this graph keeps `other`'s
    /// nodes instead of its own (see `NodeReplacement`): a session that diverges from a shared
    /// rendering costs only what it does not share.
    public func adoptPage(of other: ViewGraph) -> Bool {
        guard let replacement = tree.adoptIDs(from: other.tree) else { return false }
        if !replacement.isEmpty { replaceNodes(in: root, replacement) }
        version = other.version
        return true
    }

    /// Points every view's last output and every node-holding cache at the shared nodes.
    private func replaceNodes(in instance: ViewInstance, _ replacement: NodeReplacement) {
        if let output = replacement.replacing(instance.output) { instance.output = output }
        if let holder = instance.persistent as? NodeHolding { holder.replaceNodes(replacement) }
        for child in instance.children.allValues { replaceNodes(in: child, replacement) }
        for child in instance.departed?.all ?? [] { replaceNodes(in: child, replacement) }
    }

    // MARK: Rendering

    private func renderPass(fresh: Bool) -> Node {
        pass &+= 1
        root.visitedChildren = 0
        let context = _RenderContext(
            graph: self, owner: root, environment: environment,
            elementKey: IdentityHash.seed, identityKey: IdentityHash.seed, isFreshValue: fresh)
        var nodes: [Node] = []
        renderRoot(context, &nodes)
        sweep(root)
        root.isDirty = false
        root.hasDirtyDescendant = false
        let node = Node("div", key: IdentityHash.seed)
        node.setAttribute("class", "jw-root")
        node.children = nodes
        return node
    }

    func renderComposite<V: View>(_ view: V, _ context: _RenderContext, _ out: inout [Node]) {
        let owner = context.owner
        let key = freeKey(IdentityHash.mix(context.identityKey, IdentityHash.ofType(V.self)), in: owner)
        let typeID = ObjectIdentifier(V.self)
        let instance: ViewInstance
        var mustEvaluate: Bool
        if owner.children[key] == nil, let departed = owner.departed?.take(key), departed.typeID == typeID {
            // A stateless view that left a moment ago and is back (a search cleared): its last
            // render is still good unless its value, place or environment changed.
            departed.isMounted = true
            owner.children[key] = departed
        }
        if let existing = owner.children[key], existing.typeID == typeID {
            instance = existing
            mustEvaluate =
                existing.isDirty || existing.elementKey != context.elementKey
                || !existing.seesSameEnvironment(as: context.environment)
            if !mustEvaluate && context.isFreshValue {
                mustEvaluate = !isUnchanged(view, existing)
                // Skipped as equal: this new value's @State cells were never connected.
                if !mustEvaluate { existing.installedValueIsCurrent = false }
            }
        } else {
            if let replaced = owner.children[key] { unmount(replaced) }
            instance = ViewInstance(graph: self, type: V.self, parent: owner)
            owner.children[key] = instance
            mustEvaluate = true
        }
        if instance.visitMark != pass {
            instance.visitMark = pass
            owner.visitedChildren += 1
        }
        if mustEvaluate || (instance.hasDirtyDescendant && instance.renderBody == nil) {
            evaluate(view, instance, context)
        } else if instance.hasDirtyDescendant {
            walkBody(instance, context, fresh: false)
        } else {
            // Skipped: what it read is unchanged, so the new environment stands for the old.
            instance.environment = context.environment
        }
        // What it and the views below it read, the owner's output depends on too.
        context.environment.reads?.note(instance.environmentReads)
        // Usually one node: appended one by one, not through the generic `append(contentsOf:)`.
        for node in instance.output { out.append(node) }
    }

    /// The identity key itself, unless another view already claimed it in this pass (duplicate
    /// `ForEach` ids, the same modifier twice): then the next key along a fixed chain, so
    /// duplicates get separate state in a stable order instead of sharing it.
    private func freeKey(_ key: UInt64, in owner: ViewInstance) -> UInt64 {
        var key = key
        while let existing = owner.children[key], existing.visitMark == pass {
            key = IdentityHash.mix(key, 0xD0)
        }
        return key
    }

    private func evaluate<V: View>(_ view: V, _ instance: ViewInstance, _ context: _RenderContext) {
        // A value re-walked from a stored body is the one installed last time (its @State cells
        // already point at the storage): skip the Mirror walk, a third of a kiosk's update.
        if context.isFreshValue || context.rebuiltValues || !instance.installedValueIsCurrent {
            DynamicProperties.install(view, in: instance, environment: context.environment)
            instance.installedValueIsCurrent = true
        }
        instance.evaluation &+= 1
        let body = track(instance) { view.body }
        instance.renderBody = { context, out in V.Body._render(body, context, &out) }
        if let isEqual = equality(for: V.self) { instance.lastView = LastView(view, isEqual) }
        walkBody(instance, context, fresh: true)
        // The body is kept to render it again when a view below changes; with no views below
        // (a row of texts and stacks) that cannot happen, and the body is most of a row's memory.
        if instance.children.count == 0 { instance.renderBody = nil }
    }

    private func walkBody(_ instance: ViewInstance, _ context: _RenderContext, fresh: Bool) {
        instance.elementKey = context.elementKey
        instance.environment = context.environment
        instance.visitedChildren = 0
        var bodyContext = context
        bodyContext.owner = instance
        bodyContext.identityKey = IdentityHash.seed
        bodyContext.isFreshValue = fresh
        bodyContext.rebuiltValues = false
        let reads = instance.readLog ?? EnvironmentReads()
        instance.readLog = reads
        reads.start(with: instance.propertyReads)
        bodyContext.environment.reads = reads
        var nodes: [Node] = []
        instance.renderBody?(bodyContext, &nodes)
        instance.environmentReads = reads.keys
        sweep(instance)
        for node in nodes { node.isFrozen = true }
        instance.output = nodes
        instance.isDirty = false
        instance.hasDirtyDescendant = false
    }

    /// Drops the children this pass did not reach: their identities left the tree.
    private func sweep(_ instance: ViewInstance) {
        guard instance.visitedChildren < instance.children.count else { return }
        let pass = pass
        let gone = instance.children.removeAll { $0.visitMark != pass }
        for (key, child) in gone {
            // Composite views come back through `renderComposite`, render caches through
            // `persistentState`; other primitives' storage goes.
            if departedLimit > 0 && (child.persistent == nil || child.persistentIsCache) && Self.isStateless(child) {
                child.isMounted = false
                if instance.departed == nil { instance.departed = DepartedViews() }
                if let evicted = instance.departed!.keep(child, key: key, limit: departedLimit) {
                    unmount(evicted)
                    retired.append(evicted)
                }
            } else {
                unmount(child)
                retired.append(child)
            }
        }
    }

    /// How many stateless views that left the page each view keeps for a quick return (as the
    /// page keeps their elements, `LiveTree.retainLimit`).
    public var departedLimit = 2000

    /// Whether dropping `instance` and creating it again could make no difference: no state,
    /// no subscriptions, no lifecycle hooks below it, only caches of its last render.
    private static func isStateless(_ instance: ViewInstance) -> Bool {
        guard instance.slots.isEmpty, instance.subscriptions.isEmpty else { return false }
        if instance.persistent != nil && !instance.persistentIsCache { return false }
        return instance.children.allSatisfy(isStateless)
    }

    /// Frees what the last update replaced (the old page's nodes, unmounted instances). A
    /// host calls this after it has sent the patch, so freeing a large subtree does not delay
    /// the patch; `update()` also calls it before rendering again.
    public func releaseRetired() {
        retired.removeAll()
        tree.releaseRetired()
    }

    private func unmount(_ instance: ViewInstance) {
        instance.isMounted = false
        if let departed = instance.departed {
            for child in departed.all { unmount(child) }
            instance.departed = nil
        }
        for child in instance.children.allValues { unmount(child) }
        instance.children.removeAll()
        instance.subscriptions.removeAll()
        instance.subscriptionKeys.removeAll()
        if let observer = instance.persistent as? UnmountObserving {
            afterCommit.append { observer.didUnmount() }
        }
    }

    /// Per-identity storage for primitives, kept in a child instance of the owner.
    func persistentState<State: AnyObject>(_ type: State.Type, _ context: _RenderContext, create: () -> State) -> State {
        let owner = context.owner
        let key = freeKey(IdentityHash.mix(context.identityKey, IdentityHash.ofType(State.self)), in: owner)
        let instance: ViewInstance
        let typeID = ObjectIdentifier(State.self)
        if owner.children[key] == nil, let departed = owner.departed?.take(key), departed.typeID == typeID {
            // A link's cache that left with its row and is back.
            departed.isMounted = true
            owner.children[key] = departed
        }
        // An instance of this type id was made below with `create()`: its storage is a State.
        if let existing = owner.children[key], existing.typeID == typeID, existing.persistent != nil {
            instance = existing
        } else {
            if let replaced = owner.children[key] { unmount(replaced) }
            instance = ViewInstance(graph: self, type: State.self, parent: owner)
            let state = create()
            instance.persistent = state
            instance.persistentIsCache = state is RenderCache
            instance.isDirty = false
            owner.children[key] = instance
        }
        if instance.visitMark != pass {
            instance.visitMark = pass
            owner.visitedChildren += 1
        }
        return unsafeDowncast(instance.persistent!, to: State.self)
    }

    // MARK: Dependencies and scheduling

    /// Runs `work` with `instance` as the reader of whatever state and observable models it
    /// touches; a later change to any of them invalidates `instance`.
    func track<T>(_ instance: ViewInstance, _ work: () -> T) -> T {
        let previous = DependencyTracker.reader
        DependencyTracker.reader = instance
        defer { DependencyTracker.reader = previous }
        let evaluation = instance.evaluation
        return withObservationTracking(work) { [weak instance] in
            ViewInstance.invalidate(instance, ifEvaluation: evaluation)
        }
    }

    func setNeedsUpdate() {
        guard !needsUpdate else { return }
        needsUpdate = true
        onNeedsUpdate?()
    }

    /// Runs `action` after the current render is committed (onAppear, onDisappear, tasks).
    func afterCommit(_ action: @escaping @MainActor () -> Void) {
        afterCommit.append(action)
    }

    private func runAfterCommit() {
        while !afterCommit.isEmpty {
            let actions = afterCommit
            afterCommit.removeAll()
            for action in actions { action() }
        }
    }

    func taskStarted() { runningTasks += 1 }
    func taskFinished() { runningTasks -= 1 }
}
