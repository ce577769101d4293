import Foundation

// The part of Combine that views use, on Linux where there is no Combine: publishers a view
// listens to with `.onReceive` (a timer, a subject, notifications, a model's `@Published`
// value), `sink`, and the operators such code chains most (`map`, `filter`, `receive(on:)`,
// `eraseToAnyPublisher`). Values are delivered on the main actor, where views and their state
// live; failures are not modelled (every publisher here never fails).

/// Something that delivers values to whoever subscribes, until the subscription is cancelled.
public protocol Publisher<Output> {
    associatedtype Output
    associatedtype Failure: Error = Never
    /// Starts delivering values to `receive`; they stop when the result is cancelled or released.
    func subscribe(_ receive: @escaping @MainActor (Output) -> Void) -> AnyCancellable
}

extension Publisher {
    /// Runs `receiveValue` for every value.
    @MainActor public func sink(receiveValue: @escaping @MainActor (Output) -> Void) -> AnyCancellable {
        subscribe(receiveValue)
    }

    @MainActor public func map<T>(_ transform: @escaping (Output) -> T) -> AnyPublisher<T, Failure> {
        AnyPublisher { receive in subscribe { receive(transform($0)) } }
    }

    @MainActor public func filter(_ isIncluded: @escaping (Output) -> Bool) -> AnyPublisher<Output, Failure> {
        AnyPublisher { receive in subscribe { if isIncluded($0) { receive($0) } } }
    }

    @MainActor public func compactMap<T>(_ transform: @escaping (Output) -> T?) -> AnyPublisher<T, Failure> {
        AnyPublisher { receive in subscribe { if let value = transform($0) { receive(value) } } }
    }

    /// Values are delivered on the main actor already: the scheduler changes nothing.
    public func receive<S>(on scheduler: S) -> Self { self }

    @MainActor public func eraseToAnyPublisher() -> AnyPublisher<Output, Failure> {
        AnyPublisher { receive in subscribe(receive) }
    }
}

/// Any publisher, by what it delivers.
public struct AnyPublisher<Output, Failure: Error>: Publisher {
    let start: (@escaping @MainActor (Output) -> Void) -> AnyCancellable

    init(_ start: @escaping (@escaping @MainActor (Output) -> Void) -> AnyCancellable) {
        self.start = start
    }

    public func subscribe(_ receive: @escaping @MainActor (Output) -> Void) -> AnyCancellable { start(receive) }
}

/// One value, delivered at once to each subscriber.
public struct Just<Output>: Publisher {
    public typealias Failure = Never
    public let output: Output

    public init(_ output: Output) { self.output = output }

    public func subscribe(_ receive: @escaping @MainActor (Output) -> Void) -> AnyCancellable {
        nonisolated(unsafe) let value = output
        MainActor.assumeIsolated { receive(value) }
        return AnyCancellable {}
    }
}

/// Values the app sends (`subject.send(value)`), delivered to every subscriber of the moment.
@MainActor
public final class PassthroughSubject<Output, Failure: Error>: Publisher {
    private nonisolated let receivers = Receivers<Output>()

    public nonisolated init() {}

    public func send(_ value: Output) {
        for receive in receivers.all { receive(value) }
    }

    public nonisolated func subscribe(_ receive: @escaping @MainActor (Output) -> Void) -> AnyCancellable {
        let id = receivers.add(receive)
        // At once, from any thread: nothing is delivered after `cancel()` returns.
        return AnyCancellable { [weak self] in self?.receivers.remove(id) }
    }
}

/// A value that is also a publisher of its changes: each subscriber gets the current value,
/// then every new one.
@MainActor
public final class CurrentValueSubject<Output, Failure: Error>: Publisher {
    private nonisolated let receivers = Receivers<Output>()
    nonisolated(unsafe) private var current: Output
    public var value: Output {
        get { current }
        set {
            current = newValue
            for receive in receivers.all { receive(newValue) }
        }
    }

    public nonisolated init(_ value: Output) {
        self.current = value
    }

    public func send(_ value: Output) { self.value = value }

    public nonisolated func subscribe(_ receive: @escaping @MainActor (Output) -> Void) -> AnyCancellable {
        let id = receivers.add(receive)
        MainActor.assumeIsolated { receive(current) }
        // At once, from any thread: nothing is delivered after `cancel()` returns.
        return AnyCancellable { [weak self] in self?.receivers.remove(id) }
    }
}

/// A subject's subscribers, added and removed from any thread (a cancellation may come from
/// anywhere), called on the main actor.
final class Receivers<Output>: @unchecked Sendable {
    private let lock = NSLock()
    private var byID: [UInt64: @MainActor (Output) -> Void] = [:]
    private var next: UInt64 = 0

