/// A node of the rendered document: one HTML element, its attributes and either a text or children.
///
/// Views render into nodes; nodes are written as HTML for the first paint and compared by the diff
/// to produce patches. Text never stands beside elements: a text is always the whole content of its
/// element, so a text change is one `setText` on that element.
///
/// ```swift
/// let p = Node("p", key: 1, text: "Hello")
/// p.setAttribute("class", "greeting")
/// ```
public final class Node {
    /// The element's tag name, lower case (`div`, `button`, …).
    public let tag: String
    /// Attributes in the order they were set. URL-valued attributes are sanitised when set.
    @exclusivity(unchecked) public private(set) var attributes: [Attribute]
    /// Child elements, in document order. Empty when `text` is set.
    @exclusivity(unchecked) public var children: [Node] {
        didSet { subtreeHasHandlers = !handlers.isEmpty || hasPreferences || children.contains { $0.subtreeHasHandlers } }
    }
    /// The element's whole text content, or nil when it has children.
    @exclusivity(unchecked) public var text: String?
    /// Identity among its siblings: a hash of the view's structural position and explicit ids.
    @exclusivity(unchecked) public var key: UInt64
    /// Event handlers bound to this element (`click`, `input`, `change`, …).
    @exclusivity(unchecked) var handlers: [EventBinding] = []
    /// The `.tag(_:)` value of the view this node came from (used by Picker and TabView).
    var tagValue: AnyHashable? {
        get { extras?.tag }
        set {
            guard newValue != nil || extras != nil else { return }
            mutableExtras().tag = newValue
        }
    }
    /// Boxed: few elements have a tag or preferences, and an `AnyHashable` in every node was a
    /// quarter of it. Shared by copies until one changes it.
    @exclusivity(unchecked) private var extras: NodeExtras?
    // The id and the flags below are declared together so that they share one word: a node is
    // 112 bytes to the allocator, not 128 (a session's page holds hundreds).
    /// The patch id of this element, `0` until the diff or the first paint assigns one.
    @exclusivity(unchecked) public var id: NodeID = .unassigned
    /// An opaque element's children belong to a client-side widget: the diff never enters them.
    @exclusivity(unchecked) public var isOpaque = false
    /// Whether this element or one below it has handlers (or preferences, which hold the page's
    /// own values and closures): removing a subtree without any skips the walk that unregisters
    /// them, and only a subtree without any is shared with another page.
    @exclusivity(unchecked) private(set) var subtreeHasHandlers = false
    /// Set when the node is cached as a composite view's output: modifiers must copy, not mutate.
    @exclusivity(unchecked) var isFrozen = false
    /// A row of a `List` that asked something of its `<li>` (`.listRowSeparator`, …): the list
    /// looks at its `data-row-*` attributes only then.
    @exclusivity(unchecked) var hasListRowOptions = false
    /// A lazy container's element (`LazyRows`): a child that leaves is kept detached in the
    /// browser, but the server keeps only its digest and ids (`ElementDigest`), not its nodes:
    /// its rows come and go with every scroll and search.
    @exclusivity(unchecked) var keepsRemovedByDigest = false

    /// Creates an element `tag` with sibling identity `key`, `attributes` (set one by one, so URL values
    /// are checked as `setAttribute(_:_:)` does), and either `text` or `children`.
    public init(_ tag: String, key: UInt64 = 0, attributes: [Attribute] = [], text: String? = nil, children: [Node] = []) {
        self.tag = tag
        self.key = key
        self.attributes = []
        self.text = text
        self.children = children
        self.subtreeHasHandlers = children.contains { $0.subtreeHasHandlers }
        self.attributes.reserveCapacity(attributes.count)
        for attribute in attributes { setAttribute(attribute.name, attribute.value) }
    }

    /// The value of an attribute, or nil.
    public func attribute(_ name: String) -> String? {
        for attribute in attributes where attribute.name == name { return attribute.value }
        return nil
    }

