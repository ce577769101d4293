import Foundation

/// The word lists `UITextChecker` checks against: Debian's, in `/usr/share/dict` (`wamerican`,
/// which `make deps` installs; `wbritish`, `wngerman`, `wspanish`, `wfrench`, `witalian`, … when
/// installed).
enum DebianWordLists {
    static let folder = "/usr/share/dict"

    /// The files for a language code, best first (`en_GB` prefers British English).
    static func files(for language: String) -> [String] {
        let parts = language.split(whereSeparator: { $0 == "_" || $0 == "-" }).map { $0.lowercased() }
        switch (parts.first ?? "", parts.dropFirst().first ?? "") {
        case ("en", "gb"), ("en", "au"), ("en", "nz"), ("en", "ie"): return ["british-english", "american-english"]
        case ("en", _): return ["american-english", "british-english"]
        case ("de", _): return ["ngerman", "ogerman", "swiss"]
        case ("es", _): return ["spanish"]
        case ("fr", _): return ["french"]
        case ("it", _): return ["italian"]
        case ("pt", "br"): return ["brazilian", "portuguese"]
        case ("pt", _): return ["portuguese", "brazilian"]
        case ("nl", _): return ["dutch"]
        default: return []
        }
    }

    @Sendable static func text(for language: String) -> String? {
        for file in files(for: language) {
            let path = folder + "/" + file
            // Some of Debian's lists are Latin-1.
            if let text = (try? String(contentsOfFile: path, encoding: .utf8)) ?? (try? String(contentsOfFile: path, encoding: .isoLatin1))
            {
                return text
            }
        }
        return nil
    }
}
