import Foundation

// UserNotifications as apps use it (`import UserNotifications`, which `jetway port` writes as
// Jetway's when a file uses only these names): the server keeps each browser's scheduled
// notifications (by its device cookie) and, when one is due, tells that browser's open pages.
// A page in the background shows it as a system notification (the Web Notifications API, once
// the visitor has allowed it); a page in front shows it as a banner only when the app's
// delegate asks for `.banner` or `.list` in `willPresent`, as iOS does. A browser with no page
// open when a notification is due does not get it (there is no push service: docs/swiftui.md).
//
// ```swift
// let content = UNMutableNotificationContent()
// content.title = "Boarding"
// content.body = "Gate B12 closes in 10 minutes"
// let trigger = UNTimeIntervalNotificationTrigger(timeInterval: 600, repeats: false)
// try await UNUserNotificationCenter.current().add(UNNotificationRequest(identifier: "b12", content: content, trigger: trigger))
// ```

/// What an app asks to be allowed to do.
public struct UNAuthorizationOptions: OptionSet, Sendable {
    /// The options' bits, as Apple numbers them.
    public let rawValue: UInt
    /// Makes a set of options from their bits.
    public init(rawValue: UInt) { self.rawValue = rawValue }
    /// Asks to set the app's badge. Accepted and ignored: `requestAuthorization` grants everything it is asked.
    public static let badge = UNAuthorizationOptions(rawValue: 1)
    /// Asks to play sounds. Accepted and ignored; notifications here play no sound of their own.
    public static let sound = UNAuthorizationOptions(rawValue: 2)
    /// Asks to show alerts. Accepted and ignored: the browser's own permission decides.
    public static let alert = UNAuthorizationOptions(rawValue: 4)
    /// Asks to show notifications in CarPlay. Accepted and ignored.
    public static let carPlay = UNAuthorizationOptions(rawValue: 8)
    /// Asks to play critical alerts. Accepted and ignored.
    public static let criticalAlert = UNAuthorizationOptions(rawValue: 16)
    /// Says the app has its own notification settings. Accepted and ignored.
    public static let providesAppNotificationSettings = UNAuthorizationOptions(rawValue: 32)
    /// Asks to deliver notifications quietly, on trial. Accepted and ignored.
    public static let provisional = UNAuthorizationOptions(rawValue: 64)
}

/// How a notification is shown while the app is in front.
public struct UNNotificationPresentationOptions: OptionSet, Sendable {
    /// The options' bits, as Apple numbers them.
    public let rawValue: UInt
    /// Makes a set of options from their bits.
    public init(rawValue: UInt) { self.rawValue = rawValue }
    /// Set the app's badge. Has no effect here.
    public static let badge = UNNotificationPresentationOptions(rawValue: 1)
    /// Play the notification's sound. Has no effect here: no sound is played.
    public static let sound = UNNotificationPresentationOptions(rawValue: 2)
    /// Show the notification (the older name): the page shows it as a banner, as with `.banner`.
    public static let alert = UNNotificationPresentationOptions(rawValue: 4)
    /// Show it in the notification list: the page shows it as a banner, as with `.banner`.
    public static let list = UNNotificationPresentationOptions(rawValue: 8)
    /// Show it as a banner: the page shows a banner (`role="status"`) for six seconds, or until clicked.
    public static let banner = UNNotificationPresentationOptions(rawValue: 16)
}

/// Whether the app may show notifications.
public enum UNAuthorizationStatus: Int, Sendable {
    /// Apple's states: not yet asked, denied, authorized, provisional, ephemeral. Jetway always answers `authorized`.
    case notDetermined, denied, authorized, provisional, ephemeral
}

/// What the app may do: every browser may be shown notifications in its pages (a system
/// notification needs the visitor's leave, which the browser asks for).
public final class UNNotificationSettings: Sendable {
    /// Whether the app may notify: always `.authorized` here, whatever the visitor answered the browser.
    public let authorizationStatus: UNAuthorizationStatus
    init(authorizationStatus: UNAuthorizationStatus) { self.authorizationStatus = authorizationStatus }
}

/// A notification's sound (the browser's or the system's own).
public final class UNNotificationSound: Sendable {
    let name: String
    init(name: String) { self.name = name }
    /// The system's default sound. Stored with the content; no sound is played.
    public static let `default` = UNNotificationSound(name: "default")
    /// The default sound for critical alerts. Stored with the content; no sound is played.
    public static let defaultCritical = UNNotificationSound(name: "default")
    /// A critical alert's sound from the file `name`. Stored with the content; no sound is played.
    public static func criticalSoundNamed(_ name: String) -> UNNotificationSound { UNNotificationSound(name: name) }
    /// A sound from the app's file `name`. Stored with the content; no sound is played.
    public convenience init(named name: String) { self.init(name: name) }
}

