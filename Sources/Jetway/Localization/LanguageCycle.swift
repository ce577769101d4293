import Foundation

/// Its content in several languages in turn, as an airport's screens show it: each language for
/// `period`, all of them rendered once (and again only when what they show changes), the
/// browser switching between them on the server's clock — no message and no render per switch,
/// and every screen showing the same language at the same moment.
///
/// ```swift
/// LanguageCycle(["en", "es", "de", "ar"], every: .seconds(8)) {
///     GateBoard(gate: "A1")
/// }
/// ```
///
/// Each language's copy has its `\.locale` (texts from the app's String Catalog, dates), its
/// `\.layoutDirection` (Arabic from the right), and its own state. The copies are stacked in one
/// place, the largest setting the size, so the screen does not jump as the language changes;
/// only the one shown is visible to assistive technology. A Jetway view: SwiftUI has no such
/// screen. Tags that are not languages are left out; with none left, the content is shown as is.
public struct LanguageCycle<Content: View>: _PrimitiveView {
    let languages: [String]
    let period: Duration
    let content: Content

    /// Shows `content` in each of `languages` (BCP 47 tags) for `period` (at least a second).
    public init(_ languages: [String], every period: Duration = .seconds(10), @ViewBuilder content: () -> Content) {
        self.languages = languages.filter(LanguageChoice.isLanguageTag)
        self.period = min(max(period, .seconds(1)), .seconds(86_400))
        self.content = content()
    }

    /// Jetway's rendering entry point; not for apps.
    public static func _render(_ view: Self, _ context: _RenderContext, _ out: inout [Node]) {
        guard !view.languages.isEmpty else {
            Content._render(view.content, context, &out)
            return
        }
        let milliseconds = Int(view.period.components.seconds) * 1000 + Int(view.period.components.attoseconds / 1_000_000_000_000_000)
        let cycle = context.element("div", StyleClass.languageCycle)
        cycle.setAttribute(RuntimeContract.Attribute.languageCycle, String(milliseconds))
        let inside = context.insideElement()
        var copies: [Node] = []
        for (index, language) in view.languages.enumerated() {
            let holder = inside.structural(2 * index).element("div", StyleClass.languageCycleItem)
            let direction = LayoutDirection.of(language: language)
            holder.setAttribute("lang", language)
            holder.setAttribute("dir", direction == .rightToLeft ? "rtl" : "ltr")
            var copy = inside.structural(2 * index + 1)
            copy.writeEnvironment {
                $0.locale = Locale(identifier: LanguageTag.localeIdentifier(of: language))
                $0.layoutDirection = direction
            }
            var parts: [Node] = []
            Content._render(view.content, copy, &parts)
            holder.children = parts
            holder.takeFills(from: parts)
            copies.append(holder)
        }
        cycle.children = copies
        cycle.takeFills(from: copies)
        out.append(cycle)
    }
}
