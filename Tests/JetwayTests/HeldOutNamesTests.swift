import Foundation
import Jetway
import JetwayTesting
import JetwayWire
import Testing

// Names held-out apps stopped on, written as those apps write them: a timer's duration text,
// localized strings, stacks as values, bars hidden, formatted accessibility values, the
// pasteboard.

private struct TimerSettings: View {
    @FocusState private var focused
    @State private var minutes = "25"
    @State private var compact = true
    @State private var taps = 0
    let budget = 1234.5

    var body: some View {
        let layout = compact ? AnyLayout(VStackLayout(spacing: 4)) : AnyLayout(HStackLayout(spacing: 8))
        VStack {
            layout {
                Text(LocalizedStringResource("Focus length"))
                TextField("Minutes", text: $minutes).focused($focused)
                Button("Tapped \(taps)") { taps += 1 }
            }
            Button("Switch") { compact.toggle() }
            Text("Spent").accessibilityValue("\(budget, format: .number.precision(.fractionLength(2))) of budget")
            Text("Due \(Date(timeIntervalSinceReferenceDate: 0), formatter: Self.dayFormatter)")
            Text(String(localized: "Settings")).font(.caption.smallCaps())
            Button("Copy code") { UIPasteboard.general.string = "B12-42" }
            Color(.pink).frame(width: 10, height: 10)
        }
        .toolbar(.hidden, for: .navigationBar, .tabBar)
    }

    static let dayFormatter: DateFormatter = {
        let formatter = DateFormatter()
        formatter.dateFormat = "yyyy-MM-dd"
        formatter.timeZone = TimeZone(identifier: "UTC")
        return formatter
    }()
}

@MainActor @Suite struct HeldOutNamesTests {
    @Test func aTimersDurationAsTimersAndWordsShowIt() {
        let formatter = DateComponentsFormatter()
        formatter.allowedUnits = [.minute, .second]
        formatter.zeroFormattingBehavior = .pad
        #expect(formatter.string(from: 309) == "05:09")
        let hours = DateComponentsFormatter()
        hours.allowedUnits = [.hour, .minute, .second]
        #expect(hours.string(from: 309) == "5:09" && hours.string(from: 3909) == "1:05:09")
        hours.unitsStyle = .abbreviated
        #expect(hours.string(from: 3909) == "1h 5m 9s")
        hours.unitsStyle = .full
        #expect(hours.string(from: 3660) == "1 hour, 1 minute")
        hours.unitsStyle = .short
        hours.maximumUnitCount = 1
        #expect(hours.string(from: 7300) == "2 hr")
    }

    @Test func theScreenAsWritten() throws {
        let host = ViewHost(TimerSettings())
        #expect(host.text.contains("Focus length") && host.text.contains("Due 2001-01-01"), "\(host.text)")
        #expect(host.html.contains(#"aria-description="1,234.50 of budget""#) || host.html.contains("1,234.50 of budget"), "\(host.html)")
        #expect(host.html.contains("font-variant-caps:small-caps"))
        #expect(host.html.contains(StyleClass.navBarHidden) && host.html.contains(StyleClass.tabBarHidden))
        // A stack as a value: the views inside keep their state when it changes.
        try host.tap("Tapped 0")
        #expect(host.html.contains(StyleClass.vstack))
        try host.tap("Switch")
        #expect(host.text.contains("Tapped 1"), "the button's count survived the layout's change: \(host.text)")
        #expect(host.html.contains(StyleClass.hstack))
        // The pasteboard: the browser's clipboard gets the text; reading gives it back here.
        try host.tap("Copy code")
        let copy = host.dom.root.attribute(RuntimeContract.Attribute.media) ?? ""
        #expect(copy.hasSuffix(" copy 0 1.0 0 0.0 B12-42"), "\(copy)")
    }

    @Test func localizedStringsAreTheirKeysAsWritten() {
        let count = 3
        #expect(String(localized: "\(count) flights") == "3 flights")
        let resource: LocalizedStringResource = "Boarding"
        #expect(String(localized: resource) == "Boarding" && resource.key == "Boarding")
    }