/// What a notification says.
open class UNNotificationContent: @unchecked Sendable {
    /// The notification's title: the browser notification's title, or the banner's first line, in bold.
    public internal(set) var title = ""
    /// A line under the title: shown above the body.
    public internal(set) var subtitle = ""
    /// The notification's text.
    public internal(set) var body = ""
    /// The sound to play: stored, but a browser notification here plays no sound of its own.
    public internal(set) var sound: UNNotificationSound?
    /// The badge number to set: stored, but not applied (`setBadgeCount(_:)` sets the badge).
    public internal(set) var badge: NSNumber?
    /// The app's own data for the notification: stored with the request, not sent to the browser.
    public internal(set) var userInfo: [AnyHashable: Any] = [:]
    /// The category (actions) of the notification: stored, not used, as a browser notification here has no actions.
    public internal(set) var categoryIdentifier = ""
    /// The thread that groups notifications: stored, not used here.
    public internal(set) var threadIdentifier = ""
    /// Makes empty content.
    public init() {}
}

/// What a notification will say, set field by field.
public final class UNMutableNotificationContent: UNNotificationContent, @unchecked Sendable {
    /// The notification's title: the browser notification's title, or the banner's first line, in bold.
    public override var title: String {
        get { super.title }
        set { super.title = newValue }
    }
    /// A line under the title: shown above the body.
    public override var subtitle: String {
        get { super.subtitle }
        set { super.subtitle = newValue }
    }
    /// The notification's text.
    public override var body: String {
        get { super.body }
        set { super.body = newValue }
    }
    /// The sound to play: stored, but a browser notification here plays no sound of its own.
    public override var sound: UNNotificationSound? {
        get { super.sound }
        set { super.sound = newValue }
    }
    /// The badge number to set: stored, but not applied (`setBadgeCount(_:)` sets the badge).
    public override var badge: NSNumber? {
        get { super.badge }
        set { super.badge = newValue }
    }
    /// The app's own data for the notification: stored with the request, not sent to the browser.
    public override var userInfo: [AnyHashable: Any] {
        get { super.userInfo }
        set { super.userInfo = newValue }
    }
    /// The category (actions) of the notification: stored, not used, as a browser notification here has no actions.
    public override var categoryIdentifier: String {
        get { super.categoryIdentifier }
        set { super.categoryIdentifier = newValue }
    }
    /// The thread that groups notifications: stored, not used here.
    public override var threadIdentifier: String {
        get { super.threadIdentifier }
        set { super.threadIdentifier = newValue }
    }
    /// Makes empty content, to set field by field.
    public override init() { super.init() }
}

/// When a notification is due.
open class UNNotificationTrigger: @unchecked Sendable {
    /// Whether the notification is due again after each time.
    public let repeats: Bool
    init(repeats: Bool) { self.repeats = repeats }
    /// The next time after `date` it is due, or nil when it never is again.
    func nextDate(after date: Date) -> Date? { nil }
    /// The first time it is due, for a request added at `date`.
    func firstDate(addedAt date: Date) -> Date? { nextDate(after: date) }
}

/// Due `timeInterval` seconds after it is added (and every `timeInterval` when it repeats:
/// at least 60 seconds, as iOS requires).
public final class UNTimeIntervalNotificationTrigger: UNNotificationTrigger, @unchecked Sendable {
    /// The seconds until the notification is due, and between repeats (after raising a too-short one).
    public let timeInterval: TimeInterval
    let added = Date()
    /// iOS stops an app for an interval of 0 or less, or under 60 seconds for a repeating one; a
    /// server serves every visitor, so here such an interval is logged and raised to the least
    /// allowed (a tenth of a second, or a minute).
    public init(timeInterval: TimeInterval, repeats: Bool) {
        let least: TimeInterval = repeats ? 60 : 0.1
        if !(timeInterval >= least) {
            AppLog.write(
                AppLogEntry(
                    type: .error, subsystem: "Jetway", category: "UserNotifications",
                    message: "UNTimeIntervalNotificationTrigger: an interval of \(timeInterval) s is under \(least) s; \(least) s is used"))
        }
        self.timeInterval = timeInterval >= least ? timeInterval : least
        super.init(repeats: repeats)
    }
    /// When the notification is first due: `timeInterval` after the trigger was made.
    public func nextTriggerDate() -> Date? { added.addingTimeInterval(timeInterval) }
    /// `timeInterval` after the trigger was made, however late the server gets to it.
    override func firstDate(addedAt date: Date) -> Date? { added.addingTimeInterval(timeInterval) }
    override func nextDate(after date: Date) -> Date? {
        var next = added.addingTimeInterval(timeInterval)
        while repeats && next <= date { next += timeInterval }
        return next > date ? next : nil
    }
}

