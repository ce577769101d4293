import Foundation

/// Whether two graphs of the same root view are in the same state, so that a session whose
/// page went its own way and came back (a search typed and cleared, a screen pushed and
/// popped) may share a rendering again (`ViewGraph.hasSameState(as:)`).
extension ViewGraph {
    /// True when this graph is in the state `other` is in: every mounted instance at the same
    /// place in both, with equal `@State` values (values that are `Equatable`; any other is
    /// never taken as equal), no state objects or subscriptions, the same state in the
    /// primitives that keep some (`StateComparing`: a navigation path, a lazy list's window),
    /// and nothing of its own running (lifecycle hooks, tasks). With the same root view and
    /// the same inputs, such a graph renders what `other` renders from here on. The pages
    /// themselves are compared apart (`LiveTree.isSameDocument(as:)`).
    public func hasSameState(as other: ViewGraph) -> Bool {
        guard !usesLifecycle, !ownsStateObjects, runningTasks == 0, !needsUpdate, !other.needsUpdate,
            let mine = root, let theirs = other.root
        else { return false }
        return Self.hasSameState(mine, theirs)
    }

    private static func hasSameState(_ mine: ViewInstance, _ theirs: ViewInstance) -> Bool {
        guard mine.typeID == theirs.typeID, mine.subscriptions.isEmpty, theirs.subscriptions.isEmpty else { return false }
        let slots = mine.slots, otherSlots = theirs.slots
        guard slots.count == otherSlots.count else { return false }
        for (slot, otherSlot) in zip(slots, otherSlots) {
            switch (slot, otherSlot) {
            case (nil, nil): continue
            case (let slot as StateComparing, let otherSlot?): if !slot.hasSameState(as: otherSlot) { return false }
            default: return false
            }
        }
        if !hasSamePersistentState(mine, theirs) { return false }
        // The children each render reaches (departed ones are caches of rows that left).
        var mounted = 0
        for (key, child) in mine.children.entries where child.isMounted {
            mounted += 1
            guard let otherChild = theirs.children[key], otherChild.isMounted, hasSameState(child, otherChild) else { return false }
        }
        return mounted == theirs.children.entries.count { $0.value.isMounted }
    }

    /// Brings this graph, fresh from its first render of the same root view and inputs, to the
    /// state `other` is in: each `@State` value, chosen tab and lazy window is set to `other`'s
    /// and the graph renders; views that this mounts (the rows of a search) get theirs in the
    /// next pass. Returns whether the two are then in the same state (`hasSameState(as:)`).
    ///
    /// A rendering that sessions share in a state of their own (the same search) is copied so
    /// for the member that acts next, as a pristine one is by rendering the root afresh.
    public func takeState(of other: ViewGraph) -> Bool {
        for _ in 0..<Self.takeStatePasses {
            guard let mine = root, let theirs = other.root else { return false }
            Self.takeState(mine, theirs)
            if needsUpdate { _ = update() }
            if hasSameState(as: other) { return true }
        }
        return false
    }

    /// State that mounts views holding state that mounts views… is taken a level a pass.
    static let takeStatePasses = 8

    private static func takeState(_ mine: ViewInstance, _ theirs: ViewInstance) {
        guard mine.typeID == theirs.typeID else { return }
        for (slot, otherSlot) in zip(mine.slots, theirs.slots) {
            if let slot = slot as? StateComparing, let otherSlot { slot.takeState(of: otherSlot) }
        }
        for record in mine.storageRecords where !record.isCache {
            guard let state = record.state as? StateComparing,
                let other = theirs.storageRecords.first(where: { $0.key == record.key && !$0.isCache })
            else { continue }
            state.takeState(of: other.state)
        }
        for (key, child) in mine.children.entries where child.isMounted {
            if let otherChild = theirs.children[key], otherChild.isMounted { takeState(child, otherChild) }
        }
    }

