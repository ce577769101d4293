import Foundation

/// What `jetway port` changes in a SwiftUI project's file so that it builds against Jetway: the
/// one rule of porting, in one place (`make port-check` applies the same).
///
/// - `import SwiftUI` becomes `import Jetway`.
/// - `import Combine` becomes `import Jetway` too: Jetway has the part of Combine views use
///   (`ObservableObject`, `@Published`, `AnyCancellable`, `Timer.publish`, `Just`, subjects).
/// - A file that imports Foundation and nothing of SwiftUI's, yet uses `ObservableObject`,
///   `@Published` or `@Observable` (on Apple's platforms Foundation brings Combine, and the app's
///   other files bring Observation), or a name Apple's Foundation has and Linux's lacks
///   (`ListFormatter`, `URL.documentsDirectory`, `CGAffineTransform`), gets `import Jetway` after
///   its last import.
/// - `import UIKit` in a file whose UIKit names are all ones Jetway has (`UIColor`, `UIImage`,
///   `UIScreen`, `UIApplication`, the feedback generators, the appearance proxies) becomes
///   `import Jetway`; a file that uses others (`UITextView`, `UIViewController`) needs a hand,
///   and the report names them.
/// - A file that imports a framework the browser has no counterpart for (UIKit, MapKit, …) is
///   left as it is and reported: it needs a hand. An import inside `#if canImport(…)` or
///   `#if os(…)` is the file's own guard (a package that builds for iOS and macOS): it does not
///   count, as the compiler skips it here — but one in its `#else` does, as Linux builds that.
public struct PortRewrite: Sendable, Equatable {
    /// What happened to a file.
    public enum Outcome: Sendable, Equatable {
        /// The file needed no change.
        case unchanged
        /// The file was rewritten; the changes made, in words.
        case rewritten([String])
        /// Left as it is: it imports these frameworks.
        case needsHand([String])
    }

    /// The file's text after the rewrite (as it was when nothing changed).
    public let source: String
    /// What happened to it.
    public let outcome: Outcome

    /// Frameworks with no counterpart in a browser (docs/porting.md says what to do instead).
    public static let frameworksWithoutCounterpart: Set<String> = [
        "UIKit", "AppKit", "MapKit", "CoreML", "Vision", "AVFoundation", "AVKit", "WidgetKit",
        "ActivityKit", "ARKit", "RealityKit", "SceneKit", "SpriteKit", "HealthKit", "CloudKit", "StoreKit", "Photos",
        "PhotosUI", "CoreMotion", "UserNotifications", "WatchKit", "GameKit", "MessageUI", "SafariServices",
        "WebKit", "Intents", "AppIntents", "LocalAuthentication", "CoreImage", "Metal", "MetalKit", "QuickLook", "EventKit",
        "Contacts", "ContactsUI", "Speech", "CoreBluetooth", "NaturalLanguage", "TipKit", "AudioToolbox",
        "MultipeerConnectivity", "Security", "GameController", "CoreNFC", "AuthenticationServices", "Network", "PDFKit",
        "MusicKit", "PassKit", "MediaPlayer", "BackgroundTasks", "CoreSpotlight", "CarPlay",
    ]