/// Due when the date matches `dateComponents` (in the app's calendar and zone: a date's
/// components with no `timeZone` are the process's, as `JetwayApp(timeZone:)` sets it).
public final class UNCalendarNotificationTrigger: UNNotificationTrigger, @unchecked Sendable {
    /// The date components a due date must match (`hour: 9, minute: 0` for every day at nine).
    public let dateComponents: DateComponents
    /// Makes a trigger due at the next date matching `dateComponents` (in their calendar, or the current one),
    /// and at each match after when it `repeats`.
    public init(dateMatching dateComponents: DateComponents, repeats: Bool) {
        self.dateComponents = dateComponents
        super.init(repeats: repeats)
    }
    /// The next date after now that matches `dateComponents`, or nil when none does.
    public func nextTriggerDate() -> Date? { nextDate(after: Date()) }
    override func nextDate(after date: Date) -> Date? {
        let calendar = dateComponents.calendar ?? Calendar.current
        var components = dateComponents
        components.calendar = nil
        return calendar.nextDate(after: date, matching: components, matchingPolicy: .nextTime)
    }
}

/// A notification to show, by its identifier (a new request with the same one replaces it).
public final class UNNotificationRequest: @unchecked Sendable {
    /// The request's identifier: adding another request with it replaces this one.
    public let identifier: String
    /// What the notification says.
    public let content: UNNotificationContent
    /// When the notification is due; nil for now.
    public let trigger: UNNotificationTrigger?
    /// Makes a request `identifier` to show `content` when `trigger` is due (at once when it is nil).
    public init(identifier: String, content: UNNotificationContent, trigger: UNNotificationTrigger?) {
        self.identifier = identifier
        self.content = content
        self.trigger = trigger
    }
}

/// A notification that was due.
public final class UNNotification: @unchecked Sendable {
    /// The request that was due.
    public let request: UNNotificationRequest
    /// When it was delivered.
    public let date: Date
    init(request: UNNotificationRequest, date: Date) {
        self.request = request
        self.date = date
    }
}

/// The visitor's answer to a notification (not sent: a browser's click on a notification
/// brings its page to the front).
public final class UNNotificationResponse: @unchecked Sendable {
    /// The notification answered.
    public let notification: UNNotification
    /// What the visitor did: `UNNotificationDefaultActionIdentifier`, `UNNotificationDismissActionIdentifier` or an action's.
    public let actionIdentifier: String
    init(notification: UNNotification, actionIdentifier: String) {
        self.notification = notification
        self.actionIdentifier = actionIdentifier
    }
}

/// The identifier of a response to a tap on the notification itself. No response is sent here.
public let UNNotificationDefaultActionIdentifier = "com.apple.UNNotificationDefaultActionIdentifier"
/// The identifier of a response to dismissing the notification. No response is sent here.
public let UNNotificationDismissActionIdentifier = "com.apple.UNNotificationDismissActionIdentifier"

/// What hears a notification that is due while the app is in front.
@MainActor @preconcurrency
public protocol UNUserNotificationCenterDelegate: AnyObject {
    /// Called on the server each time a notification is due, whatever its browser's pages are doing; `completionHandler`
    /// gets how a page in front shows it (`.banner`, `.list` or `.alert` for a banner, `[]` for none).
    ///
    /// Call `completionHandler` before you return: the options are read when this returns, and a later call is ignored.
    func userNotificationCenter(
        _ center: UNUserNotificationCenter, willPresent notification: UNNotification,
        withCompletionHandler completionHandler: @escaping (UNNotificationPresentationOptions) -> Void)
    /// Called when the visitor answers a notification. Never called here: a click on a browser notification brings
    /// its page to the front, and no response is sent to the server.
    func userNotificationCenter(
        _ center: UNUserNotificationCenter, didReceive response: UNNotificationResponse,
        withCompletionHandler completionHandler: @escaping () -> Void)
}

