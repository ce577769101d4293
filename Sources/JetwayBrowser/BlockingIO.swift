import Dispatch

/// Runs blocking work (socket reads, a curl subprocess) on a GCD thread, never on Swift's
/// cooperative pool: the pool has one thread per core, and the in-process server's main-actor
/// work must keep running while a test waits for a browser.
public func offPool<T: Sendable>(_ work: @escaping @Sendable () throws -> T) async throws -> T {
    try await withCheckedThrowingContinuation { continuation in
        DispatchQueue.global().async {
            continuation.resume(with: Result { try work() })
        }
    }
}

/// The same for work that cannot throw.
public func offPool<T: Sendable>(_ work: @escaping @Sendable () -> T) async -> T {
    await withCheckedContinuation { continuation in
        DispatchQueue.global().async { continuation.resume(returning: work()) }
    }
}
