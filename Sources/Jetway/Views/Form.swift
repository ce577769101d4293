/// A class attribute written once, not at each render.
private let formFillWFillHClasses = "\(StyleClass.form) \(StyleClass.fillW) \(StyleClass.fillH)"

/// A container of grouped controls, such as settings, rendered as `<form>`.
///
/// ```swift
/// Form {
///     Section("Display") { Toggle("24-hour time", isOn: $use24Hour) }
/// }
/// ```
public struct Form<Content: View>: _PrimitiveView {
    let content: Content

    /// A form of `content`: a `<form>` (never submitted) that fills the space offered; its sections are
    /// grouped cards unless `.formStyle(.columns)`.
    public init(@ViewBuilder content: () -> Content) {
        self.content = content()
    }

    /// Jetway's rendering entry point; not for apps.
    public static func _render(_ view: Self, _ context: _RenderContext, _ out: inout [Node]) {
        let node = context.element("form", formFillWFillHClasses)
        if context.environment.formColumns { node.addClass(StyleClass.formColumns) }
        node.setAttribute("novalidate", "")
        var inside = context
        if inside.environment.sectionsAreListRows { inside.writeEnvironment { $0.sectionsAreListRows = false } }
        inside.renderChildren(view.content, into: node)
        out.append(node)
    }
}

/// A group of views with an optional header and footer, rendered as `<section>`.
///
/// ```swift
/// Section(header: Text("Reminders")) { DateDurationPicker(...) }
/// Section("Flights") { ForEach(flights) { FlightRow(flight: $0) } }
/// ```
public struct Section<Parent: View, Content: View, Footer: View>: _PrimitiveView {
    let header: Parent
    let content: Content
    let footer: Footer

    /// A section of `content` with a `header` view above it and a `footer` view below.
    public init(@ViewBuilder content: () -> Content, @ViewBuilder header: () -> Parent, @ViewBuilder footer: () -> Footer) {
        self.header = header()
        self.content = content()
        self.footer = footer()
    }

    /// A section of `content` with the given `header` and `footer` views.
    public init(header: Parent, footer: Footer, @ViewBuilder content: () -> Content) {
        self.header = header
        self.content = content()
        self.footer = footer
    }

    /// Jetway's rendering entry point; not for apps.
    public static func _render(_ view: Self, _ context: _RenderContext, _ out: inout [Node]) {
        let node = context.element("section", StyleClass.section)
        var inside = context.insideElement()
        // In a `List`, each view of the content is a row of its own (`<li>`, with its separator
        // and a link's chevron), as SwiftUI makes them.
        let rows = inside.environment.sectionsAreListRows
        // A section's rows in a list are the list's rows: a `ForEach` of them is lazy too.
        if rows {
            inside.writeEnvironment {
                $0.sectionsAreListRows = false
                $0.lazyStack = LazyStack(kind: .list)
                $0.lazySections = nil
            }
        }
        var children: [Node] = []
        if Parent.self != EmptyView.self {
            let header = inside.structural(0).element("header", StyleClass.sectionHeader)
            // `.headerProminence(.increased)`: the header as a title (SwiftUI's inset-grouped look).
            if inside.environment.headerProminence == .increased { header.addClass(StyleClass.sectionHeaderIncreased) }
            inside.structural(0).renderChildren(view.header, into: header)
            children.append(header)
        }
        if rows {
            let list = inside.structural(1).element("ul", StyleClass.sectionRows)
            list.keepsRemovedByDigest = true
            var content: [Node] = []
            Content._render(view.content, inside.structural(1).insideElement(), &content)
            list.children = content.map { row in
                if row.tag == "li" { return row }
                let item = Node("li", key: row.key)
                item.setAttribute("class", StyleClass.listRow)
                item.children = [row]
                List<Never, EmptyView>.applyRowOptions(of: row, to: item)
                return item
            }
            children.append(list)
        } else if let lazy = inside.environment.lazySections {
            // In a lazy stack or grid: its rows are laid out as the container's, in a window
            // of their own (a section of a thousand rows renders a screen of them).
            // (Its own sections' headers are not pinned: the container's are.)
            let classes = (lazy.classes ?? "").split(separator: " ").filter { $0 != StyleClass.pinsHeaders && $0 != StyleClass.pinsFooters }
            let body = inside.structural(1).element("div", (classes + [Substring(StyleClass.sectionContent)]).joined(separator: " "))
            if let style = lazy.style { body.setAttribute("style", style) }
            body.keepsRemovedByDigest = true
            inside.structural(1).renderChildren(view.content, into: body, lazy: lazy.kind)
            children.append(body)
        } else {
            let body = inside.structural(1).element("div", StyleClass.sectionContent)
            inside.structural(1).renderChildren(view.content, into: body)
            children.append(body)
        }
        if Footer.self != EmptyView.self {
            let footer = inside.structural(2).element("footer", StyleClass.sectionFooter)
            inside.structural(2).renderChildren(view.footer, into: footer)
            children.append(footer)
        }
        node.children = children
        out.append(node)
    }
}

