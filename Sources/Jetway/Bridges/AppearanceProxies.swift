import Foundation
import Synchronization

// UIKit's appearance proxies, as SwiftUI apps set them once at launch to colour the bars and
// lists SwiftUI had no modifier for (`UINavigationBar.appearance().largeTitleTextAttributes =
// [.foregroundColor: UIColor.systemBlue]`, `UITabBar.appearance().backgroundColor = …`). In a
// browser the page's stylesheet is the appearance: each setting is a CSS rule for Jetway's bars,
// tabs, lists and page dots, written into every page the app serves from then on (it is the
// whole app's, as on a device). What has no counterpart in the page is not offered.

/// The rules the appearance proxies have set, in the order set (a later one for the same
/// selector and property replaces it).
public enum UIKitAppearance {
    private static let rules = Mutex<[(key: String, rule: String)]>([])

    /// The CSS for the page's `<style>` (empty when nothing was set).
    public static var stylesheet: String {
        rules.withLock { $0.map(\.rule).joined(separator: "\n") }
    }

    static func set(_ selector: String, _ property: String, _ value: String?) {
        let key = selector + "|" + property
        rules.withLock { rules in
            rules.removeAll { $0.key == key }
            guard let value else { return }
            // Nothing of an app's value may end the style element or the declaration.
            let safe = value.filter { $0 != "<" && $0 != ">" && $0 != "{" && $0 != "}" && $0 != ";" }
            rules.append((key, "\(selector) { \(property): \(safe); }"))
        }
    }

    /// `UIView.appearance().overrideUserInterfaceStyle`: every page in this scheme, whatever
    /// its browser prefers (nil: the browser's).
    private static let style = Mutex<ColorScheme?>(nil)
    static var colorScheme: ColorScheme? {
        get { style.withLock { $0 } }
        set { style.withLock { $0 = newValue } }
    }

    /// Clears every rule (tests).
    static func reset() {
        rules.withLock { $0 = [] }
        colorScheme = nil
    }

    static func text(_ selector: String, _ attributes: [NSAttributedString.Key: Any]?) {
        let color = attributes?[.foregroundColor] as? UIColor
        let font = attributes?[.font] as? UIFont
        set(selector, "color", color?.css)
        set(selector, "font-size", font.map { px($0.pointSize) })
        set(selector, "font-weight", font?.weight.css)
        set(selector, "font-family", font?.familyName.map { "\"\($0.filter { $0 != "\"" && $0 != "\\" })\", var(\(StyleVariable.font))" })
    }
}

extension NSAttributedString.Key {
    /// The text's colour (a `UIColor`), as appearance attributes give it.
    public static let foregroundColor = NSAttributedString.Key("NSColor")
    /// The text's font (a `UIFont`).
    public static let font = NSAttributedString.Key("NSFont")
    /// The colour behind the text (a `UIColor`).
    public static let backgroundColor = NSAttributedString.Key("NSBackgroundColor")
    /// The outline's colour (a `UIColor`) and width (a percentage of the font size; negative
    /// also fills the text).
    public static let strokeColor = NSAttributedString.Key("NSStrokeColor")
    /// The outline's width, as a percentage of the font size (negative also fills the text); see `strokeColor`.
    public static let strokeWidth = NSAttributedString.Key("NSStrokeWidth")
    /// Extra space between letters, in points.
    public static let kern = NSAttributedString.Key("NSKern")
}

/// A font as UIKit code names it for appearance attributes: its size, weight and family.
public struct UIFont: Sendable, Hashable {
    /// A font's weight, as a CSS `font-weight` from 100 to 900.
    public struct Weight: Sendable, Hashable {
        let value: Int
        /// The lightest weights: 100, 200 and 300.
        public static let ultraLight = Weight(value: 100), thin = Weight(value: 200), light = Weight(value: 300)
        /// The middle weights: 400 (regular), 500 and 600.
        public static let regular = Weight(value: 400), medium = Weight(value: 500), semibold = Weight(value: 600)
        /// The heaviest weights: 700 (bold), 800 and 900.
        public static let bold = Weight(value: 700), heavy = Weight(value: 800), black = Weight(value: 900)
        var css: String { String(value) }
    }

