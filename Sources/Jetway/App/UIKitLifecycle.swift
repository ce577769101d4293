import Foundation

// The UIKit app life cycle SwiftUI apps began with (Xcode 11's template): an `AppDelegate`
// marked `@main` (or `@UIApplicationMain`, which `jetway port` writes `@main`) and a
// `SceneDelegate` that puts a `UIHostingController(rootView: ContentView())` in its window.
// Served as an `App` is: the delegate is made once per process and told the app launched;
// each page is a scene — its own scene delegate, connected when the page opens, told when the
// page is shown, hidden and closed — and shows the root view of its window's hosting controller.

/// The app's delegate: `@main final class AppDelegate: UIResponder, UIApplicationDelegate`. Its
/// `main()` serves the app. Jetway makes the delegate itself, so the class is `final` (a
/// non-final class would need a `required init()`, which every view and view controller
/// under `UIResponder` would then have to repeat); `jetway port` adds the `final`.
@MainActor @preconcurrency
public protocol UIApplicationDelegate: AnyObject {
    /// Makes the delegate; Jetway calls it once per process, in `main()` (or for `@UIApplicationDelegateAdaptor`).
    init()
    /// Called once, right after the delegate is made and before the server starts, with no `launchOptions`; the
    /// answer is not read.
    func application(_ application: UIApplication, didFinishLaunchingWithOptions launchOptions: [UIApplication.LaunchOptionsKey: Any]?)
        -> Bool
    /// Called when a page opens, before its scene delegate is made: the configuration's `delegateClass` (else the
    /// app's class named `SceneDelegate`) becomes the page's scene delegate.
    func application(
        _ application: UIApplication, configurationForConnecting connectingSceneSession: UISceneSession, options: UIScene.ConnectionOptions
    ) -> UISceneConfiguration
    /// Called with the page's one session when a page ends for good (its tab closed and its session expired),
    /// right after its scene delegate's `sceneDidDisconnect(_:)`.
    func application(_ application: UIApplication, didDiscardSceneSessions sceneSessions: Set<UISceneSession>)
    /// Never called: the server stopping does not tell the app's delegate. Accepted so UIKit code compiles.
    func applicationWillTerminate(_ application: UIApplication)
}

extension UIApplicationDelegate {
    /// Returns true, doing nothing: what a delegate that does not implement it gets.
    public func application(
        _ application: UIApplication, didFinishLaunchingWithOptions launchOptions: [UIApplication.LaunchOptionsKey: Any]?
    ) -> Bool { true }

    /// A configuration named "Default Configuration" with no delegate class, so the scene's delegate
    /// is the app's class named `SceneDelegate`.
    public func application(
        _ application: UIApplication, configurationForConnecting connectingSceneSession: UISceneSession, options: UIScene.ConnectionOptions
    ) -> UISceneConfiguration {
        UISceneConfiguration(name: "Default Configuration", sessionRole: connectingSceneSession.role)
    }

    /// Does nothing by default.
    public func application(_ application: UIApplication, didDiscardSceneSessions sceneSessions: Set<UISceneSession>) {}
    /// Does nothing by default.
    public func applicationWillTerminate(_ application: UIApplication) {}

    /// Serves the app until the process is stopped (`@main` calls it): the delegate is made and
    /// told the app launched, then every page is a scene of its own (`UIKitScene`).
    @MainActor public static func main() {
        guard let serve = AppLaunch.serve else {
            fatalError("\(Self.self): link the Jetway product (it brings JetwayServer, which serves an app)")
        }
        AppLaunch.appModule = String(reflecting: Self.self).split(separator: ".").first.map(String.init)
        let delegate = Self()
        UIApplication.shared.delegate = delegate
        _ = delegate.application(UIApplication.shared, didFinishLaunchingWithOptions: nil)
        serve(String(describing: Self.self), WindowGroup { UIKitScene() }.windows)
    }
}

