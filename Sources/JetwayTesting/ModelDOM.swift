import Jetway

/// A model of the browser's document that applies Jetway's patch ops exactly as the browser
/// runtime does, so tests can check that patches turn the old page into the new render.
///
/// ```swift
/// let dom = try ModelDOM(html: firstPaint.html)
/// try dom.apply(ops)
/// #expect(dom.canonicalHTML == ModelDOM(html: newRender.html).canonicalHTML)
/// ```
public final class ModelDOM {
    /// A patch op the page could not apply: a patch the runtime would refuse (it asks for the whole page).
    public enum ApplyError: Error, Equatable, CustomStringConvertible {
        /// No element has this `data-j` id.
        case unknownID(String)
        /// A child index outside the parent's children.
        case badIndex(parent: String, index: Int, count: Int)
        /// The element is no longer in the document.
        case detachedTarget(String)
        /// Two elements have this `data-j` id.
        case duplicateID(String)

        /// The op's problem, with the element's id.
        public var description: String {
            switch self {
            case .unknownID(let id): "no element with data-j=\(id)"
            case .badIndex(let parent, let index, let count): "index \(index) is outside 0...\(count) in \(parent)"
            case .detachedTarget(let id): "element \(id) is detached"
            case .duplicateID(let id): "two elements with data-j=\(id)"
            }
        }
    }

    /// The page's root element.
    public private(set) var root: DOMNode
    private var byID: [String: DOMNode] = [:]

    /// The document of a page's HTML; throws a `HTMLParser.ParseError` for what a browser would mis-read, and `ApplyError.duplicateID` for an id written twice.
    public init(html: String) throws {
        root = try HTMLParser.parseElement(html)
        try index(root)
    }

    /// The document written back in one canonical form (attributes sorted), for comparing two.
    public var canonicalHTML: String { root.canonicalHTML }

    /// The element with this `data-j` id.
    public func element(_ id: String) -> DOMNode? { byID[id] }

    /// Applies a patch's ops in order, as the runtime does.
    public func apply(_ ops: [PatchOp]) throws {
        for op in ops { try apply(op) }
    }

    /// Applies one op as the runtime does; throws `ApplyError` where the runtime would refuse it.
    public func apply(_ op: PatchOp) throws {
        switch op {
        case .setText(let id, let text):
            let node = try lookup(id)
            for child in node.children { unindex(child) }
            node.children = text.isEmpty ? [] : [DOMNode(.text(text))]
            node.children.first?.parent = node
        case .setAttribute(let id, let name, let value):
            try lookup(id).setAttribute(name, value)
        case .insert(let parentID, let index, let html):
            let parent = try lookup(parentID)
            let nodes = try HTMLParser.parseFragment(html)
            guard index >= 0 && index <= parent.children.count else {
                throw ApplyError.badIndex(parent: parentID.description, index: index, count: parent.children.count)
            }
            for node in nodes { try self.index(node) }
            for node in nodes { node.parent = parent }
            parent.children.insert(contentsOf: nodes, at: index)
        case .remove(let ids):
            // As jetway.js: an id this page never had is skipped (a page that joined a shared
            // rendering later never had the elements the others keep detached).
            for id in ids {
                guard let node = byID[id.description] else { continue }
                detach(node)
                unindex(node)
            }
        case .detach(let ids):
            for id in ids { detach(try lookup(id)) }
        case .move(let ids, let parentID, let start):
            // As jetway.js: the run is taken out first, then put in one piece at `start`.
            let parent = try lookup(parentID)
            let nodes = try ids.map { try lookup($0) }
            for node in nodes { detach(node) }
            guard start >= 0 && start <= parent.children.count else {
                throw ApplyError.badIndex(parent: parentID.description, index: start, count: parent.children.count)
            }
            for node in nodes { node.parent = parent }
            parent.children.insert(contentsOf: nodes, at: start)
        case .command(let id, _, _):
            // A widget's business: the element must be there, nothing in the page changes.
            _ = try lookup(id)
        case .replace(let id, let html):
            let old = try lookup(id)
            let new = try HTMLParser.parseElement(html)
            unindex(old)
            try index(new)
            if let parent = old.parent, let position = parent.children.firstIndex(where: { $0 === old }) {
                parent.children[position] = new
                new.parent = parent
            } else if old === root {
                root = new
            } else {
                throw ApplyError.detachedTarget(id.description)
            }
        }
    }

    private func lookup(_ id: NodeID) throws -> DOMNode {
        guard let node = byID[id.description] else { throw ApplyError.unknownID(id.description) }
        return node
    }

    private func detach(_ node: DOMNode) {
        if let parent = node.parent, let position = parent.children.firstIndex(where: { $0 === node }) {
            parent.children.remove(at: position)
        }
        node.parent = nil
    }

    private func index(_ node: DOMNode) throws {
        guard node.tag != nil else { return }
        if let id = node.attribute("data-j"), !id.isEmpty {
            guard byID[id] == nil else { throw ApplyError.duplicateID(id) }
            byID[id] = node
        }
        for child in node.children {
            child.parent = node
            try index(child)
        }
    }

    private func unindex(_ node: DOMNode) {
        if let id = node.attribute("data-j") { byID.removeValue(forKey: id) }
        for child in node.children { unindex(child) }
    }
}
