// Accessibility as SwiftUI says it, as ARIA says it in the page: a view's children read as one
// element or not at all, traits as roles and states, values and headings.

extension View {
    /// How a view's children are read: `.combine` as one element (a group named by its texts),
    /// `.ignore` as one element without them (name it with `.accessibilityLabel`), `.contain`
    /// as a group of their own.
    public func accessibilityElement(children: AccessibilityChildBehavior = .ignore) -> some View {
        modifier(
            StyleModifier { node in
                switch children.kind {
                case .combine:
                    node.setAttribute("role", node.attribute("role") ?? "group")
                    if node.attribute("aria-label") == nil { node.setAttribute("aria-label", Self.spoken(node)) }
                case .ignore:
                    node.setAttribute("role", node.attribute("role") ?? "img")
                    if node.attribute("aria-label") == nil { node.setAttribute("aria-label", Self.spoken(node)) }
                case .contain:
                    node.setAttribute("role", node.attribute("role") ?? "group")
                }
            })
    }

    /// The texts inside, in order, separated as a screen reader would pause.
    private static func spoken(_ node: Node) -> String {
        if let text = node.text { return text }
        return node.children.map(spoken).filter { !$0.isEmpty }.joined(separator: ", ")
    }

    /// Adds traits: a button, a header, a link, selected, an image…
    public func accessibilityAddTraits(_ traits: AccessibilityTraits) -> some View {
        modifier(StyleModifier { node in traits.apply(to: node) })
    }

    /// Takes traits away (`.isImage` from a decorative picture: nothing to read).
    public func accessibilityRemoveTraits(_ traits: AccessibilityTraits) -> some View {
        modifier(
            StyleModifier { node in
                if traits.contains(.isImage) && node.attribute("role") == "img" { node.setAttribute("role", "presentation") }
                if traits.contains(.isButton) && node.attribute("role") == "button" { node.removeAttribute("role") }
            })
    }

    /// Makes the view adjustable (a rating, a stepper of the app's own): a slider to assistive
    /// technology, and the arrow keys on it call `handler` — up and right to increment, down
    /// and left to decrement, as a screen reader's swipes do on iOS.
    public func accessibilityAdjustableAction(_ handler: @escaping @MainActor (AccessibilityAdjustmentDirection) -> Void) -> some View {
        onKeyPress(keys: [.upArrow, .rightArrow, .downArrow, .leftArrow]) { press in
            handler(press.key == .upArrow || press.key == .rightArrow ? .increment : .decrement)
            return .handled
        }
        .modifier(
            StyleModifier { node in
                node.setAttribute("role", "slider")
                if node.attribute("tabindex") == nil { node.setAttribute("tabindex", "0") }
                // A value given inside (before the role) is the slider's value text.
                if let value = node.attribute("aria-description"), node.attribute("aria-valuetext") == nil {
                    node.removeAttribute("aria-description")
                    node.setAttribute("aria-valuetext", value)
                }
            })
    }

    /// The view's value, read after its name (a rating's "4 of 5").
    public func accessibilityValue(_ value: Text) -> some View {
        accessibilityValue(value.string)
    }

    /// The value from a literal (`"\(done) of \(total)"`, with formats and specifiers).
    public func accessibilityValue(_ key: LocalizedStringKey) -> some View {
        accessibilityValue(Text(key).string)
    }

    @_disfavoredOverload
    public func accessibilityValue<S: StringProtocol>(_ value: S) -> some View {
        let value = String(value)
        return modifier(
            StyleModifier { node in
                // `aria-valuetext` on the range roles; elsewhere ARIA has no value, so it is the description.
                if ["slider", "progressbar", "spinbutton", "meter", "scrollbar"].contains(node.attribute("role") ?? "")
                    || node.tag == "progress" || node.attribute("type") == "range"
                {
                    node.setAttribute("aria-valuetext", value)
                } else {
                    node.setAttribute("aria-description", value)
                }
            })
    }

    /// A heading of a level (`.h1` … `.h6`): what screen readers jump between.
    public func accessibilityHeading(_ level: AccessibilityHeadingLevel) -> some View {
        modifier(
            StyleModifier { node in
                node.setAttribute("role", "heading")
                node.setAttribute("aria-level", String(level.level))
            })
    }

    /// Where the view comes when read in order (higher first): the browser reads in the page's
    /// order, which this does not change.
    public func accessibilitySortPriority(_ sortPriority: Double) -> some View {
        self
    }
}

