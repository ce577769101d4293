import Foundation
import JetwayTesting
import Testing

@testable import Jetway

/// Typography, controls' sizes and shapes, and the layouts that depend on the room a view gets,
/// written as SwiftUI apps write them: each puts on the page what does what it says.
@MainActor
struct TextAndLayoutTests {
    @Test func fontDesignsWidthsAndEvenDigits() {
        let serif = ViewHost(Text("Departures").font(.system(.title, design: .serif))).html
        #expect(serif.contains(StyleClass.serif))
        #expect(ViewHost(Text("12").font(.system(size: 40, weight: .bold, design: .rounded))).html.contains(StyleClass.rounded))
        #expect(ViewHost(Text("12:40").font(.body.monospacedDigit())).html.contains(StyleClass.tabular))
        let board = ViewHost(
            VStack {
                Text("10:05"); Text("11:40")
            }.monospacedDigit().fontDesign(.rounded).fontWidth(.condensed)
        ).html
        #expect(board.contains(StyleClass.tabular) && board.contains(StyleClass.rounded) && board.contains("font-stretch:87.5%"))
        #expect(ViewHost(Text("a").font(.system(size: 12, design: .monospaced))).html.contains(StyleClass.mono))
    }

    @Test func spacingLinesAndCaseOnTextAndViews() {
        let text = Text("GATE").kerning(2).underline(color: .red).strikethrough(pattern: .dash)
        let html = ViewHost(text).html
        #expect(html.contains("letter-spacing:2px"))
        #expect(html.contains("text-decoration:underline line-through dashed var(\(StyleVariable.red))"), "both lines at once")
        let joined = ViewHost(Text("On time ") + Text("12:40").tracking(1).baselineOffset(3)).html
        #expect(joined.contains("letter-spacing:1px") && joined.contains("top:-3px"))
        #expect(ViewHost(Text("boarding").textCase(.uppercase)).html.contains("text-transform:uppercase"))
        #expect(ViewHost(Text("code").textSelection(.enabled)).html.contains("user-select:text"))
        #expect(ViewHost(Label("Gate", systemImage: "door.left.hand.open").underline()).html.contains("text-decoration:underline"))
    }

    @Test func truncationAtTheStartOrMiddleIsTheRuntimes() {
        let html = ViewHost(Text("/Users/gate/Documents/boarding-pass.pdf").lineLimit(1).truncationMode(.middle)).html
        #expect(html.contains("\(RuntimeContract.Attribute.truncate)=\"middle\""))
        #expect(!ViewHost(Text("a").truncationMode(.tail)).html.contains(RuntimeContract.Attribute.truncate), "the tail is CSS's own")
    }

    @Test func controlSizeAndButtonShapes() {
        struct Size: View {
            @Environment(\.controlSize) var size
            var body: some View { Text(size == .large ? "large" : "other") }
        }
        let host = ViewHost(
            VStack {
                Size(); Button("Board") {}.buttonStyle(.bordered)
            }.controlSize(.large).buttonBorderShape(.capsule))
        #expect(host.text.contains("large"))
        #expect(host.html.contains(StyleClass.controlLarge) && host.html.contains("\(StyleVariable.buttonRadius):999px"))
        #expect(ViewHost(Button("x") {}.buttonBorderShape(.roundedRectangle(radius: 4))).html.contains("\(StyleVariable.buttonRadius):4px"))
    }

    @Test func textFieldStyles() {
        struct Form1: View {
            @State var name = ""
            var body: some View { TextField("Name", text: $name).textFieldStyle(.plain) }
        }
        #expect(ViewHost(Form1()).html.contains(StyleClass.fieldsPlain))
        struct Form2: View {
            @State var name = ""
            var body: some View { TextField("Name", text: $name).textFieldStyle(RoundedBorderTextFieldStyle()) }
        }
        #expect(!ViewHost(Form2()).html.contains(StyleClass.fieldsPlain), "rounded is the fields' own look")
    }

    @Test func viewThatFitsHoldsEveryCandidateTheFirstShownFirst() throws {
        let host = ViewHost(
            ViewThatFits(in: .horizontal) {
                HStack {
                    Text("Check in"); Text("Change seat")
                }
                VStack {
                    Text("Check in"); Text("Change seat")
                }
            })
        let box = try #require(host.elements(withClass: StyleClass.fits).first)
        #expect(box.attribute(RuntimeContract.Attribute.fits) == "horizontal")
        #expect(box.children.count == 2, "both candidates are in the page for the runtime to measure")
        #expect(box.children.first?.attribute("class")?.contains(StyleClass.hstack) == true)
    }

