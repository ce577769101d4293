/// The view instance whose `body` (or row builder) is running, so that reading `@State` can
/// record who depends on it. `@Observable` models are tracked by Observation itself.
@MainActor
enum DependencyTracker {
    static var reader: ViewInstance?
}

/// A weak reference to a reader, for state storage that must not keep views alive.
struct WeakInstance {
    weak var instance: ViewInstance?
}
