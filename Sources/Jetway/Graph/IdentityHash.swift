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
    package static func fnv1a<Bytes: Sequence<UInt8>>(_ bytes: Bytes, from hash: UInt64 = fnvOffsetBasis) -> UInt64 {
        var hash = hash
        for byte in bytes { hash = (hash ^ UInt64(byte)) &* fnvPrime }
        return hash
    }

    static let fnvOffsetBasis: UInt64 = 0xcbf2_9ce4_8422_2325
    private static let fnvPrime: UInt64 = 0x0000_0100_0000_01b3

    /// FNV-1a continued from `hash` over `string`'s bytes, then over `end` (a value no byte has,
    /// so that where one string ends and the next begins is part of the hash): several strings
    /// in one running hash, without the standard hasher's set-up and finish for each (a row's
    /// texts and attributes, hashed as a lazy list's rows leave and come back).
    static func fnv1a(_ string: String, from hash: UInt64, end: UInt64 = 0x100) -> UInt64 {
        // A native string's bytes in one buffer (a small one's copied to the stack): a walk of
        // its UTF-8 view byte by byte cost several times as much.
        let hashed = string.utf8.withContiguousStorageIfAvailable { fnv1a($0, from: hash) } ?? fnv1a(string.utf8, from: hash)
        return (hashed ^ end) &* fnvPrime
    }

    /// FNV-1a of one string (then mixed, so that short strings spread over all 64 bits).
    @inline(__always)
    static func ofString(_ string: String) -> UInt64 {
        mix(0, fnv1a(string, from: fnvOffsetBasis))
    }
}
