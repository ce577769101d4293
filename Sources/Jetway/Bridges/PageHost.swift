import Foundation
import Observation

/// The page a view is shown in, reached through the environment — what seed 001 reaches
/// through its `ViewControllerProvider` and drives from a `FlowCoordinator`: push and pop
/// screens on the page's outermost `NavigationStack`, present a sheet over the whole page and
/// dismiss it, open another address, set the document's title.
///
/// ```swift
/// struct RootView: View {
///     @Environment(\.pageHost) private var host
///     var body: some View {
///         Button("Present Sheet") { host?.present(DetailView()) }
///     }
/// }
/// ```
///
/// A coordinator object can keep the host it was given and drive the page from outside the
/// views (`FlowCoordinator(host:)`), as a UIKit flow coordinator drives its window.
@MainActor
public final class PageHost {
    /// The sheet presented over the page (`present(_:)`), if any.
    public private(set) var presented: AnyView?
    /// The document's title, shown instead of the screen's `.navigationTitle` while set.
    public var title: String? {
        didSet { if title != oldValue { graph?.setNeedsUpdate() } }
    }
    /// The screen stays on while the page is shown (`UIApplication.shared.isIdleTimerDisabled`;
    /// for one view, `.keepsScreenAwake()`).
    public var keepsScreenOn = false {
        didSet { if keepsScreenOn != oldValue { graph?.setNeedsUpdate() } }
    }
    /// The page's outermost stack, once it has rendered.
    weak var navigation: NavigationState?
    /// The text this page last copied through `UIPasteboard` (it goes with the page).
    var copiedText: String?
    weak var graph: ViewGraph?
    /// Counts presentations, so presenting a new view replaces the sheet, not its content.
    private(set) var presentation = 0
    /// The last address asked for with `open(_:)`, numbered so the page opens each once.
    private(set) var openRequest: (serial: Int, url: String)?
    /// The last file asked to be downloaded (`.fileExporter`), numbered so the browser saves
    /// each once: `serial type base64 name`.
    private(set) var downloadRequest: String?
    private var downloads = 0

    init(graph: ViewGraph) {
        self.graph = graph
    }

    /// The latest things the app asked this page to play or say (`AVAudioPlayer`,
    /// `AVSpeechSynthesizer`), each a line `serial action player volume loops time source`;
    /// the browser does each serial once (features/media.js).
    private(set) var mediaRequests: [String] = []
    /// The player and the source each line in `mediaRequests` carries (a sound's bytes go to
    /// the page once while a line has them: the browser keeps each player's sound).
    private var mediaSources: [(player: Int, source: String)] = []
    private var mediaSerial = 0

    /// Asks the browser to `action` (`play`, `pause`, `stop`, `speak`, …) player `player`;
    /// `source` is the sound's address (or the words to say).
    func media(_ action: String, player: Int, volume: Double = 1, loops: Int = 0, time: Double = 0, source: String = "") {
        mediaSerial += 1
        let known =
            !source.isEmpty && action != "speak" && action != "copy" && mediaSources.contains { $0.player == player && $0.source == source }
        let sent = known ? "" : source
        mediaRequests.append("\(mediaSerial) \(action) \(player) \(volume) \(loops) \(time) \(sent)")
        // Words and copied text are the line's own, not a sound a later line reuses.
        mediaSources.append((player, action == "speak" || action == "copy" ? "" : sent))
        // A page that misses a render keeps the last few (a burst of taps, then one patch).
        if mediaRequests.count > 8 {
            mediaRequests.removeFirst()
            let dropped = mediaSources.removeFirst()
            // The sound goes with its first line: the next line for that player carries it again.
            if !dropped.source.isEmpty, let next = mediaSources.firstIndex(where: { $0.player == dropped.player }),
                mediaSources[next].source.isEmpty
            {
                mediaSources[next].source = dropped.source
                mediaRequests[next] += dropped.source
            }
        }
        graph?.setNeedsUpdate()
    }

    /// How many times the app has asked to take the focus out of the page's field (UIKit's
    /// `resignFirstResponder`): the browser blurs once per request.
    private(set) var endEditingRequests = 0

