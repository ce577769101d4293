/// iOS 18's tabs: `Tab("Flights", systemImage: "airplane", value: .flights) { FlightBoard() }`
/// in a `TabView` — each is its content with `.tabItem` and `.tag`, so it shows in the tab bar
/// and is chosen by the selection as those are. A `TabSection` groups tabs (a phone's tab bar
/// shows its tabs in order, without the section's header, as iOS does).
///
/// ```swift
/// TabView(selection: $tab) {
///     Tab("Flights", systemImage: "airplane", value: Screen.flights) { FlightBoard() }
///     Tab("Awards", systemImage: "star", value: Screen.awards) { AwardsView() }.badge(3)
///     Tab(value: Screen.search, role: .search) { SearchView() }
/// }
/// ```
public struct Tab<Value: Hashable, Content: View, Label: View>: View {
    let value: AnyHashable?
    let content: Content
    let label: Label

    /// The content with its label as its `.tabItem`, and its value as its `.tag`.
    public var body: some View {
        if let value {
            content.tabItem { label }.tag(value)
        } else {
            content.tabItem { label }
        }
    }
}

/// What a tab is for: `.search` is the search tab (its label, unless given, is Search with a
/// magnifying glass).
public struct TabRole: Hashable, Sendable {
    let name: String
    /// The search tab.
    public static let search = TabRole(name: "search")
}

extension Tab {
    /// A tab of the app's own label.
    public init(value: Value, role: TabRole? = nil, @ViewBuilder content: () -> Content, @ViewBuilder label: () -> Label) {
        self.value = AnyHashable(value)
        self.content = content()
        self.label = label()
    }
}

extension Tab where Label == Jetway.Label<Text, Image> {
    /// A tab titled with a localized string key and a system symbol, chosen when the selection is
    /// `value`. `role` only gives the default label of the search tab's initialiser.
    public init(
        _ titleKey: LocalizedStringKey, systemImage: String, value: Value, role: TabRole? = nil, @ViewBuilder content: () -> Content
    ) {
        self.init(value: value, role: role, content: content) { Jetway.Label(titleKey, systemImage: systemImage) }
    }

    /// A tab titled with a string (shown as written) and a system symbol, chosen when the selection is
    /// `value`.
    @_disfavoredOverload
    public init<S: StringProtocol>(_ title: S, systemImage: String, value: Value, role: TabRole? = nil, @ViewBuilder content: () -> Content)
    {
        self.init(value: value, role: role, content: content) { Jetway.Label(title, systemImage: systemImage) }
    }

    /// A tab titled with a localized string key and one of the app's images, chosen when the selection
    /// is `value`.
    public init(_ titleKey: LocalizedStringKey, image: String, value: Value, role: TabRole? = nil, @ViewBuilder content: () -> Content) {
        self.init(value: value, role: role, content: content) {
            Jetway.Label {
                Text(titleKey)
            } icon: {
                Image(image)
            }
        }
    }

    /// The search tab: Search, with a magnifying glass.
    public init(value: Value, role: TabRole, @ViewBuilder content: () -> Content) {
        self.init(value: value, role: role, content: content) { Jetway.Label("Search", systemImage: "magnifyingglass") }
    }
}

extension Tab where Value == Never, Label == Jetway.Label<Text, Image> {
    /// A tab of a `TabView` without a selection.
    public init(_ titleKey: LocalizedStringKey, systemImage: String, role: TabRole? = nil, @ViewBuilder content: () -> Content) {
        value = nil
        self.content = content()
        label = Jetway.Label(titleKey, systemImage: systemImage)
    }

    /// A tab of a `TabView` without a selection, titled with a string (shown as written) and a system
    /// symbol.
    @_disfavoredOverload
    public init<S: StringProtocol>(_ title: S, systemImage: String, role: TabRole? = nil, @ViewBuilder content: () -> Content) {
        value = nil
        self.content = content()
        label = Jetway.Label(title, systemImage: systemImage)
    }

    /// A tab of a `TabView` without a selection, titled with a localized string key and one of the
    /// app's images.
    public init(_ titleKey: LocalizedStringKey, image: String, role: TabRole? = nil, @ViewBuilder content: () -> Content) {
        value = nil
        self.content = content()
        label = Jetway.Label {
            Text(titleKey)
        } icon: {
            Image(image)
        }
    }

    /// The search tab of a `TabView` without a selection.
    public init(role: TabRole, @ViewBuilder content: () -> Content) {
        value = nil
        self.content = content()
        label = Jetway.Label("Search", systemImage: "magnifyingglass")
    }
}

/// A group of tabs with a header (shown in a sidebar; a phone's tab bar lists the tabs).
public struct TabSection<Header: View, Content: View>: View {
    let header: Header
    let content: Content

    /// A section of the tabs `content` under `header`. Jetway shows only a tab bar, so the header is
    /// not shown: the tabs are listed in order.
    public init(@ViewBuilder content: () -> Content, @ViewBuilder header: () -> Header) {
        self.content = content()
        self.header = header()
    }

    /// The tabs, without the header.
    public var body: some View { content }
}

extension TabSection where Header == Text {
    /// A section of tabs titled with a localized string key (the title is not shown).
    public init(_ titleKey: LocalizedStringKey, @ViewBuilder content: () -> Content) {
        self.init(content: content) { Text(titleKey) }
    }

    /// A section of tabs titled with a string (the title is not shown).
    @_disfavoredOverload
    public init<S: StringProtocol>(_ title: S, @ViewBuilder content: () -> Content) {
        self.init(content: content) { Text(title) }
    }
}

/// iOS 18's tab view styles: on a phone both are the tab bar.
public struct SidebarAdaptableTabViewStyle: TabViewStyle {
    /// The sidebar-adaptable style.
    public init() {}
    /// Nil: not paged; Jetway's hook, not for apps.
    public var _page: PageTabViewStyle.IndexDisplayMode? { nil }
}

/// A tab bar only; the same as every Jetway tab view.
public struct TabBarOnlyTabViewStyle: TabViewStyle {
    /// The tab-bar-only style.
    public init() {}
    /// Nil: not paged; Jetway's hook, not for apps.
    public var _page: PageTabViewStyle.IndexDisplayMode? { nil }
}

extension TabViewStyle where Self == SidebarAdaptableTabViewStyle {
    /// A tab bar that becomes a sidebar on a wide screen (in SwiftUI); Jetway shows the tab bar.
    public static var sidebarAdaptable: SidebarAdaptableTabViewStyle { SidebarAdaptableTabViewStyle() }
}

extension TabViewStyle where Self == TabBarOnlyTabViewStyle {
    /// A tab bar only.
    public static var tabBarOnly: TabBarOnlyTabViewStyle { TabBarOnlyTabViewStyle() }
}
