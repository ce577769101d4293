import CLibWebSockets
import Foundation

/// The address the server binds, resolved from `ServerConfiguration.host` before libwebsockets
/// sees it. libwebsockets built with IPv6 binds `::` (every interface, both families) when it
/// is handed an IPv4 address, so the family is chosen here: an IPv4 address binds IPv4 only,
/// an IPv6 address binds IPv6 only (`IPV6_V6ONLY`), and only `0.0.0.0`, `::` or `*` bind all.
struct ListenAddress: Equatable {
    enum Family: Equatable { case ipv4, ipv6, any }

    /// The numeric address handed to libwebsockets, nil for every interface.
    let interface: String?
    let family: Family

    /// `127.0.0.1`, `::1`, `localhost`, `0.0.0.0`, `::`, `*`, or a host name that resolves
    /// to an address of this machine.
    init(host: String) throws(ServerError) {
        let trimmed = host.trimmingCharacters(in: .whitespaces)
        let bare = trimmed.hasPrefix("[") && trimmed.hasSuffix("]") ? String(trimmed.dropFirst().dropLast()) : trimmed
        switch bare {
        case "*": self.init(interface: nil, family: .any)
        case "": throw .badHost(host)
        case "0.0.0.0": self.init(interface: nil, family: .ipv4)
        case "::": self.init(interface: nil, family: .ipv6)
        case "localhost": self.init(interface: "127.0.0.1", family: .ipv4)
        default:
            if Self.isAddress(bare, family: AF_INET) {
                self.init(interface: bare, family: .ipv4)
            } else if Self.isAddress(bare, family: AF_INET6) {
                self.init(interface: bare, family: .ipv6)
            } else if let resolved = Self.resolve(bare) {
                self = resolved
            } else {
                throw .badHost(host)
            }
        }
    }

    private init(interface: String?, family: Family) {
        self.interface = interface
        self.family = family
    }

    /// libwebsockets options for this family.
    var options: UInt64 {
        switch family {
        case .ipv4: UInt64(LWS_SERVER_OPTION_DISABLE_IPV6)
        case .ipv6: UInt64(LWS_SERVER_OPTION_IPV6_V6ONLY_MODIFY) | UInt64(LWS_SERVER_OPTION_IPV6_V6ONLY_VALUE)
        case .any: 0
        }
    }

    private static func isAddress(_ text: String, family: Int32) -> Bool {
        var buffer = [UInt8](repeating: 0, count: 16)
        return inet_pton(family, text, &buffer) == 1
    }

    /// The first address a host name resolves to.
    private static func resolve(_ name: String) -> ListenAddress? {
        var hints = addrinfo()
        hints.ai_socktype = Int32(SOCK_STREAM.rawValue)
        var result: UnsafeMutablePointer<addrinfo>?
        guard getaddrinfo(name, nil, &hints, &result) == 0, let first = result else { return nil }
        defer { freeaddrinfo(result) }
        var text = [CChar](repeating: 0, count: Int(INET6_ADDRSTRLEN))
        switch first.pointee.ai_family {
        case AF_INET:
            var address = first.pointee.ai_addr.withMemoryRebound(to: sockaddr_in.self, capacity: 1) { $0.pointee.sin_addr }
            guard inet_ntop(AF_INET, &address, &text, socklen_t(text.count)) != nil else { return nil }
            return ListenAddress(interface: String(cBuffer: text), family: .ipv4)
        case AF_INET6:
            var address = first.pointee.ai_addr.withMemoryRebound(to: sockaddr_in6.self, capacity: 1) { $0.pointee.sin6_addr }
            guard inet_ntop(AF_INET6, &address, &text, socklen_t(text.count)) != nil else { return nil }
            return ListenAddress(interface: String(cBuffer: text), family: .ipv6)
        default:
            return nil
        }
    }
}

extension ListenAddress {
    /// Why libwebsockets could not listen on `port` here: the same bind tried on a socket of
    /// our own, its error read (libwebsockets only says that it failed).
    func bindProblem(port: Int) -> ServerError.ListenProblem {
        let inet6 = family != .ipv4
        let socket = Glibc.socket(inet6 ? AF_INET6 : AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        guard socket >= 0 else { return .other(String(cString: strerror(errno))) }
        defer { close(socket) }
        var yes: Int32 = 1
        setsockopt(socket, SOL_SOCKET, SO_REUSEADDR, &yes, socklen_t(MemoryLayout<Int32>.size))
        let status: Int32
        if inet6 {
            var address = sockaddr_in6()
            address.sin6_family = sa_family_t(AF_INET6)
            address.sin6_port = in_port_t(UInt16(port).bigEndian)
            if let interface { inet_pton(AF_INET6, interface, &address.sin6_addr) } else { address.sin6_addr = in6addr_any }
            status = withUnsafePointer(to: &address) {
                $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { bind(socket, $0, socklen_t(MemoryLayout<sockaddr_in6>.size)) }
            }
        } else {
            var address = sockaddr_in()
            address.sin_family = sa_family_t(AF_INET)
            address.sin_port = in_port_t(UInt16(port).bigEndian)
            if let interface { inet_pton(AF_INET, interface, &address.sin_addr) } else { address.sin_addr.s_addr = INADDR_ANY }
            status = withUnsafePointer(to: &address) {
                $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { bind(socket, $0, socklen_t(MemoryLayout<sockaddr_in>.size)) }
            }
        }
        if status == 0 { return .other("it could be bound a moment later: try again") }
        switch errno {
        case EADDRINUSE: return .inUse
        case EADDRNOTAVAIL: return .notThisMachine
        case EACCES: return .needsPrivilege
        default: return .other(String(cString: strerror(errno)))
        }
    }
}
