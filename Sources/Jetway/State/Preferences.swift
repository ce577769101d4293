import JetwayWire

/// A value views hand up to their ancestors (a tab bar learning its tabs from the screens
/// inside it, a header learning the widest label): a view sets it with `.preference(key:value:)`,
/// siblings' values are combined with `reduce`, and an ancestor reads the result with
/// `onPreferenceChange`, `overlayPreferenceValue` or `backgroundPreferenceValue`.
///
/// ```swift
/// struct TabItemsKey: PreferenceKey {
///     static let defaultValue: [String] = []
///     static func reduce(value: inout [String], nextValue: () -> [String]) { value += nextValue() }
/// }
/// ```
///
/// A preference is kept on the element its view renders, so a part of the page that did not
/// render again still hands up what it set; an ancestor reads its content's values each time
/// it renders, which it does whenever something below it changed.
public protocol PreferenceKey {
    /// The type of the value views hand up under this key.
    associatedtype Value
    /// The value when no view below sets one.
    static var defaultValue: Value { get }
    /// Combines the values so far with the next sibling's.
    static func reduce(value: inout Value, nextValue: () -> Value)
}

extension View {
    /// Sets `key`'s value for this view: it replaces what the views inside set for it.
    public func preference<K: PreferenceKey>(key: K.Type = K.self, value: K.Value) -> some View {
        modifier(PreferenceWriter<K>(value: value))
    }

    /// Changes `key`'s value as it comes up from this view's content.
    public func transformPreference<K: PreferenceKey>(_ key: K.Type = K.self, _ callback: @escaping (inout K.Value) -> Void) -> some View {
        modifier(PreferenceTransformer<K>(transform: callback))
    }

    /// Runs `action` with `key`'s value from this view's content when it appears and whenever
    /// it changes, after the render that saw it.
    public func onPreferenceChange<K: PreferenceKey>(
        _ key: K.Type = K.self, perform action: @escaping @MainActor (K.Value) -> Void
    ) -> some View where K.Value: Equatable {
        modifier(PreferenceChangeModifier<K>(action: action))
    }

    /// A view in front of this one, made from `key`'s value in this view's content.
    public func overlayPreferenceValue<K: PreferenceKey, V: View>(
        _ key: K.Type = K.self, alignment: Alignment = .center, @ViewBuilder _ transform: @escaping (K.Value) -> V
    ) -> some View {
        modifier(PreferenceLayerModifier<K, V>(transform: transform, isOverlay: true, alignment: alignment))
    }

    /// A view behind this one, made from `key`'s value in this view's content.
    public func backgroundPreferenceValue<K: PreferenceKey, V: View>(
        _ key: K.Type = K.self, alignment: Alignment = .center, @ViewBuilder _ transform: @escaping (K.Value) -> V
    ) -> some View {
        modifier(PreferenceLayerModifier<K, V>(transform: transform, isOverlay: false, alignment: alignment))
    }
}

/// Reads a preference from rendered nodes.
enum Preferences {
    /// `K`'s value in `nodes` and below: each view's own value where it set one (replacing its
    /// content's), its content's otherwise, changed by its transforms, siblings combined in order.
    static func value<K: PreferenceKey>(_ key: K.Type, in nodes: some Sequence<Node>) -> K.Value {
        var result: K.Value?
        for node in nodes { contribute(K.self, node, ObjectIdentifier(K.self), into: &result) }
        return result ?? K.defaultValue
    }

    private static func contribute<K: PreferenceKey>(_ key: K.Type, _ node: Node, _ id: ObjectIdentifier, into result: inout K.Value?) {
        // A presentation (a sheet, an alert: a `<dialog>`) keeps its preferences to itself, as
        // in SwiftUI.
        if node.tag == "dialog" { return }
        var own: K.Value?
        // Unwrapped first: for a key whose value is optional, no value is not a nil value.
        if let stored = node.preference(id), let value = stored as? K.Value {
            own = value
        } else {
            for child in node.children { contribute(K.self, child, id, into: &own) }
        }
        if let transform = node.preferenceTransform(id) as? (inout K.Value) -> Void {
            var value = own ?? K.defaultValue
            transform(&value)
            own = value
        }
        guard let own else { return }
        if result == nil {
            result = own
        } else {
            K.reduce(value: &result!, nextValue: { own })
        }
    }
}

struct PreferenceWriter<K: PreferenceKey>: NodeModifier {
    let value: K.Value

    func modify(_ node: Node, _ context: _RenderContext) -> Node {
        node.setPreference(ObjectIdentifier(K.self), value)
        return node
    }
}

struct PreferenceTransformer<K: PreferenceKey>: NodeModifier {
    let transform: (inout K.Value) -> Void

    func modify(_ node: Node, _ context: _RenderContext) -> Node {
        node.addPreferenceTransform(K.self, transform)
        return node
    }
}

extension Node {
    /// Adds a change to `K`'s value on its way up, after the changes already on this element.
    func addPreferenceTransform<K: PreferenceKey>(_ key: K.Type, _ change: @escaping (inout K.Value) -> Void) {
        setPreferenceTransform(ObjectIdentifier(K.self), change) { earlier in
            guard let earlier = earlier as? (inout K.Value) -> Void else { return change }
            let both: (inout K.Value) -> Void = { value in
                earlier(&value)
                change(&value)
            }
            return both
        }
    }
}

/// The value an `onPreferenceChange` saw last (a type of its own per key, apart from
/// `onChange`'s values).
struct SeenPreference<K: PreferenceKey>: Equatable where K.Value: Equatable {
    let value: K.Value
}

struct PreferenceChangeModifier<K: PreferenceKey>: _PrimitiveModifier where K.Value: Equatable {
    let action: @MainActor (K.Value) -> Void

    static func _apply(_ modifier: Self, _ context: _RenderContext, _ out: inout [Node], _ content: @escaping _ContentRenderer) {
        let start = out.count
        content(context, &out)
        let value = Preferences.value(K.self, in: out[start...])
        let seen = context.persistent(SeenValue<SeenPreference<K>>.self) { SeenValue() }
        guard seen.value?.value != value else { return }
        seen.value = SeenPreference(value: value)
        let action = modifier.action
        context.graph.afterCommit { action(value) }
    }
}

struct PreferenceLayerModifier<K: PreferenceKey, Layer: View>: _PrimitiveModifier {
    let transform: (K.Value) -> Layer
    let isOverlay: Bool
    let alignment: Alignment

    static func _apply(_ modifier: Self, _ context: _RenderContext, _ out: inout [Node], _ content: @escaping _ContentRenderer) {
        // The content first, for its value; then the layer made of it, stacked as `.overlay` does.
        var children: [Node] = []
        content(context.insideElement().structural(0), &children)
        let layer = LayerModifier(
            layer: modifier.transform(Preferences.value(K.self, in: children)), isOverlay: modifier.isOverlay, alignment: modifier.alignment
        )
        LayerModifier._apply(layer, context, &out) { _, out in out.append(contentsOf: children) }
    }
}
