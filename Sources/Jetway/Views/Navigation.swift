/// A class attribute written once, not at each render.
private let buttonNavBackClasses = "\(StyleClass.button) \(RuntimeContract.Class.navBack)"
/// A class attribute written once, not at each render.
private let buttonNavlinkClasses = "\(StyleClass.button) \(RuntimeContract.Class.navlink)"

/// A stack of screens: the root, and destinations pushed by `NavigationLink`s inside it. The
/// top screen is shown with a Back button; `dismiss()` inside a destination goes back.
///
/// Every pushed screen has a URL: the links that led to it, by their identity, in the page's
/// `nav` query parameter (`/?nav=3k9x0a.1b2c3d`). Links are real `<a href>`s; the runtime puts
/// each push in the browser's history, so Back and Forward pop and push, and a copied URL opens
/// the same screen, rendered on the server (`ViewGraph.openNavigation`).
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
    /// The app's own path (`NavigationStack(path: $path)`), as values.
    let boundPath: (get: () -> [AnyHashable], set: ([AnyHashable]) -> Void)?

    /// A stack showing `root` until a link inside pushes a destination. Only the outermost stack's
    /// path is in the page's URL; a stack inside another keeps its own path and Back button.
    public init(@ViewBuilder root: () -> Root) {
        self.root = root()
        self.boundPath = nil
    }

    /// A stack whose pushed values are the app's: `path` holds them (`NavigationLink(value:)`
    /// appends, Back removes the last), and each is shown by the `.navigationDestination(for:)`
    /// of its type.
    public init<Value: Hashable>(path: Binding<[Value]>, @ViewBuilder root: () -> Root) {
        self.root = root()
        self.boundPath = (
            get: { path.wrappedValue.map { AnyHashable($0) } },
            set: { values in path.wrappedValue = values.compactMap { $0.base as? Value } }
        )
    }

    /// A stack whose pushed values are held by a `NavigationPath` (`NavigationLink(value:)` appends,
    /// Back removes the last), each shown by the `.navigationDestination(for:)` of its type.
    public init(path: Binding<NavigationPath>, @ViewBuilder root: () -> Root) {
        self.root = root()
        self.boundPath = (get: { path.wrappedValue.elements }, set: { path.wrappedValue.elements = $0 })
    }

    /// Jetway's rendering entry point; not for apps.
    public static func _render(_ view: Self, _ context: _RenderContext, _ out: inout [Node]) {
        let owner = context.owner
        let state = context.persistent(NavigationState.self) { NavigationState() }
        state.owner = owner
        if let bound = view.boundPath {
            state.bind(set: bound.set, values: context.track { bound.get() })
        } else {
            state.unbind()
        }
        let node = context.element("div", StyleClass.navstack)
        // The outermost stack is the page's: its path is the URL's.
        let isOutermost = context.environment.navigation == nil
        if isOutermost, let host = context.environment.pageHost { host.navigation = state }
        if isOutermost {
            node.setAttribute(RuntimeContract.Attribute.navigation, state.urlValue)
            node.addHandler(EventBinding(event: .navigate) { payload in try state.navigate(to: NavigationState.parts(payload.text())) })
        }
        var inner = context.insideElement()
        let editing = state.editing
        inner.writeEnvironment {
            $0.navigation = state
            $0.editMode = editing.binding
        }
        // Every screen of the stack renders, as SwiftUI keeps them all: the ones under the top
        // keep their state (a search typed on the root, a form half filled) while covered, and
        // render where nobody sees them (`screenIsCovered`: their `onDisappear` runs, their
        // tasks stop). A screen may push the next as it renders (`navigationDestination
        // (isPresented:)`), so the path is read again after each.
        var covered = inner.branch(1)
        covered.writeEnvironment { $0.screenIsCovered = true }
        var children: [Node] = []
        var level = 0
        while level <= state.path.count {
            let isTop = level == state.path.count
            var rendered: [Node] = []
            if level == 0 {
                Root._render(view.root, isTop ? inner.branch(1) : covered, &rendered)
            } else {
                let entry = state.path[level - 1]
                var destination = inner.branch(UInt64(level) &+ 0x100)
                // A value's or a presentation's screen is built anew by the app's closure at
                // every render: its `@State` is connected again each time, or it would read
                // its initial value and write nowhere.
                if case .view = entry {} else { destination = destination.rebuilt() }
                destination.writeEnvironment {
                    $0.dismiss = DismissAction(owner: state) { state.pop() }
                    if !isTop { $0.screenIsCovered = true }
                }
                AnyView._render(state.view(for: entry), destination, &rendered)
            }
            // Only the top is shown. (A screen that pushed another as it rendered is covered
            // after all: from its next render on it knows.)
            if level == state.path.count { children = rendered }
            level += 1
        }
        if state.path.count > 0 {
            let back = inner.structural(0).element("a", buttonNavBackClasses)
            back.setAttribute("href", state.href(Array(state.keys.dropLast())))
            let word = SystemWords.text(.back, in: context.environment)
            back.setAttribute("aria-label", word)
            back.text = "‹ " + word
            back.addHandler(EventBinding(event: .click) { _ in state.pop() })
            children.insert(back, at: 0)
        }
        node.children = children
        out.append(node)
    }
}

