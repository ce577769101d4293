/// An `ObservableObject` created once per view identity and kept while the view stays in the
/// tree; the view re-renders whenever the object announces a change.
///
/// ```swift
/// struct FruitList: View {
///     @StateObject var viewModel = ViewModel()
///     var body: some View { List(viewModel.fruits) { Text($0.name) } }
/// }
/// ```
@propertyWrapper
public struct StateObject<ObjectType: ObservableObject>: DynamicProperty {
    let cell: StateObjectCell<ObjectType>

    /// Makes the object with `thunk` the first time the view's identity is rendered; later values of the view reuse
    /// that object and never call their own `thunk`.
    public init(wrappedValue thunk: @autoclosure @escaping () -> ObjectType) {
        cell = StateObjectCell(thunk)
    }

    /// The object kept for this view's identity.
    public var wrappedValue: ObjectType { cell.object }

    /// A wrapper that makes bindings to the object's properties: `$viewModel.searchText`.
    public var projectedValue: ObservedObject<ObjectType>.Wrapper {
        ObservedObject<ObjectType>.Wrapper(object: cell.object)
    }
}

final class StateObjectCell<ObjectType: AnyObject> {
    private let thunk: () -> ObjectType
    private var created: ObjectType?

    init(_ thunk: @escaping () -> ObjectType) {
        self.thunk = thunk
    }

    var object: ObjectType {
        if let created { return created }
        let object = thunk()
        created = object
        return object
    }

    func adopt(_ object: ObjectType) { created = object }
}

/// Holds the object of a `@StateObject` for its identity.
private final class StateObjectSlot<ObjectType: AnyObject> {
    let object: ObjectType
    init(_ object: ObjectType) { self.object = object }
}

extension StateObject: InstallableProperty {
    func install(in instance: ViewInstance, slot: Int, environment: EnvironmentValues) {
        let object: ObjectType
        if let existing = instance.slot(slot) as? StateObjectSlot<ObjectType> {
            object = existing.object
            cell.adopt(object)
        } else {
            object = cell.object
            instance.setSlot(slot, StateObjectSlot(object))
            instance.graph?.ownsStateObjects = true
        }
        ObjectSubscription.subscribe(instance, slot: slot, to: object)
    }
}

/// Subscribes an instance to an object's `objectWillChange`, once per object and slot.
@MainActor
enum ObjectSubscription {
    static func subscribe<Object: ObservableObject>(_ instance: ViewInstance, slot: Int, to object: Object) {
        let marker = SubscriptionKey(object: ObjectIdentifier(object), slot: slot)
        if instance.subscriptionKeys[slot] == marker { return }
        instance.subscriptionKeys[slot] = marker
        instance.subscriptions[slot] = object.objectWillChange.sink { [weak instance] in
            ViewInstance.invalidate(instance)
        }
    }
}

struct SubscriptionKey: Equatable {
    let object: ObjectIdentifier
    let slot: Int
}
