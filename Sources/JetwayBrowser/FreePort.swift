import Foundation

#if canImport(Glibc)
    import Glibc
#endif

/// A free TCP port on loopback, below the kernel's ephemeral range (32768–60999) so that no
/// outgoing connection of a parallel test can take it between a server's stop and restart.
public func freeLoopbackPort() -> Int {
    while true {
        let port = PortCounter.shared.next()
        let fd = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        defer { close(fd) }
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_addr.s_addr = inet_addr("127.0.0.1")
        address.sin_port = in_port_t(UInt16(port).bigEndian)
        let bound = withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { bind(fd, $0, socklen_t(MemoryLayout<sockaddr_in>.size)) }
        }
        if bound == 0 { return port }
    }
}

/// Hands out ports 20000–31999, starting at a random place so parallel test processes differ.
private final class PortCounter: @unchecked Sendable {
    static let shared = PortCounter()
    private let lock = NSLock()
    private var value = Int.random(in: 0..<12000)

    func next() -> Int {
        lock.lock()
        defer { lock.unlock() }
        value = (value + 1) % 12000
        return 20000 + value
    }
}