    @Test func symbolVariantsAndProminentHeaders() throws {
        let host = ViewHost(
            Form {
                Section {
                    Label("Starred", systemImage: "star").symbolVariant(.fill)
                    Image(systemName: "heart").symbolVariant(.circle.fill)
                    Image(systemName: "bell")
                } header: {
                    Text("Flights")
                }
                .headerProminence(.increased)
            })
        let symbols = host.dom.root.descendants.compactMap { $0.attribute("data-symbol") ?? $0.attribute("aria-label") }
        #expect(host.html.contains(StyleClass.sectionHeaderIncreased))
        #expect(!symbols.isEmpty)
        let plain = ViewHost(Image(systemName: "star")).html
        let filled = ViewHost(Image(systemName: "star").symbolVariant(.fill)).html
        #expect(plain != filled && filled == ViewHost(Image(systemName: "star.fill")).html, "\(filled)")
        let ringed = ViewHost(Image(systemName: "plus").symbolVariant(.circle.fill)).html
        // The variant is drawn; the spoken name stays the symbol's own ("plus").
        #expect(ringed.contains("/_jetway/symbols/plus-circle-fill.svg"), "\(ringed)")
        // A symbol without the variant stays as it is (not a missing symbol's placeholder).
        #expect(ViewHost(Image(systemName: "heart").symbolVariant(.circle.fill)).html == ViewHost(Image(systemName: "heart")).html)
    }

    @Test func anAlertControllerPresentedFromTheRootIsThePagesAlert() throws {
        let host = ViewHost(OrderScreen())
        try host.tap("Add to order")
        #expect(host.text.contains("Added") && host.text.contains("Your order was updated"), "\(host.text)")
        #expect(host.html.contains("alertdialog"))
        try host.tap("OK")
        #expect(host.text.contains("1 confirmed") && !host.html.contains("alertdialog"), "\(host.text)")
        try host.tap("Add to order")
        try host.tap("Cancel")
        #expect(host.text.contains("1 confirmed") && !host.html.contains("alertdialog"))
    }

    @Test func anAdaptedDelegateIsMadeOnceAndToldTheAppLaunched() {
        let first = LaunchCounter(delegate: UIApplicationDelegateAdaptor(LaunchDelegate.self))
        let second = LaunchCounter(delegate: UIApplicationDelegateAdaptor(LaunchDelegate.self))
        #expect(first.delegate.wrappedValue === second.delegate.wrappedValue)
        #expect(LaunchDelegate.launches == 1)
    }
}

/// An order controller as UIKit-minded apps write it: it tells the user with an alert it
/// presents from the scene's root view controller.
@MainActor
final class OrderController: ObservableObject {
    @Published var confirmed = 0

    func showNotification(title: String, message: String) {
        let alert = UIAlertController(title: title, message: message, preferredStyle: .alert)
        alert.addAction(UIAlertAction(title: "OK", style: .default) { _ in self.confirmed += 1 })
        alert.addAction(UIAlertAction(title: "Cancel", style: .cancel, handler: nil))
        if let scene = UIApplication.shared.connectedScenes.first as? UIWindowScene,
            let root = scene.windows.first?.rootViewController
        {
            root.present(alert, animated: true)
        }
    }
}

private struct OrderScreen: View {
    @StateObject private var orders = OrderController()
    var body: some View {
        VStack {
            Button("Add to order") { orders.showNotification(title: "Added", message: "Your order was updated") }
            Text("\(orders.confirmed) confirmed")
        }
    }
}

@MainActor struct LaunchCounter {
    let delegate: UIApplicationDelegateAdaptor<LaunchDelegate>
}

final class LaunchDelegate: NSObject, UIApplicationDelegate {
    static var launches = 0
    func application(_ application: UIApplication, didFinishLaunchingWithOptions launchOptions: [UIApplication.LaunchOptionsKey: Any]?)
        -> Bool
    {
        Self.launches += 1
        return true
    }
}
