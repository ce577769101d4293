import Jetway

/// Parses the HTML Jetway writes (elements, quoted attributes, escaped text, void elements)
/// into model DOM nodes. Malformed input is an error, not a guess: the model DOM exists to
/// catch a renderer or diff that writes something a browser would mis-read.
public struct HTMLParser {
    /// Where and why the HTML is not what Jetway writes.
    public enum ParseError: Error, Equatable, CustomStringConvertible {
        /// The HTML ended inside a tag or with an element left open (byte offset).
        case unexpectedEnd(at: Int)
        /// An end tag that does not close the open element (byte offset).
        case mismatchedEndTag(expected: String, found: String, at: Int)
        /// Something else a browser would read differently, described, at a byte offset.
        case malformed(String, at: Int)

        /// The problem and its byte offset.
        public var description: String {
            switch self {
            case .unexpectedEnd(let offset): "HTML ends unexpectedly at byte \(offset)"
            case .mismatchedEndTag(let expected, let found, let offset): "expected </\(expected)> but found </\(found)> at byte \(offset)"
            case .malformed(let what, let offset): "malformed HTML (\(what)) at byte \(offset)"
            }
        }
    }

    private let bytes: [UInt8]
    private var position = 0

    private init(_ html: String) {
        bytes = Array(html.utf8)
    }

    /// Parses a fragment: any number of sibling nodes. Elements written without an id get theirs
    /// as the browser runtime gives them (docs/protocol.md, "Implicit ids").
    public static func parseFragment(_ html: String) throws -> [DOMNode] {
        var parser = HTMLParser(html)
        let nodes = try parser.parseNodes(until: nil)
        guard parser.position == parser.bytes.count else { throw ParseError.malformed("text after the last element", at: parser.position) }
        var ids = ImplicitIDs()
        for node in nodes { numberIDs(node, &ids) }
        return nodes
    }

    /// In document order, an element without `data-j` takes the id after the one before it;
    /// `data-j=""` stays without one.
    private static func numberIDs(_ node: DOMNode, _ ids: inout ImplicitIDs) {
        guard node.tag != nil else { return }
        let written = node.attribute(RuntimeContract.Attribute.id)
        if let id = ids.next(written: written), written == nil {
            node.attributes.insert((RuntimeContract.Attribute.id, id.description), at: 0)
        }
        for child in node.children { numberIDs(child, &ids) }
    }

    /// Parses exactly one element.
    public static func parseElement(_ html: String) throws -> DOMNode {
        let nodes = try parseFragment(html)
        guard nodes.count == 1, nodes[0].tag != nil else {
            throw ParseError.malformed("expected one element, found \(nodes.count) nodes", at: 0)
        }
        return nodes[0]
    }

    private mutating func parseNodes(until endTag: String?) throws -> [DOMNode] {
        var nodes: [DOMNode] = []
        var text: [UInt8] = []
        func flushText() {
            if !text.isEmpty {
                nodes.append(DOMNode(.text(Self.decode(text))))
                text.removeAll()
            }
        }
        while position < bytes.count {
            if bytes[position] == UInt8(ascii: "<") {
                if position + 1 < bytes.count && bytes[position + 1] == UInt8(ascii: "/") {
                    flushText()
                    let start = position
                    position += 2
                    let name = readName()
                    try expect(UInt8(ascii: ">"))
                    guard let endTag else { throw ParseError.malformed("stray </\(name)>", at: start) }
                    guard name == endTag else { throw ParseError.mismatchedEndTag(expected: endTag, found: name, at: start) }
                    return nodes
                }
                flushText()
                nodes.append(try parseElement())
            } else {
                text.append(bytes[position])
                position += 1
            }
        }
        flushText()
        if let endTag { throw ParseError.malformed("missing </\(endTag)>", at: position) }
        return nodes
    }

