// What an app says about its scenes beyond their windows. A page has no menu bar and no window
// of its own to size, so `.commands`, `.defaultSize`, `.windowStyle` and `.windowResizability`
// are accepted and change nothing (docs/swiftui.md says so); `.environment` and
// `.environmentObject` on a scene reach every window's views, as in SwiftUI.

/// Menu-bar commands (`CommandMenu`, `CommandGroup`): a page has no menu bar; they are
/// accepted and not shown.
public protocol Commands {}

@resultBuilder
public enum CommandsBuilder {
    public static func buildBlock(_ commands: any Commands...) -> some Commands { CommandList(items: commands) }
    public static func buildOptional(_ commands: (any Commands)?) -> some Commands { CommandList(items: commands.map { [$0] } ?? []) }
    public static func buildEither(first commands: any Commands) -> some Commands { CommandList(items: [commands]) }
    public static func buildEither(second commands: any Commands) -> some Commands { CommandList(items: [commands]) }
}

struct CommandList: Commands {
    let items: [any Commands]
}

public struct EmptyCommands: Commands { public init() {} }
public struct SidebarCommands: Commands { public init() {} }
public struct ToolbarCommands: Commands { public init() {} }
public struct TextEditingCommands: Commands { public init() {} }
public struct TextFormattingCommands: Commands { public init() {} }
public struct InspectorCommands: Commands { public init() {} }

/// A menu of its own in the menu bar.
public struct CommandMenu<Content: View>: Commands {
    public init(_ name: LocalizedStringKey, @ViewBuilder content: () -> Content) {}
    @_disfavoredOverload
    public init<S: StringProtocol>(_ name: S, @ViewBuilder content: () -> Content) {}
}

/// Items put in, before or after a standard menu's group.
public struct CommandGroup<Content: View>: Commands {
    public init(before group: CommandGroupPlacement, @ViewBuilder addition: () -> Content) {}
    public init(after group: CommandGroupPlacement, @ViewBuilder addition: () -> Content) {}
    public init(replacing group: CommandGroupPlacement, @ViewBuilder addition: () -> Content) {}
}

public struct CommandGroupPlacement: Sendable, Hashable {
    let name: String
    public static let appInfo = CommandGroupPlacement(name: "appInfo")
    public static let appSettings = CommandGroupPlacement(name: "appSettings")
    public static let systemServices = CommandGroupPlacement(name: "systemServices")
    public static let appVisibility = CommandGroupPlacement(name: "appVisibility")
    public static let appTermination = CommandGroupPlacement(name: "appTermination")
    public static let newItem = CommandGroupPlacement(name: "newItem")
    public static let saveItem = CommandGroupPlacement(name: "saveItem")
    public static let importExport = CommandGroupPlacement(name: "importExport")
    public static let printItem = CommandGroupPlacement(name: "printItem")
    public static let undoRedo = CommandGroupPlacement(name: "undoRedo")
    public static let pasteboard = CommandGroupPlacement(name: "pasteboard")
    public static let textEditing = CommandGroupPlacement(name: "textEditing")
    public static let textFormatting = CommandGroupPlacement(name: "textFormatting")
    public static let toolbar = CommandGroupPlacement(name: "toolbar")
    public static let sidebar = CommandGroupPlacement(name: "sidebar")
    public static let windowSize = CommandGroupPlacement(name: "windowSize")
    public static let windowArrangement = CommandGroupPlacement(name: "windowArrangement")
    public static let help = CommandGroupPlacement(name: "help")
}

/// How a window is drawn or resized: a page is the browser's window.
public protocol WindowStyle {}
public struct DefaultWindowStyle: WindowStyle { public init() {} }
public struct HiddenTitleBarWindowStyle: WindowStyle { public init() {} }
public struct TitleBarWindowStyle: WindowStyle { public init() {} }
public struct PlainWindowStyle: WindowStyle { public init() {} }
extension WindowStyle where Self == DefaultWindowStyle { public static var automatic: Self { Self() } }
extension WindowStyle where Self == HiddenTitleBarWindowStyle { public static var hiddenTitleBar: Self { Self() } }
extension WindowStyle where Self == TitleBarWindowStyle { public static var titleBar: Self { Self() } }
extension WindowStyle where Self == PlainWindowStyle { public static var plain: Self { Self() } }

public struct WindowResizability: Sendable, Hashable {
    let name: String
    public static let automatic = WindowResizability(name: "automatic")
    public static let contentSize = WindowResizability(name: "contentSize")
    public static let contentMinSize = WindowResizability(name: "contentMinSize")
}

/// A scene with something said about it: the windows are the scene's, their content changed
/// by `transform` (an environment value for every window's views), or unchanged.
public struct ModifiedScene<Content: Scene>: Scene, PrimitiveScene {
    let content: Content
    let transform: (@MainActor (AnyView) -> AnyView)?

    public var body: Never { fatalError("ModifiedScene is a primitive scene") }

    func windows(into windows: inout [SceneWindow]) {
        var inner: [SceneWindow] = []
        content.collectWindows(into: &inner)
        guard let transform else {
            windows += inner
            return
        }
        for window in inner {
            windows.append(
                SceneWindow(path: window.path, title: window.title) { visitor in
                    window.visit(TransformingVisitor(outer: visitor, transform: transform))
                })
        }
    }
}

