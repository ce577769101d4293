import Foundation
import JetwayWire

#if canImport(Glibc)
    import Glibc
#endif

/// A small blocking websocket client over a POSIX socket, for tests. Its I/O runs off the main
/// actor (`async` methods hop to a detached task), so the in-process server can keep working.
public final class WebSocketClient: @unchecked Sendable {
    /// What `receive` got: a text frame, a close with its code, or nothing in time.
    public enum Frame: Equatable, Sendable {
        /// A text frame's payload.
        case text(String)
        /// The server closed the connection with this close code.
        case close(code: UInt16)
        /// Nothing arrived within the time given.
        case timeout
    }

    private let fd: Int32
    private var buffer: [UInt8] = []
    /// The status the server answered the upgrade with (101 when it is a websocket).
    public let upgradeStatus: Int

    /// Connects and upgrades; `upgradeStatus` is 101 on success. `cookie`: a `Cookie` header
    /// for the upgrade, as a browser sends its cookies. `source`: the loopback address to
    /// connect from (127.0.0.2, …: another client to the server's per-address limits).
    public static func connect(
        port: Int, origin: String?, path: String = "/", subprotocol: String? = "jetway", cookie: String? = nil, from source: String? = nil
    ) async throws -> WebSocketClient {
        try await offPool {
            try WebSocketClient(port: port, origin: origin, path: path, subprotocol: subprotocol, cookie: cookie, source: source)
        }
    }

