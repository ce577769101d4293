import JetwayBrowser
import Testing

/// The test clients' and the load client's one framer: every length form, masked as a browser
/// masks, read back as a server's frame is read.
struct WebSocketFramesTests {
    @Test(arguments: [0, 1, 125, 126, 65535, 65536, 70000])
    func aFrameOfEveryLengthReadsBack(_ count: Int) throws {
        let payload = (0..<count).map { UInt8(truncatingIfNeeded: $0 &* 31) }
        let frame = WebSocketFrames.clientFrame(opcode: WebSocketFrames.text, payload)
        let bounds = try #require(WebSocketFrames.frame(in: frame))
        #expect(bounds.final && bounds.opcode == WebSocketFrames.text && bounds.length == count)
        let mask = Array(frame[(bounds.start - 4)..<bounds.start])
        let unmasked = frame[bounds.start...].enumerated().map { $0.element ^ mask[$0.offset & 3] }
        #expect(unmasked == payload)
        // Not all there yet: no frame.
        #expect(WebSocketFrames.frame(in: Array(frame.dropLast())) == nil || count == 0)
    }

    @Test func aServersFrameAndItsCloseCode() throws {
        // Unmasked, as a server sends: a close with 4002, then a text frame behind it.
        let buffer: [UInt8] = [0x88, 0x02, 0x0F, 0xA2, 0x81, 0x02, 0x5B, 0x5D]
        let close = try #require(WebSocketFrames.frame(in: buffer))
        #expect(
            close.opcode == WebSocketFrames.close && WebSocketFrames.closeCode(buffer[close.start..<(close.start + close.length)]) == 4002)
        let text = try #require(WebSocketFrames.frame(in: buffer, at: close.start + close.length))
        #expect(String(decoding: buffer[text.start..<(text.start + text.length)], as: UTF8.self) == "[]")
        #expect(WebSocketFrames.closeCode([UInt8]()) == 1005)
    }
}
