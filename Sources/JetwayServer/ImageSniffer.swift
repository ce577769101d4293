import CZlib
import Jetway

/// What a file is, by its content: a PNG (signature, then an `IHDR` chunk whose fields and CRC
/// hold) or a JPEG (SOI, then segments up to a frame header with a size). The browser's word
/// and the file's name are never asked.
enum ImageSniffer {
    struct Found: Equatable {
        let type: UTType
        let width: Int
        let height: Int
    }

    /// The type and size of the image at the start of `bytes` (the first 64 KB are enough),
    /// or nil when it is none of the types we know or its header does not hold together.
    static func identify(_ bytes: [UInt8]) -> Found? {
        png(bytes) ?? jpeg(bytes)
    }

    /// What a person would call content that is not an image we know.
    static func describe(_ bytes: [UInt8]) -> String {
        if bytes.starts(with: [0x89, 0x50, 0x4E, 0x47]) || bytes.starts(with: [0xFF, 0xD8]) { return "a damaged image" }
        if bytes.starts(with: Array("GIF8".utf8)) { return "a GIF image" }
        if bytes.starts(with: Array("%PDF".utf8)) { return "a PDF document" }
        if bytes.starts(with: [0x50, 0x4B, 0x03, 0x04]) { return "a ZIP archive" }
        if bytes.isEmpty { return "empty" }
        let printable = bytes.prefix(512).allSatisfy { $0 == 9 || $0 == 10 || $0 == 13 || ($0 >= 32 && $0 < 127) || $0 >= 0x80 }
        return printable ? "text" : "of a kind the server does not know"
    }

    private static func bigEndian(_ bytes: [UInt8], _ at: Int, _ count: Int) -> Int? {
        guard at >= 0, at + count <= bytes.count else { return nil }
        return bytes[at..<at + count].reduce(0) { $0 << 8 | Int($1) }
    }

    static func png(_ bytes: [UInt8]) -> Found? {
        guard bytes.starts(with: [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]), bytes.count >= 33 else { return nil }
        guard bigEndian(bytes, 8, 4) == 13, Array(bytes[12..<16]) == Array("IHDR".utf8),
            let width = bigEndian(bytes, 16, 4), let height = bigEndian(bytes, 20, 4),
            width > 0, height > 0, width <= Int(Int32.max), height <= Int(Int32.max)
        else { return nil }
        let depth = bytes[24]
        let color = bytes[25]
        let valid: [UInt8: [UInt8]] = [0: [1, 2, 4, 8, 16], 2: [8, 16], 3: [1, 2, 4, 8], 4: [8, 16], 6: [8, 16]]
        guard valid[color]?.contains(depth) == true, bytes[26] == 0, bytes[27] == 0, bytes[28] <= 1 else { return nil }
        let crc = bytes[12..<29].withContiguousStorageIfAvailable { chunk in
            UInt32(crc32(0, chunk.baseAddress, UInt32(chunk.count)))
        }
        guard let crc, bigEndian(bytes, 29, 4) == Int(crc) else { return nil }
        return Found(type: .png, width: width, height: height)
    }

    static func jpeg(_ bytes: [UInt8]) -> Found? {
        guard bytes.starts(with: [0xFF, 0xD8, 0xFF]) else { return nil }
        var at = 2
        while at + 4 <= bytes.count {
            guard bytes[at] == 0xFF else { return nil }
            var marker = bytes[at + 1]
            // Fill bytes before a marker.
            while marker == 0xFF, at + 2 < bytes.count {
                at += 1
                marker = bytes[at + 1]
            }
            at += 2
            // Markers without a length: restart markers and TEM.
            if (0xD0...0xD7).contains(marker) || marker == 0x01 { continue }
            // End of image or start of scan before any frame header: not an image we can size.
            if marker == 0xD9 || marker == 0xDA { return nil }
            guard let length = bigEndian(bytes, at, 2), length >= 2 else { return nil }
            let isFrame = (0xC0...0xCF).contains(marker) && marker != 0xC4 && marker != 0xC8 && marker != 0xCC
            if isFrame {
                guard length >= 8, let height = bigEndian(bytes, at + 3, 2), let width = bigEndian(bytes, at + 5, 2),
                    width > 0, height > 0, let components = bigEndian(bytes, at + 7, 1), [1, 3, 4].contains(components)
                else { return nil }
                return Found(type: .jpeg, width: width, height: height)
            }
            at += length
        }
        return nil
    }
}
