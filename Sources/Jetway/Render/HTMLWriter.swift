/// Writes nodes as HTML straight into a byte buffer, escaping as it goes.
///
/// Text escapes `& < >`; attribute values also escape `"` and `'`. Every element with an id
/// carries it as `data-j`, which is how patches find it.
///
/// ```swift
/// var writer = HTMLWriter()
/// writer.write(node)
/// let html = writer.string
/// ```
public struct HTMLWriter {
    public private(set) var bytes: [UInt8] = []

    public init(capacity: Int = 4096) {
        bytes.reserveCapacity(capacity)
    }

    public var string: String { String(decoding: bytes, as: UTF8.self) }

    public mutating func write(_ node: Node) {
        append("<")
        append(node.tag)
        if node.id.isAssigned {
            append(" data-j=\"")
            node.id.appendBase36(to: &bytes)
            append("\"")
        }
        for attribute in node.attributes {
            append(" ")
            append(attribute.name)
            append("=\"")
            appendEscaped(attribute.value, attribute: true)
            append("\"")
        }
        append(">")
        if HTMLVoidElements.contains(node.tag) { return }
        if let text = node.text {
            appendEscaped(text, attribute: false)
        } else {
            for child in node.children { write(child) }
        }
        append("</")
        append(node.tag)
        append(">")
    }

    /// Appends raw, already-safe markup (tag names and fixed strings from the framework).
    mutating func append(_ raw: String) {
        bytes.append(contentsOf: raw.utf8)
    }

    /// Appends `text` with HTML escaping; attributes also escape quotes.
    public mutating func appendEscaped(_ text: String, attribute: Bool) {
        var text = text
        text.withUTF8 { utf8 in
            var start = 0
            for index in 0..<utf8.count {
                let replacement: StaticString
                switch utf8[index] {
                case UInt8(ascii: "&"): replacement = "&amp;"
                case UInt8(ascii: "<"): replacement = "&lt;"
                case UInt8(ascii: ">"): replacement = "&gt;"
                case UInt8(ascii: "\"") where attribute: replacement = "&quot;"
                case UInt8(ascii: "'") where attribute: replacement = "&#39;"
                case 0: replacement = "\u{FFFD}"  // NUL never reaches the page
                default: continue
                }
                bytes.append(contentsOf: UnsafeBufferPointer(rebasing: utf8[start..<index]))
                replacement.withUTF8Buffer { bytes.append(contentsOf: $0) }
                start = index + 1
            }
            bytes.append(contentsOf: UnsafeBufferPointer(rebasing: utf8[start..<utf8.count]))
        }
    }
}

extension HTMLWriter {
    /// `text` escaped for HTML text (`attribute: false`) or a quoted attribute value.
    public static func escape(_ text: String, attribute: Bool) -> String {
        var writer = HTMLWriter(capacity: text.utf8.count + 16)
        writer.appendEscaped(text, attribute: attribute)
        return writer.string
    }
}

extension Node {
    /// This node written as HTML.
    public var html: String {
        var writer = HTMLWriter()
        writer.write(self)
        return writer.string
    }
}