/// Which way an adjustable view is moved.
public enum AccessibilityAdjustmentDirection: Sendable, Hashable {
    case increment, decrement
}

public struct AccessibilityChildBehavior: Sendable, Hashable {
    enum Kind: Sendable, Hashable { case ignore, combine, contain }
    let kind: Kind
    public static let ignore = AccessibilityChildBehavior(kind: .ignore)
    public static let combine = AccessibilityChildBehavior(kind: .combine)
    public static let contain = AccessibilityChildBehavior(kind: .contain)
}

public struct AccessibilityTraits: OptionSet, Sendable, Hashable {
    public let rawValue: Int
    public init(rawValue: Int) { self.rawValue = rawValue }

    public static let isButton = AccessibilityTraits(rawValue: 1 << 0)
    public static let isHeader = AccessibilityTraits(rawValue: 1 << 1)
    public static let isSelected = AccessibilityTraits(rawValue: 1 << 2)
    public static let isLink = AccessibilityTraits(rawValue: 1 << 3)
    public static let isSearchField = AccessibilityTraits(rawValue: 1 << 4)
    public static let isImage = AccessibilityTraits(rawValue: 1 << 5)
    public static let playsSound = AccessibilityTraits(rawValue: 1 << 6)
    public static let isKeyboardKey = AccessibilityTraits(rawValue: 1 << 7)
    public static let isStaticText = AccessibilityTraits(rawValue: 1 << 8)
    public static let isSummaryElement = AccessibilityTraits(rawValue: 1 << 9)
    public static let updatesFrequently = AccessibilityTraits(rawValue: 1 << 10)
    public static let startsMediaSession = AccessibilityTraits(rawValue: 1 << 11)
    public static let allowsDirectInteraction = AccessibilityTraits(rawValue: 1 << 12)
    public static let causesPageTurn = AccessibilityTraits(rawValue: 1 << 13)
    public static let isModal = AccessibilityTraits(rawValue: 1 << 14)
    public static let isToggle = AccessibilityTraits(rawValue: 1 << 15)

    func apply(to node: Node) {
        if contains(.isButton) {
            node.setAttribute("role", "button")
            if node.attribute("tabindex") == nil { node.setAttribute("tabindex", "0") }
        }
        if contains(.isLink) { node.setAttribute("role", "link") }
        if contains(.isImage) { node.setAttribute("role", "img") }
        if contains(.isSearchField) { node.setAttribute("role", "searchbox") }
        if contains(.isToggle) { node.setAttribute("role", "switch") }
        if contains(.isHeader) {
            node.setAttribute("role", "heading")
            node.setAttribute("aria-level", "2")
        }
        if contains(.isSelected) { node.setAttribute(node.attribute("role") == "tab" ? "aria-selected" : "aria-current", "true") }
        if contains(.updatesFrequently) { node.setAttribute("aria-live", "polite") }
        if contains(.isModal) { node.setAttribute("aria-modal", "true") }
        if contains(.isSummaryElement) { node.setAttribute("role", node.attribute("role") ?? "status") }
    }
}

public enum AccessibilityHeadingLevel: Sendable, Hashable {
    case unspecified, h1, h2, h3, h4, h5, h6

    var level: Int {
        switch self {
        case .unspecified, .h2: return 2
        case .h1: return 1
        case .h3: return 3
        case .h4: return 4
        case .h5: return 5
        case .h6: return 6
        }
    }
}

// The older spelling, `.accessibility(label:)` and its siblings, as apps written for iOS 13
// still carry them: each is its `accessibility…` modifier.
extension View {
    public func accessibilityHint(_ hint: Text) -> some View { accessibilityHint(hint.string) }

    public func accessibility(label: Text) -> some View { accessibilityLabel(label) }
    public func accessibility(hint: Text) -> some View { accessibilityHint(hint) }
    public func accessibility(value: Text) -> some View { accessibilityValue(value) }
    public func accessibility(hidden: Bool) -> some View { accessibilityHidden(hidden) }
    public func accessibility(identifier: String) -> some View { accessibilityIdentifier(identifier) }
    public func accessibility(addTraits traits: AccessibilityTraits) -> some View { accessibilityAddTraits(traits) }
    public func accessibility(removeTraits traits: AccessibilityTraits) -> some View { accessibilityRemoveTraits(traits) }
    public func accessibility(sortPriority: Double) -> some View { accessibilitySortPriority(sortPriority) }
}