    func add(_ receive: @escaping @MainActor (Output) -> Void) -> UInt64 {
        lock.withLock {
            next += 1
            byID[next] = receive
            return next
        }
    }

    func remove(_ id: UInt64) {
        lock.withLock { byID[id] = nil }
    }

    var all: [@MainActor (Output) -> Void] {
        lock.withLock { Array(byID.values) }
    }
}

extension Published.Publisher: Jetway.Publisher {
    public typealias Output = Value

    public func subscribe(_ receive: @escaping @MainActor (Value) -> Void) -> AnyCancellable {
        box.subscribe { value in
            nonisolated(unsafe) let value = value
            MainActor.assumeIsolated { receive(value) }
        }
    }
}

extension Timer {
    /// A timer that ticks every `interval` once connected (`.autoconnect()` connects it when
    /// subscribed): each tick delivers the date.
    public static func publish(
        every interval: TimeInterval, tolerance: TimeInterval? = nil, on runLoop: RunLoop, in mode: RunLoop.Mode,
        options: Any? = nil
    ) -> TimerPublisher {
        TimerPublisher(interval: max(interval, 0.001))
    }

    /// Ticks every `interval`; `.autoconnect()` to start with the first subscriber.
    public struct TimerPublisher: Publisher {
        public typealias Output = Date
        public typealias Failure = Never
        let interval: TimeInterval

        /// Starts ticking for each subscriber from when it subscribes.
        public func autoconnect() -> TimerPublisher { self }

        public func subscribe(_ receive: @escaping @MainActor (Date) -> Void) -> AnyCancellable {
            let timer = DispatchSource.makeTimerSource(queue: .main)
            let nanoseconds = Int(interval * 1_000_000_000)
            timer.schedule(deadline: .now() + .nanoseconds(nanoseconds), repeating: .nanoseconds(nanoseconds))
            timer.setEventHandler { MainActor.assumeIsolated { receive(Date()) } }
            timer.resume()
            nonisolated(unsafe) let running = timer
            return AnyCancellable { running.cancel() }
        }
    }
}

extension NotificationCenter {
    /// The notifications of `name` (from `object`, if given), delivered on the main actor.
    public func publisher(for name: Notification.Name, object: AnyObject? = nil) -> AnyPublisher<Notification, Never> {
        nonisolated(unsafe) let object = object
        return AnyPublisher { receive in
            // Delivered where it is posted when that is the main thread, else on the main queue
            // (an observer on OperationQueue.main waits for it, which would deadlock a post
            // from the main thread).
            let token = self.addObserver(forName: name, object: object, queue: nil) { note in
                nonisolated(unsafe) let note = note
                if Thread.isMainThread {
                    MainActor.assumeIsolated { receive(note) }
                } else {
                    DispatchQueue.main.async { MainActor.assumeIsolated { receive(note) } }
                }
            }
            nonisolated(unsafe) let observer = token
            return AnyCancellable { [weak self] in self?.removeObserver(observer) }
        }
    }
}

extension View {
    /// Runs `action` with each value `publisher` delivers while the view is on the page: the
    /// subscription starts when it appears and ends when it goes.
    ///
    /// ```swift
    /// let clock = Timer.publish(every: 1, on: .main, in: .common).autoconnect()
    /// Text(now, style: .time).onReceive(clock) { now = $0 }
    /// ```
    public func onReceive<P: Publisher>(_ publisher: P, perform action: @escaping @MainActor (P.Output) -> Void) -> some View {
        modifier(ReceiveModifier(publisher: publisher, action: action))
    }
}

struct ReceiveModifier<P: Publisher>: _PrimitiveModifier {
    let publisher: P
    let action: @MainActor (P.Output) -> Void

    static func _apply(_ modifier: Self, _ context: _RenderContext, _ out: inout [Node], _ content: @escaping _ContentRenderer) {
        content(context, &out)
        let graph = context.graph
        graph.usesLifecycle = true
        let subscription = context.persistent(Subscription.self) { Subscription() }
        // The newest action: a body evaluated again hands over a closure over its new values.
        let latest = subscription.latest
        latest.action = { value in if let value = value as? P.Output { modifier.action(value) } }
        if context.environment.screenIsCovered {
            subscription.cancellable = nil
            return
        }
        if subscription.cancellable == nil {
            let publisher = modifier.publisher
            graph.afterCommit {
                subscription.cancellable = publisher.subscribe { value in latest.action?(value) }
            }
        }
    }
}

/// A view's subscription, cancelled when its view leaves the page.
@MainActor
final class Subscription: UnmountObserving {
    final class Latest { var action: (@MainActor (Any) -> Void)? }
    let latest = Latest()
    var cancellable: AnyCancellable?

    func didUnmount() {
        cancellable = nil
    }
}
