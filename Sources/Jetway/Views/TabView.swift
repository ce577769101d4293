/// Tabs, each a view with `.tabItem { … }` and (with a selection) `.tag(_:)`: a tab bar at the
/// bottom, as on a phone, and the chosen tab's content above it. The chosen tab is in the
/// page's URL (`?tab=awards`: the tag's text, or its position), so Back and Forward move
/// between tabs, a reload keeps the tab and a copied URL opens it, rendered on the server.
///
/// ```swift
/// TabView(selection: $tab) {
///     FlightBoard().tabItem { Label("Flights", systemImage: "airplane") }.tag(Tab.flights)
///     AwardsView().tabItem { Label("Awards", systemImage: "star") }.tag(Tab.awards)
/// }
/// ```
///
/// As in SwiftUI, every tab stays mounted while another is shown, so each keeps its state
/// (its `@State`, its navigation stack); only the chosen tab's content is sent to the page.
public struct TabView<SelectionValue: Hashable, Content: View>: _PrimitiveView {
    let selection: Binding<SelectionValue>?
    let content: Content

    /// Tabs whose chosen tab is the one tagged with `selection`'s value (the first when none is); a
    /// click on a tab sets the binding.
    public init(selection: Binding<SelectionValue>, @ViewBuilder content: () -> Content) {
        self.selection = selection
        self.content = content()
    }

    init(unbound content: Content) {
        self.selection = nil
        self.content = content
    }

    /// Jetway's rendering entry point; not for apps.
    public static func _render(_ view: Self, _ context: _RenderContext, _ out: inout [Node]) {
        let state = context.persistent(TabState.self) { TabState() }
        state.owner = context.owner
        let node = context.element("div", RuntimeContract.Class.tabview)
        let inside = context.insideElement()
        var itemContext = inside.structural(0)
        itemContext.writeEnvironment {
            $0.collectsTabs = true
            $0.lazyStack = nil
            $0.rowOffsets = nil
            $0.lazySections = nil
        }
        var items: [Node] = []
        Content._render(view.content, itemContext, &items)
        let tabs = items.enumerated().map { index, item in TabEntry(item, index: index) }
        guard !tabs.isEmpty else {
            out.append(node)
            return
        }
        let chosen: Int
        if let selection = view.selection {
            let value = AnyHashable(context.track { selection.wrappedValue })
            chosen = tabs.firstIndex { $0.tag == value } ?? 0
        } else {
            chosen = min(state.chosen, tabs.count - 1)
        }
        let values = tabs.map(\.urlValue)
        let binding = view.selection
        func choose(_ index: Int) throws {
            guard tabs.indices.contains(index) else {
                throw JetwayError.wrongPayload(expected: "a tab below \(tabs.count)", got: "\(index)")
            }
            if let binding {
                guard let value = tabs[index].tag?.base as? SelectionValue else {
                    throw JetwayError.wrongPayload(expected: "a tab tagged with a \(SelectionValue.self)", got: "tab \(index)")
                }
                if binding.wrappedValue != value { binding.wrappedValue = value }
            } else if state.chosen != index {
                state.chosen = index
                state.owner?.invalidate()
            }
        }
        let panel = inside.structural(1).element("div", StyleClass.tabPanel)
        panel.setAttribute("role", "tabpanel")
        panel.setAttribute("aria-label", tabs[chosen].title)
        let paged = context.environment.tabViewStyle
        if let paged {
            // Pages: a swipe (a drag of a quarter of the width, or a flick) turns to the next or
            // the previous page, which slides in; the dots are the tab bar.
            node.addClass(StyleClass.tabviewPage)
            if paged == .never { node.addClass(StyleClass.tabviewPageNoDots) }
            if context.environment.pageIndexBacked { node.addClass(StyleClass.tabviewPageBackedDots) }
            var swipe = DragGesture(minimumDistance: 20)._recognizers()[0]
            let count = tabs.count
            swipe.ended.append { input in
                let dx = input.location.x - input.startLocation.x, dy = input.location.y - input.startLocation.y
                guard abs(dx) > 40, abs(dx) > abs(dy) else { return }
                let next = dx < 0 ? min(chosen + 1, count - 1) : max(chosen - 1, 0)
                guard next != chosen else { return }
                withAnimation(.easeOut(duration: 0.3)) { try? choose(next) }
            }
            panel.setAttribute(RuntimeContract.Attribute.gesture, "drag 20")
            panel.addHandler(
                EventBinding(event: .gesture) { payload in
                    let input = try GestureInput(payload, recognizers: [swipe.kind])
                    if input.phase == .ended { for action in swipe.ended { action(input) } }
                })
        }
        // Each tab's content in a box keyed by its tab: switching tabs replaces one box with
        // another (the page keeps the one that left for a quick return) instead of morphing
        // one tab's elements into the other's.
        let box = Node("div", key: tabs[chosen].key)
        box.setAttribute("class", StyleClass.tabContent)
        if paged != nil {
            // The page that comes in slides from the side it was on.
            let forward = chosen >= state.lastPage
            box.setAttribute(
                RuntimeContract.Attribute.transition,
                forward ? "move trailing+opacity|move leading+opacity" : "move leading+opacity|move trailing+opacity")
            state.lastPage = chosen
        }
        box.children = tabs[chosen].content
        panel.children = [box]
        let bar = inside.structural(2).element("nav", RuntimeContract.Class.tabbar)
        bar.setAttribute("role", "tablist")
        bar.children = tabs.enumerated().map { index, tab in
            let link = Node("a", key: IdentityHash.mix(bar.key, UInt64(index) &+ 1))
            link.setAttribute("class", RuntimeContract.Class.tablink)
            link.setAttribute("role", "tab")
            link.setAttribute(
                "href", "?tab=" + (values[index].addingPercentEncoding(withAllowedCharacters: .alphanumerics) ?? String(index)))
            link.setAttribute(RuntimeContract.Attribute.tab, values[index])
            link.setAttribute("aria-selected", index == chosen ? "true" : "false")
            if tab.label.isEmpty {
                link.text = "Tab \(index + 1)"
            } else {
                link.children = tab.label
            }
            link.addHandler(EventBinding(event: .click) { _ in try choose(index) })
            return link
        }
        // The tab the URL names (Back, Forward, a URL typed in): the runtime sends it here.
        node.setAttribute(RuntimeContract.Attribute.tab, values[chosen])
        node.addHandler(
            EventBinding(event: .navigate) { payload in
                let value = try payload.text()
                guard let index = values.firstIndex(of: value) else {
                    throw JetwayError.wrongPayload(
                        expected: "one of the tabs \(values.joined(separator: ", "))", got: "\"\(value.prefix(40))\"")
                }
                try choose(index)
            })
        node.children = [panel, bar]
        out.append(node)
    }

