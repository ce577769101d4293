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
    public let rawValue: UInt
    public init(rawValue: UInt) { self.rawValue = rawValue }
    public static let badge = UNAuthorizationOptions(rawValue: 1)
    public static let sound = UNAuthorizationOptions(rawValue: 2)
    public static let alert = UNAuthorizationOptions(rawValue: 4)
    public static let carPlay = UNAuthorizationOptions(rawValue: 8)
    public static let criticalAlert = UNAuthorizationOptions(rawValue: 16)
    public static let providesAppNotificationSettings = UNAuthorizationOptions(rawValue: 32)
    public static let provisional = UNAuthorizationOptions(rawValue: 64)
}

/// How a notification is shown while the app is in front.
public struct UNNotificationPresentationOptions: OptionSet, Sendable {
    public let rawValue: UInt
    public init(rawValue: UInt) { self.rawValue = rawValue }
    public static let badge = UNNotificationPresentationOptions(rawValue: 1)
    public static let sound = UNNotificationPresentationOptions(rawValue: 2)
    public static let alert = UNNotificationPresentationOptions(rawValue: 4)
    public static let list = UNNotificationPresentationOptions(rawValue: 8)
    public static let banner = UNNotificationPresentationOptions(rawValue: 16)
}

public enum UNAuthorizationStatus: Int, Sendable {
    case notDetermined, denied, authorized, provisional, ephemeral
}

/// What the app may do: every browser may be shown notifications in its pages (a system
/// notification needs the visitor's leave, which the browser asks for).
public final class UNNotificationSettings: Sendable {
    public let authorizationStatus: UNAuthorizationStatus
    init(authorizationStatus: UNAuthorizationStatus) { self.authorizationStatus = authorizationStatus }
}

/// A notification's sound (the browser's or the system's own).
public final class UNNotificationSound: Sendable {
    let name: String
    init(name: String) { self.name = name }
    public static let `default` = UNNotificationSound(name: "default")
    public static let defaultCritical = UNNotificationSound(name: "default")
    public static func criticalSoundNamed(_ name: String) -> UNNotificationSound { UNNotificationSound(name: name) }
    public convenience init(named name: String) { self.init(name: name) }
}

/// What a notification says.
open class UNNotificationContent: @unchecked Sendable {
    public internal(set) var title = ""
    public internal(set) var subtitle = ""
    public internal(set) var body = ""
    public internal(set) var sound: UNNotificationSound?
    public internal(set) var badge: NSNumber?
    public internal(set) var userInfo: [AnyHashable: Any] = [:]
    public internal(set) var categoryIdentifier = ""
    public internal(set) var threadIdentifier = ""
    public init() {}
}

/// What a notification will say, set field by field.
public final class UNMutableNotificationContent: UNNotificationContent, @unchecked Sendable {
    public override var title: String {
        get { super.title }
        set { super.title = newValue }
    }
    public override var subtitle: String {
        get { super.subtitle }
        set { super.subtitle = newValue }
    }
    public override var body: String {
        get { super.body }
        set { super.body = newValue }
    }
    public override var sound: UNNotificationSound? {
        get { super.sound }
        set { super.sound = newValue }
    }
    public override var badge: NSNumber? {
        get { super.badge }
        set { super.badge = newValue }
    }
    public override var userInfo: [AnyHashable: Any] {
        get { super.userInfo }
        set { super.userInfo = newValue }
    }
    public override var categoryIdentifier: String {
        get { super.categoryIdentifier }
        set { super.categoryIdentifier = newValue }
    }
    public override var threadIdentifier: String {
        get { super.threadIdentifier }
        set { super.threadIdentifier = newValue }
    }
    public override init() { super.init() }
}

/// When a notification is due.
open class UNNotificationTrigger: @unchecked Sendable {
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
    public let dateComponents: DateComponents
    public init(dateMatching dateComponents: DateComponents, repeats: Bool) {
        self.dateComponents = dateComponents
        super.init(repeats: repeats)
    }
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
    public let identifier: String
    public let content: UNNotificationContent
    public let trigger: UNNotificationTrigger?
    public init(identifier: String, content: UNNotificationContent, trigger: UNNotificationTrigger?) {
        self.identifier = identifier
        self.content = content
        self.trigger = trigger
    }
}

