import Testing

@testable import JetwayPort

/// `jetway port`'s rule, on files written as SwiftUI projects write them.
struct PortRewriteTests {
    @Test func aViewFileImportsJetwayInsteadOfSwiftUI() {
        let port = PortRewrite("import SwiftUI\n\nstruct ContentView: View {\n    var body: some View { Text(\"Hi\") }\n}\n")
        #expect(port.source == "import Jetway\n\nstruct ContentView: View {\n    var body: some View { Text(\"Hi\") }\n}\n")
        #expect(port.outcome == .rewritten(["import SwiftUI → import Jetway"]))
    }

    @Test func aModelThatImportsOnlyFoundationGetsJetwayForItsObservableObject() {
        let model = """
            import Foundation

            final class Store: ObservableObject {
                @Published var items: [String] = []
            }
            """
        let port = PortRewrite(model)
        #expect(port.source.hasPrefix("import Foundation\nimport Jetway\n\nfinal class Store"))
        #expect(port.outcome == .rewritten(["import Jetway added (for ObservableObject)"]))
        let observable = PortRewrite("import Foundation\n\n@Observable final class Trip { var name = \"\" }\n")
        #expect(observable.source == "import Foundation\nimport Jetway\n\n@Observable final class Trip { var name = \"\" }\n")
    }

    @Test func typeIdentifiersTransferableAndCoreGraphicsAreJetways() {
        let port = PortRewrite(
            "import SwiftUI\nimport UniformTypeIdentifiers\nimport CoreGraphics\nimport CoreLocation\n\nlet kinds: [UTType] = [.png]\n")
        #expect(port.source == "import Jetway\n\nlet kinds: [UTType] = [.png]\n")
    }

