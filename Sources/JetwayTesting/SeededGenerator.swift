/// SplitMix64: a small seeded generator for property tests, so a failing case can be replayed
/// from its seed.
///
/// ```swift
/// var random = SeededGenerator(state: 7)
/// let pick = Int.random(in: 0..<10, using: &random)
/// ```
public struct SeededGenerator: RandomNumberGenerator {
    /// The generator's state: the seed, then where it is.
    public var state: UInt64
    /// A generator from `state` (the seed): the same seed, the same numbers.
    public init(state: UInt64) { self.state = state }
    /// The next number (SplitMix64).
    public mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }
}
