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

    public static let identity = ContentTransition(name: "")
    public static let opacity = ContentTransition(name: "opacity")
    public static let interpolate = ContentTransition(name: "opacity")

    /// Digits that roll: up when `countsDown` is false (the default when the value is not
    /// given: the browser compares the numbers).
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
