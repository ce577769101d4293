// How things are shown, as SwiftUI's modifiers of the same names say: the colour scheme, the
// safe area, scrolling, list rows' insets and background, badges, text's line spacing and how
// small it may shrink, symbols' scale, and the navigation bar. Each is the CSS (or, for text
// that shrinks to fit, the runtime's `sizes.js`) that does what SwiftUI does.

extension View {
    /// The page in this colour scheme whatever the system's (nil: the system's).
    public func preferredColorScheme(_ colorScheme: ColorScheme?) -> some View {
        modifier(
            StyleModifier { node in
                switch colorScheme {
                case .dark?: node.addClass(StyleClass.schemeDark)
                case .light?: node.addClass(StyleClass.schemeLight)
                case nil: break
                }
            }
        )
        .transformEnvironment(\.colorScheme) { if let colorScheme { $0 = colorScheme } }
    }

    /// This view and the views inside in a colour scheme (their colours are the scheme's), and
    /// `\.colorScheme` for them says so.
    public func colorScheme(_ colorScheme: ColorScheme) -> some View {
        modifier(StyleModifier { node in node.addClass(colorScheme == .dark ? StyleClass.colorsDark : StyleClass.colorsLight) })
            .environment(\.colorScheme, colorScheme)
    }

    /// Extends the view under the screen's unsafe edges (a phone's notch and home bar), as a
    /// background that fills to the edges.
    public func ignoresSafeArea(_ regions: SafeAreaRegions = .all, edges: Edge.Set = .all) -> some View {
        modifier(StyleModifier { node in node.addStyle(SafeArea.css(edges)) })
    }

    /// The older form of `ignoresSafeArea(edges:)`.
    public func edgesIgnoringSafeArea(_ edges: Edge.Set) -> some View {
        ignoresSafeArea(.all, edges: edges)
    }

    /// A badge on a list row (at its end) or a tab item: a count, or a short text.
    public func badge(_ count: Int) -> some View {
        modifier(BadgeModifier(text: count == 0 ? nil : Text(verbatim: String(count))))
    }

    /// A badge of `label`'s text on a list row or a tab item; nil shows none.
    public func badge(_ label: Text?) -> some View {
        modifier(BadgeModifier(text: label))
    }

    /// A badge of a localized string key's text (in the page's language when the app's String
    /// Catalog has it). (Not optional, so that `.badge(nil)` is the `Text?` form's; a
    /// `condition ? "New" : nil` is a string, shown as written.)
    public func badge(_ key: LocalizedStringKey) -> some View {
        modifier(BadgeModifier(text: Text(key)))
    }

    /// A badge of the string `label`, as written, on a list row or a tab item; nil shows none.
    @_disfavoredOverload
    public func badge<S: StringProtocol>(_ label: S?) -> some View {
        modifier(BadgeModifier(text: label.map { Text(verbatim: String($0)) }))
    }

    /// Scroll views in this view do not scroll (their content stays where it is).
    public func scrollDisabled(_ disabled: Bool) -> some View {
        modifier(StyleModifier { node in if disabled { node.addStyle("overflow:hidden;touch-action:none") } })
    }

    /// Whether scroll views in this view bounce at their ends (`overscroll-behavior`).
    public func scrollBounceBehavior(_ behavior: ScrollBounceBehavior, axes: Axis.Set = [.vertical]) -> some View {
        modifier(StyleModifier { node in if behavior != .automatic { node.addStyle("overscroll-behavior:contain") } })
    }

    /// Whether scrolling takes the focus out of a field (and so the on-screen keyboard away):
    /// `.immediately` and `.interactively` as soon as the user scrolls, `.never` and
    /// `.automatic` not.
    public func scrollDismissesKeyboard(_ mode: ScrollDismissesKeyboardMode) -> some View {
        modifier(
            StyleModifier { node in
                if mode == .immediately || mode == .interactively { node.setAttribute(RuntimeContract.Attribute.dismissesKeyboard, "") }
            })
    }

    /// Whether scroll views in this view show their scroll bars.
    public func scrollIndicators(_ visibility: ScrollIndicatorVisibility, axes: Axis.Set = [.vertical, .horizontal]) -> some View {
        modifier(StyleModifier { node in if visibility == .hidden || visibility == .never { node.addClass(StyleClass.noIndicators) } })
    }