    /// Sets (or replaces) an attribute. A URL attribute with a refused scheme is dropped.
    public func setAttribute(_ name: String, _ value: String) {
        var value = value
        if URLPolicy.isURLAttribute(name) {
            guard let safe = URLPolicy.sanitize(value, attribute: name) else {
                removeAttribute(name)
                return
            }
            value = safe
        }
        for index in attributes.indices where attributes[index].name == name {
            attributes[index].value = value
            return
        }
        attributes.append(Attribute(name: name, value: value))
    }

    /// Takes the process's copy of this element's attribute list, when many have it
    /// (`SharedAttributes`): for an element that takes its place on the page.
    func shareAttributes() {
        attributes = SharedAttributes.shared(attributes)
    }

    /// Takes `other`'s attribute list (the element this one replaces on the page, with the
    /// same attributes): one list, not two equal ones.
    func takeAttributes(of other: Node) {
        attributes = other.attributes
    }

    /// Removes the attribute called `name`, if the element has it.
    public func removeAttribute(_ name: String) {
        attributes.removeAll { $0.name == name }
    }

    /// Adds a class to the `class` attribute.
    public func addClass(_ name: String) {
        for index in attributes.indices where attributes[index].name == "class" {
            attributes[index].value += " " + name
            return
        }
        attributes.append(Attribute(name: "class", value: name))
    }

    /// Takes `name` off the `class` attribute.
    public func removeClass(_ name: String) {
        for index in attributes.indices where attributes[index].name == "class" {
            attributes[index].value = attributes[index].value.split(separator: " ").filter { $0 != name }.joined(separator: " ")
        }
    }

    /// Whether the `class` attribute names `name` (a whole class, not a part of one).
    public func hasClass(_ name: String) -> Bool {
        guard var classes = attribute("class") else { return false }
        var name = name
        // Asked of every child of every stack a render makes: a scan of the bytes, no array of
        // parts (and not the UTF-8 views' iterators, which cost several times as much).
        return classes.withUTF8 { classes in
            name.withUTF8 { name in
                var start = 0
                while start + name.count <= classes.count {
                    var end = start
                    while end < classes.count && classes[end] != 32 { end += 1 }
                    if end - start == name.count {
                        var index = 0
                        while index < name.count && classes[start + index] == name[index] { index += 1 }
                        if index == name.count { return true }
                    }
                    start = end + 1
                }
                return false
            }
        }
    }

    /// Takes the flexibility of `children`, as SwiftUI's layout does: a stack, padding or frame
    /// around a view that fills the width (or height) offered fills it too, so a
    /// `.frame(maxWidth: .infinity)` deep in a `VStack(alignment: .leading)` widens the stack.
    func takeFills(from children: [Node], width: Bool = true, height: Bool = true) {
        var fillsWidth = !width || hasClass(StyleClass.fillW), fillsHeight = !height || hasClass(StyleClass.fillH)
        for child in children where !(fillsWidth && fillsHeight) {
            if !fillsWidth && child.hasClass(StyleClass.fillW) {
                addClass(StyleClass.fillW)
                fillsWidth = true
            }
            if !fillsHeight && child.hasClass(StyleClass.fillH) {
                addClass(StyleClass.fillH)
                fillsHeight = true
            }
        }
    }

    /// Appends a CSS declaration (`padding:4px`) to the `style` attribute.
    public func addStyle(_ declaration: String) {
        for index in attributes.indices where attributes[index].name == "style" {
            attributes[index].value += ";" + declaration
            return
        }
        attributes.append(Attribute(name: "style", value: declaration))
    }

    /// A shallow copy: same attributes and the same child node objects, no id change.
    func copy() -> Node {
        let node = Node(tag, key: key, text: text, children: children)
        node.attributes = attributes
        node.id = id
        node.isOpaque = isOpaque
        node.handlers = handlers
        node.subtreeHasHandlers = subtreeHasHandlers
        node.extras = extras
        node.hasListRowOptions = hasListRowOptions
        node.keepsRemovedByDigest = keepsRemovedByDigest
        return node
    }

    /// The concatenated text of this element and its descendants.
    public var textContent: String {
        if let text { return text }
        return children.map(\.textContent).joined()
    }

