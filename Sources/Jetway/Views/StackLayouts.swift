import Foundation

// Stacks as values (`HStackLayout`, `VStackLayout`, `ZStackLayout`) and `AnyLayout`, which
// switches between them: `let layout = compact ? AnyLayout(VStackLayout()) : AnyLayout(HStackLayout())`
// then `layout { … }`. The views inside keep their identity and state when the layout changes,
// as in SwiftUI. An app's own `Layout` (with `sizeThatFits` and `placeSubviews`) is not
// supported yet: the browser lays the page out.

/// A layout a container can use (Jetway's stacks; not an app's own layout yet).
public protocol Layout: Sendable {
    /// The stack this layout is.
    var _stack: StackLayoutKind { get }
}

/// Which stack a layout is, with its alignment and spacing.
public enum StackLayoutKind: Sendable, Equatable {
    /// A row (`HStack`) with its vertical alignment and spacing.
    case horizontal(VerticalAlignment, CGFloat?)
    /// A column (`VStack`) with its horizontal alignment and spacing.
    case vertical(HorizontalAlignment, CGFloat?)
    /// Views on top of each other (`ZStack`) with their alignment.
    case overlay(Alignment)
}

extension Layout {
    /// The views in `content`, laid out by this layout.
    @MainActor
    public func callAsFunction<V: View>(@ViewBuilder _ content: () -> V) -> some View {
        _StackLayoutView(kind: _stack, content: content())
    }
}

/// An `HStack` as a layout value.
public struct HStackLayout: Layout {
    /// How the views are aligned vertically.
    public var alignment: VerticalAlignment
    /// Points between the views (the default spacing when nil).
    public var spacing: CGFloat?
    /// A row layout with `alignment` and `spacing`.
    public init(alignment: VerticalAlignment = .center, spacing: CGFloat? = nil) {
        self.alignment = alignment
        self.spacing = spacing
    }
    /// A row with this alignment and spacing; Jetway's hook, not for apps.
    public var _stack: StackLayoutKind { .horizontal(alignment, spacing) }
}

/// A `VStack` as a layout value.
public struct VStackLayout: Layout {
    /// How the views are aligned horizontally.
    public var alignment: HorizontalAlignment
    /// Points between the views (the default spacing when nil).
    public var spacing: CGFloat?
    /// A column layout with `alignment` and `spacing`.
    public init(alignment: HorizontalAlignment = .center, spacing: CGFloat? = nil) {
        self.alignment = alignment
        self.spacing = spacing
    }
    /// A column with this alignment and spacing; Jetway's hook, not for apps.
    public var _stack: StackLayoutKind { .vertical(alignment, spacing) }
}

/// A `ZStack` as a layout value.
public struct ZStackLayout: Layout {
    /// How the views are aligned in the stack.
    public var alignment: Alignment
    /// An overlay layout with `alignment`.
    public init(alignment: Alignment = .center) { self.alignment = alignment }
    /// An overlay with this alignment; Jetway's hook, not for apps.
    public var _stack: StackLayoutKind { .overlay(alignment) }
}

/// Any of the layouts, chosen at run time; the views inside keep their state when it changes.
public struct AnyLayout: Layout {
    /// The stack `layout` is; Jetway's hook, not for apps.
    public let _stack: StackLayoutKind
    /// The layout `layout` is, type-erased.
    public init<L: Layout>(_ layout: L) { _stack = layout._stack }
}

/// A stack of the kind a layout value says, its children at the same place whichever it is.
struct _StackLayoutView<Content: View>: _PrimitiveView {
    let kind: StackLayoutKind
    let content: Content

    static func _render(_ view: Self, _ context: _RenderContext, _ out: inout [Node]) {
        let content = view.content
        switch view.kind {
        case .horizontal(let alignment, let spacing):
            HStack._render(HStack(alignment: alignment, spacing: spacing) { content }, context, &out)
        case .vertical(let alignment, let spacing):
            VStack._render(VStack(alignment: alignment, spacing: spacing) { content }, context, &out)
        case .overlay(let alignment):
            ZStack._render(ZStack(alignment: alignment) { content }, context, &out)
        }
    }
}