    /// The list behind its rows: `.hidden` lets the view's own background show.
    public func scrollContentBackground(_ visibility: Visibility) -> some View {
        modifier(StyleModifier { node in if visibility == .hidden { node.addClass(StyleClass.listClear) } })
    }

    /// The insets of this row in its list (nil: the list's own).
    public func listRowInsets(_ insets: EdgeInsets?) -> some View {
        modifier(
            StyleModifier { node in
                guard let insets else { return }
                // The row's padding, by logical sides (leading is the right on a right-to-left page).
                node.setAttribute(
                    "data-row-insets",
                    "padding-block:\(px(insets.top)) \(px(insets.bottom));padding-inline:\(px(insets.leading)) \(px(insets.trailing))")
                node.hasListRowOptions = true
            })
    }

    /// Space between the rows of this list (nil: the list's own, none).
    public func listRowSpacing(_ spacing: CGFloat?) -> some View {
        modifier(StyleModifier { node in if let spacing { node.addStyle("\(StyleVariable.rowSpacing):\(px(spacing))") } })
    }

    /// Space between the sections of this list or form: `.compact` (8 points), `.default`, or
    /// a length.
    public func listSectionSpacing(_ spacing: ListSectionSpacing) -> some View {
        modifier(
            StyleModifier { node in if let length = spacing.length { node.addStyle("\(StyleVariable.sectionSpacing):\(px(length))") } })
    }

    /// `spacing` points between the sections of this list or form.
    public func listSectionSpacing(_ spacing: CGFloat) -> some View {
        listSectionSpacing(.custom(spacing))
    }

    /// Extra space between lines of text.
    public func lineSpacing(_ lineSpacing: CGFloat) -> some View {
        modifier(StyleModifier { node in node.addStyle("line-height:calc(1.3em + \(px(lineSpacing)))") })
    }

    /// How small text may shrink to fit its width (0.5: half its size); the browser shrinks it
    /// as it lays out (features/sizes.js).
    public func minimumScaleFactor(_ factor: CGFloat) -> some View {
        let factor = Color.format(min(max(Double(factor), 0.01), 1))
        return modifier(StyleModifier { node in node.setAttribute(RuntimeContract.Attribute.minimumScale, factor) })
    }

    /// Whether text may tighten its letter spacing to fit (a little, in the browser).
    public func allowsTightening(_ flag: Bool) -> some View {
        modifier(StyleModifier { node in if flag { node.addStyle("letter-spacing:-0.01em") } })
    }

    /// The size of system images in this view relative to the text.
    public func imageScale(_ scale: Image.Scale) -> some View {
        modifier(StyleModifier { node in node.addStyle("\(StyleVariable.imageScale):\(scale.factor)") })
    }

    /// The shape that takes the view's taps: in the browser a view's box already does (empty
    /// parts of a stack included), so nothing is added.
    public func contentShape<S: Shape>(_ shape: S, eoFill: Bool = false) -> some View {
        self
    }

    /// The shape of this container, for the views inside that draw `ContainerRelativeShape`
    /// and for its taps (the browser's box takes them already): its corners round the
    /// container's box.
    public func containerShape<S: Shape>(_ shape: S) -> some View {
        let corner = (shape as? any BoxShape)?.cornerCSS
        return modifier(
            StyleModifier { node in
                if let corner, corner != "0" { node.addStyle("border-radius:\(corner)") }
            })
    }

    /// Hides the navigation bar (the screen's title and toolbar) of the screen this view is on.
    public func navigationBarHidden(_ hidden: Bool) -> some View {
        modifier(StyleModifier { node in if hidden { node.addClass(StyleClass.navBarHidden) } })
    }

    /// Shows or hides bars while this view is shown: `.toolbar(.hidden, for: .navigationBar)`
    /// (the screen's title and toolbar), `.tabBar` (the tab view's bar).
    public func toolbar(_ visibility: Visibility, for bars: ToolbarPlacement...) -> some View {
        let hidden = visibility == .hidden
        let navigation = bars.isEmpty || bars.contains(.navigationBar) || bars.contains(.automatic)
        let tabs = bars.contains(.tabBar)
        return modifier(
            StyleModifier { node in
                if hidden && navigation { node.addClass(StyleClass.navBarHidden) }
                if hidden && tabs { node.addClass(StyleClass.tabBarHidden) }
            })
    }

