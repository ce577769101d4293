import Foundation

/// Identity is a path: builder positions, `if`/`switch` branches, explicit ids. Jetway folds the
/// path into a 64-bit hash as it walks, one mix per step, so no path arrays are built per view.
package enum IdentityHash {
    /// The start of a path: below an element (for node keys) or below a view instance (for state).
    static let seed: UInt64 = 0x6A65_7477_6179_2121

    /// SplitMix64's finaliser over the running hash and the step.
    @inline(__always)
    static func mix(_ hash: UInt64, _ step: UInt64) -> UInt64 {
        var z = hash &+ 0x9E37_79B9_7F4A_7C15 &+ step &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }

    /// A view type's step: its metadata address, stable for the life of the process.
    @inline(__always)
    static func ofType(_ type: Any.Type) -> UInt64 {
        // The address itself, not its `hashValue` (a full SipHash): the mix that follows spreads it.
        UInt64(UInt(bitPattern: ObjectIdentifier(type)))
    }

    /// An explicit id's step (`ForEach` element ids, `.id(_:)`). Integers, strings and UUIDs
    /// give the same step in every process (a link's `?nav=` address holds it, and a page is
    /// opened again after a restart or on another server); other ids use their `hashValue`,
    /// which Swift seeds per process.
    @inline(__always)
    static func ofID<ID: Hashable>(_ id: ID) -> UInt64 {
        // Integer ids (the common case) skip the hasher: the mix that follows spreads them.
        if ID.self == Int.self { return UInt64(bitPattern: Int64(unsafeBitCast(id, to: Int.self))) ^ 0x5555_5555_5555_5555 }
        if ID.self == String.self { return fnv1a(unsafeBitCast(id, to: String.self).utf8) }
        if ID.self == UUID.self { return fnv1a(unsafeBitCast(id, to: UUID.self).uuidString.utf8) }
        return UInt64(bitPattern: Int64(id.hashValue)) ^ 0x5555_5555_5555_5555
    }

    /// FNV-1a, 64 bits: the same in every process (row ids here, the server's asset
    /// fingerprints).
    package static func fnv1a<Bytes: Sequence<UInt8>>(_ bytes: Bytes) -> UInt64 {
        var hash: UInt64 = 0xcbf2_9ce4_8422_2325
        for byte in bytes { hash = (hash ^ UInt64(byte)) &* 0x0000_0100_0000_01b3 }
        return hash
    }
}
