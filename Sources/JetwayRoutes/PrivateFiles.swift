import Foundation

/// The data folder holds secrets (the token key, sign-in ids, password hashes, uploads): it and
/// everything in it are for the server's user alone, folders 0700 and files 0600, whatever the
/// process's umask.
///
/// ```swift
/// try PrivateFiles.makeFolder("data")               // created 0700, or made so
/// try PrivateFiles.makeFile("data/airport.sqlite")  // created empty 0600 before SQLite opens it
/// PrivateFiles.secure(folder: "data")               // a folder from an older version, fixed
/// ```
public enum PrivateFiles {
    /// A private folder's mode: the server's user alone may list and enter it.
    public static let folderMode: mode_t = 0o700
    /// A private file's mode: the server's user alone may read and write it.
    public static let fileMode: mode_t = 0o600

    /// Creates `path` (and the folders above it that are missing) as 0700; an existing one is
    /// left as it is (it may be shared: `/tmp`).
    public static func makeFolder(_ path: String) throws {
        try FileManager.default.createDirectory(
            atPath: path, withIntermediateDirectories: true, attributes: [.posixPermissions: Int(folderMode)])
    }

    /// Creates an empty file at `path` as 0600 when none is there (so that a library that
    /// creates it with its own mode, such as SQLite, finds it private, and gives its journals
    /// the same mode); an existing one is made 0600.
    public static func makeFile(_ path: String) {
        let descriptor = open(path, O_WRONLY | O_CREAT | O_CLOEXEC, fileMode)
        if descriptor >= 0 { close(descriptor) }
        chmod(path, fileMode)
    }

    /// Takes the group's and others' permissions off every folder under `folder` (itself
    /// included) and every file, as far as they are the process user's (0700 and 0600 for what
    /// Jetway makes; an owner's execute bit stays); returns how many it had to change. Symbolic
    /// links are left alone (and not followed), and so is a folder that is not the process
    /// user's own or that others share (world-writable or sticky, as `/tmp`): nil.
    @discardableResult
    public static func secure(folder: String) -> Int? {
        var own = stat()
        guard lstat(folder, &own) == 0, own.st_mode & S_IFMT == S_IFDIR, own.st_uid == geteuid(),
            own.st_mode & (S_ISVTX | S_IWOTH) == 0
        else { return nil }
        var changed = 0
        func fix(_ path: String, isFolder: Bool) {
            var status = stat()
            guard lstat(path, &status) == 0, status.st_mode & S_IFMT != S_IFLNK, status.st_uid == geteuid() else { return }
            let wanted = status.st_mode & 0o700
            if status.st_mode & 0o077 != 0, chmod(path, wanted) == 0 { changed += 1 }
        }
        fix(folder, isFolder: true)
        guard let walker = FileManager.default.enumerator(atPath: folder) else { return changed }
        while let name = walker.nextObject() as? String {
            let path = folder + "/" + name
            var status = stat()
            guard lstat(path, &status) == 0 else { continue }
            switch status.st_mode & S_IFMT {
            case S_IFDIR: fix(path, isFolder: true)
            case S_IFREG: fix(path, isFolder: false)
            default: continue
            }
        }
        return changed
    }
}
