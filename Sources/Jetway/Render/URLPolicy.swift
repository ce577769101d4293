/// Which URLs may appear in `href`/`src`-like attributes.
///
/// Only `http`, `https`, `mailto`, `tel` and relative URLs pass; `javascript:`, `data:`,
/// `vbscript:` and anything else with a scheme is refused, including obfuscations with
/// whitespace, control characters or mixed case (`" JaVa\tscript:"`), which browsers strip.
enum URLPolicy {
    /// Checked on every attribute set, so it looks at the length before comparing.
    static func isURLAttribute(_ name: String) -> Bool {
        switch name.utf8.count {
        case 3: return name == "src"
        case 4: return name == "href" || name == "cite"
        case 6: return name == "action" || name == "poster" || name == "srcset"
        case 10: return name == "formaction" || name == "background"
        default: return false
        }
    }

    static func sanitize(_ value: String) -> String? {
        // Browsers ignore leading/trailing C0 controls and spaces, and tabs/newlines anywhere.
        var cleaned = ""
        cleaned.reserveCapacity(value.utf8.count)
        for scalar in value.unicodeScalars where scalar != "\t" && scalar != "\n" && scalar != "\r" {
            cleaned.unicodeScalars.append(scalar)
        }
        let trimmed = cleaned.drop { $0.unicodeScalars.first.map { $0.value <= 0x20 } ?? false }
        // A scheme is the text before the first ':' when no '/', '?' or '#' comes earlier.
        var scheme = ""
        var sawColon = false
        for character in trimmed {
            if character == ":" {
                sawColon = true
                break
            }
            if character == "/" || character == "?" || character == "#" { break }
            scheme.append(character)
        }
        guard sawColon else { return value }  // relative URL
        switch scheme.lowercased() {
        case "http", "https", "mailto", "tel": return value
        default: return nil
        }
    }
}