    /// UIKit's names Jetway has, where the browser has an equivalent (Bridges/ in the Jetway
    /// module; `PortedNamesTests` checks each is there): among the view controllers, the photo
    /// pickers and the share sheet, shown by a `UIViewControllerRepresentable` or presented.
    public static let uiKitNamesJetwayHas: Set<String> = [
        "UIApplication", "UIColor", "UIFont", "UIImage", "UIScreen", "UIImpactFeedbackGenerator",
        "UINotificationFeedbackGenerator", "UISelectionFeedbackGenerator", "UIKeyboardType", "UINavigationBar", "UITabBar",
        "UITableView", "UIPageControl", "UISegmentedControl", "UIRectCorner", "UITextAutocapitalizationType", "UISearchBar",
        "UISearchBarDelegate",
        "UITextContentType", "UITextChecker", "UIViewRepresentable", "UIViewRepresentableContext", "UIView", "UITextView",
        "UITextViewDelegate", "UILabel", "UIVisualEffectView", "UIVisualEffect", "UIBlurEffect", "UIActivityIndicatorView",
        "UIEdgeInsets", "UIResponder", "UIApplicationDelegate", "UISceneDelegate", "UIWindowSceneDelegate", "UIScene", "UIWindowScene",
        "UISceneSession", "UISceneConfiguration", "UIWindow", "UIHostingController", "UIDevice", "UIUserInterfaceIdiom",
        "UIDeviceOrientation", "UIBarAppearance", "UINavigationBarAppearance", "UITabBarAppearance", "UITabBarItemAppearance",
        "UITabBarItemStateAppearance", "UIStatusBarManager", "UIAlertController", "UIAlertAction", "UIPasteboard",
        "UIViewController", "UIViewControllerRepresentable", "UIViewControllerRepresentableContext", "UIImagePickerController",
        "UIImagePickerControllerDelegate", "UINavigationControllerDelegate", "UIActivityViewController", "UIActivity",
        "UIPopoverPresentationController", "UIPopoverArrowDirection", "UIModalPresentationStyle", "UIImageWriteToSavedPhotosAlbum",
    ]