    private init(port: Int, origin: String?, path: String, subprotocol: String?, cookie: String?, source: String?) throws {
        let fd = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        self.fd = fd
        if let source {
            var local = sockaddr_in()
            local.sin_family = sa_family_t(AF_INET)
            local.sin_addr.s_addr = inet_addr(source)
            _ = withUnsafePointer(to: &local) {
                $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { bind(fd, $0, socklen_t(MemoryLayout<sockaddr_in>.size)) }
            }
        }
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_port = in_port_t(UInt16(port).bigEndian)
        address.sin_addr.s_addr = inet_addr("127.0.0.1")
        let result = withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { Glibc.connect(fd, $0, socklen_t(MemoryLayout<sockaddr_in>.size)) }
        }
        guard result == 0 else {
            upgradeStatus = 0
            return
        }
        var timeout = timeval(tv_sec: 5, tv_usec: 0)
        setsockopt(fd, SOL_SOCKET, SO_RCVTIMEO, &timeout, socklen_t(MemoryLayout<timeval>.size))
        var request = "GET \(path) HTTP/1.1\r\nHost: 127.0.0.1:\(port)\r\nUpgrade: websocket\r\nConnection: Upgrade\r\n"
        request += "Sec-WebSocket-Key: dGhlIHNhbXBsZSBub25jZQ==\r\nSec-WebSocket-Version: 13\r\n"
        if let subprotocol { request += "Sec-WebSocket-Protocol: \(subprotocol)\r\n" }
        if let origin { request += "Origin: \(origin)\r\n" }
        if let cookie { request += "Cookie: \(cookie)\r\n" }
        request += "\r\n"
        _ = Array(request.utf8).withUnsafeBytes { send(fd, $0.baseAddress, $0.count, 0) }
        var header: [UInt8] = []
        while !header.suffix(4).elementsEqual([13, 10, 13, 10]) {
            var byte: UInt8 = 0
            guard recv(fd, &byte, 1, 0) == 1 else { break }
            header.append(byte)
        }
        let statusLine = String(decoding: header, as: UTF8.self).split(separator: "\r\n").first ?? ""
        self.upgradeStatus = Int(statusLine.split(separator: " ").dropFirst().first ?? "") ?? 0
    }

    deinit { Glibc.close(fd) }

    /// Cuts the connection as a lost network would: no close frame, the socket just ends.
    public func close() async {
        shutdown(fd, Int32(SHUT_RDWR))
    }

    /// Sends one text frame (masked, as a browser does).
    public func sendText(_ text: String) async {
        await sendFrame(opcode: 1, Array(text.utf8))
    }

    /// Sends text frames in one write, so they arrive as one burst (one `sendText` each hops
    /// off and back onto the caller's actor, which a busy main actor can stretch to seconds).
    public func sendTexts(_ texts: [String]) async {
        let fd = fd
        let frames = texts.flatMap { Self.frame(opcode: 1, Array($0.utf8)) }
        await offPool { Self.write(fd, frames) }
    }

    /// Sends a text frame from the calling thread (a load generator's own thread: on Linux the
    /// global dispatch queues run about one thread a core, and clients that block there starve
    /// each other and the test).
    public func sendTextNow(_ text: String) {
        Self.write(fd, Self.frame(opcode: 1, Array(text.utf8)))
    }

    /// Reads and drops whatever the server has sent, without waiting; the number of bytes. (The
    /// frames are not parsed: a client read this way is not read with `next` after.)
    @discardableResult
    public func discardAvailable() -> Int {
        var total = 0
        var chunk = [UInt8](repeating: 0, count: 65536)
        while true {
            let got = recv(fd, &chunk, chunk.count, Int32(MSG_DONTWAIT))
            guard got > 0 else { return total }
            total += got
        }
    }

    /// Sends a frame (masked, as a browser does).
    public func sendFrame(opcode: UInt8, _ payload: [UInt8], final: Bool = true) async {
        let fd = fd
        await offPool { Self.write(fd, Self.frame(opcode: opcode, payload, final: final)) }
    }

    static func frame(opcode: UInt8, _ payload: [UInt8], final: Bool = true) -> [UInt8] {
        WebSocketFrames.clientFrame(opcode: opcode, payload, final: final)
    }

    static func write(_ fd: Int32, _ frame: [UInt8]) {
        var offset = 0
        while offset < frame.count {
            let sent = frame[offset...].withUnsafeBytes { send(fd, $0.baseAddress, $0.count, Int32(MSG_NOSIGNAL)) }
            if sent <= 0 { break }
            offset += sent
        }
    }

    /// Sends raw bytes as they are (an unmasked frame, a header and then nothing).
    public func sendRaw(_ bytes: [UInt8]) async {
        let fd = fd
        await offPool { _ = bytes.withUnsafeBytes { send(fd, $0.baseAddress, $0.count, Int32(MSG_NOSIGNAL)) } }
    }

    /// Whether the server has closed the connection: waits up to `timeout` for the end of the
    /// stream (frames that come meanwhile are read and dropped).
    public func waitForClose(timeout: TimeInterval) async -> Bool {
        let fd = fd
        return await offPool {
            let deadline = Date().addingTimeInterval(timeout)
            var chunk = [UInt8](repeating: 0, count: 4096)
            while deadline.timeIntervalSinceNow > 0 {
                var descriptor = pollfd(fd: fd, events: Int16(POLLIN), revents: 0)
                guard poll(&descriptor, 1, Int32(max(1, deadline.timeIntervalSinceNow * 1000))) > 0 else { continue }
                if recv(fd, &chunk, chunk.count, 0) <= 0 { return true }
            }
            return false
        }
    }

    /// The next text or close frame (pings are answered with a pong), or `.timeout`.
    public func next(timeout: TimeInterval = 5) async -> Frame {
        await offPool { self.readFrame(deadline: Date().addingTimeInterval(timeout)) }
    }

    /// The next frame the server sent, decoded as every Swift client reads one (`ServerFrame`),
    /// that `match` accepts (others are skipped); nil at a close, the timeout, or a frame the
    /// decoder refuses (a server that wrote it is broken: `lastUndecodable` keeps it).
    public func nextFrame(timeout: TimeInterval = 5, where match: (ServerFrame) -> Bool = { _ in true }) async -> ServerFrame? {
        let deadline = Date().addingTimeInterval(timeout)
        while Date() < deadline {
            guard case .text(let text) = await next(timeout: deadline.timeIntervalSinceNow) else { return nil }
            guard let frame = try? ServerFrame(decoding: text) else {
                lastUndecodable = text
                return nil
            }
            if match(frame) { return frame }
        }
        return nil
    }

    /// The last frame `nextFrame` could not decode.
    public private(set) var lastUndecodable: String?

    /// The next text frame whose JSON starts with `prefix` (e.g. `["sync"`), skipping others.
    public func next(startingWith prefix: String, timeout: TimeInterval = 5) async -> Frame {
        let deadline = Date().addingTimeInterval(timeout)
        while Date() < deadline {
            let frame = await next(timeout: deadline.timeIntervalSinceNow)
            switch frame {
            case .text(let text) where text.hasPrefix(prefix): return frame
            case .text: continue
            default: return frame
            }
        }
        return .timeout
    }

    /// Reads what the socket has into the buffer, waiting no longer than the deadline (the
    /// socket's own receive timeout is longer); false at the deadline or the end of the stream.
    private func fill(deadline: Date) -> Bool {
        while true {
            let left = deadline.timeIntervalSinceNow
            if left <= 0 { return false }
            var descriptor = pollfd(fd: fd, events: Int16(POLLIN), revents: 0)
            if poll(&descriptor, 1, Int32(max(1, min(left, 60) * 1000))) == 0 { continue }
            var chunk = [UInt8](repeating: 0, count: 65536)
            let got = recv(fd, &chunk, chunk.count, 0)
            if got <= 0 {
                if got < 0 && (errno == EAGAIN || errno == EWOULDBLOCK) { continue }
                return false
            }
            buffer.append(contentsOf: chunk[0..<got])
            return true
        }
    }

    private func readFrame(deadline: Date) -> Frame {
        var message: [UInt8] = []
        while true {
            var bounds = WebSocketFrames.frame(in: buffer)
            while bounds == nil {
                guard fill(deadline: deadline) else { return .timeout }
                bounds = WebSocketFrames.frame(in: buffer)
            }
            guard let frame = bounds else { return .timeout }
            let payload = Array(buffer[frame.start..<(frame.start + frame.length)])
            buffer.removeFirst(frame.start + frame.length)
            switch frame.opcode {
            case WebSocketFrames.close: return .close(code: WebSocketFrames.closeCode(payload))
            case WebSocketFrames.ping:
                // A ping is answered, as a browser answers it.
                Self.write(fd, Self.frame(opcode: WebSocketFrames.pong, payload))
                continue
            case WebSocketFrames.pong: continue
            default:
                message.append(contentsOf: payload)
                if frame.final { return .text(String(decoding: message, as: UTF8.self)) }
            }
        }
    }
}
