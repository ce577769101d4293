import Foundation

// iOS 17's scroll targets: `.scrollTargetBehavior(.viewAligned)` with `.scrollTargetLayout()` on
// the stack inside, or `.scrollTargetBehavior(.paging)` — a carousel that comes to rest on a
// card, or a page — as CSS scroll snapping: the browser snaps, with no round trip.

/// Where a scroll view comes to rest.
public protocol ScrollTargetBehavior: Sendable {
    /// The CSS class that makes the browser snap the scroll view this way (Jetway's plumbing; not for apps).
    var _snapClass: String { get }
}

/// Rests with a view of the scroll target layout at its leading edge.
public struct ViewAlignedScrollTargetBehavior: ScrollTargetBehavior {
    /// How many views one scroll may pass in SwiftUI. Accepted so SwiftUI code compiles; the browser's
    /// snapping decides, so Jetway ignores it.
    public enum LimitBehavior: Sendable {
        /// SwiftUI's limits on how many views one scroll may pass; all ignored, as the browser's scroll snapping
        /// decides.
        case automatic, always, never, alwaysByFew, alwaysByOne
    }
    /// Creates the view-aligned behavior; `limitBehavior` is ignored.
    public init(limitBehavior: LimitBehavior = .automatic) {}
    /// Jetway's plumbing (the CSS class that makes the browser snap); not for apps.
    public var _snapClass: String { StyleClass.snapAligned }
}

/// Rests on whole pages, each the scroll view's size.
public struct PagingScrollTargetBehavior: ScrollTargetBehavior {
    /// Creates the paging behavior.
    public init() {}
    /// Jetway's plumbing (the CSS class that makes the browser snap); not for apps.
    public var _snapClass: String { StyleClass.snapPaging }
}

extension ScrollTargetBehavior where Self == ViewAlignedScrollTargetBehavior {
    /// Rests with a view of the `.scrollTargetLayout()` at the scroll view's leading edge.
    public static var viewAligned: ViewAlignedScrollTargetBehavior { ViewAlignedScrollTargetBehavior() }
    /// The same as `.viewAligned`: `limitBehavior` is ignored.
    public static func viewAligned(limitBehavior: ViewAlignedScrollTargetBehavior.LimitBehavior) -> ViewAlignedScrollTargetBehavior {
        ViewAlignedScrollTargetBehavior(limitBehavior: limitBehavior)
    }
}

extension ScrollTargetBehavior where Self == PagingScrollTargetBehavior {
    /// Rests on whole pages, each the scroll view's size.
    public static var paging: PagingScrollTargetBehavior { PagingScrollTargetBehavior() }
}

extension View {
    /// Where the scroll view comes to rest after the user scrolls (on a view of its
    /// `.scrollTargetLayout()`, or a page).
    public func scrollTargetBehavior(_ behavior: some ScrollTargetBehavior) -> some View {
        let name = behavior._snapClass
        return modifier(StyleModifier { node in node.addClass(name) })
    }

    /// Makes this stack's views the places a `.viewAligned` scroll view rests on.
    public func scrollTargetLayout(isEnabled: Bool = true) -> some View {
        modifier(StyleModifier { node in if isEnabled { node.addClass(StyleClass.snapTargets) } })
    }
}
