/// A piece of user interface, described as a value: SwiftUI's `View`.
///
/// A view either composes others in `body` or is one of Jetway's primitives, which render
/// straight to HTML nodes. The server re-evaluates `body` when state the view read changes.
///
/// ```swift
/// struct Greeting: View {
///     var name: String
///     var body: some View { Text("Hello, \(name)!") }
/// }
/// ```
@MainActor @preconcurrency
public protocol View {
    /// The type of view `body` returns; `Never` for Jetway's primitives, which have no body.
    associatedtype Body: View
    /// The view's content. Jetway evaluates it when the view is first rendered and again when its inputs, the
    /// state it holds or the environment values and observed objects it read change; then it renders the result.
    @ViewBuilder var body: Body { get }

    /// Renders `view` into nodes. Composite views keep the default, which evaluates `body` with
    /// identity, state and dependency tracking; Jetway's primitives replace it.
    static func _render(_ view: Self, _ context: _RenderContext, _ out: inout [Node])
}

extension View {
    /// Jetway's rendering entry point for composite views (evaluates `body` with identity, state and
    /// dependency tracking); not for apps.
    public static func _render(_ view: Self, _ context: _RenderContext, _ out: inout [Node]) {
        context.graph.renderComposite(view, context, &out)
    }
}

/// A view Jetway renders itself; it has no `body`.
@MainActor @preconcurrency
public protocol _PrimitiveView: View where Body == Never {}

extension _PrimitiveView {
    /// Never called: a primitive view has no body, and reading this stops the process.
    public var body: Never {
        preconditionFailure("\(Self.self) is rendered by Jetway and has no body")
    }
}

extension Never: View {
    /// `Never` is a view so that primitive views can name it as their `Body`.
    public typealias Body = Never
    /// Never called: `Never` has no values, and reading this stops the process.
    public var body: Never {
        preconditionFailure("Never has no body")
    }
    /// Jetway's rendering entry point (renders nothing); not for apps.
    public static func _render(_ view: Never, _ context: _RenderContext, _ out: inout [Node]) {}
}
