import Foundation

/// A data set of the app's asset catalog (`NSDataAsset(name: "workouts")?.data`): the file a
/// `<name>.dataset` folder holds, found in the catalogs (`*.xcassets`) among the bundle's
/// resources (an app's SwiftPM resources, `Bundle.module`) or the main bundle's. Nil when no
/// catalog has it, as in UIKit.
public final class NSDataAsset: @unchecked Sendable {
    /// The name the data set was asked for by.
    public let name: String
    /// The contents of the data set's file, read when the asset was made.
    public let data: Data
    /// The data's type, as Xcode wrote it (`public.json`), if it did.
    public let typeIdentifier: String

    /// The data set `name` from `bundle`'s asset catalogs, then the main bundle's and every loaded
    /// bundle's; nil when none has it.
    public init?(name: String, bundle: Bundle = .main) {
        guard let (file, type) = Self.find(name, in: [bundle, .main] + Bundle.allBundles), let data = try? Data(contentsOf: file) else {
            return nil
        }
        self.name = name
        self.data = data
        typeIdentifier = type ?? "public.data"
    }

    /// `<catalog>.xcassets/…/<name>.dataset/<file>`: the first bundle's catalog that has it (a
    /// bundle's resources and its `.resources`/`.bundle` folders are searched, not the rest of
    /// the folder it is in).
    static func find(_ name: String, in bundles: [Bundle]) -> (URL, String?)? {
        var seen: Set<String> = []
        for bundle in bundles {
            for root in [bundle.resourceURL, bundle.bundleURL].compactMap({ $0 }) where seen.insert(root.path).inserted {
                if let found = search(root, for: name + ".dataset", inCatalog: false, depth: 0) { return found }
            }
        }
        return nil
    }

    private static func search(_ folder: URL, for dataset: String, inCatalog: Bool, depth: Int) -> (URL, String?)? {
        guard depth < 8, let entries = try? FileManager.default.contentsOfDirectory(at: folder, includingPropertiesForKeys: nil) else {
            return nil
        }
        for url in entries {
            let name = url.lastPathComponent
            if inCatalog && name == dataset {
                let contents = try? JSONSerialization.jsonObject(with: Data(contentsOf: url.appendingPathComponent("Contents.json")))
                let entry = ((contents as? [String: Any])?["data"] as? [[String: Any]])?.first
                if let file = entry?["filename"] as? String {
                    return (url.appendingPathComponent(file), entry?["universal-type-identifier"] as? String)
                }
            }
            let isCatalog = name.hasSuffix(".xcassets")
            let descend = inCatalog || isCatalog || name.hasSuffix(".resources") || name.hasSuffix(".bundle") || name == "Resources"
            if descend, let found = search(url, for: dataset, inCatalog: inCatalog || isCatalog, depth: depth + 1) { return found }
        }
        return nil
    }
}
