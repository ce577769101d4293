/// A class attribute written once, not at each render.
private let buttonSearchSuggestionClasses = "\(StyleClass.button) \(StyleClass.searchSuggestion)"

extension View {
    /// A search field above the view, bound to `text`. Its accessible name is "Search" unless a
    /// prompt is given.
    ///
    /// ```swift
    /// List(viewModel.fruits) { Text($0.name) }
    ///     .searchable(text: $viewModel.searchText)
    /// ```
    public func searchable(text: Binding<String>, placement: SearchFieldPlacement = .automatic, prompt: Text? = nil) -> some View {
        modifier(SearchableModifier(text: text, prompt: prompt, isPresented: nil))
    }

    /// A search field above the view, bound to `text`, with `prompt` as its accessible name.
    /// `placement` is ignored (see `SearchFieldPlacement`).
    public func searchable(text: Binding<String>, placement: SearchFieldPlacement = .automatic, prompt: LocalizedStringKey) -> some View {
        modifier(SearchableModifier(text: text, prompt: Text(prompt), isPresented: nil))
    }

    /// A search field above the view, bound to `text`, with the string `prompt` as its accessible name.
    @_disfavoredOverload
    public func searchable<S: StringProtocol>(text: Binding<String>, placement: SearchFieldPlacement = .automatic, prompt: S) -> some View {
        modifier(SearchableModifier(text: text, prompt: Text(prompt), isPresented: nil))
    }

    /// A search field whose being used is `isPresented`: true while it has the focus (or holds
    /// text); setting it true puts the focus in the field, false takes it out.
    public func searchable(
        text: Binding<String>, isPresented: Binding<Bool>, placement: SearchFieldPlacement = .automatic, prompt: Text? = nil
    ) -> some View {
        modifier(SearchableModifier(text: text, prompt: prompt, isPresented: isPresented))
    }

    /// A search field bound to `text` and `isPresented`, with `prompt` as its accessible name.
    public func searchable(
        text: Binding<String>, isPresented: Binding<Bool>, placement: SearchFieldPlacement = .automatic, prompt: LocalizedStringKey
    ) -> some View {
        modifier(SearchableModifier(text: text, prompt: Text(prompt), isPresented: isPresented))
    }

    /// A search field bound to `text` and `isPresented`, with the string `prompt` as its accessible name.
    @_disfavoredOverload
    public func searchable<S: StringProtocol>(
        text: Binding<String>, isPresented: Binding<Bool>, placement: SearchFieldPlacement = .automatic, prompt: S
    ) -> some View {
        modifier(SearchableModifier(text: text, prompt: Text(prompt), isPresented: isPresented))
    }

    /// iOS 15's search field with its suggestions (`.searchable(text:prompt:) { … }`): as
    /// `.searchSuggestions { … }` inside `.searchable(text:prompt:)`.
    public func searchable<S: View>(
        text: Binding<String>, placement: SearchFieldPlacement = .automatic, prompt: Text? = nil, @ViewBuilder suggestions: () -> S
    ) -> some View {
        searchSuggestions(suggestions).searchable(text: text, placement: placement, prompt: prompt)
    }

    /// iOS 15's search field with its suggestions, with `prompt` as its accessible name.
    public func searchable<S: View>(
        text: Binding<String>, placement: SearchFieldPlacement = .automatic, prompt: LocalizedStringKey, @ViewBuilder suggestions: () -> S
    ) -> some View {
        searchSuggestions(suggestions).searchable(text: text, placement: placement, prompt: prompt)
    }

    /// iOS 15's search field with its suggestions, with the string `prompt` as its accessible name.
    @_disfavoredOverload
    public func searchable<P: StringProtocol, S: View>(
        text: Binding<String>, placement: SearchFieldPlacement = .automatic, prompt: P, @ViewBuilder suggestions: () -> S
    ) -> some View {
        searchSuggestions(suggestions).searchable(text: text, placement: placement, prompt: prompt)
    }

    /// Suggestions under the search field while it is being used: usually `Text`s or buttons
    /// with `.searchCompletion(_:)`, which put their completion in the field when chosen.
    public func searchSuggestions<S: View>(@ViewBuilder _ suggestions: () -> S) -> some View {
        modifier(SearchSuggestionsModifier(suggestions: suggestions()))
    }

    /// What choosing this suggestion puts in the search field.
    public func searchCompletion(_ completion: String) -> some View {
        modifier(SearchCompletionModifier(completion: completion))
    }
}

/// The search field's suggestions, handed from `.searchSuggestions` (inside) to the field.
@MainActor
final class SearchSuggestionsBox: RenderCache {
    var render: ((_RenderContext, inout [Node]) -> Void)?
    var complete: ((String) -> Void)?
    /// The search field's own box (suggestions inside `.searchable` go here).
    var isField = false
}

private struct SearchSuggestionsKey: EnvironmentKey {
    static var defaultValue: SearchSuggestionsBox? { nil }
}

extension EnvironmentValues {
    var searchSuggestions: SearchSuggestionsBox? {
        get { self[SearchSuggestionsKey.self] }
        set { self[SearchSuggestionsKey.self] = newValue }
    }
}

struct SearchSuggestionsModifier<S: View>: _PrimitiveModifier {
    let suggestions: S

    static func _apply(_ modifier: Self, _ context: _RenderContext, _ out: inout [Node], _ content: @escaping _ContentRenderer) {
        let suggestions = modifier.suggestions
        let render: (_RenderContext, inout [Node]) -> Void = { context, out in S._render(suggestions, context, &out) }
        // Inside `.searchable`: hand them to its field. Around it (the usual order): through a
        // box of its own, the same object every render, so the views below are not re-evaluated
        // for a new environment.
        if let box = context.environment.searchSuggestions, box.isField {
            box.render = render
            content(context, &out)
            return
        }
        let box = context.persistent(SearchSuggestionsBox.self) { SearchSuggestionsBox() }
        box.render = render
        var inner = context
        inner.writeEnvironment { $0.searchSuggestions = box }
        content(inner, &out)
    }
}

