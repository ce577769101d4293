/// A value owned by a view's identity: it survives re-renders and is dropped when the view
/// leaves the tree. Views that read it re-render when it changes.
///
/// ```swift
/// struct Counter: View {
///     @State private var count = 0
///     var body: some View {
///         Button("Count: \(count)") { count += 1 }
///     }
/// }
/// ```
@propertyWrapper
public struct State<Value>: DynamicProperty {
    let cell: StateCell<Value>

    /// State starting at `value`: used the first time the view's identity is rendered, ignored after (the kept value
    /// wins).
    public init(wrappedValue value: Value) {
        cell = StateCell(initial: value)
    }

    /// The same as `init(wrappedValue:)`, for `_count = State(initialValue: 0)` in a view's `init`.
    public init(initialValue value: Value) {
        cell = StateCell(initial: value)
    }

    /// The current value; setting it re-renders the views that read it.
    @MainActor
    public var wrappedValue: Value {
        get { cell.storage.value }
        nonmutating set { cell.storage.value = newValue }
    }

    /// A binding to the value, to pass down: `$count`.
    @MainActor
    public var projectedValue: Binding<Value> {
        let storage = cell.storage
        return Binding(get: { storage.value }, set: { storage.value = $0 })
    }
}

extension State where Value: ExpressibleByNilLiteral {
    /// `@State private var selection: Item?`: starts as nil. (In an extension, so that a view
    /// whose `init` sets `_value = State(initialValue: …)` for a non-optional value compiles.)
    public init() {
        cell = StateCell(initial: nil)
    }
}

extension State: InstallableProperty {
    func install(in instance: ViewInstance, slot: Int, environment: EnvironmentValues) {
        if let existing = instance.slot(slot) as? StateStorage<Value> {
            cell.storage = existing
        } else {
            instance.setSlot(slot, cell.storage)
            cell.storage.graph = instance.graph
            // An object in @State is made per graph, like a @StateObject.
            if Value.self is AnyObject.Type { instance.graph?.ownsStateObjects = true }
        }
    }
}

/// A dynamic property compared by the value it starts with when two requests' root views are
/// compared (see `ViewGraph.isSameRoot`).
protocol InitialValueComparable {
    @MainActor func startsLike(_ other: Any) -> Bool
}

extension State: InitialValueComparable {
    func startsLike(_ other: Any) -> Bool {
        guard let other = other as? State<Value> else { return false }
        return ViewGraph.isSameField(cell.storage.unobservedValue, other.cell.storage.unobservedValue)
    }
}

/// The view value's handle: points at the identity's storage once installed.
final class StateCell<Value> {
    var storage: StateStorage<Value>
    init(initial: Value) {
        storage = StateStorage(initial)
    }
}

/// The value of one @State, with the instances that read it.
final class StateStorage<Value> {
    private var _value: Value
    private var readers: [ObjectIdentifier: WeakInstance] = [:]
    /// The value, read without making the reader depend on it.
    var unobservedValue: Value { _value }
    /// The graph of the identity that owns this value, told of every write.
    weak var graph: ViewGraph?

    init(_ value: Value) {
        _value = value
    }

    @MainActor
    var value: Value {
        get {
            if let reader = DependencyTracker.reader {
                readers[ObjectIdentifier(reader)] = WeakInstance(instance: reader)
            }
            return _value
        }
        set {
            _value = newValue
            graph?.stateWrites += 1
            let current = readers
            readers.removeAll(keepingCapacity: true)
            for reader in current.values { reader.instance?.invalidate() }
        }
    }
}
