import Foundation

#if canImport(Glibc)
    import Glibc
#endif

/// Raw TCP clients on loopback from an address of their own (Linux routes all of 127.0.0.0/8
/// to loopback, so 127.0.0.2, 127.0.0.3, … are as many client addresses to the server's
/// per-address limits): for attacks that no HTTP library would send, in tests and benches.
public enum LoopbackClient {
    /// A socket from `source` connected to 127.0.0.1:`port`, or -1.
    public static func connect(from source: String, port: Int) -> Int32 {
        let fd = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        guard fd >= 0 else { return -1 }
        var local = sockaddr_in()
        local.sin_family = sa_family_t(AF_INET)
        local.sin_addr.s_addr = inet_addr(source)
        var remote = sockaddr_in()
        remote.sin_family = sa_family_t(AF_INET)
        remote.sin_port = in_port_t(UInt16(port).bigEndian)
        remote.sin_addr.s_addr = inet_addr("127.0.0.1")
        let ok = withUnsafePointer(to: &local) { local in
            withUnsafePointer(to: &remote) { remote in
                local.withMemoryRebound(to: sockaddr.self, capacity: 1) { bind(fd, $0, socklen_t(MemoryLayout<sockaddr_in>.size)) } == 0
                    && remote.withMemoryRebound(to: sockaddr.self, capacity: 1) {
                        Glibc.connect(fd, $0, socklen_t(MemoryLayout<sockaddr_in>.size))
                    } == 0
            }
        }
        guard ok else {
            close(fd)
            return -1
        }
        return fd
    }

    /// Sends `text` without waiting; false when the socket is gone.
    @discardableResult
    public static func send(_ fd: Int32, _ text: String) -> Bool {
        let bytes = Array(text.utf8)
        return bytes.withUnsafeBytes { Glibc.send(fd, $0.baseAddress, $0.count, Int32(MSG_NOSIGNAL | MSG_DONTWAIT)) } == bytes.count
    }

    /// Whether the server closed the socket (reading gives its end, or an error that is not
    /// "nothing yet"); what it wrote before is read and dropped.
    public static func isClosedByServer(_ fd: Int32) -> Bool {
        var buffer = [UInt8](repeating: 0, count: 4096)
        while true {
            let got = recv(fd, &buffer, buffer.count, Int32(MSG_DONTWAIT))
            if got > 0 { continue }
            if got == 0 { return true }
            return errno != EAGAIN && errno != EWOULDBLOCK
        }
    }

    /// What the server writes until it closes the socket or `timeout` passes (a read that
    /// waits that long ends it).
    public static func readBytes(_ fd: Int32, timeout seconds: Int = 5) -> [UInt8] {
        var timeout = timeval(tv_sec: seconds, tv_usec: 0)
        setsockopt(fd, SOL_SOCKET, SO_RCVTIMEO, &timeout, socklen_t(MemoryLayout<timeval>.size))
        var response: [UInt8] = []
        var chunk = [UInt8](repeating: 0, count: 16384)
        while true {
            let got = recv(fd, &chunk, chunk.count, 0)
            if got <= 0 { break }
            response.append(contentsOf: chunk[0..<got])
        }
        return response
    }

    /// The same, as text.
    public static func readAll(_ fd: Int32, timeout seconds: Int = 5) -> String {
        String(decoding: readBytes(fd, timeout: seconds), as: UTF8.self)
    }

    /// A whole request from `source` on a new connection (the request should ask to close it):
    /// its answer and the seconds it took.
    public static func exchange(_ request: String, from source: String, port: Int, timeout: Int = 8) -> (answer: String, seconds: Double) {
        let started = Date()
        let fd = connect(from: source, port: port)
        guard fd >= 0 else { return ("", Date().timeIntervalSince(started)) }
        defer { close(fd) }
        send(fd, request)
        let answer = readAll(fd, timeout: timeout)
        return (answer, Date().timeIntervalSince(started))
    }

    /// A whole `GET path` from `source`.
    public static func get(_ path: String, from source: String, port: Int, timeout: Int = 8) -> (answer: String, seconds: Double) {
        exchange("GET \(path) HTTP/1.1\r\nHost: 127.0.0.1\r\nConnection: close\r\n\r\n", from: source, port: port, timeout: timeout)
    }
}
