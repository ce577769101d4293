import JetwayTesting
import Testing

@testable import Jetway

/// `#Preview` as SwiftUI apps write it compiles unchanged (its plugin: `make macros`), and the
/// previews page finds every preview by itself: each `#Preview` at its line, every
/// `PreviewProvider`, sized as their traits ask, with `@Previewable` state that works.
private struct Gate: View {
    let number: String
    var body: some View { Text("Gate \(number)").padding() }
}

private struct Counter: View {
    @Binding var count: Int
    var body: some View {
        Button("Board \(count)") { count += 1 }
    }
}

#Preview {
    Gate(number: "A1")
}

#Preview("Fits", traits: .sizeThatFitsLayout) {
    Gate(number: "B2")
}

#Preview("Fixed", traits: .fixedLayout(width: 320, height: 90), .landscapeLeft) {
    let number = "C3"
    Gate(number: number)
}

#Preview("Counting") {
    @Previewable @State var count = 0
    Counter(count: $count)
}

#Preview("Set up first") {
    var gate = "E"
    gate += "5"
    return Gate(number: gate)
}

private struct Gate_Previews: PreviewProvider {
    static var previews: some View { Gate(number: "D4") }
}

@MainActor
struct PreviewMacroTests {
    private var ours: [PreviewEntry] {
        PreviewEntry.all().filter { $0.location.contains("PreviewMacroTests") || $0.title == "Gate_Previews" }
    }

    @Test func everyPreviewIsFoundWithItsNameAndLine() {
        let titles = ours.map(\.title)
        #expect(titles == ["PreviewMacroTests.swift:21", "Fits", "Fixed", "Counting", "Set up first", "Gate_Previews"], "\(titles)")
        #expect(ours.first?.location == "JetwayTests/PreviewMacroTests.swift:21")
        #expect(ours.first?.key == "PreviewMacroTests.swift:21")
    }

    @Test func eachPreviewIsShownAtTheSizeItAsksFor() throws {
        let host = ViewHost(PreviewCatalogue())
        for text in ["Gate A1", "Gate B2", "Gate C3", "Board 0", "Gate D4", "Gate E5", "Fits", "Fixed", "Counting"] {
            #expect(host.text.contains(text), "\(text)")
        }
        let alone = ViewHost(PreviewCatalogue(selected: "PreviewMacroTests.swift:29"))
        #expect(alone.text.contains("Gate C3") && !alone.text.contains("Gate A1"))
        #expect(alone.html.contains("width:320px") && alone.html.contains("height:90px"))
        let fits = ViewHost(PreviewCatalogue(selected: "PreviewMacroTests.swift:25"))
        #expect(fits.text.contains("Gate B2") && !fits.html.contains("height:844px"))
        let device = ViewHost(PreviewCatalogue(selected: "PreviewMacroTests.swift:21"))
        let phone = "height:\(Int(GeometryProxy.defaultSize.height))px"
        #expect(device.html.contains(phone), "a preview that says nothing is a phone's screen")
    }

    @Test func previewableStateIsThePreviewsOwn() throws {
        let host = ViewHost(PreviewCatalogue(selected: "PreviewMacroTests.swift:34"))
        #expect(host.text.contains("Board 0"))
        try host.tap("Board 0")
        #expect(host.text.contains("Board 1"))
    }

    @Test func aLinkToAPreviewThatMovedSaysSo() {
        let host = ViewHost(PreviewCatalogue(selected: "Nowhere.swift:1"))
        #expect(host.text.contains("No preview Nowhere.swift:1"))
    }
}
