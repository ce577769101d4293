import Foundation
import JetwayTesting
import Testing

@testable import Jetway
@testable import JetwayWire

// What published SwiftUI apps and the SwiftUI packages they depend on (chart kits, routers,
// UI helpers) use that came up when porting them with their packages: transformed line shapes,
// stroked rings painted with `.fill`, a view reloading on its model's `objectWillChange`,
// backgrounds in shapes and the semantic styles, `.accentColor`, section separators, the
// button border as a shape, sheet detents with a selection, and the older navigation link whose
// destination is a closure.

private final class ChartValue: ObservableObject {
    var current = 0.0 {
        willSet { objectWillChange.send() }
    }
}

/// A line chart's shape as chart kits draw it: the points in a unit square, scaled to the frame.
private struct LineShape: Shape {
    let points: [Double]
    func path(in rect: CGRect) -> Path {
        var path = Path()
        for (index, value) in points.enumerated() {
            let point = CGPoint(x: Double(index), y: value)
            if index == 0 { path.move(to: point) } else { path.addLine(to: point) }
        }
        return path
    }
}

private struct ChartCard: View {
    @ObservedObject var value: ChartValue
    @State private var shown = "0.0"
    let points: [Double] = [0, 0.5, 0.25, 1]

    var body: some View {
        VStack {
            Text("Value \(shown)")
                .onReceive(value.objectWillChange) { _ in
                    // As the kits read it: after the change lands.
                    DispatchQueue.main.async { shown = String(value.current) }
                }
            LineShape(points: points)
                .transform(CGAffineTransform(scaleX: 100 / 3, y: 50))
                .stroke(Color.blue, lineWidth: 2)
                .frame(width: 100, height: 50)
            Circle()
                .stroke(style: StrokeStyle(lineWidth: 6))
                .fill(Color.green.opacity(0.5))
                .frame(width: 40, height: 40)
            Text("Card")
                .padding()
                .background(.ultraThinMaterial, in: .rect(cornerRadius: 12))
            Text("Plain")
                .background(.background)
                .foregroundStyle(.tertiary)
            Button("Play") {}
                .clipShape(.buttonBorder)
        }
        .accentColor(.orange)
    }
}

private struct Inbox: View {
    var body: some View {
        List {
            Section("Today") {
                Text("Boarding")
            }
            .listSectionSeparator(.hidden)
            Section("Tomorrow") {
                Text("Check-in")
            }
            .listSectionSeparator(.hidden, edges: .bottom)
            .listSectionSeparatorTint(.red, edges: .top)
        }
        .listStyle(.plain)
    }
}

private struct Router: View {
    @State private var showsDetail = false
    @State private var showsSheet = false
    @State private var detent = PresentationDetent.medium

    var body: some View {
        NavigationStack {
            VStack {
                NavigationLink(isActive: $showsDetail) {
                    Text("Detail screen")
                } label: {
                    Text("Open detail")
                }
                Button("Open sheet") { showsSheet = true }
            }
            .sheet(isPresented: $showsSheet) {
                VStack {
                    Text("Sheet at \(detent == .large ? "large" : "medium")")
                    Button("Grow") { detent = .large }
                }
                .presentationDetents([.medium, .large], selection: $detent)
            }
        }
    }
}

private struct LoadingRow: View {
    let isLoading: Bool
    var body: some View {
        HStack {
            ReasonLabel()
            Text("Gate B12").unredacted()
        }
        .redacted(reason: isLoading ? .placeholder : [])
    }
}

private struct ReasonLabel: View {
    @Environment(\.redactionReasons) private var reasons
    var body: some View { Text(reasons.contains(.placeholder) ? "loading" : "Flight 22") }
}

@MainActor
struct PortedPackagesTests {
    @Test func placeholdersWhileLoading() throws {
        let loading = ViewHost(LoadingRow(isLoading: true))
        try loading.update()
        #expect(loading.elements(withClass: StyleClass.redacted).count == 1)
        #expect(loading.elements(withClass: StyleClass.unredacted).count == 1)
        #expect(loading.text.contains("loading"), "the views inside are told why")
        let loaded = ViewHost(LoadingRow(isLoading: false))
        try loaded.update()
        #expect(loaded.elements(withClass: StyleClass.redacted).isEmpty && loaded.text.contains("Flight 22"))
        let stylesheet = try String(
            contentsOf: URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("../../Assets/jetway.css"),
            encoding: .utf8)
        #expect(stylesheet.contains(".\(StyleClass.redacted) :is(.\(StyleClass.text)"))
    }

    @Test func chartKitsShapesAndStylesDrawAsTheyAsk() async throws {
        let value = ChartValue()
        let host = ViewHost(ChartCard(value: value))
        try host.update()
        // The line, transformed into the frame: its last point at (100, 50).
        #expect(host.html.contains("L100 50") || host.html.contains("L100,50"), "\(host.html)")
        // A stroked ring painted with `.fill`: its outline takes the colour.
        let ring = try #require(host.html.range(of: "border:6px solid"))
        #expect(host.html[ring.upperBound...].prefix(80).contains("color-mix") || host.html[ring.upperBound...].prefix(80).contains("rgba"))
        #expect(host.html.contains("border-radius:12px") && host.html.contains("backdrop-filter:blur"), "the material in its rounded shape")
        #expect(host.html.contains("background:var(\(StyleVariable.background))"))
        #expect(host.html.contains("color:var(\(StyleVariable.tertiary))"))
        #expect(host.html.contains("border-radius:8px;overflow:hidden"), "the button border clips as a rounded rectangle")
        #expect(host.html.contains("\(StyleVariable.accent):\(Color.orange.css)"), ".accentColor is the tint")
        // The model's objectWillChange is a publisher a view can listen to.
        value.current = 3
        #expect(await host.settle(until: { $0.text.contains("Value 3.0") }))
    }

