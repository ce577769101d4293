/// A part of an app's interface, as SwiftUI's scenes are: on the web each window scene is a page
/// at a path of its own (`WindowGroup` at `/`, `Settings` at `/settings`).
@MainActor @preconcurrency
public protocol Scene {
    /// The type of scene `body` returns; `Never` for Jetway's own scenes (`WindowGroup`, `Settings`).
    associatedtype Body: Scene
    /// The scenes this scene is made of; Jetway reads it when the app starts, to collect its windows.
    @SceneBuilder var body: Body { get }
}

extension Never: Scene {}

/// Builds an app's scenes, as `@ViewBuilder` builds views.
@resultBuilder @MainActor
public enum SceneBuilder {
    /// A scene as it is written.
    public static func buildExpression<S: Scene>(_ scene: S) -> S { scene }
    /// One scene, as it is.
    public static func buildBlock<S: Scene>(_ scene: S) -> S { scene }
    /// Several scenes, each making its windows in order.
    public static func buildBlock<each S: Scene>(_ scene: repeat each S) -> TupleScene<repeat each S> {
        TupleScene(repeat each scene)
    }
    /// A scene under an `if`: its windows when the condition held as the app's body was built.
    public static func buildOptional<S: Scene>(_ scene: S?) -> OptionalScene<S> { OptionalScene(scene: scene) }
    /// The `if` branch of an `if`/`else`.
    public static func buildEither<First: Scene, Second: Scene>(first: First) -> EitherScene<First, Second> {
        EitherScene(first: first, second: nil)
    }
    /// The `else` branch of an `if`/`else`.
    public static func buildEither<First: Scene, Second: Scene>(second: Second) -> EitherScene<First, Second> {
        EitherScene(first: nil, second: second)
    }
}

/// The windows an app's scenes make: each a page at a path, with a title.
public struct SceneWindow {
    /// The page's path (`/`, `/settings`).
    public let path: String
    /// The page's title, if the scene has one.
    public let title: String?
    /// Calls `visitor` with the window's content, typed (so pages of the same content share a
    /// rendering).
    let accept: @MainActor (any SceneWindowVisitor) -> Void

    /// Hands `visitor` the window's path, title and content, with the content's type.
    @MainActor public func visit(_ visitor: any SceneWindowVisitor) { accept(visitor) }
}

/// What takes a window's content with its type (the server makes a route of it).
@MainActor
public protocol SceneWindowVisitor {
    /// Takes one window: its page's `path`, its `title`, and `content`, which makes the page's root view (the
    /// server calls it for each page it opens at `path`).
    func visit<Content: View>(path: String, title: String?, content: @escaping @MainActor @Sendable () -> Content)
}

/// A scene Jetway knows how to put on the web.
@MainActor
protocol PrimitiveScene {
    func windows(into windows: inout [SceneWindow])
}

extension Scene {
    /// The windows this scene and the scenes in it make, in order.
    @MainActor public var windows: [SceneWindow] {
        var windows: [SceneWindow] = []
        collectWindows(into: &windows)
        return windows
    }

    @MainActor func collectWindows(into windows: inout [SceneWindow]) {
        if let primitive = self as? PrimitiveScene {
            primitive.windows(into: &windows)
        } else if Body.self != Never.self {
            body.collectWindows(into: &windows)
        }
    }
}

extension Scene where Body == Never {
    /// Never called: a primitive scene has no body, and calling this stops the program.
    public var body: Never { fatalError("\(Self.self) is a primitive scene") }
}

/// Several scenes in a row, as `SceneBuilder` makes them.
public struct TupleScene<each S: Scene>: Scene, PrimitiveScene {
    let scenes: (repeat each S)
    init(_ scene: repeat each S) { scenes = (repeat each scene) }
    /// None: the scenes' windows are collected directly.
    public typealias Body = Never

    func windows(into windows: inout [SceneWindow]) {
        for scene in repeat each scenes { scene.collectWindows(into: &windows) }
    }
}

/// A scene that may be absent, as `SceneBuilder` makes it from an `if`.
public struct OptionalScene<S: Scene>: Scene, PrimitiveScene {
    let scene: S?
    /// None: the scene's windows are collected directly.
    public typealias Body = Never
    func windows(into windows: inout [SceneWindow]) { scene?.collectWindows(into: &windows) }
}

/// One of two scenes, as `SceneBuilder` makes it from an `if`/`else`.
public struct EitherScene<First: Scene, Second: Scene>: Scene, PrimitiveScene {
    let first: First?
    let second: Second?
    /// None: the scenes' windows are collected directly.
    public typealias Body = Never
    func windows(into windows: inout [SceneWindow]) {
        first?.collectWindows(into: &windows)
        second?.collectWindows(into: &windows)
    }
}

/// The app's main window: on the web, the page at `/`. Its title is the page's title.
public struct WindowGroup<Content: View>: Scene, PrimitiveScene {
    let title: String?
    let id: String?
    let content: @MainActor @Sendable () -> Content
    /// None: the window is a page Jetway serves.
    public typealias Body = Never

    /// A window of `content`, with no title: the page at `/`, or at `/window<n>` when it is not the
    /// app's first window group.
    public init(@ViewBuilder content: @escaping @MainActor @Sendable () -> Content) {
        self.title = nil
        self.id = nil
        self.content = content
    }

    /// A window of `content`, with no title; when it is not the app's first window group, its page
    /// is at `/<id>`.
    public init(id: String, @ViewBuilder content: @escaping @MainActor @Sendable () -> Content) {
        self.title = nil
        self.id = id
        self.content = content
    }

    /// A window of `content` titled `title`; when it is not the app's first window group, its page
    /// is at `/<id>` (with no `id`, `/window<n>`).
    public init<S: StringProtocol>(_ title: S, id: String? = nil, @ViewBuilder content: @escaping @MainActor @Sendable () -> Content) {
        self.title = String(title)
        self.id = id
        self.content = content
    }

    /// A window of `content` titled with `title`'s text; its `id` as in `init(_:id:content:)`.
    public init(_ title: Text, id: String? = nil, @ViewBuilder content: @escaping @MainActor @Sendable () -> Content) {
        self.title = title.string
        self.id = id
        self.content = content
    }

    /// A window of `content` titled with `titleKey`'s text; its `id` as in `init(_:id:content:)`.
    public init(_ titleKey: LocalizedStringKey, id: String? = nil, @ViewBuilder content: @escaping @MainActor @Sendable () -> Content) {
        self.title = Text(titleKey).string
        self.id = id
        self.content = content
    }

    func windows(into windows: inout [SceneWindow]) {
        // The first window group is the page at `/`; another is at its id (`/<id>`).
        let path = windows.contains { $0.path == "/" } ? "/" + (id ?? "window\(windows.count)") : "/"
        let (title, content) = (self.title, self.content)
        windows.append(SceneWindow(path: path, title: title) { $0.visit(path: path, title: title, content: content) })
    }
}

/// An app's settings: on the web, the page at `/settings`.
public struct Settings<Content: View>: Scene, PrimitiveScene {
    let content: @MainActor @Sendable () -> Content
    /// None: the window is a page Jetway serves.
    public typealias Body = Never

    /// The settings page, `/settings`, titled "Settings", showing `content`.
    public init(@ViewBuilder content: @escaping @MainActor @Sendable () -> Content) {
        self.content = content
    }

    func windows(into windows: inout [SceneWindow]) {
        let content = self.content
        windows.append(
            SceneWindow(path: "/settings", title: "Settings") { $0.visit(path: "/settings", title: "Settings", content: content) })
    }
}