    /// The background of the screen's navigation bar (its title and its toolbar), applied to
    /// the view that has the `navigationTitle` or `toolbar` (or one outside it), as apps write
    /// it. A tab bar's colour is the stylesheet's (`UITabBar.appearance()`): not changed here.
    public func toolbarBackground<S: ShapeStyle>(_ style: S, for bars: ToolbarPlacement...) -> some View {
        let navigation = bars.isEmpty || bars.contains(.navigationBar) || bars.contains(.automatic)
        let css = style.css
        return modifier(StyleModifier { node in if navigation && Self.isNavigationBar(node) { node.addStyle("background:\(css)") } })
    }

    /// Whether the navigation bar's background shows: `.hidden` makes it transparent, so the
    /// content's colour is behind the title; `.visible` keeps the colour given.
    public func toolbarBackground(_ visibility: Visibility, for bars: ToolbarPlacement...) -> some View {
        toolbarBackground(visibility, forBars: bars)
    }

    /// iOS 18's name for `toolbarBackground(_:for:)` with a visibility.
    public func toolbarBackgroundVisibility(_ visibility: Visibility, for bars: ToolbarPlacement...) -> some View {
        toolbarBackground(visibility, forBars: bars)
    }

    private func toolbarBackground(_ visibility: Visibility, forBars bars: [ToolbarPlacement]) -> some View {
        let navigation = bars.isEmpty || bars.contains(.navigationBar) || bars.contains(.automatic)
        let hidden = visibility == .hidden
        return modifier(
            StyleModifier { node in if hidden && navigation && Self.isNavigationBar(node) { node.addStyle("background:transparent") } })
    }

    /// The colour scheme of the navigation bar's title and items: `.dark` draws them light, as
    /// on a dark bar.
    public func toolbarColorScheme(_ colorScheme: ColorScheme?, for bars: ToolbarPlacement...) -> some View {
        let navigation = bars.isEmpty || bars.contains(.navigationBar) || bars.contains(.automatic)
        let color = colorScheme.map { $0 == .dark ? "#fff" : "#000" }
        return modifier(
            StyleModifier { node in
                if let color, navigation && Self.isNavigationBar(node) { node.addStyle("color:\(color);\(StyleVariable.accent):\(color)") }
            })
    }

    /// Hides the Back button of the screen this view is on (the screen offers its own way back;
    /// the browser's Back still goes back).
    public func navigationBarBackButtonHidden(_ hidesBackButton: Bool = true) -> some View {
        modifier(StyleModifier { node in if hidesBackButton { node.addClass(StyleClass.navBackHidden) } })
    }

    /// The older navigation styles: a browser shows a stack (`StackNavigationViewStyle`) or, on
    /// a wide window, columns (`NavigationSplitView`); the style changes nothing.
    public func navigationViewStyle<S: NavigationViewStyle>(_ style: S) -> some View {
        self
    }
}

extension View {
    /// A screen's navigation bar: its title and its toolbar.
    static func isNavigationBar(_ node: Node) -> Bool {
        guard let name = node.attribute("class") else { return false }
        return name == RuntimeContract.Class.navTitle || name.hasPrefix(StyleClass.toolbar)
    }
}

/// The space between a list's sections.
public struct ListSectionSpacing: Sendable, Hashable {
    let length: CGFloat?
    /// The list's own spacing.
    public static let `default` = ListSectionSpacing(length: nil)
    /// 8 points.
    public static let compact = ListSectionSpacing(length: 8)
    /// `spacing` points.
    public static func custom(_ spacing: CGFloat) -> ListSectionSpacing { ListSectionSpacing(length: spacing) }
}

/// The kinds of safe area a view may ignore. Accepted so SwiftUI code compiles: `ignoresSafeArea`
/// uses only its edges, whatever the regions.
public enum SafeAreaRegions: Sendable, Hashable {
    /// `all`: every region; `container`: the device's edges; `keyboard`: the on-screen keyboard.
    case all, container, keyboard
}

/// Whether a scroll view bounces at its ends (`.scrollBounceBehavior`).
public enum ScrollBounceBehavior: Sendable, Hashable {
    /// `automatic`: the browser's own behaviour; `always` and `basedOnSize` both write CSS
    /// `overscroll-behavior: contain`, so a scroll at an end does not carry on to the page.
    case automatic, always, basedOnSize
}

