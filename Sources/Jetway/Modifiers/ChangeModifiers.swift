extension View {
    /// Runs `action` with the old and the new value whenever `value` changes (and once on
    /// appearing when `initial`), after the render that saw the change, as SwiftUI does.
    ///
    /// ```swift
    /// TextField("Search", text: $query)
    ///     .onChange(of: query) { oldValue, newValue in model.search(newValue) }
    /// ```
    public func onChange<V: Equatable>(
        of value: V, initial: Bool = false, _ action: @escaping @MainActor (_ oldValue: V, _ newValue: V) -> Void
    ) -> some View {
        modifier(ChangeModifier(value: value, initial: initial, action: action))
    }

    /// Runs `action` whenever `value` changes (and once on appearing when `initial`).
    public func onChange<V: Equatable>(of value: V, initial: Bool = false, _ action: @escaping @MainActor () -> Void) -> some View {
        modifier(ChangeModifier(value: value, initial: initial) { _, _ in action() })
    }

    /// The older form: `action` gets the new value.
    @_disfavoredOverload
    public func onChange<V: Equatable>(of value: V, perform action: @escaping @MainActor (_ newValue: V) -> Void) -> some View {
        modifier(ChangeModifier(value: value, initial: false) { _, new in action(new) })
    }
}

struct ChangeModifier<Value: Equatable>: _PrimitiveModifier {
    let value: Value
    let initial: Bool
    let action: @MainActor (Value, Value) -> Void

    static func _apply(_ modifier: Self, _ context: _RenderContext, _ out: inout [Node], _ content: @escaping _ContentRenderer) {
        content(context, &out)
        let graph = context.graph
        let seen = context.persistent(SeenValue<Value>.self) { SeenValue() }
        let new = modifier.value
        guard let old = seen.value else {
            seen.value = new
            if modifier.initial { graph.afterCommit { modifier.action(new, new) } }
            return
        }
        guard old != new else { return }
        seen.value = new
        graph.afterCommit { modifier.action(old, new) }
    }
}

/// The value an `onChange` saw last, per view identity. It mirrors state held elsewhere, so
/// two graphs whose values agree are in the same state, and a copy of a graph takes it.
@MainActor
final class SeenValue<Value: Equatable>: StateComparing {
    var value: Value?

    func hasSameState(as other: AnyObject) -> Bool {
        (other as? SeenValue<Value>)?.value == value
    }

    func takeState(of other: AnyObject) {
        if let other = other as? SeenValue<Value> { value = other.value }
    }
}
