import Foundation
import Jetway
import JetwayAssets

/// Serves `/assets/`: Jetway's own files (runtime, stylesheet, icon), compiled into the library,
/// and the files of the app's own folder, if it has one, with ETag and Cache-Control.
///
/// The runtime (`jetway-page.js`, `jetway.js`), `jetway.css` and the service worker always come from the library, so the runtime matches the server
/// that speaks to it; any other name is looked up in the app's folder first, then among the
/// bundled files (an app's `favicon.svg` replaces Jetway's). Nothing outside the folder can be
/// read: `..` and dot-file segments, NUL bytes, backslashes and symlinks that lead out are all
/// refused with 404 (libwebsockets decodes `%2e%2e` and `%2f` before the path gets here).
struct StaticFiles: Sendable {
    /// The app's folder, resolved; nil when the app has none.
    let root: String?
    /// The asset catalogs in it (`*.xcassets`): named colours and images.
    let catalog: AssetCatalog

    static let cacheControl = "public, max-age=60, must-revalidate"
    /// The largest app file gzipped per request (on a worker thread); larger ones go as they are.
    static let maxCompressedOnTheFly = 256 * 1024
    /// For a bundled file asked for with its own fingerprint (`jetway.js?v=…`, as pages link
    /// it): that URL's content never changes.
    static let immutableCacheControl = "public, max-age=31536000, immutable"
    /// Served from the library whatever the app's folder holds.
    static let runtimeNames: Set<String> = ["jetway.js", "jetway-page.js", "jetway.css", "jetway-sw.js"]

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
        catalog = AssetCatalog(directory: root)
    }

    /// The bundled files as ready responses, made once.
    private static let bundled = Dictionary(
        uniqueKeysWithValues: BundledAssets.files.map { name, bytes in
            let headers = [("etag", "\"\(digest(bytes))\""), ("cache-control", cacheControl)]
            return (name, HTTPResponse(status: 200, contentType: mimeType(name), headers: headers, body: bytes).varyingByEncoding())
        })
    /// The same files gzipped once, for browsers that accept it.
    private static let bundledGzip = bundled.compactMapValues { $0.gzipped() }

    /// A short fingerprint of a bundled file (FNV-1a, 64 bits, base 36): its ETag and the
    /// `?v=` the page template puts on its URL.
    static func digest(_ bytes: [UInt8]) -> String {
        String(IdentityHash.fnv1a(bytes), radix: 36)
    }

    /// The fingerprint of a bundled file, for cache-busting URLs.
    static func version(of name: String) -> String? {
        bundled[name]?.headers.first { $0.0 == "etag" }.map { String($0.1.dropFirst().dropLast()) }
    }

    /// The file at `relativePath` below `/assets/`. libwebsockets has already percent-decoded
    /// the path and resolved `.` and `..`; it is not decoded again, so a file may have `%` in its
    /// name. `ifNoneMatch` is the request's `If-None-Match`: a list of tags, `W/` tags or `*`;
    /// `query` the request's query (`v=<fingerprint>` makes a bundled file cacheable for good).
    func response(for relativePath: String, ifNoneMatch: String?, query: String = "", acceptsGzip: Bool = false) -> HTTPResponse? {
        guard !relativePath.contains("\0"), !relativePath.contains("\\") else { return nil }
        let segments = relativePath.split(separator: "/", omittingEmptySubsequences: true)
        guard !segments.isEmpty, !segments.contains(where: { $0 == ".." || $0 == "." || $0.hasPrefix(".") }) else { return nil }
        let name = segments.joined(separator: "/")
        let bundled = (acceptsGzip ? Self.bundledGzip[name] : nil) ?? Self.bundled[name]
        let fromApp =
            Self.runtimeNames.contains(name)
            ? nil
            : fromFolder(name).map { file in
                // Compressed here, on a worker thread: only small files, and not when the browser
                // already has this file's gzip form.
                guard acceptsGzip, file.body.count <= Self.maxCompressedOnTheFly else { return file }
                if let ifNoneMatch, let etag = file.headers.first(where: { $0.0 == "etag" })?.1 {
                    let gzipTag = String(etag.dropLast()) + "-gz\""
                    if Self.matches(ifNoneMatch, gzipTag) {
                        var unchanged = file
                        unchanged.status = 304
                        unchanged.body = []
                        unchanged.headers = file.headers.map { $0.0 == "etag" ? ("etag", gzipTag) : $0 }
                        return unchanged
                    }
                }
                return file.gzipped() ?? file
            }
        let found = Self.runtimeNames.contains(name) ? bundled : fromApp ?? bundled
        guard var response = found else { return nil }
        if !query.isEmpty, Self.bundled[name] != nil, let version = Self.version(of: name), query == "v=" + version {
            response.headers = response.headers.map { $0.0 == "cache-control" ? ($0.0, Self.immutableCacheControl) : $0 }
        }
        // The service worker lives under /assets/ and looks after the whole origin's pages.
        if name == "jetway-sw.js" { response.headers.append(("service-worker-allowed", "/")) }
        if let ifNoneMatch, let etag = response.headers.first(where: { $0.0 == "etag" })?.1, Self.matches(ifNoneMatch, etag) {
            response.status = 304
            response.body = []
        }
        return response
    }

    /// RFC 9110's weak comparison, as `If-None-Match` uses it.
    static func matches(_ ifNoneMatch: String, _ etag: String) -> Bool {
        let opaque = { (tag: Substring) in tag.hasPrefix("W/") ? tag.dropFirst(2) : tag }
        return ifNoneMatch.split(separator: ",").contains { candidate in
            let tag = candidate.trimmingCharacters(in: .whitespaces)
            return tag == "*" || opaque(Substring(tag)) == opaque(Substring(etag))
        }
    }

    /// A file of the app's folder; `name` is already checked segment by segment.
    private func fromFolder(_ name: String) -> HTTPResponse? {
        guard let root else { return nil }
        if let file = file(name, in: root) { return file }
        // Not a file of the folder: the catalog's stylesheet, or one of its images.
        if name == AssetCatalog.stylesheetName, catalog.hasColors {
            let body = Array(catalog.stylesheet.utf8)
            let headers = [("etag", "\"\(Self.digest(body))\""), ("cache-control", Self.cacheControl)]
            return HTTPResponse(status: 200, contentType: "text/css; charset=utf-8", headers: headers, body: body).varyingByEncoding()
        }
        if name.hasPrefix("images/") {
            var asset = String(name.dropFirst("images/".count))
            if let dot = asset.lastIndex(of: "."), !asset[dot...].contains("/") { asset = String(asset[..<dot]) }
            if let path = catalog.images[asset], path.hasPrefix(root + "/") {
                return file(String(path.dropFirst(root.count + 1)), in: root)
            }
        }
        return nil
    }

    /// The path `candidate` names once its links and `..` are resolved, if that is inside the
    /// folder `root` (itself resolved): a link or name that points out of it is not served.
    static func resolved(_ candidate: URL, inside root: String) -> String? {
        let resolved = candidate.resolvingSymlinksInPath().standardizedFileURL.path
        return resolved.hasPrefix(root + "/") ? resolved : nil
    }

    private func file(_ name: String, in root: String) -> HTTPResponse? {
        guard let resolved = Self.resolved(URL(fileURLWithPath: root).appendingPathComponent(name), inside: root) else { return nil }
        var isDirectory: ObjCBool = false
        guard FileManager.default.fileExists(atPath: resolved, isDirectory: &isDirectory), !isDirectory.boolValue,
            let attributes = try? FileManager.default.attributesOfItem(atPath: resolved),
            let size = attributes[.size] as? Int, size <= 16 * 1024 * 1024
        else { return nil }
        let modified = (attributes[.modificationDate] as? Date)?.timeIntervalSince1970 ?? 0
        let etag = "\"\(String(size, radix: 36))-\(String(Int(modified * 1000), radix: 36))\""
        let headers = [("etag", etag), ("cache-control", Self.cacheControl)]
        guard let data = FileManager.default.contents(atPath: resolved) else { return nil }
        return HTTPResponse(status: 200, contentType: Self.mimeType(resolved), headers: headers, body: Array(data)).varyingByEncoding()
    }

    static func mimeType(_ path: String) -> String { MimeType.of(path) }
}
