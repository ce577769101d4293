/// A composite view mounted at one identity: its state, its subscriptions, its child instances,
/// and the nodes it rendered last time.
///
/// Instances are created the first time an identity is rendered and dropped (with their state)
/// when a render of their owner no longer reaches that identity.
@MainActor
public final class ViewInstance {
    @exclusivity(unchecked) weak var graph: ViewGraph?
    @exclusivity(unchecked) weak var parent: ViewInstance?
    let typeID: ObjectIdentifier
    @exclusivity(unchecked) var children = KeyMap<ViewInstance>()
    /// The render pass that last reached this instance.
    @exclusivity(unchecked) var visitMark: UInt64 = 0
    /// The nodes of the last render, shared with the live tree (frozen).
    @exclusivity(unchecked) var output: [Node] = []
    /// The environment of its last render.
    @exclusivity(unchecked) var environment = EnvironmentSnapshot()
    /// The last view value, kept only for `Equatable` views to skip equal re-renders (and a
    /// pure row's element: `LastRow`).
    @exclusivity(unchecked) var lastView: AnyObject?
    /// The keys read anywhere in its last render (its properties, the primitives of its body,
    /// the views below): an environment that differs from `environment` only in other keys
    /// cannot change its output. (`propertyReads`: the keys its dynamic properties read when
    /// last installed.)
    @exclusivity(unchecked) var environmentReads: [ObjectIdentifier] = []
    /// Where this instance's render notes its reads (kept to spare an allocation per render).
    @exclusivity(unchecked) var readLog: EnvironmentReads?
    @exclusivity(unchecked) var elementKey: UInt64 = 0
    /// The storage of the primitive views of its body (navigation path, sheet, appear flag):
    /// the first record of a list (`PrimitiveStorage`).
    @exclusivity(unchecked) var storage: PrimitiveStorage?
    /// When it departed (see `departedCount`).
    @exclusivity(unchecked) var departedPass: UInt64 = 0
    /// What few instances need, apart (see `InstanceExtras`).
    @exclusivity(unchecked) private var extras: InstanceExtras?

    // Counts and flags in as few bytes as they need, declared last: an instance is 192 bytes to
    // the allocator, not 224. A session's graph holds tens to hundreds of them (two a list row
    // of a row struct).

    /// How many of its trackings that installed a registration have not fired yet (counted on
    /// the main actor; one fired elsewhere is counted when its hop arrives, so it may be high
    /// for a moment, never low).
    @exclusivity(unchecked) var outstandingTrackings: UInt32 = 0
    @exclusivity(unchecked) private var evaluationCount: UInt32 = 0
    @exclusivity(unchecked) private var visitedChildCount: Int32 = 0
    @exclusivity(unchecked) private var departedChildCount: Int32 = 0
    // Flags as plain stored `Bool`s: declared together, they take a byte each.
    @exclusivity(unchecked) var isDirty = true
    @exclusivity(unchecked) var hasDirtyDescendant = false
    @exclusivity(unchecked) var isMounted = true
    /// Whether a tracked evaluation of this view installed an Observation registration (it read
    /// an observable model): from its next evaluation on it has a slot in `TrackingGenerations`.
    @exclusivity(unchecked) var installedTracking = false
    /// Whether the view value a stored body holds for this instance is the one whose dynamic
    /// properties were installed (false after an equal fresh value was skipped).
    @exclusivity(unchecked) var installedValueIsCurrent = false
    /// Whether it renders a lazy `ForEach` (`LazyRows`): its children that leave are not kept
    /// departed. A window's rows come and go with every scroll and are few: kept, they were
    /// two thirds of a session's memory once it had typed a search.
    @exclusivity(unchecked) var ownsLazyWindow = false

    /// Counts body evaluations; observation callbacks from an older evaluation are ignored.
    /// Changed only by `ViewGraph.beginEvaluation(of:)` and `retireTrackings(of:)`. (Counted in
    /// 32 bits: a callback is ignored unless it is of the current evaluation, and four
    /// billion evaluations of one view between a registration and its callback do not happen.)
    var evaluation: UInt64 {
        get { UInt64(evaluationCount) }
        set { evaluationCount = UInt32(truncatingIfNeeded: newValue) }
    }
    /// How many children the render pass that last reached it reached.
    var visitedChildren: Int {
        get { Int(visitedChildCount) }
        set { visitedChildCount = Int32(truncatingIfNeeded: newValue) }
    }
    /// How many of `children` are departed: stateless views that left in a recent render and
    /// stay in the map, unmounted, for a quick return (a search cleared). They are told apart
    /// by `isMounted == false`; `departedPass` says when each left, oldest out first.
    var departedCount: Int {
        get { Int(departedChildCount) }
        set { departedChildCount = Int32(truncatingIfNeeded: newValue) }
    }
    /// The children this render can reach (departed ones are not).
    var liveChildCount: Int { children.count - departedCount }