    /// The font's size in points: its CSS `font-size` in pixels.
    public let pointSize: CGFloat
    let weight: Weight
    /// The font's family, as `UIFont(name:size:)` gave it; nil for the system font.
    public let familyName: String?

    /// The height of a line of this font: 1.2 times its size, about what UIKit's system font has
    /// (the page's body text is set at 1.3 times its size).
    public var lineHeight: CGFloat { pointSize * 1.2 }

    /// The page's system font at `size` points, in `weight`.
    public static func systemFont(ofSize size: CGFloat, weight: Weight = .regular) -> UIFont {
        UIFont(pointSize: size, weight: weight, familyName: nil)
    }

    /// The page's system font at `size` points, bold.
    public static func boldSystemFont(ofSize size: CGFloat) -> UIFont { systemFont(ofSize: size, weight: .bold) }

    /// The system's monospaced font, as the family name `ui-monospace`. The page's CSS writes the
    /// name quoted, which a browser reads as a font of that name rather than the generic
    /// `ui-monospace`, so the text falls back to the page's font and is not monospaced.
    public static func monospacedSystemFont(ofSize size: CGFloat, weight: Weight) -> UIFont {
        UIFont(pointSize: size, weight: weight, familyName: "ui-monospace")
    }

    /// The system font with digits of one width (tabular figures are the page's default for
    /// the system font here, so this is the system font).
    public static func monospacedDigitSystemFont(ofSize size: CGFloat, weight: Weight) -> UIFont {
        systemFont(ofSize: size, weight: weight)
    }

    /// The page's system font at `size` points. Not italic here: `UIFont` keeps no style, so this is `systemFont(ofSize:)`.
    public static func italicSystemFont(ofSize size: CGFloat) -> UIFont { systemFont(ofSize: size) }

    /// The font family `name` at `size` points; the browser falls back to the page's font when it has no such family.
    ///
    /// It never fails here: the server cannot tell which fonts a browser has.
    public init?(name: String, size: CGFloat) {
        self.init(pointSize: size, weight: .regular, familyName: name)
    }

    init(pointSize: CGFloat, weight: Weight, familyName: String?) {
        self.pointSize = pointSize
        self.weight = weight
        self.familyName = familyName
    }
}

/// Whether a UIKit view is drawn light or dark.
public enum UIUserInterfaceStyle: Int, Sendable {
    /// Apple's styles: unspecified (follow the system), light, dark.
    case unspecified, light, dark
}

extension UIView {
    /// What every view of the app looks like (`UIView.appearance()`).
    public static func appearance() -> UIViewAppearance { UIViewAppearance.shared }
}

/// The appearance of every view: `UIView.appearance().overrideUserInterfaceStyle = .light`
/// keeps every page light (as `.preferredColorScheme(.light)` on the root would), `tintColor`
/// is the app's accent colour.
@MainActor @preconcurrency
public final class UIViewAppearance {
    static let shared = UIViewAppearance()

    /// Keeps every page in one colour scheme, whatever its browser prefers: `.light` or `.dark`; `.unspecified` follows
    /// the browser again. Each page follows it from its next rendering on.
    public var overrideUserInterfaceStyle: UIUserInterfaceStyle = .unspecified {
        didSet {
            UIKitAppearance.colorScheme =
                switch overrideUserInterfaceStyle {
                case .light: .light
                case .dark: .dark
                case .unspecified: nil
                }
        }
    }

    /// The app's accent colour (buttons, links, toggles): `.tint` everywhere.
    public var tintColor: UIColor? {
        didSet { UIKitAppearance.set(":root", StyleVariable.accent, tintColor?.css) }
    }
}

/// The navigation bar's appearance: the screen's title and its toolbar.
@MainActor @preconcurrency
public final class UINavigationBar {
    private static let shared = UINavigationBar()
    /// The proxy whose settings style every navigation bar of the app.
    public static func appearance() -> UINavigationBar { shared }

    private static var title: String { ".\(RuntimeContract.Class.navTitle)" }
    private static var bar: String { ".\(RuntimeContract.Class.navstack) > .\(StyleClass.toolbar)" }

