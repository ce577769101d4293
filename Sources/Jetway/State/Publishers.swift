import Foundation

// The part of Combine that views use, on Linux where there is no Combine: publishers a view
// listens to with `.onReceive` (a timer, a subject, notifications, a model's `@Published`
// value), `sink`, and the operators such code chains most (`map`, `filter`, `receive(on:)`,
// `eraseToAnyPublisher`), and the failing ones network code chains (`dataTaskPublisher`,
// `tryMap`, `decode`, `mapError`, `replaceError`, `catch`, `sink(receiveCompletion:receiveValue:)`).
// Values and completions are delivered on the main actor, where views and their state live.

/// Something that delivers values to whoever subscribes, until the subscription is cancelled.
public protocol Publisher<Output> {
    /// The type of the values the publisher delivers.
    associatedtype Output
    /// The error a stream may end with; `Never` (the default) for a publisher that cannot fail.
    associatedtype Failure: Error = Never
    /// Starts delivering values to `receive`; they stop when the result is cancelled or released.
    func subscribe(_ receive: @escaping (Output) -> Void) -> AnyCancellable
    /// Starts delivering values to `receive` and, once, how the stream ended to `complete`.
    func subscribe(
        _ receive: @escaping (Output) -> Void, completion complete: @escaping (Subscribers.Completion<Failure>) -> Void
    ) -> AnyCancellable
}

/// How a subscription ends: Combine's names.
public enum Subscribers {
    /// The end of a stream: finished, or failed with the publisher's error.
    public enum Completion<Failure: Error> {
        /// The stream ended normally.
        case finished
        /// The stream ended with an error.
        case failure(Failure)
    }
}

extension Publisher {
    /// A publisher that never ends: values only.
    public func subscribe(
        _ receive: @escaping (Output) -> Void, completion complete: @escaping (Subscribers.Completion<Failure>) -> Void
    ) -> AnyCancellable {
        subscribe(receive)
    }

    /// Runs `receiveValue` for every value.
    public func sink(receiveValue: @escaping (Output) -> Void) -> AnyCancellable {
        subscribe(receiveValue)
    }

    /// Runs `receiveValue` for every value and `receiveCompletion` once, when the stream
    /// finishes or fails.
    public func sink(
        receiveCompletion: @escaping (Subscribers.Completion<Failure>) -> Void,
        receiveValue: @escaping (Output) -> Void
    ) -> AnyCancellable {
        subscribe(receiveValue, completion: receiveCompletion)
    }

    /// Sets `object[keyPath:]` to every value.
    public func assign<Root: AnyObject>(to keyPath: ReferenceWritableKeyPath<Root, Output>, on object: Root) -> AnyCancellable
    where Failure == Never {
        nonisolated(unsafe) let object = object, keyPath = keyPath
        return subscribe { object[keyPath: keyPath] = $0 }
    }

    /// Republishes every value through a `@Published` property (`.assign(to: &$value)`); the
    /// subscription lasts as long as the property's owner.
    public func assign(to published: inout Published<Output>.Publisher) where Failure == Never {
        let box = published.box
        let cancellable = subscribe { value in
            box.publisher?.send()
            box.value = value
            box.sendValue(value)
        }
        box.keep(cancellable)
    }

    /// Each value changed by `transform`.
    public func map<T>(_ transform: @escaping (Output) -> T) -> AnyPublisher<T, Failure> {
        nonisolated(unsafe) let transform = transform
        return AnyPublisher { receive, complete in subscribe({ receive(transform($0)) }, completion: complete) }
    }

    /// Only the values `isIncluded` returns true for.
    public func filter(_ isIncluded: @escaping (Output) -> Bool) -> AnyPublisher<Output, Failure> {
        nonisolated(unsafe) let isIncluded = isIncluded
        return AnyPublisher { receive, complete in subscribe({ if isIncluded($0) { receive($0) } }, completion: complete) }
    }

