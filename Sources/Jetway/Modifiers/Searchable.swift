extension View {
    /// A search field above the view, bound to `text`. Its accessible name is "Search" unless a
    /// prompt is given.
    ///
    /// ```swift
    /// List(viewModel.fruits) { Text($0.name) }
    ///     .searchable(text: $viewModel.searchText)
    /// ```
    public func searchable(text: Binding<String>, prompt: Text? = nil) -> some View {
        modifier(SearchableModifier(text: text, prompt: prompt?.string))
    }

    public func searchable(text: Binding<String>, prompt: LocalizedStringKey) -> some View {
        modifier(SearchableModifier(text: text, prompt: prompt.string))
    }

    @_disfavoredOverload
    public func searchable<S: StringProtocol>(text: Binding<String>, prompt: S) -> some View {
        modifier(SearchableModifier(text: text, prompt: String(prompt)))
    }
}

struct SearchableModifier: _PrimitiveModifier {
    let text: Binding<String>
    let prompt: String?

    static func _apply(_ modifier: Self, _ context: _RenderContext, _ out: inout [Node], _ content: @escaping _ContentRenderer) {
        let wrapper = context.element("div", "jw-searchable")
        let inside = context.insideElement()
        let title = modifier.prompt ?? "Search"
        let field = TextInput.node(
            inside.structural(0), type: "search", title: title, prompt: nil, text: modifier.text, className: "jw-search")
        field.setAttribute("role", "searchbox")
        var children = [field]
        var contentContext = inside.structural(1)
        let isSearching = !(field.attribute("value") ?? "").isEmpty
        contentContext.writeEnvironment { $0.isSearching = isSearching }
        content(contentContext, &children)
        wrapper.children = children
        out.append(wrapper)
    }
}
