import Foundation
import Jetway
import JetwayTesting
import JetwayWire
import Testing

// Local notifications as apps write them: a manager that asks for leave and schedules a
// reminder, a delegate that shows banners while the app is in front; the browser that
// scheduled it is told when it is due, and no other browser is.

@MainActor
final class ReminderManager: NSObject, UNUserNotificationCenterDelegate {
    static let shared = ReminderManager()
    var showsInFront = true

    func requestPermission() {
        UNUserNotificationCenter.current().requestAuthorization(options: [.alert, .badge, .sound]) { granted, _ in
            print("granted: \(granted)")
        }
    }

    func schedule(in seconds: TimeInterval, id: String) {
        let content = UNMutableNotificationContent()
        content.title = "Boarding"
        content.body = "Gate B12 closes in 10 minutes"
        content.sound = .default
        let trigger = UNTimeIntervalNotificationTrigger(timeInterval: seconds, repeats: false)
        UNUserNotificationCenter.current().add(UNNotificationRequest(identifier: id, content: content, trigger: trigger))
    }

    func userNotificationCenter(
        _ center: UNUserNotificationCenter, willPresent notification: UNNotification,
        withCompletionHandler completionHandler: @escaping (UNNotificationPresentationOptions) -> Void
    ) {
        completionHandler(showsInFront ? [.banner, .sound] : [])
    }
}

private struct ReminderScreen: View {
    @State private var pending = 0
    var body: some View {
        VStack {
            Button("Allow") { ReminderManager.shared.requestPermission() }
            Button("Remind me") { ReminderManager.shared.schedule(in: 0.05, id: "b12") }
            Button("Remind me later") { ReminderManager.shared.schedule(in: 3600, id: "later") }
            Button("Cancel") { UNUserNotificationCenter.current().removePendingNotificationRequests(withIdentifiers: ["later"]) }
            Button("Count") {
                Task {
                    pending = await UNUserNotificationCenter.current().pendingNotificationRequests().count
                }
            }
            Text("\(pending) pending")
        }
    }
}

@MainActor @Suite(.serialized) struct NotificationTests {
    func host(device: String) -> ViewHost {
        var environment = EnvironmentValues()
        environment.request = RequestContext(device: device)
        return ViewHost(ReminderScreen(), environment: environment)
    }

    @Test func aDueNotificationReachesItsBrowserAndNoOther() async throws {
        UNUserNotificationCenter.current().delegate = ReminderManager.shared
        let mine = host(device: "device-notify-a")
        let theirs = host(device: "device-notify-b")
        try mine.tap("Allow")
        let asked = mine.dom.root.attribute(RuntimeContract.Attribute.notifications) ?? ""
        #expect(asked.hasSuffix("\tauthorize"), "\(asked)")
        try mine.tap("Remind me")
        // (A minute at most: beside the server suites the main actor can be busy for seconds.)
        let arrived = await mine.settle(
            until: {
                $0.dom.root.attribute(RuntimeContract.Attribute.notifications)?.contains("Gate B12") == true
            }, timeout: .seconds(60))
        #expect(arrived, "the notification was not shown")
        let line = mine.dom.root.attribute(RuntimeContract.Attribute.notifications)?.components(separatedBy: "\n").last ?? ""
        #expect(line.hasSuffix("\tfront\tBoarding\t\tGate B12 closes in 10 minutes"), "\(line)")
        try theirs.update()
        #expect(theirs.dom.root.attribute(RuntimeContract.Attribute.notifications) == nil, "another browser was told")
    }

    @Test func pendingRequestsAreTheBrowsersAndCanBeCancelled() async throws {
        let mine = host(device: "device-notify-c")
        let theirs = host(device: "device-notify-d")
        try mine.tap("Remind me later")
        try mine.tap("Count")
        #expect(await mine.settle(until: { $0.text.contains("1 pending") }, timeout: .seconds(60)), "\(mine.text)")
        try theirs.tap("Count")
        await theirs.settle()
        #expect(theirs.text.contains("0 pending"), "another browser's reminders: \(theirs.text)")
        try mine.tap("Cancel")
        try mine.tap("Count")
        #expect(await mine.settle(until: { $0.text.contains("0 pending") }, timeout: .seconds(60)), "\(mine.text)")
    }

    @Test func anIntervalIOSWouldStopTheAppForIsRaisedAndLogged() {
        #expect(UNTimeIntervalNotificationTrigger(timeInterval: 0, repeats: false).timeInterval == 0.1)
        #expect(UNTimeIntervalNotificationTrigger(timeInterval: 5, repeats: true).timeInterval == 60)
        #expect(AppLog.recent.contains { $0.message.contains("an interval of 5.0 s is under 60.0 s") })
    }

    @Test func outsideAPageThereIsNoBrowserToTell() async {
        let content = UNMutableNotificationContent()
        content.title = "Nobody"
        await #expect(throws: UNError.noPage) {
            try await UNUserNotificationCenter.current().add(UNNotificationRequest(identifier: "x", content: content, trigger: nil))
        }
    }
}
