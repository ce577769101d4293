/// Makes bindings to the properties of an `@Observable` model: `$model.name`.
///
/// ```swift
/// struct ProfileForm: View {
///     @Bindable var profile: Profile
///     var body: some View { TextField("Name", text: $profile.name) }
/// }
/// ```
@propertyWrapper
@dynamicMemberLookup
public struct Bindable<Value: AnyObject> {
    /// The model the bindings read and write.
    public var wrappedValue: Value

    /// Wraps `wrappedValue`, for `@Bindable var model: Model` (a property or a view's parameter).
    public init(wrappedValue: Value) {
        self.wrappedValue = wrappedValue
    }

    /// Wraps a model, for `@Bindable var model = model` inside a body or `Bindable(model).name`.
    public init(_ wrappedValue: Value) {
        self.wrappedValue = wrappedValue
    }

    /// The wrapper itself, so `$model.name` makes a binding.
    public var projectedValue: Bindable<Value> { self }

    /// A binding to the model's property at `keyPath`: reads and writes go straight to the model object.
    public subscript<Subject>(dynamicMember keyPath: ReferenceWritableKeyPath<Value, Subject>) -> Binding<Subject> {
        let object = wrappedValue
        return Binding(get: { object[keyPath: keyPath] }, set: { object[keyPath: keyPath] = $0 })
    }
}

extension Bindable: DynamicProperty {}
