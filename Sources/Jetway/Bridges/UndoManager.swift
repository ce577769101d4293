import Foundation

/// Foundation's undo manager, which Linux's Foundation lacks: undo and redo stacks of
/// registered actions, grouped. `@Environment(\.undoManager)` is the page's own (each visitor
/// undoes what they did); a model may make its own (`UndoManager()`).
///
/// ```swift
/// func set(_ value: Int, at cell: Int) {
///     let old = cells[cell]
///     cells[cell] = value
///     undoManager?.registerUndo(withTarget: self) { $0.set(old, at: cell) }
///     undoManager?.setActionName("Enter \(value)")
/// }
/// ```
///
/// With `groupsByEvent` (the default), what is registered while one event is handled (a click,
/// a key) is one undo, as a run loop's turn groups it on iOS.
open class UndoManager: @unchecked Sendable {
    /// A registered undo: its target held weakly, as Foundation's manager holds it (a model
    /// that keeps the manager is not kept alive by it).
    private struct Action {
        weak var target: AnyObject?
        let run: () -> Void
    }

    private struct Group {
        var actions: [Action] = []
        var name = ""
    }

    private var undoStack: [Group] = []
    private var redoStack: [Group] = []
    /// Groups being built, outermost first.
    private var open: [Group] = []
    private var implicitGroupOpen = false
    private var disabled = 0

    /// True while `undo()` runs the undone actions (what they register becomes the redo).
    public private(set) var isUndoing = false
    /// True while `redo()` runs the redone actions.
    public private(set) var isRedoing = false
    /// How many undos are kept (0: no limit).
    open var levelsOfUndo = 0
    /// Whether what is registered with no group open becomes one undo per event (a click, a key):
    /// the group closes on the main queue's next turn, or at `undo()`. When false, each registration
    /// is its own undo.
    open var groupsByEvent = true
    /// False between `disableUndoRegistration()` and the matching `enableUndoRegistration()`.
    open var isUndoRegistrationEnabled: Bool { disabled == 0 }

    /// An empty undo manager that groups by event.
    public init() {}

    /// Whether there is something to undo, counting a group still being built.
    open var canUndo: Bool { !undoStack.isEmpty || open.contains { !$0.actions.isEmpty } }
    /// Whether there is an undo to redo.
    open var canRedo: Bool { !redoStack.isEmpty }
    /// How many undo groups are open, the one opened by event included.
    open var groupingLevel: Int { open.count }
    /// The name of what `undo()` would undo: the group being built, if it has actions.
    open var undoActionName: String {
        if let building = open.last(where: { !$0.actions.isEmpty }) { return building.name }
        return undoStack.last?.name ?? ""
    }
    /// The name of what `redo()` would redo (empty when unnamed or none).
    open var redoActionName: String { redoStack.last?.name ?? "" }
    /// "Undo" followed by `undoActionName`, when it has one.
    open var undoMenuItemTitle: String { undoActionName.isEmpty ? "Undo" : "Undo \(undoActionName)" }
    /// "Redo" followed by `redoActionName`, when it has one.
    open var redoMenuItemTitle: String { redoActionName.isEmpty ? "Redo" : "Redo \(redoActionName)" }

    /// Registers `handler` to run on `target` when this is undone (while undoing: when redone).
    open func registerUndo<Target: AnyObject>(withTarget target: Target, handler: @escaping (Target) -> Void) {
        guard disabled == 0 else { return }
        let action = Action(target: target) { [weak target] in if let target { handler(target) } }
        if isUndoing {
            // What an undo registers is its redo.
            append(action, to: &redoStack)
            return
        }
        if open.isEmpty {
            guard groupsByEvent else {
                append(action, to: &undoStack)
                if !isRedoing { redoStack.removeAll() }
                return
            }
            beginUndoGrouping()
            implicitGroupOpen = true
            DispatchQueue.main.async { [weak self] in self?.closeImplicitGroup() }
        }
        open[open.count - 1].actions.append(action)
        if !isRedoing { redoStack.removeAll() }
    }

