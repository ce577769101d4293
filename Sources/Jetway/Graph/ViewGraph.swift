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
    /// The page as the browser has it: the last rendered node tree, its ids and its handlers.
    public let tree = LiveTree()
    /// Bumped by every update that changed the page.
    @exclusivity(unchecked) public private(set) var version: UInt64 = 0
    /// Called once when the first change of a batch arrives; the host then calls `update()`.
    @exclusivity(unchecked) public var onNeedsUpdate: (@MainActor () -> Void)?
    /// True from the first change of a batch until the next `update()` or `render()`.
    @exclusivity(unchecked) public private(set) var needsUpdate = false
    /// Widget commands waiting for the next patch (`Widget.perform`).
    @exclusivity(unchecked) var pendingCommands: [(widget: Widget, name: String, payload: String)] = []
    /// The animation of the changes waiting for the next update (`withAnimation`).
    @exclusivity(unchecked) var pendingAnimation: Animation?
    /// The last key press a view of this page used (`.onKeyPress`).
    let keyPressLedger = KeyPressLedger()
    /// What a widget's data source answered during the last dispatch (`takeAnswer()`).
    @exclusivity(unchecked) var answer: String?

    @exclusivity(unchecked) var root: ViewInstance!
    let renderRoot: @MainActor (_RenderContext, inout [Node]) -> Void
    @exclusivity(unchecked) private(set) var environment: EnvironmentValues
    @exclusivity(unchecked) var pass: UInt64 = 0
    @exclusivity(unchecked) var afterCommit: [@MainActor () -> Void] = []
    /// How each view type is compared with its last value (see ViewEquality.swift).
    @exclusivity(unchecked) var equalities: [ObjectIdentifier: Any] = [:]
    /// Which `ForEach` element types are plain values (see ForEachRows.swift).
    @exclusivity(unchecked) var plainValueTypes: [ObjectIdentifier: Bool] = [:]
    /// The last environment reads an instance kept (see `sharedReads`).
    @exclusivity(unchecked) var recentReads: [[ObjectIdentifier]] = []
    /// The last environment comparison (see `seesSameEnvironment(_:_:)`).
    @exclusivity(unchecked) var lastEnvironmentCheck: (from: UInt64, to: UInt64, keys: [ObjectIdentifier], same: Bool)?
    /// The results of constant environment writes, shared by the positions that make them
    /// (`_RenderContext.writeSharedEnvironment`).
    @exclusivity(unchecked) var sharedEnvironmentWrites = SharedEnvironmentWrites()
    @exclusivity(unchecked) var retired: [AnyObject] = []
    /// The owner whose body is rendering and its primitive storage found or made last (nil:
    /// none yet), where the next is searched from (`persistentState`).
    @exclusivity(unchecked) var storageCursor: (owner: ViewInstance, record: PrimitiveStorage?)?
    /// Tasks started by `.task` modifiers that have not finished.
    @exclusivity(unchecked) public private(set) var runningTasks = 0

    // What a fresh graph of the same root view could not reproduce by rendering it again.
    @exclusivity(unchecked) private(set) var dispatchedEvents = 0
    @exclusivity(unchecked) var stateWrites = 0
    @exclusivity(unchecked) var usesLifecycle = false
    @exclusivity(unchecked) var ownsStateObjects = false

    /// True while a fresh graph of the same root view, rendered now, would show exactly this
    /// page and behave the same from here on: no event has reached it, no `@State` was
    /// written, it owns no `@StateObject` (or `@State` object), and no `onAppear`,
    /// `onDisappear` or `.task` is in it. A server lets sessions of equal pages share such a
    /// graph and gives a session its own (rendered afresh, see `adoptPage(of:)`) before its
    /// first event.
    public var isPristine: Bool {
        dispatchedEvents == 0 && stateWrites == 0 && !usesLifecycle && !ownsStateObjects && runningTasks == 0
    }

    /// Creates the graph of `rootView`, whose views see `environment` (with `pageHost` set to this
    /// graph's page). Nothing renders until the first `render()` or `update()`.
    public init<Root: View>(_ rootView: Root, environment: EnvironmentValues = EnvironmentValues()) {
        self.environment = environment
        self.renderRoot = { context, out in Root._render(rootView, context, &out) }
        self.root = ViewInstance(graph: self, type: Root.self, parent: nil)
        self.environment.pageHost = host
    }

    /// The page this graph renders, as its views reach it (`@Environment(\.pageHost)`).
    public private(set) lazy var host = PageHost(graph: self)

    /// Renders the whole tree for the first paint and takes it as the page.
    @discardableResult
    public func render() -> Node {
        pendingAnimation = nil
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
        if let animation = pendingAnimation {
            pendingAnimation = nil
            // One description for the whole patch, on the page's root (numbered by the version
            // it makes, so two animated patches in a row each set it): the runtime reads it from
            // the batch and moves what the patch changes (Assets/runtime/features/motion.js).
            node.setAttribute(RuntimeContract.Attribute.animation, "\(version &+ 1);\(animation.wire)")
        }
        var ops = tree.update(to: node)
        ops += takeCommands()
        if !ops.isEmpty { version &+= 1 }
        runAfterCommit()
        return ops
    }

    /// Runs the handler bound to `event` on element `id`. Call `update()` afterwards (once per
    /// batch of events) to get the patch.
    public func dispatch(_ id: NodeID, _ event: EventKind, _ payload: EventPayload = .none) throws {
        guard let node = tree.handlerNode(id) else {
            throw tree.wasIssued(id) ? JetwayError.departedElement(id) : JetwayError.unknownElement(id)
        }
        guard let binding = node.handlers.first(where: { $0.event == event }) else {
            throw JetwayError.noHandler(id, event)
        }
        dispatchedEvents += 1
        // The page acting, for what UIKit code reaches without a view (`UIApplication.shared`).
        let outer = PageHost.acting
        PageHost.acting = host
        defer { PageHost.acting = outer }
        try PageHost.$taskPage.withValue(WeakPageHost(host: host)) { try binding.action(payload) }
    }

    /// Follows the navigation link whose key is `key` on the page as it is (what a click on it
    /// does, but not counted as an event: following the URL's links is part of opening the
    /// page). False when no such link is shown. `hint`: the key of the lazy list row the link
    /// was in, for a page being opened (the list's window moves to that row when the link is
    /// not in it; the page must not have been sent yet).
    @discardableResult
    public func followLink(_ key: UInt64, hint: UInt64? = nil) -> Bool {
        if Self.link(key, in: tree.root) == nil, let hint { reveal(hint) }
        guard let node = Self.link(key, in: tree.root), let binding = node.handlers.first(where: { $0.event == .click }) else {
            return false
        }
        return (try? binding.action(.none)) != nil
    }

    /// The row a link's address names (`NavigationState.hints`), while lazy lists look for it
    /// in their data.
    @exclusivity(unchecked) var revealing: UInt64?

    /// Renders the page again with the lazy list that has row `row` showing it (a link of a
    /// row far down is not in the first window).
    private func reveal(_ row: UInt64) {
        revealing = row
        defer { revealing = nil }
        invalidateLazyWindows(root)
        _ = update()
    }

    private func invalidateLazyWindows(_ instance: ViewInstance) {
        if instance.ownsLazyWindow { instance.invalidate() }
        for child in instance.children.allValues { invalidateLazyWindows(child) }
    }

    /// Opens the screen a page's `nav` path names (`3k9x0a.1b2c3d`): follows each link in turn,
    /// rendering between them. Returns how many were followed (fewer when a link is not there:
    /// the page then shows the deepest screen it could reach).
    @discardableResult
    public func openNavigation(_ path: String) -> Int {
        opening {
            var followed = 0
            for (key, hint) in NavigationState.parts(path) {
                guard followLink(key, hint: hint) else { break }
                _ = update()
                followed += 1
            }
            return followed
        }
    }

    /// Shows the tab a page's `tab` parameter names (`?tab=awards`) in its first `TabView`,
    /// as a click on it does. False when no tab has that value (the page shows its default).
    @discardableResult
    public func openTab(_ value: String) -> Bool {
        opening {
            let link = Self.first(in: tree.root) {
                $0.tag == "a" && $0.attribute("class") == RuntimeContract.Class.tablink
                    && $0.attribute(RuntimeContract.Attribute.tab) == value
            }
            guard let binding = link?.handlers.first(where: { $0.event == .click }), (try? binding.action(.none)) != nil else {
                return false
            }
            _ = update()
            return true
        }
    }

    /// Runs what opening a page's URL does (its tab, its pushed screens). The `@State` it
    /// writes follows from the URL alone, so the rendering stays as shareable as a fresh one
    /// with other pages of the same URL.
    private func opening<T>(_ work: () -> T) -> T {
        let writes = stateWrites
        defer { stateWrites = writes }
        return work()
    }

    /// The `data-nav` path the page shows (its outermost `NavigationStack`'s), or "".
    public var navigationPath: String {
        Self.first(in: tree.root) { $0.attribute(RuntimeContract.Attribute.navigation) != nil }?.attribute(
            RuntimeContract.Attribute.navigation) ?? ""
    }

    /// The title of the screen shown (the deepest `.navigationTitle` heading), if any.
    public var navigationTitle: String? {
        Self.first(in: tree.root) { $0.tag == "h1" && $0.attribute("class")?.contains(RuntimeContract.Class.navTitle) == true }?.text
    }

    private static func link(_ key: UInt64, in node: Node?) -> Node? {
        // The key is the last part of the link's address (`?nav=…a.key`, or `key_row`).
        first(in: node) {
            $0.tag == "a" && $0.attribute("class")?.contains(RuntimeContract.Class.navlink) == true
                && $0.attribute("href")?.split(whereSeparator: { $0 == "." || $0 == "=" }).last
                    .flatMap({ UInt64($0.prefix { $0 != "_" }, radix: 36) }) == key
        }
    }

    private static func first(in node: Node?, where predicate: (Node) -> Bool) -> Node? {
        guard let node else { return nil }
        if predicate(node) { return node }
        for child in node.children {
            if let found = first(in: child, where: predicate) { return found }
        }
        return nil
    }

    /// Ends this UI: every view leaves the tree, so `onDisappear` runs, `.task`s are cancelled
    /// and subscriptions end. A host calls it when the page is gone for good (its session
    /// expired); the graph renders nothing afterwards.
    public func tearDown() {
        onNeedsUpdate = nil
        host.pageEnds()
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
        for record in instance.storageRecords {
            if let holder = record.state as? NodeHolding { holder.replaceNodes(replacement) }
        }
        for child in instance.children.allValues { replaceNodes(in: child, replacement) }
    }

    /// How many `GeometryReader`s this graph has mounted: the next one's number.
    @exclusivity(unchecked) private var geometryCount = 0
    func nextGeometryIndex() -> Int {
        defer { geometryCount += 1 }
        return geometryCount
    }

    /// How many stateless views that left the page each view keeps for a quick return (as the
    /// page keeps their elements, `LiveTree.retainLimit`).
    @exclusivity(unchecked) public var departedLimit = 2000

    // MARK: Dependencies and scheduling

    /// Runs `work` with `instance` as the reader of whatever state and observable models it
    /// touches; a later change to any of them invalidates `instance`. `inWalk`: made as its body
    /// is walked (a control's read, `_RenderContext.track`), replaced at its next walk, rather
    /// than by its evaluation (the body, a row's builder), replaced at its next evaluation.
    func track<T>(_ instance: ViewInstance, inWalk: Bool = false, _ work: () -> T) -> T {
        let previous = DependencyTracker.reader
        DependencyTracker.reader = instance
        defer { DependencyTracker.reader = previous }
        let evaluation = instance.evaluation
        // Counted when asked (`ObservationRegistrations`): Observation holds this handler, and
        // the token with it, until a property it read changes or the view's slot advances.
        let counted = ObservationRegistrations.token()
        let walks = inWalk ? instance.walkTrackings : nil
        let walk: UInt32? = inWalk ? walks?.generation ?? 0 : nil
        let slot = inWalk ? walks?.slot : instance.trackingSlot
        let generations = trackingGenerations
        // The handler is an autoclosure, made only when the work read an observable property.
        var installed = false
        let result = withObservationTracking(
            {
                let result = work()
                if let slot { generations.read(slot) }
                return result
            },
            onChange: {
                installed = true
                return { [weak instance, counted] in
                    withExtendedLifetime(counted) {}
                    ViewInstance.trackingFired(instance, evaluation: evaluation, walk: walk)
                }
            }())
        if installed && inWalk {
            let walks = walks ?? instance.makeWalkTrackings()
            if walks.outstanding < .max { walks.outstanding += 1 }
            if walks.slot == nil { generations.noteWalksReadModels(instance.typeID) }
        } else if installed {
            if instance.outstandingTrackings < .max { instance.outstandingTrackings += 1 }
            if !instance.installedTracking {
                instance.installedTracking = true
                generations.noteReadsModels(instance.typeID)
            }
        }
        return result
    }

    /// What lets views' earlier trackings go (see `TrackingGenerations`).
    private let trackingGenerations = TrackingGenerations()

    /// Starts an evaluation of `instance`: what its earlier evaluations tracked no longer
    /// invalidates it, and their Observation registrations are let go.
    func beginEvaluation(of instance: ViewInstance) {
        instance.evaluation &+= 1
        if let slot = instance.trackingSlot {
            if instance.outstandingTrackings > 0 { trackingGenerations.advance(slot) }
        } else if instance.installedTracking || trackingGenerations.readsModels(instance.typeID) {
            instance.trackingSlot = trackingGenerations.newSlot()
        }
    }

    /// Starts a walk of `instance`'s body (after an evaluation, or of its kept body): what its
    /// controls tracked in the last walk is let go, as they are about to read it again.
    func beginWalk(of instance: ViewInstance) {
        guard let walks = instance.walkTrackings else {
            // A view of a type whose walks were seen reading models has a slot from its first
            // walk, so even that walk's trackings can be let go (at unmount, say).
            if trackingGenerations.walksReadModels(instance.typeID) {
                instance.makeWalkTrackings().slot = trackingGenerations.newSlot()
            }
            return
        }
        letGo(walks)
        if walks.slot == nil { walks.slot = trackingGenerations.newSlot() }
    }

    /// Lets a view's walk trackings go: they fire, find an older walk, and do nothing.
    private func letGo(_ walks: WalkTrackings) {
        guard walks.outstanding > 0 else { return }
        walks.generation &+= 1
        if let slot = walks.slot { trackingGenerations.advance(slot) }
    }

    /// `instance` left for good: its trackings are let go (a model that never changes again
    /// would otherwise hold them for the life of the process).
    func retireTrackings(of instance: ViewInstance) {
        instance.evaluation &+= 1
        if instance.outstandingTrackings > 0, let slot = instance.trackingSlot { trackingGenerations.advance(slot) }
        if let walks = instance.walkTrackings { letGo(walks) }
    }

    /// The page was shown or hidden: the views that read `scenePhase` render again.
    func setScenePhase(_ phase: ScenePhase) {
        guard environment.scenePhase != phase else { return }
        environment.scenePhase = phase
        host.phaseChanged(to: phase)
        invalidateReaders(of: [EnvironmentValues.scenePhaseKey])
    }

    /// The browser window changed size class (`cr`: horizontal, vertical): the views that read
    /// them render again. Anything but two classes is refused.
    func setSizeClasses(_ text: String) throws {
        guard let (horizontal, vertical) = RequestContext.parseSizeClasses(text) else {
            throw JetwayError.wrongPayload(expected: "two size classes (c or r)", got: String(text.prefix(16)))
        }
        guard environment.request.horizontalSizeClass != horizontal || environment.request.verticalSizeClass != vertical else { return }
        environment.request.horizontalSizeClass = horizontal
        environment.request.verticalSizeClass = vertical
        invalidateReaders(of: EnvironmentValues.sizeClassKeys)
    }

    /// The views that read these environment keys (their dynamic properties or bodies)
    /// evaluate again.
    private func invalidateReaders(of keys: [ObjectIdentifier]) {
        func invalidate(_ instance: ViewInstance) {
            if keys.contains(where: { instance.environmentReads.contains($0) || instance.propertyReads.contains($0) }) {
                // Its `@Environment` properties are filled again, not kept from the last install.
                instance.installedValueIsCurrent = false
                instance.invalidate()
            }
            for child in instance.children.allValues { invalidate(child) }
        }
        if let root { invalidate(root) }
        setNeedsUpdate()
    }

    func setNeedsUpdate() {
        // A change made inside `withAnimation`: this page's next patch moves with it.
        if let transaction = Transaction.current {
            pendingAnimation = transaction.disablesAnimations ? nil : transaction.animation
        }
        guard !needsUpdate else { return }
        needsUpdate = true
        onNeedsUpdate?()
    }

    /// Runs `action` after the current render is committed (onAppear, onDisappear, tasks).
    func afterCommit(_ action: @escaping @MainActor () -> Void) {
        afterCommit.append(action)
    }

    private func runAfterCommit() {
        // The page acting, for what UIKit code in `onAppear` reaches without a view.
        let outer = PageHost.acting
        PageHost.acting = host
        defer { PageHost.acting = outer }
        PageHost.$taskPage.withValue(WeakPageHost(host: host)) {
            while !afterCommit.isEmpty {
                let actions = afterCommit
                afterCommit.removeAll()
                for action in actions { action() }
            }
        }
    }

    func taskStarted() { runningTasks += 1 }
    func taskFinished() { runningTasks -= 1 }
}
