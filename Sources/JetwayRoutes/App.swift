import Foundation
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
    /// The app's name: each page's title ends with it (after the screen's navigation title).
    public var title: String
    /// The pages, matched in order: the first route whose pattern matches a path shows it.
    public var routes: [Route]
    /// HTTP endpoints beside the pages (JSON APIs, form posts), matched before the routes.
    public var handlers: [Handler]
    /// Extra stylesheets under `/assets/` (the app's own theme), after `jetway.css`.
    public var stylesheets: [String]
    /// Extra scripts under `/assets/`, after the runtime (`jetway-page.js`), in order: the widgets the app's
    /// `HTMLElementRepresentable`s show and their `Jetway.widgets.define` adapters.
    public var scripts: [String]
    /// The app's own components for the catalogue at `/_jetway/library` (development mode),
    /// as SwiftUI's `LibraryContentProvider`s add them to Xcode's library.
    public var library: @MainActor @Sendable () -> [any LibraryContentProvider]
    /// The app's time zone: an airport's, not the server's. The server makes it the process's, so
    /// that `.formatted()`, `DateFormatter` and `Calendar.current` format in it, as on a device in
    /// that zone; a page shows it until its browser has said its own (the environment's
    /// `timeZone` is the visitor's, as on their device: a view that must show the airport's
    /// sets `.environment(\.timeZone, …)`). UTC unless set.
    public var timeZone: TimeZone?

    /// An app of `routes` (and `handlers` beside them), with the app's own stylesheets and scripts under `/assets/`, its time zone and its components for the development library.
    public init(
        title: String, stylesheets: [String] = [], scripts: [String] = [], routes: [Route], handlers: [Handler] = [],
        timeZone: TimeZone? = nil, library: @escaping @MainActor @Sendable () -> [any LibraryContentProvider] = { [] }
    ) {
        self.title = title
        self.timeZone = timeZone
        self.scripts = scripts
        self.routes = routes
        self.handlers = handlers
        self.stylesheets = stylesheets
        self.library = library
    }

    /// The same app with the component catalogue at `/_jetway/library` (every built-in
    /// component and the app's own, live), every system image at `/_jetway/symbols`, and every
    /// preview of the app at `/_jetway/previews` (`#Preview`s and `PreviewProvider`s, found by themselves).
    package func withLibrary() -> JetwayApp {
        var app = self
        let library = self.library
        app.routes.insert(Route("/_jetway/library") { _ in LibraryCatalogue(providers: [BuiltInLibrary()] + library()) }, at: 0)
        app.routes.insert(Route("/_jetway/symbols") { _ in SystemImageCatalogue() }, at: 0)
        app.routes.insert(Route("/_jetway/previews") { match in PreviewCatalogue(selected: match.query["preview"]) }, at: 0)
        return app
    }

    /// The first route that matches `path`, with its parameters and the query.
    package func match(path: String, query: String) -> (Route, RouteMatch)? {
        for route in routes {
            if let parameters = route.pattern.match(path) {
                return (route, RouteMatch(path: path, parameters: parameters, query: RouteMatch.parseQuery(query)))
            }
        }
        return nil
    }

    /// What answers `method` on `path`: a handler (with its parameters), a page, or nothing —
    /// and, when nothing does, the methods that would (for `Allow`).
    package func resolve(_ method: HTTPMethod, _ path: String) -> Resolution {
        var allowed: Set<HTTPMethod> = []
        for handler in handlers {
            guard let parameters = handler.pattern.match(path) else { continue }
            if handler.method == method || (method == .head && handler.method == .get) {
                return .handler(handler, parameters)
            }
            allowed.insert(handler.method)
            if handler.method == .get { allowed.insert(.head) }
        }
        if routes.contains(where: { $0.pattern.match(path) != nil }) {
            if method == .get || method == .head { return .page }
            allowed.formUnion([.get, .head])
        }
        return allowed.isEmpty ? .notFound : .methodNotAllowed(HTTPMethod.allCases.filter(allowed.contains))
    }

    package enum Resolution {
        case handler(Handler, [String: String])
        case page
        case methodNotAllowed([HTTPMethod])
        case notFound
    }
}

