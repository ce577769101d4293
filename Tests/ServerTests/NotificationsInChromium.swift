import Foundation
import Jetway
import JetwayBrowser
import Testing

@testable import JetwayServer

// A reminder, a copied code and a UIKit alert in a real page: the due notification shows as a
// banner while the page is in front (the delegate asks for it), the code reaches the browser's
// clipboard, and the alert a controller presents is the page's dialog.

@MainActor private final class GateReminders: NSObject, UNUserNotificationCenterDelegate {
    static let shared = GateReminders()
    func userNotificationCenter(
        _ center: UNUserNotificationCenter, willPresent notification: UNNotification,
        withCompletionHandler completionHandler: @escaping (UNNotificationPresentationOptions) -> Void
    ) { completionHandler([.banner]) }
}

private struct GateScreen: View {
    @State private var acknowledged = false
    var body: some View {
        VStack {
            Button("Remind me") {
                UNUserNotificationCenter.current().delegate = GateReminders.shared
                let content = UNMutableNotificationContent()
                content.title = "Boarding"
                content.body = "Gate B12 closes in 10 minutes"
                UNUserNotificationCenter.current().add(
                    UNNotificationRequest(
                        identifier: "b12", content: content, trigger: UNTimeIntervalNotificationTrigger(timeInterval: 0.2, repeats: false)))
            }
            Button("Copy code") { UIPasteboard.general.string = "B12-42" }
            Button("Check in") {
                let alert = UIAlertController(title: "Checked in", message: "Seat 14C", preferredStyle: .alert)
                alert.addAction(UIAlertAction(title: "OK", style: .default) { _ in acknowledged = true })
                UIApplication.shared.windows.first?.rootViewController?.present(alert, animated: true)
            }
            Text(acknowledged ? "Acknowledged" : "Not yet")
        }
    }
}

extension EndToEnd {
    @Suite(.enabled(if: BrowserEngine.chromium.shouldRun, "needs chromium-driver (make test installs it)"))
    @MainActor
    struct NotificationsInChromium {
        @Test func aBannerTheClipboardAndAnAlert() async throws {
            let server = try TestServer(app: JetwayApp(title: "Gate", routes: [Route("/") { _ in GateScreen() }]))
            defer { server.stop() }
            try await withBrowsers(1, .chromium) { browsers in
                let browser = browsers[0]
                try await browser.navigate(server.base + "/")
                #expect(await browser.wait(for: "return document.documentElement.classList.contains('jw-connected')"))
                _ = try await browser.execute(
                    "window.copied = []; if (navigator.clipboard) navigator.clipboard.writeText = (t) => { window.copied.push(t); return Promise.resolve(); }"
                )
                try await browser.click("button", labelled: "Remind me")
                let banner = "document.querySelector('[role=status].jw-notification-banner')"
                #expect(await browser.wait(for: "return \(banner) !== null"), "no banner")
                #expect(try await browser.execute("return \(banner).textContent") as? String == "BoardingGate B12 closes in 10 minutes")
                try await browser.screenshot("notification-banner-chromium")
                // A click puts the banner away, as a swipe does on a phone.
                _ = try await browser.execute("\(banner).click()")
                #expect(await browser.wait(for: "return \(banner) === null"), "the banner stayed")
                try await browser.click("button", labelled: "Copy code")
                #expect(await browser.wait(for: "return window.copied.length === 1 && window.copied[0] === 'B12-42'"), "nothing copied")
                try await browser.click("button", labelled: "Check in")
                #expect(
                    await browser.wait(
                        for:
                            "const d = document.querySelector('dialog[role=alertdialog]'); return d && d.open && d.textContent.includes('Seat 14C')"
                    ), "no alert")
                try await browser.screenshot("uikit-alert-chromium")
                try await browser.click("button", labelled: "OK")
                #expect(
                    await browser.wait(
                        for: "return document.body.textContent.includes('Acknowledged') && !document.querySelector('dialog[open]')"))
            }
        }
    }
}
