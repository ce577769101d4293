import Foundation

/// The asset catalogs (`*.xcassets`) below a folder, read as Xcode reads them: each colour set
/// and image set by its name, a folder that provides a namespace putting its name first
/// (`Flags/Norway`). One walk for both readers: `jetway port` names them (`AssetSymbols`), the
/// server serves them (JetwayServer's `AssetCatalog`).
public enum AssetCatalogs {
    /// A colour set (`.colorset`) or an image set (`.imageset`).
    public enum Kind: Sendable, Equatable {
        /// A `.colorset` folder (its light and dark colours are served as a named `Color`) or an `.imageset`
        /// folder (its image file is served as a named `Image`).
        case color, image
    }

    /// One asset: its kind, its name, its folder (`Gold.colorset`) and its `Contents.json`.
    public struct Asset {
        /// A colour or an image.
        public let kind: Kind
        /// Its name as code uses it (`Gold`, `Flags/Norway`).
        public let name: String
        /// The set's folder (`…/Gold.colorset`).
        public let folder: URL
        /// Its `Contents.json`, read; nil when missing or not JSON.
        public let contents: [String: Any]?
    }

    /// Calls `body` with every asset of every catalog below `root` (hidden folders and `.build`
    /// skipped), in name order within each folder.
    public static func forEach(in root: URL, _ body: (Asset) -> Void) {
        guard let walker = FileManager.default.enumerator(at: root, includingPropertiesForKeys: nil) else { return }
        for case let entry as URL in walker {
            if entry.lastPathComponent.hasPrefix(".") || entry.lastPathComponent == ".build" {
                walker.skipDescendants()
            } else if entry.pathExtension == "xcassets" {
                walker.skipDescendants()
                read(entry, namespace: "", body)
            }
        }
    }

    private static func read(_ folder: URL, namespace: String, _ body: (Asset) -> Void) {
        let manager = FileManager.default
        guard let entries = try? manager.contentsOfDirectory(at: folder, includingPropertiesForKeys: nil) else { return }
        for entry in entries.sorted(by: { $0.path < $1.path }) {
            let name = namespace + entry.deletingPathExtension().lastPathComponent
            let contents = (try? Data(contentsOf: entry.appendingPathComponent("Contents.json"))).flatMap {
                try? JSONSerialization.jsonObject(with: $0) as? [String: Any]
            }
            switch entry.pathExtension {
            case "colorset": body(Asset(kind: .color, name: name, folder: entry, contents: contents))
            case "imageset": body(Asset(kind: .image, name: name, folder: entry, contents: contents))
            case "":
                var isFolder: ObjCBool = false
                guard manager.fileExists(atPath: entry.path, isDirectory: &isFolder), isFolder.boolValue else { continue }
                let provides = (contents?["properties"] as? [String: Any])?["provides-namespace"] as? Bool ?? false
                read(entry, namespace: provides ? name + "/" : namespace, body)
            default: continue
            }
        }
    }
}
