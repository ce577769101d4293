import Foundation
import Jetway

extension JetwayApp {
    /// The app an `App`'s scenes make: a route per window (`WindowGroup` at `/`, `Settings` at
    /// `/settings`), titled by the first window's title, else the app's name.
    @MainActor
    public init<A: App>(_ app: A, name: String = String(describing: A.self)) {
        self.init(title: name, windows: app.body.windows)
    }

    /// The app of an `App`'s windows: a route per window, titled by the first window's title, else `title`.
    @MainActor
    public init(title: String, windows: [SceneWindow]) {
        let routes = WindowRoutes()
        for window in windows { window.visit(routes) }
        self.init(title: windows.first?.title ?? title, routes: routes.routes)
    }
}

/// Makes a route of each window, with its content's own type (pages of the same content share
/// a rendering).
@MainActor
private final class WindowRoutes: SceneWindowVisitor {
    var routes: [Route] = []

    func visit<Content: View>(path: String, title: String?, content: @escaping @MainActor @Sendable () -> Content) {
        routes.append(Route(path) { _ in content() })
    }
}