/// Hands a window's content on with the scene's change applied.
@MainActor
private struct TransformingVisitor: SceneWindowVisitor {
    let outer: any SceneWindowVisitor
    let transform: @MainActor (AnyView) -> AnyView

    func visit<Content: View>(path: String, title: String?, content: @escaping @MainActor @Sendable () -> Content) {
        let transform = transform
        outer.visit(path: path, title: title) { transform(AnyView(content())) }
    }
}

extension Scene {
    /// Menu-bar commands: a page has no menu bar, so they are not shown.
    public func commands<C: Commands>(@CommandsBuilder content: () -> C) -> ModifiedScene<Self> {
        ModifiedScene(content: self, transform: nil)
    }

    /// A window's first size: the browser's window is the page's.
    public func defaultSize(width: CGFloat, height: CGFloat) -> ModifiedScene<Self> { ModifiedScene(content: self, transform: nil) }
    public func defaultSize(_ size: CGSize) -> ModifiedScene<Self> { ModifiedScene(content: self, transform: nil) }

    public func windowStyle<S: WindowStyle>(_ style: S) -> ModifiedScene<Self> { ModifiedScene(content: self, transform: nil) }
    public func windowResizability(_ resizability: WindowResizability) -> ModifiedScene<Self> {
        ModifiedScene(content: self, transform: nil)
    }

    /// An environment value for every window's views.
    public func environment<Value>(_ keyPath: WritableKeyPath<EnvironmentValues, Value>, _ value: Value) -> ModifiedScene<Self> {
        nonisolated(unsafe) let keyPath = keyPath
        nonisolated(unsafe) let value = value
        return ModifiedScene(content: self) { AnyView($0.environment(keyPath, value)) }
    }

    /// An `@Observable` model for every window's `@Environment(Model.self)`.
    public func environment<Object: AnyObject & Observable>(_ object: Object?) -> ModifiedScene<Self> {
        nonisolated(unsafe) let object = object
        return ModifiedScene(content: self) { AnyView($0.environment(object)) }
    }

    /// An `ObservableObject` for every window's `@EnvironmentObject`.
    public func environmentObject<Object: ObservableObject>(_ object: Object) -> ModifiedScene<Self> {
        nonisolated(unsafe) let object = object
        return ModifiedScene(content: self) { AnyView($0.environmentObject(object)) }
    }
}

extension Scene {
    /// What the app does when its phase changes (`.onChange(of: scenePhase) { old, new in … }`
    /// on a `WindowGroup`, with the app's `@Environment(\.scenePhase)`), as SwiftUI's app is
    /// active while any of its scenes is: here the app is `.active` while any visitor's page
    /// is shown and goes to `.background` once none is (every page hidden or closed). With
    /// `initial`, the action also runs when the first page opens.
    public func onChange(
        of value: ScenePhase, initial: Bool = false, _ action: @escaping @MainActor (_ oldValue: ScenePhase, _ newValue: ScenePhase) -> Void
    ) -> ModifiedScene<Self> {
        let tracker = AppPhaseTracker(initial: initial, action: action)
        return ModifiedScene(content: self) { AnyView(AppPhaseReporter(content: $0, tracker: tracker)) }
    }

    public func onChange(of value: ScenePhase, initial: Bool = false, _ action: @escaping @MainActor () -> Void) -> ModifiedScene<Self> {
        onChange(of: value, initial: initial) { _, _ in action() }
    }

    /// The older form: the new phase.
    public func onChange(of value: ScenePhase, perform action: @escaping @MainActor (_ newValue: ScenePhase) -> Void)
        -> ModifiedScene<Self>
    {
        onChange(of: value) { _, new in action(new) }
    }
}

/// The app's phase, from the phases of every page its windows show.
@MainActor
final class AppPhaseTracker {
    private let initial: Bool
    private let action: @MainActor (ScenePhase, ScenePhase) -> Void
    /// Pages shown now.
    private var shown = 0
    private var opened = false
    private(set) var phase = ScenePhase.background

    init(initial: Bool, action: @escaping @MainActor (ScenePhase, ScenePhase) -> Void) {
        self.initial = initial
        self.action = action
    }

    /// A page went from `old` to `new` (nil: not open).
    func pageChanged(from old: ScenePhase?, to new: ScenePhase?) {
        if old == .active { shown -= 1 }
        if new == .active { shown += 1 }
        let now: ScenePhase = shown > 0 ? .active : .background
        if !opened, new != nil {
            opened = true
            // The first page: `initial` runs the action with the phase it opens in.
            if initial {
                phase = now
                action(now, now)
                return
            }
        }
        guard now != phase else { return }
        let before = phase
        phase = now
        action(before, now)
    }
}

/// Tells the app's phase tracker what its page's phase is, from the page's opening to its end.
struct AppPhaseReporter: View {
    let content: AnyView
    let tracker: AppPhaseTracker
    @Environment(\.scenePhase) private var phase

    var body: some View {
        content
            .onAppear { tracker.pageChanged(from: nil, to: phase) }
            .onChange(of: phase) { old, new in tracker.pageChanged(from: old, to: new) }
            .onDisappear { tracker.pageChanged(from: phase, to: nil) }
    }
}
