import Foundation

// Combine's operators that shape a stream in time and by its values, as view models chain them
// (`$searchText.debounce(for: .seconds(0.5), scheduler: RunLoop.main).removeDuplicates()`,
// `dataTaskPublisher(for:).subscribe(on:).tryMap(…).retry(3)`): `debounce`, `throttle`,
// `delay`, `removeDuplicates`, `dropFirst`, `prepend`, `scan`, `first`, `flatMap`,
// `setFailureType`, `retry`, `subscribe(on:)`, `handleEvents`. Values are delivered on the main
// actor, like every publisher's here; a timed value waits on the main queue and is dropped if
// the subscription is cancelled first.

/// A length of time as a scheduler's stride names it: `.seconds(0.5)`, `.milliseconds(300)`,
/// or a literal number of seconds (`debounce(for: 0.5, scheduler: RunLoop.main)`).
public struct SchedulerStride: Sendable, Hashable, Comparable, ExpressibleByFloatLiteral, ExpressibleByIntegerLiteral {
    /// The length in seconds.
    public let timeInterval: TimeInterval

    /// A stride of `timeInterval` seconds (a negative one is taken as zero).
    public init(_ timeInterval: TimeInterval) { self.timeInterval = max(0, timeInterval) }
    /// A stride of a literal number of seconds: `0.5`.
    public init(floatLiteral value: Double) { self.init(value) }
    /// A stride of a whole literal number of seconds: `2`.
    public init(integerLiteral value: Int) { self.init(TimeInterval(value)) }

    /// A stride of `seconds` seconds.
    public static func seconds(_ seconds: Double) -> SchedulerStride { SchedulerStride(seconds) }
    /// A stride of a whole number of seconds.
    public static func seconds(_ seconds: Int) -> SchedulerStride { SchedulerStride(TimeInterval(seconds)) }
    /// A stride of `milliseconds` thousandths of a second.
    public static func milliseconds(_ milliseconds: Int) -> SchedulerStride { SchedulerStride(TimeInterval(milliseconds) / 1e3) }
    /// A stride of `microseconds` millionths of a second.
    public static func microseconds(_ microseconds: Int) -> SchedulerStride { SchedulerStride(TimeInterval(microseconds) / 1e6) }
    /// A stride of `nanoseconds` billionths of a second.
    public static func nanoseconds(_ nanoseconds: Int) -> SchedulerStride { SchedulerStride(TimeInterval(nanoseconds) / 1e9) }

    /// Whether `lhs` is shorter than `rhs`.
    public static func < (lhs: SchedulerStride, rhs: SchedulerStride) -> Bool { lhs.timeInterval < rhs.timeInterval }

    var dispatch: DispatchTimeInterval { .nanoseconds(Int(min(timeInterval, 1e9) * 1e9)) }
}

/// One subscription's state, touched on the main actor and cancelled from anywhere.
private final class OperatorState<Value>: @unchecked Sendable {
    let lock = NSLock()
    var upstream: AnyCancellable?
    var others: [AnyCancellable] = []
    /// Running inner subscriptions (flatMap), let go as each finishes.
    var inner: [UUID: AnyCancellable] = [:]
    var pending: DispatchWorkItem?
    var value: Value?
    var cancelled = false

    func cancel() {
        let (upstream, others, pending) = lock.withLock {
            cancelled = true
            defer {
                self.upstream = nil
                self.others = []
                self.inner = [:]
                self.pending = nil
            }
            return (self.upstream, self.others + Array(self.inner.values), self.pending)
        }
        pending?.cancel()
        upstream?.cancel()
        for other in others { other.cancel() }
    }

    /// Runs `work` on the main queue after `stride`, unless cancelled or replaced first.
    func schedule(after stride: SchedulerStride, _ work: @escaping @MainActor () -> Void) {
        let item = DispatchWorkItem { MainActor.assumeIsolated { work() } }
        let previous = lock.withLock { () -> DispatchWorkItem?? in
            guard !cancelled else { return .none }
            defer { pending = item }
            return .some(pending)
        }
        guard let previous else { return }
        previous?.cancel()
        DispatchQueue.main.asyncAfter(deadline: .now() + stride.dispatch, execute: item)
    }

    var isCancelled: Bool { lock.withLock { cancelled } }
}

extension Publisher {
    /// Delivers a value only once `dueTime` has passed without another: the last of a burst
    /// (a search field's typing). A value still waiting when the stream finishes is delivered
    /// before the end.
    public func debounce<S>(for dueTime: SchedulerStride, scheduler: S, options: Any? = nil) -> AnyPublisher<Output, Failure> {
        AnyPublisher { receive, complete in
            nonisolated(unsafe) let receive = receive
            let state = OperatorState<Output>()
            let upstream = subscribe(
                { value in
                    state.lock.withLock { state.value = value }
                    state.schedule(after: dueTime) {
                        let waiting = state.lock.withLock { () -> Output? in
                            defer { state.value = nil }
                            return state.value
                        }
                        if let waiting { receive(waiting) }
                    }
                },
                completion: { completion in
                    // The value still waiting is delivered before the end.
                    let (item, waiting) = state.lock.withLock { () -> (DispatchWorkItem?, Output?) in
                        defer {
                            state.pending = nil
                            state.value = nil
                        }
                        return (state.pending, state.value)
                    }
                    item?.cancel()
                    if let waiting { receive(waiting) }
                    complete(completion)
                })
            state.lock.withLock { state.upstream = upstream }
            return AnyCancellable { state.cancel() }
        }
    }