/// SwiftUI's older navigation container; the same as `NavigationStack` here.
public typealias NavigationView = NavigationStack

/// The pushed destinations of one `NavigationStack`, and the identity of the link that pushed
/// each (what the URL carries).
@MainActor
final class NavigationState {
    /// A pushed screen: a link's destination, or a value its type's destination shows.
    enum Entry {
        case view(AnyView)
        case value(AnyHashable)
        /// Shown while a `navigationDestination(isPresented:)` (or `item:`) says so: its key.
        case presented(UInt64)
    }
    @exclusivity(unchecked) var path: [Entry] = []
    /// `@Environment(\.editMode)` below the stack.
    let editing = EditModeState()
    /// The element key of the link that pushed each screen (0: pushed otherwise).
    @exclusivity(unchecked) var keys: [UInt64] = []
    @exclusivity(unchecked) weak var owner: ViewInstance?
    /// `.navigationDestination(for:)`s seen inside, by the type they show.
    @exclusivity(unchecked) var destinations: [ObjectIdentifier: (AnyHashable) -> AnyView] = [:]
    /// `.navigationDestination(isPresented:)`s and `(item:)`s seen inside, by their key: what
    /// each shows, and how Back tells its binding.
    @exclusivity(unchecked) var presentations: [UInt64: (content: () -> AnyView, dismiss: () -> Void)] = [:]
    /// The app's binding, when the stack has one: values pushed and popped go through it.
    @exclusivity(unchecked) private var setBound: (([AnyHashable]) -> Void)?
    /// The keys a push or pop through the binding gives, once its new value is rendered.
    @exclusivity(unchecked) private var pendingKeys: [UInt64]?
    /// Whether a push or pop through the binding waits for its render (`hasSameState(as:)`).
    var pendingPushes: [UInt64]? { pendingKeys }

    func push(_ destination: AnyView, key: UInt64 = 0) {
        path.append(.view(destination))
        keys.append(key)
        owner?.invalidate()
    }

    func push(value: AnyHashable, key: UInt64 = 0) {
        if let setBound {
            // The binding is the truth; the next render takes the path from it.
            pendingKeys = keys + [key]
            setBound(values + [value])
            return
        }
        path.append(.value(value))
        keys.append(key)
        owner?.invalidate()
    }

    /// A presentation's binding says it is shown: pushed above the screen it is on (during
    /// that screen's render: the stack renders the rest of its path after it).
    func present(_ key: UInt64) {
        guard !isPresenting(key) else { return }
        path.append(.presented(key))
        keys.append(0)
    }

    /// A presentation's binding says it is not shown (the app set it, or Back did): it goes,
    /// with any screen above it.
    func withdraw(_ key: UInt64) {
        guard let index = path.firstIndex(where: { if case .presented(key) = $0 { true } else { false } }) else { return }
        path.removeSubrange(index...)
        keys.removeSubrange(index...)
        owner?.invalidate()
    }

