/// An `ObservableObject` owned elsewhere and passed in; the view re-renders when it changes.
///
/// ```swift
/// struct SettingsAvatarView: View {
///     @ObservedObject var userManager: UserManager
///     var body: some View { Text(userManager.name) }
/// }
/// ```
@propertyWrapper
public struct ObservedObject<ObjectType: ObservableObject>: DynamicProperty {
    /// Settable, as SwiftUI's (a wrapper of the app's own may assign it in its initialiser).
    public var wrappedValue: ObjectType

    /// Observes `wrappedValue`: the view re-renders when its `objectWillChange` fires.
    public init(wrappedValue: ObjectType) {
        self.wrappedValue = wrappedValue
    }

    /// The same as `init(wrappedValue:)`, under SwiftUI's older name.
    public init(initialValue: ObjectType) {
        self.wrappedValue = initialValue
    }

    /// A wrapper that makes bindings to the object's properties: `$viewModel.searchText`.
    public var projectedValue: Wrapper { Wrapper(object: wrappedValue) }

    /// Makes bindings to the object's properties: `$viewModel.searchText`.
    @dynamicMemberLookup
    public struct Wrapper {
        let object: ObjectType

        /// A binding to the object's property at `keyPath`: reads and writes go straight to the object.
        public subscript<Subject>(dynamicMember keyPath: ReferenceWritableKeyPath<ObjectType, Subject>) -> Binding<Subject> {
            let object = object
            return Binding(get: { object[keyPath: keyPath] }, set: { object[keyPath: keyPath] = $0 })
        }
    }
}

extension ObservedObject: InstallableProperty {
    func install(in instance: ViewInstance, slot: Int, environment: EnvironmentValues) {
        ObjectSubscription.subscribe(instance, slot: slot, to: wrappedValue)
    }
}
