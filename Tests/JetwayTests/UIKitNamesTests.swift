import JetwayTesting
import Testing

@testable import Jetway

/// The UIKit names SwiftUI apps reach for: `openURL`, `UIApplication.shared.open`, the screen's
/// size and feedback generators compile and do what a page can.
private struct Links: View {
    @Environment(\.openURL) private var openURL
    var body: some View {
        VStack {
            Button("Timetable") { openURL(URL(string: "https://example.com/timetable")!) }
            Button("Settings") { UIApplication.shared.open(URL(string: UIApplication.openSettingsURLString)!) }
            Button("Script") { openURL(URL(string: "javascript:alert(1)")!) }
            Button("Buzz") { UINotificationFeedbackGenerator().notificationOccurred(.success) }
            Text("width \(Int(UIScreen.main.bounds.width))")
        }
    }
}

@MainActor
struct UIKitNamesTests {
    @Test func openingAnAddressAsksThePageToOpenIt() throws {
        let host = ViewHost(Links())
        try host.tap("Timetable")
        #expect(host.graph.host.openRequest?.url == "https://example.com/timetable")
        try host.tap("Settings")
        #expect(host.graph.host.openRequest?.url == "/settings", "UIApplication opens in the page whose button was pressed")
        let serial = host.graph.host.openRequest?.serial
        try host.tap("Script")
        #expect(host.graph.host.openRequest?.serial == serial, "a script address is refused")
        try host.tap("Buzz")
        #expect(host.text.contains("width 390"))
        #expect(PageHost.acting == nil, "no page is acting outside an event")
    }

    @Test func coreLocationsValueTypes() {
        let denver = CLLocation(latitude: 39.8561, longitude: -104.6737)
        let slc = CLLocation(latitude: 40.7899, longitude: -111.9791)
        #expect(abs(denver.distance(from: slc) - 630_000) < 15_000, "Denver to Salt Lake City is about 630 km")
        #expect(
            CLLocationCoordinate2DIsValid(denver.coordinate)
                && !CLLocationCoordinate2DIsValid(CLLocationCoordinate2D(latitude: 91, longitude: 0)))
    }

    @Test func bezierPathsArePathsAndOlderPickerStylesAreTheirKinds() {
        let tab = UIBezierPath(
            roundedRect: CGRect(x: 0, y: 0, width: 100, height: 40), byRoundingCorners: [.topLeft, .topRight],
            cornerRadii: CGSize(width: 12, height: 12))
        let path = Path(tab.cgPath)
        #expect(path.svgData.hasPrefix("M12 0L88 0C") && path.svgData.contains("L100 40L0 40"), "rounded on top only: \(path.svgData)")
        let arc = UIBezierPath()
        arc.addArc(withCenter: .zero, radius: 10, startAngle: 0, endAngle: .pi / 2, clockwise: true)
        #expect(arc.cgPath.elements.count == 2, "UIKit's clockwise on screen is the short way from 0 to 90°")
        struct Seats: View {
            @State var seat = "A"
            var body: some View { Picker("Seat", selection: $seat) { Text("A").tag("A") }.pickerStyle(WheelPickerStyle()) }
        }
        #expect(ViewHost(Seats()).html.contains(StyleClass.pickerWheel))
        @ScaledMetric var size: CGFloat = 40
        #expect(size == 40)
    }

    @Test func resigningTheFirstResponderTakesTheFocusOutOfThePagesField() throws {
        // A search bar's Cancel, as UIKit-era SwiftUI code hides the keyboard.
        struct SearchBar: View {
            @State private var text = "gate"
            var body: some View {
                HStack {
                    TextField("Search", text: $text)
                    Button("Cancel") {
                        text = ""
                        UIApplication.shared.sendAction(Selector("resignFirstResponder"), to: nil, from: nil, for: nil)
                    }
                    Button("Other") { UIApplication.shared.sendAction(Selector("copy:"), to: nil, from: nil, for: nil) }
                }
            }
        }
        let host = ViewHost(SearchBar())
        #expect(host.dom.root.attribute(RuntimeContract.Attribute.focus) == nil)
        try host.tap("Cancel")
        #expect(host.dom.root.attribute(RuntimeContract.Attribute.focus) == "1 0", "the browser blurs the field once")
        try host.tap("Other")
        #expect(host.dom.root.attribute(RuntimeContract.Attribute.focus) == "1 0", "no other action is sent")
        try host.tap("Cancel")
        #expect(host.dom.root.attribute(RuntimeContract.Attribute.focus) == "2 0")
        #expect(!UIApplication.shared.sendAction("resignFirstResponder", to: nil, from: nil, for: nil), "outside a page's handler: no page")
    }

    @Test func theAppsAppearanceKeepsEveryPageInOneScheme() {
        // Set, rendered and reset with no suspension between: no other test renders meanwhile.
        struct Scheme: View {
            @Environment(\.colorScheme) var scheme
            var body: some View { Text(scheme == .dark ? "dark" : "light") }
        }
        defer { UIKitAppearance.reset() }
        UIView.appearance().overrideUserInterfaceStyle = .dark
        UIView.appearance().tintColor = .systemOrange
        let dark = ViewHost(Scheme()).html
        #expect(dark.contains("class=\"\(RuntimeContract.Class.root) \(StyleClass.schemeDark)\"") && dark.contains(">dark<"), "\(dark)")
        #expect(UIKitAppearance.stylesheet.contains(":root { \(StyleVariable.accent): \(UIColor.systemOrange.css); }"))
        UIView.appearance().overrideUserInterfaceStyle = .unspecified
        let plain = ViewHost(Scheme()).html
        #expect(plain.contains("class=\"\(RuntimeContract.Class.root)\"") && plain.contains(">light<"))
    }
}

/// A page's copied text is its own: another page (another visitor's) never reads it.
private struct Copying: View {
    @State private var read = "nothing"
    var body: some View {
        VStack {
            Button("Copy") { UIPasteboard.general.string = "B12-42" }
            Button("Read") { read = UIPasteboard.general.string ?? "none" }
            Text("Read: \(read)")
        }
    }
}

@MainActor
struct PasteboardTests {
    @Test func whatAPageCopiedIsReadByThatPageOnly() throws {
        let first = ViewHost(Copying())
        let second = ViewHost(Copying())
        try first.tap("Copy")
        try second.tap("Read")
        #expect(second.text.contains("Read: none"), "another page read what the first copied")
        try first.tap("Read")
        #expect(first.text.contains("Read: B12-42"))
    }
}
