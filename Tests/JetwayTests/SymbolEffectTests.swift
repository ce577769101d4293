import JetwayTesting
import Testing

@testable import Jetway

/// Symbols that move, as apps write them: a pulsing icon on a title screen, a bell that bounces
/// when a count changes.
@MainActor
struct SymbolEffectTests {
    private struct Bell: View {
        @State private var count = 0
        var body: some View {
            VStack {
                Image(systemName: "bell").symbolEffect(.bounce, value: count)
                Button("Ring") { count += 1 }
            }
        }
    }

    @Test func anIndefiniteEffectRunsWhileActive() {
        let html = ViewHost(Image(systemName: "theatermasks").symbolEffect(.pulse).font(.system(size: 90))).html
        #expect(html.contains(StyleClass.symbolEffect) && html.contains("animation:jw-symbol-pulse 1.2s ease-in-out infinite"), "\(html)")
        let off = ViewHost(Image(systemName: "wifi").symbolEffect(.variableColor.iterative, isActive: false)).html
        #expect(!off.contains(StyleClass.symbolEffect))
        let twice = ViewHost(Image(systemName: "star").symbolEffect(.wiggle, options: .repeat(2).speed(2))).html
        #expect(twice.contains("animation:jw-symbol-wiggle 0.3s ease-in-out 2"))
        let scaled = ViewHost(Image(systemName: "heart").symbolEffect(.scale.up)).html
        #expect(scaled.contains("jw-symbol-scale-up 0.3s ease-in-out 1"), "a scale goes once and holds")
    }

    @Test func aDiscreteEffectPlaysOnceEachTimeItsValueChanges() throws {
        let host = ViewHost(Bell())
        #expect(!host.html.contains("jw-symbol-bounce"), "not on the first paint")
        try host.tap("Ring")
        try host.update()  // the count is seen in onChange, after the render
        #expect(host.html.contains("jw-symbol-bounce"), "\(host.html)")
        let first = host.html.contains("jw-symbol-bounce-again")
        try host.tap("Ring")
        try host.update()
        #expect(host.html.contains("jw-symbol-bounce-again") != first, "the next change plays it again (the other copy)")
    }

    @Test func snappingScrollViewsAndTheirTargets() {
        let carousel = ViewHost(
            ScrollView(.horizontal) {
                LazyHStack { ForEach(0..<5, id: \.self) { Text("Card \($0)").frame(width: 200) } }.scrollTargetLayout()
            }
            .scrollTargetBehavior(.viewAligned)
        ).html
        #expect(carousel.contains(StyleClass.snapAligned) && carousel.contains(StyleClass.snapTargets))
        #expect(ViewHost(ScrollView { Text("A") }.scrollTargetBehavior(.paging)).html.contains(StyleClass.snapPaging))
    }

    @Test func aSubtreeInAColourSchemeAndOtherSmallModifiers() {
        struct Scheme: View {
            @Environment(\.colorScheme) var scheme
            var body: some View { Text(scheme == .dark ? "dark" : "light") }
        }
        let html = ViewHost(VStack { Scheme() }.colorScheme(.dark)).html
        #expect(html.contains(StyleClass.colorsDark) && html.contains(">dark<"))
        #expect(ViewHost(Text("Quiz").scenePadding()).html.contains("16px"))
        #expect(ViewHost(Text("Card").padding().containerShape(.rect(cornerRadius: 12))).html.contains("border-radius:12px"))
        let pair = SimultaneousGesture(TapGesture(), LongPressGesture())
        #expect(pair._recognizers().count == 2)
    }
}