    /// The non-nil results of `transform`; values it maps to nil are dropped.
    public func compactMap<T>(_ transform: @escaping (Output) -> T?) -> AnyPublisher<T, Failure> {
        nonisolated(unsafe) let transform = transform
        return AnyPublisher { receive, complete in subscribe({ if let value = transform($0) { receive(value) } }, completion: complete) }
    }

    /// Like `map`, where the transform may throw: a throw ends the stream with that error.
    public func tryMap<T>(_ transform: @escaping (Output) throws -> T) -> AnyPublisher<T, any Error> {
        nonisolated(unsafe) let transform = transform
        return AnyPublisher { receive, complete in
            let ended = CompletionLatch()
            let inner = subscribe(
                { value in
                    guard !ended.done else { return }
                    do { receive(try transform(value)) } catch {
                        ended.done = true
                        complete(.failure(error))
                    }
                },
                completion: { completion in
                    guard !ended.done else { return }
                    ended.done = true
                    switch completion {
                    case .finished: complete(.finished)
                    case .failure(let error): complete(.failure(error))
                    }
                })
            return inner
        }
    }

    /// Decodes each value (JSON data, as `URLSession` delivers it) as `type`.
    public func decode<Item: Decodable>(type: Item.Type, decoder: JSONDecoder) -> AnyPublisher<Item, any Error>
    where Output == Data {
        tryMap { try decoder.decode(type, from: $0) }
    }

    /// The stream's error, changed by `transform`.
    public func mapError<E: Error>(_ transform: @escaping (Failure) -> E) -> AnyPublisher<Output, E> {
        nonisolated(unsafe) let transform = transform
        return AnyPublisher { receive, complete in
            subscribe(receive) { completion in
                switch completion {
                case .finished: complete(.finished)
                case .failure(let error): complete(.failure(transform(error)))
                }
            }
        }
    }

    /// A failure becomes `output`, then the stream finishes.
    public func replaceError(with output: Output) -> AnyPublisher<Output, Never> {
        nonisolated(unsafe) let output = output
        return AnyPublisher { receive, complete in
            subscribe(receive) { completion in
                if case .failure = completion { receive(output) }
                complete(.finished)
            }
        }
    }

    /// A failure hands over to the publisher `handler` makes of the error.
    public func `catch`<P: Publisher>(_ handler: @escaping (Failure) -> P) -> AnyPublisher<Output, P.Failure>
    where P.Output == Output {
        nonisolated(unsafe) let handler = handler
        return AnyPublisher { receive, complete in
            let next = CancellableBox()
            let first = subscribe(receive) { completion in
                switch completion {
                case .finished: complete(.finished)
                case .failure(let error): next.value = handler(error).subscribe(receive, completion: complete)
                }
            }
            return AnyCancellable {
                first.cancel()
                next.cancel()
            }
        }
    }

    /// Values are delivered on the main actor already: the scheduler changes nothing.
    public func receive<S>(on scheduler: S) -> Self { self }

    /// With the scheduler's options (a queue's quality of service): delivered on the main
    /// actor, as every value here is.
    public func receive<S: Scheduler>(on scheduler: S, options: S.SchedulerOptions?) -> Self { self }

    /// This publisher behind the type-erased `AnyPublisher`.
    public func eraseToAnyPublisher() -> AnyPublisher<Output, Failure> {
        AnyPublisher { receive, complete in subscribe(receive, completion: complete) }
    }
}

/// Whether a stream has ended (a value after a failure is dropped).
private final class CompletionLatch {
    var done = false
}

/// The subscription a `catch` hands over to, set later.
private final class CancellableBox: @unchecked Sendable {
    private let lock = NSLock()
    private var cancellable: AnyCancellable?
    var value: AnyCancellable? {
        get { lock.withLock { cancellable } }
        set { lock.withLock { cancellable = newValue } }
    }
    func cancel() { value?.cancel() }
}

