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

    /// The type and size of the image at the start of `bytes`, or nil when it is none of the
    /// types we know or its header does not hold together.
    static func identify(_ bytes: [UInt8]) -> Found? {
        png(bytes)
            ?? jpeg { offset, count in
                guard offset >= 0, offset < bytes.count else { return [] }
                return Array(bytes[offset..<min(bytes.count, offset + count)])
            }
    }

    /// The same for a file: what it is, or words for what it is not. A JPEG's segments are
    /// walked by their lengths through the file (a camera's EXIF and ICC segments can put the
    /// frame header past the first 64 KB), up to `jpegSearchBytes`.
    static func identify(file path: String) -> (found: Found?, description: String) {
        guard let handle = FileHandle(forReadingAtPath: path) else { return (nil, "unreadable") }
        defer { try? handle.close() }
        let head = [UInt8]((try? handle.read(upToCount: 64 * 1024)) ?? Data())
        if let found = png(head) { return (found, found.type.name) }
        let found = jpeg { offset, count in
            if offset >= 0, offset + count <= head.count { return Array(head[offset..<offset + count]) }
            guard offset >= 0, offset < jpegSearchBytes, (try? handle.seek(toOffset: UInt64(offset))) != nil else { return [] }
            return [UInt8]((try? handle.read(upToCount: count)) ?? Data())
        }
        return (found, found?.type.name ?? describe(head))
    }

    /// How far into a file a JPEG's frame header is looked for.
    static let jpegSearchBytes = 4 * 1024 * 1024

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

    /// A JPEG's size from its frame header, reading through `read(offset, count)` (which gives
    /// fewer bytes past the end): SOI, then segment after segment by their lengths.
    static func jpeg(_ read: (Int, Int) -> [UInt8]) -> Found? {
        guard read(0, 3) == [0xFF, 0xD8, 0xFF] else { return nil }
        var at = 2
        // At most a few thousand segments: a file cannot make this loop long.
        for _ in 0..<4096 {
            var marker = read(at, 2)
            guard marker.count == 2, marker[0] == 0xFF else { return nil }
            // Fill bytes before a marker.
            var fills = 0
            while marker[1] == 0xFF, fills < 64 {
                at += 1
                fills += 1
                marker = read(at, 2)
                guard marker.count == 2 else { return nil }
            }
            at += 2
            let code = marker[1]
            // Markers without a length: restart markers and TEM.
            if (0xD0...0xD7).contains(code) || code == 0x01 { continue }
            // End of image or start of scan before any frame header: not an image we can size.
            if code == 0xD9 || code == 0xDA { return nil }
            let segment = read(at, 8)
            guard let length = bigEndian(segment, 0, 2), length >= 2 else { return nil }
            let isFrame = (0xC0...0xCF).contains(code) && code != 0xC4 && code != 0xC8 && code != 0xCC
            if isFrame {
                guard length >= 8, let height = bigEndian(segment, 3, 2), let width = bigEndian(segment, 5, 2),
                    width > 0, height > 0, let components = bigEndian(segment, 7, 1), [1, 3, 4].contains(components)
                else { return nil }
                return Found(type: .jpeg, width: width, height: height)
            }
            at += length
        }
        return nil
    }
}
