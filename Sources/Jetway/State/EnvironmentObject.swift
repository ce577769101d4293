/// An `ObservableObject` put into the environment by an ancestor with `.environmentObject(_:)`.
///
/// ```swift
/// struct DetailView: View {
///     @EnvironmentObject var flowController: FlowCoordinator
///     var body: some View { Button("Dismiss", action: flowController.closeDetailView) }
/// }
/// ```
@propertyWrapper
public struct EnvironmentObject<ObjectType: ObservableObject>: DynamicProperty {
    let cell = EnvironmentObjectCell<ObjectType>()

    /// Reads the object of this type that an ancestor put in the environment.
    public init() {}

    /// The environment's object of this type; traps with a message when no ancestor provided one.
    public var wrappedValue: ObjectType {
        guard let object = cell.object else {
            preconditionFailure(
                "No ObservableObject of type \(ObjectType.self) found. A View.environmentObject(_:) for \(ObjectType.self) may be missing as an ancestor of this view."
            )
        }
        return object
    }

    /// A wrapper that makes bindings to the object's properties: `$flowController.isShowingDetail`.
    public var projectedValue: ObservedObject<ObjectType>.Wrapper {
        ObservedObject<ObjectType>.Wrapper(object: wrappedValue)
    }
}

final class EnvironmentObjectCell<ObjectType: AnyObject> {
    var object: ObjectType?
}

extension EnvironmentObject: InstallableProperty {
    func install(in instance: ViewInstance, slot: Int, environment: EnvironmentValues) {
        guard let object = environment.object(ObjectType.self) else { return }
        cell.object = object
        ObjectSubscription.subscribe(instance, slot: slot, to: object)
    }
}

extension View {
    /// Puts `object` into the environment of this view and its descendants, for
    /// `@EnvironmentObject` properties of its type.
    public func environmentObject<Object: ObservableObject>(_ object: Object) -> some View {
        modifier(EnvironmentWriter { $0.setObject(object) })
    }
}
