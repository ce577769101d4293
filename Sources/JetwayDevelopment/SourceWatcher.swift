import Foundation

/// The files of a package that a change to means a new build: those under `watching` (its
/// targets' folders, `Package.swift`, the app's assets), or everything under its folder when
/// not given; never hidden files and folders (`.build`, `.git`, `.swiftpm`) nor the folders
/// named in `ignoring`.
/// Polled: a snapshot of each file's size and modification time, compared with the last one.
/// Editors save by writing in place or by renaming a new file over the old; both change it.
public struct SourceWatcher {
    /// The package's folder.
    public let root: URL
    /// The files and folders watched, relative to the root; nil: all of it.
    public let watching: [String]?
    /// Folders not watched: paths relative to the root, or names anywhere.
    public let ignoring: Set<String>
    private var last: [String: Stamp] = [:]

    /// A file as `stat` sees it. The inode too: the kernel's file times are as coarse as its
    /// clock tick (4 ms), and a file saved by renaming a new one over it (most editors, and
    /// `write(to:atomically:)`) is a new inode even within one tick.
    struct Stamp: Equatable {
        var size: Int
        var modified: Double
        var inode: UInt64
    }

    /// Watches `root`; the first call of `changes()` reports what changed after this.
    public init(root: URL, watching: [String]? = nil, ignoring: Set<String> = []) {
        self.root = root.standardizedFileURL
        self.watching = watching
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

    /// Every file's size and modification time, by path relative to the root. Read with
    /// `readdir` and `stat` (Foundation's enumerator with resource values cost a seventh of a
    /// core, polled five times a second over this repository's 1,600 files).
    func snapshot() -> [String: Stamp] {
        var files: [String: Stamp] = [:]
        guard let watching else {
            walk(root.path, relative: "", into: &files)
            return files
        }
        for relative in watching {
            let full = root.path + "/" + relative
            var info = stat()
            guard stat(full, &info) == 0 else { continue }
            if (info.st_mode & S_IFMT) == S_IFDIR {
                walk(full, relative: relative, into: &files)
            } else {
                files[relative] = Stamp(size: Int(info.st_size), modified: Self.modified(info), inode: UInt64(info.st_ino))
            }
        }
        return files
    }

    private func walk(_ path: String, relative: String, into files: inout [String: Stamp]) {
        guard let directory = opendir(path) else { return }
        defer { closedir(directory) }
        while let entry = readdir(directory) {
            let name = withUnsafePointer(to: entry.pointee.d_name) {
                $0.withMemoryRebound(to: CChar.self, capacity: Int(NAME_MAX) + 1) { String(cString: $0) }
            }
            // Hidden folders and files (.build, .git, .swiftpm, editors' swap files) are not sources.
            if name.hasPrefix(".") { continue }
            let full = path + "/" + name
            let inPackage = relative.isEmpty ? name : relative + "/" + name
            var info = stat()
            guard lstat(full, &info) == 0 else { continue }
            // A link is followed to a file, never into a folder (a link back up would loop).
            if (info.st_mode & S_IFMT) == S_IFLNK {
                guard stat(full, &info) == 0, (info.st_mode & S_IFMT) == S_IFREG else { continue }
            }
            if (info.st_mode & S_IFMT) == S_IFDIR {
                if ignoring.contains(inPackage) || ignoring.contains(name) { continue }
                walk(full, relative: inPackage, into: &files)
            } else if (info.st_mode & S_IFMT) == S_IFREG {
                // Editors' backup files change as one types: not a save.
                if name.hasSuffix("~") || name.hasSuffix(".swp") { continue }
                files[inPackage] = Stamp(size: Int(info.st_size), modified: Self.modified(info), inode: UInt64(info.st_ino))
            }
        }
    }

    static func modified(_ info: stat) -> Double { Double(info.st_mtim.tv_sec) + Double(info.st_mtim.tv_nsec) / 1e9 }
}
