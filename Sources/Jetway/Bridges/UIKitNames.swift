import Foundation

// The UIKit names SwiftUI apps reach for, where a browser page has the same thing: opening an
// address, the screen's size, haptic feedback. What they do in the page is said on each; what a
// page cannot do is said in docs/porting.md.

/// Opens an address from a view: `@Environment(\.openURL) private var openURL`, then
/// `openURL(url)`. The page opens an address of this app or an `http`/`https` one in its tab;
/// anything else is refused.
public struct OpenURLAction: Sendable {
    let page: (@MainActor @Sendable (URL) -> Bool)?

    /// Makes an action that asks `handler` first: `.handled` and `.discarded` open nothing, `.systemAction`
    /// opens its address (or the one asked for) in the page acting.
    public init(handler: @escaping @MainActor @Sendable (URL) -> Result) {
        page = { url in
            switch handler(url) {
            case .handled: return true
            case .discarded: return false
            case .systemAction(let other): return PageHost.acting?.open(other ?? url) ?? false
            }
        }
    }

    init(host: PageHost?) {
        page = { url in host?.open(url) ?? false }
    }

    /// Opens `url` (see `OpenURLAction`); outside a page's handler nothing opens.
    @MainActor public func callAsFunction(_ url: URL) {
        _ = page?(url)
    }

    /// Opens `url`, then calls `completion` with whether it was opened.
    @MainActor public func callAsFunction(_ url: URL, completion: (Bool) -> Void) {
        completion(page?(url) ?? false)
    }

    /// What an `OpenURLAction(handler:)` handler did with an address.
    public enum Result: Sendable {
        /// The handler opened it (`handled`), or it is not to be opened (`discarded`); either way the page opens nothing.
        case handled, discarded
        /// The page is to open the address given, or the one asked for when it is nil.
        case systemAction(URL?)
        /// The page is to open the address asked for.
        public static var systemAction: Result { .systemAction(nil) }
    }
}

extension EnvironmentValues {
    /// Opens an address in the page (see `OpenURLAction`).
    public var openURL: OpenURLAction {
        get { self[OpenURLKey.self] ?? OpenURLAction(host: pageHost) }
        set { self[OpenURLKey.self] = newValue }
    }
}

private struct OpenURLKey: EnvironmentKey { static var defaultValue: OpenURLAction? { nil } }

/// The app, as UIKit code reaches it: `UIApplication.shared.open(url)` opens the address in the
/// page whose button was pressed.
@MainActor @preconcurrency
public final class UIApplication {
    /// The app's one application object.
    public static let shared = UIApplication()

    /// The app's delegate, when the app is a UIKit-life-cycle one (`@main class AppDelegate:
    /// UIResponder, UIApplicationDelegate`): made once when the app starts.
    public internal(set) var delegate: (any UIApplicationDelegate)?

    /// What launched the app (`application(_:didFinishLaunchingWithOptions:)`): a server is
    /// launched by nothing of these, so the options are nil.
    public struct LaunchOptionsKey: RawRepresentable, Hashable, Sendable {
        /// The key's name.
        public let rawValue: String
        /// Makes a key from its name.
        public init(rawValue: String) { self.rawValue = rawValue }
        /// The address the app was launched to open; never present here.
        public static let url = LaunchOptionsKey(rawValue: "UIApplicationLaunchOptionsURLKey")
    }

    /// Opens `url` in the page whose event is being handled (an address of this app, or an
    /// `http`/`https` one); nothing outside an event's handler.
    public func open(_ url: URL, options: [String: Any] = [:], completionHandler: ((Bool) -> Void)? = nil) {
        let opened = PageHost.acting?.open(url) ?? false
        completionHandler?(opened)
    }