    func isPresenting(_ key: UInt64) -> Bool {
        path.contains { if case .presented(key) = $0 { true } else { false } }
    }

    func pop() {
        guard let last = path.last else { return }
        if case .presented(let key) = last {
            withdraw(key)
            presentations[key]?.dismiss()
            return
        }
        if let setBound, case .value = last {
            pendingKeys = Array(keys.dropLast())
            setBound(Array(values.dropLast()))
            return
        }
        path.removeLast()
        keys.removeLast()
        owner?.invalidate()
    }

    /// The values among the pushed screens, in order.
    private var values: [AnyHashable] {
        path.compactMap { entry in
            if case .value(let value) = entry { return value }
            return nil
        }
    }

    /// Takes the path from the app's binding. Keys of screens pushed by links are kept while
    /// the binding still holds the values before them; a value the app pushed itself has none
    /// (its URL is its parent's).
    func bind(set: @escaping ([AnyHashable]) -> Void, values bound: [AnyHashable]) {
        setBound = set
        let known = pendingKeys ?? keys
        pendingKeys = nil
        guard bound != values || path.count != bound.count else { return }
        path = bound.map { .value($0) }
        keys = bound.indices.map { $0 < known.count ? known[$0] : 0 }
    }

    func unbind() {
        setBound = nil
    }

    /// The view a pushed screen shows.
    func view(for entry: Entry) -> AnyView {
        switch entry {
        case .view(let view): return view
        case .value(let value):
            if let destination = destinations[ObjectIdentifier(type(of: value.base))] { return destination(value) }
            return AnyView(Text("No navigationDestination for \(String(describing: type(of: value.base)))"))
        case .presented(let key):
            return presentations[key]?.content() ?? AnyView(EmptyView())
        }
    }

    /// The browser went Back or Forward to `target`: pops to where the paths agree, and pushes
    /// one screen further when the target is one link deeper than the screen shown (the link is
    /// on it). Anything else the runtime answers by loading the URL afresh.
    func navigate(to parts: [(key: UInt64, hint: UInt64?)]) throws {
        let target = parts.map(\.key)
        var shared = 0
        while shared < min(target.count, keys.count), target[shared] == keys[shared] { shared += 1 }
        if shared == keys.count && target.count == keys.count + 1 {
            // On a page shown, the link is on screen (a window is moved only before a first paint).
            guard let graph = owner?.graph, graph.followLink(target[shared]) else {
                throw JetwayError.notFound("link \(String(target[shared], radix: 36)) on this screen")
            }
            return
        }
        if let setBound, !path[shared...].contains(where: { if case .value = $0 { false } else { true } }) {
            // The app's binding holds the path: one write for all the pops (a pop through the
            // binding changes the path only at the next render, so popping one at a time here
            // never ended).
            pendingKeys = Array(keys.prefix(shared))
            setBound(Array(values.prefix(values.count - (path.count - shared))))
            return
        }
        while keys.count > shared {
            let before = keys.count
            pop()
            if keys.count == before { break }
        }
    }

    /// The `nav` value of this path: the links' keys in base 36, joined by dots, up to a
    /// screen no link pushed (the app's own push has no URL of its own: its parent's).
    var urlValue: String { urlValue(Array(keys.prefix { $0 != 0 })) }

    /// Each key in base 36, and after a `_` the key of the lazy list row its link was in, when
    /// it was in one (`hints`): a page opened at the address finds the row in the list's data
    /// and moves the window to it to find the link (`ViewGraph.openNavigation`).
    func urlValue(_ keys: [UInt64]) -> String { keys.map { Self.part($0, hint: hints[$0]) }.joined(separator: ".") }

    nonisolated static func part(_ key: UInt64, hint: UInt64?) -> String {
        guard let hint else { return String(key, radix: 36) }
        return String(key, radix: 36) + "_" + String(hint, radix: 36)
    }

    /// A link's address: the page with this path (other query parameters are the runtime's
    /// to keep).
    func href(_ keys: [UInt64]) -> String { keys.isEmpty ? "?" : "?nav=" + urlValue(keys) }

