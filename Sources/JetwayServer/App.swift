import Jetway

/// An app: its title and the view for each route.
///
/// ```swift
/// let app = JetwayApp(title: "Mountain Airport", routes: [
///     Route("/") { _ in FlightBoard() },
///     Route("/flights/:id") { match in FlightDetail(id: match.parameters["id"] ?? "") },
/// ])
/// ```
public struct JetwayApp: Sendable {
    public var title: String
    public var routes: [Route]
    /// Extra stylesheets under `/assets/` (the app's own theme), after `jetway.css`.
    public var stylesheets: [String]

    public init(title: String, stylesheets: [String] = [], routes: [Route]) {
        self.title = title
        self.routes = routes
        self.stylesheets = stylesheets
    }

    /// The first route that matches `path`, with its parameters and the query.
    func match(path: String, query: String) -> (Route, RouteMatch)? {
        for route in routes {
            if let parameters = route.match(path) {
                return (route, RouteMatch(path: path, parameters: parameters, query: RouteMatch.parseQuery(query)))
            }
        }
        return nil
    }
}

/// A path pattern (`/`, `/flights/:id`) and the view it shows.
public struct Route: Sendable {
    public let pattern: String
    private let segments: [Substring]
    let makeView: @MainActor @Sendable (RouteMatch) -> RootView

    public init<V: View>(_ pattern: String, _ view: @escaping @MainActor @Sendable (RouteMatch) -> V) {
        self.pattern = pattern
        self.segments = pattern.split(separator: "/")
        self.makeView = { RootView(view($0)) }
    }

    func match(_ path: String) -> [String: String]? {
        let parts = path.split(separator: "/")
        guard parts.count == segments.count else { return nil }
        var parameters: [String: String] = [:]
        for (segment, part) in zip(segments, parts) {
            if segment.hasPrefix(":") {
                parameters[String(segment.dropFirst())] = String(part).removingPercentEncoding ?? String(part)
            } else if segment != part {
                return nil
            }
        }
        return parameters
    }
}

/// The view a route built for one request, and what tells whether another request built the
/// same one (see `ViewGraph.isSameRoot`): sessions whose views
/// are the same share one rendering while they stay pristine (see `RenderGroup`).
@MainActor
struct RootView {
    let view: AnyView
    private let value: Any
    private let matches: @MainActor (Any) -> Bool

    init<V: View>(_ value: V) {
        self.view = AnyView(value)
        self.value = value
        self.matches = { other in (other as? V).map { ViewGraph.isSameRoot(value, $0) } ?? false }
    }

    func isSame(as other: RootView) -> Bool { matches(other.value) }
}

/// What a route matched: the path, its `:parameters` and the query.
public struct RouteMatch: Sendable, Equatable {
    public let path: String
    public let parameters: [String: String]
    public let query: [String: String]

    static func parseQuery(_ query: String) -> [String: String] {
        var result: [String: String] = [:]
        for pair in query.split(separator: "&") {
            let parts = pair.split(separator: "=", maxSplits: 1)
            guard let key = parts.first else { continue }
            let decode = { (text: Substring) in text.replacingOccurrences(of: "+", with: " ").removingPercentEncoding ?? String(text) }
            result[decode(key)] = parts.count > 1 ? decode(parts[1]) : ""
        }
        return result
    }
}