    /// The title's attributes (colour and font: size, weight, family) as CSS for the page's title.
    ///
    /// The page shows one title, styled by whichever of these and `titleTextAttributes` was set last: setting one
    /// replaces every rule the other set, even for attributes it leaves out.
    public var largeTitleTextAttributes: [NSAttributedString.Key: Any]? {
        didSet { UIKitAppearance.text(Self.title, largeTitleTextAttributes) }
    }
    /// The inline title's attributes: the page shows one title, so they style it too.
    public var titleTextAttributes: [NSAttributedString.Key: Any]? {
        didSet { UIKitAppearance.text(Self.title, titleTextAttributes) }
    }
    /// The colour of the bar's buttons and Back.
    public var tintColor: UIColor? {
        didSet {
            UIKitAppearance.set(Self.bar, StyleVariable.accent, tintColor?.css)
            UIKitAppearance.set(".\(RuntimeContract.Class.navBack)", "color", tintColor?.css)
        }
    }
    /// The bar's colour: sets `backgroundColor`.
    public var barTintColor: UIColor? {
        didSet { backgroundColor = barTintColor }
    }
    /// The colour behind the bar's toolbar and the screen's title.
    public var backgroundColor: UIColor? {
        didSet {
            UIKitAppearance.set(Self.bar, "background", backgroundColor?.css)
            UIKitAppearance.set(Self.title, "background", backgroundColor?.css)
        }
    }
    /// Translucency is the page's stylesheet's; the setting changes nothing else.
    public var isTranslucent = true

    /// The bar's look as iOS 13 and later set it (`UINavigationBarAppearance`). A page's bar
    /// has one look, not one per scroll position or height: the standard appearance's, else
    /// the scroll-edge one's, else the compact one's — applied when set.
    public var standardAppearance = UINavigationBarAppearance() {
        didSet { applyAppearance() }
    }
    /// The look for a scroll edge: used when `standardAppearance` was left as it was made.
    public var scrollEdgeAppearance: UINavigationBarAppearance? {
        didSet { applyAppearance() }
    }
    /// The compact bar's look: used when neither the standard nor the scroll-edge look was configured.
    public var compactAppearance: UINavigationBarAppearance? {
        didSet { applyAppearance() }
    }
    /// The compact bar's look at a scroll edge: used when no other look was configured.
    public var compactScrollEdgeAppearance: UINavigationBarAppearance? {
        didSet { applyAppearance() }
    }

    private func applyAppearance() {
        let candidates = [standardAppearance, scrollEdgeAppearance, compactAppearance, compactScrollEdgeAppearance].compactMap { $0 }
        guard let look = candidates.first(where: \.isConfigured) else { return }
        UIKitAppearance.text(Self.title, look.largeTitleTextAttributes.isEmpty ? look.titleTextAttributes : look.largeTitleTextAttributes)
        UIKitAppearance.set(Self.bar, "background", look.backgroundCSS)
        UIKitAppearance.set(Self.title, "background", look.backgroundCSS)
        UIKitAppearance.set(Self.bar, "box-shadow", look.shadowCSS)
    }
}

/// A bar's look (iOS 13's `UIBarAppearance`): its background and the line under it.
@MainActor @preconcurrency
open class UIBarAppearance: NSObject {
    /// Apple's kinds of device. Not used by Jetway: `init(idiom:)` takes a `UIUserInterfaceIdiom`, and ignores it.
    public enum Idiom: Sendable {
        /// A phone, an iPad, a Mac, or not known. Nothing in Jetway takes these: they are names only.
        case phone, pad, mac, unspecified
    }
    /// The bar's background colour; it wins over `backgroundEffect`.
    open var backgroundColor: UIColor? { didSet { isConfigured = true } }
    /// The colour of the line under the bar: a 1-pixel inset `box-shadow` at the bar's bottom edge.
    open var shadowColor: UIColor? { didSet { isConfigured = true } }
    /// The bar's blur: drawn as the matching SwiftUI material's background (`systemChromeMaterial` is `.bar`).
    open var backgroundEffect: UIBlurEffect? { didSet { isConfigured = true } }
    /// Whether anything was set or configured: a fresh appearance changes nothing.
    var isConfigured = false
    private var transparent = false

