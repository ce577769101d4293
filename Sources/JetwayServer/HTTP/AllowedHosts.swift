/// The host names the app answers to (`ServerConfiguration.allowedHosts`): a request whose
/// `Host` names another is answered 421 before it is routed, and a websocket upgrade is
/// refused, so a page on another name that resolves here (DNS rebinding) can neither read the
/// app nor open its socket.
///
/// Loopback names (`localhost`, `127.0.0.1`, `::1`) and the address the server listens on are
/// always allowed; a name starting with a dot allows its subdomains too (`.example.com`:
/// `example.com`, `www.example.com`); `*` allows any name (only behind a proxy that checks it).
///
/// ```swift
/// configuration.allowedHosts = ["airport.example.com"]   // JETWAY_ALLOWED_HOSTS
/// ```
struct AllowedHosts: Sendable {
    private let names: Set<String>
    private let suffixes: [String]
    private let any: Bool

    init(configured: [String], listenHost: String) {
        var names: Set<String> = ["localhost", "127.0.0.1", "::1"]
        var suffixes: [String] = []
        if !["0.0.0.0", "::", "*"].contains(listenHost) { names.insert(listenHost.lowercased()) }
        for entry in configured.map({ $0.lowercased() }) {
            if entry.hasPrefix(".") {
                suffixes.append(entry)
                names.insert(String(entry.dropFirst()))
            } else if let name = Self.name(ofHostHeader: entry) {
                names.insert(name)
            }
        }
        self.names = names
        self.suffixes = suffixes
        self.any = configured.contains("*")
    }

    /// Whether a request with this `Host` header is answered (nil: no header, which HTTP/1.1
    /// does not allow).
    func allows(_ header: String?) -> Bool {
        guard let header, let name = Self.name(ofHostHeader: header.lowercased()) else { return false }
        if any || names.contains(name) { return true }
        return suffixes.contains { name.hasSuffix($0) }
    }

    /// The name in a `Host` header, without its port or an IPv6 address's brackets; nil when
    /// the header is not one (spaces, a second name, an empty name).
    static func name(ofHostHeader header: String) -> String? {
        guard !header.isEmpty, header.utf8.count <= 255,
            header.utf8.allSatisfy({ $0 > 32 && $0 < 127 && $0 != UInt8(ascii: ",") && $0 != UInt8(ascii: "/") })
        else { return nil }
        if header.hasPrefix("[") {
            guard let close = header.firstIndex(of: "]") else { return nil }
            let rest = header[header.index(after: close)...]
            guard rest.isEmpty || (rest.hasPrefix(":") && rest.dropFirst().allSatisfy(\.isNumber)) else { return nil }
            return String(header[header.index(after: header.startIndex)..<close])
        }
        let parts = header.split(separator: ":", omittingEmptySubsequences: false)
        switch parts.count {
        case 1: return header
        case 2 where !parts[0].isEmpty && parts[1].allSatisfy(\.isNumber): return String(parts[0])
        default: return nil
        }
    }
}
