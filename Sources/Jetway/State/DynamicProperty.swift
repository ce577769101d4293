/// A stored property of a view that Jetway connects to the view's identity before each `body`:
/// `@State`, `@StateObject`, `@ObservedObject`, `@EnvironmentObject`, `@Environment`, and
/// structs of your own that contain them.
public protocol DynamicProperty {
    mutating func update()
}

extension DynamicProperty {
    public mutating func update() {}
}

/// Jetway's own dynamic properties connect themselves to the instance's slot.
@MainActor
protocol InstallableProperty {
    func install(in instance: ViewInstance, slot: Int, environment: EnvironmentValues)
}

/// Finds a view's dynamic properties (through `Mirror`, once per evaluation) and installs them.
/// Types found to have none are remembered and skipped from then on.
@MainActor
enum DynamicProperties {
    private static var typesWithout: Set<ObjectIdentifier> = []

    /// Installs `view`'s properties and notes the environment keys they read in
    /// `instance.propertyReads`.
    static func install<V>(_ view: V, in instance: ViewInstance, environment: EnvironmentValues) {
        let type = ObjectIdentifier(V.self)
        if typesWithout.contains(type) { return }
        let reads = EnvironmentReads()
        var environment = environment
        environment.reads = reads
        var slot = 0
        installChildren(of: view, in: instance, environment: environment, slot: &slot)
        if slot == 0 { typesWithout.insert(type) }
        if !reads.keys.isEmpty || !instance.propertyReads.isEmpty { instance.propertyReads = reads.keys }
    }

    private static func installChildren(of value: Any, in instance: ViewInstance, environment: EnvironmentValues, slot: inout Int) {
        for child in Mirror(reflecting: value).children {
            if let property = child.value as? InstallableProperty {
                property.install(in: instance, slot: slot, environment: environment)
                slot += 1
            } else if child.value is DynamicProperty || child.value is any ViewModifier {
                installChildren(of: child.value, in: instance, environment: environment, slot: &slot)
            }
        }
    }
}
