/// Writes nodes as HTML straight into a byte buffer, escaping as it goes.
///
/// Text escapes `& < >`; attribute values also escape `"` and `'`. Every element's id is how
/// patches find it (`data-j` in the page). Ids are numbered in document order, so an element
/// whose id is one more than the element's written before it in the same string carries none:
/// the runtime numbers it (docs/protocol.md, "Implicit ids"). That is two thirds of a 1,000-row
/// page's gzipped bytes. Ids are written wherever the browser's HTML parser might not create the
/// elements in the order written (`ParserSensitivity`), and as `data-j=""` on an element without
/// one. (Tools that look for an element in a served page: `PageIDs` in JetwayTesting.)
///
/// ```swift
/// var writer = HTMLWriter()
/// writer.write(node)
/// let html = writer.string
/// ```
public struct HTMLWriter {
    /// The HTML written so far, as UTF-8 bytes.
    public private(set) var bytes: [UInt8] = []
    /// The numbering so far: the next element's id may go unwritten when it follows the last.
    private var ids = ImplicitIDs()
    /// The next element writes its id (it follows an element the parser may drop or add to).
    private var explicitNext = false
    /// Inside elements whose content the parser may rearrange: every element writes its id.
    private var guardedDepth = 0
    /// A formatting element (`a`, `b`, …) holds something that closes it early, so the parser
    /// clones it: ids are written to the end.
    private var explicitRest = false

    /// Creates an empty writer whose buffer holds `capacity` bytes before it grows.
    public init(capacity: Int = 4096) {
        bytes.reserveCapacity(capacity)
    }

    /// The HTML written so far, as a string.
    public var string: String { String(decoding: bytes, as: UTF8.self) }

    /// Appends `node` and its descendants as HTML, with escaped text and attribute values and the
    /// `data-j` ids the runtime cannot infer. A void element (`input`, `img`, …) gets no content or end
    /// tag, and an element with `text` writes that text and not its `children`.
    public mutating func write(_ node: Node) {
        append("<")
        append(node.tag)
        let sensitivity = ParserSensitivity(node.tag)
        // A closer inside a formatting element: the parser clones the element around content
        // written before it, so every id from here on is written.
        if sensitivity.isFormatting && !explicitRest && Self.containsCloser(node.children) { explicitRest = true }
        if !node.id.isAssigned {
            append(" data-j=\"\"")
        } else {
            if !ids.mayOmit(node.id) || explicitNext || explicitRest || guardedDepth > 0 || sensitivity.writesOwnID {
                append(" data-j=\"")
                node.id.appendBase36(to: &bytes)
                append("\"")
            }
            ids.wrote(node.id)
        }
        for attribute in node.attributes {
            append(" ")
            append(attribute.name)
            append("=\"")
            appendEscaped(attribute.value, attribute: true)
            append("\"")
        }
        append(">")
        explicitNext = sensitivity.writesOwnID
        if HTMLVoidElements.contains(node.tag) { return }
        if sensitivity.guardsContent { guardedDepth += 1 }
        if let text = node.text {
            appendEscaped(text, attribute: false)
        } else {
            for child in node.children { write(child) }
        }
        append("</")
        append(node.tag)
        append(">")
        if sensitivity.guardsContent { guardedDepth -= 1 }
        if sensitivity.writesOwnID { explicitNext = true }
    }

    /// Whether these nodes or their descendants hold an element that closes an open formatting
    /// element (a link or list item inside a link, …). Links are small; this walks a row's few
    /// elements.
    private static func containsCloser(_ nodes: [Node]) -> Bool {
        for node in nodes where ParserSensitivity(node.tag).closesFormatting || containsCloser(node.children) { return true }
        return false
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

/// What the browser's HTML parser may do around an element of this tag, other than create it
/// and its content in the order written (the cases of the HTML standard's tree construction
/// that matter for a well-nested tree):
/// - it moves misplaced table content, drops what is not an option in a `select`, reads the
///   content of raw-text elements as text, and lets a block close a `p` early (and adds an
///   empty `p` at its end tag): these *guard their content*: every element inside writes its id;
/// - it drops a nested `form`: forms, and the guarding tags, *write their own id*, and so does
///   the element after their start and end tags;
/// - it clones formatting elements (`a`, `b`, `em`, …) that a nested link, list item, button,
///   heading, paragraph, form, option or table part *closes* early, and puts the clone around
///   content written before the closer: from a formatting element that holds a closer on,
///   every id is written (the clone copies the element's own id; the runtime's index keeps the
///   last element with an id, so nested links stay a parse the server cannot describe).
struct ParserSensitivity {
    var guardsContent = false
    var writesOwnID = false
    var isFormatting = false
    var closesFormatting = false

    @inline(__always)
    init(_ tag: String) {
        // Most elements are `div` and `span`: they return after one compare.
        switch tag.utf8.count {
        case 1:
            if tag == "a" || tag == "b" || tag == "i" || tag == "s" || tag == "u" {
                isFormatting = true
                closesFormatting = true
            } else if tag == "p" {
                guarded()
            }
        case 2:
            if tag == "em" || tag == "tt" {
                isFormatting = true
                closesFormatting = true
            } else if tag == "tr" || tag == "td" || tag == "th" {
                guarded()
            } else if tag == "li" || tag == "dd" || tag == "dt" || tag == "h1" || tag == "h2" || tag == "h3" || tag == "h4" || tag == "h5"
                || tag == "h6"
            {
                closesFormatting = true
            }
        case 3:
            if tag == "div" { return }
            if tag == "big" {
                isFormatting = true
                closesFormatting = true
            } else if tag == "col" || tag == "xmp" {
                guarded()
            }
        case 4:
            if tag == "span" { return }
            if tag == "code" || tag == "font" || tag == "nobr" {
                isFormatting = true
                closesFormatting = true
            } else if tag == "form" {
                writesOwnID = true
                closesFormatting = true
            }
        case 5:
            if tag == "small" {
                isFormatting = true
                closesFormatting = true
            } else if tag == "table" || tag == "thead" || tag == "tbody" || tag == "tfoot" || tag == "title" || tag == "style" {
                guarded()
            }
        case 6:
            if tag == "strong" || tag == "strike" {
                isFormatting = true
                closesFormatting = true
            } else if tag == "select" || tag == "option" || tag == "script" || tag == "iframe" || tag == "object" {
                guarded()
            } else if tag == "button" {
                closesFormatting = true
            }
        case 7:
            if tag == "caption" || tag == "noembed" { guarded() }
        case 8:
            if tag == "optgroup" || tag == "datalist" || tag == "textarea" || tag == "template" || tag == "noscript" || tag == "colgroup"
                || tag == "noframes"
            {
                guarded()
            }
        case 9:
            if tag == "plaintext" { guarded() }
        default:
            return
        }
    }

    private mutating func guarded() {
        guardsContent = true
        writesOwnID = true
        closesFormatting = true
    }
}