extension UNUserNotificationCenterDelegate {
    /// By default, shows nothing while the page is in front (`[]`); in the background the browser's notification shows.
    public func userNotificationCenter(
        _ center: UNUserNotificationCenter, willPresent notification: UNNotification,
        withCompletionHandler completionHandler: @escaping (UNNotificationPresentationOptions) -> Void
    ) { completionHandler([]) }
    /// By default, calls `completionHandler` at once.
    public func userNotificationCenter(
        _ center: UNUserNotificationCenter, didReceive response: UNNotificationResponse,
        withCompletionHandler completionHandler: @escaping () -> Void
    ) { completionHandler() }
}

/// The app's notifications: each browser's scheduled ones, shown in its open pages when due.
@MainActor @preconcurrency
public final class UNUserNotificationCenter {
    private static let shared = UNUserNotificationCenter()
    /// The app's one notification center.
    public static func current() -> UNUserNotificationCenter { shared }

    /// What decides how a notification shows while its page is in front; held weakly, as on Apple's platforms.
    public weak var delegate: (any UNUserNotificationCenterDelegate)?

    /// Whether any page has used notifications (pages read their browser's inbox only then).
    static var inUse = false

    struct Scheduled {
        let request: UNNotificationRequest
        let task: Task<Void, Never>
    }
    /// Scheduled notifications by browser and identifier.
    private var pending: [String: [String: Scheduled]] = [:]
    /// What each browser's pages are to show: `serial<TAB>kind<TAB>title<TAB>subtitle<TAB>body`
    /// lines, the latest eight.
    private(set) var inbox: [String: [String]] = [:]
    private var serial = 0

    /// The browser of the page acting (or whose handler started this task), which is noted
    /// as a page to tell.
    private var device: String? { PageHost.current.flatMap(listen) }

    /// Allowed: pages can always show notifications; the browser asks the visitor for system
    /// notifications (the page acting asks as the request's patch arrives).
    public func requestAuthorization(
        options: UNAuthorizationOptions = [], completionHandler: @escaping @Sendable (Bool, (any Error)?) -> Void
    ) {
        Self.inUse = true
        if let device { post(device, kind: "authorize") }
        completionHandler(true, nil)
    }

    /// Allowed: has the page acting ask the visitor for system notifications, and returns `true` whatever
    /// the visitor answers; the `options` are ignored.
    public func requestAuthorization(options: UNAuthorizationOptions = []) async throws -> Bool {
        Self.inUse = true
        if let device { post(device, kind: "authorize") }
        return true
    }

    /// Calls `completionHandler` with settings that are always `.authorized`.
    public func getNotificationSettings(completionHandler: @escaping @Sendable (UNNotificationSettings) -> Void) {
        completionHandler(UNNotificationSettings(authorizationStatus: .authorized))
    }

    /// Settings that are always `.authorized`.
    public func notificationSettings() async -> UNNotificationSettings { UNNotificationSettings(authorizationStatus: .authorized) }

    /// Schedules `request` for the browser of the page acting (replacing one with its
    /// identifier); a request without a trigger is due now.
    public func add(_ request: UNNotificationRequest, withCompletionHandler completionHandler: (@Sendable ((any Error)?) -> Void)? = nil) {
        Self.inUse = true
        guard let device else {
            completionHandler?(UNError.noPage)
            return
        }
        schedule(request, for: device)
        completionHandler?(nil)
    }

    /// Schedules `request` for the browser of the page acting (replacing one with its identifier); a request
    /// without a trigger is due now. Throws `UNError.noPage` outside a page's handler or a task it started.
    public func add(_ request: UNNotificationRequest) async throws {
        Self.inUse = true
        guard let device else { throw UNError.noPage }
        schedule(request, for: device)
    }

    private func schedule(_ request: UNNotificationRequest, for device: String) {
        pending[device]?[request.identifier]?.task.cancel()
        let added = Date()
        let task = Task { @MainActor [weak self] in
            // The first time is reckoned from when the request was added (the task may start
            // later on a busy server), the next ones from the time before.
            var due = request.trigger.map { $0.firstDate(addedAt: added) } ?? added
            while let next = due {
                let wait = next.timeIntervalSinceNow
                if wait > 0 { try? await Task.sleep(for: .milliseconds(Int(wait * 1000))) }
                if Task.isCancelled { return }
                guard let self else { return }
                self.deliver(request, to: device)
                guard request.trigger?.repeats == true else { break }
                due = request.trigger?.nextDate(after: next)
            }
            if let self, self.pending[device]?[request.identifier]?.request === request {
                self.pending[device]?[request.identifier] = nil
            }
        }
        pending[device, default: [:]][request.identifier] = Scheduled(request: request, task: task)
    }

