/// A part of an app's interface, as SwiftUI's scenes are: on the web each window scene is a page
/// at a path of its own (`WindowGroup` at `/`, `Settings` at `/settings`).
@MainActor @preconcurrency
public protocol Scene {
    associatedtype Body: Scene
    @SceneBuilder var body: Body { get }
}

extension Never: Scene {}

/// Builds an app's scenes, as `@ViewBuilder` builds views.
@resultBuilder @MainActor
public enum SceneBuilder {
    public static func buildExpression<S: Scene>(_ scene: S) -> S { scene }
    public static func buildBlock<S: Scene>(_ scene: S) -> S { scene }
    public static func buildBlock<each S: Scene>(_ scene: repeat each S) -> TupleScene<repeat each S> {
        TupleScene(repeat each scene)
    }
    public static func buildOptional<S: Scene>(_ scene: S?) -> OptionalScene<S> { OptionalScene(scene: scene) }
    public static func buildEither<First: Scene, Second: Scene>(first: First) -> EitherScene<First, Second> {
        EitherScene(first: first, second: nil)
    }
    public static func buildEither<First: Scene, Second: Scene>(second: Second) -> EitherScene<First, Second> {
        EitherScene(first: nil, second: second)
    }
}

/// The windows an app's scenes make: each a page at a path, with a title.
public struct SceneWindow {
    public let path: String
    public let title: String?
    /// Calls `visitor` with the window's content, typed (so pages of the same content share a
    /// rendering).
    let accept: @MainActor (any SceneWindowVisitor) -> Void

    @MainActor public func visit(_ visitor: any SceneWindowVisitor) { accept(visitor) }
}

/// What takes a window's content with its type (the server makes a route of it).
@MainActor
public protocol SceneWindowVisitor {
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
    public var body: Never { fatalError("\(Self.self) is a primitive scene") }
}

public struct TupleScene<each S: Scene>: Scene, PrimitiveScene {
    let scenes: (repeat each S)
    init(_ scene: repeat each S) { scenes = (repeat each scene) }
    public typealias Body = Never

    func windows(into windows: inout [SceneWindow]) {
        for scene in repeat each scenes { scene.collectWindows(into: &windows) }
    }
}

public struct OptionalScene<S: Scene>: Scene, PrimitiveScene {
    let scene: S?
    public typealias Body = Never
    func windows(into windows: inout [SceneWindow]) { scene?.collectWindows(into: &windows) }
}

public struct EitherScene<First: Scene, Second: Scene>: Scene, PrimitiveScene {
    let first: First?
    let second: Second?
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
    public typealias Body = Never

    public init(@ViewBuilder content: @escaping @MainActor @Sendable () -> Content) {
        self.title = nil
        self.id = nil
        self.content = content
    }

    public init(id: String, @ViewBuilder content: @escaping @MainActor @Sendable () -> Content) {
        self.title = nil
        self.id = id
        self.content = content
    }

    public init<S: StringProtocol>(_ title: S, id: String? = nil, @ViewBuilder content: @escaping @MainActor @Sendable () -> Content) {
        self.title = String(title)
        self.id = id
        self.content = content
    }

    public init(_ title: Text, id: String? = nil, @ViewBuilder content: @escaping @MainActor @Sendable () -> Content) {
        self.title = title.string
        self.id = id
        self.content = content
    }

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
    public typealias Body = Never

    public init(@ViewBuilder content: @escaping @MainActor @Sendable () -> Content) {
        self.content = content
    }

    func windows(into windows: inout [SceneWindow]) {
        let content = self.content
        windows.append(
            SceneWindow(path: "/settings", title: "Settings") { $0.visit(path: "/settings", title: "Settings", content: content) })
    }
}
