import JetwayTesting
import Testing

@testable import Jetway

/// Colours, schemes, badges, scrolling, rows, text fitting, accessibility and the empty-state
/// views, as SwiftUI apps write them: each becomes the CSS or ARIA that does what it says.
@MainActor
struct DisplayTests {
    @Test func coloursFromHueAndUIKitsSystemColours() {
        #expect(Color(hue: 0, saturation: 1, brightness: 1).css == Color(red: 1, green: 0, blue: 0).css)
        #expect(Color(hue: 1.0 / 3, saturation: 1, brightness: 0.5).css == Color(red: 0, green: 0.5, blue: 0).css)
        #expect(Color(.systemBackground).css == "var(\(StyleVariable.background))", "follows light and dark")
        #expect(Color(uiColor: .systemGray6).css == "var(\(StyleVariable.grayPrefix)6)")
        #expect(Color(.sRGB, red: 1, green: 1, blue: 1).css == Color(red: 1, green: 1, blue: 1).css)
        #expect(Color(.sRGBLinear, white: 0.5).css == Color(white: 0.7354).css, "linear light, encoded as sRGB")
        #expect(Color(.displayP3, red: 1, green: 0, blue: 0).css.hasPrefix("color(display-p3 1 0 0"))
        let glass = ViewHost(Text("Gate").background(.ultraThinMaterial)).html
        #expect(glass.contains("backdrop-filter:blur(10px)"))
    }

    @Test func aPreferredSchemeIsThePagesAndTheEnvironments() {
        struct Scheme: View {
            @Environment(\.colorScheme) var scheme
            var body: some View { Text(scheme == .dark ? "dark" : "light") }
        }
        let host = ViewHost(Scheme().preferredColorScheme(.dark))
        #expect(host.text == "dark")
        #expect(host.html.contains(StyleClass.schemeDark))
    }

    @Test func badgesSafeAreaAndScrolling() {
        let list = ViewHost(
            List {
                Text("Inbox").badge(3); Text("Sent").badge(0); Text("Drafts").badge("new")
            })
        #expect(list.elements(withClass: StyleClass.badge).map(\.textContent) == ["3", "new"], "a zero count shows no badge")
        #expect(ViewHost(Color.blue.ignoresSafeArea()).html.contains("margin-top:calc(-1 * env(safe-area-inset-top, 0px))"))
        #expect(ViewHost(Color.blue.edgesIgnoringSafeArea(.bottom)).html.contains("safe-area-inset-bottom") == true)
        let scroll = ViewHost(ScrollView { Text("a") }.scrollDisabled(true).scrollIndicators(.hidden).scrollBounceBehavior(.basedOnSize))
            .html
        #expect(
            scroll.contains("overflow:hidden") && scroll.contains(StyleClass.noIndicators) && scroll.contains("overscroll-behavior:contain")
        )
        let rows = ViewHost(
            List { Text("Tight").listRowInsets(EdgeInsets(top: 2, leading: 4, bottom: 2, trailing: 4)) }.scrollContentBackground(.hidden)
        ).html
        #expect(rows.contains("padding-block:2px 2px;padding-inline:4px 4px") && rows.contains(StyleClass.listClear))
    }

    @Test func textThatShrinksToFitAndSymbolsThatScale() {
        let html = ViewHost(Text("Departures and arrivals").minimumScaleFactor(0.5).lineSpacing(4)).html
        #expect(html.contains("\(RuntimeContract.Attribute.minimumScale)=\"0.5\"") && html.contains("line-height:calc(1.3em + 4px)"))
        #expect(ViewHost(Image(systemName: "airplane").imageScale(.large)).html.contains("\(StyleVariable.imageScale):1.3"))
    }

    @Test func accessibilityAsARIA() {
        let card = ViewHost(
            VStack {
                Text("BA 283"); Text("Boarding")
            }
            .accessibilityElement(children: .combine)
            .accessibilityAddTraits(.isButton)
            .accessibilityValue("Gate B12")
        ).html
        #expect(card.contains("aria-label=\"BA 283, Boarding\"") && card.contains("role=\"button\"") && card.contains("tabindex=\"0\""))
        #expect(card.contains("aria-description=\"Gate B12\""))
        let heading = ViewHost(Text("Departures").accessibilityHeading(.h1)).html
        #expect(heading.contains("role=\"heading\"") && heading.contains("aria-level=\"1\""))
        let header = ViewHost(Text("Arrivals").accessibilityAddTraits(.isHeader)).html
        #expect(header.contains("aria-level=\"2\""))
    }

    @Test func emptyStatesAndLabeledValues() {
        let search = ViewHost(ContentUnavailableView.search(text: "zzz"))
        #expect(search.text.contains("No Results for “zzz”") && search.text.contains("Check the spelling"))
        let custom = ViewHost(
            ContentUnavailableView {
                Label("No Flights", systemImage: "airplane")
            } description: {
                Text("Nothing departs today.")
            } actions: {
                Button("Refresh") {}
            })
        #expect(custom.text.contains("No Flights") && custom.text.contains("Refresh"))
        #expect(ViewHost(ContentUnavailableView("Empty", systemImage: "tray")).text == "Empty")
        let row = ViewHost(LabeledContent("Gate", value: "B12"))
        #expect(row.text == "GateB12")
        #expect(ViewHost(LabeledContent("Fare", value: 12.5, format: .number)).text.contains(12.5.formatted(.number)))
    }
}
