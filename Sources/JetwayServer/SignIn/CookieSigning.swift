import Foundation
import JetwayRoutes

/// Signing and checking cookies with the server's secret (HMAC-SHA256 from libcrypto), and the
/// `Set-Cookie` header a cookie becomes.
extension Cookie {
    /// The `Set-Cookie` header value, signed with `secret` when `signed`; nil when the name,
    /// value or path could break the header.
    func headerValue(secret: [UInt8], secure: Bool) -> String? {
        guard Self.isValidName(name), Self.isValidValue(value), Self.isValidValue(path) else { return nil }
        var text = "\(name)=\(signed ? Self.sign(name: name, value: value, secret: secret) : value); Path=\(path)"
        if let maxAge { text += "; Max-Age=\(max(0, maxAge))" }
        text += "; SameSite=\(sameSite.rawValue)"
        if httpOnly { text += "; HttpOnly" }
        if secure || sameSite == .none { text += "; Secure" }
        return text
    }

    static func sign(name: String, value: String, secret: [UInt8]) -> String {
        value + "." + SessionToken.base64url(SessionToken.hmac(secret, Array("cookie:\(name)=\(value)".utf8)))
    }

    /// The value of a signed cookie when its MAC verifies, else nil.
    static func verify(name: String, signed text: String, secret: [UInt8]) -> String? {
        guard let dot = text.lastIndex(of: ".") else { return nil }
        let value = String(text[..<dot])
        let expected = Array(sign(name: name, value: value, secret: secret).utf8)
        return SessionToken.constantTimeEqual(expected, Array(text.utf8)) ? value : nil
    }

    /// The signed cookies of a `Cookie` header whose MAC verifies.
    static func verified(_ cookies: [String: String], secret: [UInt8]) -> [String: String] {
        var result: [String: String] = [:]
        for (name, text) in cookies {
            if let value = verify(name: name, signed: text, secret: secret) { result[name] = value }
        }
        return result
    }
}
