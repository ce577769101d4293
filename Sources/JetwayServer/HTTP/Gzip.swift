import CZlib

/// gzip with Debian's zlib, for pages and assets sent to browsers that accept it.
enum Gzip {
    /// The gzip member for `bytes`, or nil if zlib fails (the caller sends them as they are).
    static func compress(_ bytes: [UInt8], level: Int32 = 6) -> [UInt8]? {
        var stream = z_stream()
        guard jw_deflate_init_gzip(&stream, level) == Z_OK else { return nil }
        defer { deflateEnd(&stream) }
        var output = [UInt8](repeating: 0, count: Int(deflateBound(&stream, uLong(bytes.count))) + 32)
        var input = bytes
        let status = input.withUnsafeMutableBufferPointer { source in
            output.withUnsafeMutableBufferPointer { target in
                stream.next_in = source.baseAddress
                stream.avail_in = uInt(source.count)
                stream.next_out = target.baseAddress
                stream.avail_out = uInt(target.count)
                return deflate(&stream, Z_FINISH)
            }
        }
        guard status == Z_STREAM_END else { return nil }
        output.removeSubrange(Int(stream.total_out)...)
        return output
    }

    /// The bytes of a gzip member; nil when it is malformed or would exceed `limit` bytes.
    static func decompress(_ bytes: [UInt8], limit: Int = 64 * 1024 * 1024) -> [UInt8]? {
        var stream = z_stream()
        guard jw_inflate_init_gzip(&stream) == Z_OK else { return nil }
        defer { inflateEnd(&stream) }
        var input = bytes
        var output: [UInt8] = []
        var chunk = [UInt8](repeating: 0, count: 64 * 1024)
        return input.withUnsafeMutableBufferPointer { source -> [UInt8]? in
            stream.next_in = source.baseAddress
            stream.avail_in = uInt(source.count)
            while true {
                let (status, produced) = chunk.withUnsafeMutableBufferPointer { target -> (Int32, Int) in
                    stream.next_out = target.baseAddress
                    stream.avail_out = uInt(target.count)
                    let status = inflate(&stream, Z_NO_FLUSH)
                    return (status, target.count - Int(stream.avail_out))
                }
                output.append(contentsOf: chunk[0..<produced])
                guard output.count <= limit else { return nil }
                if status == Z_STREAM_END { return output }
                guard status == Z_OK else { return nil }
            }
        }
    }

    /// Whether an `Accept-Encoding` header allows gzip (`gzip`, `x-gzip` or `*`, without `q=0`).
    /// An explicit `gzip` entry decides; `*` only when gzip is not named.
    static func isAccepted(by acceptEncoding: String?) -> Bool {
        guard let acceptEncoding else { return false }
        var wildcard: Bool?
        for part in acceptEncoding.lowercased().split(separator: ",") {
            let fields = part.split(separator: ";").map { $0.trimmingCharacters(in: .whitespaces) }
            guard let coding = fields.first else { continue }
            let quality = fields.dropFirst().first { $0.hasPrefix("q=") }.flatMap { Double($0.dropFirst(2)) } ?? 1
            if coding == "gzip" || coding == "x-gzip" { return quality > 0 }
            if coding == "*" { wildcard = quality > 0 }
        }
        return wildcard ?? false
    }

    /// Types worth compressing.
    static func isCompressible(_ contentType: String) -> Bool {
        contentType.hasPrefix("text/") || contentType.hasPrefix("application/json") || contentType.hasPrefix("image/svg")
            || contentType.hasPrefix("application/javascript")
    }
}

extension HTTPResponse {
    /// This response gzipped, when its type is worth it, it is over 1 KB and zlib succeeds:
    /// `Content-Encoding: gzip`, and an ETag of its own (another representation).
    func gzipped() -> HTTPResponse? {
        guard status == 200, body.count > 1024, Gzip.isCompressible(contentType), let compressed = Gzip.compress(body) else { return nil }
        var response = self
        response.body = compressed
        response.headers = headers.map { name, value in
            name == "etag" && value.hasSuffix("\"") ? (name, String(value.dropLast()) + "-gz\"") : (name, value)
        }
        response.headers.append(("content-encoding", "gzip"))
        return response
    }

    /// `Vary: Accept-Encoding` on anything that could be sent either way.
    func varyingByEncoding() -> HTTPResponse {
        guard Gzip.isCompressible(contentType) else { return self }
        var response = self
        response.headers.append(("vary", "accept-encoding"))
        return response
    }
}