extension Section where Parent == EmptyView, Footer == EmptyView {
    /// A section of `content` with no header or footer.
    public init(@ViewBuilder content: () -> Content) {
        self.init(content: content, header: { EmptyView() }, footer: { EmptyView() })
    }
}

extension Section where Parent == EmptyView {
    /// A section with a footer and no header: `Section { … } footer: { Text("…") }`.
    public init(@ViewBuilder content: () -> Content, @ViewBuilder footer: () -> Footer) {
        self.init(content: content, header: { EmptyView() }, footer: footer)
    }
}

extension Section where Footer == EmptyView {
    /// A section of `content` with a `header` view and no footer.
    public init(@ViewBuilder content: () -> Content, @ViewBuilder header: () -> Parent) {
        self.init(content: content, header: header, footer: { EmptyView() })
    }

    /// A section of `content` under `header`, with no footer.
    public init(header: Parent, @ViewBuilder content: () -> Content) {
        self.init(header: header, footer: EmptyView(), content: content)
    }
}

extension Section where Parent == Text, Footer == EmptyView {
    /// A section of `content` titled with a localized string key.
    public init(_ titleKey: LocalizedStringKey, @ViewBuilder content: () -> Content) {
        self.init(header: Text(titleKey), footer: EmptyView(), content: content)
    }

    /// A section of `content` titled with a string, shown as written.
    @_disfavoredOverload
    public init<S: StringProtocol>(_ title: S, @ViewBuilder content: () -> Content) {
        self.init(header: Text(title), footer: EmptyView(), content: content)
    }
}

/// How prominent a section's header is.
public enum Prominence: Hashable, Sendable {
    /// `standard`: the header in small uppercase secondary text. `increased`: the header as a title,
    /// larger and in the text's colour.
    case standard, increased
}

private struct HeaderProminenceKey: EnvironmentKey { static let defaultValue = Prominence.standard }

extension EnvironmentValues {
    /// How prominent the section headers below are (`.headerProminence(_:)`); `.standard` by default.
    public var headerProminence: Prominence {
        get { self[HeaderProminenceKey.self] }
        set { self[HeaderProminenceKey.self] = newValue }
    }
}

extension View {
    /// `.increased`: the sections' headers inside are titles, larger and in the text's colour.
    public func headerProminence(_ prominence: Prominence) -> some View {
        environment(\.headerProminence, prominence)
    }
}

/// How a form looks: `.grouped` (its sections as cards on a grouped background, a phone's
/// look and `.automatic`'s) or `.columns` (a Mac's: no cards).
public protocol FormStyle {
    /// Whether the form shows columns rather than grouped cards; Jetway's hook, not for apps.
    var _columns: Bool { get }
}

/// The default form style: grouped, as on a phone.
public struct AutomaticFormStyle: FormStyle {
    /// The automatic style.
    public init() {}
    /// False: grouped cards. Jetway's hook, not for apps.
    public var _columns: Bool { false }
}

/// Sections as cards on a grouped background.
public struct GroupedFormStyle: FormStyle {
    /// The grouped style.
    public init() {}
    /// False: grouped cards. Jetway's hook, not for apps.
    public var _columns: Bool { false }
}

/// Sections with no cards, as on a Mac.
public struct ColumnsFormStyle: FormStyle {
    /// The columns style.
    public init() {}
    /// True: no cards. Jetway's hook, not for apps.
    public var _columns: Bool { true }
}

extension FormStyle where Self == AutomaticFormStyle {
    /// Shorthand for `AutomaticFormStyle()`.
    public static var automatic: AutomaticFormStyle { AutomaticFormStyle() }
}
extension FormStyle where Self == GroupedFormStyle {
    /// Shorthand for `GroupedFormStyle()`.
    public static var grouped: GroupedFormStyle { GroupedFormStyle() }
}
extension FormStyle where Self == ColumnsFormStyle {
    /// Shorthand for `ColumnsFormStyle()`.
    public static var columns: ColumnsFormStyle { ColumnsFormStyle() }
}

private struct FormColumnsKey: EnvironmentKey { static let defaultValue = false }

extension EnvironmentValues {
    var formColumns: Bool {
        get { self[FormColumnsKey.self] }
        set { self[FormColumnsKey.self] = newValue }
    }
}

extension View {
    /// The look of the forms inside.
    public func formStyle<S: FormStyle>(_ style: S) -> some View {
        environment(\.formColumns, style._columns)
    }
}