/// A notification that was due.
public final class UNNotification: @unchecked Sendable {
    public let request: UNNotificationRequest
    public let date: Date
    init(request: UNNotificationRequest, date: Date) {
        self.request = request
        self.date = date
    }
}

/// The visitor's answer to a notification (not sent: a browser's click on a notification
/// brings its page to the front).
public final class UNNotificationResponse: @unchecked Sendable {
    public let notification: UNNotification
    public let actionIdentifier: String
    init(notification: UNNotification, actionIdentifier: String) {
        self.notification = notification
        self.actionIdentifier = actionIdentifier
    }
}

public let UNNotificationDefaultActionIdentifier = "com.apple.UNNotificationDefaultActionIdentifier"
public let UNNotificationDismissActionIdentifier = "com.apple.UNNotificationDismissActionIdentifier"

/// What hears a notification that is due while the app is in front.
@MainActor @preconcurrency
public protocol UNUserNotificationCenterDelegate: AnyObject {
    func userNotificationCenter(
        _ center: UNUserNotificationCenter, willPresent notification: UNNotification,
        withCompletionHandler completionHandler: @escaping (UNNotificationPresentationOptions) -> Void)
    func userNotificationCenter(
        _ center: UNUserNotificationCenter, didReceive response: UNNotificationResponse,
        withCompletionHandler completionHandler: @escaping () -> Void)
}

extension UNUserNotificationCenterDelegate {
    public func userNotificationCenter(
        _ center: UNUserNotificationCenter, willPresent notification: UNNotification,
        withCompletionHandler completionHandler: @escaping (UNNotificationPresentationOptions) -> Void
    ) { completionHandler([]) }
    public func userNotificationCenter(
        _ center: UNUserNotificationCenter, didReceive response: UNNotificationResponse,
        withCompletionHandler completionHandler: @escaping () -> Void
    ) { completionHandler() }
}

/// The app's notifications: each browser's scheduled ones, shown in its open pages when due.
@MainActor @preconcurrency
public final class UNUserNotificationCenter {
    private static let shared = UNUserNotificationCenter()
    public static func current() -> UNUserNotificationCenter { shared }

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

    public func requestAuthorization(options: UNAuthorizationOptions = []) async throws -> Bool {
        Self.inUse = true
        if let device { post(device, kind: "authorize") }
        return true
    }

    public func getNotificationSettings(completionHandler: @escaping @Sendable (UNNotificationSettings) -> Void) {
        completionHandler(UNNotificationSettings(authorizationStatus: .authorized))
    }

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

    public func getPendingNotificationRequests(completionHandler: @escaping @Sendable ([UNNotificationRequest]) -> Void) {
        completionHandler(pendingRequests())
    }

    public func pendingNotificationRequests() async -> [UNNotificationRequest] { pendingRequests() }

    private func pendingRequests() -> [UNNotificationRequest] {
        guard let device else { return [] }
        return (pending[device] ?? [:]).values.map(\.request).sorted { $0.identifier < $1.identifier }
    }

    public func removePendingNotificationRequests(withIdentifiers identifiers: [String]) {
        guard let device else { return }
        for identifier in identifiers {
            pending[device]?[identifier]?.task.cancel()
            pending[device]?[identifier] = nil
        }
    }

    public func removeAllPendingNotificationRequests() {
        guard let device else { return }
        for scheduled in (pending[device] ?? [:]).values { scheduled.task.cancel() }
        pending[device] = nil
    }

    /// Delivered notifications are the browser's to keep: nothing to remove on the server.
    public func removeDeliveredNotifications(withIdentifiers identifiers: [String]) {}
    public func removeAllDeliveredNotifications() {}

    /// The app's badge: the browser's app badge where it has one (an installed web app).
    public func setBadgeCount(_ newBadgeCount: Int) async throws {
        if let device { post(device, kind: "badge", String(newBadgeCount)) }
    }
    public func setBadgeCount(_ newBadgeCount: Int, withCompletionHandler completionHandler: (@Sendable ((any Error)?) -> Void)? = nil) {
        if let device { post(device, kind: "badge", String(newBadgeCount)) }
        completionHandler?(nil)
    }
}

/// Why a notification was not scheduled.
public enum UNError: LocalizedError, Equatable {
    /// Added outside a page's handler (or a task one started): there is no browser to tell.
    case noPage
    public var errorDescription: String? {
        "A notification is scheduled for the browser of the page acting: add it in an action, onAppear or a task they start."
    }
}