/// Any publisher, by what it delivers.
public struct AnyPublisher<Output, Failure: Error>: Publisher {
    let start: (@escaping (Output) -> Void, @escaping (Subscribers.Completion<Failure>) -> Void) -> AnyCancellable
    /// A UIKit life-cycle notification a view hears from its own page (`.onReceive`), not from
    /// the process (UIKitNames.swift).
    var pageLifecycle: Notification.Name?

    init(
        _ start:
            @escaping (@escaping (Output) -> Void, @escaping (Subscribers.Completion<Failure>) -> Void) ->
            AnyCancellable
    ) {
        self.start = start
    }

    /// Starts the wrapped publisher, delivering its values to `receive`.
    public func subscribe(_ receive: @escaping (Output) -> Void) -> AnyCancellable { start(receive, { _ in }) }

    /// Starts the wrapped publisher, delivering its values to `receive` and its end to `complete`.
    public func subscribe(
        _ receive: @escaping (Output) -> Void, completion complete: @escaping (Subscribers.Completion<Failure>) -> Void
    ) -> AnyCancellable {
        start(receive, complete)
    }
}

/// One value, delivered at once to each subscriber.
public struct Just<Output>: Publisher {
    /// `Just` never fails.
    public typealias Failure = Never
    /// The value each subscriber gets.
    public let output: Output

    /// A publisher of `output` alone.
    public init(_ output: Output) { self.output = output }

    /// Delivers the value to `receive` at once, before returning.
    public func subscribe(_ receive: @escaping (Output) -> Void) -> AnyCancellable {
        subscribe(receive) { _ in }
    }

    /// Delivers the value to `receive`, then `.finished` to `complete`, at once.
    public func subscribe(
        _ receive: @escaping (Output) -> Void, completion complete: @escaping (Subscribers.Completion<Never>) -> Void
    ) -> AnyCancellable {
        nonisolated(unsafe) let value = output
        nonisolated(unsafe) let receive = receive, complete = complete
        onMainActor {
            receive(value)
            complete(.finished)
        }
        return AnyCancellable {}
    }
}

/// A publisher of no values: it finishes at once, or with `completeImmediately: false` never
/// (a placeholder stream that stays open until cancelled).
public struct Empty<Output, Failure: Error>: Publisher {
    /// Whether a subscriber is told `.finished` at once (true) or never.
    public let completeImmediately: Bool

    /// A publisher of no values that finishes at once, or never when `completeImmediately` is false.
    public init(completeImmediately: Bool = true) { self.completeImmediately = completeImmediately }
    /// The same, with the output and failure types named (`Empty(outputType: Int.self, failureType: Never.self)`).
    public init(completeImmediately: Bool = true, outputType: Output.Type, failureType: Failure.Type) {
        self.completeImmediately = completeImmediately
    }

    /// Delivers nothing.
    public func subscribe(_ receive: @escaping (Output) -> Void) -> AnyCancellable { AnyCancellable {} }

    /// Delivers no values; tells `complete` `.finished` at once when `completeImmediately` is true.
    public func subscribe(
        _ receive: @escaping (Output) -> Void, completion complete: @escaping (Subscribers.Completion<Failure>) -> Void
    ) -> AnyCancellable {
        guard completeImmediately else { return AnyCancellable {} }
        nonisolated(unsafe) let complete = complete
        onMainActor { complete(.finished) }
        return AnyCancellable {}
    }
}

/// Where Combine code asks for values to arrive (`DispatchQueue.main`, `RunLoop.main`,
/// `OperationQueue.main`, `ImmediateScheduler.shared`), and the options it may pass. Every
/// publisher here delivers on the main actor, where views and their state live, so a
/// scheduler names the place and moves nothing: a generic `S: Scheduler` in an app's or a
/// package's code (`init<S: Scheduler>(on scheduler: S, options: S.SchedulerOptions?)`)
/// compiles and its values arrive as the rest do.
public protocol Scheduler {
    /// The options code may pass with the scheduler; accepted so Combine code compiles, and never read.
    associatedtype SchedulerOptions
}

