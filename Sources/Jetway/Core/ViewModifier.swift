/// A reusable change to a view: SwiftUI's `ViewModifier`. Write `body(content:)`; apply it
/// with `.modifier(_:)`.
///
/// ```swift
/// struct Card: ViewModifier {
///     func body(content: Content) -> some View {
///         content.padding().background(.white).cornerRadius(8)
///     }
/// }
/// ```
@MainActor @preconcurrency
public protocol ViewModifier {
    /// The type of view `body(content:)` returns.
    associatedtype Body: View
    /// The view `body(content:)` is given: stands for the view the modifier is applied to.
    typealias Content = _ViewModifier_Content<Self>
    /// The modified view, made of `content`. Jetway evaluates it as a view of its own, with its own `@State`, when
    /// the modifier is first rendered and whenever its inputs or what it read change.
    @ViewBuilder func body(content: Content) -> Body

    /// Renders the modified content. Modifiers with a `body` keep the default (a view instance
    /// of their own, so they may hold state); Jetway's built-in modifiers replace it.
    static func _apply(_ modifier: Self, _ context: _RenderContext, _ out: inout [Node], _ content: @escaping _ContentRenderer)
}

/// Renders the content a modifier is applied to.
public typealias _ContentRenderer = @MainActor (_RenderContext, inout [Node]) -> Void

extension ViewModifier {
    /// Jetway's entry point for modifiers with a `body` (rendered as a composite view with an instance
    /// of its own, so its `@State` lasts); not for apps.
    public static func _apply(_ modifier: Self, _ context: _RenderContext, _ out: inout [Node], _ content: @escaping _ContentRenderer) {
        let view = _ModifierBodyView(modifier: modifier, content: _ViewModifier_Content(render: content))
        context.graph.renderComposite(view, context, &out)
    }
}

/// The content a `ViewModifier`'s body receives.
public struct _ViewModifier_Content<Modifier: ViewModifier>: _PrimitiveView {
    let render: _ContentRenderer
    /// Jetway's rendering entry point (renders the content the modifier was applied to); not for apps.
    public static func _render(_ view: Self, _ context: _RenderContext, _ out: inout [Node]) {
        view.render(context, &out)
    }
}

/// A modifier with a body, rendered as a composite view so its @State has an identity.
struct _ModifierBodyView<Modifier: ViewModifier>: View {
    let modifier: Modifier
    let content: _ViewModifier_Content<Modifier>
    var body: Modifier.Body { modifier.body(content: content) }
}

/// A built-in modifier that renders itself.
@MainActor @preconcurrency
public protocol _PrimitiveModifier: ViewModifier where Body == Never {}

extension _PrimitiveModifier {
    /// Never called: a built-in modifier is applied by Jetway, and calling this stops the process.
    public func body(content: Content) -> Never {
        preconditionFailure("\(Self.self) is applied by Jetway and has no body")
    }
}

/// A view with a modifier applied: what `.padding()`, `.font(_:)` and `.modifier(_:)` return.
public struct ModifiedContent<Content: View, Modifier: ViewModifier>: _PrimitiveView {
    /// The view the modifier is applied to (or, when used as a modifier, the inner modifier).
    public var content: Content
    /// The modifier applied to `content`.
    public var modifier: Modifier

    /// Creates a view that applies `modifier` to `content`.
    @inlinable public init(content: Content, modifier: Modifier) {
        self.content = content
        self.modifier = modifier
    }

    /// Jetway's rendering entry point; not for apps.
    @inlinable public static func _render(_ view: Self, _ context: _RenderContext, _ out: inout [Node]) {
        let content = view.content
        Modifier._apply(view.modifier, context, &out) { context, out in Content._render(content, context, &out) }
    }
}

extension ModifiedContent: ViewModifier where Content: ViewModifier {
    /// Never called: a chain of modifiers is applied by Jetway, and calling this stops the process.
    public func body(content: _ViewModifier_Content<Self>) -> Never {
        preconditionFailure("ModifiedContent of modifiers is applied by Jetway and has no body")
    }

    /// Jetway's entry point for a chain of modifiers (the inner one is applied first, then `modifier`
    /// around it); not for apps.
    @inlinable public static func _apply(
        _ modifier: Self, _ context: _RenderContext, _ out: inout [Node], _ content: @escaping _ContentRenderer
    ) {
        let inner = modifier.content
        let outer = modifier.modifier
        Modifier._apply(outer, context, &out) { context, out in Content._apply(inner, context, &out, content) }
    }
}

extension View {
    /// Applies a modifier to this view.
    @inlinable public func modifier<Modifier: ViewModifier>(_ modifier: Modifier) -> ModifiedContent<Self, Modifier> {
        ModifiedContent(content: self, modifier: modifier)
    }
}

extension ViewModifier {
    /// Chains two modifiers into one.
    @inlinable public func concat<Other: ViewModifier>(_ other: Other) -> ModifiedContent<Self, Other> {
        ModifiedContent(content: self, modifier: other)
    }
}

/// A built-in modifier that changes each element its content renders (copying elements that
/// belong to a cached view instead of mutating them).
@MainActor
protocol NodeModifier: _PrimitiveModifier {
    func modify(_ node: Node, _ context: _RenderContext) -> Node
}

extension NodeModifier {
    /// Jetway's entry point for a built-in modifier that changes each element its content renders; not
    /// for apps.
    public static func _apply(_ modifier: Self, _ context: _RenderContext, _ out: inout [Node], _ content: @escaping _ContentRenderer) {
        let start = out.count
        content(context, &out)
        // Read only when a node is replaced: most applications replace none, and a read is a
        // dependency noted on the owner.
        var offsets: RowOffsets??
        for index in start..<out.count {
            // A lazy list's gap stands for rows; what is asked of the rows is not asked of it.
            if out[index].hasClass(RuntimeContract.Class.lazyGap) { continue }
            let node = out[index].isFrozen ? out[index].copy() : out[index]
            let modified = modifier.modify(node, context)
            if modified !== out[index] {
                if offsets == nil { offsets = .some(context.environment.rowOffsets) }
                offsets??.replaced(out[index], by: modified)
            }
            out[index] = modified
        }
    }
}