    /// Keeps the screen of the page acting (in an event's handler, `onAppear`, `onDisappear`) on
    /// while it is shown: a Screen Wake Lock, as `.keepsScreenAwake()` takes. Outside a page's
    /// handler there is no page to keep on: setting it then changes nothing, and it reads false.
    public var isIdleTimerDisabled: Bool {
        get { PageHost.acting?.keepsScreenOn ?? false }
        set { PageHost.acting?.keepsScreenOn = newValue }
    }

    /// Sends an action up the responder chain, as UIKit code hides the keyboard:
    /// `sendAction(#selector(UIResponder.resignFirstResponder), to: nil, from: nil, for: nil)`
    /// (`jetway port` writes the selector as `Selector("resignFirstResponder")`, as a `#selector`
    /// needs the Objective-C runtime). Resigning the first responder takes the focus out of the
    /// field the page acting is typing in; it returns true. A page has no other responder
    /// actions: any other selector, or a target, is not sent and returns false.
    @discardableResult
    public func sendAction(_ action: Selector, to target: Any?, from sender: Any?, for event: Any?) -> Bool {
        guard target == nil, action == Selector("resignFirstResponder"), let page = PageHost.acting else { return false }
        page.endEditing()
        return true
    }

    /// The page's window, as UIKit code reaches for it (`windows.first?.safeAreaInsets`,
    /// `windows.first { $0.isKeyWindow }?.endEditing(true)`): one key window, whose safe-area
    /// insets are none (the page lays itself out inside the browser's) and whose
    /// `endEditing` takes the focus out of the acting page's field.
    public var windows: [UIWindow] { [Self.pageWindow().window] }

    /// The page's scene, with its window (`connectedScenes.first as? UIWindowScene`).
    public var connectedScenes: Set<UIScene> { [Self.pageWindow().scene] }

    private static func pageWindow() -> (scene: UIWindowScene, window: UIWindow) {
        let scene = UIWindowScene(session: UISceneSession(role: .windowApplication))
        scene.activationState = .foregroundActive
        let window = UIWindow(windowScene: scene)
        // Its root controller presents over the page acting (`rootViewController?.present(alert, …)`).
        window.rootViewController = UIViewController()
        window.makeKeyAndVisible()
        return (scene, window)
    }

    /// Whether the page can open `url`: an address of this app or an `http`/`https` one.
    public func canOpenURL(_ url: URL) -> Bool {
        URLPolicy.sanitize(url.absoluteString) != nil
    }

    /// The address of the app's settings: `/settings` (its `Settings` scene).
    public static let openSettingsURLString = "/settings"

    // The life-cycle notifications, each heard by a view (`.onReceive(NotificationCenter.default
    // .publisher(for: UIApplication.willResignActiveNotification))`) when its own page is hidden
    // (another tab, the browser minimised) or shown again. A page is never told of a screenshot:
    // `userDidTakeScreenshotNotification` is never posted. `willTerminateNotification` comes
    // when the page ends for good (its tab closed and its session expired), as an app's end.
    /// Heard by a view when the browser hides its page (another tab, the window minimised), before `didEnterBackgroundNotification`.
    nonisolated public static let willResignActiveNotification = Notification.Name("UIApplicationWillResignActiveNotification")
    /// Heard by a view when the browser hides its page, after `willResignActiveNotification`.
    nonisolated public static let didEnterBackgroundNotification = Notification.Name("UIApplicationDidEnterBackgroundNotification")
    /// Heard by a view when the browser shows its page again, before `didBecomeActiveNotification`.
    nonisolated public static let willEnterForegroundNotification = Notification.Name("UIApplicationWillEnterForegroundNotification")
    /// Heard by a view when the browser shows its page again, after `willEnterForegroundNotification`.
    nonisolated public static let didBecomeActiveNotification = Notification.Name("UIApplicationDidBecomeActiveNotification")
    /// Never posted: the server's memory is not a phone's, and a page is never asked to free some.
    nonisolated public static let didReceiveMemoryWarningNotification = Notification.Name(
        "UIApplicationDidReceiveMemoryWarningNotification")
    /// Never posted here: the server's clock changes by NTP, not by a visitor's time zone.
    nonisolated public static let significantTimeChangeNotification = Notification.Name("UIApplicationSignificantTimeChangeNotification")
    /// Heard by a view when its page ends for good (its tab closed and its session expired), even under a covering screen.
    nonisolated public static let willTerminateNotification = Notification.Name("UIApplicationWillTerminateNotification")
    /// Never posted: a browser does not tell a page of a screenshot.
    nonisolated public static let userDidTakeScreenshotNotification = Notification.Name("UIApplicationUserDidTakeScreenshotNotification")

