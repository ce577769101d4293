import Foundation

// The UIKit names SwiftUI apps reach for, where a browser page has the same thing: opening an
// address, the screen's size, haptic feedback. What they do in the page is said on each; what a
// page cannot do is said in docs/porting.md.

/// Opens an address from a view: `@Environment(\.openURL) private var openURL`, then
/// `openURL(url)`. The page opens an address of this app or an `http`/`https` one in its tab;
/// anything else is refused.
public struct OpenURLAction: Sendable {
    let page: (@MainActor @Sendable (URL) -> Bool)?

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

    @MainActor public func callAsFunction(_ url: URL) {
        _ = page?(url)
    }

    @MainActor public func callAsFunction(_ url: URL, completion: (Bool) -> Void) {
        completion(page?(url) ?? false)
    }

    public enum Result: Sendable {
        case handled, discarded
        case systemAction(URL?)
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
@MainActor
public final class UIApplication {
    public static let shared = UIApplication()

    /// Opens `url` in the page whose event is being handled (an address of this app, or an
    /// `http`/`https` one); nothing outside an event's handler.
    public func open(_ url: URL, options: [String: Any] = [:], completionHandler: ((Bool) -> Void)? = nil) {
        let opened = PageHost.acting?.open(url) ?? false
        completionHandler?(opened)
    }

    /// Whether the page can open `url`: an address of this app or an `http`/`https` one.
    public func canOpenURL(_ url: URL) -> Bool {
        URLPolicy.sanitize(url.absoluteString) != nil
    }

    /// The address of the app's settings: `/settings` (its `Settings` scene).
    public static let openSettingsURLString = "/settings"
}

/// The screen, as UIKit code asks for its size: a phone's (390 × 844 points), the size Jetway
/// lays out a page whose browser has not reported its own. For the page's real size use
/// `GeometryReader`, which follows the browser window.
@MainActor
public final class UIScreen {
    public static let main = UIScreen()
    public var bounds: CGRect { CGRect(origin: .zero, size: GeometryProxy.defaultSize) }
    public var scale: CGFloat { 2 }
}

/// Haptic feedback: a browser page has no haptics to drive (the Vibration API is a phone's
/// buzzer, not a tap), so these do nothing, as on a device without a Taptic Engine.
public final class UIImpactFeedbackGenerator: Sendable {
    public enum FeedbackStyle: Sendable { case light, medium, heavy, soft, rigid }
    public init(style: FeedbackStyle = .medium) {}
    public func prepare() {}
    public func impactOccurred() {}
    public func impactOccurred(intensity: CGFloat) {}
}

public final class UINotificationFeedbackGenerator: Sendable {
    public enum FeedbackType: Sendable { case success, warning, error }
    public init() {}
    public func prepare() {}
    public func notificationOccurred(_ notificationType: FeedbackType) {}
}

public final class UISelectionFeedbackGenerator: Sendable {
    public init() {}
    public func prepare() {}
    public func selectionChanged() {}
}
