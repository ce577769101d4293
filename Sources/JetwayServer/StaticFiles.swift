import Foundation
import JetwayAssets

/// Serves `/assets/`: Jetway's own files (runtime, stylesheet, icon), compiled into the library,
/// and the files of the app's own folder, if it has one, with ETag and Cache-Control.
///
/// `jetway.js` and `jetway.css` always come from the library, so the runtime matches the server
/// that speaks to it; any other name is looked up in the app's folder first, then among the
/// bundled files (an app's `favicon.svg` replaces Jetway's). Nothing outside the folder can be
/// read: `..` segments, encoded traversal (`%2e%2e`, `%2f`), NUL bytes and symlinks that lead
/// out are all refused with 404.
struct StaticFiles: Sendable {
    /// The app's folder, resolved; nil when the app has none.
    let root: String?

    static let cacheControl = "public, max-age=60, must-revalidate"
    /// Served from the library whatever the app's folder holds.
    static let runtimeNames: Set<String> = ["jetway.js", "jetway.css"]

    /// Throws when a folder is given that does not exist.
    init(directory: String?) throws(ServerError) {
        if let directory {
            var isDirectory: ObjCBool = false
            guard FileManager.default.fileExists(atPath: directory, isDirectory: &isDirectory), isDirectory.boolValue else {
                throw .assetsDirectoryMissing(URL(fileURLWithPath: directory).standardizedFileURL.path)
            }
            root = URL(fileURLWithPath: directory).resolvingSymlinksInPath().standardizedFileURL.path
        } else {
            root = nil
        }
    }

    /// The bundled files as ready responses, made once.
    private static let bundled: [String: HTTPResponse] = {
        var bundled: [String: HTTPResponse] = [:]
        for name in BundledAssets.names {
            guard let file = BundledAssets.file(named: name) else { continue }
            let etag = "\"\(digest(file.bytes))\""
            bundled[name] = HTTPResponse(
                status: 200, contentType: file.contentType, headers: [("etag", etag), ("cache-control", cacheControl)], body: file.bytes)
        }
        return bundled
    }()

    /// A short fingerprint of a bundled file (FNV-1a, 64 bits, base 36): its ETag and the
    /// `?v=` the page template puts on its URL.
    static func digest(_ bytes: [UInt8]) -> String {
        var hash: UInt64 = 0xcbf2_9ce4_8422_2325
        for byte in bytes { hash = (hash ^ UInt64(byte)) &* 0x100_0000_01b3 }
        return String(hash, radix: 36)
    }

    /// The fingerprint of a bundled file, for cache-busting URLs.
    static func version(of name: String) -> String? {
        bundled[name]?.headers.first { $0.0 == "etag" }.map { String($0.1.dropFirst().dropLast()) }
    }

    func response(for relativePath: String, ifNoneMatch: String?) -> HTTPResponse? {
        let name = relativePath.removingPercentEncoding ?? relativePath
        let found = Self.runtimeNames.contains(name) ? Self.bundled[name] : fromFolder(relativePath) ?? Self.bundled[name]
        guard var response = found else { return nil }
        if let ifNoneMatch, ifNoneMatch == response.headers.first(where: { $0.0 == "etag" })?.1 {
            response.status = 304
            response.body = []
        }
        return response
    }

    private func fromFolder(_ relativePath: String) -> HTTPResponse? {
        guard let root else { return nil }
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
        let headers = [("etag", etag), ("cache-control", Self.cacheControl)]
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
