import Foundation

/// Combine's publishers that join others: `Publishers.Merge`, `MergeMany` (every value of any
/// of them, as it comes), `CombineLatest`, `CombineLatest3`, `CombineLatest4` (the latest value
/// of each, once each has one, again whenever one changes), and the operators `merge(with:)`
/// and `combineLatest(_:)`. A joined stream fails when one of its streams fails, and finishes
/// when all have finished.
public enum Publishers {}

extension Publishers {
    public struct Merge<A: Publisher, B: Publisher>: Publisher where A.Output == B.Output, A.Failure == B.Failure {
        public typealias Output = A.Output
        public typealias Failure = A.Failure
        public let a: A
        public let b: B

        public init(_ a: A, _ b: B) {
            self.a = a
            self.b = b
        }

        public func subscribe(_ receive: @escaping (Output) -> Void) -> AnyCancellable { subscribe(receive, completion: { _ in }) }

        public func subscribe(
            _ receive: @escaping (Output) -> Void, completion complete: @escaping (Subscribers.Completion<Failure>) -> Void
        ) -> AnyCancellable {
            Joining.merge([a.eraseToAnyPublisher(), b.eraseToAnyPublisher()], receive, complete)
        }
    }

    public struct MergeMany<Upstream: Publisher>: Publisher {
        public typealias Output = Upstream.Output
        public typealias Failure = Upstream.Failure
        public let publishers: [Upstream]

        public init(_ upstream: Upstream...) { publishers = upstream }
        public init<S: Sequence>(_ upstream: S) where S.Element == Upstream { publishers = Array(upstream) }

        public func subscribe(_ receive: @escaping (Output) -> Void) -> AnyCancellable { subscribe(receive, completion: { _ in }) }

        public func subscribe(
            _ receive: @escaping (Output) -> Void, completion complete: @escaping (Subscribers.Completion<Failure>) -> Void
        ) -> AnyCancellable {
            Joining.merge(publishers.map { $0.eraseToAnyPublisher() }, receive, complete)
        }
    }

    public struct CombineLatest<A: Publisher, B: Publisher>: Publisher where A.Failure == B.Failure {
        public typealias Output = (A.Output, B.Output)
        public typealias Failure = A.Failure
        public let a: A
        public let b: B

        public init(_ a: A, _ b: B) {
            self.a = a
            self.b = b
        }

        public func subscribe(_ receive: @escaping (Output) -> Void) -> AnyCancellable { subscribe(receive, completion: { _ in }) }

        public func subscribe(
            _ receive: @escaping (Output) -> Void, completion complete: @escaping (Subscribers.Completion<Failure>) -> Void
        ) -> AnyCancellable {
            Joining.latest([a.map { $0 as Any }, b.map { $0 as Any }], { receive(($0[0] as! A.Output, $0[1] as! B.Output)) }, complete)
        }
    }

    public struct CombineLatest3<A: Publisher, B: Publisher, C: Publisher>: Publisher
    where A.Failure == B.Failure, B.Failure == C.Failure {
        public typealias Output = (A.Output, B.Output, C.Output)
        public typealias Failure = A.Failure
        public let a: A
        public let b: B
        public let c: C

        public init(_ a: A, _ b: B, _ c: C) {
            self.a = a
            self.b = b
            self.c = c
        }

        public func subscribe(_ receive: @escaping (Output) -> Void) -> AnyCancellable { subscribe(receive, completion: { _ in }) }

        public func subscribe(
            _ receive: @escaping (Output) -> Void, completion complete: @escaping (Subscribers.Completion<Failure>) -> Void
        ) -> AnyCancellable {
            Joining.latest(
                [a.map { $0 as Any }, b.map { $0 as Any }, c.map { $0 as Any }],
                { receive(($0[0] as! A.Output, $0[1] as! B.Output, $0[2] as! C.Output)) }, complete)
        }
    }

    public struct CombineLatest4<A: Publisher, B: Publisher, C: Publisher, D: Publisher>: Publisher
    where A.Failure == B.Failure, B.Failure == C.Failure, C.Failure == D.Failure {
        public typealias Output = (A.Output, B.Output, C.Output, D.Output)
        public typealias Failure = A.Failure
        public let a: A
        public let b: B
        public let c: C
        public let d: D

        public init(_ a: A, _ b: B, _ c: C, _ d: D) {
            self.a = a
            self.b = b
            self.c = c
            self.d = d
        }

        public func subscribe(_ receive: @escaping (Output) -> Void) -> AnyCancellable { subscribe(receive, completion: { _ in }) }

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