    private var extrasForWriting: InstanceExtras {
        if let extras { return extras }
        let made = InstanceExtras()
        extras = made
        return made
    }

    var trackingSlot: TrackingGenerations.Slot? {
        get { extras?.trackingSlot }
        set { extrasForWriting.trackingSlot = newValue }
    }

    /// What its walks' trackings need: made when a control in its body installed one, or before
    /// its first walk when its type is known to (`ViewGraph.beginWalk`).
    var walkTrackings: WalkTrackings? { extras?.walkTrackings }

    func makeWalkTrackings() -> WalkTrackings {
        if let made = walkTrackings { return made }
        let made = WalkTrackings()
        extrasForWriting.walkTrackings = made
        return made
    }

    /// Storage for dynamic properties (@State, @StateObject, …) by their order in the view.
    var slots: [AnyObject?] {
        get { extras?.slots ?? [] }
        _modify { yield &extrasForWriting.slots }
    }
    /// Object-will-change subscriptions by slot.
    var subscriptions: [Int: AnyCancellable] {
        get { extras?.subscriptions ?? [:] }
        _modify { yield &extrasForWriting.subscriptions }
    }
    var subscriptionKeys: [Int: SubscriptionKey] {
        get { extras?.subscriptionKeys ?? [:] }
        _modify { yield &extrasForWriting.subscriptionKeys }
    }
    /// Re-renders the body produced by the last evaluation without evaluating it again.
    var renderBody: (@MainActor (_RenderContext, inout [Node]) -> Void)? {
        get { extras?.renderBody }
        _modify { yield &extrasForWriting.renderBody }
    }
    /// The environment keys its dynamic properties read when last installed.
    var propertyReads: [ObjectIdentifier] {
        get { extras?.propertyReads ?? [] }
        _modify { yield &extrasForWriting.propertyReads }
    }
    /// Its dynamic properties of the app's own (or a fetch request), each brought up to date
    /// before every `body` (`DynamicProperty.update()`), as installed last.
    var propertyUpdates: [@MainActor () -> Void] {
        get { extras?.propertyUpdates ?? [] }
        _modify { yield &extrasForWriting.propertyUpdates }
    }
    /// The order children departed in (key and pass), oldest first: an entry whose child came
    /// back or left again later is skipped when evicting.
    var departures: EvictionQueue<(key: UInt64, pass: UInt64)> {
        get { extras?.departures ?? EvictionQueue() }
        _modify { yield &extrasForWriting.departures }
    }
    var peakLiveChildren: Int {
        get { extras?.peakLiveChildren ?? 0 }
        _modify { yield &extrasForWriting.peakLiveChildren }
    }

    /// Unmounted: no departed children to remember, no subscriptions.
    func dropDeparturesAndSubscriptions() {
        guard let extras else { return }
        extras.departures.removeAll()
        extras.subscriptions.removeAll()
        extras.subscriptionKeys.removeAll()
    }

    init(graph: ViewGraph, type: Any.Type, parent: ViewInstance?) {
        self.graph = graph
        self.typeID = ObjectIdentifier(type)
        self.parent = parent
    }

    init(graph: ViewGraph, typeID: ObjectIdentifier, parent: ViewInstance?) {
        self.graph = graph
        self.typeID = typeID
        self.parent = parent
    }

    /// Marks this view for re-evaluation and schedules one update for the whole batch.
    func invalidate() {
        guard isMounted else {
            // A departed view whose data changed while away is evaluated when it comes back.
            isDirty = true
            return
        }
        // Below a view that has left the page (a row a search hides): nothing shown changes. The
        // marks go up to it, so that it looks inside when it comes back, and no update is asked.
        var departed: ViewInstance?
        var above = parent
        while let current = above {
            if !current.isMounted {
                departed = current
                break
            }
            above = current.parent
        }
        if !isDirty {
            isDirty = true
            var ancestor = parent
            while let current = ancestor, !current.hasDirtyDescendant {
                current.hasDirtyDescendant = true
                if current === departed { break }
                ancestor = current.parent
            }
        }
        if departed == nil { graph?.setNeedsUpdate() }
    }

    /// Whether rendering in `environment` instead of the last one could give the same output:
    /// every key the last render read holds the same value.
    func seesSameEnvironment(as environment: EnvironmentValues) -> Bool {
        if self.environment.version == environment.version { return true }
        for key in environmentReads where !environment.hasSameValue(for: key, as: self.environment) { return false }
        return true
    }

    func slot(_ index: Int) -> AnyObject? {
        index < slots.count ? slots[index] : nil
    }

    func setSlot(_ index: Int, _ value: AnyObject) {
        while slots.count <= index { slots.append(nil) }
        slots[index] = value
    }

