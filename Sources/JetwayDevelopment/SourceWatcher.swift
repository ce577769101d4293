import Foundation

/// The files of a package that a change to means a new build: everything under its folder but
/// `.build`, `.swiftpm`, hidden folders and the folders named in `ignoring` (the app's data).
/// Polled: a snapshot of each file's size and modification time, compared with the last one.
/// Editors save by writing in place or by renaming a new file over the old; both change it.
public struct SourceWatcher {
    /// The package's folder.
    public let root: URL
    /// Folders not watched: paths relative to the root, or names anywhere.
    public let ignoring: Set<String>
    private var last: [String: Stamp] = [:]

    struct Stamp: Equatable {
        var size: Int
        var modified: Double
    }

    /// Watches `root`; the first call of `changes()` reports what changed after this.
    public init(root: URL, ignoring: Set<String> = []) {
        self.root = root.standardizedFileURL
        self.ignoring = ignoring
        last = snapshot()
    }

    /// The files changed, added or removed since the last call (relative to the root), sorted.
    public mutating func changes() -> [String] {
        let now = snapshot()
        var changed = Set<String>()
        for (path, stamp) in now where last[path] != stamp { changed.insert(path) }
        for path in last.keys where now[path] == nil { changed.insert(path) }
        last = now
        return changed.sorted()
    }

    func snapshot() -> [String: Stamp] {
        var files: [String: Stamp] = [:]
        let keys: [URLResourceKey] = [.isDirectoryKey, .fileSizeKey, .contentModificationDateKey]
        guard let walker = FileManager.default.enumerator(at: root, includingPropertiesForKeys: keys) else { return files }
        let prefix = root.path.hasSuffix("/") ? root.path.count : root.path.count + 1
        for case let url as URL in walker {
            let name = url.lastPathComponent
            guard let values = try? url.resourceValues(forKeys: Set(keys)) else { continue }
            if values.isDirectory == true {
                let relative = String(url.standardizedFileURL.path.dropFirst(prefix))
                if name.hasPrefix(".") || ignoring.contains(relative) || ignoring.contains(name) { walker.skipDescendants() }
                continue
            }
            // Editors' swap and backup files change as one types: not a save.
            if name.hasPrefix(".") || name.hasSuffix("~") || name.hasSuffix(".swp") { continue }
            files[String(url.standardizedFileURL.path.dropFirst(prefix))] = Stamp(
                size: values.fileSize ?? 0, modified: values.contentModificationDate?.timeIntervalSince1970 ?? 0)
        }
        return files
    }
}