    /// A look that changes nothing until something is set or configured.
    public override init() { super.init() }
    /// A look for the device kind `idiom` (ignored here): it changes nothing until something is set or configured.
    public init(idiom: UIUserInterfaceIdiom) { super.init() }
    /// A copy of `barAppearance`'s background, line and blur.
    public init(barAppearance: UIBarAppearance) {
        backgroundColor = barAppearance.backgroundColor
        shadowColor = barAppearance.shadowColor
        backgroundEffect = barAppearance.backgroundEffect
        isConfigured = barAppearance.isConfigured
        transparent = barAppearance.transparent
        super.init()
    }

    /// The system's bar material (SwiftUI's `.bar`) and no shadow colour: no line is drawn under a
    /// navigation bar, and the tab bar keeps its own top border.
    open func configureWithDefaultBackground() {
        (backgroundColor, shadowColor, backgroundEffect, transparent) = (nil, nil, UIBlurEffect(style: .systemChromeMaterial), false)
        isConfigured = true
    }
    /// The system background colour, opaque, and no shadow colour (no line is added, as with
    /// `configureWithDefaultBackground()`).
    open func configureWithOpaqueBackground() {
        (backgroundColor, shadowColor, backgroundEffect, transparent) = (.systemBackground, nil, nil, false)
        isConfigured = true
    }
    /// No background (`transparent`) and a clear shadow colour; the tab bar keeps its own top border.
    open func configureWithTransparentBackground() {
        (backgroundColor, shadowColor, backgroundEffect, transparent) = (nil, .clear, nil, true)
        isConfigured = true
    }

    var backgroundCSS: String? {
        if let backgroundColor { return backgroundColor.css }
        if transparent { return "transparent" }
        return backgroundEffect.map { $0.style.material.css }
    }
    var shadowCSS: String? { shadowColor.map { "inset 0 -1px 0 \($0.css)" } }
}

/// A navigation bar's look: its background, line and title attributes.
@MainActor @preconcurrency
open class UINavigationBarAppearance: UIBarAppearance {
    /// The title's attributes: used for the page's one title when `largeTitleTextAttributes` is empty.
    open var titleTextAttributes: [NSAttributedString.Key: Any] = [:] { didSet { isConfigured = true } }
    /// The large title's attributes: used for the page's one title when not empty.
    open var largeTitleTextAttributes: [NSAttributedString.Key: Any] = [:] { didSet { isConfigured = true } }
}

/// A tab bar's look: its background, line, and its items' colours.
@MainActor @preconcurrency
open class UITabBarAppearance: UIBarAppearance {
    /// The items' look in the tab bar: its selected and normal states' colours colour the page's tabs.
    open var stackedLayoutAppearance = UITabBarItemAppearance() { didSet { isConfigured = true } }
    /// The items' look in an inline layout: stored, not used, as the page's tab bar has one layout.
    open var inlineLayoutAppearance = UITabBarItemAppearance() { didSet { isConfigured = true } }
    /// The items' look in a compact inline layout: stored, not used, as the page's tab bar has one layout.
    open var compactInlineLayoutAppearance = UITabBarItemAppearance() { didSet { isConfigured = true } }
}

/// A tab bar item's look in each state.
@MainActor @preconcurrency
open class UITabBarItemAppearance: NSObject {
    /// The unselected tabs' look.
    public let normal = UITabBarItemStateAppearance()
    /// The selected tab's look.
    public let selected = UITabBarItemStateAppearance()
    /// A disabled tab's look: stored, not used here.
    public let disabled = UITabBarItemStateAppearance()
    /// A focused tab's look: stored, not used here.
    public let focused = UITabBarItemStateAppearance()
    /// A look with nothing set.
    public override init() { super.init() }
    /// A look for the layout `style` (ignored here), with nothing set.
    public init(style: Style) { super.init() }
    /// The tab bar's item layouts: stacked (icon above title), inline, compact inline.
    public enum Style: Sendable {
        /// Icon above title (`stacked`), icon beside title (`inline`), or the compact inline layout; `init(style:)`
        /// ignores them, as the page's tab bar has one layout.
        case stacked, inline, compactInline
    }
}

