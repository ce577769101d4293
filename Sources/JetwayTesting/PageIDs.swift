import Jetway

/// Element ids read straight from a served page's markup, numbered as the browser runtime
/// numbers them (docs/protocol.md, "Implicit ids"): for tools that look for one element in a
/// big page without parsing it all (the load client, server tests).
public enum PageIDs {
    /// The id of the first element of the page's view (from `jw-root` on) whose start tag
    /// contains `marker`; nil when there is none or it has no id.
    public static func id(ofElementContaining marker: String, in page: String) -> String? {
        let bytes = Array(page.utf8)
        let needle = Array(marker.utf8)
        guard let rootMarker = bytes.firstRange(of: Array(RuntimeContract.Class.root.utf8)),
            var cursor = bytes[..<rootMarker.lowerBound].lastIndex(of: UInt8(ascii: "<"))
        else { return nil }
        var ids = ImplicitIDs()
        while cursor < bytes.count {
            guard let open = bytes[cursor...].firstIndex(of: UInt8(ascii: "<")) else { return nil }
            let nameStart = open + 1
            guard nameStart < bytes.count, isLetter(bytes[nameStart]) else {
                cursor = nameStart
                continue
            }
            // Attribute values escape `<` and `>`, so the tag ends at the first `>`.
            guard let close = bytes[nameStart...].firstIndex(of: UInt8(ascii: ">")) else { return nil }
            let tag = bytes[open..<close]
            var written: String?
            if let attribute = tag.firstRange(of: Array(" \(RuntimeContract.Attribute.id)=\"".utf8)) {
                written = String(decoding: tag[attribute.upperBound...].prefix { $0 != UInt8(ascii: "\"") }, as: UTF8.self)
            }
            let id = ids.next(written: written)?.description
            if tag.firstRange(of: needle) != nil { return id }
            cursor = close + 1
        }
        return nil
    }

    private static func isLetter(_ byte: UInt8) -> Bool {
        (byte >= UInt8(ascii: "a") && byte <= UInt8(ascii: "z")) || (byte >= UInt8(ascii: "A") && byte <= UInt8(ascii: "Z"))
    }
}
