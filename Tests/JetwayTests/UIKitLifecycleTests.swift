import JetwayTesting
import Testing

@testable import Jetway

// The UIKit life cycle of Xcode 11's SwiftUI template, as those apps wrote it: an app delegate,
// a scene delegate that hosts the content view (with a store of its own) in its window.

final class ShoppingStore: ObservableObject {
    @Published var items = ["Milk"]
}

struct ShoppingList: View {
    @EnvironmentObject var store: ShoppingStore
    var body: some View {
        VStack {
            ForEach(store.items, id: \.self) { Text($0) }
            Button("Add bread") { store.items.append("Bread") }
        }
    }
}

final class ShoppingAppDelegate: UIResponder, UIApplicationDelegate {
    var launched = false
    var discarded = 0

    func application(_ application: UIApplication, didFinishLaunchingWithOptions launchOptions: [UIApplication.LaunchOptionsKey: Any]?)
        -> Bool
    {
        launched = true
        return true
    }

    func application(_ application: UIApplication, didDiscardSceneSessions sceneSessions: Set<UISceneSession>) {
        discarded += sceneSessions.count
    }
}

/// Found by its name, as the template's Info.plist names it (`$(PRODUCT_MODULE_NAME).SceneDelegate`).
final class SceneDelegate: UIResponder, UIWindowSceneDelegate {
    var window: UIWindow?
    let store = ShoppingStore()
    static var phases: [String] = []

    func scene(_ scene: UIScene, willConnectTo session: UISceneSession, options connectionOptions: UIScene.ConnectionOptions) {
        if let windowScene = scene as? UIWindowScene {
            let window = UIWindow(windowScene: windowScene)
            window.rootViewController = UIHostingController(rootView: ShoppingList().environmentObject(store))
            self.window = window
            window.makeKeyAndVisible()
        }
    }

    func sceneDidBecomeActive(_ scene: UIScene) { Self.phases.append("active") }
    func sceneDidEnterBackground(_ scene: UIScene) { Self.phases.append("background") }
}

@MainActor
@Suite(.serialized)
struct UIKitLifecycleTests {
    @Test func eachPageIsASceneShowingItsHostingControllersView() throws {
        let delegate = ShoppingAppDelegate()
        SceneDelegate.phases = []
        UIApplication.shared.delegate = delegate
        defer { UIApplication.shared.delegate = nil }
        _ = delegate.application(UIApplication.shared, didFinishLaunchingWithOptions: nil)
        #expect(delegate.launched)
        let first = ViewHost(UIKitScene())
        let second = ViewHost(UIKitScene())
        #expect(first.text.contains("Milk"))
        try first.tap("Add bread")
        #expect(first.text.contains("Bread"))
        #expect(!second.text.contains("Bread"), "each page is a scene with its own scene delegate and store")
        #expect((UIApplication.shared.delegate as? ShoppingAppDelegate) === delegate)
        #expect(SceneDelegate.phases == ["active", "active"], "each scene told it is active once connected")
        // The page hidden and shown: the scene goes to the background and comes back.
        SceneDelegate.phases = []
        try first.send(.phase, .text("background")) { $0 === first.dom.root }
        try first.send(.phase, .text("active")) { $0 === first.dom.root }
        #expect(SceneDelegate.phases == ["background", "active"])
    }

    @Test func aConfigurationsDelegateClassAndNoWindow() {
        final class Configured: UIResponder, UIApplicationDelegate {
            func application(
                _ application: UIApplication, configurationForConnecting connectingSceneSession: UISceneSession,
                options: UIScene.ConnectionOptions
            ) -> UISceneConfiguration {
                let configuration = UISceneConfiguration(name: "Default Configuration", sessionRole: connectingSceneSession.role)
                configuration.delegateClass = Windowless.self
                return configuration
            }
        }
        final class Windowless: UIResponder, UISceneDelegate {}
        UIApplication.shared.delegate = Configured()
        defer { UIApplication.shared.delegate = nil }
        #expect(ViewHost(UIKitScene()).text.contains("no UIHostingController"), "a page says why it has nothing to show")
    }
}
