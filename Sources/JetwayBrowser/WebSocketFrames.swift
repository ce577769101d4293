/// RFC 6455 framing, the one copy the test clients and the load client share: client frames
/// (masked, as a browser sends them) and the bounds of a server frame (unmasked) in a buffer.
public enum WebSocketFrames {
    /// A text frame's opcode.
    public static let text: UInt8 = 0x1
    /// A close frame's opcode.
    public static let close: UInt8 = 0x8
    /// A ping's opcode.
    public static let ping: UInt8 = 0x9
    /// A pong's opcode.
    public static let pong: UInt8 = 0xA

    /// A masked client frame: 7-, 16- or 64-bit length as the payload needs.
    public static func clientFrame(opcode: UInt8, _ payload: [UInt8], final: Bool = true, mask: [UInt8] = [0x12, 0x34, 0x56, 0x78])
        -> [UInt8]
    {
        var frame: [UInt8] = [(final ? 0x80 : 0) | opcode]
        frame.reserveCapacity(payload.count + 14)
        if payload.count < 126 {
            frame.append(0x80 | UInt8(payload.count))
        } else if payload.count < 65536 {
            frame.append(0x80 | 126)
            frame.append(contentsOf: [UInt8(payload.count >> 8), UInt8(payload.count & 0xFF)])
        } else {
            frame.append(0x80 | 127)
            for shift in stride(from: 56, through: 0, by: -8) { frame.append(UInt8((payload.count >> shift) & 0xFF)) }
        }
        frame.append(contentsOf: mask)
        for (index, byte) in payload.enumerated() { frame.append(byte ^ mask[index & 3]) }
        return frame
    }

    /// A whole frame at `offset` of `buffer`: whether it is final, its opcode, and where its
    /// payload starts and how long it is (a server's frames are not masked; a masked one's
    /// payload is past its key). Nil while the frame is not all there.
    public static func frame(in buffer: [UInt8], at offset: Int = 0) -> (final: Bool, opcode: UInt8, start: Int, length: Int)? {
        guard buffer.count >= offset + 2 else { return nil }
        var length = Int(buffer[offset + 1] & 0x7F)
        var start = offset + 2
        if length == 126 {
            guard buffer.count >= offset + 4 else { return nil }
            length = Int(buffer[offset + 2]) << 8 | Int(buffer[offset + 3])
            start = offset + 4
        } else if length == 127 {
            guard buffer.count >= offset + 10 else { return nil }
            length = buffer[(offset + 2)..<(offset + 10)].reduce(0) { $0 << 8 | Int($1) }
            start = offset + 10
        }
        if buffer[offset + 1] & 0x80 != 0 { start += 4 }
        guard length >= 0, buffer.count >= start + length else { return nil }
        return (buffer[offset] & 0x80 != 0, buffer[offset] & 0x0F, start, length)
    }

    /// The close code a close frame's payload carries (1005 when it carries none).
    public static func closeCode(_ payload: some Collection<UInt8>) -> UInt16 {
        guard payload.count >= 2 else { return 1005 }
        let bytes = Array(payload.prefix(2))
        return UInt16(bytes[0]) << 8 | UInt16(bytes[1])
    }
}