    /// At most one value each `interval`: the first at once, then the latest (or, with
    /// `latest: false`, the first) that came during the interval, at its end.
    public func throttle<S>(for interval: SchedulerStride, scheduler: S, latest: Bool) -> AnyPublisher<Output, Failure> {
        AnyPublisher { receive, complete in
            nonisolated(unsafe) let receive = receive
            let state = OperatorState<Output>()
            // Whether a value may pass now; the interval's end passes on what it held.
            nonisolated(unsafe) var open = true
            nonisolated(unsafe) var ended = false
            nonisolated(unsafe) var reopen: () -> Void = {}
            reopen = {
                guard !ended else { return }
                let held = state.lock.withLock { () -> Output? in
                    defer { state.value = nil }
                    return state.value
                }
                if let held {
                    receive(held)
                    state.schedule(after: interval) { reopen() }
                } else {
                    open = true
                }
            }
            let upstream = subscribe(
                { value in
                    if open {
                        open = false
                        receive(value)
                        state.schedule(after: interval) { reopen() }
                    } else {
                        state.lock.withLock { if latest || state.value == nil { state.value = value } }
                    }
                },
                completion: { completion in
                    // Nothing after the end: what the interval held is dropped, as Combine's.
                    ended = true
                    state.lock.withLock { state.pending }?.cancel()
                    complete(completion)
                })
            state.lock.withLock { state.upstream = upstream }
            return AnyCancellable {
                state.cancel()
                reopen = {}
            }
        }
    }

    /// Every value, and the end, `interval` later than it came.
    public func delay<S>(for interval: SchedulerStride, scheduler: S, options: Any? = nil) -> AnyPublisher<Output, Failure> {
        AnyPublisher { receive, complete in
            nonisolated(unsafe) let receive = receive, complete = complete
            let state = OperatorState<Output>()
            func later(_ work: @escaping @MainActor () -> Void) {
                DispatchQueue.main.asyncAfter(deadline: .now() + interval.dispatch) {
                    guard !state.isCancelled else { return }
                    MainActor.assumeIsolated { work() }
                }
            }
            let upstream = subscribe(
                { value in
                    nonisolated(unsafe) let value = value
                    later { receive(value) }
                },
                completion: { completion in
                    nonisolated(unsafe) let completion = completion
                    later { complete(completion) }
                })
            state.lock.withLock { state.upstream = upstream }
            return AnyCancellable { state.cancel() }
        }
    }

    /// Leaves out a value equal to the one before it (by `isDuplicate`).
    public func removeDuplicates(by isDuplicate: @escaping (Output, Output) -> Bool) -> AnyPublisher<Output, Failure> {
        nonisolated(unsafe) let isDuplicate = isDuplicate
        return AnyPublisher { receive, complete in
            var last: Output?
            return subscribe(
                { value in
                    if let previous = last, isDuplicate(previous, value) { return }
                    last = value
                    receive(value)
                }, completion: complete)
        }
    }

    /// Leaves out the first `count` values.
    public func dropFirst(_ count: Int = 1) -> AnyPublisher<Output, Failure> {
        AnyPublisher { receive, complete in
            var dropped = 0
            return subscribe(
                { value in
                    guard dropped >= count else {
                        dropped += 1
                        return
                    }
                    receive(value)
                }, completion: complete)
        }
    }

    /// `values` first, then the stream's own.
    public func prepend(_ values: Output...) -> AnyPublisher<Output, Failure> {
        nonisolated(unsafe) let values = values
        return AnyPublisher { receive, complete in
            nonisolated(unsafe) let receive = receive
            onMainActor { for value in values { receive(value) } }
            return subscribe(receive, completion: complete)
        }
    }

    /// A running result: `nextPartialResult` of the last result and each value.
    public func scan<T>(_ initialResult: T, _ nextPartialResult: @escaping (T, Output) -> T) -> AnyPublisher<T, Failure> {
        nonisolated(unsafe) let initialResult = initialResult, nextPartialResult = nextPartialResult
        return AnyPublisher { receive, complete in
            var result = initialResult
            return subscribe(
                { value in
                    result = nextPartialResult(result, value)
                    receive(result)
                }, completion: complete)
        }
    }

