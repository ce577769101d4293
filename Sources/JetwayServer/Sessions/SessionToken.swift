import CCrypto
import Foundation

/// The token a page carries to join its live session:
/// `base64url(sessionID ‖ issuedAt) "." base64url(HMAC-SHA256(secret, sessionID ‖ issuedAt ‖ path))`.
///
/// It binds the session to the route it was rendered for and expires; verification compares the
/// MAC in constant time.
struct SessionToken: Equatable {
    let sessionID: String
    let issuedAt: Date
    let path: String

    enum Failure: Error, Equatable, CustomStringConvertible {
        case malformed, badSignature, expired, wrongPath

        var description: String {
            switch self {
            case .malformed: "malformed token"
            case .badSignature: "token signature does not verify"
            case .expired: "token expired"
            case .wrongPath: "token was issued for another page"
            }
        }
    }

    static func sign(_ token: SessionToken, secret: [UInt8]) -> String {
        let payload = payloadBytes(token)
        let mac = hmac(secret, payload + Array(token.path.utf8))
        return base64url(payload) + "." + base64url(mac)
    }

    static func verify(_ text: String, path: String, secret: [UInt8], lifetime: TimeInterval, now: Date = Date()) throws -> SessionToken {
        let (token, expired) = try verifyAllowingExpiry(text, path: path, secret: secret, lifetime: lifetime, now: now)
        if expired { throw Failure.expired }
        return token
    }

    /// Verifies the signature and the path; an expired token is returned with `expired` set
    /// (a page that was offline past its token's life re-mounts from its URL). A token
    /// issued more than five minutes in the future is refused as malformed.
    static func verifyAllowingExpiry(_ text: String, path: String, secret: [UInt8], lifetime: TimeInterval, now: Date = Date()) throws
        -> (SessionToken, expired: Bool)
    {
        let parts = text.split(separator: ".", omittingEmptySubsequences: false)
        guard text.utf8.count < 256, parts.count == 2, let payload = unbase64url(parts[0]), let mac = unbase64url(parts[1]),
            payload.count == 24, mac.count == 32
        else { throw Failure.malformed }
        let expected = hmac(secret, payload + Array(path.utf8))
        guard constantTimeEqual(expected, mac) else {
            throw Failure.badSignature
        }
        let idBytes = payload[0..<16]
        var seconds: UInt64 = 0
        for byte in payload[16..<24] { seconds = seconds << 8 | UInt64(byte) }
        let issuedAt = Date(timeIntervalSince1970: TimeInterval(seconds))
        guard issuedAt.timeIntervalSince(now) < 300 else { throw Failure.malformed }
        let token = SessionToken(sessionID: idBytes.map { String(format: "%02x", $0) }.joined(), issuedAt: issuedAt, path: path)
        return (token, now.timeIntervalSince(issuedAt) > lifetime)
    }

    private static func payloadBytes(_ token: SessionToken) -> [UInt8] {
        var bytes: [UInt8] = []
        var index = token.sessionID.startIndex
        while index < token.sessionID.endIndex, bytes.count < 16 {
            let next = token.sessionID.index(index, offsetBy: 2, limitedBy: token.sessionID.endIndex) ?? token.sessionID.endIndex
            bytes.append(UInt8(token.sessionID[index..<next], radix: 16) ?? 0)
            index = next
        }
        while bytes.count < 16 { bytes.append(0) }
        let seconds = UInt64(max(0, token.issuedAt.timeIntervalSince1970))
        for shift in stride(from: 56, through: 0, by: -8) { bytes.append(UInt8(truncatingIfNeeded: seconds >> UInt64(shift))) }
        return bytes
    }

    static func hmac(_ key: [UInt8], _ data: [UInt8]) -> [UInt8] {
        var out = [UInt8](repeating: 0, count: Int(EVP_MAX_MD_SIZE))
        var length: UInt32 = 0
        _ = key.withUnsafeBufferPointer { keyBuffer in
            data.withUnsafeBufferPointer { dataBuffer in
                HMAC(EVP_sha256(), keyBuffer.baseAddress, Int32(keyBuffer.count), dataBuffer.baseAddress, dataBuffer.count, &out, &length)
            }
        }
        return Array(out.prefix(Int(length)))
    }

    static func constantTimeEqual(_ lhs: [UInt8], _ rhs: [UInt8]) -> Bool { SecretBytes.equal(lhs, rhs) }

    static func randomBytes(_ count: Int) -> [UInt8] { SecretBytes.random(count) }

    static func newSessionID() -> String {
        randomBytes(16).map { String(format: "%02x", $0) }.joined()
    }

    static func base64url(_ bytes: [UInt8]) -> String {
        Data(bytes).base64EncodedString().replacingOccurrences(of: "+", with: "-").replacingOccurrences(of: "/", with: "_")
            .replacingOccurrences(of: "=", with: "")
    }

    static func unbase64url(_ text: Substring) -> [UInt8]? {
        guard text.allSatisfy({ $0.isLetter || $0.isNumber || $0 == "-" || $0 == "_" }), text.allSatisfy(\.isASCII) else { return nil }
        var base64 = text.replacingOccurrences(of: "-", with: "+").replacingOccurrences(of: "_", with: "/")
        while base64.count % 4 != 0 { base64 += "=" }
        guard let bytes = Data(base64Encoded: base64).map({ Array($0) }) else { return nil }
        // Only the canonical encoding: otherwise unused trailing bits make several texts decode
        // to the same bytes, and a token could be altered without changing its MAC.
        return base64url(bytes) == text ? bytes : nil
    }

    /// The server's secret: configured, or generated once and kept (0600) in the data folder.
    static func loadSecret(configured: [UInt8]?, dataDirectory: String) throws -> [UInt8] {
        if let configured, configured.count >= 16 { return configured }
        let path = URL(fileURLWithPath: dataDirectory).appendingPathComponent("secret").path
        if let existing = FileManager.default.contents(atPath: path), existing.count >= 32 { return Array(existing) }
        try PrivateFiles.makeFolder(dataDirectory)
        let secret = randomBytes(32)
        guard FileManager.default.createFile(atPath: path, contents: Data(secret), attributes: [.posixPermissions: 0o600]) else {
            throw ServerError.cannotWriteSecret(path)
        }
        return secret
    }
}
