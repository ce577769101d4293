import Foundation
import JetwayTesting
import Testing

@testable import Jetway

// The UIKit idioms SwiftUI apps keep from their UIKit days, as those apps write them: a view
// subclass with `init(frame:)` and `init?(coder:)`, a hosting-controller subclass, the
// keyboard dismissed through the key window, the device's idiom for an iPad layout, and the
// iOS 13 bar appearances set once at launch.

/// A custom UIKit view, as UIKit code subclasses one.
final class BadgeView: UIView {
    let count: Int
    init(count: Int) {
        self.count = count
        super.init(frame: .zero)
        backgroundColor = .systemRed
    }
    required init?(coder: NSCoder) { fatalError("init(coder:) has not been implemented") }
}

/// A hosting controller with a stored property of its own.
final class KeyedHostingController<Content: View>: UIHostingController<Content> {
    let name: String
    init(name: String, rootView: Content) {
        self.name = name
        super.init(rootView: rootView)
    }
    required dynamic init?(coder aDecoder: NSCoder) { fatalError("init(coder:) will not be implemented") }
}

private struct Grid: View {
    var body: some View {
        if UIDevice.current.userInterfaceIdiom == .pad {
            Text("Four columns")
        } else {
            Text("Two columns")
        }
    }
}

/// An outlined title, as a game draws one through a label's attributed text.
private struct OutlinedTitle: UIViewRepresentable {
    let text: String
    func makeUIView(context: Context) -> UILabel {
        let label = UILabel()
        label.lineBreakMode = .byClipping
        label.numberOfLines = 0
        label.textAlignment = .center
        return label
    }
    func updateUIView(_ uiView: UILabel, context: Context) {
        uiView.attributedText = NSAttributedString(
            string: text, attributes: [.foregroundColor: UIColor.systemRed, .strokeColor: UIColor.white, .strokeWidth: -3.0])
    }
}

@MainActor
@Suite(.serialized)
struct UIKitIdiomsTests {
    @Test func aLabelsAttributedTextShowsItsRuns() {
        let html = ViewHost(OutlinedTitle(text: "SNAKE")).html
        #expect(html.contains(">SNAKE</span>"), "\(html)")
        #expect(html.contains("color:\(UIColor.systemRed.css)") && html.contains("-webkit-text-stroke:0.03em \(UIColor.white.css)"))
        #expect(html.contains("text-overflow:clip") && html.contains("text-align:center"))
        let label = UILabel()
        label.attributedText = NSAttributedString(string: "Gate")
        label.text = "Gate B"
        #expect(label.attributedText?.string == "Gate B", "setting the text replaces the attributed text")
    }

    @Test func subclassesWithInitialisersOfTheirOwn() {
        let badge = BadgeView(count: 3)
        #expect(badge.count == 3 && badge.backgroundColor == .systemRed)
        let controller = KeyedHostingController(name: "keys", rootView: Text("Snake"))
        #expect(controller.name == "keys")
        #expect(UIView(coder: NSCoder()) == nil, "no storyboard here: a view is never unarchived")
    }

    @Test func theDevicesIdiomIsThePagesBrowsers() {
        #expect(ViewHost(Grid()).text.contains("Two columns"), "with no browser: a phone")
        var environment = EnvironmentValues()
        environment.request = RequestContext(userInterfaceIdiom: .pad)
        #expect(ViewHost(Grid(), environment: environment).text.contains("Four columns"))
        #expect(UIDevice.current.userInterfaceIdiom == .phone, "outside a page: a phone")
        #expect(Double(UIDevice.current.systemVersion) ?? 0 >= 16, "apps compare the version before newer APIs")
    }

    @Test func userAgentsNameTheirKindOfDevice() {
        let iPhone = "Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X) AppleWebKit/605.1.15 Mobile/15E148"
        let iPad = "Mozilla/5.0 (iPad; CPU OS 17_0 like Mac OS X) AppleWebKit/605.1.15 Mobile/15E148"
        let androidPhone = "Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 Chrome/120.0 Mobile Safari/537.36"
        let androidTablet = "Mozilla/5.0 (Linux; Android 14; SM-X710) AppleWebKit/537.36 Chrome/120.0 Safari/537.36"
        let desktop = "Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 Chrome/120.0 Safari/537.36"
        #expect(RequestContext.idiom(forUserAgent: iPhone) == .phone)
        #expect(RequestContext.idiom(forUserAgent: iPad) == .pad)
        #expect(RequestContext.idiom(forUserAgent: androidPhone) == .phone)
        #expect(RequestContext.idiom(forUserAgent: androidTablet) == .pad)
        #expect(RequestContext.idiom(forUserAgent: desktop) == .mac)
        #expect(RequestContext.idiom(forUserAgent: nil) == .phone)
    }