    /// One tab as its `.tabItem` and `.tag` rendered it.
    private struct TabEntry {
        let label: [Node]
        let content: [Node]
        let tag: AnyHashable?
        let key: UInt64
        let title: String
        let urlValue: String

        init(_ item: Node, index: Int) {
            if item.attribute("class") == StyleClass.tabItem, let first = item.children.first {
                label = first.children
                content = Array(item.children.dropFirst())
            } else {
                label = []
                content = [item]
            }
            tag = item.tagValue ?? (SelectionValue.self == Int.self ? AnyHashable(index) : nil)
            key = item.key
            title = label.map(\.textContent).joined(separator: " ").trimmingCharacters(in: .whitespaces)
            urlValue = Self.urlValue(of: tag, index: index)
        }

        /// A tag's text when it has a short one (a string, a number, an enum's raw value),
        /// else the tab's position.
        private static func urlValue(of tag: AnyHashable?, index: Int) -> String {
            var text: String?
            switch tag?.base {
            case let string as String: text = string
            case let number as Int: text = String(number)
            case let raw as any RawRepresentable: text = "\(raw.rawValue)"
            default: text = nil
            }
            guard let text, !text.isEmpty, text.utf8.count <= 64 else { return String(index) }
            return text
        }
    }
}

extension TabView where SelectionValue == Int {
    /// Tabs chosen by the page itself (their positions are their tags).
    public init(@ViewBuilder content: () -> Content) {
        self.init(unbound: content())
    }
}

/// The chosen tab of a `TabView` without a selection binding.
@MainActor
final class TabState {
    var chosen = 0
    /// The page shown last (a paged `TabView` slides the next one in from its side).
    var lastPage = 0
    weak var owner: ViewInstance?
}

/// Puts a tab's label on a view inside a `TabView`.
struct TabItemModifier<TabLabel: View>: ViewModifier, _PrimitiveModifier {
    let label: TabLabel

    static func _apply(_ modifier: Self, _ context: _RenderContext, _ out: inout [Node], _ content: @escaping _ContentRenderer) {
        guard context.environment.collectsTabs else {
            // Outside a TabView the label has nowhere to go, as in SwiftUI.
            content(context, &out)
            return
        }
        var inner = context
        inner.writeEnvironment { $0.collectsTabs = false }
        let item = inner.element("div", StyleClass.tabItem)
        let inside = inner.insideElement()
        let labelNode = inside.structural(0).element("span", StyleClass.tabLabel)
        inside.structural(0).renderChildren(modifier.label, into: labelNode)
        var children = [labelNode]
        content(inside.structural(1), &children)
        item.children = children
        out.append(item)
    }
}

extension View {
    /// The label of this view's tab in a `TabView`: usually a `Label` with a title and a
    /// symbol, or a `Text`.
    public func tabItem<V: View>(@ViewBuilder _ label: () -> V) -> some View {
        modifier(TabItemModifier(label: label()))
    }
}

private struct CollectsTabsKey: EnvironmentKey { static let defaultValue = false }

extension EnvironmentValues {
    /// Set for a `TabView`'s direct content: each `.tabItem` wraps its view with its label.
    var collectsTabs: Bool {
        get { self[CollectsTabsKey.self] }
        set { self[CollectsTabsKey.self] = newValue }
    }
}

