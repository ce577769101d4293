/// Adds an app's own views to its component catalogue, as SwiftUI's `LibraryContentProvider`
/// adds them to Xcode's library. In development mode the server shows every built-in component
/// and every item of the app's providers, each rendered live, at `/_jetway/library`.
///
/// ```swift
/// struct LibraryContent: LibraryContentProvider {
///     var views: [LibraryItem] {
///         [LibraryItem(SubtitledButton(title: "Title", subtitle: "Subtitle", action: {}), title: "SubtitledButton", category: .control)]
///     }
/// }
/// ```
@MainActor
public protocol LibraryContentProvider {
    /// The items this provider adds to the catalogue, in order; read each time a page opens `/_jetway/library`,
    /// which leaves out the items made with `visible: false`.
    var views: [LibraryItem] { get }
}

/// One entry of the catalogue: a view, its title and its category.
@MainActor
public struct LibraryItem {
    /// The catalogue's sections, shown in this order.
    public enum Category: String, CaseIterable, Sendable {
        /// Controls; effects; layout; everything else (the default).
        case control, effect, layout, other

        var title: String {
            switch self {
            case .control: "Controls"
            case .effect: "Effects"
            case .layout: "Layout"
            case .other: "Other"
            }
        }
    }

    let make: @MainActor () -> AnyView
    /// The name shown above the item (the view's type name when none was given).
    public let title: String
    /// The section the item is shown in.
    public let category: Category
    /// Whether the catalogue shows the item; hidden ones are left out.
    public let isVisible: Bool

    /// `snippet` is made when the catalogue renders (so its state is the catalogue page's).
    public init<V: View>(
        _ snippet: @autoclosure @escaping @MainActor () -> V, visible: Bool = true, title: String? = nil, category: Category = .other,
        matchingSignature: String? = nil
    ) {
        self.make = { AnyView(snippet()) }
        self.title = title ?? String(describing: V.self).split(separator: "<").first.map(String.init) ?? "View"
        self.category = category
        self.isVisible = visible
    }
}

/// The catalogue page: every visible item, by category, each in a card with its title.
public struct LibraryCatalogue: View {
    let items: [LibraryItem]
    @State private var filter = ""

    /// A catalogue of the visible items of `providers`, in order.
    public init(providers: [any LibraryContentProvider]) {
        self.items = providers.flatMap(\.views).filter(\.isVisible)
    }

    /// A searchable page titled "Component library": the number of items, then each category's
    /// items in cards, filtered by the search text.
    public var body: some View {
        NavigationStack {
            VStack(alignment: .leading, spacing: 16) {
                Text("\(items.count) components").font(.footnote).foregroundColor(.secondary).padding(.horizontal, 16)
                ForEach(LibraryItem.Category.allCases, id: \.self) { category in
                    let shown = items.enumerated().filter { $0.element.category == category && matches($0.element) }
                    if !shown.isEmpty {
                        Section {
                            ForEach(shown, id: \.offset) { entry in
                                VStack(alignment: .leading, spacing: 8) {
                                    Text(entry.element.title).font(.headline)
                                    entry.element.make()
                                }
                                .padding(12)
                                .frame(maxWidth: .infinity, alignment: .leading)
                                .background(Color(white: 0.5).opacity(0.08))
                                .cornerRadius(10)
                                .accessibilityIdentifier("library-" + entry.element.title)
                            }
                        } header: {
                            Text(category.title).font(.title2).bold()
                        }
                        .padding(.horizontal, 16)
                    }
                }
            }
            .navigationTitle("Component library")
            .searchable(text: $filter, prompt: "Find a component")
        }
    }

    private func matches(_ item: LibraryItem) -> Bool {
        filter.isEmpty || item.title.localizedCaseInsensitiveContains(filter)
    }
}
