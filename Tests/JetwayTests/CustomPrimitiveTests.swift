import Jetway
import JetwayTesting
import Testing

/// A primitive written outside the Jetway module with its public building API: an element, its
/// children, a handler, per-identity storage and an environment value for the views inside.
private final class TapCounter {
    var renders = 0
}

private struct Badge<Label: View>: _PrimitiveView {
    let count: Int
    let onTap: @MainActor () -> Void
    let label: Label

    init(count: Int, onTap: @escaping @MainActor () -> Void, @ViewBuilder label: () -> Label) {
        self.count = count
        self.onTap = onTap
        self.label = label()
    }

    static func _render(_ view: Self, _ context: _RenderContext, _ out: inout [Node]) {
        let storage = context.persistent(TapCounter.self) { TapCounter() }
        storage.renders += 1
        let node = context.element("span", "badge")
        node.setAttribute("data-count", String(view.count))
        node.setAttribute("data-renders", String(storage.renders))
        let onTap = view.onTap
        node.on(.click) { _ in onTap() }
        var inside = context
        inside.writeEnvironment { $0.isEnabled = view.count < 3 }
        inside.renderChildren(view.label, into: node)
        out.append(node)
    }
}

private struct BadgePage: View {
    @State private var count = 0
    var body: some View {
        VStack {
            Badge(count: count, onTap: { count += 1 }) { Text("Tapped \(count)") }
            Text("Count \(count)")
        }
    }
}

@MainActor
struct CustomPrimitiveTests {
    @Test func aPrimitiveFromOutsideTheModuleRendersHandlesAndKeepsStorage() throws {
        let host = ViewHost(BadgePage())
        #expect(host.html.contains("class=\"badge\"") && host.html.contains("data-count=\"0\""))
        let badge = try #require(host.dom.root.descendants.first { $0.attribute("class") == "badge" })
        let id = try #require(NodeID(badge.attribute("data-j") ?? ""))
        try host.graph.dispatch(id, .click)
        try host.update()
        #expect(host.text.contains("Count 1") && host.text.contains("Tapped 1"))
        // The same storage across renders, kept for the same place.
        #expect(host.html.contains("data-renders=\"2\""))
        #expect(throws: JetwayError.self) { try EventPayload.text("x").bool() }
    }
}
