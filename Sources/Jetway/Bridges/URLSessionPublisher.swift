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
        public typealias Output = (data: Data, response: URLResponse)
        public typealias Failure = URLError
        public let request: URLRequest
        public let session: URLSession

        public func subscribe(_ receive: @escaping (Output) -> Void) -> AnyCancellable {
            subscribe(receive) { _ in }
        }

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
