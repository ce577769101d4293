/// Where in the tree a view is being rendered: the graph, the instance that owns the state of
/// the views being walked, the environment, and the running identity hashes.
///
/// Jetway's primitives pass a derived context to their children: `structural(_:)` for a
/// builder position, `branch(_:)` for a conditional, `explicit(_:)` for an id, and
/// `insideElement()` when the children go inside a new element.
///
/// This is also the API for writing a primitive outside Jetway (docs/integration.md): a type
/// conforming to `_PrimitiveView` implements `_render` with these calls.
///
/// ```swift
/// struct Badge<Label: View>: _PrimitiveView {
///     let count: Int
///     let label: Label
///     static func _render(_ view: Self, _ context: _RenderContext, _ out: inout [Node]) {
///         let node = context.element("span", "badge")
///         node.setAttribute("data-count", String(view.count))
///         context.renderChildren(view.label, into: node)
///         out.append(node)
///     }
/// }
/// ```
public struct _RenderContext {
    // A context lives only while its graph renders (nothing stores one), and the graph and the
    // owner outlive the walk: unowned(unsafe) spares a reference count on every copy, which is
    // every step of the walk.
    unowned(unsafe) let graph: ViewGraph
    /// The nearest composite view instance above: owns @State and is invalidated by reads.
    unowned(unsafe) var owner: ViewInstance
    /// The environment the views at this position see (change it with `writeEnvironment`).
    public internal(set) var environment: EnvironmentValues
    /// Identity relative to the enclosing element: becomes the key of the next element node.
    var elementKey: UInt64
    /// Identity relative to `owner`: finds child instances (state) across renders.
    var identityKey: UInt64
    /// Identity from the page's root, without view types: a link's address, the same in every
    /// process for the usual ids (`IdentityHash.ofID`; a type erased by `AnyView` is not).
    /// `elementKey` starts again below every element, so links in two rows of a list had the
    /// same one.
    var pathKey = IdentityHash.seed
    /// The `pathKey` of the lazy list row being rendered (a link's address says it: a page
    /// opened at the address finds the row in the data and moves the window to it), or nil.
    var rowKey: UInt64?
    /// True when the views being walked were just produced by evaluating a `body` (so child
    /// composite views may hold new values); false when re-walking a stored body.
    var isFreshValue: Bool
    /// True below a primitive that calls user code to build its children (a `ForEach` row,
    /// a `GeometryReader`): their values are new even when the walk is not fresh, so their
    /// dynamic properties must be installed again when they evaluate.
    var rebuiltValues = false
    /// True for the views a pure `ForEach` row's builder made (its instance is the owner): an
    /// unchanged element skips the whole row, so their last values are not kept for
    /// comparison (a second copy of every element).
    var insidePureRow = false
    /// True inside a link's label: a link there is written as a `span` with `role="link"`
    /// (a link inside a link is not HTML; the parser would split the outer one).
    var insideLink = false

    /// The context for children built by calling user code during this walk.
    public func rebuilt() -> _RenderContext {
        var copy = self
        copy.rebuiltValues = true
        return copy
    }

    /// The context for the child at builder position `index`.
    public func structural(_ index: Int) -> _RenderContext {
        step(UInt64(index) &+ 1)
    }

    /// The context for one branch of a conditional (its content is new when the branch changes).
    public func branch(_ branch: UInt64) -> _RenderContext {
        step(branch &* 0x1_0000_0001)
    }

    /// The context for content identified by `id` (as `.id(_:)` and `ForEach` rows are).
    public func explicit<ID: Hashable>(_ id: ID) -> _RenderContext {
        step(IdentityHash.ofID(id))
    }

    private func step(_ value: UInt64) -> _RenderContext {
        var copy = self
        copy.elementKey = IdentityHash.mix(elementKey, value)
        copy.identityKey = IdentityHash.mix(identityKey, value)
        copy.pathKey = IdentityHash.mix(pathKey, value)
        return copy
    }

    /// The context for the children of an element created at this position.
    public func insideElement() -> _RenderContext {
        var copy = self
        copy.elementKey = IdentityHash.seed
        return copy
    }

