import Foundation
import Jetway

/// In development, the API reference and guides `make docs` builds (DocC, one site per module,
/// `.build/docs/<Module>`), served at `/_jetway/docs/<Module>/` from the folder
/// `ServerConfiguration.documentationDirectory` names (`JETWAY_DOCS`; `jetway dev` sets it when
/// it finds one). `/_jetway/docs/` lists the modules.
///
/// DocC's pages set their base address in an inline script, which the pages' Content-Security-
/// Policy (`script-src 'self'`) refuses: each page is served with it as a script file instead
/// (`base-url.js`), and the policy stays as it is.
struct DocumentationFiles {
    static let pathPrefix = "/_jetway/docs/"
    /// The folder of the modules' sites, resolved; nil when there is none.
    let root: String?

    init(directory: String?) {
        var isDirectory: ObjCBool = false
        if let directory, FileManager.default.fileExists(atPath: directory, isDirectory: &isDirectory), isDirectory.boolValue {
            root = URL(fileURLWithPath: directory).resolvingSymlinksInPath().standardizedFileURL.path
        } else {
            root = nil
        }
    }

    /// The modules with a site (a folder with an `index.html`).
    var modules: [String] {
        guard let root, let names = try? FileManager.default.contentsOfDirectory(atPath: root) else { return [] }
        return names.filter { FileManager.default.fileExists(atPath: root + "/" + $0 + "/index.html") }.sorted()
    }

    /// The answer for the path below `/_jetway/docs/`; nil for none.
    func response(for relativePath: String) -> HTTPResponse? {
        guard let root, !relativePath.contains("\0"), !relativePath.contains("\\") else { return nil }
        let segments = relativePath.split(separator: "/", omittingEmptySubsequences: true).map(String.init)
        guard !segments.contains(where: { $0 == ".." || $0 == "." }) else { return nil }
        guard let module = segments.first else { return index() }
        let base = Self.pathPrefix + module + "/"
        if segments.count == 2, segments[1] == "base-url.js" {
            return HTTPResponse(
                status: 200, contentType: "text/javascript; charset=utf-8", headers: [("cache-control", "no-cache")],
                body: Array("var baseUrl = \"\(base)\";\n".utf8))
        }
        var file = URL(fileURLWithPath: root).appendingPathComponent(segments.joined(separator: "/"))
        var isDirectory: ObjCBool = false
        // DocC's pages are folders with an index.html; a path it routes in the browser (no
        // such file, no extension) gets the site's own index.html.
        if FileManager.default.fileExists(atPath: file.path, isDirectory: &isDirectory), isDirectory.boolValue {
            file.appendPathComponent("index.html")
        } else if !FileManager.default.fileExists(atPath: file.path), file.pathExtension.isEmpty {
            file = URL(fileURLWithPath: root).appendingPathComponent(module + "/index.html")
        }
        guard let resolved = StaticFiles.resolved(file, inside: root), let data = FileManager.default.contents(atPath: resolved)
        else { return nil }
        var body = Array(data)
        let type = MimeType.of(resolved)
        if type.hasPrefix("text/html") {
            let inline = "<script>var baseUrl = \"\(base)\"</script>"
            body = Array(
                String(decoding: body, as: UTF8.self).replacingOccurrences(of: inline, with: "<script src=\"\(base)base-url.js\"></script>")
                    .utf8)
        }
        return HTTPResponse(status: 200, contentType: type, headers: [("cache-control", "no-cache")], body: body).varyingByEncoding()
    }

    /// What the index says before the docs are built.
    static let noneBuilt =
        "<li>None built yet: <code>swift run jetway docs</code> in the app's folder (<code>make docs</code> in Jetway's).</li>"

    /// `/_jetway/docs/`: the modules, each a link to its reference.
    private func index() -> HTTPResponse {
        let items = modules.map { module in
            "<li><a href=\"\(Self.pathPrefix)\(HTTPResponse.escape(module))/documentation/\(HTTPResponse.escape(module.lowercased()))/\">\(HTTPResponse.escape(module))</a></li>"
        }.joined()
        return HTTPResponse.simplePage(
            200, title: "Documentation",
            bodyHTML: "<ul>\(items.isEmpty ? Self.noneBuilt : items)</ul>")
    }
}
