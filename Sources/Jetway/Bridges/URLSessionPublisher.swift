import Foundation
import Synchronization

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

// `URLSession.dataTaskPublisher`, the Combine entry of network code SwiftUI apps carry: one
// request, its data and response delivered on the main actor, then the stream finishes; a
// failed request ends it with the `URLError`.

extension URLSession {
    /// Loads `url` once when subscribed.
    public func dataTaskPublisher(for url: URL) -> DataTaskPublisher {
        DataTaskPublisher(request: URLRequest(url: url), session: self)
    }

    /// Sends `request` once when subscribed.
    public func dataTaskPublisher(for request: URLRequest) -> DataTaskPublisher {
        DataTaskPublisher(request: request, session: self)
    }

    /// A request's data and response, as one value.
    public struct DataTaskPublisher: Publisher {
        /// The response's body and the response.
        public typealias Output = (data: Data, response: URLResponse)
        /// A request that fails ends the stream with its `URLError`.
        public typealias Failure = URLError
        /// The request sent on each subscription.
        public let request: URLRequest
        /// The session that sends it.
        public let session: URLSession

        /// Sends the request and delivers its data and response, on the main actor; a failure is dropped.
        public func subscribe(_ receive: @escaping (Output) -> Void) -> AnyCancellable {
            subscribe(receive) { _ in }
        }

        /// Sends the request; delivers its data and response then `.finished`, or `.failure` with the
        /// `URLError`, on the main actor. Cancelling cancels the task, and nothing is delivered after.
        public func subscribe(
            _ receive: @escaping (Output) -> Void, completion complete: @escaping (Subscribers.Completion<URLError>) -> Void
        ) -> AnyCancellable {
            let cancelled = Cancelled()
            nonisolated(unsafe) let receive = receive, complete = complete
            let task = session.dataTask(with: request) { data, response, error in
                DispatchQueue.main.async {
                    // Nothing after `cancel()`: the subscriber has gone.
                    guard !cancelled.flag.load(ordering: .acquiring) else { return }
                    MainActor.assumeIsolated {
                        if let data, let response {
                            receive((data, response))
                            complete(.finished)
                        } else {
                            let failure = (error as? URLError) ?? URLError(.unknown)
                            complete(.failure(failure))
                        }
                    }
                }
            }
            task.resume()
            let running = task
            return AnyCancellable {
                cancelled.flag.store(true, ordering: .releasing)
                running.cancel()
            }
        }
    }
}

/// Set once a request's subscriber has cancelled.
private final class Cancelled: Sendable {
    let flag = Atomic<Bool>(false)
}