    /// Frameworks Jetway has part of: a file whose names from the framework are all Jetway's
    /// is ported with the import made Jetway's; one that uses others is left for a hand
    /// (`PhotosUI (PHPickerViewController)`). Each with the pattern its names follow.
    public static let partialFrameworks: [String: (names: Set<String>, pattern: String)] = [
        "PhotosUI": (
            [
                "PhotosPicker", "PhotosPickerItem", "PHPickerFilter", "PHPhotoLibrary", "PhotosPickerSelectionBehavior",
                "PHPickerViewController", "PHPickerViewControllerDelegate", "PHPickerConfiguration", "PHPickerResult",
            ],
            #"\b(?:PH[A-Z][A-Za-z]*|PhotosPicker[A-Za-z]*)\b"#
        ),
        "AVFoundation": (
            [
                "AVPlayer", "AVPlayerItem", "AVLayerVideoGravity", "AVPlayerItemDidPlayToEndTime", "AVAudioPlayer", "AVAudioPlayerDelegate",
                "AVAudioPlayerError", "AVAudioSession", "AVSpeechSynthesizer",
                "AVSpeechUtterance", "AVSpeechSynthesisVoice", "AVSpeechBoundary", "AVSpeechUtteranceMinimumSpeechRate",
                "AVSpeechUtteranceDefaultSpeechRate", "AVSpeechUtteranceMaximumSpeechRate",
            ],
            #"\bAV[A-Z][A-Za-z]*\b"#
        ),
        // AVKit's video player views.
        "AVKit": (
            ["AVPlayer", "AVPlayerItem", "AVLayerVideoGravity", "AVPlayerItemDidPlayToEndTime", "AVPlayerViewController"],
            #"\bAV[A-Z][A-Za-z]*\b"#
        ),
        // AVFoundation's audio part, as its own module.
        "AVFAudio": (
            [
                "AVAudioPlayer", "AVAudioPlayerDelegate", "AVAudioPlayerError", "AVAudioSession", "AVSpeechSynthesizer",
                "AVSpeechUtterance", "AVSpeechSynthesisVoice", "AVSpeechBoundary", "AVSpeechUtteranceMinimumSpeechRate",
                "AVSpeechUtteranceDefaultSpeechRate", "AVSpeechUtteranceMaximumSpeechRate",
            ],
            #"\bAV[A-Z][A-Za-z]*\b"#
        ),
        // Imported and not used (a Core Data stack that once synced): nothing of it to stand in for.
        "CloudKit": ([], #"\bCK[A-Z][A-Za-z]*\b"#),
        "LocalAuthentication": (["LAContext", "LAPolicy", "LAError", "LABiometryType", "LAErrorDomain"], #"\bLA[A-Z][A-Za-z]*\b"#),
        "CoreHaptics": (
            [
                "CHHapticEngine", "CHHapticPattern", "CHHapticEvent", "CHHapticEventParameter", "CHHapticDynamicParameter",
                "CHHapticParameterCurve", "CHHapticPatternPlayer", "CHHapticAdvancedPatternPlayer", "CHHapticTimeImmediate",
                "CHHapticDeviceCapability", "CHHapticAudioResourceID",
            ],
            #"\bCH[A-Z][A-Za-z]*\b"#
        ),
        // MapKit's SwiftUI map is JetwayMapKit's (its import becomes that module's, below);
        // UIKit's `MKMapView` and Apple's search and directions services are not.
        "MapKit": (
            [
                "MKCoordinateRegion", "MKCoordinateSpan", "MKMapItem", "MKPlacemark", "MKLocalSearch", "MKPointOfInterestCategory",
                "MKError", "MKMapRect", "MKMapPoint", "MKMapSize", "MKOverlayLevel", "MKLaunchOptionsDirectionsModeKey",
                "MKLaunchOptionsDirectionsModeDriving", "MKLaunchOptionsDirectionsModeWalking", "MKLaunchOptionsDirectionsModeTransit",
                "MKLaunchOptionsDirectionsModeCycling", "MKLaunchOptionsDirectionsModeDefault", "MKLaunchOptionsMapCenterKey",
                "MKLaunchOptionsMapSpanKey",
            ],
            #"\bMK[A-Z][A-Za-z]*\b"#
        ),
        // A model that reloads the home screen's widgets after saving: a web app has none. The
        // widgets themselves are WidgetKit's, left for a hand.
        "WidgetKit": (
            ["WidgetCenter"],
            #"\b(?:WidgetCenter|Widget|WidgetBundle|WidgetConfiguration|StaticConfiguration|IntentConfiguration|AppIntentConfiguration|TimelineProvider|IntentTimelineProvider|AppIntentTimelineProvider|TimelineEntry|TimelineReloadPolicy|WidgetFamily|WidgetRenderingMode|ActivityConfiguration|ControlWidget[A-Za-z]*|widgetFamily|widgetURL|supportedFamilies)\b"#
        ),
        // The review request (the system may show nothing; a browser has no store); in-app
        // purchases are left for a hand.
        "StoreKit": (
            ["SKStoreReviewController", "AppStore", "requestReview", "RequestReviewAction"],
            #"\b(?:SK[A-Z][A-Za-z]*|AppStore|requestReview|RequestReviewAction|StoreView|SubscriptionStoreView|ProductView|AppTransaction|VerificationResult|storeProductTask|subscriptionStatusTask|currentEntitlementTask)\b|\bProduct\.(?:products|SubscriptionInfo|PurchaseResult|ProductType)\b|\bTransaction\.(?:currentEntitlements|updates|unfinished|latest|all|currentEntitlement)\b"#
        ),
        // The path monitor behind an offline banner; connections are left for a hand.
        "Network": (["NWPathMonitor", "NWPath", "NWInterface"], #"\bNW[A-Z][A-Za-z]*\b"#),
        "UserNotifications": (
            [
                "UNUserNotificationCenter", "UNUserNotificationCenterDelegate", "UNAuthorizationOptions", "UNAuthorizationStatus",
                "UNNotificationSettings", "UNNotificationSound", "UNNotificationContent", "UNMutableNotificationContent",
                "UNNotificationTrigger", "UNTimeIntervalNotificationTrigger", "UNCalendarNotificationTrigger", "UNNotificationRequest",
                "UNNotification", "UNNotificationResponse", "UNNotificationPresentationOptions", "UNNotificationDefaultActionIdentifier",
                "UNNotificationDismissActionIdentifier", "UNError",
            ],
            #"\bUN[A-Z][A-Za-z]*\b"#
        ),
    ]

    /// The names of `framework` a file uses, by the framework's pattern.
    static func names(of framework: String, in source: String) -> Set<String> {
        guard let pattern = partialFrameworks[framework]?.pattern, let expression = try? NSRegularExpression(pattern: pattern) else {
            return []
        }
        let text = source as NSString
        var names = Set(
            expression.matches(in: source, range: NSRange(location: 0, length: text.length)).map { text.substring(with: $0.range) })
        names.remove(framework)
        return names
    }

    /// `#selector(UIResponder.resignFirstResponder)`, `#selector(save(_:))`: the method's name.
    static let selector = try! NSRegularExpression(
        pattern: #"#selector\(\s*(?:(?:getter|setter):\s*)?(?:[A-Za-z_][A-Za-z0-9_]*\.)*([A-Za-z_][A-Za-z0-9_]*)(?:\([^()]*\))?\s*\)"#)

    /// Core Data's names a SwiftUI file uses without importing Core Data.
    static let coreDataNames = try! NSRegularExpression(
        pattern:
            #"(@FetchRequest\b|\bFetchRequest<|\bFetchedResults\b|\bSectionedFetch|\bmanagedObjectContext\b|\bNSManagedObject|\bNSFetchRequest\b"#
            + #"|\bNSPersistentContainer\b|\bNSEntityDescription\b|\bNSPredicate\(\s*format:|\bNSSortDescriptor\(\s*key:)"#)

    /// `class AppDelegate: UIResponder, UIApplicationDelegate` (not already `final` or `open`):
    /// what comes before `class`.
    static let lifecycleDelegate = try! NSRegularExpression(
        pattern:
            #"^((?:\s*@[A-Za-z]+)*\s*(?:(?:public|internal|fileprivate|private)\s+)?)class(?=\s+[A-Za-z_][A-Za-z0-9_]*\s*:[^{]*\bUI(?:Application|Scene|WindowScene)Delegate\b)"#
    )

    /// `Timer()` (not `MyTimer()` or `Timer(…)`).
    static let emptyTimer = try! NSRegularExpression(pattern: #"(?<![A-Za-z0-9_.])Timer\(\)"#)

    /// Xcode's generated accessors of a to-many relationship, declared `@NSManaged` in a class's
    /// `+CoreDataProperties.swift`: `@NSManaged public func addToSets(_ value: SetEntry)`.
    static let managedAccessor = try! NSRegularExpression(
        pattern:
            #"^(\s*)@NSManaged\s+((?:public\s+|internal\s+|open\s+)?)func\s+(addTo|removeFrom)([A-Z][A-Za-z0-9_]*)\(_\s+(values?)\s*:\s*([^)]+?)\)\s*$"#
    )

    /// `@NSManaged` (not `@NSManagedSomething`).
    static let nsManaged = try! NSRegularExpression(pattern: #"@NSManaged\b"#)
    /// `SwiftUI.Image`: a name qualified by SwiftUI's module.
    static let swiftUIQualified = try! NSRegularExpression(pattern: #"(?<![A-Za-z0-9_."])SwiftUI\.(?=[A-Z])"#)

    /// `@objc`, `@objc(Name)` and the space after (not `@objcMembers`).
    static let objcAttribute = try! NSRegularExpression(pattern: #"@objc(?:\([A-Za-z_:0-9]*\))?(?![A-Za-z])\s*"#)

    /// A UIKit name: `UI` and a capital.
    static let uiKitName = try! NSRegularExpression(pattern: #"\bUI[A-Z][A-Za-z]*\b"#)

    /// Modules whose names Jetway has (`UTType`, `Transferable`, the CoreGraphics types through
    /// Foundation, CoreLocation's coordinates and distances): their imports become Jetway's, as
    /// SwiftUI's and Combine's do.
    public static let modulesJetwayStandsIn: Set<String> = [
        "SwiftUI", "SwiftUICore", "CoreMedia", "Combine", "UniformTypeIdentifiers", "CoreTransferable", "CoreGraphics", "CoreLocation",
        "CoreLocationUI",
        "os",
        "OSLog",
    ]

    /// Names that on Linux live in FoundationNetworking, not Foundation.
    static let networkingNames = try! NSRegularExpression(
        pattern: #"\b(URLSession|URLRequest|HTTPURLResponse|URLResponse|URLSessionConfiguration)\b"#)

    /// Names a model file uses that come from Combine or Observation.
    static let modelNames = try! NSRegularExpression(
        pattern: #"(\bObservableObject\b|@Published\b|@Observable\b|:\s*Observable\b|\bAnyCancellable\b|\bPassthroughSubject\b"#
            + #"|\bCurrentValueSubject\b|@ObservationIgnored\b|\bdataTaskPublisher\b|\bListFormatter\b|\.documentsDirectory\b"#
            + #"|\bDateComponentsFormatter\b|\bLocalizedStringResource\b|\bString\(localized:|\bString\.LocalizationValue\b"#
            + #"|\bCGAffineTransform\b)"#)
    /// `@preconcurrency import struct Foundation.URL`, `internal import Combine`: the
    /// attributes and access level, the module, the rest.
    static let importLine = try! NSRegularExpression(
        pattern: #"^(\s*(?:@[A-Za-z_]+(?:\([^)]*\))?\s+)*(?:(?:public|package|internal|fileprivate|private)\s+)?)import\s+"#
            + #"(?:(?:class|struct|enum|func|protocol|typealias|var|let)\s+)?([A-Za-z_][A-Za-z0-9_]*)(.*)$"#)

    /// Rewrites a Swift file's text: its imports of Apple's UI frameworks become Jetway's.
    public init(_ source: String) {
        var lines = source.components(separatedBy: "\n")
        // `import os.log` is the `os` module's logging: Jetway's, as `import os` is.
        for index in lines.indices where lines[index].contains("import os.log") {
            lines[index] = lines[index].replacingOccurrences(of: "import os.log", with: "import os")
        }
        var imports: [(index: Int, module: String)] = []
        var guarded: Set<Int> = []
        // Imports inside any `#if` (a UIKit import there is not made Jetway's: the file's
        // other imports would change for one build only).
        var conditional: Set<Int> = []
        // For each `#if` the line is in: whether its condition asks for a platform or a module,
        // and whether it is a `canImport(UIKit)` Jetway answers.
        var conditions: [Bool] = []
        var answered: [Bool] = []
        // Whether a branch Jetway answers came before in the block.
        var taken: [Bool] = []
        // UIKit stands in as Jetway when the file uses only the UIKit names Jetway has.
        let uiKitNames = Self.uiKitNames(in: source)
        let uiKitIsJetways = uiKitNames.isSubset(of: Self.uiKitNamesJetwayHas)
        var answeredGuards = 0
        for (index, line) in lines.enumerated() {
            let directive = line.trimmingCharacters(in: .whitespaces)
            let opens = directive.hasPrefix("#if ") || directive.hasPrefix("#if(")
            // `#if canImport(UIKit)` around code that uses only what Jetway has (a
            // `hideKeyboard()` helper): the iOS branch is the one a browser's build takes.
            let answers =
                uiKitIsJetways && (opens || directive.hasPrefix("#elseif")) && !directive.contains("!")
                && directive.contains("canImport(UIKit)")
            if answers {
                lines[index] = line.replacingOccurrences(of: "canImport(UIKit)", with: "canImport(Jetway)")
                answeredGuards += 1
            }
            if opens {
                conditions.append(!answers && Self.isPlatformCondition(directive))
                answered.append(answers)
                taken.append(answers)
            } else if directive.hasPrefix("#elseif"), !conditions.isEmpty {
                // After a branch Jetway answers, the others are not built: guarded.
                conditions[conditions.count - 1] = taken[taken.count - 1] || (!answers && Self.isPlatformCondition(directive))
                answered[answered.count - 1] = answers && !taken[taken.count - 1]
                taken[taken.count - 1] = taken[taken.count - 1] || answers
            } else if directive.hasPrefix("#else"), !conditions.isEmpty {
                // What the platform conditions left out is what this platform builds.
                conditions[conditions.count - 1] = taken[taken.count - 1]
                answered[answered.count - 1] = false
            } else if directive.hasPrefix("#endif"), !conditions.isEmpty {
                conditions.removeLast()
                answered.removeLast()
                taken.removeLast()
            }
            let range = NSRange(line.startIndex..., in: line)
            guard let match = Self.importLine.firstMatch(in: line, range: range), let module = Range(match.range(at: 2), in: line) else {
                continue
            }
            imports.append((index, String(line[module])))
            if conditions.contains(true) { guarded.insert(index) }
            // An import under a guard Jetway answers is built as if it were not guarded.
            if !conditions.isEmpty, !answered.allSatisfy({ $0 }) { conditional.insert(index) }
        }
        // The frameworks Jetway has part of that this file uses only Jetway's part of.
        var partialMissing: [String: [String]] = [:]
        for (_, module) in imports where Self.partialFrameworks[module] != nil {
            partialMissing[module] = Self.names(of: module, in: source).subtracting(Self.partialFrameworks[module]!.names).sorted()
        }
        let standsIn = { (module: String) in partialMissing[module]?.isEmpty == true }
        let blocked = imports.filter { !guarded.contains($0.index) }.filter {
            Self.frameworksWithoutCounterpart.contains($0.module)
                && !($0.module == "UIKit" && uiKitIsJetways && !conditional.contains($0.index))
                && !(standsIn($0.module) && !conditional.contains($0.index))
        }.map(\.module)
        if !blocked.isEmpty {
            self.source = source
            let missing = uiKitNames.subtracting(Self.uiKitNamesJetwayHas).sorted()
            self.outcome = .needsHand(
                Array(Set(blocked)).sorted().map { module in
                    if module == "UIKit" && !missing.isEmpty { return "UIKit (\(missing.joined(separator: ", ")))" }
                    if let names = partialMissing[module], !names.isEmpty { return "\(module) (\(names.joined(separator: ", ")))" }
                    return module
                })
            return
        }
        var changes: [String] = []
        if answeredGuards > 0 { changes.append("#if canImport(UIKit) → #if canImport(Jetway) (\(answeredGuards))") }
        var hasJetway = imports.contains { $0.module == "Jetway" }
        var removed: Set<Int> = []
        for (index, module) in imports
        where Self.modulesJetwayStandsIn.contains(module)
            || ((module == "UIKit" || standsIn(module)) && module != "MapKit" && !conditional.contains(index))
        {
            if hasJetway {
                removed.insert(index)
                changes.append("import \(module) removed (Jetway is imported)")
            } else {
                lines[index] = Self.replacingModule(in: lines[index], with: "Jetway")
                hasJetway = true
                changes.append("import \(module) → import Jetway")
            }
        }
        if !hasJetway, let last = imports.last {
            let body = source as NSString
            if let use = Self.modelNames.firstMatch(in: source, range: NSRange(location: 0, length: body.length)) {
                let name = body.substring(with: use.range)
                lines.insert("import Jetway", at: last.index + 1)
                changes.append("import Jetway added (for \(name))")
            }
        }
        // URLSession and its kin are FoundationNetworking's on Linux.
        let body = source as NSString
        if let last = imports.last, !imports.contains(where: { $0.module == "FoundationNetworking" }),
            let use = Self.networkingNames.firstMatch(in: source, range: NSRange(location: 0, length: body.length))
        {
            let name = body.substring(with: use.range)
            lines.insert(contentsOf: ["#if canImport(FoundationNetworking)", "import FoundationNetworking", "#endif"], at: last.index + 1)
            changes.append("import FoundationNetworking added (for \(name), on Linux)")
        }
        // Core Data is JetwayCoreData's: its import, or the import a file needs for the names
        // SwiftUI brings with it (`@FetchRequest`, `\.managedObjectContext`, a format predicate).
        let coreDataImports = imports.filter { $0.module == "CoreData" }
        for (index, _) in coreDataImports {
            lines[index] = Self.replacingModule(in: lines[index], with: "JetwayCoreData")
            changes.append("import CoreData → import JetwayCoreData")
        }
        if coreDataImports.isEmpty, let last = imports.last, !imports.contains(where: { $0.module == "JetwayCoreData" }),
            let use = Self.coreDataNames.firstMatch(in: source, range: NSRange(location: 0, length: body.length))
        {
            lines.insert("import JetwayCoreData", at: last.index + 1)
            changes.append("import JetwayCoreData added (for \(body.substring(with: use.range)))")
        }
        // SwiftData is JetwaySwiftData's.
        for (index, module) in imports where module == "SwiftData" {
            lines[index] = Self.replacingModule(in: lines[index], with: "JetwaySwiftData")
            changes.append("import SwiftData → import JetwaySwiftData")
        }
        // MapKit's map is JetwayMapKit's (with Jetway for CoreLocation's names MapKit brings).
        for (index, module) in imports where module == "MapKit" && standsIn(module) && !conditional.contains(index) {
            lines[index] = Self.replacingModule(in: lines[index], with: "JetwayMapKit")
            changes.append("import MapKit → import JetwayMapKit")
            if !hasJetway, let last = imports.last {
                lines.insert("import Jetway", at: last.index + 1)
                hasJetway = true
                changes.append("import Jetway added (for CoreLocation's names MapKit brings)")
            }
        }
        // Kingfisher's SwiftUI image is JetwayKingfisher's (the package needs UIKit or AppKit).
        for (index, module) in imports where module == "Kingfisher" || module == "KingfisherSwiftUI" {
            lines[index] = Self.replacingModule(in: lines[index], with: "JetwayKingfisher")
            changes.append("import \(module) → import JetwayKingfisher")
        }
        // Swift Charts is JetwayCharts'.
        for (index, module) in imports where module == "Charts" {
            lines[index] = Self.replacingModule(in: lines[index], with: "JetwayCharts")
            changes.append("import Charts → import JetwayCharts")
        }
        for index in removed.sorted(by: >) { lines.remove(at: index) }
        // `@NSManaged` and `@objc(Name)` need the Objective-C runtime: JetwayCoreData's
        // `@Managed` keeps the property's value; the class's Objective-C name is not needed.
        var managed = 0, objc = 0, accessors = 0
        var emptied: [Int] = []
        for index in lines.indices where lines[index].contains("@NSManaged") {
            // A generated to-many accessor gets the body Core Data's runtime gave it.
            let line = lines[index]
            let range = NSRange(line.startIndex..., in: line)
            guard let match = Self.managedAccessor.firstMatch(in: line, range: range) else { continue }
            let part = { (group: Int) in (line as NSString).substring(with: match.range(at: group)) }
            let relationship = part(4).prefix(1).lowercased() + part(4).dropFirst()
            let objects = part(5) == "value" ? "[value]" : "values"
            let call =
                part(3) == "addTo"
                ? "addManagedObjects(\(objects), toKey: \"\(relationship)\")"
                : "removeManagedObjects(\(objects), fromKey: \"\(relationship)\")"
            lines[index] = "\(part(1))\(part(2))func \(part(3))\(part(4))(_ \(part(5)): \(part(6))) { \(call) }"
            accessors += 1
        }
        for index in lines.indices where lines[index].contains("@NSManaged") || lines[index].contains("@objc") {
            let line = lines[index]
            let range = NSRange(line.startIndex..., in: line)
            var rewritten = Self.nsManaged.stringByReplacingMatches(in: line, range: range, withTemplate: "@Managed")
            if rewritten != line { managed += 1 }
            let withoutObjC = Self.objcAttribute.stringByReplacingMatches(
                in: rewritten, range: NSRange(rewritten.startIndex..., in: rewritten), withTemplate: "")
            if withoutObjC != rewritten { objc += 1 }
            rewritten = withoutObjC
            lines[index] = rewritten
            // An attribute on a line of its own leaves no empty line behind.
            if rewritten.allSatisfy(\.isWhitespace) { emptied.append(index) }
        }
        // `@UIApplicationMain` is the older spelling of `@main` on an app delegate.
        for index in lines.indices where lines[index].trimmingCharacters(in: .whitespaces).hasPrefix("@UIApplicationMain") {
            lines[index] = lines[index].replacingOccurrences(of: "@UIApplicationMain", with: "@main")
            changes.append("@UIApplicationMain → @main")
        }
        // Jetway makes the app's and scenes' delegates itself (`init()`), which a class that
        // may have subclasses cannot promise without a `required init()`: they become final.
        for index in lines.indices where lines[index].contains("Delegate") {
            let line = lines[index]
            let range = NSRange(line.startIndex..., in: line)
            guard Self.lifecycleDelegate.firstMatch(in: line, range: range) != nil else { continue }
            lines[index] = Self.lifecycleDelegate.stringByReplacingMatches(in: line, range: range, withTemplate: "$1final class")
            changes.append("app and scene delegates made final")
        }
        if managed > 0 { changes.append("@NSManaged → @Managed (\(managed))") }
        if accessors > 0 { changes.append("@NSManaged to-many accessors given their bodies (\(accessors))") }
        if objc > 0 { changes.append("@objc removed (\(objc))") }
        // `Timer()`, a placeholder before the real timer is scheduled: Linux's `Timer` has no
        // `init()` (and an extension cannot add one), so it is an unscheduled timer made the
        // way Linux can, which never fires, as `Timer()` never does.
        for index in lines.indices where lines[index].contains("Timer()") {
            let line = lines[index]
            let rewritten = Self.emptyTimer.stringByReplacingMatches(
                in: line, range: NSRange(line.startIndex..., in: line), withTemplate: "Timer(timeInterval: 0, repeats: false) { _ in }")
            guard rewritten != line else { continue }
            lines[index] = rewritten
            changes.append("Timer() → Timer(timeInterval: 0, repeats: false) { _ in }")
        }
        // `#selector(UIResponder.resignFirstResponder)` needs the Objective-C runtime: the
        // method's name as a `Selector` (UIApplication.sendAction answers resigning).
        for index in lines.indices where lines[index].contains("#selector") {
            let line = lines[index]
            let rewritten = Self.selector.stringByReplacingMatches(
                in: line, range: NSRange(line.startIndex..., in: line), withTemplate: #"Selector("$1")"#)
            guard rewritten != line else { continue }
            lines[index] = rewritten
            changes.append("#selector(…) → Selector(\"…\")")
        }
        // A name qualified by its module (`SwiftUI.Image`, beside an app's own `Image`): Jetway's.
        var qualified = 0
        for index in lines.indices
        where lines[index].contains("SwiftUI.") && !lines[index].trimmingCharacters(in: .whitespaces).hasPrefix("import") {
            let line = lines[index]
            let rewritten = Self.swiftUIQualified.stringByReplacingMatches(
                in: line, range: NSRange(line.startIndex..., in: line), withTemplate: "Jetway.")
            guard rewritten != line else { continue }
            lines[index] = rewritten
            qualified += 1
        }
        if qualified > 0 { changes.append("SwiftUI.Name → Jetway.Name (\(qualified))") }
        for index in emptied.reversed() { lines.remove(at: index) }
        self.source = changes.isEmpty ? source : lines.joined(separator: "\n")
        self.outcome = changes.isEmpty ? .unchanged : .rewritten(changes)
    }

    /// The UIKit names a file uses (`UIKit` itself aside).
    static func uiKitNames(in source: String) -> Set<String> {
        let text = source as NSString
        var names: Set<String> = []
        for match in uiKitName.matches(in: source, range: NSRange(location: 0, length: text.length)) {
            names.insert(text.substring(with: match.range))
        }
        names.remove("UIKit")
        // An attribute `jetway port` writes `@main`.
        names.remove("UIApplicationMain")
        // A representable's associated type, not a UIKit name of its own.
        names.remove("UIViewType")
        return names
    }

    /// `#if canImport(UIKit)`, `#elseif os(macOS)`: a condition a build for another platform
    /// answers differently.
    private static func isPlatformCondition(_ directive: String) -> Bool {
        // A negation (`#if !os(macOS)`) or Linux itself is built here: not a guard.
        guard !directive.contains("!"), !directive.contains("os(Linux)") else { return false }
        return directive.contains("canImport(") || directive.contains("os(") || directive.contains("targetEnvironment(")
    }

    private static func replacingModule(in line: String, with module: String) -> String {
        let range = NSRange(line.startIndex..., in: line)
        guard let match = importLine.firstMatch(in: line, range: range), let name = Range(match.range(at: 2), in: line) else { return line }
        return line.replacingCharacters(in: name, with: module)
    }
}