    /// A new element node keyed by this position.
    @MainActor
    public func element(_ tag: String, _ classes: String? = nil) -> Node {
        let node = Node(tag, key: elementKey)
        if let classes { node.setAttribute("class", classes) }
        return node
    }

    /// Renders `content` as the children of `node`.
    @MainActor
    public func renderChildren<Content: View>(_ content: Content, into node: Node) {
        renderChildren(content, into: node, lazy: nil)
    }

    /// Renders `content` as the children of `node`, which is a lazy container of kind `lazy`
    /// (its `ForEach` rows are rendered in a window, `LazyRows`) or, when nil, not one.
    @MainActor
    func renderChildren<Content: View>(_ content: Content, into node: Node, lazy: LazyStack.Kind?) {
        var children: [Node] = []
        var inside = insideElement()
        // Inside an element of its own (a row's stack, a menu), a `Section` is a group again,
        // not the list's rows, and a `ForEach` renders every row.
        if let lazy {
            // Where each row is in the data, for screen readers (as a `List`'s items say it).
            let offsets = persistent(RowOffsets.self) { RowOffsets() }
            offsets.start()
            inside.writeEnvironment {
                $0.sectionsAreListRows = false
                let stack = LazyStack(kind: lazy, classes: node.attribute("class"), style: node.attribute("style"))
                $0.lazyStack = stack
                $0.lazySections = lazy == .list ? nil : stack
                $0.rowOffsets = offsets
            }
            Content._render(content, inside, &children)
            LazyStack.tellPlaces(of: &children, offsets.positions(of: children), in: node)
            offsets.finish()
            node.children = children
            return
        } else if inside.environment.sectionsAreListRows || inside.environment.lazyStack != nil || inside.environment.rowOffsets != nil
            || inside.environment.lazySections != nil
        {
            // Every row's first element does this: one result for all of them.
            inside.writeSharedEnvironment(LeavingListRows.self) {
                $0.sectionsAreListRows = false
                $0.lazyStack = nil
                $0.rowOffsets = nil
                $0.lazySections = nil
            }
        }
        Content._render(content, inside, &children)
        node.children = children
    }

    /// Runs user code (a binding read, a `ForEach`'s data, a sheet's content) on behalf of
    /// `owner` as its body is walked: what it reads makes `owner` re-render when it changes, until
    /// its next walk reads it again (`WalkTrackings`).
    @MainActor
    public func track<T>(_ work: () -> T) -> T {
        graph.track(owner, inWalk: true, work)
    }

    /// Changes the environment for the views below. When this position wrote equal values
    /// into the same environment last render, the result keeps last render's version, so a
    /// child whose value and environment are unchanged is skipped (SwiftUI's behaviour: a
    /// `NavigationStack` or `.searchable` re-rendered above a list does not re-evaluate its rows).
    @MainActor
    public mutating func writeEnvironment(_ write: (inout EnvironmentValues) -> Void) {
        let memo = persistent(EnvironmentMemo.self) { EnvironmentMemo() }
        let inputVersion = environment.version
        write(&environment)
        if let previous = memo.output, memo.inputVersion == inputVersion, environment.hasSameValues(as: previous) {
            environment.adoptVersion(of: previous)
        }
        memo.inputVersion = inputVersion
        memo.output = environment
    }

    /// Makes a write that depends on nothing but the environment it is made in (the same
    /// values whatever the position, such as leaving a list's rows), named by `kind`. Every
    /// position that makes it in one environment gets the same result, version included, so
    /// a list's rows share one environment below their first element instead of each keeping
    /// a copy and a memo.
    @MainActor
    mutating func writeSharedEnvironment(_ kind: Any.Type, _ write: (inout EnvironmentValues) -> Void) {
        environment = graph.sharedEnvironmentWrites.result(of: ObjectIdentifier(kind), in: environment, write)
    }

    /// Per-identity storage for a primitive view (navigation path, sheet state, appear flags),
    /// kept while the view stays in the tree.
    @MainActor
    public func persistent<State: AnyObject>(_ type: State.Type, create: () -> State) -> State {
        graph.persistentState(type, self, create: create)
    }
}
