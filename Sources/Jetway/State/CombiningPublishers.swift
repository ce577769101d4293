import Foundation

/// Combine's publishers that join others: `Publishers.Merge`, `MergeMany` (every value of any
/// of them, as it comes), `CombineLatest`, `CombineLatest3`, `CombineLatest4` (the latest value
/// of each, once each has one, again whenever one changes), and the operators `merge(with:)`
/// and `combineLatest(_:)`. A joined stream fails when one of its streams fails, and finishes
/// when all have finished.
public enum Publishers {}

extension Publishers {
    /// Every value of two publishers, as each delivers it (`a.merge(with: b)`).
    public struct Merge<A: Publisher, B: Publisher>: Publisher where A.Output == B.Output, A.Failure == B.Failure {
        /// The values both streams deliver.
        public typealias Output = A.Output
        /// The error either stream may fail with.
        public typealias Failure = A.Failure
        /// The first stream.
        public let a: A
        /// The second stream.
        public let b: B

        /// Merges `a` and `b`.
        public init(_ a: A, _ b: B) {
            self.a = a
            self.b = b
        }

        /// Subscribes to both streams, delivering their values to `receive`.
        public func subscribe(_ receive: @escaping (Output) -> Void) -> AnyCancellable { subscribe(receive, completion: { _ in }) }

        /// Subscribes to both streams: their values go to `receive`; the first failure, or the finish of both, to `complete`.
        public func subscribe(
            _ receive: @escaping (Output) -> Void, completion complete: @escaping (Subscribers.Completion<Failure>) -> Void
        ) -> AnyCancellable {
            Joining.merge([a.eraseToAnyPublisher(), b.eraseToAnyPublisher()], receive, complete)
        }
    }

    /// Every value of any number of publishers of one type, as each delivers it.
    public struct MergeMany<Upstream: Publisher>: Publisher {
        /// The values the streams deliver.
        public typealias Output = Upstream.Output
        /// The error any stream may fail with.
        public typealias Failure = Upstream.Failure
        /// The streams merged.
        public let publishers: [Upstream]

        /// Merges the publishers listed.
        public init(_ upstream: Upstream...) { publishers = upstream }
        /// Merges the publishers in `upstream`.
        public init<S: Sequence>(_ upstream: S) where S.Element == Upstream { publishers = Array(upstream) }

        /// Subscribes to every stream, delivering their values to `receive`.
        public func subscribe(_ receive: @escaping (Output) -> Void) -> AnyCancellable { subscribe(receive, completion: { _ in }) }

        /// Subscribes to every stream: their values go to `receive`; the first failure, or the finish of all, to
        /// `complete` (at once when there are none).
        public func subscribe(
            _ receive: @escaping (Output) -> Void, completion complete: @escaping (Subscribers.Completion<Failure>) -> Void
        ) -> AnyCancellable {
            Joining.merge(publishers.map { $0.eraseToAnyPublisher() }, receive, complete)
        }
    }

    /// The latest values of two publishers as a pair, once each has delivered one, and again whenever either delivers.
    public struct CombineLatest<A: Publisher, B: Publisher>: Publisher where A.Failure == B.Failure {
        /// A pair of the streams' latest values.
        public typealias Output = (A.Output, B.Output)
        /// The error either stream may fail with.
        public typealias Failure = A.Failure
        /// The first stream.
        public let a: A
        /// The second stream.
        public let b: B

        /// Combines `a` and `b`.
        public init(_ a: A, _ b: B) {
            self.a = a
            self.b = b
        }

        /// Subscribes to both streams, delivering pairs to `receive`.
        public func subscribe(_ receive: @escaping (Output) -> Void) -> AnyCancellable { subscribe(receive, completion: { _ in }) }

        /// Subscribes to both streams: pairs go to `receive`; the first failure, or the finish of both, to `complete`.
        public func subscribe(
            _ receive: @escaping (Output) -> Void, completion complete: @escaping (Subscribers.Completion<Failure>) -> Void
        ) -> AnyCancellable {
            Joining.latest([a.map { $0 as Any }, b.map { $0 as Any }], { receive(($0[0] as! A.Output, $0[1] as! B.Output)) }, complete)
        }
    }

    /// The latest values of three publishers as a tuple, once each has delivered one, and again whenever one delivers.
    public struct CombineLatest3<A: Publisher, B: Publisher, C: Publisher>: Publisher
    where A.Failure == B.Failure, B.Failure == C.Failure {
        /// A tuple of the streams' latest values.
        public typealias Output = (A.Output, B.Output, C.Output)
        /// The error any stream may fail with.
        public typealias Failure = A.Failure
        /// The first stream.
        public let a: A
        /// The second stream.
        public let b: B
        /// The third stream.
        public let c: C

        /// Combines `a`, `b` and `c`.
        public init(_ a: A, _ b: B, _ c: C) {
            self.a = a
            self.b = b
            self.c = c
        }

        /// Subscribes to the three streams, delivering tuples to `receive`.
        public func subscribe(_ receive: @escaping (Output) -> Void) -> AnyCancellable { subscribe(receive, completion: { _ in }) }

        /// Subscribes to the three streams: tuples go to `receive`; the first failure, or the finish of all, to `complete`.
        public func subscribe(
            _ receive: @escaping (Output) -> Void, completion complete: @escaping (Subscribers.Completion<Failure>) -> Void
        ) -> AnyCancellable {
            Joining.latest(
                [a.map { $0 as Any }, b.map { $0 as Any }, c.map { $0 as Any }],
                { receive(($0[0] as! A.Output, $0[1] as! B.Output, $0[2] as! C.Output)) }, complete)
        }
    }