/// A scene's delegate (`final class SceneDelegate: UIResponder, UIWindowSceneDelegate`): told
/// when its page connects and when it is shown, hidden and closed. Made by Jetway, as the app's
/// delegate is: `final` (`jetway port` adds it).
@MainActor @preconcurrency
public protocol UISceneDelegate: AnyObject {
    /// Makes the scene delegate; Jetway calls it once for each page that opens.
    init()
    /// Called once when the page opens, with its new scene: the place to make a `UIWindow` whose root is a
    /// `UIHostingController` and make it key (its root view is what the page shows). `connectionOptions` is empty.
    func scene(_ scene: UIScene, willConnectTo session: UISceneSession, options connectionOptions: UIScene.ConnectionOptions)
    /// Called when the page ends for good (its tab closed and its session expired).
    func sceneDidDisconnect(_ scene: UIScene)
    /// Called when the page is first shown and whenever the browser shows it again, after
    /// `sceneWillEnterForeground(_:)`.
    func sceneDidBecomeActive(_ scene: UIScene)
    /// Called when the browser hides the page (another tab, the window minimised), before
    /// `sceneDidEnterBackground(_:)`.
    func sceneWillResignActive(_ scene: UIScene)
    /// Called when the page is first shown and whenever the browser shows it again, before
    /// `sceneDidBecomeActive(_:)`.
    func sceneWillEnterForeground(_ scene: UIScene)
    /// Called when the browser hides the page, after `sceneWillResignActive(_:)`.
    func sceneDidEnterBackground(_ scene: UIScene)
}

extension UISceneDelegate {
    /// Does nothing by default.
    public func scene(_ scene: UIScene, willConnectTo session: UISceneSession, options connectionOptions: UIScene.ConnectionOptions) {}
    /// Does nothing by default.
    public func sceneDidDisconnect(_ scene: UIScene) {}
    /// Does nothing by default.
    public func sceneDidBecomeActive(_ scene: UIScene) {}
    /// Does nothing by default.
    public func sceneWillResignActive(_ scene: UIScene) {}
    /// Does nothing by default.
    public func sceneWillEnterForeground(_ scene: UIScene) {}
    /// Does nothing by default.
    public func sceneDidEnterBackground(_ scene: UIScene) {}
}

/// A window scene's delegate, with the window it shows.
@MainActor @preconcurrency
public protocol UIWindowSceneDelegate: UISceneDelegate {
    /// The window the page shows: each time the page renders, Jetway shows the root view of its root
    /// `UIHostingController` (the scene's key window when this is nil).
    var window: UIWindow? { get set }
}

extension UIWindowSceneDelegate {
    /// None, and setting it keeps nothing: a scene delegate declares its own `var window` to keep
    /// the window whose root controller the page shows.
    public var window: UIWindow? {
        get { nil }
        set {}
    }
}

/// A page, as UIKit code sees it: a scene.
@MainActor @preconcurrency
open class UIScene: UIResponder {
    /// What a scene was opened with.
    public struct ConnectionOptions: Sendable {
        /// The addresses the scene was opened to handle: always none here.
        public let urlContexts: Set<URL> = []
    }

    /// Not connected yet; shown and active (a page shown); shown and inactive (never set here); in
    /// the background (a page hidden).
    public enum ActivationState: Int, Sendable {
        /// No page phase seen yet (raw values are UIKit's).
        case unattached = -1
        /// The page is shown (its scene phase is `active`).
        case foregroundActive = 0
        /// Never set here: an inactive page counts as `background`.
        case foregroundInactive = 1
        /// The page is hidden (its scene phase is `background` or `inactive`).
        case background = 2
    }

    /// The scene's session.
    public let session: UISceneSession
    /// `.foregroundActive` while the page is shown, `.background` while it is hidden.
    public internal(set) var activationState = ActivationState.unattached
    /// The scene delegate Jetway made for the page.
    public internal(set) var delegate: (any UISceneDelegate)?

    /// A scene of a new window-application session (not a page: Jetway makes each page's scene).
    public override init() {
        session = UISceneSession(role: .windowApplication)
        super.init()
    }

    init(session: UISceneSession) {
        self.session = session
        super.init()
    }
}

