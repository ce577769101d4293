import Foundation

#if canImport(Glibc)
    import Glibc
#endif

/// A TCP proxy of the tests' own, between browsers (or load clients) and a server on loopback,
/// that breaks the network the ways a real one breaks:
///
/// - `cut()` as a pulled cable: nothing arrives either way, no connection is closed, and new
///   ones are accepted but go nowhere (a page's requests and websocket hang, they do not fail).
///   Once `heal()`ed, what waited is delivered in order, and a connection whose server went
///   away meanwhile is closed (as the peer's reset would be).
/// - `latency`: every piece of data waits this long before it is passed on, each in turn (a
///   slow link: pieces queue behind each other, both ways of a connection).
/// - `reset()`: every open connection is reset (an abortive close, RST), as a router that
///   drops its state does.
/// - `tearMidFrame()`: each open connection passes on only the first half of the next piece of
///   data that crosses it (either way) and is then reset: the far side gets part of a frame.
///
/// ```swift
/// let proxy = try FaultProxy(to: server.port)
/// try await browser.navigate("http://127.0.0.1:\(proxy.port)/gate/A1")
/// proxy.cut(); …; proxy.heal()
/// ```
public final class FaultProxy: @unchecked Sendable {
    /// Where browsers connect.
    public let port: Int
    private let upstreamPort: Int
    private let listener: Int32
    private let lock = NSLock()
    private var isCut = false
    private var isStopped = false
    private var open: Set<Int32> = []
    private var acceptedCount = 0
    private var delay: Duration = .zero
    private var dropping = false
    /// Raised by `tearMidFrame()`: a connection that started under an older one tears.
    private var tearGeneration = 0
    private var tornCount = 0
    /// Raised by `reset()`: a connection that started under an older one is reset.
    private var resetGeneration = 0
    /// Connections torn mid-frame so far.
    public var torn: Int { lock.withLock { tornCount } }
    /// How long each piece of data waits before it is passed on (zero: none).
    public var latency: Duration {
        get { lock.withLock { delay } }
        set { lock.withLock { delay = newValue } }
    }
    /// While true, what the server sends is read and thrown away (what the browser sends still
    /// arrives): answers lost on the way back. What crosses afterwards on the same connection is
    /// the middle of a stream, so reset connections after it (`reset()`).
    public var dropsReplies: Bool {
        get { lock.withLock { dropping } }
        set { lock.withLock { dropping = newValue } }
    }
    /// Connections accepted so far (a test can tell a reconnect happened).
    public var accepted: Int { lock.withLock { acceptedCount } }

    /// A proxy on a free port of 127.0.0.1 in front of `upstreamPort`; throws when it cannot listen.
    public init(to upstreamPort: Int) throws {
        self.upstreamPort = upstreamPort
        let fd = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        guard fd >= 0 else { throw ProxyError("socket() failed: errno \(errno)") }
        var yes: Int32 = 1
        setsockopt(fd, SOL_SOCKET, SO_REUSEADDR, &yes, socklen_t(MemoryLayout<Int32>.size))
        var chosen = 0
        for _ in 0..<50 {
            let candidate = freeLoopbackPort()
            if Self.withAddress(candidate, { bind(fd, $0, $1) }) == 0 {
                chosen = candidate
                break
            }
        }
        guard chosen != 0, listen(fd, 128) == 0 else {
            close(fd)
            throw ProxyError("the proxy could not listen on loopback: errno \(errno)")
        }
        listener = fd
        port = chosen
        let thread = Thread { [self] in acceptLoop() }
        thread.name = "FaultProxy accept"
        thread.start()
    }

    /// From now on nothing passes, either way, on any connection, old or new.
    public func cut() { lock.withLock { isCut = true } }

    /// Traffic flows again: what waited is delivered.
    public func heal() { lock.withLock { isCut = false } }

    /// Resets every open connection (RST both ways: no closing handshake reaches anyone),
    /// within a poll of its relay (20 ms).
    public func reset() { lock.withLock { resetGeneration += 1 } }

    /// Each connection open now passes on half of the next piece of data that crosses it and is
    /// then reset (one that carries nothing within a second is reset as it is).
    public func tearMidFrame() { lock.withLock { tearGeneration += 1 } }

    private static func lingerZero(_ fd: Int32) {
        var linger = Glibc.linger(l_onoff: 1, l_linger: 0)
        setsockopt(fd, SOL_SOCKET, SO_LINGER, &linger, socklen_t(MemoryLayout<Glibc.linger>.size))
    }

    /// Closes every connection and stops listening (the proxy's threads hold it until then:
    /// call it, as a test's `defer` does).
    public func stop() {
        lock.withLock {
            guard !isStopped else { return }
            isStopped = true
            // Under the lock: a relay closes its descriptors under it too, so none of these
            // can have been closed and its number reused meanwhile.
            for fd in open { shutdown(fd, Int32(SHUT_RDWR)) }
            // Wakes the accept loop, which closes the listener itself.
            shutdown(listener, Int32(SHUT_RDWR))
        }
    }

