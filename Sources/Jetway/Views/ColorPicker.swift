import Foundation

/// A colour well: the browser's colour chooser (`<input type="color">`) bound to a `Color`.
/// The binding changes when the user has chosen (the well's `change`). The browser chooses
/// opaque sRGB colours: `supportsOpacity` is accepted and ignored, and a chosen colour replaces
/// the binding's opacity with 1. A named colour (`.blue`) shows as its light-mode value until one
/// is chosen.
///
/// ```swift
/// ColorPicker("Highlight", selection: $highlight)
/// ColorPicker(selection: $tint) { Label("Tint", systemImage: "paintpalette") }
/// ```
public struct ColorPicker<Label: View>: _PrimitiveView {
    let selection: Binding<Color>
    let label: Label

    /// A colour well bound to `selection`, after `label` in a `<label>`; the label's text is the well's
    /// `aria-label`. Disabled in a disabled environment. `supportsOpacity` is ignored (see above).
    public init(selection: Binding<Color>, supportsOpacity: Bool = true, @ViewBuilder label: () -> Label) {
        self.selection = selection
        self.label = label()
    }

    /// Jetway's rendering entry point; not for apps.
    public static func _render(_ view: Self, _ context: _RenderContext, _ out: inout [Node]) {
        let node = context.element("label", StyleClass.colorPicker)
        let inside = context.insideElement()
        var children: [Node] = []
        Label._render(view.label, inside.structural(0), &children)
        let input = inside.structural(1).element("input")
        input.setAttribute("type", "color")
        input.setAttribute("value", context.track { view.selection.wrappedValue }.hex)
        if let title = children.first?.textContent, !title.isEmpty { input.setAttribute("aria-label", title) }
        if context.environment.isEnabled {
            let binding = view.selection
            input.addHandler(
                EventBinding(event: .change) { payload in
                    guard let color = Color(hex: try payload.text()) else {
                        throw JetwayError.wrongPayload(expected: "a colour as #rrggbb", got: "other text")
                    }
                    binding.wrappedValue = color
                })
        } else {
            input.setAttribute("disabled", "")
        }
        children.append(input)
        node.children = children
        out.append(node)
    }
}

extension ColorPicker where Label == Text {
    /// A colour well titled with a localized string key.
    public init(_ titleKey: LocalizedStringKey, selection: Binding<Color>, supportsOpacity: Bool = true) {
        self.init(selection: selection, supportsOpacity: supportsOpacity) { Text(titleKey) }
    }

    /// A colour well titled with a string, shown as written.
    @_disfavoredOverload
    public init<S: StringProtocol>(_ title: S, selection: Binding<Color>, supportsOpacity: Bool = true) {
        self.init(selection: selection, supportsOpacity: supportsOpacity) { Text(title) }
    }
}

extension ColorPicker where Label == EmptyView {
    /// A colour well with no title (and so no `aria-label`).
    public init(selection: Binding<Color>, supportsOpacity: Bool = true) {
        self.init(selection: selection, supportsOpacity: supportsOpacity) { EmptyView() }
    }
}

extension Color {
    /// An opaque colour from `#rrggbb` (what `<input type="color">` sends); nil for anything else.
    nonisolated init?(hex: String) {
        let digits = hex.utf8.dropFirst()
        guard hex.utf8.first == UInt8(ascii: "#"), digits.count == 6, let value = Int(String(hex.dropFirst()), radix: 16) else {
            return nil
        }
        self.init(red: Double(value >> 16 & 255) / 255, green: Double(value >> 8 & 255) / 255, blue: Double(value & 255) / 255)
    }

    /// `#rrggbb` for a colour well: the colour's own channels when it was made from them, the
    /// theme's light-mode value of a named colour, black when neither is known.
    nonisolated var hex: String {
        if let rgb = css.wholeMatch(of: /rgb\((\d+) (\d+) (\d+) \/ [0-9.]+\)/) {
            let channels = [rgb.output.1, rgb.output.2, rgb.output.3].map { Int($0) ?? 0 }
            return "#" + channels.map { ($0 < 16 ? "0" : "") + String($0, radix: 16) }.joined()
        }
        if css.hasPrefix("#"), css.count == 7 { return css.lowercased() }
        // `#f00` (UIKit's `.red`, `.darkGray`…): each digit doubled.
        if css.hasPrefix("#"), css.count == 4, css.dropFirst().allSatisfy(\.isHexDigit) {
            return "#" + css.dropFirst().lowercased().map { "\($0)\($0)" }.joined()
        }
        return Self.namedHex[css] ?? "#000000"
    }

    /// The light-mode values of the named colours in `jetway.css`.
    nonisolated private static let namedHex: [String: String] = [
        Color.red.css: "#ff3b30", Color.orange.css: "#ff9500", Color.yellow.css: "#ffcc00", Color.green.css: "#34c759",
        Color.mint.css: "#00c7be", Color.teal.css: "#30b0c7", Color.cyan.css: "#32ade6", Color.blue.css: "#007aff",
        Color.indigo.css: "#5856d6", Color.purple.css: "#af52de", Color.pink.css: "#ff2d55", Color.brown.css: "#a2845e",
        Color.gray.css: "#8e8e93", Color.primary.css: "#1c1c1e", Color.secondary.css: "#6c6c70", Color.accentColor.css: "#007aff",
    ]
}