    /// The language the visitor chose (`LanguageChoice`), for the browser to keep: a serial
    /// for each choice, and the tag ("" for the browser's own).
    var languageRequest: (serial: Int, tag: String)?

    /// Takes the focus out of the field being typed in (the keyboard goes away).
    func endEditing() {
        endEditingRequests += 1
        graph?.setNeedsUpdate()
    }

    /// The page whose event is being handled, while its handler runs.
    static var acting: PageHost? {
        didSet { actingID = acting.map(ObjectIdentifier.init) }
    }

    /// The page whose handler started the task running (a `Task { … }` in a button's action
    /// inherits it), while the page is open: what a model's `async` code reaches after an
    /// `await` (`try await center.add(request)`), when no handler is running.
    @TaskLocal static var taskPage: WeakPageHost?

    /// The page acting, or the page whose handler started this task.
    static var current: PageHost? { acting ?? taskPage?.host }

    /// The browser (device cookie) this page is open in, read without making the page's
    /// rendering its browser's own (what is kept per browser here never reaches a pristine,
    /// shareable rendering: notifications show only in pages a visitor has used).
    var device: String? { graph?.environment.request._device }

    /// Who the page acting now is (in an event's handler or while it renders), for state kept
    /// apart per page outside the core (JetwayCoreData's unsaved changes); nil outside a page.
    /// Readable from any isolation (it is set on the main actor, where pages act).
    nonisolated public static var actingPage: ObjectIdentifier? { actingID }
    nonisolated(unsafe) private static var actingID: ObjectIdentifier?

    /// Whether a view listens for the on-screen keyboard (`keyboardWillShowNotification`):
    /// only then does the page hear the browser's keyboard come and go.
    var hearsKeyboard = false {
        didSet { if hearsKeyboard != oldValue { graph?.setNeedsUpdate() } }
    }
    /// The on-screen keyboard's height as the browser last reported it.
    private(set) var keyboardHeight = 0.0

    /// The browser's on-screen keyboard came, went or changed height (a `keyboard` event on the
    /// root): UIKit's keyboard notifications are posted for this page, with the keyboard's
    /// frame at the bottom of the page's screen.
    func keyboardChanged(_ payload: EventPayload) throws {
        let height = try payload.number()
        guard height >= 0, height < 10_000 else {
            throw JetwayError.wrongPayload(expected: "a keyboard height between 0 and 10,000", got: "\(height)")
        }
        guard height != keyboardHeight else { return }
        let before = keyboardHeight
        keyboardHeight = height
        let screen = UIScreen.main.bounds
        func frame(_ height: Double) -> CGRect { CGRect(x: 0, y: screen.height - height, width: screen.width, height: height) }
        let info: [AnyHashable: Any] = [
            UIResponder.keyboardFrameBeginUserInfoKey: frame(before), UIResponder.keyboardFrameEndUserInfoKey: frame(height),
            UIResponder.keyboardAnimationDurationUserInfoKey: 0.25,
            UIResponder.keyboardAnimationCurveUserInfoKey: UIView.AnimationCurve.easeInOut,
            UIResponder.keyboardIsLocalUserInfoKey: true,
        ]
        let names: [Notification.Name] =
            height == 0
            ? [
                UIResponder.keyboardWillHideNotification, UIResponder.keyboardWillChangeFrameNotification,
                UIResponder.keyboardDidHideNotification, UIResponder.keyboardDidChangeFrameNotification,
            ]
            : [
                UIResponder.keyboardWillShowNotification, UIResponder.keyboardWillChangeFrameNotification,
                UIResponder.keyboardDidShowNotification, UIResponder.keyboardDidChangeFrameNotification,
            ]
        for name in names { NotificationCenter.default.post(name: name, object: self, userInfo: info) }
    }

    /// Whether a view has read `@Environment(\.scenePhase)`: only then does the page hear the
    /// browser hide and show it.
    var readsPhase = false
    /// Whether a view has read a size class: only then does the page hear the window change
    /// class.
    var readsSizeClass = false