    /// Names the undo being built (or the last one).
    open func setActionName(_ actionName: String) {
        // While undoing, what is registered is the redo, which keeps the undone group's name.
        guard !isUndoing else { return }
        if open.isEmpty {
            if !undoStack.isEmpty { undoStack[undoStack.count - 1].name = actionName }
        } else {
            open[open.count - 1].name = actionName
        }
    }

    /// Opens a group: what is registered until `endUndoGrouping()` is one undo.
    open func beginUndoGrouping() {
        open.append(Group())
    }

    /// Closes the innermost group: an outermost one becomes an undo (when it has actions), a nested
    /// one's actions join the group around it.
    open func endUndoGrouping() {
        guard let group = open.popLast() else { return }
        if implicitGroupOpen && open.isEmpty { implicitGroupOpen = false }
        guard !group.actions.isEmpty else { return }
        if open.isEmpty {
            undoStack.append(group)
            trim()
        } else {
            open[open.count - 1].actions += group.actions
            if open[open.count - 1].name.isEmpty { open[open.count - 1].name = group.name }
        }
    }

    /// Undoes the last group: its actions run, last first; what they register is the redo.
    open func undo() {
        closeImplicitGroup()
        guard let group = undoStack.popLast() else { return }
        isUndoing = true
        let before = redoStack.count
        for action in group.actions.reversed() { action.run() }
        isUndoing = false
        mergeNewest(in: &redoStack, since: before, name: group.name)
    }

    /// Redoes the last undo; what it registers can be undone again.
    open func redo() {
        guard let group = redoStack.popLast() else { return }
        isRedoing = true
        beginUndoGrouping()
        for action in group.actions.reversed() { action.run() }
        setActionName(group.name)
        endUndoGrouping()
        isRedoing = false
    }

    /// The same as `undo()`: the last closed group is undone.
    open func undoNestedGroup() { undo() }

    /// Empties the undo and redo stacks and drops the groups being built.
    open func removeAllActions() {
        undoStack.removeAll()
        redoStack.removeAll()
        open.removeAll()
        implicitGroupOpen = false
    }

    /// Removes every action registered on `target`, and those whose target is gone; groups left
    /// empty are dropped.
    open func removeAllActions(withTarget target: AnyObject) {
        func strip(_ groups: inout [Group]) {
            for index in groups.indices { groups[index].actions.removeAll { $0.target == nil || $0.target === target } }
            groups.removeAll { $0.actions.isEmpty }
        }
        strip(&undoStack)
        strip(&redoStack)
        for index in open.indices { open[index].actions.removeAll { $0.target == nil || $0.target === target } }
    }

    /// Stops registration: `registerUndo` does nothing until as many `enableUndoRegistration()`
    /// calls.
    open func disableUndoRegistration() { disabled += 1 }
    /// Undoes one `disableUndoRegistration()`.
    open func enableUndoRegistration() { disabled = max(0, disabled - 1) }

    private func closeImplicitGroup() {
        guard implicitGroupOpen else { return }
        while !open.isEmpty { endUndoGrouping() }
        implicitGroupOpen = false
    }

    private func append(_ action: Action, to stack: inout [Group]) {
        stack.append(Group(actions: [action]))
        trim()
    }

    /// The actions an undo registered are one redo, named as the undo was.
    private func mergeNewest(in stack: inout [Group], since start: Int, name: String) {
        guard stack.count > start else { return }
        let merged = Group(actions: stack[start...].flatMap(\.actions), name: name)
        stack.removeSubrange(start...)
        stack.append(merged)
    }

    private func trim() {
        if levelsOfUndo > 0, undoStack.count > levelsOfUndo { undoStack.removeFirst(undoStack.count - levelsOfUndo) }
    }
}

extension EnvironmentValues {
    /// The page's undo manager: what this visitor did, undone and redone.
    public var undoManager: UndoManager? { pageHost?.undoManager }
}
