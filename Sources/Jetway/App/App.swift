/// An app, as SwiftUI's: `@main struct Departures: App { var body: some Scene { WindowGroup {
/// ContentView() } } }` is served by Jetway's server when it runs (`swift run`): each window
/// scene is a page (`WindowGroup` at `/`, `Settings` at `/settings`), on the address and port
/// the environment gives (`JETWAY_HOST`, `JETWAY_PORT`, see `ServerConfiguration.fromEnvironment`).
///
/// The app value is made once per process, so state it holds (`@StateObject`, a model passed
/// down with `.environmentObject`) is shared by every visitor, as it is by every window of a
/// SwiftUI app; state of each visitor's own belongs in the views (`@State`).
@MainActor @preconcurrency
public protocol App {
    /// The type of scene `body` returns.
    associatedtype Body: Scene
    /// The app's scenes. Jetway reads it once, when `main()` starts the server, and makes a page of each window, so
    /// a condition in it is decided at launch.
    @SceneBuilder var body: Body { get }
    /// Makes the app; `main()` calls it once per process, so every visitor shares the value and what it holds.
    init()
}

extension App {
    /// Serves the app until the process is stopped (`@main` calls it).
    @MainActor public static func main() {
        guard let serve = AppLaunch.serve else {
            fatalError("\(Self.self): link the Jetway product (it brings JetwayServer, which serves an App)")
        }
        AppLaunch.appModule = String(reflecting: Self.self).split(separator: ".").first.map(String.init)
        let app = Self()
        serve(String(describing: Self.self), app.body.windows)
    }
}

/// How an `App` is served: set by JetwayServer when it is linked (the core does no I/O).
public enum AppLaunch {
    /// Serves the windows under the app's name; never returns.
    nonisolated(unsafe) public static var serve: (@MainActor (_ name: String, _ windows: [SceneWindow]) -> Never)?
    /// The module of the app's `@main` type, once it runs: where the app's classes are found
    /// by name (Core Data's entity classes).
    nonisolated(unsafe) public static var appModule: String?
}
