import Jetway

/// A node of the model DOM: an element with attributes and children, or a text.
public final class DOMNode {
    /// An element (its tag) or a text (its content).
    public enum Kind: Equatable {
        /// An element, with its tag name.
        case element(String)
        /// A text node, with its content.
        case text(String)
    }
    /// What the node is.
    public var kind: Kind
    /// An element's attributes, in the order written.
    public var attributes: [(name: String, value: String)] = []
    /// An element's children, in order.
    public var children: [DOMNode] = []
    /// The element that holds it; nil for the root or a removed node.
    public weak var parent: DOMNode?

    /// A node not in any document yet.
    public init(_ kind: Kind) {
        self.kind = kind
    }

    /// An element's tag; nil for a text.
    public var tag: String? {
        if case .element(let tag) = kind { return tag }
        return nil
    }

    /// The attribute's value; nil when the element has none of that name.
    public func attribute(_ name: String) -> String? {
        attributes.first { $0.name == name }?.value
    }

    /// Sets the attribute (in its place, or last); nil removes it.
    public func setAttribute(_ name: String, _ value: String?) {
        if let index = attributes.firstIndex(where: { $0.name == name }) {
            if let value { attributes[index].value = value } else { attributes.remove(at: index) }
        } else if let value {
            attributes.append((name, value))
        }
    }

    /// The text of this node and its descendants, as `textContent` in a browser.
    public var textContent: String {
        switch kind {
        case .text(let text): return text
        case .element: return children.map(\.textContent).joined()
        }
    }

    /// All elements below (and including) this one, in document order.
    public var descendants: [DOMNode] {
        var result: [DOMNode] = []
        func visit(_ node: DOMNode) {
            guard node.tag != nil else { return }
            result.append(node)
            node.children.forEach(visit)
        }
        visit(self)
        return result
    }

    /// Ancestors from the parent up.
    public var ancestors: [DOMNode] {
        var result: [DOMNode] = []
        var current = parent
        while let node = current {
            result.append(node)
            current = node.parent
        }
        return result
    }

    /// HTML with attributes sorted, so two trees that differ only in attribute order compare
    /// equal.
    public var canonicalHTML: String {
        switch kind {
        case .text(let text): return Escape.text(text)
        case .element(let tag):
            var html = "<" + tag
            for attribute in attributes.sorted(by: { $0.name < $1.name }) {
                html += " \(attribute.name)=\"\(Escape.attribute(attribute.value))\""
            }
            html += ">"
            if VoidElements.contains(tag) { return html }
            // A clock's text is the browser's (the diff leaves it once sent): compared as a mark.
            if attribute(RuntimeContract.Attribute.clock) != nil { return html + "⏱</\(tag)>" }
            for child in children { html += child.canonicalHTML }
            return html + "</\(tag)>"
        }
    }
}

enum VoidElements {
    static let names: Set<String> = ["input", "img", "hr", "br", "meta", "link", "source", "col", "area", "wbr"]
    static func contains(_ tag: String) -> Bool { names.contains(tag) }
}

enum Escape {
    static func text(_ text: String) -> String { HTMLWriter.escape(text, attribute: false) }
    static func attribute(_ text: String) -> String { HTMLWriter.escape(text, attribute: true) }
}
