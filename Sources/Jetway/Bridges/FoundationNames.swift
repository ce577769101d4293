import Foundation

// Foundation names SwiftUI apps use that Apple's Foundation has and Linux's does not: the
// list formatter, the app's documents folder, key-value `setValue` on user defaults.

/// Joins items as a sentence does: "Ada, Grace, and Linus" (English; a two-item list has no
/// comma, a one-item list is the item).
open class ListFormatter: Formatter, @unchecked Sendable {
    /// The formatter for the items (each item's `description` when nil).
    open var itemFormatter: Formatter?

    /// A formatter that writes each item's `description`.
    public override init() { super.init() }

    /// Not decodable from an archive: always nil.
    public required init?(coder: NSCoder) { nil }

    /// `ListFormatter.localizedString(byJoining: ["Ada", "Grace"])` → "Ada and Grace".
    public static func localizedString(byJoining strings: [String]) -> String {
        switch strings.count {
        case 0: return ""
        case 1: return strings[0]
        case 2: return "\(strings[0]) and \(strings[1])"
        default: return strings.dropLast().joined(separator: ", ") + ", and " + strings[strings.count - 1]
        }
    }

    /// The items joined, each written by `itemFormatter` (or as its `description`); never nil.
    open func string(from items: [Any]) -> String? {
        Self.localizedString(byJoining: items.map { item in itemFormatter?.string(for: item) ?? "\(item)" })
    }

    /// The items joined when `object` is an array of them; nil for anything else.
    open override func string(for object: Any?) -> String? {
        (object as? [Any]).flatMap(string(from:))
    }
}

extension URL {
    /// The app's documents folder: `Documents` in the server's data folder (`JETWAY_DATA`,
    /// `./data` when unset), made on first use. On a server it is the app's, not a visitor's:
    /// a file saved there is the same for every page (per-visitor data belongs in `@AppStorage`
    /// or the store).
    public static var documentsDirectory: URL { JetwayFolders.folder("Documents") }

    /// The app's caches folder (`Caches` in the data folder).
    public static var cachesDirectory: URL { JetwayFolders.folder("Caches") }

    /// The app's support files (`Application Support` in the data folder).
    public static var applicationSupportDirectory: URL { JetwayFolders.folder("Application Support") }
}

enum JetwayFolders {
    static func folder(_ name: String) -> URL {
        let data = ProcessInfo.processInfo.environment["JETWAY_DATA"].flatMap { $0.isEmpty ? nil : $0 } ?? "data"
        let url = URL(fileURLWithPath: data, isDirectory: true).appendingPathComponent(name, isDirectory: true)
        try? FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
        return url
    }
}

extension UserDefaults {
    /// Key-value coding's setter, as apps call it on user defaults: the same as `set(_:forKey:)`.
    public func setValue(_ value: Any?, forKey key: String) {
        set(value, forKey: key)
    }
}
