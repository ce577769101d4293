/// Changes each element of its content with a closure: the building block of the styling
/// modifiers (`padding`, `opacity`, `border`, …).
struct StyleModifier: NodeModifier {
    let change: @MainActor (Node) -> Void

    func modify(_ node: Node, _ context: _RenderContext) -> Node {
        change(node)
        return node
    }
}

/// Wraps each element of its content in a new element, for modifiers whose CSS must not mix
/// with the content's own (a frame around a stack, padding outside a background).
struct WrapModifier: _PrimitiveModifier {
    let tag: String
    let className: String
    let style: String?

    static func _apply(_ modifier: WrapModifier, _ context: _RenderContext, _ out: inout [Node], _ content: @escaping _ContentRenderer) {
        var inner: [Node] = []
        content(context.insideElement(), &inner)
        let node = context.element(modifier.tag, modifier.className)
        if let style = modifier.style { node.addStyle(style) }
        node.children = inner
        node.takeFills(from: inner)
        out.append(node)
    }
}

/// Writes a text into each element of its content as an attribute, resolved on the page it is
/// rendered for (a String Catalog's key in the page's language): an accessibility label, hint
/// or value.
struct TextAttributeModifier: NodeModifier {
    let text: Text
    let write: @MainActor (Node, String) -> Void

    func modify(_ node: Node, _ context: _RenderContext) -> Node {
        write(node, text.string(in: context.environment))
        return node
    }
}

/// Sets one attribute on each element of its content (nil: none): `dir` under
/// `.environment(\.layoutDirection, …)`, `lang` under `.environment(\.locale, …)`. A value,
/// not a closure, so that two pages whose roots set the same one still share a rendering.
struct AttributeMark: NodeModifier, Equatable {
    let name: String
    let value: String?

    func modify(_ node: Node, _ context: _RenderContext) -> Node {
        if let value { node.setAttribute(name, value) }
        return node
    }
}
