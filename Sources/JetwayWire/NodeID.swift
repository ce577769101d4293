/// The compact id an element carries in the page (`data-j="2s"`), base 36 on the wire.
public struct NodeID: Hashable, Sendable, CustomStringConvertible {
    /// The id as a number (0: no id assigned).
    public var rawValue: UInt32
    /// The id `rawValue`.
    public init(_ rawValue: UInt32) { self.rawValue = rawValue }
    /// No id: what an element has before the server numbers it.
    public static let unassigned = NodeID(0)
    /// Whether the id is one (non-zero).
    public var isAssigned: Bool { rawValue != 0 }
    /// The base-36 form, as `data-j` and the wire write it (`2s`).
    public var description: String { String(rawValue, radix: 36) }

    /// Writes the base-36 form into `bytes` (no string made: a patch carries a thousand ids).
    package func appendBase36(to bytes: inout [UInt8]) {
        var digits: (UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8) = (0, 0, 0, 0, 0, 0, 0)
        var count = 0
        var value = rawValue
        withUnsafeMutableBytes(of: &digits) { buffer in
            repeat {
                let digit = UInt8(value % 36)
                buffer[count] = digit < 10 ? 48 + digit : 87 + digit
                value /= 36
                count += 1
            } while value > 0
            for index in stride(from: count - 1, through: 0, by: -1) { bytes.append(buffer[index]) }
        }
    }
    /// Parses the base-36 form used in the page and on the wire.
    public init?(_ string: String) {
        guard !string.isEmpty, string.utf8.count <= 7, let value = UInt32(string, radix: 36), value != 0 else { return nil }
        self.rawValue = value
    }
}
