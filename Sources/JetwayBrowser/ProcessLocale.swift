import Foundation

/// A C locale for a browser's process, for engines that take the visitor's language from it
/// (WebKitGTK). Debian images carry the locales' sources (the `locales` package) but few
/// compiled locales; `localedef` compiles one into a folder of this user's (`LOCPATH`), once per
/// machine, with no root.
enum ProcessLocale {
    /// Where compiled locales are kept between runs.
    static let folder = NSTemporaryDirectory() + "jetway-locales"
    /// The locales' sources.
    static let sources = "/usr/share/i18n/locales"

    /// `LOCPATH` and `LC_ALL` for `language` (a BCP 47 tag: `de-DE`, `ar`); US English's
    /// environment is the same as any other's. A language with no region takes the first
    /// region the sources have for it (`ar` → `ar_AE`).
    static func environment(for language: String) throws -> [String: String] {
        let name = try sourceName(for: language)
        let compiled = folder + "/" + name + ".UTF-8"
        if !FileManager.default.fileExists(atPath: compiled + "/LC_CTYPE") {
            try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
            // Compiled beside, then moved: two browsers starting at once never see half a locale.
            let staging = folder + "/.\(name)-\(UUID().uuidString.prefix(8))"
            defer { try? FileManager.default.removeItem(atPath: staging) }
            let process = Process()
            process.executableURL = URL(fileURLWithPath: "/usr/bin/localedef")
            process.arguments = ["-i", name, "-f", "UTF-8", staging]
            process.standardOutput = FileHandle.nullDevice
            process.standardError = FileHandle.nullDevice
            try process.run()
            process.waitUntilExit()
            // localedef exits 1 for warnings with a usable locale; the locale's files say.
            guard FileManager.default.fileExists(atPath: staging + "/LC_CTYPE") else {
                throw BrowserFailure(description: "localedef could not compile the \(name) locale (exit \(process.terminationStatus))")
            }
            if (try? FileManager.default.moveItem(atPath: staging, toPath: compiled)) == nil,
                !FileManager.default.fileExists(atPath: compiled + "/LC_CTYPE")
            {
                throw BrowserFailure(description: "the compiled \(name) locale could not be kept in \(folder)")
            }
        }
        return ["LOCPATH": folder, "LC_ALL": name + ".UTF-8", "LANG": name + ".UTF-8"]
    }

    /// The locale source for a tag: `de-DE` → `de_DE`; `ar` → the first `ar_…` there is.
    static func sourceName(for language: String) throws -> String {
        let parts = language.split(separator: "-").map(String.init)
        guard let base = parts.first?.lowercased() else { throw BrowserFailure(description: "no language in \(language.debugDescription)") }
        if let region = parts.dropFirst().first(where: { $0.count == 2 }) {
            let name = base + "_" + region.uppercased()
            if FileManager.default.fileExists(atPath: sources + "/" + name) { return name }
        }
        let names = (try? FileManager.default.contentsOfDirectory(atPath: sources)) ?? []
        guard let name = names.filter({ $0.hasPrefix(base + "_") && !$0.contains("@") }).sorted().first else {
            throw BrowserFailure(description: "no locale source for \(language) in \(sources) (the locales package installs them)")
        }
        return name
    }
}
