import CCrypto

/// Random bytes and comparisons that take the same time whatever the bytes: what tokens,
/// sign-ins and password hashes are made of (libcrypto's `RAND_bytes` and `CRYPTO_memcmp`).
package enum SecretBytes {
    /// `count` bytes from libcrypto's generator (the system's if it fails).
    package static func random(_ count: Int) -> [UInt8] {
        var bytes = [UInt8](repeating: 0, count: count)
        if RAND_bytes(&bytes, Int32(count)) != 1 {
            var generator = SystemRandomNumberGenerator()
            for index in bytes.indices { bytes[index] = UInt8.random(in: 0...255, using: &generator) }
        }
        return bytes
    }

    /// Whether two byte strings are equal, in time that depends only on their length.
    package static func equal(_ lhs: [UInt8], _ rhs: [UInt8]) -> Bool {
        guard lhs.count == rhs.count else { return false }
        return lhs.withUnsafeBytes { a in rhs.withUnsafeBytes { b in CRYPTO_memcmp(a.baseAddress, b.baseAddress, a.count) == 0 } }
    }
}