extension DispatchQueue: Scheduler {
    /// A queue's options in Combine: its quality of service, flags and group.
    public struct SchedulerOptions {
        /// The quality of service asked for; kept, but values arrive on the main actor whatever it is.
        public var qos: DispatchQoS
        /// The work item flags asked for; kept, but they change nothing here.
        public var flags: DispatchWorkItemFlags
        /// The group asked for; kept, but nothing enters it.
        public var group: DispatchGroup?

        /// Options with `qos`, `flags` and `group`, accepted so Combine code compiles; they move no value elsewhere.
        public init(qos: DispatchQoS = .unspecified, flags: DispatchWorkItemFlags = [], group: DispatchGroup? = nil) {
            self.qos = qos
            self.flags = flags
            self.group = group
        }
    }
}

extension RunLoop: Scheduler {
    /// A run loop's options in Combine: none, and values arrive on the main actor.
    public struct SchedulerOptions: Sendable {}
}

extension OperationQueue: Scheduler {
    /// An operation queue's options in Combine: none, and values arrive on the main actor.
    public struct SchedulerOptions: Sendable {}
}

/// Combine's scheduler that runs work at once, where it is asked.
public struct ImmediateScheduler: Scheduler, Sendable {
    /// The immediate scheduler takes no options.
    public typealias SchedulerOptions = Never
    /// The one immediate scheduler (`ImmediateScheduler.shared`).
    public static let shared = ImmediateScheduler()
}

/// A publisher that fails at once with `error`.
public struct Fail<Output, Failure: Error>: Publisher {
    /// The error every subscriber is failed with.
    public let error: Failure

    /// A publisher that fails with `error`.
    public init(error: Failure) { self.error = error }
    /// The same, with the output type named (`Fail(outputType: Int.self, failure: error)`).
    public init(outputType: Output.Type, failure: Failure) { self.error = failure }

    /// Delivers nothing (with no completion handler, the failure is not seen).
    public func subscribe(_ receive: @escaping (Output) -> Void) -> AnyCancellable { AnyCancellable {} }

    /// Tells `complete` `.failure(error)` at once; no values.
    public func subscribe(
        _ receive: @escaping (Output) -> Void, completion complete: @escaping (Subscribers.Completion<Failure>) -> Void
    ) -> AnyCancellable {
        let error = error
        nonisolated(unsafe) let complete = complete
        onMainActor { complete(.failure(error)) }
        return AnyCancellable {}
    }
}

/// Values the app sends (`subject.send(value)`), delivered to every subscriber of the moment.
@MainActor
public final class PassthroughSubject<Output, Failure: Error>: Publisher {
    private nonisolated let receivers = Receivers<Output>()

    /// A subject with no subscribers yet.
    public nonisolated init() {}

    /// Delivers `value` to every subscriber, on the main actor, where views and their handlers
    /// run. (Marked `@preconcurrency`: a Swift 5 model that is not main-actor isolated sends
    /// with a warning, as its handlers call it on the main actor.)
    @preconcurrency @MainActor
    public func send(_ value: Output) {
        for receive in receivers.all { receive(value) }
    }

