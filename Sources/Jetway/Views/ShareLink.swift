import Foundation

/// A button that shares a link or a text: the browser's share sheet (the Web Share API, on
/// phones and most desktops), or where a browser has none, the item copied to the clipboard
/// with "Copied" shown on the button. The server is not involved: the item is in the page.
///
/// ```swift
/// ShareLink(item: URL(string: "https://mountain.example/flights/US 1204")!)
/// ShareLink("Share flight", item: flight.url, subject: Text(flight.number), message: Text("My flight"))
/// ShareLink(item: summary) { Image(systemName: "square.and.arrow.up") }
/// ```
public struct ShareLink<Label: View>: _PrimitiveView {
    let item: String
    let isURL: Bool
    let subject: Text?
    let message: Text?
    let label: Label

    /// A share button showing `label` that shares `item` (a URL as a link, anything else as its text),
    /// with `subject` (or the preview's title) as the share's title and `message` beside it.
    ///
    /// For a text item, a `message` is the share's title in place of the subject. Disabled in a
    /// disabled environment.
    public init<Item: Transferable>(
        item: Item, subject: Text? = nil, message: Text? = nil, preview: SharePreview = SharePreview(""),
        @ViewBuilder label: () -> Label
    ) {
        self.item = item.sharedText ?? ""
        self.isURL = Item.self == URL.self
        self.subject = subject ?? preview.title
        self.message = message
        self.label = label()
    }

    /// Jetway's rendering entry point; not for apps.
    public static func _render(_ view: Self, _ context: _RenderContext, _ out: inout [Node]) {
        let node = context.element("button", StyleClass.button)
        node.setAttribute("type", "button")
        if case .builtIn(let className) = context.environment.buttonStyling, let className { node.addClass(className) }
        node.setAttribute(view.isURL ? RuntimeContract.Attribute.shareURL : RuntimeContract.Attribute.shareText, view.item)
        if let subject = view.subject?.string(in: context.environment), !subject.isEmpty {
            node.setAttribute(RuntimeContract.Attribute.shareTitle, subject)
        }
        if let message = view.message?.string(in: context.environment), !message.isEmpty {
            // A link's message goes with it; a text shared is its own message.
            node.setAttribute(view.isURL ? RuntimeContract.Attribute.shareText : RuntimeContract.Attribute.shareTitle, message)
        }
        context.renderChildren(view.label, into: node)
        if !context.environment.isEnabled { node.setAttribute("disabled", "") }
        out.append(node)
    }
}

extension ShareLink where Label == Jetway.Label<Text, Image> {
    /// "Share" with the share icon.
    public init<Item: Transferable>(item: Item, subject: Text? = nil, message: Text? = nil, preview: SharePreview = SharePreview("")) {
        self.init(item: item, subject: subject, message: message, preview: preview) {
            Jetway.Label("Share", systemImage: "square.and.arrow.up")
        }
    }

    /// A share button titled with a localized string key and the share icon.
    public init<Item: Transferable>(
        _ titleKey: LocalizedStringKey, item: Item, subject: Text? = nil, message: Text? = nil,
        preview: SharePreview = SharePreview("")
    ) {
        self.init(item: item, subject: subject, message: message, preview: preview) {
            Jetway.Label(titleKey, systemImage: "square.and.arrow.up")
        }
    }

    /// A share button titled with a string (shown as written) and the share icon.
    @_disfavoredOverload
    public init<Item: Transferable, S: StringProtocol>(
        _ title: S, item: Item, subject: Text? = nil, message: Text? = nil, preview: SharePreview = SharePreview("")
    ) {
        self.init(item: item, subject: subject, message: message, preview: preview) {
            Jetway.Label(title, systemImage: "square.and.arrow.up")
        }
    }
}

/// The title a share sheet shows for the item (its image and icon are not sent: the browser's
/// share sheet shows the page's).
public struct SharePreview: Sendable {
    let title: Text?

    /// A preview titled `title`.
    public init(_ title: Text) { self.title = title }
    /// A preview titled with a localized string key; an empty key is no title.
    public init(_ titleKey: LocalizedStringKey) { title = titleKey.string.isEmpty ? nil : Text(titleKey) }
    /// A preview titled with a string; an empty string is no title.
    @_disfavoredOverload
    public init<S: StringProtocol>(_ title: S) { self.title = title.isEmpty ? nil : Text(title) }
    /// A preview titled with a localized string key; `image` is accepted and not sent.
    public init(_ titleKey: LocalizedStringKey, image: Image) { self.init(titleKey) }
    /// A preview titled with a localized string key; `icon` is accepted and not sent.
    public init(_ titleKey: LocalizedStringKey, icon: Image) { self.init(titleKey) }
    /// A preview titled with a localized string key; `image` and `icon` are accepted and not sent.
    public init(_ titleKey: LocalizedStringKey, image: Image, icon: Image) { self.init(titleKey) }
}
