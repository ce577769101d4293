/// Jetway's own browser files, compiled into the library (`Package.swift` embeds `Assets/` with
/// `.embedInCode`), so an app serves them wherever it runs, with no folder to ship.
public enum BundledAssets {
    /// A file's bytes and MIME type, by its name under `/assets/`.
    public static func file(named name: String) -> (bytes: [UInt8], contentType: String)? {
        switch name {
        case "jetway.js": (PackageResources.jetway_js, "text/javascript; charset=utf-8")
        case "jetway.css": (PackageResources.jetway_css, "text/css; charset=utf-8")
        case "favicon.svg": (PackageResources.favicon_svg, "image/svg+xml")
        default: nil
        }
    }

    /// The names of the bundled files.
    public static let names = ["jetway.js", "jetway.css", "favicon.svg"]
}