    /// The address of a link on the screen shown: this path and `key` (the part before the key
    /// made once per path, not once per link of a long list).
    func href(appending key: UInt64, hint: UInt64? = nil) -> String {
        if linkPrefix.keys != keys {
            linkPrefix = (keys, keys.isEmpty ? "?nav=" : "?nav=" + urlValue(keys) + ".")
        }
        return linkPrefix.text + Self.part(key, hint: hint)
    }
    /// The lazy list row each link key pushed on this path was in (see `urlValue`).
    @exclusivity(unchecked) var hints: [UInt64: UInt64] = [:]
    @exclusivity(unchecked) private var linkPrefix: (keys: [UInt64], text: String) = ([], "?nav=")

    /// `3k9x0a.1b2c3d` → keys; anything malformed is no path at all.
    static func keys(_ text: String) -> [UInt64] { parts(text).map(\.key) }

    /// `3k9x0a_2b8d1c.1b2c3d` → each key, and the key of the lazy list row its link was in
    /// when it says.
    static func parts(_ text: String) -> [(key: UInt64, hint: UInt64?)] {
        guard !text.isEmpty, text.utf8.count <= 1024 else { return [] }
        var parts: [(key: UInt64, hint: UInt64?)] = []
        for part in text.split(separator: ".", omittingEmptySubsequences: false) {
            let pieces = part.split(separator: "_", maxSplits: 1, omittingEmptySubsequences: false)
            guard let key = UInt64(pieces[0], radix: 36) else { return [] }
            var hint: UInt64?
            if pieces.count == 2 {
                guard let row = UInt64(pieces[1], radix: 36) else { return [] }
                hint = row
            }
            parts.append((key, hint))
        }
        return parts
    }
}

private struct NavigationKey: EnvironmentKey {
    static let defaultValue: NavigationState? = nil
}

private struct ScreenIsCoveredKey: EnvironmentKey {
    static let defaultValue = false
}

extension EnvironmentValues {
    var navigation: NavigationState? {
        get { self[NavigationKey.self] }
        set { self[NavigationKey.self] = newValue }
    }