    @Test func sectionSeparatorsOfAPlainListCanBeHiddenAndTinted() throws {
        let host = ViewHost(Inbox())
        try host.update()
        let sections = host.elements(withClass: StyleClass.section)
        #expect(sections.count == 2)
        let first = sections[0].attribute("style") ?? ""
        let second = sections[1].attribute("style") ?? ""
        #expect(
            first.contains("\(StyleVariable.sectionSeparatorTop):transparent")
                && first.contains("\(StyleVariable.sectionSeparatorBottom):transparent"))
        #expect(second.contains("\(StyleVariable.sectionSeparatorBottom):transparent"))
        #expect(second.contains("\(StyleVariable.sectionSeparatorTop):\(Color.red.css)"))
        let stylesheet = try String(
            contentsOf: URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("../../Assets/jetway.css"),
            encoding: .utf8)
        #expect(
            stylesheet.contains("var(\(StyleVariable.sectionSeparatorTop), var(\(StyleVariable.separator)))"), "a plain list draws them")
    }

    @Test func olderLinksAndSheetDetentsWithASelection() throws {
        let host = ViewHost(Router())
        try host.update()
        try host.tap("Open detail")
        #expect(host.text.contains("Detail screen"))
        let back = ViewHost(Router())
        try back.update()
        try back.tap("Open sheet")
        #expect(back.text.contains("Sheet at medium"))
        #expect(back.html.contains("height:\(PresentationDetent.medium.css)"))
        #expect(back.html.contains(StyleClass.sheetGrabber), "two detents: a grabber, as iOS shows")
        try back.tap("Grow")
        #expect(back.text.contains("Sheet at large"))
        #expect(back.html.contains("height:\(PresentationDetent.large.css)"))
    }

    @Test func anyShapeStyleKeepsWhatItHolds() throws {
        let erased = AnyShapeStyle(.thinMaterial)
        #expect(erased.css == Material.thinMaterial.css && Material.blur(of: erased) == Material.thinMaterial.blur)
        let host = ViewHost(RoundedRectangle(cornerRadius: 4).fill(AnyShapeStyle(.thinMaterial)).frame(width: 40, height: 8))
        try host.update()
        #expect(host.html.contains("backdrop-filter:blur(\(Material.thinMaterial.blur)px)"))
    }

    @Test func colorMultiplyScalesEachChannelByTheColours() throws {
        let host = ViewHost(
            VStack {
                Text("Tinted").foregroundColor(.white).colorMultiply(Color(red: 1, green: 0.5, blue: 0))
                Text("Again").colorMultiply(Color(red: 1, green: 0.5, blue: 0))
            })
        try host.update()
        let defs = host.elements(withClass: StyleClass.filterDefs)
        #expect(defs.count == 2)
        let id = "\(StyleClass.filterDefs)-1-0_502-0-1"
        #expect(host.html.contains("filter:url(#\(id))") && host.html.contains("id=\"\(id)\""), "\(host.html)")
        #expect(host.html.contains("values=\"1 0 0 0 0 0 0.502 0 0 0 0 0 0 0 0 0 0 0 1 0\""))
    }

    @Test func anImageInALineOfText() throws {
        let host = ViewHost(
            VStack {
                Text("Nothing yet. Tap \(Image(systemName: "plus.rectangle.fill")) to add more").foregroundColor(.secondary)
                Text(Image(systemName: "star.fill")) + Text(" 4.5")
            })
        try host.update()
        #expect(host.text.contains("Nothing yet. Tap") && host.text.contains("to add more"))
        #expect(!host.html.contains("Image(source"), "not the image's description")
        let texts = host.elements(withClass: StyleClass.text)
        let line = try #require(texts.first { $0.textContent.contains("Nothing yet") })
        #expect(line.children.count == 3, "the text, the symbol, the text")
        #expect(
            line.children[1].descendants.contains { $0.attribute("aria-label") == "plus rectangle" }
                || line.children[1].attribute("aria-label") != nil)
        #expect(host.text.contains("4.5"))
    }

    @Test func uiKitColoursFontsAndNamedImages() throws {
        var hue: CGFloat = 0, saturation: CGFloat = 0, brightness: CGFloat = 0
        #expect(UIColor(Color(red: 1, green: 0.5, blue: 0)).getHue(&hue, saturation: &saturation, brightness: &brightness, alpha: nil))
        #expect(abs(hue - 30.0 / 360) < 0.01 && abs(saturation - 1) < 0.01 && abs(brightness - 1) < 0.01)
        let host = ViewHost(
            VStack {
                Text("Heading").font(Font(UIFont.systemFont(ofSize: 22, weight: .semibold)))
                Image(uiImage: UIImage(named: "visa")!)
            })
        try host.update()
        #expect(host.html.contains("font-size:22px") && host.html.contains("font-weight:600"), "\(host.html)")
        #expect(host.html.contains("src=\"/assets/images/visa.png\""), "a named image is the catalog's")
    }

    @Test func uiKitMeasuresFromAnyContext() {
        // Chart kits and layout helpers read these in plain (nonisolated) structs.
        struct SizeConstants {
            static var half: CGFloat { UIScreen.main.bounds.height / 2 }
            static var line: CGFloat { UIFont.systemFont(ofSize: 17).lineHeight }
        }
        #expect(SizeConstants.half == GeometryProxy.defaultSize.height / 2)
        #expect(abs(SizeConstants.line - 20.4) < 0.01)
    }
}