    @Test func safeAreaInsetStaysAtItsEdge() throws {
        let host = ViewHost(
            ScrollView { Text("Messages") }
                .safeAreaInset(edge: .bottom, spacing: 8) { Text("Composer") })
        let holder = try #require(host.elements(withClass: StyleClass.insetHost).first)
        #expect(holder.attribute("style")?.contains("gap:8px") == true)
        let bar = try #require(host.elements(withClass: StyleClass.inset).first)
        #expect(bar.textContent == "Composer" && bar.attribute("style")?.contains("bottom:0") == true)
        #expect(holder.children.last?.attribute("class")?.contains(StyleClass.inset) == true, "after the content")
        let top = ViewHost(List { Text("a") }.safeAreaInset(edge: .top) { Text("Summary") })
        #expect(top.elements(withClass: StyleClass.insetHost).first?.children.first?.textContent == "Summary")
    }

    @Test func containerRelativeFramesInContainerUnits() {
        let page = ViewHost(ScrollView(.horizontal) { Color.blue.containerRelativeFrame(.horizontal) }).html
        #expect(page.contains("width:calc((100cqw - 0px) / 1 * 1 + 0px)") && page.contains(StyleClass.relativeFrame))
        let columns = ViewHost(Color.red.containerRelativeFrame(.horizontal, count: 3, span: 2, spacing: 10)).html
        #expect(columns.contains("width:calc((100cqw - 20px) / 3 * 2 + 10px)"))
        let linear = ViewHost(Color.red.containerRelativeFrame(.horizontal) { width, _ in width * 0.8 - 20 }).html
        #expect(linear.contains("width:calc(80cqw + -20px)"))
        let bent = ViewHost(Color.red.containerRelativeFrame(.vertical) { height, _ in min(height, 400) }).html
        #expect(bent.contains("height:400px"), "not a straight line: a phone's window")
    }

    @Test func popoverIsASheet() throws {
        struct Info: View {
            @State var showing = false
            var body: some View {
                Button("Info") { showing = true }
                    .popover(isPresented: $showing, arrowEdge: .bottom) { Text("Gate closes at 10:40") }
            }
        }
        let host = ViewHost(Info())
        #expect(!host.text.contains("Gate closes"))
        try host.tap("Info")
        #expect(host.text.contains("Gate closes at 10:40"))
        try host.dismissSheet()
        #expect(!host.text.contains("Gate closes"))
    }

    @Test func geometryFramesInTheirSpaces() throws {
        let host = ViewHost(
            GeometryReader { proxy in
                Text("local \(Int(proxy.frame(in: .local).minY)) global \(Int(proxy.frame(in: .global).minY))")
            })
        try host.send(.resize, .numbers([300, 200, 16, 120])) { $0.attribute(RuntimeContract.Attribute.geometry) != nil }
        #expect(host.text == "local 0 global 120")
        #expect(throws: (any Error).self) {
            try host.send(.resize, .numbers([300, 200, .infinity, 0])) { $0.attribute(RuntimeContract.Attribute.geometry) != nil }
        }
    }

    @Test func sheetsTakeWhatTheirContentAsks() throws {
        struct Boarding: View {
            @State var showing = true
            var body: some View {
                Text("Page").sheet(isPresented: $showing) {
                    Text("Pass")
                        .presentationDragIndicator(.visible)
                        .presentationCornerRadius(24)
                        .presentationBackground(.ultraThinMaterial)
                        .interactiveDismissDisabled()
                }
            }
        }
        let host = ViewHost(Boarding())
        let dialog = try #require(host.dom.root.descendants.first { $0.tag == "dialog" })
        #expect(dialog.attribute("class")?.contains(StyleClass.sheetGrabber) == true)
        #expect(dialog.attribute("style")?.contains("border-radius:24px 24px 0 0") == true)
        #expect(dialog.attribute("style")?.contains("backdrop-filter") == true)
        #expect(dialog.attribute(RuntimeContract.Attribute.events) == nil, "Escape and the backdrop do not dismiss it")
    }
}
