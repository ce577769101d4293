import Foundation

/// Serves `/_jetway/symbols/NAME.svg`: the Bootstrap Icons file `Image(systemName:)` draws
/// (`SystemSymbols`), from the folder Debian's `bootstrap-icons` installs (`symbolsDirectory`).
/// A name is letters, digits and dashes only, so nothing outside the folder can be asked for;
/// each file read is kept (there are a few hundred, of about a kilobyte).
final class SymbolFiles: @unchecked Sendable {
    static let pathPrefix = "/_jetway/symbols/"
    let directory: String
    private let lock = NSLock()
    private var cache: [String: HTTPResponse] = [:]

    init(directory: String) {
        self.directory = directory
    }

    /// Whether the folder is there (a missing package is logged at start).
    var isInstalled: Bool { FileManager.default.fileExists(atPath: directory) }

    /// The response for `path` below `pathPrefix`, or nil for a name that is not one.
    func response(for name: String) -> HTTPResponse? {
        guard name.hasSuffix(".svg") else { return nil }
        let stem = name.dropLast(4)
        guard !stem.isEmpty, stem.utf8.count <= 64,
            stem.utf8.allSatisfy({ ($0 >= 97 && $0 <= 122) || ($0 >= 48 && $0 <= 57) || $0 == 45 })
        else { return nil }
        lock.lock()
        defer { lock.unlock() }
        if let cached = cache[String(stem)] { return cached }
        guard let data = FileManager.default.contents(atPath: directory + "/" + stem + ".svg"), data.count <= 64 * 1024 else { return nil }
        let response = HTTPResponse(
            status: 200, contentType: "image/svg+xml", headers: [("cache-control", "public, max-age=86400")], body: Array(data))
        cache[String(stem)] = response
        return response
    }
}