/// A page's scene with its windows.
@MainActor @preconcurrency
open class UIWindowScene: UIScene {
    /// The windows made for the scene (`UIWindow(windowScene:)`), in order.
    public internal(set) var windows: [UIWindow] = []
    /// The last window made key, else the last window.
    public var keyWindow: UIWindow? { windows.last { $0.isKeyWindow } ?? windows.last }
    /// The page's size, as `UIScreen.main` gives it.
    public var screen: UIScreen { UIScreen.main }
    /// The status bar: a page has none (the browser's own bar is outside it), so its frame is
    /// empty.
    public var statusBarManager: UIStatusBarManager? { UIStatusBarManager() }
}

/// A scene's status bar: none in a page.
@MainActor @preconcurrency
public final class UIStatusBarManager {
    /// Always `.zero`: a page has no status bar.
    public var statusBarFrame: CGRect { .zero }
    /// Always true: a page has no status bar.
    public var isStatusBarHidden: Bool { true }
}

/// A scene's session: its role and configuration.
@MainActor @preconcurrency
public final class UISceneSession: NSObject {
    /// What kind of scene a session is for.
    public struct Role: RawRepresentable, Hashable, Sendable {
        /// The role's name, as UIKit spells it.
        public let rawValue: String
        /// The role named `rawValue`.
        public init(rawValue: String) { self.rawValue = rawValue }
        /// A window of the app: every page's role.
        public static let windowApplication = Role(rawValue: "UIWindowSceneSessionRoleApplication")
    }

    /// The scene's role: `.windowApplication`.
    public let role: Role
    /// A new UUID string for each session, so each page's.
    public let persistentIdentifier = UUID().uuidString
    /// The configuration the app delegate gave for the scene.
    public internal(set) var configuration: UISceneConfiguration
    /// The app's own values for the session; kept, not read.
    public var userInfo: [String: Any]?

    init(role: Role) {
        self.role = role
        configuration = UISceneConfiguration(name: nil, sessionRole: role)
        super.init()
    }
}

/// Which delegate a scene gets (`delegateClass`; when none, the app's class named
/// `SceneDelegate`, as the template's Info.plist names it).
@MainActor @preconcurrency
public final class UISceneConfiguration: NSObject {
    /// The configuration's name.
    public let name: String?
    /// The role of the scenes it configures.
    public let role: UISceneSession.Role
    /// The scene delegate's class (nil: the app's class named `SceneDelegate`); it must conform to
    /// `UISceneDelegate`.
    public var delegateClass: AnyClass?
    /// Kept and not read: every page's scene is a `UIWindowScene`.
    public var sceneClass: AnyClass?

    /// A configuration named `name` for `sessionRole`, with no delegate class.
    public init(name: String?, sessionRole: UISceneSession.Role) {
        self.name = name
        role = sessionRole
        super.init()
    }
}

/// A scene's window: what its root view controller shows is the page.
@MainActor @preconcurrency
open class UIWindow: UIView {
    /// The scene the window was made for; nil for a window made with `init()`.
    public private(set) weak var windowScene: UIWindowScene?
    /// The controller whose view the page shows: the root view of a `UIHostingController`, when the
    /// window is the scene delegate's `window` or the scene's key window. Read when the page renders.
    open var rootViewController: UIViewController?
    /// Whether `makeKeyAndVisible()` made it the scene's key window.
    public private(set) var isKeyWindow = false
    /// The screen the window is on: the page's viewport (`UIScreen.main`).
    public var screen: UIScreen { UIScreen.main }

    /// A window of `windowScene`, added to its `windows`.
    public init(windowScene: UIWindowScene) {
        self.windowScene = windowScene
        super.init()
        windowScene.windows.append(self)
    }

    /// A window of no scene: no page shows it.
    public override init() { super.init() }
    /// Not decodable from an archive: always nil.
    public required init?(coder: NSCoder) { nil }

    /// Makes this the scene's key window (the one the page shows when the delegate keeps none).
    open func makeKeyAndVisible() {
        for window in windowScene?.windows ?? [] { window.isKeyWindow = false }
        isKeyWindow = true
    }

