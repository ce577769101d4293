import Foundation

/// Serves files below the assets folder with ETag and Cache-Control. Nothing outside the folder
/// can be read: `..` segments, encoded traversal (`%2e%2e`, `%2f`), NUL bytes and symlinks that
/// lead out are all refused with 404.
struct StaticFiles: Sendable {
    let root: String

    init(directory: String) {
        root = URL(fileURLWithPath: directory).resolvingSymlinksInPath().standardizedFileURL.path
    }

    func response(for relativePath: String, ifNoneMatch: String?) -> HTTPResponse? {
        guard let decoded = relativePath.removingPercentEncoding, !decoded.contains("\0"), !decoded.contains("\\") else { return nil }
        let segments = decoded.split(separator: "/", omittingEmptySubsequences: true)
        guard !segments.isEmpty, !segments.contains(where: { $0 == ".." || $0 == "." || $0.hasPrefix(".") }) else { return nil }
        let candidate = URL(fileURLWithPath: root).appendingPathComponent(segments.joined(separator: "/"))
        let resolved = candidate.resolvingSymlinksInPath().standardizedFileURL.path
        guard resolved.hasPrefix(root + "/") else { return nil }
        var isDirectory: ObjCBool = false
        guard FileManager.default.fileExists(atPath: resolved, isDirectory: &isDirectory), !isDirectory.boolValue,
            let attributes = try? FileManager.default.attributesOfItem(atPath: resolved),
            let size = attributes[.size] as? Int, size <= 16 * 1024 * 1024
        else { return nil }
        let modified = (attributes[.modificationDate] as? Date)?.timeIntervalSince1970 ?? 0
        let etag = "\"\(String(size, radix: 36))-\(String(Int(modified * 1000), radix: 36))\""
        let headers = [("etag", etag), ("cache-control", "public, max-age=60, must-revalidate")]
        if let ifNoneMatch, ifNoneMatch == etag {
            return HTTPResponse(status: 304, contentType: Self.mimeType(resolved), headers: headers, body: [])
        }
        guard let data = FileManager.default.contents(atPath: resolved) else { return nil }
        return HTTPResponse(status: 200, contentType: Self.mimeType(resolved), headers: headers, body: Array(data))
    }

    static func mimeType(_ path: String) -> String {
        switch URL(fileURLWithPath: path).pathExtension.lowercased() {
        case "js", "mjs": "text/javascript; charset=utf-8"
        case "css": "text/css; charset=utf-8"
        case "html": "text/html; charset=utf-8"
        case "json": "application/json"
        case "svg": "image/svg+xml"
        case "png": "image/png"
        case "jpg", "jpeg": "image/jpeg"
        case "gif": "image/gif"
        case "webp": "image/webp"
        case "ico": "image/x-icon"
        case "woff2": "font/woff2"
        case "txt": "text/plain; charset=utf-8"
        default: "application/octet-stream"
        }
    }
}