    private mutating func parseElement() throws -> DOMNode {
        let start = position
        position += 1
        let name = readName()
        guard !name.isEmpty else { throw ParseError.malformed("element without a name", at: start) }
        let node = DOMNode(.element(name))
        while true {
            skipSpaces()
            guard position < bytes.count else { throw ParseError.unexpectedEnd(at: position) }
            if bytes[position] == UInt8(ascii: ">") {
                position += 1
                break
            }
            let attributeStart = position
            let attribute = readName()
            guard !attribute.isEmpty else { throw ParseError.malformed("bad attribute", at: attributeStart) }
            var value = ""
            if position < bytes.count && bytes[position] == UInt8(ascii: "=") {
                position += 1
                try expect(UInt8(ascii: "\""))
                var raw: [UInt8] = []
                while position < bytes.count && bytes[position] != UInt8(ascii: "\"") {
                    guard bytes[position] != UInt8(ascii: "<") && bytes[position] != UInt8(ascii: ">") else {
                        throw ParseError.malformed("unescaped < or > in attribute \(attribute)", at: position)
                    }
                    raw.append(bytes[position])
                    position += 1
                }
                try expect(UInt8(ascii: "\""))
                value = Self.decode(raw)
            }
            guard node.attribute(attribute) == nil else {
                throw ParseError.malformed("duplicate attribute \(attribute)", at: attributeStart)
            }
            node.attributes.append((attribute, value))
        }
        if VoidElements.contains(name) { return node }
        let children = try parseNodes(until: name)
        for child in children { child.parent = node }
        node.children = children
        return node
    }

    private mutating func readName() -> String {
        let start = position
        while position < bytes.count {
            let byte = bytes[position]
            let isNameByte =
                (byte >= UInt8(ascii: "a") && byte <= UInt8(ascii: "z")) || (byte >= UInt8(ascii: "A") && byte <= UInt8(ascii: "Z"))
                || (byte >= UInt8(ascii: "0") && byte <= UInt8(ascii: "9")) || byte == UInt8(ascii: "-") || byte == UInt8(ascii: ":")
                || byte == UInt8(ascii: "_")
            if !isNameByte { break }
            position += 1
        }
        return String(decoding: bytes[start..<position], as: UTF8.self)
    }

    private mutating func skipSpaces() {
        while position < bytes.count && (bytes[position] == 32 || bytes[position] == 10 || bytes[position] == 9) { position += 1 }
    }

    private mutating func expect(_ byte: UInt8) throws {
        guard position < bytes.count else { throw ParseError.unexpectedEnd(at: position) }
        guard bytes[position] == byte else {
            throw ParseError.malformed("expected '\(Character(UnicodeScalar(byte)))'", at: position)
        }
        position += 1
    }

    /// Decodes the entities Jetway writes, and numeric ones.
    static func decode(_ raw: [UInt8]) -> String {
        let string = String(decoding: raw, as: UTF8.self)
        guard string.contains("&") else { return string }
        var out = ""
        var index = string.startIndex
        while index < string.endIndex {
            if string[index] == "&", let semicolon = string[index...].firstIndex(of: ";"), string.distance(from: index, to: semicolon) <= 10
            {
                let entity = string[string.index(after: index)..<semicolon]
                var replacement: String?
                switch entity {
                case "amp": replacement = "&"
                case "lt": replacement = "<"
                case "gt": replacement = ">"
                case "quot": replacement = "\""
                case "#39", "apos": replacement = "'"
                default:
                    if entity.hasPrefix("#x"), let code = UInt32(entity.dropFirst(2), radix: 16), let scalar = UnicodeScalar(code) {
                        replacement = String(Character(scalar))
                    } else if entity.hasPrefix("#"), let code = UInt32(entity.dropFirst()), let scalar = UnicodeScalar(code) {
                        replacement = String(Character(scalar))
                    }
                }
                if let replacement {
                    out += replacement
                    index = string.index(after: semicolon)
                    continue
                }
            }
            out.append(string[index])
            index = string.index(after: index)
        }
        return out
    }
}
