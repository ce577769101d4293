import Foundation
import Jetway

/// Who a request is from: the client's address behind trusted proxies (RFC 7239 `Forwarded`,
/// else `X-Forwarded-For`), and the device cookie a new browser is given. No transport: each
/// transport passes what it read.
extension JetwayServer {
    /// A peer's address as the configuration writes one (an IPv4 peer of a dual-stack socket
    /// comes as `::ffff:a.b.c.d`).
    static func peerAddress(_ text: String) -> String {
        ServerConfiguration.canonicalAddress(text) ?? text
    }

    static func clientAddress(peer: String, forwardedFor: String?, forwarded: String? = nil, trusted: [String]) -> String {
        guard trusted.contains(peer) else { return peer }
        let hops: [String]
        if let forwarded {
            hops = forwardedElements(forwarded).map { $0.for ?? "" }
        } else if let forwardedFor {
            hops = forwardedFor.split(separator: ",").map { $0.trimmingCharacters(in: .whitespaces) }.filter { !$0.isEmpty }
        } else {
            return peer
        }
        // Right to left: each trusted proxy appended the address it saw.
        for hop in hops.reversed() where !trusted.contains(hop) {
            return !hop.isEmpty && hop.utf8.count <= 64 && hop.utf8.allSatisfy({ $0 > 32 && $0 < 127 }) ? hop : peer
        }
        return peer
    }

    /// The elements of a `Forwarded` header (RFC 7239), each its `for` node (quotes, brackets
    /// and port taken off; nil when absent, `unknown` or an obfuscated `_name`) and `proto`.
    static func forwardedElements(_ header: String) -> [(for: String?, proto: String?)] {
        header.split(separator: ",", omittingEmptySubsequences: false).prefix(64).map { element in
            var node: String?
            var proto: String?
            for pair in element.split(separator: ";") {
                let parts = pair.split(separator: "=", maxSplits: 1)
                guard parts.count == 2 else { continue }
                let name = parts[0].trimmingCharacters(in: .whitespaces).lowercased()
                var value = parts[1].trimmingCharacters(in: .whitespaces)
                if value.count >= 2, value.hasPrefix("\""), value.hasSuffix("\"") { value = String(value.dropFirst().dropLast()) }
                switch name {
                case "for": node = forwardedNode(value)
                case "proto": proto = value.lowercased()
                default: break
                }
            }
            return (node, proto)
        }
    }

    private static func forwardedNode(_ value: String) -> String? {
        if value.lowercased() == "unknown" || value.hasPrefix("_") || value.isEmpty { return nil }
        if value.hasPrefix("[") {
            // [2001:db8::17] or [2001:db8::17]:4711
            guard let close = value.firstIndex(of: "]") else { return nil }
            return String(value[value.index(after: value.startIndex)..<close])
        }
        // 192.0.2.60 or 192.0.2.60:47011 (one colon: a port)
        let colons = value.filter { $0 == ":" }.count
        if colons == 1, let colon = value.firstIndex(of: ":") { return String(value[..<colon]) }
        return value
    }

    /// A browser without a valid device cookie gets one with its page: a random id, signed, for
    /// a year (`Request.device` and `RequestContext.device` read it back).
    func newDeviceCookie(secure: Bool) -> (id: String, header: String)? {
        let id = SessionToken.newSessionID()
        guard let header = Cookie(name: Cookie.deviceName, value: id, maxAge: 365 * 24 * 3600).headerValue(secret: secret, secure: secure)
        else { return nil }
        return (id, header)
    }

    static func allowHeader(_ methods: [HTTPMethod]) -> String {
        methods.map(\.rawValue).joined(separator: ", ")
    }
}
