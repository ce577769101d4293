import Synchronization

/// A class whose changes views follow, as Combine's `ObservableObject` on Apple's platforms.
/// Combine does not exist on Linux; Jetway brings the same names: `@Published`,
/// `objectWillChange.send()`, `@StateObject`, `@ObservedObject`, `@EnvironmentObject`.
///
/// ```swift
/// final class Settings: ObservableObject {
///     @Published var useMetric = true
/// }
/// ```
public protocol ObservableObject: AnyObject {
    /// The publisher that says the object is about to change: each view holding the object through `@StateObject`,
    /// `@ObservedObject` or `@EnvironmentObject` subscribes and renders again when it sends. The default is the one
    /// the object's `@Published` properties share; unlike Combine's, the type is always `ObservableObjectPublisher`.
    var objectWillChange: ObservableObjectPublisher { get }
}

extension ObservableObject {
    /// The publisher shared by this object's `@Published` properties, created on first use.
    public var objectWillChange: ObservableObjectPublisher {
        var boxes: [PublishedBoxProtocol] = []
        for child in Mirror(reflecting: self).children {
            if let published = child.value as? PublishedStorage { boxes.append(published.publishedBox) }
        }
        if let existing = boxes.lazy.compactMap(\.publisher).first { return existing }
        if boxes.isEmpty { return ObservableObjectPublisher.sideTable(for: self) }
        let publisher = ObservableObjectPublisher()
        for box in boxes { box.publisher = publisher }
        return publisher
    }
}

/// Tells subscribers an object is about to change. Safe to call from any thread.
public final class ObservableObjectPublisher: Sendable {
    private let state = Mutex<(next: Int, subscribers: [Int: @Sendable () -> Void])>((0, [:]))

    /// A publisher with no subscribers yet.
    public init() {}

    /// Notifies every subscriber, synchronously, on the calling thread.
    public func send() {
        let subscribers = state.withLock { Array($0.subscribers.values) }
        for subscriber in subscribers { subscriber() }
    }

    /// Calls `receiveValue` before every change until the returned cancellable is cancelled or
    /// released.
    public func sink(receiveValue: @escaping @Sendable () -> Void) -> AnyCancellable {
        let id = state.withLock { state in
            let id = state.next
            state.next += 1
            state.subscribers[id] = receiveValue
            return id
        }
        return AnyCancellable { [weak self] in
            _ = self?.state.withLock { $0.subscribers.removeValue(forKey: id) }
        }
    }

    // Objects without @Published properties still get one stable publisher each.
    private static let table = Mutex<[ObjectIdentifier: (object: WeakObject, publisher: ObservableObjectPublisher)]>([:])

    static func sideTable(for object: AnyObject) -> ObservableObjectPublisher {
        table.withLock { table in
            let id = ObjectIdentifier(object)
            if let entry = table[id], entry.object.value === object { return entry.publisher }
            if table.count > 64 { table = table.filter { $0.value.object.value != nil } }
            let publisher = ObservableObjectPublisher()
            table[id] = (WeakObject(object), publisher)
            return publisher
        }
    }
}

/// `objectWillChange` as a publisher of nothing but the moment (`.onReceive(model.objectWillChange)`).
extension ObservableObjectPublisher: Publisher {
    /// `objectWillChange` carries no value, only the moment.
    public typealias Output = Void
    /// `objectWillChange` never fails.
    public typealias Failure = Never

    /// Calls `receive` before every change, as `sink(receiveValue:)` does.
    public func subscribe(_ receive: @escaping (Output) -> Void) -> AnyCancellable {
        nonisolated(unsafe) let receive = receive
        return sink { receive(()) }
    }
}

private struct WeakObject: @unchecked Sendable {
    weak var value: AnyObject?
    init(_ value: AnyObject) { self.value = value }
}

/// Cancels a subscription when cancelled or released.
public final class AnyCancellable: Hashable, Sendable {
    private let cancellation = Mutex<(@Sendable () -> Void)?>(nil)

    /// A cancellable that runs `cancel` once, when cancelled or released.
    public init(_ cancel: @escaping @Sendable () -> Void) {
        cancellation.withLock { $0 = cancel }
    }

    /// Runs the cancellation, once: later calls, and the release, do nothing.
    public func cancel() {
        let action = cancellation.withLock { state -> (@Sendable () -> Void)? in
            defer { state = nil }
            return state
        }
        action?()
    }

    deinit { cancel() }

    /// Keeps the subscription in `set`; it lasts until removed from it or the set is released.
    public func store(in set: inout Set<AnyCancellable>) { set.insert(self) }

    /// Keeps the subscription in an array of them, as a `Set` keeps it.
    public func store<C: RangeReplaceableCollection>(in collection: inout C) where C.Element == AnyCancellable {
        collection.append(self)
    }

    /// Two cancellables are equal when they are the same object.
    public static func == (lhs: AnyCancellable, rhs: AnyCancellable) -> Bool { lhs === rhs }
    /// Hashes the object's identity.
    public func hash(into hasher: inout Hasher) { hasher.combine(ObjectIdentifier(self)) }
}
