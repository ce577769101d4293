/// Which URLs may appear in `href`/`src`-like attributes.
///
/// Only `http`, `https`, `mailto`, `tel` and relative URLs pass — and in `src`, a raster image's
/// bytes (`data:image/png;base64,…`, JPEG, GIF, WebP: `Image(uiImage:)`) or a sound's or video's
/// (`data:audio/wav;base64,…`, MP3, Ogg, MP4, WebM: an `AVPlayer`'s), which cannot run anything; `javascript:`, other `data:`, `vbscript:` and anything else with a scheme is
/// refused, including obfuscations with whitespace, control characters or mixed case
/// (`" JaVa\tscript:"`), which browsers strip.
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

    static func sanitize(_ value: String, attribute: String) -> String? {
        if attribute == "src", isRasterImageData(value) { return value }
        return sanitize(value)
    }

    /// `data:image/(png|jpeg|gif|webp);base64,` (or a sound's or video's type) followed by base64 only.
    static func isRasterImageData(_ value: String) -> Bool {
        let prefixes = [
            "data:image/png;base64,", "data:image/jpeg;base64,", "data:image/gif;base64,", "data:image/webp;base64,",
            "data:audio/wav;base64,", "data:audio/mpeg;base64,", "data:audio/ogg;base64,", "data:audio/mp4;base64,",
            "data:video/mp4;base64,", "data:video/webm;base64,", "data:video/ogg;base64,",
        ]
        guard let prefix = prefixes.first(where: { value.hasPrefix($0) }) else { return false }
        return value.utf8.dropFirst(prefix.utf8.count).allSatisfy { byte in
            (byte >= 0x41 && byte <= 0x5A) || (byte >= 0x61 && byte <= 0x7A) || (byte >= 0x30 && byte <= 0x39) || byte == 0x2B
                || byte == 0x2F || byte == 0x3D
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