    /// The first value (that `predicate` accepts), then the end.
    public func first(where predicate: @escaping (Output) -> Bool = { _ in true }) -> AnyPublisher<Output, Failure> {
        nonisolated(unsafe) let predicate = predicate
        return AnyPublisher { receive, complete in
            let state = OperatorState<Output>()
            var done = false
            let upstream = subscribe(
                { value in
                    guard !done, predicate(value) else { return }
                    done = true
                    receive(value)
                    complete(.finished)
                    state.cancel()
                },
                completion: { completion in
                    guard !done else { return }
                    done = true
                    complete(completion)
                })
            state.lock.withLock { state.upstream = upstream }
            if done { upstream.cancel() }
            return AnyCancellable { state.cancel() }
        }
    }

    /// Each value becomes a publisher (a request for it, say) whose values all come through;
    /// the stream ends when it and every inner one have finished, or when one fails.
    /// (`maxPublishers` is accepted: every inner publisher is subscribed at once.)
    public func flatMap<P: Publisher>(maxPublishers: Int? = nil, _ transform: @escaping (Output) -> P) -> AnyPublisher<P.Output, Failure>
    where P.Failure == Failure {
        nonisolated(unsafe) let transform = transform
        return AnyPublisher { receive, complete in
            let state = OperatorState<Output>()
            var running = 0
            var finished: Set<UUID> = []
            var upstreamDone = false
            var ended = false
            func end(_ completion: Subscribers.Completion<Failure>) {
                guard !ended else { return }
                ended = true
                complete(completion)
            }
            let upstream = subscribe(
                { value in
                    guard !ended else { return }
                    running += 1
                    let key = UUID()
                    let inner = transform(value).subscribe(
                        { if !ended { receive($0) } },
                        completion: { completion in
                            running -= 1
                            // A finished request is let go (a search per keystroke would pile up).
                            finished.insert(key)
                            state.lock.withLock { state.inner[key] = nil }
                            if case .failure = completion {
                                end(completion)
                                state.cancel()
                            } else if upstreamDone && running == 0 {
                                end(.finished)
                            }
                        })
                    // Kept while it runs (one that finished at once is not kept).
                    if finished.remove(key) == nil { state.lock.withLock { state.inner[key] = inner } }
                },
                completion: { completion in
                    upstreamDone = true
                    if case .failure = completion {
                        end(completion)
                    } else if running == 0 {
                        end(.finished)
                    }
                })
            state.lock.withLock { state.upstream = upstream }
            return AnyCancellable { state.cancel() }
        }
    }

    /// The same values, typed as a stream that may fail with `failureType` (it never does).
    public func setFailureType<E: Error>(to failureType: E.Type) -> AnyPublisher<Output, E> where Failure == Never {
        AnyPublisher { receive, complete in
            subscribe(receive) { _ in complete(.finished) }
        }
    }

    /// On a failure, subscribes again, up to `retries` times; the last failure ends the stream.
    public func retry(_ retries: Int) -> AnyPublisher<Output, Failure> {
        AnyPublisher { receive, complete in
            let state = OperatorState<Output>()
            func attempt(_ left: Int) {
                let subscription = subscribe(receive) { completion in
                    if case .failure = completion, left > 0, !state.isCancelled {
                        attempt(left - 1)
                    } else {
                        complete(completion)
                    }
                }
                let keep = state.lock.withLock { () -> Bool in
                    guard !state.cancelled else { return false }
                    state.others.append(subscription)
                    return true
                }
                if !keep { subscription.cancel() }
            }
            attempt(max(0, retries))
            return AnyCancellable { state.cancel() }
        }
    }

    /// Runs the given closures as values and the end pass by (logging, a spinner), then
    /// delivers them unchanged.
    public func handleEvents(
        receiveSubscription: ((Any) -> Void)? = nil, receiveOutput: ((Output) -> Void)? = nil,
        receiveCompletion: ((Subscribers.Completion<Failure>) -> Void)? = nil, receiveCancel: (() -> Void)? = nil,
        receiveRequest: ((Any) -> Void)? = nil
    ) -> AnyPublisher<Output, Failure> {
        nonisolated(unsafe) let receiveSubscription = receiveSubscription, receiveOutput = receiveOutput
        nonisolated(unsafe) let receiveCompletion = receiveCompletion, receiveCancel = receiveCancel
        return AnyPublisher { receive, complete in
            receiveSubscription?(())
            let upstream = subscribe(
                { value in
                    receiveOutput?(value)
                    receive(value)
                },
                completion: { completion in
                    receiveCompletion?(completion)
                    complete(completion)
                })
            nonisolated(unsafe) let cancelled = receiveCancel
            return AnyCancellable {
                upstream.cancel()
                cancelled?()
            }
        }
    }

    /// Work is started where the publisher starts it already: the scheduler changes nothing
    /// (values are delivered on the main actor either way).
    public func subscribe<S>(on scheduler: S, options: Any? = nil) -> Self { self }
}

extension Publisher where Output: Equatable {
    /// Leaves out a value equal to the one before it.
    public func removeDuplicates() -> AnyPublisher<Output, Failure> {
        removeDuplicates(by: ==)
    }
}