    /// The same as `makeKeyAndVisible()`.
    open func makeKey() { makeKeyAndVisible() }
}

/// A UIKit view controller: its `title`; a `UIHostingController` shows SwiftUI views.
@MainActor @preconcurrency
open class UIViewController: UIResponder {
    /// The controller's title; an alert controller's is the alert's title.
    open var title: String?
    /// The style of the device's status bar over this controller: a browser draws its own bar
    /// (docs/porting.md), so a page reads neither.
    open var preferredStatusBarStyle: UIStatusBarStyle { .default }
    /// Whether the device's status bar is hidden over this controller; read by no page.
    open var prefersStatusBarHidden: Bool { false }
    /// Does nothing: a page has no status bar to update.
    public func setNeedsStatusBarAppearanceUpdate() {}
    /// How the controller asks to be presented: a page presents every controller in a sheet.
    open var modalPresentationStyle = UIModalPresentationStyle.automatic
    /// A controller whose view is a plain `UIView`, made when first asked for.
    public override init() { super.init() }
    /// A controller; there are no nib files here, so `nibName` and `bundle` are not read.
    public init(nibName: String?, bundle: Bundle?) { super.init() }
    /// A controller archived in a storyboard: there are none here, so it is never made.
    public required init?(coder: NSCoder) { nil }

    /// The controller's root view, made by `loadView` when first asked for (then
    /// `viewDidLoad` is called).
    open var view: UIView! {
        get {
            if loadedView == nil {
                loadView()
                viewDidLoad()
            }
            return loadedView
        }
        set { loadedView = newValue }
    }
    private var loadedView: UIView?
    /// Whether `view` has been made (or set).
    open var isViewLoaded: Bool { loadedView != nil }
    /// Makes the root view: a plain `UIView`.
    open func loadView() { loadedView = UIView() }
    /// Called once the root view is made; does nothing by default.
    open func viewDidLoad() {}

    /// What `dismiss(animated:)` closes when a representable or a presentation shows the
    /// controller (set by them); nil: the page's own presentation.
    var hostDismiss: (() -> Void)?
    /// Set by what shows the controller: renders it again (a photo arrived).
    var onChange: (() -> Void)?
    func changed() { onChange?() }

    /// The controller's element on the page: its view's.
    func makeNode(_ context: _RenderContext) -> Node {
        view.makeNode(context)
    }
}

/// How a UIKit controller asks to be presented (a page shows each in a sheet).
public enum UIModalPresentationStyle: Int, Sendable {
    /// UIKit's styles: full screen; page or form sheet; the current context; custom; over full
    /// screen; over the current context; a popover; none. Every one is shown in a sheet here.
    case fullScreen, pageSheet, formSheet, currentContext, custom, overFullScreen, overCurrentContext, popover, none
    /// The system's choice: a sheet.
    case automatic = -2
}

/// The look of the device's status bar (read by no page: the browser has its own).
public enum UIStatusBarStyle: Int, Sendable {
    /// The default style; light text for dark backgrounds; dark text for light ones.
    case `default`, lightContent, darkContent
}

/// Shows a SwiftUI view (`UIHostingController(rootView: ContentView())`): in a scene's window,
/// the page's content.
@MainActor @preconcurrency
open class UIHostingController<Content: View>: UIViewController, HostedRootView {
    /// The SwiftUI view the controller shows; read when the page renders.
    open var rootView: Content

    /// A controller showing `rootView`.
    public init(rootView: Content) {
        self.rootView = rootView
        super.init()
    }

    /// Not decodable from an archive: always nil.
    public required init?(coder: NSCoder) { nil }

    var hostedView: AnyView { AnyView(rootView) }
}

@MainActor
protocol HostedRootView {
    var hostedView: AnyView { get }
}

/// One page of a UIKit-life-cycle app: its scene and scene delegate, made when the page opens.
@MainActor
final class UIKitSceneConnection: ObservableObject {
    let scene: UIWindowScene
    let delegate: (any UISceneDelegate)?
    /// Why the page has nothing to show, when it has not.
    let problem: String?

