import Foundation
import JetwayWire
import Synchronization

/// One browser connection (an HTTP request or a websocket), shared between the libwebsockets
/// service thread and the main actor.
///
/// The service thread owns `wsi` and `inbound`; everything else is behind `lock`. The main actor
/// queues outgoing bytes with `send(_:)`; the service thread writes them when the socket is
/// writable. The queue is bounded: past `maxQueuedBytes` the queued patches are dropped and the
/// session sends one full resync instead.
final class Connection: @unchecked Sendable {
    enum Kind { case http, websocket }

    let kind: Kind
    let id: Int
    /// Touched on the service thread only.
    var wsi: OpaquePointer?
    /// The client's address, set on the service thread before the connection is handed over.
    var address = "unknown"
    /// Service thread: whether this websocket is in `webSocketsByAddress` (counted once, let go once).
    var isCountedForAddress = false
    /// Service thread: when the socket last said anything (a frame, a pong), in uptime
    /// nanoseconds; whether a ping is to be written, and whether (and when) one went since.
    var lastHeard: UInt64 = 0
    var pingDue = false
    var pinged = false
    var pingedAt: UInt64 = 0
    var inbound: [UInt8] = []
    /// A websocket: the device and sign-in its upgrade's cookies named (set on the service
    /// thread before the connection is handed over; a re-mounted page is rendered for them).
    var identity = BrowserIdentity()

    private let lock = NSLock()
    private var outbox: [[UInt8]] = []
    private var outboxBytes = 0
    private var closeRequest: (code: UInt16, reason: String)?
    private(set) var isClosed = false
    /// Set when the queue overflowed; the session answers with a full resync once drained.
    private var overflowed = false
    let maxQueuedBytes: Int

    /// What the service thread hands the main actor for this websocket, in the order it
    /// happened; one drain at a time handles them, so the order holds by construction.
    enum Inbound {
        case opened
        /// `arrived`: when the service thread read it whole. Rate limits count from it, so a
        /// flood stays a flood however late the main actor gets to it, and a steady typist
        /// whose events waited out a busy moment is not taken for one.
        case message([UInt8], binary: Bool, arrived: ContinuousClock.Instant)
        case closed
    }
    private var inboundQueue: [Inbound] = []
    private var inboundQueuedBytes = 0
    private var drainScheduled = false

    /// HTTP: the response to write once writable (guarded by `setResponse`/`takeResponse`).
    var httpResponse: HTTPResponse?
    var headOnly = false
    /// HTTP, service thread only: a handler request waiting for its body, and whether the
    /// connection closes after the answer (a body too large to read).
    var pendingRequest: PendingRequest?
    /// HTTP, service thread only: a file on its way in (see `PendingUpload`).
    var pendingUpload: PendingUpload?
    var closeAfterResponse = false

    private static let counter = Counter()

    /// A view hosted in another page shares its page's socket (docs/protocol.md, "Hosted
    /// views"): it is a connection of its own to the sessions (its own id, join, rate limit),
    /// whose messages travel in `["v", channel, …]` over its parent, the socket's connection.
    let channel: Int
    let parent: Connection?
    /// Service thread, on a socket's connection: its hosted views' connections, by channel.
    var channels: [Int: Connection] = [:]
    /// The most views one socket may carry.
    static let maxChannels = ChannelEnvelope.maxChannels

    init(kind: Kind, maxQueuedBytes: Int) {
        self.kind = kind
        self.id = Self.counter.next()
        self.maxQueuedBytes = maxQueuedBytes
        self.channel = 0
        self.parent = nil
        Self.liveCount.add(1, ordering: .relaxed)
    }

    deinit { Self.liveCount.subtract(1, ordering: .relaxed) }

    /// How many connections exist (a socket's, or a hosted view's over one; an HTTP transaction
    /// has one until it ends): a figure that must not grow with the requests
    /// served (`/_jetway/stats`).
    private static let liveCount = Atomic<Int>(0)
    static var live: Int { liveCount.load(ordering: .relaxed) }

    /// A hosted view's connection over `parent`'s socket.
    init(channel: Int, over parent: Connection) {
        self.kind = .websocket
        self.id = Self.counter.next()
        self.maxQueuedBytes = parent.maxQueuedBytes
        self.channel = channel
        self.parent = parent
        self.address = parent.address
        self.identity = parent.identity
        Self.liveCount.add(1, ordering: .relaxed)
    }

    /// What actually goes to the socket for a hosted view: the message in its envelope.
    private func envelope(_ bytes: [UInt8]) -> [UInt8] {
        ChannelEnvelope.wrap(bytes, channel: channel)
    }

    /// The connection that owns the socket (itself, or a hosted view's parent).
    var socketConnection: Connection { parent ?? self }

    /// Queues a message; false when the queue overflowed (the caller must resync).
    @discardableResult
    func send(_ bytes: [UInt8]) -> Bool {
        if let parent {
            // Through the socket's queue, in order with the other views'; an overflow there
            // drops theirs too (each then sees a gap in its versions and asks for a resync).
            guard !isClosed else { return false }
            if parent.send(envelope(bytes)) { return true }
            lock.lock()
            overflowed = true
            lock.unlock()
            return false
        }
        lock.lock()
        defer { lock.unlock() }
        guard !isClosed else { return false }
        if outboxBytes + bytes.count > maxQueuedBytes {
            outbox.removeAll()
            outboxBytes = 0
            overflowed = true
            return false
        }
        outbox.append(bytes)
        outboxBytes += bytes.count
        return true
    }