/// `.tabViewStyle(.page)`: pages turned by a swipe, with dots (`indexDisplayMode: .never`: none).
public struct PageTabViewStyle: Sendable, Equatable {
    /// Whether a paged tab view shows its dots: `automatic` and `always` show them, `never` hides them.
    public enum IndexDisplayMode: Sendable, Equatable {
        /// Dots, one a page, the current one highlighted (`automatic` is the same as `always`).
        case automatic, always
        /// No dots: the paged tab view's tab bar, which holds them, is hidden.
        case never
    }
    let indexDisplayMode: IndexDisplayMode
    /// The page style, its dots shown or hidden by `indexDisplayMode`.
    public init(indexDisplayMode: IndexDisplayMode = .automatic) { self.indexDisplayMode = indexDisplayMode }
}

/// A `TabView`'s look: the tab bar (`.automatic`, `DefaultTabViewStyle()`) or pages (`.page`).
public protocol TabViewStyle {
    /// The dots' display mode when the style is paged, nil for a tab bar; Jetway's hook, not for apps.
    var _page: PageTabViewStyle.IndexDisplayMode? { get }
}

extension PageTabViewStyle: TabViewStyle {
    /// The dots' display mode: the tab view is paged; Jetway's hook, not for apps.
    public var _page: IndexDisplayMode? { indexDisplayMode }
}

/// The tab bar (`.automatic`).
public struct DefaultTabViewStyle: TabViewStyle {
    /// The default style.
    public init() {}
    /// Nil: not paged; Jetway's hook, not for apps.
    public var _page: PageTabViewStyle.IndexDisplayMode? { nil }
}

extension TabViewStyle where Self == PageTabViewStyle {
    /// Pages turned by a swipe, with dots.
    public static var page: PageTabViewStyle { PageTabViewStyle() }
    /// Pages turned by a swipe, the dots shown or hidden by `indexDisplayMode`.
    public static func page(indexDisplayMode: PageTabViewStyle.IndexDisplayMode) -> PageTabViewStyle {
        PageTabViewStyle(indexDisplayMode: indexDisplayMode)
    }
}

extension TabViewStyle where Self == DefaultTabViewStyle {
    /// The tab bar.
    public static var automatic: DefaultTabViewStyle { DefaultTabViewStyle() }
}

private struct TabViewStyleKey: EnvironmentKey { static let defaultValue: PageTabViewStyle.IndexDisplayMode? = nil }
private struct PageIndexBackedKey: EnvironmentKey { static let defaultValue = false }

extension EnvironmentValues {
    /// A paged `TabView`'s dots (nil: a tab bar).
    var tabViewStyle: PageTabViewStyle.IndexDisplayMode? {
        get { self[TabViewStyleKey.self] }
        set { self[TabViewStyleKey.self] = newValue }
    }

    /// A paged `TabView`'s dots sit on a backing capsule (`.indexViewStyle`).
    var pageIndexBacked: Bool {
        get { self[PageIndexBackedKey.self] }
        set { self[PageIndexBackedKey.self] = newValue }
    }
}

extension View {
    /// The look of the tab views inside: a tab bar, or pages turned by a swipe (`.page`).
    public func tabViewStyle<S: TabViewStyle>(_ style: S) -> some View {
        environment(\.tabViewStyle, style._page)
    }

    /// The look of a paged `TabView`'s dots: on a backing capsule with `.always` (and
    /// `.interactive`, which a page has no other moment for), bare otherwise.
    public func indexViewStyle(_ style: PageIndexViewStyle) -> some View {
        environment(\.pageIndexBacked, style.backgroundDisplayMode == .always || style.backgroundDisplayMode == .interactive)
    }
}

/// `.indexViewStyle(.page(backgroundDisplayMode: .always))`: whether a paged `TabView`'s dots
/// have a backing.
public struct PageIndexViewStyle: Sendable {
    /// When the dots have a backing capsule: `always` and `interactive` give them one, `automatic` and
    /// `never` leave them bare.
    public enum BackgroundDisplayMode: Sendable {
        /// Bare dots, as with `never`.
        case automatic
        /// Dots on a backing capsule; `interactive` too, as a page has no other moment to show it.
        case always, interactive
        /// Bare dots, with no backing.
        case never
    }
    /// When the dots have a backing capsule.
    public let backgroundDisplayMode: BackgroundDisplayMode

    /// A style whose dots' backing follows `backgroundDisplayMode`.
    public init(backgroundDisplayMode: BackgroundDisplayMode = .automatic) {
        self.backgroundDisplayMode = backgroundDisplayMode
    }

    /// A style whose dots' backing follows `backgroundDisplayMode`.
    public static func page(backgroundDisplayMode: BackgroundDisplayMode = .automatic) -> PageIndexViewStyle {
        PageIndexViewStyle(backgroundDisplayMode: backgroundDisplayMode)
    }
    /// The default style: the dots bare.
    public static var page: PageIndexViewStyle { PageIndexViewStyle() }
}
