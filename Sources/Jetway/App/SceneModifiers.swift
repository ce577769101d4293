// What an app says about its scenes beyond their windows. A page has no menu bar and no window
// of its own to size, so `.commands`, `.defaultSize`, `.windowStyle` and `.windowResizability`
// are accepted and change nothing (docs/swiftui.md says so); `.environment` and
// `.environmentObject` on a scene reach every window's views, as in SwiftUI.

/// Menu-bar commands (`CommandMenu`, `CommandGroup`): a page has no menu bar; they are
/// accepted and not shown.
public protocol Commands {}

/// Builds the content of `.commands { … }`: the commands are collected and never shown.
@resultBuilder
public enum CommandsBuilder {
    /// Several commands, in order.
    public static func buildBlock(_ commands: any Commands...) -> some Commands { CommandList(items: commands) }
    /// Commands under an `if`.
    public static func buildOptional(_ commands: (any Commands)?) -> some Commands { CommandList(items: commands.map { [$0] } ?? []) }
    /// The `if` branch of an `if`/`else`.
    public static func buildEither(first commands: any Commands) -> some Commands { CommandList(items: [commands]) }
    /// The `else` branch of an `if`/`else`.
    public static func buildEither(second commands: any Commands) -> some Commands { CommandList(items: [commands]) }
}

struct CommandList: Commands {
    let items: [any Commands]
}

/// No commands.
public struct EmptyCommands: Commands {
    /// Creates the command group; it has no settings.
    public init() {}
}
/// The sidebar's commands; accepted and not shown.
public struct SidebarCommands: Commands {
    /// Creates the command group; it has no settings.
    public init() {}
}
/// The toolbar's commands; accepted and not shown.
public struct ToolbarCommands: Commands {
    /// Creates the command group; it has no settings.
    public init() {}
}
/// Text editing commands; accepted and not shown.
public struct TextEditingCommands: Commands {
    /// Creates the command group; it has no settings.
    public init() {}
}
/// Text formatting commands; accepted and not shown.
public struct TextFormattingCommands: Commands {
    /// Creates the command group; it has no settings.
    public init() {}
}
/// The inspector's commands; accepted and not shown.
public struct InspectorCommands: Commands {
    /// Creates the command group; it has no settings.
    public init() {}
}

/// A menu of its own in the menu bar.
public struct CommandMenu<Content: View>: Commands {
    /// A menu named `name`; accepted and not shown (`content` is not built).
    public init(_ name: LocalizedStringKey, @ViewBuilder content: () -> Content) {}
    /// A menu named `name`; accepted and not shown (`content` is not built).
    @_disfavoredOverload
    public init<S: StringProtocol>(_ name: S, @ViewBuilder content: () -> Content) {}
}

/// Items put in, before or after a standard menu's group.
public struct CommandGroup<Content: View>: Commands {
    /// Items before `group`; accepted and not shown (`addition` is not built).
    public init(before group: CommandGroupPlacement, @ViewBuilder addition: () -> Content) {}
    /// Items after `group`; accepted and not shown (`addition` is not built).
    public init(after group: CommandGroupPlacement, @ViewBuilder addition: () -> Content) {}
    /// Items in place of `group`; accepted and not shown (`addition` is not built).
    public init(replacing group: CommandGroupPlacement, @ViewBuilder addition: () -> Content) {}
}

/// A standard menu group that `CommandGroup` adds to; names only, as no menu is shown.
public struct CommandGroupPlacement: Sendable, Hashable {
    let name: String
    /// The About item.
    public static let appInfo = CommandGroupPlacement(name: "appInfo")
    /// The Settings item.
    public static let appSettings = CommandGroupPlacement(name: "appSettings")
    /// The Services menu.
    public static let systemServices = CommandGroupPlacement(name: "systemServices")
    /// Hide and show items.
    public static let appVisibility = CommandGroupPlacement(name: "appVisibility")
    /// The Quit item.
    public static let appTermination = CommandGroupPlacement(name: "appTermination")
    /// New items.
    public static let newItem = CommandGroupPlacement(name: "newItem")
    /// Save items.
    public static let saveItem = CommandGroupPlacement(name: "saveItem")
    /// Import and export items.
    public static let importExport = CommandGroupPlacement(name: "importExport")
    /// Print items.
    public static let printItem = CommandGroupPlacement(name: "printItem")
    /// Undo and Redo.
    public static let undoRedo = CommandGroupPlacement(name: "undoRedo")
    /// Cut, Copy, Paste.
    public static let pasteboard = CommandGroupPlacement(name: "pasteboard")
    /// Text editing items.
    public static let textEditing = CommandGroupPlacement(name: "textEditing")
    /// Text formatting items.
    public static let textFormatting = CommandGroupPlacement(name: "textFormatting")
    /// Toolbar items.
    public static let toolbar = CommandGroupPlacement(name: "toolbar")
    /// Sidebar items.
    public static let sidebar = CommandGroupPlacement(name: "sidebar")
    /// Window size items.
    public static let windowSize = CommandGroupPlacement(name: "windowSize")
    /// Window arrangement items.
    public static let windowArrangement = CommandGroupPlacement(name: "windowArrangement")
    /// The Help menu.
    public static let help = CommandGroupPlacement(name: "help")
}