    /// Runs `action` on the main actor when the browser sends `event` for this element (the
    /// element says so in `data-on`); what it throws goes back to the page as an error.
    @MainActor
    public func on(_ event: EventKind, perform action: @escaping @MainActor (EventPayload) throws -> Void) {
        addHandler(EventBinding(event: event, action: action))
    }

    /// The element's handler for the event. `afterEarlier`: the handler this element had for
    /// it (a modifier applied inside, on the same element) runs first, then this one.
    func addHandler(_ binding: EventBinding, afterEarlier: Bool = false) {
        let earlier = afterEarlier ? handlers.first { $0.event == binding.event }?.action : nil
        handlers.removeAll { $0.event == binding.event }
        if let earlier {
            handlers.append(
                EventBinding(event: binding.event) { payload in
                    try earlier(payload)
                    try binding.action(payload)
                })
        } else {
            handlers.append(binding)
        }
        subtreeHasHandlers = true
        setAttribute(RuntimeContract.Attribute.events, handlers.map(\.event.rawValue).joined(separator: " "))
    }
}

/// A node's tag value; never changed, so copies of a node may share it.
/// What few nodes carry: the `.tag(_:)` value, and the preferences set on the view
/// (`.preference(key:value:)`, `.transformPreference`), by key type.
private final class NodeExtras {
    var tag: AnyHashable?
    var preferences: [ObjectIdentifier: Any] = [:]
    var preferenceTransforms: [ObjectIdentifier: Any] = [:]

    func clone() -> NodeExtras {
        let copy = NodeExtras()
        copy.tag = tag
        copy.preferences = preferences
        copy.preferenceTransforms = preferenceTransforms
        return copy
    }
}

extension Node {
    fileprivate func mutableExtras() -> NodeExtras {
        if extras == nil {
            extras = NodeExtras()
        } else if !isKnownUniquelyReferenced(&extras) {
            extras = extras?.clone()
        }
        return extras!
    }

    /// The value this view set for a preference key (nil: its content's values stand).
    func preference(_ key: ObjectIdentifier) -> Any? { extras?.preferences[key] }
    /// A view's own value replaces what came up to it, changes included.
    func setPreference(_ key: ObjectIdentifier, _ value: Any) {
        let extras = mutableExtras()
        extras.preferences[key] = value
        extras.preferenceTransforms[key] = nil
        subtreeHasHandlers = true
    }
    /// The change this view makes to a preference's value coming up from its content.
    func preferenceTransform(_ key: ObjectIdentifier) -> Any? { extras?.preferenceTransforms[key] }
    /// A change on the way up, after the changes already on this element (`compose` runs the
    /// earlier one, then this one).
    func setPreferenceTransform(_ key: ObjectIdentifier, _ transform: Any, compose: (Any) -> Any) {
        let extras = mutableExtras()
        extras.preferenceTransforms[key] = extras.preferenceTransforms[key].map(compose) ?? transform
        subtreeHasHandlers = true
    }
    var hasPreferences: Bool { extras.map { !$0.preferences.isEmpty || !$0.preferenceTransforms.isEmpty } ?? false }
}

/// One attribute of a node.
public struct Attribute: Equatable, Sendable {
    /// The attribute's name, written into the HTML as it is (not escaped).
    public var name: String
    /// The attribute's value, escaped when written.
    public var value: String
    /// Creates an attribute called `name` with `value`; a node checks a URL value when it takes it.
    public init(name: String, value: String) {
        self.name = name
        self.value = value
    }
}

/// Void elements have no end tag and no children.
enum HTMLVoidElements {
    /// Checked on every element written, so it looks at the length before comparing.
    static func contains(_ tag: String) -> Bool {
        switch tag.utf8.count {
        case 2: return tag == "hr" || tag == "br"
        case 3: return tag == "img" || tag == "col" || tag == "wbr"
        case 4: return tag == "meta" || tag == "link" || tag == "area"
        case 5: return tag == "input"
        case 6: return tag == "source"
        default: return false
        }
    }
}