    /// A screen under the top of its stack: kept, with its state, but not shown.
    var screenIsCovered: Bool {
        get { self[ScreenIsCoveredKey.self] }
        set { self[ScreenIsCoveredKey.self] = newValue }
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
    /// A link that pushes a value (`NavigationLink(value:)`): the `.navigationDestination` of
    /// its type shows it.
    let value: AnyHashable?

    /// A link showing `label` that pushes the view `destination` makes, made when clicked.
    ///
    /// It is an `<a href>` with the screen's address (a `role="link"` span inside another link's
    /// label); outside a `NavigationStack`, or disabled, it is marked `aria-disabled` and does nothing.
    public init(@ViewBuilder destination: @escaping () -> Destination, @ViewBuilder label: () -> Label) {
        self.label = label()
        self.destination = destination
        self.value = nil
    }

    /// A link showing `label` that pushes `destination`.
    public init(destination: Destination, @ViewBuilder label: () -> Label) {
        self.label = label()
        self.destination = { destination }
        self.value = nil
    }

    /// The older form whose binding says whether its destination is pushed: a click sets it,
    /// Back clears it, and the app may set it to push or pop (as `navigationDestination
    /// (isPresented:)`).
    public init(isActive: Binding<Bool>, @ViewBuilder destination: () -> Destination, @ViewBuilder label: () -> Label) {
        self.init(destination: destination(), isActive: isActive, label: label)
    }

    /// The older form with a binding: `destination` is pushed while `isActive` is true; a click sets
    /// it, Back clears it. The link is a plain-styled button rather than an `<a href>`.
    public init(destination: Destination, isActive: Binding<Bool>, @ViewBuilder label: () -> Label) {
        self.label = label()
        self.destination = { destination }
        self.value = nil
        self.isActive = isActive
    }

    /// The older form with a selection: the destination is pushed while `selection` is `tag`;
    /// a click sets it, Back clears it (to nil), and the app may set it to push or pop.
    public init<V: Hashable>(destination: Destination, tag: V, selection: Binding<V?>, @ViewBuilder label: () -> Label) {
        self.init(destination: destination, isActive: Self.isActive(tag: tag, selection: selection), label: label)
    }

    /// The older form with a selection: the destination is pushed while `selection` is `tag`; a click
    /// sets it, Back clears it (to nil).
    public init<V: Hashable>(
        tag: V, selection: Binding<V?>, @ViewBuilder destination: () -> Destination, @ViewBuilder label: () -> Label
    ) {
        self.init(destination: destination(), isActive: Self.isActive(tag: tag, selection: selection), label: label)
    }

    static func isActive<V: Hashable>(tag: V, selection: Binding<V?>) -> Binding<Bool> {
        Binding(
            get: { selection.wrappedValue == tag },
            set: { active in
                if active {
                    selection.wrappedValue = tag
                } else if selection.wrappedValue == tag {
                    selection.wrappedValue = nil
                }
            })
    }

    /// The binding of `init(destination:isActive:label:)`.
    var isActive: Binding<Bool>?

    /// Jetway's rendering entry point; not for apps.
    public static func _render(_ view: Self, _ context: _RenderContext, _ out: inout [Node]) {
        if let isActive = view.isActive {
            let destination = view.destination
            let link = Button {
                isActive.wrappedValue = true
            } label: {
                view.label
            }
            .buttonStyle(.plain)
            .modifier(
                NavigationPresentationModifier(
                    isPresented: { isActive.wrappedValue }, dismiss: { isActive.wrappedValue = false },
                    content: { AnyView(destination()) }))
            type(of: link)._render(link, context, &out)
            return
        }
        // The label renders straight into `out` (no array of its own per row): its nodes are
        // then replaced there by the link's node.
        let start = out.count
        var labelContext = context.insideElement()
        labelContext.insideLink = true
        Label._render(view.label, labelContext, &out)
        let navigation = context.environment.navigation
        // A value link with no value (`NavigationLink(value: nil as Flight?)`) is disabled, as in
        // SwiftUI: it has nothing to push and no destination of its own.
        let enabled = navigation != nil && context.environment.isEnabled && (view.value != nil || Destination.self != Never.self)
        // The click pushes the latest destination, so an unchanged link can keep its node: the
        // diff then skips it, and its list row, by identity.
        let memo = context.persistent(LinkMemo.self) { LinkMemo() }
        memo.setDestination(view.destination)
        memo.value = view.value
        // A link in a lazy list's row: its address says which row (`NavigationState.hints`).
        let hintChanged = memo.hint != context.rowKey
        memo.hint = context.rowKey
        let depth = navigation?.keys.count ?? 0
        let nested = context.insideLink
        if !hintChanged,
            let node = memo.reusableNode(
                key: context.elementKey, label: out[start...], navigation: navigation, enabled: enabled, depth: depth),
            (node.tag == "span") == nested
        {
            // Usually one label node: replaced where it is.
            if out.count == start + 1 {
                out[start] = node
            } else {
                out.removeSubrange(start...)
                out.append(node)
            }
            return
        }
        let label = Array(out[start...])
        out.removeSubrange(start...)
        // Inside another link's label it is a link by role (a link inside a link is not HTML).
        let node = context.element(nested ? "span" : "a", buttonNavlinkClasses)
        if nested {
            node.setAttribute("role", "link")
            node.setAttribute("tabindex", "0")
        }
        node.children = label
        if let navigation, enabled {
            let key = context.pathKey
            node.setAttribute(nested ? "data-href" : "href", navigation.href(appending: key, hint: memo.hint))
            node.addHandler(
                // Weakly: the memo holds this node, so a strong capture would keep both alive
                // after the link's view is gone (a board whose rows change all day leaked them).
                EventBinding(event: .click) { [weak memo] _ in
                    guard let memo else { return }
                    if let hint = memo.hint {
                        // Only the keys on the path need their rows (a long session pushes many).
                        if navigation.hints.count > 32 { navigation.hints = navigation.hints.filter { navigation.keys.contains($0.key) } }
                        navigation.hints[key] = hint
                    }
                    if let value = memo.value {
                        navigation.push(value: value, key: key)
                    } else if Destination.self != Never.self {
                        navigation.push(AnyView(memo.destination(Destination.self)()), key: key)
                    }
                })
        } else {
            node.setAttribute("aria-disabled", "true")
        }
        memo.remember(node, label: label, navigation: navigation, enabled: enabled, depth: depth)
        out.append(node)
    }
}

/// The destination closure a link's click calls: replaced in place on every render.
private final class DestinationBox<Destination: View> {
    var make: () -> Destination
    init(_ make: @escaping () -> Destination) { self.make = make }
}

/// A link's last node and what it was made from, and the destination its click pushes.
@MainActor
final class LinkMemo: RenderCache, NodeHolding {
    /// The latest `() -> Destination`, in a box of its own made once: replacing a closure
    /// held as `Any` destroyed and rebuilt an existential box per row and render.
    private var destinationBox: AnyObject?
    var value: AnyHashable?
    private var node: Node?
    private var label: [ObjectIdentifier] = []
    private var navigation: ObjectIdentifier?
    private var enabled = false
    private var depth = 0
    /// The key of the lazy list row the link is in (its address says it: `NavigationState.hints`).
    var hint: UInt64?