    /// A hash of the state values `hasSameState(as:)` compares (`@State`, tabs, lazy windows),
    /// or nil for a graph that is never in another's state (lifecycle hooks, state objects,
    /// tasks): graphs in the same state hash alike, so the manager finds one to share by it
    /// before comparing the two. Only values count, added up over the views that hold some:
    /// which rows a list shows is data every rendering of the page has alike, and a
    /// rendering's hash stays what it was when the data changes.
    public func stateHash() -> Int? {
        guard !usesLifecycle, !ownsStateObjects, runningTasks == 0, let root else { return nil }
        return Self.stateHash(root)
    }

    private static func stateHash(_ instance: ViewInstance) -> Int {
        var hasher = Hasher()
        var holdsState = false
        for case let slot as StateComparing in instance.slots {
            slot.hashState(into: &hasher)
            holdsState = true
        }
        for record in instance.storageRecords where !record.isCache {
            guard let state = record.state as? StateComparing, state.holdsValues else { continue }
            state.hashState(into: &hasher)
            holdsState = true
        }
        var sum = holdsState ? hasher.finalize() : 0
        for (_, child) in instance.children.entries where child.isMounted { sum &+= stateHash(child) }
        return sum
    }

    /// The same storage for the same primitives: caches on both sides, or state each compares
    /// (`StateComparing`).
    private static func hasSamePersistentState(_ mine: ViewInstance, _ theirs: ViewInstance) -> Bool {
        var count = 0
        for record in mine.storageRecords {
            count += 1
            guard let other = theirs.storageRecords.first(where: { $0.key == record.key }) else { return false }
            if record.isCache {
                guard other.isCache else { return false }
                continue
            }
            guard let state = record.state as? StateComparing, state.hasSameState(as: other.state) else { return false }
        }
        return count == theirs.storageRecords.reduce(0) { count, _ in count + 1 }
    }
}

/// Storage whose state two graphs may compare (`ViewGraph.hasSameState(as:)`) and a fresh
/// graph may take over (`ViewGraph.takeState(of:)`). Storage that does not conform is never
/// taken as the same (a graph holding it does not share again).
protocol StateComparing: AnyObject {
    @MainActor func hasSameState(as other: AnyObject) -> Bool
    /// Sets this storage to `other`'s state (storage of the same kind in the same place of
    /// another graph), invalidating what reads it when that changes it.
    @MainActor func takeState(of other: AnyObject)
    /// A hash of the state `hasSameState(as:)` compares (equal for equal states).
    @MainActor func hashState(into hasher: inout Hasher)
    /// Whether it holds values of its own (not only what every render makes again).
    @MainActor var holdsValues: Bool { get }
}

extension StateComparing {
    /// Storage made again by every render: nothing to take or hash.
    func takeState(of other: AnyObject) {}
    func hashState(into hasher: inout Hasher) {}
    var holdsValues: Bool { false }
}

extension StateStorage: StateComparing {
    var holdsValues: Bool { true }

    func hasSameState(as other: AnyObject) -> Bool {
        guard let other = other as? StateStorage<Value> else { return false }
        return ViewGraph.isEqualValue(unobservedValue, other.unobservedValue)
    }

    /// Only a value that holds no object: a copy of one would share it with the other graph,
    /// and what one session did to it would show in the other's page.
    func takeState(of other: AnyObject) {
        guard let other = other as? StateStorage<Value>, !hasSameState(as: other), ViewGraph.holdsNoObjects(other.unobservedValue)
        else { return }
        value = other.unobservedValue
    }

    func hashState(into hasher: inout Hasher) {
        if let value = unobservedValue as? any Hashable { hasher.combine(AnyHashable(value)) }
    }
}

extension ViewGraph {
    /// Whether `value` holds no class instance, through its fields, elements and payloads
    /// (at most `budget` values looked at, 8 levels deep; past that it is taken to hold one).
    nonisolated static func holdsNoObjects(_ value: Any) -> Bool {
        var budget = 10_000
        return holdsNoObjects(value, depth: 0, budget: &budget)
    }

