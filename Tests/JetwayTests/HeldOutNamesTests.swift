import Foundation
import JetwayTesting
import Testing

@testable import Jetway

// Names held-out apps stopped on, as they write them: a formatter field bound to a managed
// number through `Binding(_:)`, a custom font scaled with a text style, a faded material, a
// tiled picture, iOS 18's navigation bar visibility, menu styles, a location service's error
// codes.

private final class Lift: ObservableObject {
    @Published var weight: Double = 60
}

private struct LiftEditor: View {
    @ObservedObject var lift: Lift
    var body: some View {
        VStack {
            TextField("Weight", value: Binding($lift.weight), formatter: NumberFormatter())
            Text("Lifting \(Int(lift.weight))")
        }
    }
}

private struct RedMenu: MenuStyle {
    func makeBody(configuration: Configuration) -> some View {
        Menu(configuration).foregroundStyle(.red)
    }
}

private struct Styled: View {
    var body: some View {
        NavigationStack {
            VStack {
                Text("Games").font(.custom("Karnak", size: 20, relativeTo: .title2))
                Text("Fixed").font(.custom("Karnak", fixedSize: 12))
                Text("Glass").padding().background(.ultraThinMaterial.opacity(0.4))
                Image("stripes").resizable(resizingMode: .tile).frame(height: 20)
                Menu("Sort") { Button("By name") {} }.menuStyle(.button)
                Menu("Filter") { Button("All") {} }.menuStyle(BorderlessButtonMenuStyle())
                Menu("Red") { Button("One") {} }.menuStyle(RedMenu())
            }
            .navigationTitle("Puzzles")
            .toolbarBackgroundVisibility(.hidden, for: .navigationBar)
        }
    }
}

private struct Stopwatch: View {
    @State private var seconds = 9
    @State private var listOpen = true
    var body: some View {
        VStack {
            Text("\(seconds)").contentTransition(.numericText())
            Text("Ring").contentTransition(.identity)
            Color.gray
                .gesture(listOpen ? TapGesture().onEnded { listOpen = false } : nil)
            Text(listOpen ? "List open" : "List closed")
            if seconds > 9 { Text("Ten").transition(.scale(0.9).combined(with: .opacity)) }
            Button("Tick") { withAnimation { seconds += 1 } }
        }
    }
}

private struct SongSearch: View {
    @State private var query = ""
    var body: some View {
        NavigationStack {
            List(["Blue", "Yellow"].filter { query.isEmpty || $0.contains(query) }, id: \.self) { Text($0) }
                .searchable(text: $query, placement: .navigationBarDrawer(displayMode: .always), prompt: "Artists, songs") {
                    Text("Blue Monday").searchCompletion("Blue Monday")
                }
        }
    }
}

@MainActor
@Suite struct HeldOutNamesTests {
    @Test func iOS15sSearchFieldTakesItsSuggestionsInATrailingClosure() throws {
        let host = ViewHost(SongSearch())
        #expect(host.dom.root.descendants.contains { $0.attribute("type") == "search" && $0.attribute("aria-label") == "Artists, songs" })
        try host.send(.input, .text("Bl")) { $0.attribute("type") == "search" }
        #expect(host.html.contains("Blue Monday"))
    }

    @Test func contentTransitionsOptionalGesturesAndIOS17Scales() throws {
        let host = ViewHost(Stopwatch())
        let counter = try #require(host.elements(withText: "9").first)
        #expect(counter.attribute("data-jw-content-transition") == "numeric up")
        #expect(host.elements(withText: "Ring").first?.attribute("data-jw-content-transition") == nil)
        try host.tap("Tick")
        #expect(!host.elements(withText: "10").isEmpty && !host.elements(withText: "Ten").isEmpty)
        // The optional gesture: a tap while the list is open closes it; then there is none.
        let gray = { host.dom.root.descendants.first { ($0.attribute("data-on") ?? "").contains("gesture") } }
        #expect(gray() != nil)
        try host.send(.gesture, .numbers([1, 3, 3])) { ($0.attribute("data-on") ?? "").contains("gesture") }
        #expect(!host.elements(withText: "List closed").isEmpty)
        #expect(gray() == nil, "no gesture once it is nil")
    }

    @Test func aFormatterFieldEditsAWrappedNumberThroughBindingsOptionalInit() throws {
        let lift = Lift()
        let host = ViewHost(LiftEditor(lift: lift))
        try host.send(.change, .text("82.5")) { $0.tag == "input" }
        #expect(lift.weight == 82.5)
        #expect(host.text.contains("Lifting 82"))
        // A value the formatter cannot read leaves the number as it was.
        try host.send(.change, .text("heavy")) { $0.tag == "input" }
        #expect(lift.weight == 82.5)
    }

    @Test func fontsMaterialsTilesMenusAndTheBarDrawAsAsked() throws {
        let host = ViewHost(Styled())
        let style = { (text: String) in host.elements(withText: text).first?.attribute("style") ?? "" }
        #expect(style("Games").contains("font-size:calc(20px * var(--jw-type-scale, 1))"), "\(style("Games"))")
        #expect(style("Fixed").contains("font-size:12px"))
        let glass = host.dom.root.descendants.first { ($0.attribute("style") ?? "").contains("backdrop-filter:blur(10px)") }
        #expect(glass?.attribute("style")?.contains("40%, transparent)") == true, "\(glass?.attribute("style") ?? "")")
        let tiles = host.dom.root.descendants.first { ($0.attribute("style") ?? "").contains("background-repeat:repeat") }
        #expect(tiles?.attribute("style")?.contains("url(\"/assets/images/stripes.png\")") == true && tiles?.attribute("role") == "img")
        let summaries = host.dom.root.descendants.filter { $0.tag == "summary" }
        #expect(summaries.count == 3)
        #expect(summaries[0].attribute("class")?.contains("jw-bordered") == true, "a button menu's label is a bordered button")
        #expect(summaries[1].attribute("class")?.contains("jw-bordered") == false)
        // The app's own style drew the third: its label in red, the menu itself as a menu.
        #expect(
            host.dom.root.descendants.contains { ($0.attribute("style") ?? "").contains(Color.red.css) && $0.textContent.contains("Red") })
        let bar = host.elements(withClass: "jw-nav-title").first ?? host.dom.root
        #expect(host.html.contains("background:transparent"), "\(bar.attribute("style") ?? "")")
    }

    @Test func locationErrorsHaveCoreLocationsCodes() {
        #expect(CLError(.geocodeFoundNoResult).code.rawValue == 8)
        #expect(CLError(.regionMonitoringDenied).code.rawValue == 4 && CLError(.promptDeclined).code.rawValue == 18)
    }
}
