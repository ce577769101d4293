import Jetway
import JetwayTesting

/// The first-paint HTML of a view.
@MainActor
func render<V: View>(_ view: V) -> String {
    ViewGraph(view).render().html
}

/// The first-paint HTML of a view with the `data-j` ids left out, for readable expectations.
@MainActor
func markup<V: View>(_ view: V) -> String {
    stripIDs(render(view))
}

func stripIDs(_ html: String) -> String {
    html.replacingOccurrences(of: #" data-j="[0-9a-z]+""#, with: "", options: .regularExpression)
}

/// The markup inside the root element.
@MainActor
func inner<V: View>(_ view: V) -> String {
    let html = markup(view)
    let prefix = "<div class=\"jw-root\">"
    guard html.hasPrefix(prefix), html.hasSuffix("</div>") else { return html }
    return String(html.dropFirst(prefix.count).dropLast(6))
}

/// Counts body evaluations by name.
@MainActor
final class EvaluationLog {
    var counts: [String: Int] = [:]
    func hit(_ name: String) { counts[name, default: 0] += 1 }
    subscript(_ name: String) -> Int { counts[name, default: 0] }
}

/// How many elements the ops move (a move op places a run of them).
func movedElements(_ ops: [PatchOp]) -> Int {
    ops.reduce(0) { total, op in if case .move(let ids, _, _) = op { total + ids.count } else { total } }
}