    nonisolated static let lifecycleNotifications: Set<Notification.Name> = [
        willResignActiveNotification, didEnterBackgroundNotification, willEnterForegroundNotification, didBecomeActiveNotification,
        willTerminateNotification,
    ]

    /// What a page going into `phase` posts, in order.
    nonisolated static func notifications(entering phase: ScenePhase) -> [Notification.Name] {
        phase == .active
            ? [willEnterForegroundNotification, didBecomeActiveNotification]
            : [willResignActiveNotification, didEnterBackgroundNotification]
    }
}

/// The kind of interface a device has.
public enum UIUserInterfaceIdiom: Int, Sendable, Hashable, CustomStringConvertible {
    /// Apple's kinds: unspecified, phone, pad, TV, CarPlay, Mac, Vision. A page is a `.phone`, a `.pad` or a `.mac`.
    case unspecified = -1, phone = 0, pad = 1, tv = 2, carPlay = 3, mac = 5, vision = 6

    /// The kind's name (`"pad"`).
    public var description: String {
        switch self {
        case .unspecified: "unspecified"
        case .phone: "phone"
        case .pad: "pad"
        case .tv: "tv"
        case .carPlay: "carPlay"
        case .mac: "mac"
        case .vision: "vision"
        }
    }
}

/// The device, as UIKit code asks about it (`UIDevice.current.userInterfaceIdiom == .pad`):
/// the browser of the page being rendered or acting. Its kind comes from the browser's
/// `User-Agent` (`RequestContext.idiom(forUserAgent:)`: a phone, a tablet, or `.mac` for a
/// desktop browser), and pages of different kinds never share a rendering. A browser tells no
/// device name, battery or orientation: `name` and `model` say it is a web browser, and
/// `systemVersion` is the iOS release whose SwiftUI Jetway follows ("18.0"), which apps compare
/// against before using newer APIs.
@MainActor @preconcurrency
public final class UIDevice {
    /// The device of the page rendering or acting.
    public static let current = UIDevice()

    /// The kind of device of the page rendering or acting now (outside a page: `.phone`).
    public var userInterfaceIdiom: UIUserInterfaceIdiom {
        PageHost.acting?.graph?.environment.request.userInterfaceIdiom ?? .phone
    }
    /// `"Web browser"`: a browser tells a page no device name.
    public var name: String { "Web browser" }
    /// `"Web browser"`.
    public var model: String { "Web browser" }
    /// `"Web browser"`, as `model`.
    public var localizedModel: String { model }
    /// `"iOS"`, so code that checks the system takes the iOS path.
    public var systemName: String { "iOS" }
    /// `"18.0"`: the iOS release whose SwiftUI Jetway follows, not the visitor's system.
    public var systemVersion: String { "18.0" }
    /// A browser does not say which way it is held.
    public var orientation: UIDeviceOrientation { .unknown }
    /// The page's browser's id for this app (its device cookie's), when it keeps cookies.
    public var identifierForVendor: UUID? {
        guard let device = PageHost.acting?.graph?.environment.request.device else { return nil }
        return UUID(uuidString: device) ?? Self.uuid(from: device)
    }

