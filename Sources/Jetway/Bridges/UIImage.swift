import Foundation

// UIKit's image, as SwiftUI apps hold one made from downloaded or stored bytes and show it with
// `Image(uiImage:)`: the bytes as they came (PNG, JPEG, GIF or WebP), their pixel size read from
// the file's header, drawn by the browser from a `data:` address. Jetway does not decode or
// re-encode pixels: `pngData()`/`jpegData(compressionQuality:)` give the bytes back when they
// already are that format (nil otherwise).

/// An image made from a file's bytes.
open class UIImage: Hashable, @unchecked Sendable {
    /// The bytes, as given.
    public let data: Data
    /// `image/png`, `image/jpeg`, `image/gif` or `image/webp`.
    public let mimeType: String
    /// The size in points (pixels ÷ `scale`).
    public let size: CGSize
    /// Pixels per point: the `scale` the image was made with (at least 0.01), 1 for named, symbol
    /// and web images.
    public let scale: CGFloat

    /// An image from a PNG, JPEG, GIF or WebP file's bytes; nil for anything else.
    public init?(data: Data, scale: CGFloat = 1) {
        guard let (mime, pixels) = Self.header(data) else { return nil }
        self.data = data
        self.mimeType = mime
        self.scale = max(scale, 0.01)
        self.size = CGSize(width: pixels.width / self.scale, height: pixels.height / self.scale)
    }

    /// An image of the app's asset catalog, by name (`UIImage(named: "logo")`): drawn from the
    /// assets folder as `Image("logo")` is; its size is the page's to learn (zero here).
    public init?(named name: String) {
        guard !name.isEmpty else { return nil }
        self.data = Data()
        self.mimeType = ""
        self.scale = 1
        self.size = .zero
        self.assetName = name
    }

    /// An image a page's browser loaded from the web (an image library's result): drawn from its
    /// address; its bytes and size are the browser's (zero here).
    package init(webAddress: URL) {
        self.data = Data()
        self.mimeType = ""
        self.scale = 1
        self.size = .zero
        self.webAddress = webAddress
    }

    /// The address, for an image made with `init(webAddress:)`.
    public private(set) var webAddress: URL?
    /// The asset catalog's name, for an image made with `init(named:)`.
    public private(set) var assetName: String?
    /// The symbol's name, for an image made with `init(systemName:)`.
    public private(set) var symbolName: String?

    /// A system symbol (`UIImage(systemName: "book")`): nil when Jetway has no drawing for the
    /// name, as UIKit answers nil for a name SF Symbols lacks.
    public init?(systemName name: String) {
        guard SystemSymbols.file(for: name) != nil else { return nil }
        self.data = Data()
        self.mimeType = ""
        self.scale = 1
        self.size = .zero
        self.symbolName = name
    }

    /// An image from a file on the server.
    public convenience init?(contentsOfFile path: String) {
        guard let data = FileManager.default.contents(atPath: path) else { return nil }
        self.init(data: data)
    }

    /// The bytes when they are a PNG file; nil otherwise (Jetway does not re-encode images).
    public func pngData() -> Data? { mimeType == "image/png" ? data : nil }
    /// The bytes when they are a JPEG file, whatever `compressionQuality`; nil otherwise (Jetway does
    /// not re-encode images).
    public func jpegData(compressionQuality: CGFloat) -> Data? { mimeType == "image/jpeg" ? data : nil }

    /// The `data:` address the page draws it from.
    var dataURL: String { "data:\(mimeType);base64,\(data.base64EncodedString())" }

    /// The same object, or the same bytes and the same asset name.
    ///
    /// Images made with `init(systemName:)` or from a web address have no bytes and no asset name,
    /// so any two of them compare equal.
    public static func == (lhs: UIImage, rhs: UIImage) -> Bool {
        lhs === rhs || (lhs.data == rhs.data && lhs.assetName == rhs.assetName)
    }
    /// Hashes the byte count only.
    public func hash(into hasher: inout Hasher) { hasher.combine(data.count) }

    /// The format and pixel size a file's header says.
    static func header(_ data: Data) -> (String, CGSize)? {
        let b = [UInt8](data.prefix(64 * 1024))
        func be16(_ i: Int) -> Int { Int(b[i]) << 8 | Int(b[i + 1]) }
        func le16(_ i: Int) -> Int { Int(b[i]) | Int(b[i + 1]) << 8 }
        func be32(_ i: Int) -> Int { be16(i) << 16 | be16(i + 2) }
        func le24(_ i: Int) -> Int { Int(b[i]) | Int(b[i + 1]) << 8 | Int(b[i + 2]) << 16 }
        if b.count >= 24, b[0..<8] == [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A] {
            return ("image/png", CGSize(width: be32(16), height: be32(20)))
        }
        if b.count >= 10, b[0..<4] == [0x47, 0x49, 0x46, 0x38] {
            return ("image/gif", CGSize(width: le16(6), height: le16(8)))
        }
        if b.count >= 30, b[0..<4] == [0x52, 0x49, 0x46, 0x46], b[8..<12] == [0x57, 0x45, 0x42, 0x50] {
            switch (b[12], b[13], b[14], b[15]) {
            case (0x56, 0x50, 0x38, 0x20): return ("image/webp", CGSize(width: le16(26) & 0x3FFF, height: le16(28) & 0x3FFF))
            case (0x56, 0x50, 0x38, 0x4C):
                let bits = Int(b[21]) | Int(b[22]) << 8 | Int(b[23]) << 16 | Int(b[24]) << 24
                return ("image/webp", CGSize(width: (bits & 0x3FFF) + 1, height: (bits >> 14 & 0x3FFF) + 1))
            case (0x56, 0x50, 0x38, 0x58): return ("image/webp", CGSize(width: le24(24) + 1, height: le24(27) + 1))
            default: return nil
            }
        }
        if b.count >= 4, b[0] == 0xFF, b[1] == 0xD8 {
            // Markers up to a start of frame (SOF0…SOF15 but DHT, JPG and DAC), which holds the size.
            var i = 2
            while i + 9 < b.count {
                guard b[i] == 0xFF else { return nil }
                let marker = b[i + 1]
                if marker == 0xD8 || marker == 0x01 || (0xD0...0xD7).contains(marker) || marker == 0xFF {
                    i += marker == 0xFF ? 1 : 2
                    continue
                }
                if (0xC0...0xCF).contains(marker), marker != 0xC4, marker != 0xC8, marker != 0xCC {
                    return ("image/jpeg", CGSize(width: be16(i + 7), height: be16(i + 5)))
                }
                i += 2 + be16(i + 2)
            }
        }
        return nil
    }
}

extension Image {
    /// Shows a `UIImage` (its bytes, from a `data:` address).
    nonisolated public init(uiImage: UIImage) {
        if let name = uiImage.assetName {
            self.init(name)
        } else if let symbol = uiImage.symbolName {
            self.init(systemName: symbol)
        } else if let address = uiImage.webAddress {
            self.init(url: address)
        } else {
            self.init(dataURL: uiImage.dataURL)
        }
    }
}