/// A path pattern (`/`, `/flights/:id`) and the view it shows.
public struct Route: Sendable {
    /// The paths it matches (`/flights/:id`).
    public let pattern: PathPattern
    package let makeView: @MainActor @Sendable (RouteMatch) -> RootView
    /// Whether the browser keeps the page as it last showed it, to show when the server cannot
    /// be reached, even after the browser restarts (a wall screen's power cut): marked as not
    /// live, with the time of its last update, until the server answers again. The copy is kept by
    /// URL for whoever uses the browser next: only for pages that show no one's own data.
    public let availableOffline: Bool

    /// A route; `availableOffline: true` for a page that must never show an error (a kiosk).
    public init<V: View>(
        _ pattern: String, availableOffline: Bool = false, _ view: @escaping @MainActor @Sendable (RouteMatch) -> V
    ) {
        self.pattern = PathPattern(pattern)
        self.availableOffline = availableOffline
        self.makeView = { RootView(view($0)) }
    }
}

/// The view a route built for one request, and what tells whether another request built the
/// same one (see `ViewGraph.isSameRoot`): sessions whose views
/// are the same share one rendering while they stay pristine (see `RenderGroup`).
@MainActor
package struct RootView {
    package let view: AnyView
    private let value: Any
    private let matches: @MainActor (Any) -> Bool

    package init<V: View>(_ value: V) {
        self.view = AnyView(value)
        self.value = value
        self.matches = { other in (other as? V).map { ViewGraph.isSameRoot(value, $0) } ?? false }
    }

    package func isSame(as other: RootView) -> Bool { matches(other.value) }
}

/// What a route matched: the path, its `:parameters` and the query.
public struct RouteMatch: Sendable, Equatable {
    /// The path, percent-decoded once.
    public let path: String
    /// The pattern's `:parameters` (`id` in `/flights/:id`).
    public let parameters: [String: String]
    /// The query's values by name, percent-decoded (the last of a repeated name).
    public let query: [String: String]

    package static func parseQuery(_ query: String) -> [String: String] {
        var result: [String: String] = [:]
        for pair in query.split(separator: "&") {
            let parts = pair.split(separator: "=", maxSplits: 1)
            guard let key = parts.first else { continue }
            result[percentDecoded(key)] = parts.count > 1 ? percentDecoded(parts[1]) : ""
        }
        return result
    }

    /// A query component decoded: `+` is a space, `%XX` a byte, anything else itself; bytes that
    /// are not UTF-8 become U+FFFD. (Foundation's `removingPercentEncoding` drops a leading
    /// U+FEFF and gives up on a stray `%`: found by FuzzTests.)
    package static func percentDecoded(_ text: Substring) -> String {
        var bytes: [UInt8] = []
        bytes.reserveCapacity(text.utf8.count)
        let utf8 = Array(text.utf8)
        var index = 0
        while index < utf8.count {
            let byte = utf8[index]
            if byte == UInt8(ascii: "+") {
                bytes.append(UInt8(ascii: " "))
            } else if byte == UInt8(ascii: "%"), index + 2 < utf8.count, let high = hexValue(utf8[index + 1]),
                let low = hexValue(utf8[index + 2])
            {
                bytes.append(high << 4 | low)
                index += 3
                continue
            } else {
                bytes.append(byte)
            }
            index += 1
        }
        return String(decoding: bytes, as: UTF8.self)
    }

    private static func hexValue(_ byte: UInt8) -> UInt8? {
        switch byte {
        case UInt8(ascii: "0")...UInt8(ascii: "9"): byte - UInt8(ascii: "0")
        case UInt8(ascii: "a")...UInt8(ascii: "f"): byte - UInt8(ascii: "a") + 10
        case UInt8(ascii: "A")...UInt8(ascii: "F"): byte - UInt8(ascii: "A") + 10
        default: nil
        }
    }
}