/// A tab bar item's icon and title in one state.
@MainActor @preconcurrency
open class UITabBarItemStateAppearance: NSObject {
    /// The tab's colour; when nil, the `foregroundColor` of `titleTextAttributes` is used.
    open var iconColor: UIColor?
    /// The tab's title attributes: only their `foregroundColor` is used (when `iconColor` is nil).
    open var titleTextAttributes: [NSAttributedString.Key: Any] = [:]
}

/// The tab bar's appearance.
@MainActor @preconcurrency
public final class UITabBar {
    private static let shared = UITabBar()
    /// The proxy whose settings style the app's tab bar.
    public static func appearance() -> UITabBar { shared }

    private static var bar: String { ".\(RuntimeContract.Class.tabbar)" }
    private static var link: String { ".\(RuntimeContract.Class.tabbar) .\(RuntimeContract.Class.tablink)" }

    /// The tab bar's background colour.
    public var backgroundColor: UIColor? {
        didSet { UIKitAppearance.set(Self.bar, "background", backgroundColor?.css) }
    }
    /// The bar's colour: sets `backgroundColor`.
    public var barTintColor: UIColor? {
        didSet { backgroundColor = barTintColor }
    }
    /// The selected tab's colour.
    public var tintColor: UIColor? {
        didSet { UIKitAppearance.set(Self.link + "[aria-selected=\"true\"]", "color", tintColor?.css) }
    }
    /// The colour of the tabs that are not selected.
    public var unselectedItemTintColor: UIColor? {
        didSet { UIKitAppearance.set(Self.link + ":not([aria-selected=\"true\"])", "color", unselectedItemTintColor?.css) }
    }
    /// Whether the bar is translucent: stored, with no effect (the page's stylesheet decides).
    public var isTranslucent = true
    /// Whether the bar hides what is behind it: the page's tab bar always does.
    public var isOpaque = true
    /// `.black`: a dark bar with light items, as UIKit draws it.
    public var barStyle: UIBarStyle = .default {
        didSet {
            let dark = barStyle == .black
            UIKitAppearance.set(Self.bar, "background", dark ? "#000" : backgroundColor?.css)
            UIKitAppearance.set(Self.link + ":not([aria-selected=\"true\"])", "color", dark ? "#8e8e93" : unselectedItemTintColor?.css)
        }
    }

    /// The bar's look as iOS 13 and later set it (`UITabBarAppearance`): one look on a page,
    /// the standard appearance's, else the scroll-edge one's — applied when set. The items'
    /// colours are the stacked layout's (the icon colour, else the title's).
    public var standardAppearance = UITabBarAppearance() {
        didSet { applyAppearance() }
    }
    /// The look used when `standardAppearance` was left as it was made.
    public var scrollEdgeAppearance: UITabBarAppearance? {
        didSet { applyAppearance() }
    }

    private func applyAppearance() {
        guard let look = [standardAppearance, scrollEdgeAppearance].compactMap({ $0 }).first(where: \.isConfigured) else { return }
        UIKitAppearance.set(Self.bar, "background", look.backgroundCSS)
        UIKitAppearance.set(Self.bar, "box-shadow", look.shadowCSS)
        func color(_ state: UITabBarItemStateAppearance) -> String? {
            (state.iconColor ?? state.titleTextAttributes[.foregroundColor] as? UIColor)?.css
        }
        let items = look.stackedLayoutAppearance
        UIKitAppearance.set(Self.link + "[aria-selected=\"true\"]", "color", color(items.selected))
        UIKitAppearance.set(Self.link + ":not([aria-selected=\"true\"])", "color", color(items.normal))
    }
}

/// A list's appearance (SwiftUI's `List` was a table view).
@MainActor @preconcurrency
public final class UITableView {
    /// Whether rows have a line between them: none, or a single line.
    public enum SeparatorStyle: Sendable {
        /// No separators: the rows' bottom borders are made transparent.
        case none
        /// A line under each row (the default), in `separatorColor` and between `separatorInset` when those are set.
        case singleLine
    }
    private static let shared = UITableView()
    /// The proxy whose settings style every `List` of the app.
    public static func appearance() -> UITableView { shared }

