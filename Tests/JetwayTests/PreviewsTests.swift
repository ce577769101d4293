import JetwayTesting
import Testing

@testable import Jetway

/// A `PreviewProvider` as a SwiftUI app's files write it compiles unchanged; its previews are
/// shown by `PreviewsPage`, each named one under its name and sized as its layout or device
/// asks. In the running app the preview modifiers change nothing, as in SwiftUI.
private struct Badge: View {
    let label: String
    var body: some View { Text(label).padding() }
}

private struct Badge_Previews: PreviewProvider {
    static var previews: some View {
        Group {
            Badge(label: "Boarding")
                .previewLayout(.fixed(width: 300, height: 120))
                .previewDisplayName("Fixed")
            Badge(label: "Delayed")
                .previewDevice("iPhone SE (3rd generation)")
                .previewDisplayName("Phone")
            Badge(label: "Landed")
                .previewDevice(PreviewDevice(rawValue: "iPhone SE"))
                .previewInterfaceOrientation(.landscapeLeft)
            Badge(label: "Fits").previewLayout(.sizeThatFits)
        }
    }
}

@MainActor
struct PreviewsTests {
    @Test func previewsAreShownNamedAndSizedAsTheyAsk() throws {
        let host = ViewHost(PreviewsPage(Badge_Previews.self))
        let html = host.html
        #expect(host.text.contains("Badge_Previews"))
        for text in ["Fixed", "Boarding", "Phone", "Delayed", "Landed", "Fits"] { #expect(host.text.contains(text), "\(text)") }
        #expect(html.contains("width:300px") && html.contains("height:120px"), "the fixed layout")
        #expect(html.contains("width:375px") && html.contains("height:667px"), "the device's screen")
        #expect(html.contains("width:667px") && html.contains("height:375px"), "the device on its side")
        #expect(PreviewDevice(rawValue: "iPhone 15 Pro Max").screenSize == CGSize(width: 430, height: 932))
        #expect(PreviewDevice(rawValue: "a device nobody knows").screenSize == GeometryProxy.defaultSize)
    }

    @Test func inTheRunningAppThePreviewModifiersChangeNothing() throws {
        let plain = ViewHost(Badge(label: "Boarding"))
        let modified = ViewHost(
            Badge(label: "Boarding").previewLayout(.fixed(width: 300, height: 120)).previewDisplayName("Fixed")
                .previewDevice("iPhone SE").previewInterfaceOrientation(.landscapeRight))
        #expect(modified.text == "Boarding")
        #expect(modified.html == plain.html)
    }
}