    func setDestination<Destination: View>(_ make: @escaping () -> Destination) {
        if let box = destinationBox as? DestinationBox<Destination> {
            box.make = make
        } else {
            destinationBox = DestinationBox(make)
            // A link of another type here: the old node's click expects the old destination.
            node = nil
        }
    }

    func destination<Destination: View>(_: Destination.Type) -> () -> Destination {
        guard let box = destinationBox as? DestinationBox<Destination> else {
            preconditionFailure("a link's destination is set before its first render")
        }
        return box.make
    }

    /// The last node (from an earlier render, so the page has it), when it is at the same place
    /// and made from the same label nodes in the same navigation state, at the same depth (its
    /// address has the path to it).
    func reusableNode(key: UInt64, label: ArraySlice<Node>, navigation: NavigationState?, enabled: Bool, depth: Int) -> Node? {
        guard let node, node.key == key, enabled == self.enabled, depth == self.depth,
            navigation.map(ObjectIdentifier.init) == self.navigation, label.count == self.label.count
        else { return nil }
        for (labelNode, kept) in zip(label, self.label) where !labelNode.isFrozen || ObjectIdentifier(labelNode) != kept { return nil }
        return node
    }

    func replaceNodes(_ replacement: NodeReplacement) {
        node = node.map { replacement($0) }
        label = label.map { replacement($0) }
    }

    /// Keeps `node`, frozen: a modifier around the link changes a copy, never the kept node.
    func remember(_ node: Node, label: [Node], navigation: NavigationState?, enabled: Bool, depth: Int) {
        node.isFrozen = true
        self.depth = depth
        self.node = node
        self.label = label.map(ObjectIdentifier.init)
        self.navigation = navigation.map(ObjectIdentifier.init)
        self.enabled = enabled
    }
}

extension NavigationLink where Destination == Never {
    /// A link that pushes `value` onto the stack's path; `.navigationDestination(for:)` of its
    /// type shows it. A nil value makes a disabled link.
    public init<P: Hashable>(value: P?, @ViewBuilder label: () -> Label) {
        self.label = label()
        self.destination = { fatalError("a value link has no destination of its own") }
        self.value = value.map { AnyHashable($0) }
    }
}

extension NavigationLink where Destination == Never, Label == Text {
    /// A link titled with a localized string key that pushes `value`.
    public init<P: Hashable>(_ titleKey: LocalizedStringKey, value: P?) {
        self.init(value: value) { Text(titleKey) }
    }

    /// A link titled with a string (shown as written) that pushes `value`.
    @_disfavoredOverload
    public init<S: StringProtocol, P: Hashable>(_ title: S, value: P?) {
        self.init(value: value) { Text(title) }
    }
}

/// A type-erased stack path, as SwiftUI's: values of any `Hashable` types.
public struct NavigationPath: Equatable {
    var elements: [AnyHashable] = []

