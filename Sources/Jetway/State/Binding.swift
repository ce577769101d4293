/// A two-way connection to a value owned elsewhere: `$count` from `@State`, `$model.name`
/// from an observable model, or `.constant(_)`.
///
/// ```swift
/// struct NameField: View {
///     @Binding var name: String
///     var body: some View { TextField("Name", text: $name) }
/// }
/// ```
@propertyWrapper
@dynamicMemberLookup
public struct Binding<Value> {
    private let getValue: () -> Value
    private let setValue: (Value) -> Void

    /// A binding that reads with `get` and writes with `set`.
    public init(get: @escaping () -> Value, set: @escaping (Value) -> Void) {
        getValue = get
        setValue = set
    }

    /// The binding `projectedValue` itself, for `@Binding var name: String` set from `$name`.
    public init(projectedValue: Binding<Value>) {
        self = projectedValue
    }

    /// A binding to a value that never changes; writes are ignored.
    public static func constant(_ value: Value) -> Binding<Value> {
        Binding(get: { value }, set: { _ in })
    }

    /// The bound value: reading calls the getter, assigning calls the setter.
    public var wrappedValue: Value {
        get { getValue() }
        nonmutating set { setValue(newValue) }
    }

    /// The binding itself, so `$name` passes it on.
    public var projectedValue: Binding<Value> { self }

    /// A binding to a property of the bound value: `$settings.notifications`.
    public subscript<Subject>(dynamicMember keyPath: WritableKeyPath<Value, Subject>) -> Binding<Subject> {
        Binding<Subject>(
            get: { self.getValue()[keyPath: keyPath] },
            set: { newValue in
                var value = self.getValue()
                value[keyPath: keyPath] = newValue
                self.setValue(value)
            })
    }
}

extension Binding {
    /// Unwraps an optional binding: nil when the value is nil.
    public init?(_ base: Binding<Value?>) {
        guard let initial = base.wrappedValue else { return nil }
        // Keeps the last non-nil value so a stale binding never traps after the value goes nil.
        let last = LastValue(initial)
        self.init(
            get: {
                if let value = base.wrappedValue { last.value = value }
                return last.value
            },
            set: {
                last.value = $0
                base.wrappedValue = $0
            })
    }
}

extension Binding {
    /// A binding to an optional made from one to its wrapped type (`TextField(value:
    /// Binding($item.weight), formatter:)`): reads the value, and writes a non-nil one through
    /// (a nil is ignored, as the base cannot hold it).
    public init<V>(_ base: Binding<V>) where Value == V? {
        self.init(get: { base.wrappedValue }, set: { if let value = $0 { base.wrappedValue = value } })
    }
}

extension Binding: DynamicProperty {}

private final class LastValue<Value> {
    var value: Value
    init(_ value: Value) { self.value = value }
}