    /// The latest values of four publishers as a tuple, once each has delivered one, and again whenever one delivers.
    public struct CombineLatest4<A: Publisher, B: Publisher, C: Publisher, D: Publisher>: Publisher
    where A.Failure == B.Failure, B.Failure == C.Failure, C.Failure == D.Failure {
        /// A tuple of the streams' latest values.
        public typealias Output = (A.Output, B.Output, C.Output, D.Output)
        /// The error any stream may fail with.
        public typealias Failure = A.Failure
        /// The first stream.
        public let a: A
        /// The second stream.
        public let b: B
        /// The third stream.
        public let c: C
        /// The fourth stream.
        public let d: D

        /// Combines `a`, `b`, `c` and `d`.
        public init(_ a: A, _ b: B, _ c: C, _ d: D) {
            self.a = a
            self.b = b
            self.c = c
            self.d = d
        }

        /// Subscribes to the four streams, delivering tuples to `receive`.
        public func subscribe(_ receive: @escaping (Output) -> Void) -> AnyCancellable { subscribe(receive, completion: { _ in }) }

        /// Subscribes to the four streams: tuples go to `receive`; the first failure, or the finish of all, to `complete`.
        public func subscribe(
            _ receive: @escaping (Output) -> Void, completion complete: @escaping (Subscribers.Completion<Failure>) -> Void
        ) -> AnyCancellable {
            Joining.latest(
                [a.map { $0 as Any }, b.map { $0 as Any }, c.map { $0 as Any }, d.map { $0 as Any }],
                { receive(($0[0] as! A.Output, $0[1] as! B.Output, $0[2] as! C.Output, $0[3] as! D.Output)) }, complete)
        }
    }
}

extension Publisher {
    /// Every value of this stream and of `other`, as they come.
    public func merge<P: Publisher>(with other: P) -> Publishers.Merge<Self, P> where P.Output == Output, P.Failure == Failure {
        Publishers.Merge(self, other)
    }

    /// The latest value of this stream and of `other`, once both have one.
    public func combineLatest<P: Publisher>(_ other: P) -> Publishers.CombineLatest<Self, P> where P.Failure == Failure {
        Publishers.CombineLatest(self, other)
    }

    /// The latest values of this stream, `p` and `q`, once all three have one, and again whenever one delivers.
    public func combineLatest<P: Publisher, Q: Publisher>(_ p: P, _ q: Q) -> Publishers.CombineLatest3<Self, P, Q>
    where P.Failure == Failure, Q.Failure == Failure {
        Publishers.CombineLatest3(self, p, q)
    }
}

/// The joining itself: each stream subscribed, their values and ends gathered under a lock
/// (a stream may deliver from any thread), one end passed on.
enum Joining {
    private final class State: @unchecked Sendable {
        let lock = NSLock()
        var latest: [Any?]
        var finished = 0
        var ended = false
        var subscriptions: [AnyCancellable] = []
        init(count: Int) { latest = Array(repeating: nil, count: count) }
    }

    static func merge<Output, Failure: Error>(
        _ streams: [AnyPublisher<Output, Failure>], _ receive: @escaping (Output) -> Void,
        _ complete: @escaping (Subscribers.Completion<Failure>) -> Void
    ) -> AnyCancellable {
        join(streams, onValue: { state, _, value in state.ended ? nil : value }, receive, complete)
    }

    static func latest<Failure: Error>(
        _ streams: [AnyPublisher<Any, Failure>], _ receive: @escaping ([Any]) -> Void,
        _ complete: @escaping (Subscribers.Completion<Failure>) -> Void
    ) -> AnyCancellable {
        join(
            streams,
            onValue: { state, index, value in
                state.latest[index] = value
                let values = state.latest.compactMap { $0 }
                return !state.ended && values.count == state.latest.count ? values : nil
            }, receive, complete)
    }

    /// Subscribes to each stream; `onValue` (under the lock) says what to deliver, if anything.
    private static func join<Value, Output, Failure: Error>(
        _ streams: [AnyPublisher<Value, Failure>], onValue: @escaping (State, Int, Value) -> Output?,
        _ receive: @escaping (Output) -> Void, _ complete: @escaping (Subscribers.Completion<Failure>) -> Void
    ) -> AnyCancellable {
        let state = State(count: streams.count)
        nonisolated(unsafe) let receive = receive, complete = complete, onValue = onValue
        let total = streams.count
        var subscriptions: [AnyCancellable] = []
        for (index, stream) in streams.enumerated() {
            subscriptions.append(
                stream.subscribe(
                    { value in
                        state.lock.lock()
                        let output = onValue(state, index, value)
                        state.lock.unlock()
                        if let output { receive(output) }
                    },
                    completion: { completion in
                        state.lock.lock()
                        var end: Subscribers.Completion<Failure>?
                        if !state.ended {
                            switch completion {
                            case .failure:
                                state.ended = true
                                end = completion
                            case .finished:
                                state.finished += 1
                                if state.finished == total {
                                    state.ended = true
                                    end = .finished
                                }
                            }
                        }
                        state.lock.unlock()
                        if let end { complete(end) }
                    }))
        }
        if total == 0 { complete(.finished) }
        state.lock.lock()
        state.subscriptions = subscriptions
        state.lock.unlock()
        return AnyCancellable {
            state.lock.lock()
            let all = state.subscriptions
            state.subscriptions = []
            state.ended = true
            state.lock.unlock()
            for subscription in all { subscription.cancel() }
        }
    }
}