    /// An empty path.
    public init() {}

    /// A path of `elements`, in order.
    public init<S: Sequence>(_ elements: S) where S.Element: Hashable {
        self.elements = elements.map { AnyHashable($0) }
    }

    /// How many values the path holds.
    public var count: Int { elements.count }
    /// Whether the path holds no values (the stack shows its root).
    public var isEmpty: Bool { elements.isEmpty }

    /// Pushes `value`.
    public mutating func append<V: Hashable>(_ value: V) { elements.append(AnyHashable(value)) }

    /// Pops the last `k` values (all of them when the path holds fewer).
    public mutating func removeLast(_ k: Int = 1) { elements.removeLast(min(k, elements.count)) }
}

extension View {
    /// How the stack shows a pushed value of type `D` (from `NavigationLink(value:)` or the
    /// stack's `path`).
    public func navigationDestination<D: Hashable, C: View>(for data: D.Type, @ViewBuilder destination: @escaping (D) -> C) -> some View {
        modifier(
            NavigationDestinationModifier(register: { state in
                state.destinations[ObjectIdentifier(D.self)] = { value in AnyView(destination(value.base as! D)) }
            }))
    }
}

extension View {
    /// Pushes `destination` onto the enclosing stack while `isPresented` is true; Back (or
    /// `dismiss()` in it) sets it to false.
    ///
    /// ```swift
    /// Button("Book") { booking = true }
    ///     .navigationDestination(isPresented: $booking) { BookingForm() }
    /// ```
    public func navigationDestination<V: View>(isPresented: Binding<Bool>, @ViewBuilder destination: @escaping () -> V) -> some View {
        modifier(
            NavigationPresentationModifier(
                isPresented: { isPresented.wrappedValue }, dismiss: { isPresented.wrappedValue = false },
                content: { AnyView(destination()) }))
    }

    /// Pushes the destination for `item` while it is non-nil; Back sets it to nil.
    public func navigationDestination<D: Hashable, C: View>(item: Binding<D?>, @ViewBuilder destination: @escaping (D) -> C) -> some View {
        modifier(
            NavigationPresentationModifier(
                isPresented: { item.wrappedValue != nil }, dismiss: { item.wrappedValue = nil },
                content: { item.wrappedValue.map { AnyView(destination($0)) } ?? AnyView(EmptyView()) }))
    }
}

/// Keeps its stack's path in step with a binding: pushed while it is true, withdrawn when not.
struct NavigationPresentationModifier: _PrimitiveModifier {
    let isPresented: @MainActor () -> Bool
    let dismiss: @MainActor () -> Void
    let content: @MainActor () -> AnyView

    static func _apply(_ modifier: Self, _ context: _RenderContext, _ out: inout [Node], _ content: @escaping _ContentRenderer) {
        if let navigation = context.environment.navigation {
            // The view's own instance and the place in its body: two screens' presentations,
            // each on its body's outermost view, are two keys.
            let key = IdentityHash.mix(UInt64(UInt(bitPattern: ObjectIdentifier(context.owner).hashValue)), context.identityKey)
            navigation.presentations[key] = (modifier.content, modifier.dismiss)
            if context.track({ modifier.isPresented() }) {
                navigation.present(key)
            } else if navigation.isPresenting(key) {
                navigation.withdraw(key)
            }
        }
        // One level in: two presentations on one view are two keys.
        content(context.structural(0), &out)
    }
}

struct NavigationDestinationModifier: _PrimitiveModifier {
    let register: @MainActor (NavigationState) -> Void

    static func _apply(_ modifier: Self, _ context: _RenderContext, _ out: inout [Node], _ content: @escaping _ContentRenderer) {
        if let navigation = context.environment.navigation { modifier.register(navigation) }
        content(context, &out)
    }
}

extension NavigationLink where Label == Text {
    /// A link titled with a localized string key that pushes the view `destination` makes.
    public init(_ titleKey: LocalizedStringKey, @ViewBuilder destination: @escaping () -> Destination) {
        self.init(destination: destination) { Text(titleKey) }
    }