    nonisolated private static func holdsNoObjects(_ value: Any, depth: Int, budget: inout Int) -> Bool {
        budget -= 1
        guard budget >= 0, depth < 8, !(type(of: value) is AnyClass) else { return false }
        switch value {
        case is String, is Int, is Bool, is Double, is Substring: return true
        // Immutable or copied on write, whatever they keep inside.
        case is URL, is Date, is UUID, is Decimal, is Data, is Locale, is TimeZone, is Calendar, is CharacterSet, is AttributedString:
            return true
        default: break
        }
        for child in Mirror(reflecting: value).children where !holdsNoObjects(child.value, depth: depth + 1, budget: &budget) {
            return false
        }
        return true
    }

    /// Whether two values are equal by their type's `==`; false for a type that is not
    /// `Equatable`.
    nonisolated static func isEqualValue<Value>(_ lhs: Value, _ rhs: Value) -> Bool {
        guard let lhs = lhs as? any Equatable else { return false }
        return lhs.isEqual(toValue: rhs)
    }
}

extension Equatable {
    fileprivate func isEqual(toValue other: Any) -> Bool {
        guard let other = other as? Self else { return false }
        return self == other
    }
}

// What the primitives that keep state compare.

extension NavigationState: StateComparing {
    /// At its root, with nothing presented: pushed screens hold views, which do not compare.
    func hasSameState(as other: AnyObject) -> Bool {
        guard let other = other as? NavigationState else { return false }
        return path.isEmpty && other.path.isEmpty && pendingPushes == nil && other.pendingPushes == nil
            && editing.mode == other.editing.mode
    }

    // Only the root, with nothing pushed, compares: its edit mode is all to take or hash.
    func takeState(of other: AnyObject) {
        if let other = other as? NavigationState, editing.mode != other.editing.mode { editing.mode = other.editing.mode }
    }

    func hashState(into hasher: inout Hasher) {
        if editing.mode != .inactive { hasher.combine(editing.mode) }
    }
}

extension LazyWindow: StateComparing {
    var holdsValues: Bool { true }

    /// The same rows in the window, and no rows kept for their state.
    func hasSameState(as other: AnyObject) -> Bool {
        guard let other = other as? LazyWindow else { return false }
        return first == other.first && count == other.count && columns == other.columns && keptRows.isEmpty && other.keptRows.isEmpty
            && revealed == nil && other.revealed == nil
    }

    func takeState(of other: AnyObject) {
        guard let other = other as? LazyWindow, !hasSameState(as: other) else { return }
        take(other)
        owner?.invalidate()
    }

    func hashState(into hasher: inout Hasher) {
        hasher.combine(first)
        hasher.combine(count)
    }
}

/// A list's items and a `ForEach`'s offsets are made again by every render: nothing to compare.
extension ListState: StateComparing {
    func hasSameState(as other: AnyObject) -> Bool { other is ListState }
}

extension RowOffsets: StateComparing {
    func hasSameState(as other: AnyObject) -> Bool { other is RowOffsets }
}

extension TabState: StateComparing {
    var holdsValues: Bool { true }

    /// The same tab chosen.
    func hasSameState(as other: AnyObject) -> Bool {
        guard let other = other as? TabState else { return false }
        return chosen == other.chosen
    }

    func takeState(of other: AnyObject) {
        guard let other = other as? TabState, chosen != other.chosen else { return }
        chosen = other.chosen
        owner?.invalidate()
    }

    func hashState(into hasher: inout Hasher) { hasher.combine(chosen) }
}

extension SheetState: StateComparing {
    /// Neither presented: a presented sheet's content is compared by its instances, but what
    /// dismissing it runs is a closure.
    func hasSameState(as other: AnyObject) -> Bool {
        guard let other = other as? SheetState else { return false }
        return presentedID == nil && other.presentedID == nil
    }
}