    /// Adds `receive` to the subject's subscribers until the result is cancelled or released; it gets the values
    /// sent after this.
    public nonisolated func subscribe(_ receive: @escaping (Output) -> Void) -> AnyCancellable {
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
    /// The current value; setting it delivers the new value to every subscriber.
    public var value: Output {
        get { current }
        set {
            current = newValue
            for receive in receivers.all { receive(newValue) }
        }
    }

    /// A subject holding `value`.
    public nonisolated init(_ value: Output) {
        self.current = value
    }

    /// Sets `value`, delivering it to every subscriber (on the main actor, as `PassthroughSubject.send(_:)`).
    @preconcurrency @MainActor
    public func send(_ value: Output) { self.value = value }

    /// Delivers the current value to `receive` at once, then every new one, until the result is cancelled or
    /// released.
    public nonisolated func subscribe(_ receive: @escaping (Output) -> Void) -> AnyCancellable {
        let id = receivers.add(receive)
        nonisolated(unsafe) let receive = receive
        nonisolated(unsafe) let value = current
        onMainActor { receive(value) }
        // At once, from any thread: nothing is delivered after `cancel()` returns.
        return AnyCancellable { [weak self] in self?.receivers.remove(id) }
    }
}

/// A subject's subscribers, added and removed from any thread (a cancellation may come from
/// anywhere), called on the main actor.
final class Receivers<Output>: @unchecked Sendable {
    private let lock = NSLock()
    private var byID: [UInt64: (Output) -> Void] = [:]
    private var next: UInt64 = 0

    func add(_ receive: @escaping (Output) -> Void) -> UInt64 {
        lock.withLock {
            next += 1
            byID[next] = receive
            return next
        }
    }

    func remove(_ id: UInt64) {
        lock.withLock { byID[id] = nil }
    }

    var all: [(Output) -> Void] {
        lock.withLock { Array(byID.values) }
    }
}

extension Published.Publisher: Jetway.Publisher {
    /// The property's value type.
    public typealias Output = Value