    /// A link titled with a localized string key that pushes `destination` while `isActive` is true.
    public init(_ titleKey: LocalizedStringKey, destination: Destination, isActive: Binding<Bool>) {
        self.init(destination: destination, isActive: isActive) { Text(titleKey) }
    }

    /// A link titled with a localized string key that pushes `destination` while `selection` is `tag`.
    public init<V: Hashable>(_ titleKey: LocalizedStringKey, destination: Destination, tag: V, selection: Binding<V?>) {
        self.init(destination: destination, tag: tag, selection: selection) { Text(titleKey) }
    }

    /// A link titled with a string (shown as written) that pushes the view `destination` makes.
    @_disfavoredOverload
    public init<S: StringProtocol>(_ title: S, @ViewBuilder destination: @escaping () -> Destination) {
        self.init(destination: destination) { Text(title) }
    }

    /// A link titled with a localized string key that pushes `destination`.
    public init(_ titleKey: LocalizedStringKey, destination: Destination) {
        self.init(destination: destination) { Text(titleKey) }
    }
}

extension View {
    /// The title of the screen, shown as its heading.
    public func navigationTitle(_ title: Text) -> some View {
        modifier(NavigationTitleModifier(title: title))
    }

    /// The title of the screen, from a localized string key, shown as its `<h1>` heading.
    public func navigationTitle(_ titleKey: LocalizedStringKey) -> some View {
        navigationTitle(Text(titleKey))
    }

    /// The title of the screen, a string shown as written in its `<h1>` heading.
    @_disfavoredOverload
    public func navigationTitle<S: StringProtocol>(_ title: S) -> some View {
        navigationTitle(Text(title))
    }

    /// Accepted for source compatibility; the title is always shown as a heading.
    public func navigationBarTitleDisplayMode(_ mode: NavigationBarItem.TitleDisplayMode) -> some View {
        self
    }

    /// SwiftUI's older name for `navigationTitle`.
    public func navigationBarTitle(_ title: Text) -> some View {
        navigationTitle(title)
    }

    /// SwiftUI's older name for `navigationTitle(_:)`, with a localized string key.
    public func navigationBarTitle(_ titleKey: LocalizedStringKey) -> some View {
        navigationTitle(Text(titleKey))
    }

    /// SwiftUI's older name for `navigationTitle(_:)`, with a string.
    @_disfavoredOverload
    public func navigationBarTitle<S: StringProtocol>(_ title: S) -> some View {
        navigationTitle(Text(title))
    }

    /// SwiftUI's older `navigationTitle` with a display mode (always shown as a heading here).
    public func navigationBarTitle(_ title: Text, displayMode: NavigationBarItem.TitleDisplayMode) -> some View {
        navigationTitle(title)
    }

    /// SwiftUI's older title with a display mode, from a localized string key; the mode is ignored.
    public func navigationBarTitle(_ titleKey: LocalizedStringKey, displayMode: NavigationBarItem.TitleDisplayMode) -> some View {
        navigationTitle(Text(titleKey))
    }

    /// SwiftUI's older title with a display mode, from a string; the mode is ignored.
    @_disfavoredOverload
    public func navigationBarTitle<S: StringProtocol>(_ title: S, displayMode: NavigationBarItem.TitleDisplayMode) -> some View {
        navigationTitle(Text(title))
    }
}

/// Title display modes, accepted for source compatibility.
public enum NavigationBarItem {
    /// How a navigation bar shows its title. Accepted so SwiftUI code compiles; Jetway always shows the
    /// title as a heading.
    public enum TitleDisplayMode: Sendable {
        /// Automatic, inline in the bar, or large below it; Jetway reads none of them.
        case automatic, inline, large
    }
}

struct NavigationTitleModifier: _PrimitiveModifier {
    let title: Text

    static func _apply(_ modifier: Self, _ context: _RenderContext, _ out: inout [Node], _ content: @escaping _ContentRenderer) {
        let heading = context.branch(0x717).element("h1", RuntimeContract.Class.navTitle)
        heading.text = modifier.title.string(in: context.environment)
        out.append(heading)
        content(context, &out)
    }
}