    private var cutNow: Bool { lock.withLock { isCut } }
    private var stoppedNow: Bool { lock.withLock { isStopped } }

    private func acceptLoop() {
        defer { close(listener) }
        while !stoppedNow {
            let client = accept(listener, nil, nil)
            guard client >= 0 else {
                if errno == EINTR { continue }
                return
            }
            let admitted = lock.withLock {
                guard !isStopped else { return false }
                acceptedCount += 1
                open.insert(client)
                return true
            }
            guard admitted else {
                close(client)
                return
            }
            let thread = Thread { [self] in relay(client) }
            thread.name = "FaultProxy relay"
            thread.start()
        }
    }

    /// One connection: held while the network is cut, then joined to the server and copied
    /// both ways until either side closes.
    private func relay(_ client: Int32) {
        defer { forget(client) }
        while cutNow && !stoppedNow { usleep(10_000) }
        let server = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        guard server >= 0 else { return }
        let tracked = lock.withLock {
            guard !isStopped else { return false }
            open.insert(server)
            return true
        }
        guard tracked else {
            close(server)
            return
        }
        defer { forget(server) }
        guard Self.withAddress(upstreamPort, { connect(server, $0, $1) }) == 0 else { return }
        let (generation, resets) = lock.withLock { (tearGeneration, resetGeneration) }
        var tearAsked: ContinuousClock.Instant?
        var buffer = [UInt8](repeating: 0, count: 64 * 1024)
        var fds = [pollfd(fd: client, events: Int16(POLLIN), revents: 0), pollfd(fd: server, events: Int16(POLLIN), revents: 0)]
        while !stoppedNow {
            if lock.withLock({ resetGeneration }) != resets {
                abort(client, server)
                return
            }
            // Cut: read nothing, so nothing is delivered (the kernel's buffers hold it, as the
            // network's retransmissions would).
            if cutNow {
                usleep(10_000)
                continue
            }
            let (wait, current) = lock.withLock { (delay, tearGeneration) }
            if current != generation, tearAsked == nil { tearAsked = .now }
            if let asked = tearAsked, ContinuousClock.now - asked > .seconds(1) {
                // Nothing crossed since the tear was asked: reset as it is.
                abort(client, server, torn: true)
                return
            }
            fds[0].revents = 0
            fds[1].revents = 0
            let ready = poll(&fds, 2, 20)
            if ready < 0 && errno != EINTR { return }
            if ready <= 0 { continue }
            for (from, to) in [(0, 1), (1, 0)] where fds[from].revents != 0 {
                let count = Glibc.read(fds[from].fd, &buffer, buffer.count)
                if count <= 0 { return }
                if wait > .zero {
                    Thread.sleep(forTimeInterval: Double(wait.components.attoseconds) / 1e18 + Double(wait.components.seconds))
                }
                if tearAsked != nil {
                    // Torn: the first half of this piece (nothing of a single byte), then a reset.
                    _ = Self.forward(buffer, count / 2, to: fds[to].fd)
                    abort(client, server, torn: true)
                    return
                }
                if from == 1 && dropsReplies { continue }
                guard Self.forward(buffer, count, to: fds[to].fd) else { return }
            }
        }
    }

    /// Writes the first `count` bytes of `buffer` to `fd`; false when it is closed.
    private static func forward(_ buffer: [UInt8], _ count: Int, to fd: Int32) -> Bool {
        var sent = 0
        while sent < count {
            let wrote = buffer.withUnsafeBytes { send(fd, $0.baseAddress! + sent, count - sent, Int32(MSG_NOSIGNAL)) }
            if wrote <= 0 { return false }
            sent += wrote
        }
        return true
    }

    /// Makes both sides of a connection reset when its relay returns (right after) and closes
    /// them: `SO_LINGER` 0 turns the close into an RST.
    private func abort(_ client: Int32, _ server: Int32, torn: Bool = false) {
        lock.withLock {
            if torn { tornCount += 1 }
            for fd in [client, server] { Self.lingerZero(fd) }
        }
    }

    /// Closes a descriptor of ours, under the lock (see `stop`).
    private func forget(_ fd: Int32) {
        lock.withLock {
            open.remove(fd)
            close(fd)
        }
    }

    private static func withAddress(_ port: Int, _ body: (UnsafePointer<sockaddr>, socklen_t) -> Int32) -> Int32 {
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_addr.s_addr = inet_addr("127.0.0.1")
        address.sin_port = in_port_t(UInt16(port).bigEndian)
        return withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { body($0, socklen_t(MemoryLayout<sockaddr_in>.size)) }
        }
    }
}

/// Why the proxy could not start.
public struct ProxyError: Error, CustomStringConvertible {
    /// The reason, in words.
    public let description: String
    init(_ description: String) { self.description = description }
}