    /// Drops everything queued and queues `bytes` alone: a full resync replaces the patches it
    /// makes obsolete, and is allowed past the cap (it is bounded by the size of one page).
    func replaceQueue(with bytes: [UInt8]) {
        if let parent {
            // The other views' messages stay: this one's page goes after them.
            lock.lock()
            overflowed = false
            lock.unlock()
            parent.forceSend(envelope(bytes))
            return
        }
        lock.lock()
        defer { lock.unlock() }
        guard !isClosed else { return }
        outbox = [bytes]
        outboxBytes = bytes.count
        overflowed = false
    }

    /// Takes the overflow flag (true once after an overflow).
    func takeOverflow() -> Bool {
        lock.lock()
        defer { lock.unlock() }
        let value = overflowed
        overflowed = false
        return value
    }

    /// Queues `bytes` past the cap (a hosted view's full page, bounded by one page's size).
    private func forceSend(_ bytes: [UInt8]) {
        lock.lock()
        defer { lock.unlock() }
        guard !isClosed else { return }
        outbox.append(bytes)
        outboxBytes += bytes.count
    }

    func requestClose(code: CloseCode, reason: String) {
        // A hosted view cannot close its socket alone: the page's socket closes, and every
        // view on it reconnects.
        if let parent {
            parent.requestClose(code: code, reason: reason)
            return
        }
        lock.lock()
        closeRequest = (code.rawValue, reason)
        lock.unlock()
    }

    /// Service thread: the next message to write, or a close request.
    func nextOutgoing() -> (message: [UInt8]?, close: (code: UInt16, reason: String)?, more: Bool) {
        lock.lock()
        defer { lock.unlock() }
        if let closeRequest, outbox.isEmpty { return (nil, closeRequest, false) }
        guard !outbox.isEmpty else { return (nil, nil, false) }
        let message = outbox.removeFirst()
        outboxBytes -= message.count
        return (message, nil, !outbox.isEmpty || closeRequest != nil)
    }

    /// Service thread: whether a message or a close waits to be written.
    var hasOutgoing: Bool {
        lock.lock()
        defer { lock.unlock() }
        return !outbox.isEmpty || closeRequest != nil
    }

    /// Service thread: the next message, when one is first in line (not a close).
    func takeMessage() -> (message: [UInt8], more: Bool)? {
        lock.lock()
        defer { lock.unlock() }
        guard !outbox.isEmpty else { return nil }
        let message = outbox.removeFirst()
        outboxBytes -= message.count
        return (message, !outbox.isEmpty || closeRequest != nil)
    }

    enum Enqueued { case scheduleDrain, alreadyScheduled, overflow }

    /// Service thread: queues what happened. `.scheduleDrain` when no drain is pending (the
    /// caller starts one); `.overflow` when more than `maxQueuedBytes` of messages wait for the
    /// main actor (the caller closes the socket: a client that floods faster than it is served).
    func enqueue(_ item: Inbound) -> Enqueued {
        lock.lock()
        defer { lock.unlock() }
        if case .message(let bytes, _, _) = item {
            guard inboundQueuedBytes + bytes.count <= maxQueuedBytes, inboundQueue.count < Self.maxInboundItems else { return .overflow }
            inboundQueuedBytes += bytes.count
        }
        inboundQueue.append(item)
        guard !drainScheduled else { return .alreadyScheduled }
        drainScheduled = true
        return .scheduleDrain
    }

    /// Messages that may wait for the main actor, however small.
    static let maxInboundItems = 1024

    /// Main actor: the oldest `max` queued items, in order, and whether more remain. When none
    /// remain the next `enqueue` schedules a new drain (which runs after this one: both are
    /// main-actor jobs and a batch is handled without suspending).
    func takeInbound(max: Int) -> (items: [Inbound], more: Bool) {
        lock.lock()
        defer { lock.unlock() }
        let items = Array(inboundQueue.prefix(max))
        inboundQueue.removeFirst(items.count)
        for case .message(let bytes, _, _) in items { inboundQueuedBytes -= bytes.count }
        if inboundQueue.isEmpty { drainScheduled = false }
        return (items, !inboundQueue.isEmpty)
    }

    /// Main actor: items taken by `takeInbound` and not handled (a drain's turn ended) go back
    /// to the front of the queue, in order; the drain that took them schedules the next.
    func putBack(_ items: [Inbound]) {
        lock.lock()
        defer { lock.unlock() }
        inboundQueue.insert(contentsOf: items, at: 0)
        for case .message(let bytes, _, _) in items { inboundQueuedBytes += bytes.count }
        drainScheduled = true
    }

    var queuedBytes: Int {
        lock.lock()
        defer { lock.unlock() }
        return outboxBytes
    }

    func markClosed() {
        lock.lock()
        isClosed = true
        outbox.removeAll()
        outboxBytes = 0
        lock.unlock()
    }
}

final class Counter: @unchecked Sendable {
    private let lock = NSLock()
    private var value = 0
    func next() -> Int {
        lock.lock()
        defer { lock.unlock() }
        value += 1
        return value
    }
}