/// Whether scroll views show their scroll bars (`.scrollIndicators`).
public enum ScrollIndicatorVisibility: Sendable, Hashable {
    /// `automatic` and `visible`: as the browser shows them; `hidden` and `never`: not shown.
    case automatic, visible, hidden, never
}

/// The older navigation view styles. Accepted so SwiftUI code compiles; `navigationViewStyle(_:)`
/// changes nothing.
public protocol NavigationViewStyle {}
/// One screen at a time (`.stack`); changes nothing in Jetway.
public struct StackNavigationViewStyle: NavigationViewStyle {
    /// Creates the style; it has no settings.
    public init() {}
}
/// The platform's style (`.automatic`); changes nothing in Jetway.
public struct DefaultNavigationViewStyle: NavigationViewStyle {
    /// Creates the style; it has no settings.
    public init() {}
}
/// Columns side by side (`.columns`); changes nothing in Jetway.
public struct DoubleColumnNavigationViewStyle: NavigationViewStyle {
    /// Creates the style; it has no settings.
    public init() {}
}
extension NavigationViewStyle where Self == StackNavigationViewStyle {
    /// Shorthand for `StackNavigationViewStyle()`.
    public static var stack: Self { Self() }
}
extension NavigationViewStyle where Self == DefaultNavigationViewStyle {
    /// Shorthand for `DefaultNavigationViewStyle()`.
    public static var automatic: Self { Self() }
}
extension NavigationViewStyle where Self == DoubleColumnNavigationViewStyle {
    /// Shorthand for `DoubleColumnNavigationViewStyle()`.
    public static var columns: Self { Self() }
}

extension Image {
    /// The size of a system image relative to the text around it.
    public enum Scale: Sendable, Hashable {
        /// `small`: 0.8 of the text's size; `medium`: the text's size; `large`: 1.3 of it.
        case small, medium, large

        var factor: String {
            switch self {
            case .small: return "0.8"
            case .medium: return "1"
            case .large: return "1.3"
            }
        }
    }
}

enum SafeArea {
    /// Negative margins as deep as the unsafe insets (`env(safe-area-inset-…)`) on `edges`.
    static func css(_ edges: Edge.Set) -> String {
        var parts: [String] = []
        if edges.contains(.top) { parts.append("margin-top:calc(-1 * env(safe-area-inset-top, 0px))") }
        if edges.contains(.bottom) { parts.append("margin-bottom:calc(-1 * env(safe-area-inset-bottom, 0px))") }
        if edges.contains(.leading) { parts.append("margin-left:calc(-1 * env(safe-area-inset-left, 0px))") }
        if edges.contains(.trailing) { parts.append("margin-right:calc(-1 * env(safe-area-inset-right, 0px))") }
        return parts.joined(separator: ";")
    }
}

struct BadgeModifier: _PrimitiveModifier {
    let text: Text?

    static func _apply(_ modifier: Self, _ context: _RenderContext, _ out: inout [Node], _ content: @escaping _ContentRenderer) {
        guard let text = modifier.text else {
            content(context, &out)
            return
        }
        let holder = context.element("div", StyleClass.badged)
        let inside = context.insideElement()
        var children: [Node] = []
        content(inside.structural(0), &children)
        let badge = inside.structural(1).element("span", StyleClass.badge)
        badge.text = text.string(in: context.environment)
        holder.children = children + [badge]
        holder.takeFills(from: children)
        out.append(holder)
    }
}

/// How scrolling dismisses the keyboard.
public enum ScrollDismissesKeyboardMode: Hashable, Sendable {
    /// `automatic` and `never`: scrolling leaves the focus where it is; `immediately` and
    /// `interactively`: scrolling takes it out of the field as soon as it starts.
    case automatic, immediately, interactively, never
}

/// A bar `.toolbar(_:for:)` shows or hides.
public struct ToolbarPlacement: Hashable, Sendable {
    let name: String
    /// The navigation bar.
    public static let automatic = ToolbarPlacement(name: "automatic")
    /// The screen's navigation bar: its title and its toolbar.
    public static let navigationBar = ToolbarPlacement(name: "navigationBar")
    /// A tab view's bar (`.toolbar(_:for:)` only; `toolbarBackground` and `toolbarColorScheme` leave it).
    public static let tabBar = ToolbarPlacement(name: "tabBar")
}
