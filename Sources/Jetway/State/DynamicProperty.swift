/// A stored property of a view that Jetway connects to the view's identity before each `body`:
/// `@State`, `@StateObject`, `@ObservedObject`, `@EnvironmentObject`, `@Environment`, and
/// structs of your own that contain them.
public protocol DynamicProperty {
    /// Brings the property up to date; Jetway calls it before each `body` of the view holding it, once the
    /// properties it contains are connected.
    ///
    /// Jetway calls it on a copy: what it changes in the property's own plain stored properties is not seen by
    /// `body`; only what it writes through the `@State` and other properties it contains lasts.
    mutating func update()
}

extension DynamicProperty {
    /// Does nothing by default; a type of your own overrides it to bring itself up to date before each `body`.
    public mutating func update() {}
}

/// Jetway's own dynamic properties connect themselves to the instance's slot.
@MainActor
protocol InstallableProperty {
    func install(in instance: ViewInstance, slot: Int, environment: EnvironmentValues)
}

/// A value whose contents' properties are installed with the view holding it (a
/// representable hosted by `RepresentableHost`).
protocol HostedPropertyContainer {
    var contents: Any { get }
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
        var updates: [@MainActor () -> Void] = []
        installChildren(of: view, in: instance, environment: environment, slot: &slot, updates: &updates)
        if slot == 0 && updates.isEmpty { typesWithout.insert(type) }
        if !updates.isEmpty || !instance.propertyUpdates.isEmpty { instance.propertyUpdates = updates }
        for update in updates { update() }
        if !reads.keys.isEmpty || !instance.propertyReads.isEmpty { instance.propertyReads = reads.keys }
    }

    private static func installChildren(
        of value: Any, in instance: ViewInstance, environment: EnvironmentValues, slot: inout Int, updates: inout [@MainActor () -> Void]
    ) {
        for child in Mirror(reflecting: value).children {
            if let property = child.value as? InstallableProperty {
                property.install(in: instance, slot: slot, environment: environment)
                slot += 1
            } else if let represented = child.value as? any HostedPropertyContainer {
                installChildren(of: represented.contents, in: instance, environment: environment, slot: &slot, updates: &updates)
            } else if child.value is DynamicProperty || child.value is any ViewModifier {
                installChildren(of: child.value, in: instance, environment: environment, slot: &slot, updates: &updates)
                // As SwiftUI does before each `body`: a property of the app's own (or a fetch
                // request) brings itself up to date, once what it contains is connected (its
                // state lives in its slots, so updating this copy updates the view's).
                if let property = child.value as? DynamicProperty {
                    nonisolated(unsafe) let property = property
                    updates.append {
                        var copy = property
                        copy.update()
                    }
                }
            }
        }
    }

    /// Brings the dynamic properties of a view whose installed value is current up to date
    /// (its `body` is evaluated again without a new value).
    static func update(_ instance: ViewInstance) {
        for update in instance.propertyUpdates { update() }
    }
}