    /// Views told when the page is hidden or shown (UIApplication's life-cycle notifications).
    private var phaseObservers: [Int: @MainActor (ScenePhase) -> Void] = [:]
    private var nextPhaseObserver = 0

    func observePhase(_ observer: @escaping @MainActor (ScenePhase) -> Void) -> AnyCancellable {
        nextPhaseObserver += 1
        let id = nextPhaseObserver
        phaseObservers[id] = observer
        return AnyCancellable { [weak self] in
            MainActor.assumeIsolated { _ = self?.phaseObservers.removeValue(forKey: id) }
        }
    }

    func phaseChanged(to phase: ScenePhase) {
        for observer in phaseObservers.values { observer(phase) }
    }

    /// The location managers of this page's views that want the visitor's position, and
    /// whether any wants it continuously (`startUpdatingLocation`) or once.
    private var locationManagers: [ObjectIdentifier: (manager: WeakLocationManager, continuous: Bool)] = [:]
    private var locationSerial = 0
    /// What the root asks of the browser's geolocation: "<serial> watch" or "<serial> once".
    private(set) var locationRequest: String?

    /// `manager` wants the visitor's position, from now on or once.
    func wantLocation(_ manager: CLLocationManager, continuous: Bool) {
        // (Managers that are gone first: a new one may have a freed one's address.)
        locationManagers = locationManagers.filter { $0.value.manager.value != nil }
        let key = ObjectIdentifier(manager)
        let wasContinuous = locationManagers[key]?.continuous ?? false
        locationManagers[key] = (WeakLocationManager(manager), continuous || wasContinuous)
        askForLocation(fresh: !continuous)
    }

    func stopLocation(_ manager: CLLocationManager) {
        locationManagers[ObjectIdentifier(manager)] = nil
        askForLocation(fresh: false)
    }

    /// The root's request: a watch while a manager wants it continuously, one position for a
    /// manager that asked once (a new serial asks again), nothing otherwise.
    private func askForLocation(fresh: Bool) {
        locationManagers = locationManagers.filter { $0.value.manager.value != nil }
        let watch = locationManagers.values.contains { $0.continuous }
        let request: String?
        if locationManagers.isEmpty {
            request = nil
        } else if watch, locationRequest?.hasSuffix(" watch") == true {
            request = locationRequest
        } else {
            if fresh || locationRequest == nil || watch { locationSerial += 1 }
            request = "\(locationSerial) \(watch ? "watch" : "once")"
        }
        if request != locationRequest {
            locationRequest = request
            graph?.setNeedsUpdate()
        }
    }

    /// What the browser answered: a position for every manager that wants one, or why not.
    func locationArrived(_ payload: EventPayload) throws {
        let managers = locationManagers
        // The ones that asked once have their answer.
        locationManagers = locationManagers.filter { $0.value.continuous }
        askForLocation(fresh: false)
        switch payload {
        case .numbers(let values) where values.count >= 8:
            let location = CLLocation(browser: values)
            for entry in managers.values { entry.manager.value?.arrived(location) }
        case .text(let reason):
            // Refused: no manager of this page asks again until one is started again.
            if reason == "denied" {
                locationManagers = [:]
                askForLocation(fresh: false)
            }
            for entry in managers.values { entry.manager.value?.failed(reason) }
        default:
            throw JetwayError.wrongPayload(expected: "a position or a reason", got: payload.kindName)
        }
    }

    /// Views told when the page ends for good (UIApplication's `willTerminateNotification`).
    private var endObservers: [Int: @MainActor () -> Void] = [:]

    func observeEnd(_ observer: @escaping @MainActor () -> Void) -> AnyCancellable {
        nextPhaseObserver += 1
        let id = nextPhaseObserver
        endObservers[id] = observer
        return AnyCancellable { [weak self] in
            MainActor.assumeIsolated { _ = self?.endObservers.removeValue(forKey: id) }
        }
    }

    /// The page is ending: its views are still there to hear it.
    func pageEnds() {
        let observers = endObservers.values
        endObservers.removeAll()
        for observer in observers { observer() }
    }

