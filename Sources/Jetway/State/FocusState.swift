/// Which field has the keyboard focus, as SwiftUI's `@FocusState`: set it to move the focus in
/// the browser (or to nil / false to take it away); the browser sets it when the user moves
/// the focus.
///
/// ```swift
/// enum Field { case name, email }
/// @FocusState private var focus: Field?
///
/// TextField("Name", text: $name).focused($focus, equals: .name)
/// Button("Next") { focus = .email }
/// ```
///
/// The page asks for the focus (`data-jw-focus`, features/focus.js) once per change the app
/// makes, so a patch that crosses the user's own click elsewhere does not take the focus back.
@propertyWrapper
public struct FocusState<Value: Hashable>: DynamicProperty {
    let state: State<FocusRequest<Value>>

    /// Nothing focused: `false` for a `Bool`, nil for an optional (the two kinds SwiftUI's
    /// `@FocusState` holds). One initialiser for both, as a wrapper without an initial value
    /// needs a plain `init()`.
    @_disfavoredOverload
    public init() {
        if let none = (Value.self as? any NoFocus.Type)?.noFocus as? Value {
            state = State(wrappedValue: FocusRequest(value: none, serial: 0))
        } else {
            preconditionFailure("@FocusState holds a Bool or an optional (\(Value.self) is neither)")
        }
    }

    /// The focused value; setting it moves the focus in the browser.
    @MainActor public var wrappedValue: Value {
        get { state.wrappedValue.value }
        nonmutating set {
            let current = state.wrappedValue
            state.wrappedValue = FocusRequest(value: newValue, serial: current.serial &+ 1)
        }
    }

    /// A binding to the focus, for `.focused($focus, equals: .name)`.
    @MainActor public var projectedValue: Binding {
        Binding(state: state.projectedValue)
    }

    /// What `.focused(_:)` takes: `$focus`.
    public struct Binding {
        let state: Jetway.Binding<FocusRequest<Value>>

        /// The focused value; setting it moves the focus in the browser, as the wrapper's own `wrappedValue` does.
        @MainActor public var wrappedValue: Value {
            get { state.wrappedValue.value }
            nonmutating set {
                let current = state.wrappedValue
                state.wrappedValue = FocusRequest(value: newValue, serial: current.serial &+ 1)
            }
        }

        /// What the browser reports: the focus moved there already, so no request.
        @MainActor func browserMoved(to value: Value) {
            let current = state.wrappedValue
            if current.value != value { state.wrappedValue = FocusRequest(value: value, serial: current.serial) }
        }

        @MainActor var serial: Int { state.wrappedValue.serial }
        /// The binding itself, so `$focus` passes it on.
        public var projectedValue: Binding { self }
    }
}

/// The value of a `@FocusState` with nothing focused.
private protocol NoFocus { static var noFocus: Self { get } }
extension Bool: NoFocus { fileprivate static var noFocus: Bool { false } }
extension Optional: NoFocus { fileprivate static var noFocus: Optional { nil } }

/// A focus value and how many times the app has asked for the focus.
struct FocusRequest<Value: Hashable>: Hashable {
    var value: Value
    var serial: Int
}

extension View {
    /// This view (its field) has the focus while `condition` is true.
    public func focused(_ condition: FocusState<Bool>.Binding) -> some View {
        modifier(FocusModifier(binding: condition, value: true, none: false))
    }

    /// This view (its field) has the focus while `binding` is `value`.
    public func focused<Value: Hashable>(_ binding: FocusState<Value?>.Binding, equals value: Value) -> some View {
        modifier(FocusModifier(binding: binding, value: value, none: nil))
    }
}

struct FocusModifier<Value: Hashable>: _PrimitiveModifier {
    let binding: FocusState<Value>.Binding
    let value: Value
    let none: Value

    static func _apply(_ modifier: Self, _ context: _RenderContext, _ out: inout [Node], _ content: @escaping _ContentRenderer) {
        let start = out.count
        content(context, &out)
        let binding = modifier.binding
        let (current, serial) = context.track { (binding.wrappedValue, binding.serial) }
        let wanted = current == modifier.value
        for index in start..<out.count {
            let node = out[index].isFrozen ? out[index].copy() : out[index]
            node.setAttribute(RuntimeContract.Attribute.focus, "\(serial) \(wanted ? 1 : 0)")
            if context.environment.isEnabled {
                let (value, none) = (modifier.value, modifier.none)
                node.addHandler(EventBinding(event: .focus) { _ in binding.browserMoved(to: value) })
                node.addHandler(
                    EventBinding(event: .blur) { _ in
                        if binding.wrappedValue == value { binding.browserMoved(to: none) }
                    })
            }
            out[index] = node
        }
    }
}

extension FocusState where Value == Bool {
    /// `@FocusState private var focused` (no type written): a `Bool`, as in SwiftUI.
    public init() {
        state = State(wrappedValue: FocusRequest(value: false, serial: 0))
    }
}