    init() {
        let session = UISceneSession(role: .windowApplication)
        scene = UIWindowScene(session: session)
        let application = UIApplication.shared
        guard let appDelegate = application.delegate else {
            delegate = nil
            problem = "no app delegate"
            return
        }
        let configuration = appDelegate.application(application, configurationForConnecting: session, options: UIScene.ConnectionOptions())
        session.configuration = configuration
        let module = String(reflecting: type(of: appDelegate)).split(separator: ".").first.map(String.init) ?? ""
        let type = (configuration.delegateClass ?? _typeByName("\(module).SceneDelegate") as? AnyClass) as? any UISceneDelegate.Type
        guard let type else {
            delegate = nil
            problem = "no scene delegate: a class named SceneDelegate, or the configuration's delegateClass"
            return
        }
        let delegate = type.init()
        self.delegate = delegate
        scene.delegate = delegate
        delegate.scene(scene, willConnectTo: session, options: UIScene.ConnectionOptions())
        problem = nil
    }

    /// What the page shows: the root view of the key window's hosting controller.
    var content: AnyView? {
        let window = (delegate as? any UIWindowSceneDelegate)?.window ?? scene.keyWindow
        return (window?.rootViewController as? any HostedRootView)?.hostedView
    }

    func phaseChanged(to phase: ScenePhase) {
        guard let delegate else { return }
        switch phase {
        case .active:
            scene.activationState = .foregroundActive
            delegate.sceneWillEnterForeground(scene)
            delegate.sceneDidBecomeActive(scene)
        case .background, .inactive:
            scene.activationState = .background
            delegate.sceneWillResignActive(scene)
            delegate.sceneDidEnterBackground(scene)
        }
    }

    func disconnected() {
        delegate?.sceneDidDisconnect(scene)
        UIApplication.shared.delegate?.application(UIApplication.shared, didDiscardSceneSessions: [scene.session])
    }
}

/// The page of a UIKit-life-cycle app: its scene's content, the delegate told of the page's
/// phases and end.
struct UIKitScene: View {
    @StateObject private var connection = UIKitSceneConnection()
    @Environment(\.scenePhase) private var phase

    var body: some View {
        Group {
            if let content = connection.content {
                content
            } else {
                Text("This page has nothing to show: \(connection.problem ?? "the scene's window has no UIHostingController")")
            }
        }
        // Connected and shown: UIKit tells a new scene it entered the foreground and is active.
        .onChange(of: phase, initial: true) { _, phase in connection.phaseChanged(to: phase) }
        .onReceive(NotificationCenter.default.publisher(for: UIApplication.willTerminateNotification)) { _ in connection.disconnected() }
    }
}

/// An app delegate beside a SwiftUI `App` (`@UIApplicationDelegateAdaptor(AppDelegate.self) var
/// appDelegate`): made once per process when the app is made, and told the app launched
/// (`application(_:didFinishLaunchingWithOptions:)`), where apps set up what they need (a
/// notification center's delegate, appearance proxies).
@MainActor @preconcurrency @propertyWrapper
public struct UIApplicationDelegateAdaptor<Delegate: UIApplicationDelegate>: DynamicProperty {
    /// The app's one delegate of this type, made and told the app launched when first asked for.
    public let wrappedValue: Delegate

    /// The process's delegate of `delegateType`: made the first time any adaptor asks for it, then
    /// shared.
    public init(_ delegateType: Delegate.Type = Delegate.self) {
        wrappedValue = AdaptedDelegates.delegate(Delegate.self)
    }
}

/// The delegates `UIApplicationDelegateAdaptor` made, one per type.
@MainActor
enum AdaptedDelegates {
    private static var made: [ObjectIdentifier: AnyObject] = [:]