    @Test func networkingComesFromFoundationNetworkingOnLinux() {
        let port = PortRewrite(
            "import Foundation\n\nfunc load(_ url: URL) async throws -> Data {\n    try await URLSession.shared.data(from: url).0\n}\n")
        #expect(
            port.source.hasPrefix(
                "import Foundation\n#if canImport(FoundationNetworking)\nimport FoundationNetworking\n#endif\n\nfunc load"))
        #expect(port.outcome == .rewritten(["import FoundationNetworking added (for URLSession, on Linux)"]))
        let already = PortRewrite("import Foundation\nimport FoundationNetworking\nlet r = URLRequest(url: u)\n")
        #expect(already.outcome == .unchanged)
    }

    @Test func combineBecomesJetwayOnce() {
        let port = PortRewrite("import Foundation\nimport Combine\nimport SwiftUI\n\nclass Timer2: ObservableObject {}\n")
        #expect(port.source == "import Foundation\nimport Jetway\n\nclass Timer2: ObservableObject {}\n")
        #expect(port.outcome == .rewritten(["import Combine → import Jetway", "import SwiftUI removed (Jetway is imported)"]))
    }

    @Test func attributesOnTheImportAreKept() {
        let port = PortRewrite("@preconcurrency import SwiftUI\n@testable import MyApp\n")
        #expect(port.source == "@preconcurrency import Jetway\n@testable import MyApp\n")
    }

    @Test func aSelectorBecomesTheMethodsName() {
        let text = """
            import SwiftUI

            extension UIApplication {
                func endEditing() {
                    sendAction(#selector(UIResponder.resignFirstResponder), to: nil, from: nil, for: nil)
                }
            }
            """
        let port = PortRewrite(text)
        #expect(port.source.contains(#"sendAction(Selector("resignFirstResponder"), to: nil, from: nil, for: nil)"#))
        #expect(port.outcome == .rewritten(["import SwiftUI → import Jetway", #"#selector(…) → Selector("…")"#]))
        #expect(PortRewrite("import SwiftUI\nlet a = #selector(save(_:))\n").source.contains(#"Selector("save")"#))
    }

    @Test func coreDataIsJetwayCoreData() {
        let model = PortRewrite(
            "import Foundation\nimport CoreData\n\n@objc(ReminderList)\npublic class ReminderList: NSManagedObject {\n    @NSManaged public var title: String?\n}\n"
        )
        #expect(
            model.source
                == "import Foundation\nimport JetwayCoreData\n\npublic class ReminderList: NSManagedObject {\n    @Managed public var title: String?\n}\n"
        )
        #expect(model.outcome == .rewritten(["import CoreData → import JetwayCoreData", "@NSManaged → @Managed (1)", "@objc removed (1)"]))
        let view = PortRewrite(
            "import SwiftUI\n\nstruct ListView: View {\n    @Environment(\\.managedObjectContext) private var viewContext\n    var body: some View { Text(\"x\") }\n}\n"
        )
        #expect(view.source.hasPrefix("import Jetway\nimport JetwayCoreData\n"))
        #expect(PortRewrite("import Foundation\nlet p = NSPredicate(format: \"a == 1\")\n").source.contains("import JetwayCoreData"))
        #expect(PortRewrite("import SwiftUI\n@objcMembers class A {}\n").source.contains("@objcMembers"), "only @objc itself")
    }

    @Test func namesQualifiedBySwiftUIAreJetways() {
        let port = PortRewrite("import SwiftUI\n\nstruct Book { let image: SwiftUI.Image? }\nlet s = \"SwiftUI.Image\"\n")
        #expect(port.source.contains("let image: Jetway.Image?"), "\(port.source)")
        #expect(port.source.contains("\"SwiftUI.Image\""), "a string keeps what it says")
        #expect(port.outcome == .rewritten(["import SwiftUI → import Jetway", "SwiftUI.Name → Jetway.Name (1)"]))
    }

    @Test func swiftDataIsJetwaySwiftData() {
        let model = PortRewrite("import Foundation\nimport SwiftData\n\n@Model\nfinal class Item {\n    var timestamp: Date\n}\n")
        #expect(model.source == "import Foundation\nimport JetwaySwiftData\n\n@Model\nfinal class Item {\n    var timestamp: Date\n}\n")
        #expect(model.outcome == .rewritten(["import SwiftData → import JetwaySwiftData"]))
        let view = PortRewrite("import SwiftUI\nimport SwiftData\n\nstruct ContentView: View {\n    @Query private var items: [Item]\n}\n")
        #expect(view.source.hasPrefix("import Jetway\nimport JetwaySwiftData\n"))
    }

    @Test func photosUIStandsInWhenTheFileUsesOnlyThePicker() {
        let picker = PortRewrite(
            "import SwiftUI\nimport PhotosUI\n\nstruct Avatar: View {\n    @State var item: PhotosPickerItem?\n    var body: some View { PhotosPicker(\"Photo\", selection: $item, matching: .images) }\n}\n"
        )
        #expect(picker.source.hasPrefix("import Jetway\n\nstruct Avatar"), "\(picker.source)")
        #expect(picker.outcome == .rewritten(["import SwiftUI → import Jetway", "import PhotosUI removed (Jetway is imported)"]))
        let controller = PortRewrite(
            "import SwiftUI\nimport PhotosUI\n\nstruct Picker: UIViewControllerRepresentable {\n    let configuration = PHPickerConfiguration()\n    func make() -> PHPickerViewController { PHPickerViewController(configuration: configuration) }\n}\n"
        )
        #expect(controller.outcome == .rewritten(["import SwiftUI → import Jetway", "import PhotosUI removed (Jetway is imported)"]))
        let library = PortRewrite(
            "import SwiftUI\nimport PhotosUI\n\nfunc thumbnails() { let assets = PHAsset.fetchAssets(with: .image, options: nil); PHImageManager.default() }\n"
        )
        #expect(library.outcome == .needsHand(["PhotosUI (PHAsset, PHImageManager)"]))
    }

    @Test func frameworksImportedAndNotUsedOrUsedOnlyForWhatJetwayHasStandIn() {
        // A Core Data stack that imports CloudKit and uses none of it.
        let stack = PortRewrite(
            "import CoreData\nimport CloudKit\n\nstruct PersistenceController {\n    let container: NSPersistentContainer\n}\n")
        #expect(stack.outcome.isRewritten && !stack.source.contains("import CloudKit"), "\(stack.outcome)")
        let synced = PortRewrite("import CoreData\nimport CloudKit\n\nlet zone = CKRecordZone(zoneName: \"a\")\n")
        #expect(synced.outcome == .needsHand(["CloudKit (CKRecordZone)"]))
        // An app lock, haptics and a player from AVFAudio.
        let lock = PortRewrite(
            "import Foundation\nimport LocalAuthentication\n\nfunc unlock() { let context = LAContext(); _ = context }\n")
        #expect(lock.outcome.isRewritten && lock.source.contains("import Jetway"), "\(lock.outcome)")
        let haptics = PortRewrite("import SwiftUI\nimport CoreHaptics\n\nvar engine: CHHapticEngine?\n")
        #expect(haptics.outcome.isRewritten && !haptics.source.contains("CoreHaptics"))
        let sound = PortRewrite("import SwiftUI\nimport AVFAudio\n\nvar player: AVAudioPlayer?\n")
        #expect(sound.outcome.isRewritten && !sound.source.contains("AVFAudio"))
    }

    @Test func avFoundationStandsInForSoundsAndSpeech() {
        let sounds = PortRewrite(
            "import Foundation\nimport AVFoundation\n\nfinal class Sounds {\n    var player: AVAudioPlayer?\n    let voice = AVSpeechSynthesizer()\n}\n"
        )
        #expect(
            sounds.source
                == "import Foundation\nimport Jetway\n\nfinal class Sounds {\n    var player: AVAudioPlayer?\n    let voice = AVSpeechSynthesizer()\n}\n"
        )
        let camera = PortRewrite("import SwiftUI\nimport AVFoundation\n\nfinal class Camera {\n    let session = AVCaptureSession()\n}\n")
        #expect(camera.outcome == .needsHand(["AVFoundation (AVCaptureSession)"]))
    }

    @Test func namesLinuxsFoundationLacksBringJetway() {
        let timer = PortRewrite("import Foundation\n\nenum Formatters {\n    static let duration = DateComponentsFormatter()\n}\n")
        #expect(timer.outcome == .rewritten(["import Jetway added (for DateComponentsFormatter)"]))
        let labels = PortRewrite("import Foundation\n\nlet title = String(localized: \"Settings\")\n")
        #expect(labels.source.hasPrefix("import Foundation\nimport Jetway\n"))
    }

    @Test func swiftChartsIsJetwayCharts() {
        let port = PortRewrite("import SwiftUI\nimport Charts\n\nstruct Steps: View {\n    var body: some View { Chart { } }\n}\n")
        #expect(port.source.hasPrefix("import Jetway\nimport JetwayCharts\n"))
        #expect(port.outcome == .rewritten(["import SwiftUI → import Jetway", "import Charts → import JetwayCharts"]))
    }

    @Test func aUIKitLifeCycleAppDelegateIsPorted() {
        let port = PortRewrite("import UIKit\n\n@UIApplicationMain\nclass AppDelegate: UIResponder, UIApplicationDelegate {\n}\n")
        #expect(port.source == "import Jetway\n\n@main\nfinal class AppDelegate: UIResponder, UIApplicationDelegate {\n}\n")
        let scene = PortRewrite("import UIKit\nimport SwiftUI\n\nclass SceneDelegate: UIResponder, UIWindowSceneDelegate {\n}\n")
        #expect(scene.source.contains("\nfinal class SceneDelegate: UIResponder, UIWindowSceneDelegate {"), "Jetway makes it: final")
        #expect(
            PortRewrite("import UIKit\n@main final class A: UIResponder, UIApplicationDelegate {}\n").source.contains("@main final class A")
        )
        #expect(!PortRewrite("import SwiftUI\nclass Model: NSObject, UITextViewDelegate {}\n").source.contains("final"))
    }

    @Test func aCanImportUIKitGuardAroundWhatJetwayHasIsBuilt() {
        let helper = PortRewrite(
            "import SwiftUI\n\n#if canImport(UIKit)\nextension View {\n    func hideKeyboard() {\n"
                + "        UIApplication.shared.sendAction(#selector(UIResponder.resignFirstResponder), to: nil, from: nil, for: nil)\n"
                + "    }\n}\n#endif\n")
        #expect(helper.source.contains("#if canImport(Jetway)\nextension View"), "\(helper.source)")
        let imported = PortRewrite("#if canImport(UIKit)\nimport UIKit\n#endif\nlet color = UIColor.systemRed\n")
        #expect(imported.source.hasPrefix("#if canImport(Jetway)\nimport Jetway\n#endif"), "\(imported.source)")
        let other = PortRewrite("import SwiftUI\n#if canImport(UIKit)\nlet picker = UIPickerView()\n#endif\n")
        #expect(other.source.contains("#if canImport(UIKit)"), "a guard around what Jetway lacks stays")
    }

    @Test func anEmptyTimerIsOneLinuxCanMake() {
        let model = PortRewrite("import Foundation\nfinal class Game {\n    var timer: Timer = Timer()\n    let other = GameTimer()\n}\n")
        #expect(model.source.contains("var timer: Timer = Timer(timeInterval: 0, repeats: false) { _ in }"), "\(model.source)")
        #expect(model.source.contains("let other = GameTimer()"), "another type's initialiser is its own")
    }

    @Test func theOSModulesLoggingIsJetways() {
        #expect(PortRewrite("import os\nlet log = Logger()\n").source == "import Jetway\nlet log = Logger()\n")
        #expect(PortRewrite("import SwiftUI\nimport os.log\n").source == "import Jetway\n")
        #expect(PortRewrite("import OSLog\n").source == "import Jetway\n")
    }

    @Test func anImportWithAnAccessLevelIsPortedToo() {
        let port = PortRewrite("import SwiftUI\ninternal import Combine\n\nfinal class Router: ObservableObject {}\n")
        #expect(port.source == "import Jetway\n\nfinal class Router: ObservableObject {}\n")
        #expect(PortRewrite("public import SwiftUI\n").source == "public import Jetway\n")
    }

    @Test func aFileThatNeedsNothingIsLeftAlone() {
        let text = "import Foundation\n\nstruct Flight: Codable { var number: String }\n"
        #expect(PortRewrite(text).source == text)
        #expect(PortRewrite(text).outcome == .unchanged)
        #expect(PortRewrite("struct Plain {}\n").outcome == .unchanged, "no imports at all: nothing to follow")
    }

    @Test func aFileBoundToUIKitIsLeftForAHandAndSaysWhy() {
        let text = "import SwiftUI\nimport UIKit\nimport MapKit\n\nstruct MapView { let picker: UIPickerView; let map: MKMapView }\n"
        let port = PortRewrite(text)
        #expect(port.source == text)
        #expect(
            port.outcome == .needsHand(["MapKit (MKMapView)", "UIKit (UIPickerView)"]), "it says which UIKit and MapKit names Jetway lacks")
    }

    @Test func widgetCenterReviewsAndThePathMonitorAreJetwaysButTheRestOfTheirFrameworksIsNot() {
        let store = PortRewrite("import Foundation\nimport WidgetKit\n\nfunc saved() { WidgetCenter.shared.reloadAllTimelines() }\n")
        #expect(store.outcome.isRewritten && store.source.contains("import Jetway") && !store.source.contains("WidgetKit"))
        let widget = PortRewrite("import SwiftUI\nimport WidgetKit\n\nstruct Provider: TimelineProvider {}\n")
        #expect(widget.outcome == .needsHand(["WidgetKit (TimelineProvider)"]))
        let rate = PortRewrite("import SwiftUI\nimport StoreKit\n\nstruct R: View { @Environment(\\.requestReview) var requestReview }\n")
        #expect(rate.outcome.isRewritten && !rate.source.contains("StoreKit"))
        let shop = PortRewrite("import StoreKit\n\nfunc load() async throws { _ = try await Product.products(for: []) }\n")
        #expect(shop.outcome == .needsHand(["StoreKit (Product.products)"]))
        let monitor = PortRewrite("import Network\n\nlet monitor = NWPathMonitor()\n")
        #expect(monitor.outcome.isRewritten && monitor.source.hasPrefix("import Jetway\n"))
        let socket = PortRewrite("import Network\n\nvar connection: NWConnection?\n")
        #expect(socket.outcome == .needsHand(["Network (NWConnection)"]))
    }

    @Test func xcodesGeneratedToManyAccessorsGetTheirBodies() {
        let text = """
            import CoreData

            extension Workout {
                @NSManaged public var sets: NSSet?

                @objc(addSetsObject:)
                @NSManaged public func addToSets(_ value: WorkoutSet)

                @objc(removeSets:)
                @NSManaged public func removeFromSets(_ values: NSSet)
            }

            """
        let port = PortRewrite(text)
        #expect(port.source.contains("    public func addToSets(_ value: WorkoutSet) { addManagedObjects([value], toKey: \"sets\") }"))
        #expect(port.source.contains("    public func removeFromSets(_ values: NSSet) { removeManagedObjects(values, fromKey: \"sets\") }"))
        #expect(port.source.contains("@Managed public var sets: NSSet?") && !port.source.contains("@objc"))
    }

    @Test func swiftUICoreIsJetwayAndAClassMarkedObservableGetsJetway() {
        #expect(PortRewrite("import SwiftUICore\n\nenum Theme { case light }\n").source.hasPrefix("import Jetway\n"))
        let preview = PortRewrite("import Foundation\n\nfinal class Preview: Observable {}\n")
        #expect(preview.source.contains("import Foundation\nimport Jetway\n"))
    }

    @Test func avKitsVideoPlayersAreJetways() {
        let reel = PortRewrite(
            "import SwiftUI\nimport AVKit\n\nstruct Reel { let player: AVPlayer; let controller = AVPlayerViewController() }\n")
        #expect(reel.outcome.isRewritten && !reel.source.contains("AVKit"))
        let time = PortRewrite("import CoreMedia\n\nlet start = CMTime.zero\n")
        #expect(time.source.hasPrefix("import Jetway\n"))
        let camera = PortRewrite("import AVFoundation\n\nlet session = AVCaptureSession()\n")
        #expect(camera.outcome == .needsHand(["AVFoundation (AVCaptureSession)"]))
    }

    @Test func kingfishersImageIsJetwayKingfishers() {
        let poster = PortRewrite("import SwiftUI\nimport Kingfisher\n\nstruct Poster: View { var body: some View { KFImage(nil) } }\n")
        #expect(poster.outcome == .rewritten(["import SwiftUI → import Jetway", "import Kingfisher → import JetwayKingfisher"]))
        #expect(PortRewrite("import KingfisherSwiftUI\n").source == "import JetwayKingfisher\n")
    }

    @Test func mapKitsSwiftUIMapIsJetwayMapKits() {
        let view = PortRewrite("import SwiftUI\nimport MapKit\n\nstruct Place { var region: MKCoordinateRegion }\n")
        #expect(view.outcome == .rewritten(["import SwiftUI → import Jetway", "import MapKit → import JetwayMapKit"]))
        #expect(view.source == "import Jetway\nimport JetwayMapKit\n\nstruct Place { var region: MKCoordinateRegion }\n")
        // A model that imports MapKit alone for its coordinates gets Jetway for CoreLocation's names.
        let model = PortRewrite("import Foundation\nimport MapKit\n\nstruct Stop { var coordinate: CLLocationCoordinate2D }\n")
        #expect(model.source.hasPrefix("import Foundation\nimport JetwayMapKit\nimport Jetway\n"), "\(model.source)")
    }

    @Test func uiKitIsJetwaysWhenTheFileUsesOnlyTheNamesJetwayHas() {
        // A haptics helper and a tab item with an image, as UI packages write them.
        let haptics =
            "import Foundation\nimport UIKit\n\nfinal class Haptics {\n    let light = UIImpactFeedbackGenerator(style: .light)\n}\n"
        let port = PortRewrite(haptics)
        #expect(port.outcome == .rewritten(["import UIKit → import Jetway"]))
        #expect(port.source.contains("import Foundation\nimport Jetway\n"))
        let both = PortRewrite("import SwiftUI\nimport UIKit\n\nstruct Tab { let image: UIImage? }\n")
        #expect(both.outcome == .rewritten(["import SwiftUI → import Jetway", "import UIKit removed (Jetway is imported)"]))
        // A UIKit view Jetway lacks: a hand, and the names say why.
        let controller = PortRewrite("import UIKit\n\nclass Picker: UIViewController, UIPickerViewDelegate {}\n")
        #expect(controller.outcome == .needsHand(["UIKit (UIPickerViewDelegate)"]))
    }

    @Test func anImportAPlatformGuardsIsTheFilesOwnAndDoesNotStopThePort() {
        // A package that builds for iOS and macOS guards its UIKit and AppKit imports.
        let text = "#if canImport(UIKit)\nimport UIKit\n#elseif os(macOS)\nimport AppKit\n#endif\nimport SwiftUI\n\nstruct Icon: View {}\n"
        let port = PortRewrite(text)
        #expect(port.source == "#if canImport(Jetway)\nimport Jetway\n#elseif os(macOS)\nimport AppKit\n#endif\n\nstruct Icon: View {}\n")
        #expect(
            PortRewrite(text.replacingOccurrences(of: "import SwiftUI", with: "import SwiftUI\nlet p = UIPickerView()")).source
                .contains("#if canImport(UIKit)\nimport UIKit\n"), "a guard around what Jetway lacks is the file's own")
        // Any other condition still counts: the import is there when the flag is set.
        let flagged = PortRewrite("#if DEBUG\nimport UIKit\n#endif\nimport SwiftUI\n")
        #expect(flagged.outcome == .needsHand(["UIKit"]))
        #expect(
            PortRewrite("#if canImport(UIKit)\n#endif\nimport UIKit\nlet c = UIPickerView()\n").outcome
                == .needsHand(["UIKit (UIPickerView)"]),
            "after the #endif it is not guarded")
        let otherwise = PortRewrite("#if canImport(UIKit)\nimport UIKit\n#else\nimport AppKit\n#endif\nimport SwiftUI\n")
        #expect(otherwise.outcome != .needsHand(["AppKit"]), "the UIKit branch is built: the #else is not")
        let unanswered = PortRewrite("#if canImport(UIKit)\nimport UIKit\n#else\nimport AppKit\n#endif\nlet p = UIPickerView()\n")
        #expect(unanswered.outcome == .needsHand(["AppKit"]), "Linux builds the #else of a guard Jetway does not answer")
        let negated = PortRewrite("#if !os(macOS)\nimport UIKit\nlet p = UIPickerView()\n#endif\nimport SwiftUI\n")
        #expect(negated.outcome == .needsHand(["UIKit (UIPickerView)"]), "Linux builds what is not macOS")
    }
}

extension PortRewrite.Outcome {
    var isRewritten: Bool {
        if case .rewritten = self { return true }
        return false
    }
}