    private func deliver(_ request: UNNotificationRequest, to device: String) {
        let notification = UNNotification(request: request, date: Date())
        var options: UNNotificationPresentationOptions = []
        delegate?.userNotificationCenter(self, willPresent: notification) { options = $0 }
        let shownInFront = !options.isDisjoint(with: [.banner, .list, .alert])
        let content = request.content
        post(device, kind: shownInFront ? "front" : "back", content.title, content.subtitle, content.body)
    }

    /// Adds a line to the browser's inbox and has its pages show it.
    private func post(_ device: String, kind: String, _ fields: String...) {
        serial += 1
        let clean = fields.map { $0.replacingOccurrences(of: "\t", with: " ").replacingOccurrences(of: "\n", with: " ") }
        var lines = inbox[device] ?? []
        lines.append(([String(serial), kind] + clean).joined(separator: "\t"))
        inbox[device] = Array(lines.suffix(8))
        for page in listeners[device] ?? [] { page.host?.graph?.setNeedsUpdate() }
    }

    /// The pages open in each browser, told when its inbox changes.
    private var listeners: [String: [WeakPageHost]] = [:]

    /// The inbox of `page`'s browser, noting the page as one to tell.
    func inbox(for page: PageHost) -> [String]? {
        guard let device = listen(page) else { return nil }
        return inbox[device]
    }

    /// Notes `page` as one to tell when its browser's inbox changes; its browser.
    @discardableResult
    private func listen(_ page: PageHost) -> String? {
        guard let device = page.device else { return nil }
        var pages = (listeners[device] ?? []).filter { $0.host != nil }
        if !pages.contains(where: { $0.host === page }) { pages.append(WeakPageHost(host: page)) }
        listeners[device] = pages
        return device
    }

    /// Calls `completionHandler` with the requests still to be delivered to the acting page's browser, by identifier.
    public func getPendingNotificationRequests(completionHandler: @escaping @Sendable ([UNNotificationRequest]) -> Void) {
        completionHandler(pendingRequests())
    }

    /// The requests still to be delivered to the acting page's browser, sorted by identifier (none outside a page).
    public func pendingNotificationRequests() async -> [UNNotificationRequest] { pendingRequests() }

    private func pendingRequests() -> [UNNotificationRequest] {
        guard let device else { return [] }
        return (pending[device] ?? [:]).values.map(\.request).sorted { $0.identifier < $1.identifier }
    }

    /// Cancels the acting page's browser's scheduled requests with `identifiers`.
    public func removePendingNotificationRequests(withIdentifiers identifiers: [String]) {
        guard let device else { return }
        for identifier in identifiers {
            pending[device]?[identifier]?.task.cancel()
            pending[device]?[identifier] = nil
        }
    }

    /// Cancels all the acting page's browser's scheduled requests.
    public func removeAllPendingNotificationRequests() {
        guard let device else { return }
        for scheduled in (pending[device] ?? [:]).values { scheduled.task.cancel() }
        pending[device] = nil
    }

    /// Delivered notifications are the browser's to keep: nothing to remove on the server.
    public func removeDeliveredNotifications(withIdentifiers identifiers: [String]) {}
    /// Does nothing: delivered notifications are the browser's to keep.
    public func removeAllDeliveredNotifications() {}

    /// The app's badge: the browser's app badge where it has one (an installed web app).
    public func setBadgeCount(_ newBadgeCount: Int) async throws {
        if let device { post(device, kind: "badge", String(newBadgeCount)) }
    }
    /// Sets the app's badge to `newBadgeCount` in the acting page's browser where it has one (an installed web app),
    /// then calls `completionHandler` with no error.
    public func setBadgeCount(_ newBadgeCount: Int, withCompletionHandler completionHandler: (@Sendable ((any Error)?) -> Void)? = nil) {
        if let device { post(device, kind: "badge", String(newBadgeCount)) }
        completionHandler?(nil)
    }
}

/// Why a notification was not scheduled.
public enum UNError: LocalizedError, Equatable {
    /// Added outside a page's handler (or a task one started): there is no browser to tell.
    case noPage
    /// What to do instead: add the notification from an action, `onAppear` or a task they start.
    public var errorDescription: String? {
        "A notification is scheduled for the browser of the page acting: add it in an action, onAppear or a task they start."
    }
}
