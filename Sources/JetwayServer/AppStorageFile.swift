import Foundation
import Jetway
import JetwayRoutes

/// Where `@AppStorage` values outlast a restart: `app-storage.json` in the data folder (0600),
/// read at start and written again (whole, through a temporary file renamed over the old one) a
/// moment after each change. Without a folder (tests) the values live in memory only.
final class AppStorageFile: @unchecked Sendable {
    private let file: String?
    private let queue = DispatchQueue(label: "jetway.app-storage")
    private var pending: [String: [String: StoredPreference]]?

    init(dataDirectory: String?) {
        file = dataDirectory.map { URL(fileURLWithPath: $0).appendingPathComponent("app-storage.json").path }
    }

    /// Loads what was written before into `storage` and writes its changes from now on.
    func attach(to storage: DeviceStorage) {
        guard let file else { return }
        if let data = FileManager.default.contents(atPath: file) {
            if let values = try? JSONDecoder().decode([String: [String: StoredPreference]].self, from: data) {
                storage.load(values)
            } else {
                Log.warn("app_storage_unreadable", ["file": file, "effect": "@AppStorage values start from their defaults"])
            }
        }
        storage.onChange = { [weak self] values in self?.schedule(values) }
    }

    /// Many changes in a moment are written once.
    private func schedule(_ values: [String: [String: StoredPreference]]) {
        queue.async {
            let first = self.pending == nil
            self.pending = values
            guard first else { return }
            self.queue.asyncAfter(deadline: .now() + 0.2) { self.flush() }
        }
    }

    private func flush() {
        guard let file, let values = pending else { return }
        pending = nil
        do {
            let data = try JSONEncoder().encode(values)
            try PrivateFiles.makeFolder((file as NSString).deletingLastPathComponent)
            let temporary = file + ".tmp"
            guard FileManager.default.createFile(atPath: temporary, contents: data, attributes: [.posixPermissions: 0o600]),
                rename(temporary, file) == 0
            else { throw CocoaError(.fileWriteUnknown) }
        } catch {
            Log.warn("app_storage_not_written", ["file": file, "error": "\(error)"])
        }
    }
}