    @Test func theKeyWindowEndsTheEditing() throws {
        struct Workout: View {
            @State private var reps = "12"
            var body: some View {
                VStack {
                    TextField("Reps", text: $reps)
                    Button("Done") {
                        UIApplication.shared.windows.filter { $0.isKeyWindow }.first?.endEditing(true)
                    }
                    Text("top \(Int(UIApplication.shared.windows.first?.safeAreaInsets.top ?? -1))")
                }
            }
        }
        let host = ViewHost(Workout())
        #expect(host.text.contains("top 0"), "the page lays out inside the browser's safe area")
        try host.tap("Done")
        #expect(host.dom.root.attribute(RuntimeContract.Attribute.focus) == "1 0", "the field loses the focus")
        let scene = UIApplication.shared.connectedScenes.first as? UIWindowScene
        #expect(scene?.keyWindow != nil)
    }

    @Test func barAppearancesAreThePagesStylesheet() {
        defer { UIKitAppearance.reset() }
        let fresh = UITabBarAppearance(idiom: .phone)
        UITabBar.appearance().scrollEdgeAppearance = fresh
        #expect(UIKitAppearance.stylesheet.isEmpty, "an appearance nothing was set on changes nothing")

        let navigation = UINavigationBarAppearance()
        navigation.configureWithOpaqueBackground()
        navigation.backgroundColor = .systemIndigo
        navigation.titleTextAttributes = [.foregroundColor: UIColor.white]
        UINavigationBar.appearance().standardAppearance = navigation
        UINavigationBar.appearance().scrollEdgeAppearance = navigation
        let tabs = UITabBarAppearance()
        tabs.configureWithTransparentBackground()
        tabs.stackedLayoutAppearance.selected.iconColor = .systemOrange
        tabs.stackedLayoutAppearance.normal.titleTextAttributes = [.foregroundColor: UIColor.gray]
        UITabBar.appearance().standardAppearance = tabs
        let sheet = UIKitAppearance.stylesheet
        #expect(sheet.contains(".\(RuntimeContract.Class.navTitle) { color: \(UIColor.white.css); }"), "\(sheet)")
        #expect(sheet.contains("{ background: \(UIColor.systemIndigo.css); }"))
        #expect(sheet.contains(".\(RuntimeContract.Class.tabbar) { background: transparent; }"))
        #expect(sheet.contains("[aria-selected=\"true\"] { color: \(UIColor.systemOrange.css); }"))
        #expect(sheet.contains(":not([aria-selected=\"true\"]) { color: \(UIColor.gray.css); }"))
        #expect(ViewHost(Text("Board")).html.contains("Board"))
    }
}

/// A chat screen that makes room for the on-screen keyboard, as iOS 13-era apps did.
private struct ChatRoom: View {
    @State private var keyboardHeight: CGFloat = 0
    @State private var draft = ""
    var body: some View {
        VStack {
            Text("Room for the keyboard \(Int(keyboardHeight))")
            TextField("Message", text: $draft)
        }
        .padding(.bottom, keyboardHeight)
        .onReceive(
            Publishers.MergeMany(
                NotificationCenter.default.publisher(for: UIApplication.keyboardWillShowNotification),
                NotificationCenter.default.publisher(for: UIApplication.keyboardWillHideNotification)
            )
            .compactMap { note -> CGFloat? in
                guard let frame = note.userInfo?[UIResponder.keyboardFrameEndUserInfoKey] as? CGRect else { return nil }
                return note.name == UIResponder.keyboardWillShowNotification ? frame.height : 0
            }
        ) { keyboardHeight = $0 }
    }
}

@MainActor
struct KeyboardNotificationTests {
    @Test func eachPageHearsItsOwnKeyboard() throws {
        let first = ViewHost(ChatRoom())
        let second = ViewHost(ChatRoom())
        // Subscribed after the first render: the page then asks for its keyboard.
        try first.update()
        try second.update()
        #expect(first.dom.root.attribute("data-on")?.contains("keyboard") == true, "the page listens for its keyboard")
        try first.send(.keyboard, .number(300)) { $0 === first.dom.root }
        try first.update()
        #expect(first.text.contains("Room for the keyboard 300"))
        try second.update()
        #expect(second.text.contains("Room for the keyboard 0"), "another page's keyboard is not this page's")
        try first.send(.keyboard, .number(0)) { $0 === first.dom.root }
        try first.update()
        #expect(first.text.contains("Room for the keyboard 0"))
        #expect(throws: JetwayError.self) { try first.send(.keyboard, .number(-5)) { $0 === first.dom.root } }
    }
}