    /// Delivers the `@Published` property's current value to `receive` at once, then each new one as it is
    /// set, on the main actor: a value set on another thread (a background task's) is delivered on the
    /// main queue after it, as SwiftUI delivers it with a warning — never a trap.
    public func subscribe(_ receive: @escaping (Value) -> Void) -> AnyCancellable {
        nonisolated(unsafe) let receive = receive
        return box.subscribe { value in
            nonisolated(unsafe) let value = value
            onMainActor { receive(value) }
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
        TimerPublisher(interval: max(interval, 0.001), ticks: TimerTicks())
    }

    /// Ticks every `interval`; `.autoconnect()` to start with the first subscriber.
    public struct TimerPublisher: Publisher {
        /// Each tick delivers the date it fired.
        public typealias Output = Date
        /// A timer never fails.
        public typealias Failure = Never
        let interval: TimeInterval
        let ticks: TimerTicks

        /// Starts ticking for each subscriber from when it subscribes.
        public func autoconnect() -> TimerPublisher { self }

        /// The timer under `.autoconnect()`: `timer.upstream.connect().cancel()` stops the
        /// ticks of every view subscribed to it.
        public var upstream: TimerPublisher { self }

        /// Connects the timer; cancelling what it returns stops the ticks of every subscriber.
        @discardableResult public func connect() -> AnyCancellable {
            let ticks = self.ticks
            return AnyCancellable { ticks.stop() }
        }

        /// Starts a timer of its own for this subscriber on the main queue, first firing one `interval` from now; cancelling
        /// the result stops it (and after `connect()` is cancelled none starts).
        public func subscribe(_ receive: @escaping (Date) -> Void) -> AnyCancellable {
            let timer = DispatchSource.makeTimerSource(queue: .main)
            let nanoseconds = Int(interval * 1_000_000_000)
            timer.schedule(deadline: .now() + .nanoseconds(nanoseconds), repeating: .nanoseconds(nanoseconds))
            nonisolated(unsafe) let receive = receive
            timer.setEventHandler { MainActor.assumeIsolated { receive(Date()) } }
            guard let id = ticks.add(timer) else { return AnyCancellable {} }
            timer.resume()
            let ticks = self.ticks
            return AnyCancellable { ticks.remove(id) }
        }
    }

    /// The running timers of one `Timer.publish(…)`, stopped together when its connection is
    /// cancelled (and none starts after).
    final class TimerTicks: @unchecked Sendable {
        private let lock = NSLock()
        private var timers: [Int: any DispatchSourceTimer] = [:]
        private var next = 0
        private var stopped = false

        func add(_ timer: any DispatchSourceTimer) -> Int? {
            lock.withLock {
                guard !stopped else { return nil }
                next += 1
                timers[next] = timer
                return next
            }
        }

        func remove(_ id: Int) {
            lock.withLock { timers.removeValue(forKey: id) }?.cancel()
        }

        func stop() {
            let all = lock.withLock {
                stopped = true
                defer { timers = [:] }
                return Array(timers.values)
            }
            for timer in all { timer.cancel() }
        }
    }
}

extension NotificationCenter {
    /// The notifications of `name` (from `object`, if given), delivered on the main actor.
    /// UIApplication's life-cycle notifications (`willResignActiveNotification`, …) heard with
    /// `.onReceive` come from the view's own page: its tab hidden or shown (`scenePhase`).
    public func publisher(for name: Notification.Name, object: AnyObject? = nil) -> AnyPublisher<Notification, Never> {
        nonisolated(unsafe) let object = object
        let keyboard = UIResponder.keyboardNotifications.contains(name)
        var publisher = AnyPublisher<Notification, Never> { receive, _ in
            // The keyboard's notifications are a page's: the one subscribing hears its own.
            nonisolated(unsafe) var page: PageHost?
            if keyboard {
                MainActor.assumeIsolated {
                    page = PageHost.acting
                    page?.hearsKeyboard = true
                }
            }
            nonisolated(unsafe) let receive = receive
            // Delivered where it is posted when that is the main thread, else on the main queue
            // (an observer on OperationQueue.main waits for it, which would deadlock a post
            // from the main thread).
            let token = self.addObserver(forName: name, object: object, queue: nil) { note in
                if keyboard, (note.object as? PageHost) !== page { return }
                nonisolated(unsafe) let note = note
                // A page posts its keyboard's notifications on the main actor.
                onMainActor { receive(note) }
            }
            nonisolated(unsafe) let observer = token
            return AnyCancellable { [weak self] in self?.removeObserver(observer) }
        }
        if UIApplication.lifecycleNotifications.contains(name) { publisher.pageLifecycle = name }
        return publisher
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
        let lifecycle = (modifier.publisher as? AnyPublisher<Notification, Never>)?.pageLifecycle
        // A covered screen stops hearing its publishers, but still hears the page end (a draft
        // saved on termination under a pushed screen).
        if context.environment.screenIsCovered && lifecycle != UIApplication.willTerminateNotification {
            subscription.cancellable = nil
            return
        }
        if subscription.cancellable == nil, let lifecycle {
            // The page's own life cycle: its tab hidden or shown, or the page ending.
            let host = graph.host
            if lifecycle == UIApplication.willTerminateNotification {
                graph.afterCommit {
                    subscription.cancellable = host.observeEnd { latest.action?(Notification(name: lifecycle)) }
                }
                return
            }
            host.readsPhase = true
            graph.afterCommit {
                subscription.cancellable = host.observePhase { phase in
                    if UIApplication.notifications(entering: phase).contains(lifecycle) {
                        latest.action?(Notification(name: lifecycle))
                    }
                }
            }
        } else if subscription.cancellable == nil {
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
    final class Latest { var action: ((Any) -> Void)? }
    let latest = Latest()
    var cancellable: AnyCancellable?

    func didUnmount() {
        cancellable = nil
    }
}

/// Runs `work` on the main actor, where views and their models live: at once when called there
/// (the usual case), else on the main queue — a value published from a background task reaches
/// the views after it, as in SwiftUI (which warns), instead of stopping the server.
func onMainActor(_ work: @escaping @MainActor () -> Void) {
    if MainActorCheck.isCurrent {
        MainActor.assumeIsolated(work)
    } else {
        DispatchQueue.main.async { MainActor.assumeIsolated(work) }
    }
}