/// How a window is drawn or resized: a page is the browser's window.
public protocol WindowStyle {}
/// The platform's usual window (`.automatic`); a page is the browser's window.
public struct DefaultWindowStyle: WindowStyle {
    /// Creates the style; it has no settings.
    public init() {}
}
/// A window with no title bar (`.hiddenTitleBar`); accepted, changing nothing.
public struct HiddenTitleBarWindowStyle: WindowStyle {
    /// Creates the style; it has no settings.
    public init() {}
}
/// A window with a title bar (`.titleBar`); accepted, changing nothing.
public struct TitleBarWindowStyle: WindowStyle {
    /// Creates the style; it has no settings.
    public init() {}
}
/// A window with no decoration (`.plain`); accepted, changing nothing.
public struct PlainWindowStyle: WindowStyle {
    /// Creates the style; it has no settings.
    public init() {}
}
extension WindowStyle where Self == DefaultWindowStyle {
    /// Shorthand for `DefaultWindowStyle()`.
    public static var automatic: Self { Self() }
}
extension WindowStyle where Self == HiddenTitleBarWindowStyle {
    /// Shorthand for `HiddenTitleBarWindowStyle()`.
    public static var hiddenTitleBar: Self { Self() }
}
extension WindowStyle where Self == TitleBarWindowStyle {
    /// Shorthand for `TitleBarWindowStyle()`.
    public static var titleBar: Self { Self() }
}
extension WindowStyle where Self == PlainWindowStyle {
    /// Shorthand for `PlainWindowStyle()`.
    public static var plain: Self { Self() }
}

/// How a window may be resized; accepted, changing nothing: the browser's window is resized as
/// the visitor likes.
public struct WindowResizability: Sendable, Hashable {
    let name: String
    /// The platform's usual.
    public static let automatic = WindowResizability(name: "automatic")
    /// Sized by its content.
    public static let contentSize = WindowResizability(name: "contentSize")
    /// At least its content's size.
    public static let contentMinSize = WindowResizability(name: "contentMinSize")
}

/// A scene with something said about it: the windows are the scene's, their content changed
/// by `transform` (an environment value for every window's views), or unchanged.
public struct ModifiedScene<Content: Scene>: Scene, PrimitiveScene {
    let content: Content
    let transform: (@MainActor (AnyView) -> AnyView)?

    /// Never called: a primitive scene has no body, and calling this stops the program.
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
    /// A window's first size; accepted, changing nothing: the browser's window is the page's.
    public func defaultSize(_ size: CGSize) -> ModifiedScene<Self> { ModifiedScene(content: self, transform: nil) }

    /// How windows are drawn; accepted, changing nothing: a page has no window of its own.
    public func windowStyle<S: WindowStyle>(_ style: S) -> ModifiedScene<Self> { ModifiedScene(content: self, transform: nil) }
    /// How windows may be resized; accepted, changing nothing.
    public func windowResizability(_ resizability: WindowResizability) -> ModifiedScene<Self> {
        ModifiedScene(content: self, transform: nil)
    }

    /// An environment value for every window's views.
    public func environment<Value>(_ keyPath: WritableKeyPath<EnvironmentValues, Value>, _ value: Value) -> ModifiedScene<Self> {
        nonisolated(unsafe) let keyPath = keyPath
        nonisolated(unsafe) let value = value
        return ModifiedScene(content: self) { AnyView($0.environment(keyPath, value)) }
    }

    /// Every window's views show dates in `value` (`.environment(\.timeZone, airport)`): pages
    /// of visitors in every zone then share renderings.
    public func environment(_ keyPath: WritableKeyPath<EnvironmentValues, TimeZone>, _ value: TimeZone) -> ModifiedScene<Self> {
        nonisolated(unsafe) let keyPath = keyPath
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

    /// Runs `action` when the app's phase changes, as the other `onChange(of:initial:_:)` says,
    /// without the phases.
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
