import Foundation
import Jetway
import JetwayRoutes

/// The default `SignInStore`: `signins.json` in the data folder (0600), for one server process.
/// Every change rewrites the file whole, through a temporary file renamed over the old one, so
/// a crash leaves one or the other, never half of one. Without a folder (tests) nothing is
/// written.
///
/// Called only on the server's sign-in queue (serially), as the protocol says.
final class SignInFile: SignInStore, @unchecked Sendable {
    private let file: String?
    /// What the file holds (the server's sign-in queue only).
    private var entries: [String: SignInRecord] = [:]

    init(dataDirectory: String?) {
        file = dataDirectory.map { URL(fileURLWithPath: $0).appendingPathComponent("signins.json").path }
    }

    func loadAll() throws -> [String: SignInRecord] {
        guard let file, let data = FileManager.default.contents(atPath: file) else { return [:] }
        guard let decoded = try? JSONDecoder().decode([String: SignInRecord].self, from: data) else {
            Log.warn("signins_unreadable", ["file": file, "effect": "everyone signs in again"])
            return [:]
        }
        entries = decoded
        return decoded
    }

    func records(_ ids: Set<String>) throws -> [String: SignInRecord] {
        entries.filter { ids.contains($0.key) }
    }

    func insert(_ id: String, _ record: SignInRecord) throws {
        entries[id] = record
        try write()
    }

    func remove(_ ids: [String]) throws {
        for id in ids { entries.removeValue(forKey: id) }
        try write()
    }

    /// Nobody else writes the file.
    @MainActor func observeChanges(_ changed: @escaping @MainActor @Sendable (Set<String>?) -> Void) -> AnyCancellable {
        AnyCancellable {}
    }

    private func write() throws {
        guard let file else { return }
        let data = try JSONEncoder().encode(entries)
        let directory = (file as NSString).deletingLastPathComponent
        try PrivateFiles.makeFolder(directory)
        let temporary = file + ".tmp"
        guard FileManager.default.createFile(atPath: temporary, contents: data, attributes: [.posixPermissions: 0o600]) else {
            throw CocoaError(.fileWriteUnknown)
        }
        guard rename(temporary, file) == 0 else { throw CocoaError(.fileWriteUnknown) }
    }
}
