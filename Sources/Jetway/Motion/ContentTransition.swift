import JetwayWire

/// How a view's content changes in an animation: numbers roll (`.numericText()`, up as the
/// value grows, or as `countsDown` says), or the old content fades into the new (`.opacity`,
/// `.interpolate`); `.identity` changes it at once. The browser plays it when the text changes
/// in an animated patch (`withAnimation`, `.animation(_:value:)`), on the element of the view
/// the modifier is on and the texts inside it.
///
/// ```swift
/// Text(elapsed, format: .number)
///     .contentTransition(.numericText())
/// ```
public struct ContentTransition: Hashable, Sendable {
    let name: String

    /// No content transition: the new content replaces the old at once (the modifier removes the attribute).
    public static let identity = ContentTransition(name: "")
    /// The old content fades into the new.
    public static let opacity = ContentTransition(name: "opacity")
    /// A cross fade here, as `opacity`: a browser does not morph one text's glyphs into another's.
    public static let interpolate = ContentTransition(name: "opacity")

    /// Digits that roll: up, or down when `countsDown` is true (to roll with the value, use
    /// `numericText(value:)`, for which the browser compares the old number with the new).
    public static func numericText(countsDown: Bool = false) -> ContentTransition {
        ContentTransition(name: countsDown ? "numeric down" : "numeric up")
    }

    /// Digits that roll up as `value` grows, down as it shrinks.
    public static func numericText(value: Double) -> ContentTransition { ContentTransition(name: "numeric") }

    /// A symbol's change (`Image(systemName:)`): a cross fade here.
    public static let symbolEffect = ContentTransition(name: "opacity")
}

extension View {
    /// How the text inside changes in an animation.
    public func contentTransition(_ transition: ContentTransition) -> some View {
        let name = transition.name
        return modifier(
            StyleModifier { node in
                if name.isEmpty {
                    node.removeAttribute(RuntimeContract.Attribute.contentTransition)
                } else {
                    node.setAttribute(RuntimeContract.Attribute.contentTransition, name)
                }
            })
    }
}