    /// Pushes `view` onto the page's outermost `NavigationStack` (its Back button pops it). A
    /// pushed view has no address of its own: a reload shows the screen that pushed it.
    public func push<V: View>(_ view: V) {
        navigation?.push(AnyView(view))
    }

    /// Pops the top screen of the page's outermost stack.
    public func pop() {
        navigation?.pop()
    }

    /// Presents `view` as a sheet over the whole page (Escape or a click on the backdrop
    /// dismisses it too).
    public func present<V: View>(_ view: V) {
        presented = AnyView(view)
        presentation += 1
        changed()
    }

    /// A UIKit alert presented imperatively (`present(UIAlertController(…))`): its title,
    /// message and buttons, shown as `.alert` or `.confirmationDialog` shows them.
    private(set) var presentedAlert: (confirmation: Bool, title: String, message: String?, buttons: [Alert.Button])?

    func presentAlert(confirmation: Bool, title: String, message: String?, buttons: [Alert.Button]) {
        presentedAlert = (confirmation, title, message, buttons)
        changed()
    }

    /// Dismisses the presented alert, else the presented sheet, or, with none, pops the top screen.
    public func dismiss() {
        if presentedAlert != nil {
            presentedAlert = nil
            changed()
        } else if presented != nil {
            presented = nil
            changed()
        } else {
            pop()
        }
    }

    /// Opens `url` in this browser tab (an address of this app, or an `http`/`https` one). A
    /// URL of a scheme of the app's own (`flights://US1204`) goes to the page's `onOpenURL`
    /// handlers, as iOS hands an app its own links; anything else is refused and returns false.
    @discardableResult
    public func open(_ url: URL) -> Bool {
        if let scheme = url.scheme?.lowercased(), !Self.webSchemes.contains(scheme), !urlHandlers.isEmpty {
            for handler in urlHandlers.values { handler(url) }
            return true
        }
        guard let safe = URLPolicy.sanitize(url.absoluteString) else { return false }
        openRequest = ((openRequest?.serial ?? 0) + 1, safe)
        graph?.setNeedsUpdate()
        return true
    }

    /// Schemes a browser opens itself (not an app's own).
    static let webSchemes: Set<String> = ["http", "https", "mailto", "tel", "sms", "data", "blob", "file", "javascript"]

    /// The page's undo manager (`@Environment(\.undoManager)`): what this visitor did.
    public nonisolated let undoManager = UndoManager()

    /// The `onOpenURL` handlers of the views on the page, by their view.
    var urlHandlers: [ObjectIdentifier: @MainActor (URL) -> Void] = [:]

    /// The visitor's browser saves `data` as a file named `name` (of MIME type `type`).
    func download(_ data: Data, named name: String, type: String) {
        downloads += 1
        downloadRequest = "\(downloads) \(type) \(data.base64EncodedString()) \(name)"
        graph?.setNeedsUpdate()
    }

    /// Every render pass draws the presentation (`renderHostPresentation`): an update is all
    /// a change needs.
    private func changed() {
        graph?.setNeedsUpdate()
    }
}

private struct PageHostKey: EnvironmentKey {
    static let defaultValue: PageHost? = nil
}

extension EnvironmentValues {
    /// The page this view is shown in (nil outside a `ViewGraph`, as in a preview).
    public var pageHost: PageHost? {
        get { self[PageHostKey.self] }
        set { self[PageHostKey.self] = newValue }
    }
}

