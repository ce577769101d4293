import Foundation
import JetwayPort
import JetwayTesting
import Testing

@testable import Jetway
@testable import JetwayWire

// Names published apps use that came up when porting them: Xcode's colour literals, UIKit
// colours' channels, images from downloaded bytes, the app's life-cycle notifications and idle
// timer, list and index styles by type, older accessibility modifiers, hit testing, and the
// Foundation names Linux lacks.

private struct Palette {
    let border: [Color] = [#colorLiteral(red: 0.2, green: 0.4, blue: 1, alpha: 1)].map { Color($0) }
    let hint = Color(#colorLiteral(red: 1, green: 0, blue: 0, alpha: 0.5))
}

private struct FlashcardsScreen: View {
    @State private var isActive = true
    @State private var heard: [String] = []
    var body: some View {
        VStack {
            Text(isActive ? "active" : "paused")
            Text(heard.joined(separator: " "))
            Button("Wrong") {}.accessibility(label: Text("Mark wrong")).accessibility(hint: Text("Marks the card"))
            Text("Decoration").allowsHitTesting(false)
            List { Text("Card") }.listStyle(GroupedListStyle())
            TabView {
                Text("One"); Text("Two")
            }
            .tabViewStyle(.page)
            .indexViewStyle(PageIndexViewStyle(backgroundDisplayMode: .always))
        }
        .onReceive(NotificationCenter.default.publisher(for: UIApplication.willResignActiveNotification)) { _ in
            isActive = false
            heard.append("resign")
        }
        .onReceive(NotificationCenter.default.publisher(for: UIApplication.willEnterForegroundNotification)) { _ in
            isActive = true
            heard.append("foreground")
        }
    }
}

private struct TimerScreen: View {
    var body: some View {
        Text("Running")
            .onAppear { UIApplication.shared.isIdleTimerDisabled = true }
            .onDisappear { UIApplication.shared.isIdleTimerDisabled = false }
    }
}

/// Saves a draft when the app ends, as a root view of a UI kit does.
private final class Drafts {
    var saved: [String] = []
}

private struct DraftScreen: View {
    let drafts: Drafts
    var body: some View {
        Text("Draft")
            .onReceive(NotificationCenter.default.publisher(for: UIApplication.willTerminateNotification)) { _ in
                drafts.saved.append("draft")
            }
    }
}

@MainActor
struct PortedNamesTests {
    @Test func thePageEndingIsTheAppTerminating() throws {
        let drafts = Drafts(), other = Drafts()
        let host = ViewHost(DraftScreen(drafts: drafts))
        let second = ViewHost(DraftScreen(drafts: other))
        try host.update()
        try second.update()
        #expect(drafts.saved.isEmpty)
        host.graph.tearDown()
        #expect(drafts.saved == ["draft"], "told once, while its views are there")
        #expect(other.saved.isEmpty, "another page goes on")
    }

    @Test func colourLiteralsAndChannels() throws {
        let palette = Palette()
        #expect(palette.border[0].css == "rgb(51 102 255 / 1)")
        #expect(palette.hint.css == "rgb(255 0 0 / 0.5)")
        var red: CGFloat = 0, green: CGFloat = 0, blue: CGFloat = 0, alpha: CGFloat = 0
        #expect(UIColor(Color(red: 1, green: 0.5, blue: 0)).getRed(&red, green: &green, blue: &blue, alpha: &alpha))
        #expect(red == 1 && abs(green - 128.0 / 255) < 1e-9 && blue == 0 && alpha == 1)
        UIColor(Color.blue.opacity(0.5)).getRed(&red, green: &green, blue: &blue, alpha: &alpha)
        #expect(abs(blue - 1) < 1e-9 && abs(alpha - 0.5) < 1e-9, "a named colour's light value, at half opacity")
        #expect(
            !UIColor(Color("Runway")).getRed(&red, green: &green, blue: &blue, alpha: &alpha), "a theme's colour is the page's to resolve")
        // UIKit's plain colours (written `#f00`, `#555`) have their channels.
        #expect(UIColor.red.getRed(&red, green: &green, blue: &blue, alpha: &alpha) && red == 1 && green == 0 && blue == 0 && alpha == 1)
        #expect(UIColor.darkGray.getRed(&red, green: &green, blue: &blue, alpha: &alpha) && abs(red - 85.0 / 255) < 1e-9)
        #expect(UIColor.white.getRed(&red, green: &green, blue: &blue, alpha: &alpha) && red == 1 && blue == 1)
    }

    @Test func symbolImagesAndMultipleSelectionImporters() throws {
        // A book's cover falls back to a symbol named after its first letter, when there is one.
        #expect(UIImage(systemName: "book") != nil)
        #expect(UIImage(systemName: "no.such.symbol") == nil, "as UIKit: nil for a name it lacks")
        let html = ViewHost(Image(uiImage: try #require(UIImage(systemName: "book")))).html
        #expect(html.contains(StyleClass.symbol), "\(html)")
        var imported: [URL]?
        _ = ViewHost(
            Button("Import") {}.fileImporter(isPresented: .constant(false), allowedContentTypes: [.json], allowsMultipleSelection: false) {
                imported = try? $0.get()
            })
        #expect(imported == nil)
        #expect(URL(fileURLWithPath: "/tmp/x.json").startAccessingSecurityScopedResource())
    }

    @Test func imagesFromBytesKnowTheirSize() throws {
        var png: [UInt8] = [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A, 0, 0, 0, 13, 0x49, 0x48, 0x44, 0x52]
        png += [0, 0, 1, 44, 0, 0, 0, 200] + [UInt8](repeating: 0, count: 8)
        let image = try #require(UIImage(data: Data(png)))
        #expect(image.size == CGSize(width: 300, height: 200) && image.mimeType == "image/png")
        let gif: [UInt8] = Array("GIF89a".utf8) + [10, 0, 20, 0]
        #expect(UIImage(data: Data(gif))?.size == CGSize(width: 10, height: 20))
        let jpeg: [UInt8] = [0xFF, 0xD8, 0xFF, 0xE0, 0, 4, 0, 0, 0xFF, 0xC0, 0, 11, 8, 0, 48, 0, 64, 3, 0, 0, 0]
        #expect(UIImage(data: Data(jpeg))?.size == CGSize(width: 64, height: 48))
        #expect(UIImage(data: Data("<svg/>".utf8)) == nil, "not a raster image")
        let host = ViewHost(Image(uiImage: image))
        try host.update()
        #expect(host.html.contains("src=\"data:image/png;base64,"))
        #expect(URLPolicy.sanitize("data:text/html;base64,PHNjcmlwdD4=", attribute: "src") == nil)
        #expect(URLPolicy.sanitize("data:image/png;base64,AAA\"onerror=x", attribute: "src") == nil)
        #expect(URLPolicy.sanitize("data:image/png;base64,AAAA", attribute: "href") == nil)
        #expect(URLPolicy.sanitize("data:audio/wav;base64,UklGRg==", attribute: "src") == "data:audio/wav;base64,UklGRg==")
        #expect(URLPolicy.sanitize("data:video/mp4;base64,AAAA", attribute: "href") == nil)
    }

    @Test func lifeCycleNotificationsComeFromTheViewsOwnPage() throws {
        let host = ViewHost(FlashcardsScreen())
        let other = ViewHost(FlashcardsScreen())
        try host.update()
        try other.update()
        try host.send(.phase, .text("background")) { $0.attribute("class") == RuntimeContract.Class.root }
        #expect(host.text.contains("paused") && host.text.contains("resign"))
        try other.update()
        #expect(other.text.contains("active") && !other.text.contains("resign"), "another page is not told")
        try host.send(.phase, .text("active")) { $0.attribute("class") == RuntimeContract.Class.root }
        #expect(host.text.contains("active") && host.text.contains("resign foreground"))
    }

    @Test func theUIKitNamesPortTakesAsJetwaysAreJetways() {
        // Each is written as a type, so a name Jetway lost stops this file compiling.
        let types: [String: Any.Type] = [
            "UIApplication": UIApplication.self, "UIColor": UIColor.self, "UIFont": UIFont.self, "UIImage": UIImage.self,
            "UIScreen": UIScreen.self, "UIImpactFeedbackGenerator": UIImpactFeedbackGenerator.self,
            "UINotificationFeedbackGenerator": UINotificationFeedbackGenerator.self,
            "UISelectionFeedbackGenerator": UISelectionFeedbackGenerator.self, "UIKeyboardType": UIKeyboardType.self,
            "UINavigationBar": UINavigationBar.self, "UITabBar": UITabBar.self, "UITableView": UITableView.self,
            "UIPageControl": UIPageControl.self, "UISegmentedControl": UISegmentedControl.self, "UIRectCorner": UIRectCorner.self,
            "UITextAutocapitalizationType": UITextAutocapitalizationType.self, "UITextContentType": UITextContentType.self,
            "UITextChecker": UITextChecker.self, "UIViewRepresentable": (any UIViewRepresentable).self,
            "UIViewRepresentableContext": UIViewRepresentableContext<NotesField>.self, "UIView": UIView.self,
            "UITextView": UITextView.self, "UITextViewDelegate": (any UITextViewDelegate).self, "UILabel": UILabel.self,
            "UISearchBar": UISearchBar.self, "UISearchBarDelegate": (any UISearchBarDelegate).self,
            "UIVisualEffectView": UIVisualEffectView.self, "UIVisualEffect": UIVisualEffect.self, "UIBlurEffect": UIBlurEffect.self,
            "UIActivityIndicatorView": UIActivityIndicatorView.self, "UIEdgeInsets": UIEdgeInsets.self, "UIResponder": UIResponder.self,
            "UIApplicationDelegate": (any UIApplicationDelegate).self, "UISceneDelegate": (any UISceneDelegate).self,
            "UIWindowSceneDelegate": (any UIWindowSceneDelegate).self, "UIScene": UIScene.self, "UIWindowScene": UIWindowScene.self,
            "UISceneSession": UISceneSession.self, "UISceneConfiguration": UISceneConfiguration.self, "UIWindow": UIWindow.self,
            "UIHostingController": UIHostingController<Text>.self, "UIDevice": UIDevice.self,
            "UIUserInterfaceIdiom": UIUserInterfaceIdiom.self, "UIDeviceOrientation": UIDeviceOrientation.self,
            "UIBarAppearance": UIBarAppearance.self, "UINavigationBarAppearance": UINavigationBarAppearance.self,
            "UITabBarAppearance": UITabBarAppearance.self, "UITabBarItemAppearance": UITabBarItemAppearance.self,
            "UITabBarItemStateAppearance": UITabBarItemStateAppearance.self, "UIStatusBarManager": UIStatusBarManager.self,
            "UIAlertController": UIAlertController.self, "UIAlertAction": UIAlertAction.self, "UIPasteboard": UIPasteboard.self,
            "UIViewController": UIViewController.self, "UIViewControllerRepresentable": (any UIViewControllerRepresentable).self,
            "UIViewControllerRepresentableContext": UIViewControllerRepresentableContext<ImagePicker>.self,
            "UIImagePickerController": UIImagePickerController.self,
            "UIImagePickerControllerDelegate": (any UIImagePickerControllerDelegate).self,
            "UINavigationControllerDelegate": (any UINavigationControllerDelegate).self,
            "UIActivityViewController": UIActivityViewController.self, "UIActivity": UIActivity.self,
            "UIPopoverPresentationController": UIPopoverPresentationController.self,
            "UIPopoverArrowDirection": UIPopoverArrowDirection.self, "UIModalPresentationStyle": UIModalPresentationStyle.self,
        ]
        // And the functions.
        let save: @MainActor (UIImage, Any?, Selector?, UnsafeMutableRawPointer?) -> Void = UIImageWriteToSavedPhotosAlbum
        let functions: [String: Any] = ["UIImageWriteToSavedPhotosAlbum": save]
        #expect(Set(types.keys).union(functions.keys) == PortRewrite.uiKitNamesJetwayHas)
    }

    @Test func theNamesOfFrameworksJetwayStandsInForAreJetways() {
        // Each written as a type or value, so a name Jetway lost stops this file compiling.
        let names: [String: Any] = [
            "LAContext": LAContext.self, "LAPolicy": LAPolicy.self, "LAError": LAError.self, "LABiometryType": LABiometryType.self,
            "LAErrorDomain": LAErrorDomain, "CHHapticEngine": CHHapticEngine.self, "CHHapticPattern": CHHapticPattern.self,
            "CHHapticEvent": CHHapticEvent.self, "CHHapticEventParameter": CHHapticEventParameter.self,
            "CHHapticDynamicParameter": CHHapticDynamicParameter.self, "CHHapticParameterCurve": CHHapticParameterCurve.self,
            "CHHapticPatternPlayer": (any CHHapticPatternPlayer).self,
            "CHHapticAdvancedPatternPlayer": (any CHHapticAdvancedPatternPlayer).self, "CHHapticTimeImmediate": CHHapticTimeImmediate,
            "CHHapticDeviceCapability": CHHapticDeviceCapability.self, "CHHapticAudioResourceID": CHHapticAudioResourceID.self,
            "PHPickerViewController": PHPickerViewController.self,
            "PHPickerViewControllerDelegate": (any PHPickerViewControllerDelegate).self,
            "PHPickerConfiguration": PHPickerConfiguration.self, "PHPickerResult": PHPickerResult.self,
            "AVPlayer": AVPlayer.self, "AVPlayerItem": AVPlayerItem.self, "AVLayerVideoGravity": AVLayerVideoGravity.self,
            "AVPlayerItemDidPlayToEndTime": Notification.Name.AVPlayerItemDidPlayToEndTime,
            "AVPlayerViewController": AVPlayerViewController.self,
        ]
        for framework in ["LocalAuthentication", "CoreHaptics", "AVKit"] {
            #expect(PortRewrite.partialFrameworks[framework]!.names.isSubset(of: Set(names.keys)), "\(framework)")
        }
        // AVFAudio is AVFoundation's sound; the video names are AVFoundation's (and AVKit's) only.
        let video: Set = ["AVPlayer", "AVPlayerItem", "AVLayerVideoGravity", "AVPlayerItemDidPlayToEndTime"]
        #expect(PortRewrite.partialFrameworks["AVFAudio"]!.names == PortRewrite.partialFrameworks["AVFoundation"]!.names.subtracting(video))
    }

    @Test func aDeviceWithoutBiometricsOrAPasscodeIsWhatLocalAuthenticationSees() async {
        let context = LAContext()
        var error: NSError?
        #expect(!context.canEvaluatePolicy(.deviceOwnerAuthentication, error: &error))
        #expect(error?.code == LAError.Code.passcodeNotSet.rawValue && error?.domain == LAErrorDomain)
        #expect(!context.canEvaluatePolicy(.deviceOwnerAuthenticationWithBiometrics, error: &error))
        #expect(error?.code == LAError.Code.biometryNotAvailable.rawValue && context.biometryType == .none)
        do {
            _ = try await context.evaluatePolicy(.deviceOwnerAuthenticationWithBiometrics, localizedReason: "Unlock")
            Issue.record("evaluated")
        } catch LAError.biometryNotAvailable {
        } catch {
            Issue.record("\(error)")
        }
        #expect(!CHHapticEngine.capabilitiesForHardware().supportsHaptics)
    }

    @Test func stylesByTypeAndOlderModifiersDoWhatTheySay() throws {
        let host = ViewHost(FlashcardsScreen())
        try host.update()
        #expect(host.html.contains("aria-label=\"Mark wrong\"") && host.html.contains("title=\"Marks the card\""))
        #expect(host.html.contains("pointer-events:none"))
        #expect(host.html.contains(StyleClass.listGrouped))
        #expect(host.html.contains(StyleClass.tabviewPageBackedDots))
    }

    @Test func theIdleTimerKeepsThePageOn() throws {
        let host = ViewHost(TimerScreen())
        try host.update()
        try host.update()
        #expect(
            host.dom.root.attribute(RuntimeContract.Attribute.keepsAwake) != nil || host.html.contains(RuntimeContract.Attribute.keepsAwake)
        )
        #expect(!UIApplication.shared.isIdleTimerDisabled, "outside a page's handler there is no page to keep on")
    }

    @Test func sizesThatAreNotNumbersDrawNothingInsteadOfStopping() throws {
        // A corner radius from a size divided by a zero width (EmojiArt before its first layout).
        let zero: CGFloat = 0
        let host = ViewHost(
            VStack {
                Text("a").cornerRadius(zero / zero)
                Text("b").frame(width: 1 / zero).padding(-1 / zero)
            })
        try host.update()
        #expect(host.html.contains("border-radius:0px") && host.html.contains("width:1000000000px"))
    }

    @Test func aMaximumFrameTakesTheSpaceOfferedUpToIt() throws {
        let host = ViewHost(Button("AC") {}.frame(maxWidth: 80, maxHeight: 80))
        try host.update()
        #expect(host.html.contains("jw-fill-w jw-fill-h jw-fill-capped"), "\(host.html)")
        let wide = ViewHost(Button(action: {}) { Text("Save").frame(maxWidth: .infinity) })
        try wide.update()
        #expect(wide.html.contains("<button class=\"jw-button jw-fill-w\""), "the button takes the width its label asks for")
    }

    @Test func aGeometryReaderTakesTheRoomOfferedAndABackButtonCanBeHidden() throws {
        let host = ViewHost(
            VStack {
                GeometryReader { proxy in Text("w \(Int(proxy.size.width))") }; Text("Palette")
            })
        try host.update()
        #expect(host.html.contains("jw-geometry jw-fill-w jw-fill-h"), "\(host.html)")
        #expect(host.html.contains("<div class=\"jw-vstack jw-fill-w jw-fill-h\""), "the stack around it grows to give it room")
        let hidden = ViewHost(Text("Quiz").navigationBarBackButtonHidden(true))
        try hidden.update()
        #expect(hidden.html.contains(StyleClass.navBackHidden))
    }

    @Test func appearanceProxiesAreThePagesStylesheet() {
        defer { UIKitAppearance.reset() }
        UINavigationBar.appearance().largeTitleTextAttributes = [
            .foregroundColor: UIColor.systemPink, .font: UIFont.systemFont(ofSize: 30, weight: .heavy),
        ]
        UITabBar.appearance().backgroundColor = UIColor(red: 0, green: 0, blue: 0, alpha: 1)
        UITableView.appearance().separatorStyle = .none
        UIPageControl.appearance().currentPageIndicatorTintColor = .black
        let css = UIKitAppearance.stylesheet
        #expect(css.contains(".\(RuntimeContract.Class.navTitle) { color: \(UIColor.systemPink.css); }"), "\(css)")
        #expect(css.contains("font-size: 30px;") && css.contains("font-weight: 800;"))
        #expect(css.contains(".\(RuntimeContract.Class.tabbar) { background: rgb(0 0 0 / 1); }"))
        #expect(css.contains(".\(StyleClass.listRow) { border-bottom-color: transparent; }"))
        // A separator inset: the line drawn between the insets, in the border's place.
        UITableView.appearance().separatorStyle = .singleLine
        UITableView.appearance().separatorColor = .red
        UITableView.appearance().separatorInset = UIEdgeInsets(top: 0, left: 20, bottom: 0, right: 8)
        let inset = UIKitAppearance.stylesheet
        #expect(inset.contains(".\(StyleClass.listRow) { border-bottom-color: transparent; }"), "\(inset)")
        #expect(inset.contains("background-image: linear-gradient(\(UIColor.red.css), \(UIColor.red.css));"), "\(inset)")
        #expect(inset.contains("background-size: calc(100% - 28px) 1px;") && inset.contains("background-position: 20px 100%;"), "\(inset)")
        UITableView.appearance().separatorInset = .zero
        #expect(UIKitAppearance.stylesheet.contains(".\(StyleClass.listRow) { border-bottom-color: \(UIColor.red.css); }"))
        #expect(!UIKitAppearance.stylesheet.contains("background-image"))
        UITableView.appearance().separatorColor = nil
        UINavigationBar.appearance().largeTitleTextAttributes = [.font: UIFont(name: "Avenir</style><script>", size: 20)!]
        #expect(!UIKitAppearance.stylesheet.contains("<"), "an app's value cannot end the style element")
    }

    @Test func foundationNamesLinuxLacks() {
        #expect(ListFormatter.localizedString(byJoining: ["Armstrong", "Aldrin", "Collins"]) == "Armstrong, Aldrin, and Collins")
        #expect(ListFormatter.localizedString(byJoining: ["Armstrong", "Aldrin"]) == "Armstrong and Aldrin")
        #expect(ListFormatter().string(from: [1, 2]) == "1 and 2")
        #expect(URL.documentsDirectory.lastPathComponent == "Documents")
        let defaults = UserDefaults(suiteName: "jetway.tests.\(UUID())")!
        defaults.setValue(true, forKey: "audio")
        #expect(defaults.bool(forKey: "audio"))
        var environment = EnvironmentValues()
        environment.request = RequestContext()
        #expect(!environment.accessibilityDifferentiateWithoutColor && !environment.accessibilityVoiceOverEnabled)
    }
}