struct SearchCompletionModifier: _PrimitiveModifier {
    let completion: String

    static func _apply(_ modifier: Self, _ context: _RenderContext, _ out: inout [Node], _ content: @escaping _ContentRenderer) {
        let button = context.element("button", buttonSearchSuggestionClasses)
        button.setAttribute("type", "button")
        button.setAttribute("role", "option")
        var label: [Node] = []
        content(context.insideElement(), &label)
        button.children = label
        let completion = modifier.completion
        let complete = context.environment.searchSuggestions?.complete
        button.addHandler(EventBinding(event: .click) { _ in complete?(completion) })
        out.append(button)
    }
}

/// Where a search field goes. SwiftUI takes it as a preference the platform decides on; a
/// page puts every search field where a phone's navigation bar drawer has it: under the
/// screen's bar and title, above the content, always shown.
public struct SearchFieldPlacement: Sendable, Equatable {
    let name: String
    /// The default; the field goes under the screen's bar, as every placement does here.
    public static let automatic = SearchFieldPlacement(name: "automatic")
    /// In a toolbar in SwiftUI; here under the screen's bar, as every placement.
    public static let toolbar = SearchFieldPlacement(name: "toolbar")
    /// In a sidebar in SwiftUI; here under the screen's bar, as every placement.
    public static let sidebar = SearchFieldPlacement(name: "sidebar")
    /// In the navigation bar's drawer: where Jetway puts every search field.
    public static let navigationBarDrawer = SearchFieldPlacement(name: "navigationBarDrawer")
    /// The navigation bar's drawer; `displayMode` is ignored (the field is always shown).
    public static func navigationBarDrawer(displayMode: NavigationBarDrawerDisplayMode) -> SearchFieldPlacement { .navigationBarDrawer }

    /// Whether the drawer's field hides as the content scrolls (`.automatic`) or stays.
    public enum NavigationBarDrawerDisplayMode: Sendable, Equatable {
        /// Hide the field as the content scrolls (`automatic`) or always show it; ignored, as Jetway always shows
        /// the search field.
        case automatic, always
    }
}

/// Whether a search field is in use, and the app's requests for its focus.
@MainActor
final class SearchPresentation {
    var serial = 0
    var last = false
}

struct SearchableModifier: _PrimitiveModifier {
    let text: Binding<String>
    let prompt: Text?
    let isPresented: Binding<Bool>?

    static func _apply(_ modifier: Self, _ context: _RenderContext, _ out: inout [Node], _ content: @escaping _ContentRenderer) {
        let wrapper = context.element("div", StyleClass.searchable)
        let inside = context.insideElement()
        let title = modifier.prompt?.string(in: context.environment) ?? SystemWords.text(.search, in: context.environment)
        let field = TextInput.node(
            inside.structural(0), type: "search", title: title, prompt: nil, text: modifier.text, className: StyleClass.search)
        field.setAttribute("role", "searchbox")
        if let isPresented = modifier.isPresented {
            let presentation = context.persistent(SearchPresentation.self) { SearchPresentation() }
            let presented = context.track { isPresented.wrappedValue }
            // The app asked for the field (or left it): the runtime moves the focus.
            if presented != presentation.last { presentation.serial += 1 }
            presentation.last = presented
            field.setAttribute(RuntimeContract.Attribute.focus, "\(presentation.serial) \(presented ? 1 : 0)")
            let text = modifier.text
            field.addHandler(
                EventBinding(event: .focus) { _ in
                    presentation.last = true
                    if !isPresented.wrappedValue { isPresented.wrappedValue = true }
                }, afterEarlier: true)
            field.addHandler(
                EventBinding(event: .blur) { _ in
                    guard text.wrappedValue.isEmpty else { return }
                    presentation.last = false
                    if isPresented.wrappedValue { isPresented.wrappedValue = false }
                }, afterEarlier: true)
        }
        var contentContext = inside.structural(1)
        let isSearching = !(field.attribute("value") ?? "").isEmpty
        let outer = context.environment.searchSuggestions
        // One box per field, the same object every render (an environment value).
        let suggestions = context.persistent(SearchSuggestionsBox.self) { SearchSuggestionsBox() }
        suggestions.isField = true
        suggestions.render = nil
        let binding = modifier.text
        suggestions.complete = { binding.wrappedValue = $0 }
        contentContext.writeEnvironment {
            $0.isSearching = isSearching
            $0.searchSuggestions = suggestions
        }
        var body: [Node] = []
        content(contentContext, &body)
        // Where SwiftUI puts it: under the screen's bar and large title, above the content.
        var heading = 0
        while heading < body.count, let name = body[heading].attribute("class"),
            name.hasPrefix(StyleClass.toolbar) || name == RuntimeContract.Class.navTitle
        {
            heading += 1
        }
        var children = Array(body[..<heading]) + [field]
        if isSearching, let render = suggestions.render ?? outer?.render {
            let list = inside.structural(2).element("div", StyleClass.searchSuggestions)
            list.setAttribute("role", "listbox")
            list.setAttribute("aria-label", "Suggestions")
            var items: [Node] = []
            var suggestionContext = inside.structural(2).insideElement()
            suggestionContext.writeEnvironment { $0.searchSuggestions = suggestions }
            render(suggestionContext, &items)
            list.children = items
            if !items.isEmpty { children.append(list) }
        }
        children += body[heading...]
        wrapper.children = children
        out.append(wrapper)
    }
}