extension ViewGraph {
    /// The page host's sheet, after the root view's nodes (nothing when none is presented).
    func renderHostPresentation(_ context: _RenderContext, _ out: inout [Node]) {
        // Nothing presented: nothing rendered, no storage made (a page that never presents
        // keeps the instance tree it always had).
        guard let host = context.environment.pageHost, host.presented != nil || host.presentedAlert != nil else { return }
        if let alert = host.presentedAlert {
            let shown = Binding(
                get: { host.presentedAlert != nil },
                set: { if !$0, host.presentedAlert != nil { host.dismiss() } })
            let modifier = AlertModifier(
                kind: alert.confirmation ? .confirmation : .alert, title: Text(verbatim: alert.title), showsTitle: true, isPresented: shown,
                actions: { OlderAlertButtons(buttons: alert.buttons) }, message: { alert.message.map { Text(verbatim: $0) } })
            AlertModifier._apply(modifier, context.structural(2), &out) { _, _ in }
        }
        guard host.presented != nil else { return }
        let modifier = SheetModifier<AnyView>(
            style: .sheet,
            presented: { host.presented == nil ? nil : AnyHashable(host.presentation) },
            dismiss: { host.dismiss() },
            onDismiss: nil,
            content: { host.presented })
        SheetModifier._apply(modifier, context.structural(1), &out) { _, _ in }
    }
}

/// How much room a dimension of the page has, as SwiftUI's size classes say it: `compact` for
/// a phone's width (and a phone on its side's height), `regular` for a tablet's or a desktop
/// window's. The browser window's (features/sizes.js): horizontally compact under 600 px wide,
/// or under 900 px wide and 500 px tall (a phone on its side); vertically compact under 500 px
/// tall. They follow the window as it is resized.
public enum UserInterfaceSizeClass: Hashable, Sendable {
    /// Too little room for a regular layout (a phone's width); room enough (a tablet's or a desktop
    /// window's).
    case compact, regular
}

private struct HorizontalSizeClassKey: EnvironmentKey { static let defaultValue: UserInterfaceSizeClass? = nil }
private struct VerticalSizeClassKey: EnvironmentKey { static let defaultValue: UserInterfaceSizeClass? = nil }

extension EnvironmentValues {
    /// The keys the size classes are read by (the graph finds their readers by them).
    static var sizeClassKeys: [ObjectIdentifier] {
        [ObjectIdentifier(HorizontalSizeClassKey.self), ObjectIdentifier(VerticalSizeClassKey.self)]
    }

    /// The page's horizontal size class: the browser window's (`RequestContext`, then what the
    /// runtime reports as the window is resized), unless a view sets one for its content.
    public var horizontalSizeClass: UserInterfaceSizeClass? {
        get {
            let host = pageHost
            MainActor.assumeIsolated { host?.readsSizeClass = true }
            return self[HorizontalSizeClassKey.self] ?? request.horizontalSizeClass
        }
        set { self[HorizontalSizeClassKey.self] = newValue }
    }

    /// The page's vertical size class (compact on a phone on its side).
    public var verticalSizeClass: UserInterfaceSizeClass? {
        get {
            let host = pageHost
            MainActor.assumeIsolated { host?.readsSizeClass = true }
            return self[VerticalSizeClassKey.self] ?? request.verticalSizeClass
        }
        set { self[VerticalSizeClassKey.self] = newValue }
    }
}

/// Whether a scene is shown: `.active` while the page is visible, `.background` while its tab
/// is hidden or its window minimised (the browser's `visibilitychange`). A page has no
/// `.inactive` moment of its own.
public enum ScenePhase: Hashable, Sendable, Comparable {
    /// Hidden (the tab hidden or the window minimised); between the two (never reported by a page);
    /// shown. They compare in that order.
    case background, inactive, active
}

private struct ScenePhaseKey: EnvironmentKey { static let defaultValue = ScenePhase.active }

extension EnvironmentValues {
    /// The key `scenePhase` is read by (the graph finds its readers by it).
    static var scenePhaseKey: ObjectIdentifier { ObjectIdentifier(ScenePhaseKey.self) }
}

extension EnvironmentValues {
    /// Whether the page is shown: follows the browser's visibility.
    public var scenePhase: ScenePhase {
        get {
            let host = pageHost
            MainActor.assumeIsolated { host?.readsPhase = true }
            return self[ScenePhaseKey.self]
        }
        set { self[ScenePhaseKey.self] = newValue }
    }
}

/// A page, not kept open by whoever holds this.
struct WeakPageHost: Sendable {
    nonisolated(unsafe) weak var host: PageHost?
}