    /// A UUID that is always the same for `text` (two FNV-1a hashes of it).
    static func uuid(from text: String) -> UUID {
        func fnv(_ seed: UInt64) -> UInt64 {
            var hash = seed
            for byte in text.utf8 {
                hash ^= UInt64(byte)
                hash &*= 0x100_0000_01b3
            }
            return hash
        }
        let high = fnv(0xcbf2_9ce4_8422_2325), low = fnv(0x8422_2325_cbf2_9ce4)
        var bytes = [UInt8](repeating: 0, count: 16)
        for index in 0..<8 {
            bytes[index] = UInt8(truncatingIfNeeded: high >> (8 * index))
            bytes[8 + index] = UInt8(truncatingIfNeeded: low >> (8 * index))
        }
        bytes[6] = bytes[6] & 0x0f | 0x50  // version 5 form: derived from a name
        bytes[8] = bytes[8] & 0x3f | 0x80
        return UUID(
            uuid: (
                bytes[0], bytes[1], bytes[2], bytes[3], bytes[4], bytes[5], bytes[6], bytes[7], bytes[8], bytes[9], bytes[10],
                bytes[11], bytes[12], bytes[13], bytes[14], bytes[15]
            ))
    }
}

/// Which way a device is held.
public enum UIDeviceOrientation: Int, Sendable {
    /// Apple's orientations. `UIDevice.current.orientation` is always `.unknown` here.
    case unknown, portrait, portraitUpsideDown, landscapeLeft, landscapeRight, faceUp, faceDown

    /// Whether the device is upright or upside down.
    public var isPortrait: Bool { self == .portrait || self == .portraitUpsideDown }
    /// Whether the device is on its side, either way.
    public var isLandscape: Bool { self == .landscapeLeft || self == .landscapeRight }
}

/// The screen, as UIKit code asks for its size: a phone's (390 × 844 points), the size Jetway
/// lays out a page whose browser has not reported its own. For the page's real size use
/// `GeometryReader`, which follows the browser window. It reads no page, so any code may ask it
/// (UIKit's is main-actor isolated, which Swift 5 code ignores with a warning).
public final class UIScreen: Sendable {
    /// The screen of every page.
    public static let main = UIScreen()
    /// A phone's screen, 390 by 844 points, at the origin: not the browser's window (use `GeometryReader` for that).
    public var bounds: CGRect { CGRect(origin: .zero, size: GeometryProxy.defaultSize) }
    /// 2 pixels to the point, as a phone's.
    public var scale: CGFloat { 2 }
}

/// Haptic feedback: a browser page has no haptics to drive (the Vibration API is a phone's
/// buzzer, not a tap), so these do nothing, as on a device without a Taptic Engine.
public final class UIImpactFeedbackGenerator: Sendable {
    /// How heavy an impact feels. Accepted so UIKit code compiles; no haptics play here.
    public enum FeedbackStyle: Sendable {
        /// Light, medium (the default), heavy, soft or rigid impacts; every style plays nothing here.
        case light, medium, heavy, soft, rigid
    }
    /// Makes a generator of `style` impacts, which play nothing.
    public init(style: FeedbackStyle = .medium) {}
    /// Does nothing: there is nothing to prepare.
    public func prepare() {}
    /// Does nothing: a browser has no haptics.
    public func impactOccurred() {}
    /// Does nothing, at any `intensity`: a browser has no haptics.
    public func impactOccurred(intensity: CGFloat) {}
}

/// Success, warning and error haptics: a browser page has none, so these do nothing.
public final class UINotificationFeedbackGenerator: Sendable {
    /// The kind of notification haptic: success, warning or error.
    public enum FeedbackType: Sendable {
        /// A task succeeded, a warning, or a failure; `notificationOccurred(_:)` plays nothing for any of them.
        case success, warning, error
    }
    /// Makes a generator that plays nothing.
    public init() {}
    /// Does nothing: there is nothing to prepare.
    public func prepare() {}
    /// Does nothing: a browser has no haptics.
    public func notificationOccurred(_ notificationType: FeedbackType) {}
}

