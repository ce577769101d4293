/// What a screen shows when it has nothing to show: an icon, a title, a description and
/// actions, centred, as SwiftUI's `ContentUnavailableView`.
///
/// ```swift
/// if results.isEmpty { ContentUnavailableView.search(text: query) }
/// ContentUnavailableView("No Flights", systemImage: "airplane", description: Text("Nothing departs today."))
/// ```
public struct ContentUnavailableView<Label: View, Description: View, Actions: View>: View {
    let label: Label
    let description: Description
    let actions: Actions

    /// An unavailable view built from views: `label` large and bold (a label's icon big and grey above
    /// its title), `description` in grey below it, then `actions`.
    public init(
        @ViewBuilder label: () -> Label, @ViewBuilder description: () -> Description = { EmptyView() },
        @ViewBuilder actions: () -> Actions = { EmptyView() }
    ) {
        self.label = label()
        self.description = description()
        self.actions = actions()
    }

    /// A centred column of the label, the description and the actions, filling the space offered.
    public var body: some View {
        VStack(spacing: 12) {
            label
                .font(.title2)
                .bold()
                .labelStyle(UnavailableLabelStyle())
            description
                .font(.callout)
                .foregroundColor(.secondary)
                .multilineTextAlignment(.center)
            actions
        }
        .padding(24)
        .frame(maxWidth: .infinity, maxHeight: .infinity)
        .accessibilityElement(children: .contain)
    }
}

/// A large icon above the title, as the unavailable view draws its label.
private struct UnavailableLabelStyle: LabelStyle {
    func makeBody(configuration: Configuration) -> some View {
        VStack(spacing: 10) {
            configuration.icon.font(.system(size: 48)).foregroundColor(.secondary)
            configuration.title
        }
    }
}

extension ContentUnavailableView where Label == Jetway.Label<Text, Image>, Description == Text?, Actions == EmptyView {
    /// An unavailable view with a title, a system image and an optional description.
    public init(_ title: LocalizedStringKey, systemImage name: String, description: Text? = nil) {
        self.init(label: { Jetway.Label(title, systemImage: name) }, description: { description })
    }

    /// An unavailable view with a title string (shown as written), a system image and an optional
    /// description.
    @_disfavoredOverload
    public init<S: StringProtocol>(_ title: S, systemImage name: String, description: Text? = nil) {
        self.init(label: { Jetway.Label(title, systemImage: name) }, description: { description })
    }
}

extension ContentUnavailableView
where
    Label == SearchUnavailableContent.Label, Description == SearchUnavailableContent.Description,
    Actions == SearchUnavailableContent.Actions
{
    /// A search that found nothing.
    public static var search: Self { search(text: "") }

    /// A search for `text` that found nothing: "No Results for “text”".
    public static func search(text: String) -> Self {
        ContentUnavailableView(
            label: { Jetway.Label(text.isEmpty ? "No Results" : "No Results for “\(text)”", systemImage: "magnifyingglass") },
            description: { Text("Check the spelling or try a new search.") })
    }
}

/// The parts of `ContentUnavailableView.search`.
public enum SearchUnavailableContent {
    /// The title and magnifying glass.
    public typealias Label = Jetway.Label<Text, Image>
    /// The hint to check the spelling.
    public typealias Description = Text
    /// No actions.
    public typealias Actions = EmptyView
}

/// A label and its value side by side, as a form row: `LabeledContent("Gate", value: "B12")`.
public struct LabeledContent<Label: View, Content: View>: View {
    let label: Label
    let content: Content

    /// A row showing `label`, then `content` in grey at the far end.
    public init(@ViewBuilder content: () -> Content, @ViewBuilder label: () -> Label) {
        self.label = label()
        self.content = content()
    }

    /// An `HStack` of the label, a `Spacer` and the content in the secondary colour.
    public var body: some View {
        HStack {
            label
            Spacer()
            content.foregroundColor(.secondary)
        }
    }
}

extension LabeledContent where Label == Text, Content == Text {
    /// A row titled with a localized string key, showing `value` as written.
    public init<S: StringProtocol>(_ titleKey: LocalizedStringKey, value: S) {
        self.init(content: { Text(value) }, label: { Text(titleKey) })
    }

    /// A row titled with a string, showing `value`; both shown as written.
    @_disfavoredOverload
    public init<S: StringProtocol, V: StringProtocol>(_ title: S, value: V) {
        self.init(content: { Text(value) }, label: { Text(title) })
    }

    /// A row titled with a localized string key, showing `value` formatted by `format`.
    public init<F: FormatStyle>(_ titleKey: LocalizedStringKey, value: F.FormatInput, format: F)
    where F.FormatInput: Equatable, F.FormatOutput == String {
        self.init(content: { Text(value, format: format) }, label: { Text(titleKey) })
    }
}

extension LabeledContent where Label == Text {
    /// A row titled with a localized string key, showing `content`.
    public init(_ titleKey: LocalizedStringKey, @ViewBuilder content: () -> Content) {
        self.init(content: content, label: { Text(titleKey) })
    }
}
