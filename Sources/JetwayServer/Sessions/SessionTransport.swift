import Foundation

/// What the sessions need from whatever carries their pages' sockets: a way to say that a
/// connection has something queued (bytes, or a close). libwebsockets' service thread is one
/// (`LibWebSocketsTransport`); `InMemoryTransport` is another, for tests without sockets.
protocol SessionTransport: AnyObject, Sendable {
    func wake(_ connection: Connection)
    func wake(_ connections: [Connection])
}