/// The tick of a changing selection: a browser page has no haptics, so these do nothing.
public final class UISelectionFeedbackGenerator: Sendable {
    /// Makes a generator that plays nothing.
    public init() {}
    /// Does nothing: there is nothing to prepare.
    public func prepare() {}
    /// Does nothing: a browser has no haptics.
    public func selectionChanged() {}
}

/// SwiftUI's haptics (`.sensoryFeedback(.success, trigger: saved)`): as the feedback
/// generators, nothing a browser page can play — the view is as it is, as on a device without
/// a Taptic Engine.
public struct SensoryFeedback: Equatable, Sendable {
    let name: String
    /// A task succeeded. Plays nothing here.
    public static let success = SensoryFeedback(name: "success")
    /// A warning. Plays nothing here.
    public static let warning = SensoryFeedback(name: "warning")
    /// An error. Plays nothing here.
    public static let error = SensoryFeedback(name: "error")
    /// A selection changed. Plays nothing here.
    public static let selection = SensoryFeedback(name: "selection")
    /// A value went up. Plays nothing here.
    public static let increase = SensoryFeedback(name: "increase")
    /// A value went down. Plays nothing here.
    public static let decrease = SensoryFeedback(name: "decrease")
    /// An activity started. Plays nothing here.
    public static let start = SensoryFeedback(name: "start")
    /// An activity stopped. Plays nothing here.
    public static let stop = SensoryFeedback(name: "stop")
    /// Something snapped into alignment. Plays nothing here.
    public static let alignment = SensoryFeedback(name: "alignment")
    /// A value crossed into another level. Plays nothing here.
    public static let levelChange = SensoryFeedback(name: "levelChange")
    /// A path was finished. Plays nothing here.
    public static let pathComplete = SensoryFeedback(name: "pathComplete")
    /// An impact. Plays nothing here.
    public static let impact = SensoryFeedback(name: "impact")
    /// An impact of `weight` and `intensity` (both ignored): `.impact`, which plays nothing here.
    public static func impact(weight: Weight = .medium, intensity: Double = 1) -> SensoryFeedback { .impact }
    /// An impact of `flexibility` and `intensity` (both ignored): `.impact`, which plays nothing here.
    public static func impact(flexibility: Flexibility, intensity: Double = 1) -> SensoryFeedback { .impact }

    /// How heavy an impact is: light, medium or heavy.
    public enum Weight: Sendable, Equatable {
        /// Light, medium (the default) or heavy; ignored by `impact(weight:intensity:)`, which plays nothing here.
        case light, medium, heavy
    }
    /// How flexible an impact's objects are: rigid, solid or soft.
    public enum Flexibility: Sendable, Equatable {
        /// Rigid, solid or soft; ignored by `impact(flexibility:intensity:)`, which plays nothing here.
        case rigid, solid, soft
    }
}

extension View {
    /// Haptics when `trigger` changes: none on a page (see `SensoryFeedback`).
    public func sensoryFeedback<T: Equatable>(_ feedback: SensoryFeedback, trigger: T) -> some View { self }
    /// Haptics when `trigger` changes and `condition` says so: none on a page, so this returns the view as it is.
    public func sensoryFeedback<T: Equatable>(_ feedback: SensoryFeedback, trigger: T, condition: @escaping (T, T) -> Bool) -> some View {
        self
    }
    /// Haptics `feedback` chooses when `trigger` changes: none on a page, so this returns the view as it is
    /// (`feedback` is never called).
    public func sensoryFeedback<T: Equatable>(trigger: T, _ feedback: @escaping (T, T) -> SensoryFeedback?) -> some View { self }
}