    /// The list's background colour.
    public var backgroundColor: UIColor? {
        didSet { UIKitAppearance.set(".\(StyleClass.list)", "background", backgroundColor?.css) }
    }
    /// `.none` hides the rows' separators; `.singleLine` draws them (the default).
    ///
    /// In an inset or grouped list the page's own separator rules win, so there this and `separatorColor` have no effect.
    public var separatorStyle: SeparatorStyle = .singleLine {
        didSet { drawSeparators() }
    }
    /// The separators' colour; nil for the page's separator colour.
    public var separatorColor: UIColor? {
        didSet { drawSeparators() }
    }
    /// Where a row's separator starts and ends (its left and right; the page's rows draw theirs
    /// across the row until this is set).
    public var separatorInset = UIEdgeInsets(top: 0, left: 15, bottom: 0, right: 0) {
        didSet {
            insetSet = true
            drawSeparators()
        }
    }
    private var insetSet = false

    /// The rows' separators as the three settings say: a bottom border across the row, or a
    /// line drawn between the insets in the border's place.
    private func drawSeparators() {
        let row = ".\(StyleClass.listRow)"
        let color = separatorColor?.css ?? "var(\(StyleVariable.separator))"
        let left = max(0, separatorInset.left), right = max(0, separatorInset.right)
        let inset = insetSet && separatorStyle != .none && (left > 0 || right > 0)
        let border: String? =
            separatorStyle == .none || inset ? "transparent" : separatorColor?.css
        UIKitAppearance.set(row, "border-bottom-color", border)
        UIKitAppearance.set(row, "background-image", inset ? "linear-gradient(\(color), \(color))" : nil)
        UIKitAppearance.set(row, "background-size", inset ? "calc(100% - \(css(left + right))px) 1px" : nil)
        UIKitAppearance.set(row, "background-position", inset ? "\(css(left))px 100%" : nil)
        UIKitAppearance.set(row, "background-origin", inset ? "border-box" : nil)
        UIKitAppearance.set(row, "background-repeat", inset ? "no-repeat" : nil)
    }

    private func css(_ value: CGFloat) -> String { String(Int(value.rounded())) }
}

/// A bar's colouring (`UITabBar.appearance().barStyle`).
public enum UIBarStyle: Int, Sendable {
    /// The default light bar, or a dark one.
    case `default`, black
    /// The older name of `.black`.
    public static let blackTranslucent = UIBarStyle.black
}

/// A paged `TabView`'s dots.
@MainActor @preconcurrency
public final class UIPageControl {
    private static let shared = UIPageControl()
    /// The proxy whose settings style every paged `TabView`'s dots.
    public static func appearance() -> UIPageControl { shared }

    private static var dot: String { ".\(StyleClass.tabviewPage) .\(RuntimeContract.Class.tablink)" }

    /// The current page's dot colour.
    public var currentPageIndicatorTintColor: UIColor? {
        didSet { UIKitAppearance.set(Self.dot + "[aria-selected=\"true\"]", "background", currentPageIndicatorTintColor?.css) }
    }
    /// The other pages' dot colour.
    public var pageIndicatorTintColor: UIColor? {
        didSet { UIKitAppearance.set(Self.dot + ":not([aria-selected=\"true\"])", "background", pageIndicatorTintColor?.css) }
    }
}

/// A segmented picker's appearance.
@MainActor @preconcurrency
public final class UISegmentedControl {
    /// The segment states that title attributes are set for: a segment, or the selected one.
    public enum State: Sendable {
        /// Every segment's title (the selected one's too, unless `selected` has attributes of its own).
        case normal
        /// The selected segment's title.
        case selected
    }
    private static let shared = UISegmentedControl()
    /// The proxy whose settings style every segmented `Picker` of the app.
    public static func appearance() -> UISegmentedControl { shared }

    private static var selected: String { ".\(StyleClass.segment)[aria-checked=\"true\"]" }

    /// The selected segment's background colour.
    public var selectedSegmentTintColor: UIColor? {
        didSet { UIKitAppearance.set(Self.selected, "background", selectedSegmentTintColor?.css) }
    }
    /// Styles the segments' titles in `state` (colour and font: size, weight, family); `.normal` styles every
    /// segment, the selected one too unless `.selected` is set.
    public func setTitleTextAttributes(_ attributes: [NSAttributedString.Key: Any]?, for state: State) {
        UIKitAppearance.text(state == .selected ? Self.selected : ".\(StyleClass.segment)", attributes)
    }
}
