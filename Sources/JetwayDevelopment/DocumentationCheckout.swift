import Foundation

/// Where Jetway's documentation is built for an app: Jetway's own package folder, which is the
/// app's package when it is Jetway itself, or the checkout SwiftPM made of Jetway for an app that
/// depends on it (`.build/checkouts/<name>`). `make docs` there writes `.build/docs`, which
/// `jetway dev` serves at `/_jetway/docs/` (`DevelopmentLoop.documentation`).
public enum DocumentationCheckout {
    /// Jetway's package folder for the app's package at `package`, or nil when there is none
    /// (the dependency is not resolved yet: `swift build` or `swift package resolve` first).
    public static func jetway(for package: URL) -> URL? {
        if isJetway(package) { return package }
        let checkouts = package.appendingPathComponent(".build/checkouts")
        let names = (try? FileManager.default.contentsOfDirectory(atPath: checkouts.path)) ?? []
        return names.sorted().map { checkouts.appendingPathComponent($0) }.first(where: isJetway)
    }

    /// Whether `folder` is Jetway's package: its manifest names the package Jetway and it has the
    /// Makefile whose `docs` target builds the documentation.
    static func isJetway(_ folder: URL) -> Bool {
        guard let manifest = try? String(contentsOf: folder.appendingPathComponent("Package.swift"), encoding: .utf8),
            let makefile = try? String(contentsOf: folder.appendingPathComponent("Makefile"), encoding: .utf8)
        else { return false }
        return manifest.contains(#"name: "Jetway""#) && makefile.contains("\ndocs:")
    }
}