/// The corners of a rectangle (`UIBezierPath(roundedRect:byRoundingCorners:cornerRadii:)`).
public struct UIRectCorner: OptionSet, Sendable {
    /// The corners' bits.
    public let rawValue: UInt
    /// Makes a set of corners from their bits.
    public init(rawValue: UInt) { self.rawValue = rawValue }
    /// The top-left corner.
    public static let topLeft = UIRectCorner(rawValue: 1)
    /// The top-right corner.
    public static let topRight = UIRectCorner(rawValue: 2)
    /// The bottom-left corner.
    public static let bottomLeft = UIRectCorner(rawValue: 4)
    /// The bottom-right corner.
    public static let bottomRight = UIRectCorner(rawValue: 8)
    /// All four corners.
    public static let allCorners: UIRectCorner = [.topLeft, .topRight, .bottomLeft, .bottomRight]
}

/// UIKit's path, as shapes of apps build it and hand to SwiftUI (`Path(bezier.cgPath)`): it
/// is a `Path` (UIKit's `clockwise` is the screen's, SwiftUI's the other way).
@MainActor @preconcurrency
open class UIBezierPath {
    /// The path built so far, as SwiftUI's `Path`.
    public private(set) var cgPath = Path()

    /// Makes an empty path.
    public init() {}

    /// Makes the outline of `rect`.
    public init(rect: CGRect) { cgPath = Path(rect) }

    /// Makes the oval inscribed in `rect`.
    public init(ovalIn rect: CGRect) { cgPath = Path(ellipseIn: rect) }

    /// Makes `rect` with corners rounded by `cornerRadius`.
    public init(roundedRect rect: CGRect, cornerRadius: CGFloat) { cgPath = Path(roundedRect: rect, cornerRadius: cornerRadius) }

    /// Makes `rect` with the `corners` given rounded by `cornerRadii.width` (at most half the rectangle's width and height).
    public init(roundedRect rect: CGRect, byRoundingCorners corners: UIRectCorner, cornerRadii: CGSize) {
        let radius = min(cornerRadii.width, rect.width / 2, rect.height / 2)
        cgPath = UnevenRoundedRectangle(
            topLeadingRadius: corners.contains(.topLeft) ? radius : 0, bottomLeadingRadius: corners.contains(.bottomLeft) ? radius : 0,
            bottomTrailingRadius: corners.contains(.bottomRight) ? radius : 0, topTrailingRadius: corners.contains(.topRight) ? radius : 0
        ).path(in: rect)
    }

    /// Starts a new subpath at `point`.
    public func move(to point: CGPoint) { cgPath.move(to: point) }
    /// Adds a straight line to `point`.
    public func addLine(to point: CGPoint) { cgPath.addLine(to: point) }
    /// Adds a quadratic curve to `point`, bent towards `controlPoint`.
    public func addQuadCurve(to point: CGPoint, controlPoint: CGPoint) { cgPath.addQuadCurve(to: point, control: controlPoint) }
    /// Adds a cubic curve to `point`, with two control points.
    public func addCurve(to point: CGPoint, controlPoint1: CGPoint, controlPoint2: CGPoint) {
        cgPath.addCurve(to: point, control1: controlPoint1, control2: controlPoint2)
    }
    /// Adds an arc around `center` from `startAngle` to `endAngle` (radians), `clockwise` on the screen as UIKit means it.
    public func addArc(withCenter center: CGPoint, radius: CGFloat, startAngle: CGFloat, endAngle: CGFloat, clockwise: Bool) {
        cgPath.addArc(
            center: center, radius: radius, startAngle: .radians(Double(startAngle)), endAngle: .radians(Double(endAngle)),
            clockwise: !clockwise)
    }
    /// Closes the current subpath with a line to its start.
    public func close() { cgPath.closeSubpath() }
    /// Adds the subpaths of `other`.
    public func append(_ other: UIBezierPath) { cgPath.addPath(other.cgPath) }
}

extension Path {
    /// A path from another (`Path(bezier.cgPath)`).
    public init(_ path: Path) { self = path }
}

