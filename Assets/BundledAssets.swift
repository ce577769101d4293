/// Jetway's own browser files, compiled into the library (`Package.swift` embeds this folder's
/// files with `.embedInCode`), so an app serves them wherever it runs, with no folder to ship.
/// `StaticFiles` in JetwayServer serves them.
package enum BundledAssets {
    /// The bytes of each file, by its name under `/assets/`.
    package static let files: [String: [UInt8]] = [
        "jetway.js": PackageResources.jetway_js,
        "jetway.css": PackageResources.jetway_css,
        "favicon.svg": PackageResources.favicon_svg,
    ]
}