    static func delegate<Delegate: UIApplicationDelegate>(_ type: Delegate.Type) -> Delegate {
        if let delegate = made[ObjectIdentifier(type)] as? Delegate { return delegate }
        let delegate = Delegate()
        made[ObjectIdentifier(type)] = delegate
        _ = delegate.application(UIApplication.shared, didFinishLaunchingWithOptions: nil)
        return delegate
    }
}

/// An alert or an action sheet made the UIKit way and presented from a view controller
/// (`root.present(alert, animated: true)`): shown on the page acting as SwiftUI's `.alert` and
/// `.confirmationDialog` are; each button dismisses it after its handler.
@MainActor @preconcurrency
open class UIAlertController: UIViewController {
    /// An action sheet (shown as `.confirmationDialog`) or an alert (shown as `.alert`).
    public enum Style: Int, Sendable {
        /// Shown as a `.confirmationDialog` (`actionSheet`) or as an `.alert` (`alert`).
        case actionSheet, alert
    }
    /// The text under the title.
    public var message: String?
    /// Whether it is shown as an alert or an action sheet.
    public let preferredStyle: Style
    /// The buttons, in the order they were added.
    public private(set) var actions: [UIAlertAction] = []
    /// The button UIKit would emphasise; kept and not read.
    public var preferredAction: UIAlertAction?

    /// An alert of `title` and `message` in `preferredStyle`, with no buttons yet.
    public init(title: String?, message: String?, preferredStyle: Style) {
        self.message = message
        self.preferredStyle = preferredStyle
        super.init()
        self.title = title
    }

    /// Not decodable from an archive: always nil.
    public required init?(coder: NSCoder) { nil }

    /// Adds a button; its handler runs when it is clicked, then the alert goes.
    public func addAction(_ action: UIAlertAction) { actions.append(action) }
}

/// A button of a `UIAlertController`.
@MainActor @preconcurrency
public final class UIAlertAction {
    /// A plain button, a Cancel button, or a destructive one (as `Alert.Button` styles them).
    public enum Style: Int, Sendable {
        /// A plain button, a Cancel button, or a destructive (red) one, as `Alert.Button`'s `.default`, `.cancel` and
        /// `.destructive`; each runs its handler, then dismisses the alert.
        case `default`, cancel, destructive
    }
    /// The button's title.
    public let title: String?
    /// How the button looks and acts.
    public let style: Style
    /// Kept and not read: the button is always enabled on the page.
    public var isEnabled = true
    let handler: ((UIAlertAction) -> Void)?

    /// A button titled `title` of `style` whose `handler` runs when it is clicked.
    public init(title: String?, style: Style, handler: ((UIAlertAction) -> Void)? = nil) {
        self.title = title
        self.style = style
        self.handler = handler
    }
}

extension UIViewController {
    /// Presents `viewController` over the page acting: an alert controller as an alert (or a
    /// confirmation dialog for an action sheet), a hosting controller's view as a sheet, any
    /// other controller's element (a picker, a share sheet) in a sheet.
    public func present(_ viewController: UIViewController, animated flag: Bool, completion: (() -> Void)? = nil) {
        guard let page = PageHost.current else { return }
        if let alert = viewController as? UIAlertController {
            let buttons = alert.actions.map { action -> Alert.Button in
                let label = Text(verbatim: action.title ?? "")
                let run: () -> Void = { action.handler?(action) }
                switch action.style {
                case .cancel: return .cancel(label, action: run)
                case .destructive: return .destructive(label, action: run)
                case .default: return .default(label, action: run)
                }
            }
            page.presentAlert(
                confirmation: alert.preferredStyle == .actionSheet, title: alert.title ?? "", message: alert.message, buttons: buttons)
        } else if let hosting = viewController as? any HostedRootView {
            page.present(hosting.hostedView)
        } else {
            // A picker, a share sheet, or a controller of the app's own: its element in a sheet.
            page.present(PresentedController(controller: viewController))
        }
        completion?()
    }

    /// Dismisses the controller: the sheet or cover a representable of it is shown in, else
    /// what this page presented (an alert, else a sheet).
    public func dismiss(animated flag: Bool, completion: (() -> Void)? = nil) {
        if let hostDismiss {
            hostDismiss()
        } else {
            PageHost.current?.dismiss()
        }
        completion?()
    }
}