/// A length that follows the reader's text size (`@ScaledMetric var iconSize: CGFloat = 24`). In
/// a browser the reader's text size and zoom scale the whole page, this length with it: the value
/// is the one written.
@propertyWrapper
public struct ScaledMetric<Value: BinaryFloatingPoint>: DynamicProperty {
    /// The length as written: the page scales with the reader's text size and zoom, so the value is not scaled.
    public let wrappedValue: Value
    /// A length of `wrappedValue`, used as written.
    public init(wrappedValue: Value) { self.wrappedValue = wrappedValue }
    /// A length of `wrappedValue`, used as written (`textStyle` is ignored).
    public init(wrappedValue: Value, relativeTo textStyle: Font.TextStyle) { self.wrappedValue = wrappedValue }
}

/// A method's name, as UIKit code names actions (`#selector(UIResponder.resignFirstResponder)`,
/// which `jetway port` writes `Selector("resignFirstResponder")`: Linux has no Objective-C
/// runtime). `UIApplication.sendAction` answers `resignFirstResponder`.
public struct Selector: Hashable, Sendable, ExpressibleByStringLiteral, CustomStringConvertible {
    /// The method's name (`"resignFirstResponder"`).
    public let name: String
    /// Makes a selector of the method `name`.
    public init(_ name: String) { self.name = name }
    /// Makes a selector from a string literal: `"resignFirstResponder"`.
    public init(stringLiteral name: String) { self.name = name }
    /// The method's name.
    public var description: String { name }
}

extension UIResponder {
    // The on-screen keyboard's notifications, as chat and form screens pad themselves with:
    // posted for a page when its browser's keyboard comes, goes or changes height (the
    // browser's visual viewport, on phones and tablets), heard through `NotificationCenter
    // .default.publisher(for:)` by that page's views only. The user info holds the keyboard's
    // frame (a `CGRect`) at the bottom of `UIScreen.main.bounds`, its duration and curve.
    /// Posted for a page when its browser's on-screen keyboard comes up, with its frame in the user info.
    nonisolated public static let keyboardWillShowNotification = Notification.Name("UIKeyboardWillShowNotification")
    /// Posted for a page after `keyboardWillShowNotification`, with the same user info.
    nonisolated public static let keyboardDidShowNotification = Notification.Name("UIKeyboardDidShowNotification")
    /// Posted for a page when its browser's on-screen keyboard goes away.
    nonisolated public static let keyboardWillHideNotification = Notification.Name("UIKeyboardWillHideNotification")
    /// Posted for a page after `keyboardWillHideNotification`, with the same user info.
    nonisolated public static let keyboardDidHideNotification = Notification.Name("UIKeyboardDidHideNotification")
    /// Posted for a page whenever its browser's on-screen keyboard comes, goes or changes height.
    nonisolated public static let keyboardWillChangeFrameNotification = Notification.Name("UIKeyboardWillChangeFrameNotification")
    /// Posted for a page after `keyboardWillChangeFrameNotification`, with the same user info.
    nonisolated public static let keyboardDidChangeFrameNotification = Notification.Name("UIKeyboardDidChangeFrameNotification")
    /// The user-info key of the keyboard's frame before the change (a `CGRect`; zero height when it was hidden).
    nonisolated public static let keyboardFrameBeginUserInfoKey = "UIKeyboardFrameBeginUserInfoKey"
    /// The user-info key of the keyboard's frame after the change (a `CGRect` at the bottom of `UIScreen.main.bounds`).
    nonisolated public static let keyboardFrameEndUserInfoKey = "UIKeyboardFrameEndUserInfoKey"
    /// The user-info key of the animation's duration: always 0.25 seconds here.
    nonisolated public static let keyboardAnimationDurationUserInfoKey = "UIKeyboardAnimationDurationUserInfoKey"
    /// The user-info key of the animation's curve: always `UIView.AnimationCurve.easeInOut` here.
    nonisolated public static let keyboardAnimationCurveUserInfoKey = "UIKeyboardAnimationCurveUserInfoKey"
    /// The user-info key of whether the keyboard belongs to this app: always `true` here.
    nonisolated public static let keyboardIsLocalUserInfoKey = "UIKeyboardIsLocalUserInfoKey"