    /// A tracking of `instance` fired (from any thread, as `invalidate`): one fewer
    /// outstanding, and `instance` is invalidated if the tracking was made by its current
    /// evaluation (and, for a walk's tracking, by its current walk: `walk` is nil for an
    /// evaluation's own).
    nonisolated static func trackingFired(_ instance: ViewInstance?, evaluation: UInt64, walk: UInt32?) {
        guard let instance else { return }
        if MainActorCheck.isCurrent {
            MainActor.assumeIsolated { instance.trackingFired(evaluation: evaluation, walk: walk) }
        } else {
            Task { @MainActor in instance.trackingFired(evaluation: evaluation, walk: walk) }
        }
    }

    private func trackingFired(evaluation expected: UInt64, walk: UInt32?) {
        if let walk {
            guard let walks = walkTrackings else { return }
            if walks.outstanding > 0 { walks.outstanding -= 1 }
            guard walk == walks.generation else { return }
        } else if outstandingTrackings > 0 {
            outstandingTrackings -= 1
        }
        invalidate(ifEvaluation: expected)
    }

    /// Invalidates from any thread: Observation and `objectWillChange` call back where the
    /// mutation happened, which may be a background task.
    nonisolated static func invalidate(_ instance: ViewInstance?, ifEvaluation evaluation: UInt64? = nil) {
        guard let instance else { return }
        if MainActorCheck.isCurrent {
            MainActor.assumeIsolated { instance.invalidate(ifEvaluation: evaluation) }
        } else {
            Task { @MainActor in instance.invalidate(ifEvaluation: evaluation) }
        }
    }

    private func invalidate(ifEvaluation expected: UInt64?) {
        if let expected, expected != evaluation { return }
        invalidate()
    }
}

/// What only some instances need: state slots and subscriptions (views with `@State` and
/// the like), a kept body (views with views below), departures (views whose children come and
/// go). Kept apart so that the many instances that need none of it, a list's rows, stay small.
@MainActor
final class InstanceExtras {
    var slots: [AnyObject?] = []
    var subscriptions: [Int: AnyCancellable] = [:]
    var subscriptionKeys: [Int: SubscriptionKey] = [:]
    var renderBody: (@MainActor (_RenderContext, inout [Node]) -> Void)?
    var propertyReads: [ObjectIdentifier] = []
    var propertyUpdates: [@MainActor () -> Void] = []
    var departures = EvictionQueue<(key: UInt64, pass: UInt64)>()
    /// Its slot in the graph's `TrackingGenerations`, read by each of its trackings so that
    /// they can be let go (nil: none yet).
    var trackingSlot: TrackingGenerations.Slot?
    /// Its walks' trackings (see `WalkTrackings`).
    var walkTrackings: WalkTrackings?
    /// The most children it has shown at once (how many departed ones are worth keeping).
    var peakLiveChildren = 0
}

/// The trackings a view's controls make as its body is walked (`_RenderContext.track`: a
/// toggle's binding, a sheet's `isPresented`, a `ForEach`'s data). A kept body is walked again,
/// not evaluated, when a view below it changed (a gate console's ticking clock), and each walk
/// reads those again: each walk's trackings replace the last walk's, through a slot of their
/// own, so the evaluation's trackings (the body's reads, which the walk does not repeat) stay.
@MainActor
final class WalkTrackings {
    /// Its slot in the graph's `TrackingGenerations` (nil: the first walk's trackings were made
    /// before any view of its type was seen to make one; they stay until a property they read
    /// changes, once per view type in the process).
    var slot: TrackingGenerations.Slot?
    /// Counts the walks that let earlier trackings go; one of an older walk is ignored.
    var generation: UInt32 = 0
    /// How many of them have not fired yet (as `ViewInstance.outstandingTrackings`).
    var outstanding: UInt32 = 0
}

/// Tells whether the caller runs on the main actor. `Thread.isMainThread` cannot: on Linux the
/// main actor's jobs may run on another thread that drains the main queue, so the check asks
/// the main dispatch queue, which the main actor's executor always runs on.
enum MainActorCheck {
    private static let key = DispatchSpecificKey<UInt8>()
    private static let marked: Void = DispatchQueue.main.setSpecific(key: key, value: 1)

    static var isCurrent: Bool {
        _ = marked
        return DispatchQueue.getSpecific(key: key) == 1
    }
}

/// Primitive storage that only remembers the last render (an environment writer's output, a
/// link's node): dropping it changes nothing but speed, so a view that holds only these counts
/// as stateless.
@MainActor
protocol RenderCache: AnyObject {}

/// Primitive storage that wants to know when its view leaves the tree.
@MainActor
protocol UnmountObserving: AnyObject {
    func didUnmount()
}
