import Foundation
import JetwayTesting
import Testing

@testable import Jetway

/// ShareLink, ColorPicker and Gauge, and the older tints of the built-in styles.
@MainActor
struct ControlsToShareAndMeasureTests {
    @Test func shareLinkPutsTheItemInThePage() throws {
        let url = URL(string: "https://mountain.example/flights/US1204")!
        let host = ViewHost(ShareLink(item: url, subject: Text("US 1204"), message: Text("My flight")))
        let button = try #require(host.elements(withClass: StyleClass.button).first)
        #expect(button.textContent.contains("Share"))
        #expect(button.attribute(RuntimeContract.Attribute.shareURL) == url.absoluteString)
        #expect(button.attribute(RuntimeContract.Attribute.shareTitle) == "US 1204")
        #expect(button.attribute(RuntimeContract.Attribute.shareText) == "My flight")
        #expect(button.attribute(RuntimeContract.Attribute.events) == nil, "the browser shares; nothing goes to the server")
        #expect(ViewHost(ShareLink("Send", item: "Boarding at 10:40")).text == "Send")
        let custom = ViewHost(ShareLink(item: "Gate B7") { Image(systemName: "square.and.arrow.up") }.buttonStyle(.bordered)).html
        #expect(custom.contains("\(RuntimeContract.Attribute.shareText)=\"Gate B7\"") && custom.contains(StyleClass.bordered))
    }

    @Test func colorPickerIsTheBrowsersColourWell() throws {
        struct Theme: View {
            @State var highlight = Color.blue
            var body: some View {
                ColorPicker("Highlight", selection: $highlight)
                Text(highlight.css)
            }
        }
        let host = ViewHost(Theme())
        let input = try #require(host.elements(withClass: StyleClass.colorPicker).first?.children.last)
        #expect(input.attribute("type") == "color" && input.attribute("value") == "#007aff")
        try host.enter("#ff8000", into: "Highlight")
        #expect(host.text.contains(Color(red: 1, green: 128.0 / 255, blue: 0).css))
        #expect(host.elements(withClass: StyleClass.colorPicker).first?.children.last?.attribute("value") == "#ff8000")
        #expect(throws: (any Error).self) { try host.enter("red; background:url(x)", into: "Highlight") }
        #expect(Color(hex: "#12345") == nil && Color(hex: "123456") == nil)
    }

    @Test func gaugesAreMetersAndRings() throws {
        let bar = ViewHost(
            Gauge(value: 30, in: 0...120) {
                Text("Cabin")
            } currentValueLabel: {
                Text("30")
            } minimumValueLabel: {
                Text("0")
            } maximumValueLabel: {
                Text("120")
            })
        let meter = try #require(bar.elements(withText: "").first { $0.tag == "meter" })
        #expect(meter.attribute("value") == "0.25" && meter.attribute("aria-label") == "Cabin" && meter.attribute("aria-valuetext") == "30")
        #expect(bar.elements(withClass: StyleClass.gaugeTrack).first?.textContent == "0120")
        let ring = ViewHost(
            Gauge(value: 0.5) {
                Text("Fuel")
            } currentValueLabel: {
                Text("50%")
            }.gaugeStyle(.accessoryCircular))
        let dial = try #require(ring.elements(withClass: StyleClass.gaugeRing).first?.children.first)
        #expect(dial.attribute("role") == "meter" && dial.attribute("style")?.contains("\(StyleVariable.fraction):0.5") == true)
        #expect(dial.textContent == "50%" && dial.attribute("aria-label") == "Fuel")
        #expect(ViewHost(Gauge(value: 200, in: 0...100) { Text("x") }).html.contains("value=\"1\""), "clamped to its range")

        struct Dots: GaugeStyle {
            func makeBody(configuration: Configuration) -> some View {
                HStack {
                    configuration.label; Text("\(Int(configuration.value * 10))/10")
                }
            }
        }
        #expect(ViewHost(Gauge(value: 0.7) { Text("Load") }.gaugeStyle(Dots())).text == "Load7/10")
    }

    @Test func olderTintsOfBuiltInStylesColourThem() {
        struct Switch: View {
            @State var on = true
            var body: some View { Toggle("Alerts", isOn: $on).toggleStyle(SwitchToggleStyle(tint: .orange)) }
        }
        #expect(ViewHost(Switch()).html.contains("\(StyleVariable.switchOn):var(\(StyleVariable.orange))"))
        #expect(
            ViewHost(Toggle("Star", isOn: .constant(true)).toggleStyle(.button)).html.contains("aria-pressed"), "other styles keep theirs")
        let progress = ViewHost(ProgressView(value: 0.4).progressViewStyle(LinearProgressViewStyle(tint: .green))).html
        #expect(progress.contains("\(StyleVariable.accent):var(\(StyleVariable.green))") && progress.contains("<progress"))
        let ring = ViewHost(ProgressView(value: 0.4).progressViewStyle(CircularProgressViewStyle(tint: .red))).html
        #expect(ring.contains(StyleClass.progressRing) && ring.contains("\(StyleVariable.accent):var(\(StyleVariable.red))"))
    }
}