    nonisolated static let keyboardNotifications: Set<Notification.Name> = [
        keyboardWillShowNotification, keyboardDidShowNotification, keyboardWillHideNotification, keyboardDidHideNotification,
        keyboardWillChangeFrameNotification, keyboardDidChangeFrameNotification,
    ]
}

extension UIApplication {
    // UIKit's `UIApplication` is a responder: its keyboard notifications are these.
    /// `UIResponder.keyboardWillShowNotification`.
    nonisolated public static var keyboardWillShowNotification: Notification.Name { UIResponder.keyboardWillShowNotification }
    /// `UIResponder.keyboardDidShowNotification`.
    nonisolated public static var keyboardDidShowNotification: Notification.Name { UIResponder.keyboardDidShowNotification }
    /// `UIResponder.keyboardWillHideNotification`.
    nonisolated public static var keyboardWillHideNotification: Notification.Name { UIResponder.keyboardWillHideNotification }
    /// `UIResponder.keyboardDidHideNotification`.
    nonisolated public static var keyboardDidHideNotification: Notification.Name { UIResponder.keyboardDidHideNotification }
    /// `UIResponder.keyboardFrameEndUserInfoKey`.
    nonisolated public static var keyboardFrameEndUserInfoKey: String { UIResponder.keyboardFrameEndUserInfoKey }
}

extension UIView {
    /// How an animation eases.
    public enum AnimationCurve: Int, Sendable {
        /// Ease in and out, ease in, ease out, or linear.
        case easeInOut, easeIn, easeOut, linear
    }
}

/// What takes the keyboard's input in UIKit: here, the field the visitor is typing in.
/// `resignFirstResponder()` takes the focus out of the acting page's field (the keyboard goes
/// away on a phone); a page decides its own first responder, so `becomeFirstResponder()` is
/// not answered (use `@FocusState`) and returns false.
@MainActor @preconcurrency
open class UIResponder: NSObject {
    /// Makes a responder.
    public override init() { super.init() }

    /// Takes the focus out of the field the page acting is typing in and returns `true`; outside a page's handler it
    /// does nothing and returns `false`.
    @discardableResult
    open func resignFirstResponder() -> Bool {
        guard let page = PageHost.acting else { return false }
        page.endEditing()
        return true
    }

    /// Returns `false` and does nothing: the page decides its own first responder (use `@FocusState`).
    @discardableResult
    open func becomeFirstResponder() -> Bool { false }
}

/// The pasteboard (`UIPasteboard.general`): what the app copies goes to the clipboard of the
/// browser whose page is acting (the browser allows it just after the visitor's click or key);
/// reading gives what this server last copied for that page, not the visitor's clipboard (a
/// page may read it only when the visitor pastes).
@MainActor @preconcurrency
public final class UIPasteboard {
    /// The app's one pasteboard.
    public static let general = UIPasteboard()

    /// The text copied last by the page acting, or copies `newValue` to its browser's clipboard.
    /// What a page copied is kept with that page: no other page, or session, reads it, and it
    /// goes when the page goes.
    public var string: String? {
        get { PageHost.current?.copiedText }
        set {
            guard let page = PageHost.current else { return }
            page.copiedText = newValue
            page.media("copy", player: 0, source: newValue ?? "")
        }
    }

    /// The copied text as one string, or copies the strings given, joined by newlines, as one text.
    public var strings: [String]? {
        get { string.map { [$0] } }
        set { string = newValue?.joined(separator: "\n") }
    }

    /// The copied text read as a URL, or copies a URL's address as text.
    public var url: URL? {
        get { string.flatMap(URL.init(string:)) }
        set { string = newValue?.absoluteString }
    }

    /// Whether the page acting has copied text here (not whether the visitor's clipboard has any).
    public var hasStrings: Bool { string != nil }
}
