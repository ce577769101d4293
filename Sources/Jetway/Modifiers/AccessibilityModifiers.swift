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
        modifier(
            TextAttributeModifier(text: value) { node, value in
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

    /// The value from a literal (`"\(done) of \(total)"`, with formats and specifiers).
    public func accessibilityValue(_ key: LocalizedStringKey) -> some View {
        accessibilityValue(Text(key))
    }

    /// The value as a string: `aria-valuetext` on a slider, progress bar or other range, and the
    /// element's `aria-description` elsewhere (ARIA has no value for other roles).
    @_disfavoredOverload
    public func accessibilityValue<S: StringProtocol>(_ value: S) -> some View {
        accessibilityValue(Text(verbatim: String(value)))
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
    /// `increment`: up or right; `decrement`: down or left.
    case increment, decrement
}

/// How a view's children are read by assistive technology (`.accessibilityElement(children:)`).
public struct AccessibilityChildBehavior: Sendable, Hashable {
    enum Kind: Sendable, Hashable { case ignore, combine, contain }
    let kind: Kind
    /// One element (`role="img"` unless it has a role) named by its texts unless it has a label; the
    /// children are not read on their own.
    public static let ignore = AccessibilityChildBehavior(kind: .ignore)
    /// One group (`role="group"` unless it has a role) named by its children's texts, unless it has a label.
    public static let combine = AccessibilityChildBehavior(kind: .combine)
    /// A group (`role="group"` unless it has a role) whose children are read on their own.
    public static let contain = AccessibilityChildBehavior(kind: .contain)
}

/// What a view is and what state it is in, for assistive technology; written as ARIA roles and
/// states. Traits with no ARIA counterpart are accepted and add nothing.
public struct AccessibilityTraits: OptionSet, Sendable, Hashable {
    /// The traits' bits.
    public let rawValue: Int
    /// Creates traits from their bits.
    public init(rawValue: Int) { self.rawValue = rawValue }

    /// A button: `role="button"`, reachable with Tab.
    public static let isButton = AccessibilityTraits(rawValue: 1 << 0)
    /// A heading: `role="heading"` at level 2.
    public static let isHeader = AccessibilityTraits(rawValue: 1 << 1)
    /// Selected: `aria-selected` on a tab, `aria-current` elsewhere.
    public static let isSelected = AccessibilityTraits(rawValue: 1 << 2)
    /// A link: `role="link"`.
    public static let isLink = AccessibilityTraits(rawValue: 1 << 3)
    /// A search field: `role="searchbox"`.
    public static let isSearchField = AccessibilityTraits(rawValue: 1 << 4)
    /// An image: `role="img"`.
    public static let isImage = AccessibilityTraits(rawValue: 1 << 5)
    /// Plays its own sound when activated. Accepted; adds nothing in a browser.
    public static let playsSound = AccessibilityTraits(rawValue: 1 << 6)
    /// A key of a keyboard. Accepted; adds nothing in a browser.
    public static let isKeyboardKey = AccessibilityTraits(rawValue: 1 << 7)
    /// Text that does not change. Accepted; adds nothing in a browser.
    public static let isStaticText = AccessibilityTraits(rawValue: 1 << 8)
    /// A summary of the screen: `role="status"` unless it has a role.
    public static let isSummaryElement = AccessibilityTraits(rawValue: 1 << 9)
    /// Changes often: `aria-live="polite"`, so changes are read when the reader is idle.
    public static let updatesFrequently = AccessibilityTraits(rawValue: 1 << 10)
    /// Starts playing media when activated. Accepted; adds nothing in a browser.
    public static let startsMediaSession = AccessibilityTraits(rawValue: 1 << 11)
    /// Takes touches directly (a drawing surface). Accepted; adds nothing in a browser.
    public static let allowsDirectInteraction = AccessibilityTraits(rawValue: 1 << 12)
    /// Turns the page when read to its end. Accepted; adds nothing in a browser.
    public static let causesPageTurn = AccessibilityTraits(rawValue: 1 << 13)
    /// Modal: `aria-modal="true"`.
    public static let isModal = AccessibilityTraits(rawValue: 1 << 14)
    /// A switch: `role="switch"`.
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

/// The level of a heading (`.accessibilityHeading(_:)`), written as `aria-level`.
public enum AccessibilityHeadingLevel: Sendable, Hashable {
    /// `h1` to `h6`: levels 1 to 6; `unspecified`: level 2.
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
    /// The hint from a `Text`, as `accessibilityHint(_:)` with a string.
    public func accessibilityHint(_ hint: Text) -> some View {
        modifier(TextAttributeModifier(text: hint) { node, value in node.setAttribute("title", value) })
    }

    /// The older spelling of `accessibilityLabel(_:)`.
    public func accessibility(label: Text) -> some View { accessibilityLabel(label) }
    /// The older spelling of `accessibilityHint(_:)`.
    public func accessibility(hint: Text) -> some View { accessibilityHint(hint) }
    /// The older spelling of `accessibilityValue(_:)`.
    public func accessibility(value: Text) -> some View { accessibilityValue(value) }
    /// The older spelling of `accessibilityHidden(_:)`.
    public func accessibility(hidden: Bool) -> some View { accessibilityHidden(hidden) }
    /// The older spelling of `accessibilityIdentifier(_:)`.
    public func accessibility(identifier: String) -> some View { accessibilityIdentifier(identifier) }
    /// The older spelling of `accessibilityAddTraits(_:)`.
    public func accessibility(addTraits traits: AccessibilityTraits) -> some View { accessibilityAddTraits(traits) }
    /// The older spelling of `accessibilityRemoveTraits(_:)`.
    public func accessibility(removeTraits traits: AccessibilityTraits) -> some View { accessibilityRemoveTraits(traits) }
    /// The older spelling of `accessibilitySortPriority(_:)`, which changes nothing in a browser.
    public func accessibility(sortPriority: Double) -> some View { accessibilitySortPriority(sortPriority) }
}
