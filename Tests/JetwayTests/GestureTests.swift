import Foundation
import JetwayTesting
import Testing

@testable import Jetway

/// Gestures as apps write them: a card dragged with a `@GestureState` offset that springs
/// back, a long press, a double tap, a pinch; what the runtime sends, read as SwiftUI's values.
@MainActor
struct GestureTests {
    struct Card: View {
        @GestureState var drag = CGSize.zero
        @State var dropped = CGSize.zero
        @State var pressed = false
        @State var pressing = false
        @State var doubleTaps = 0
        @State var zoom: CGFloat = 1
        var body: some View {
            VStack {
                Text("Boarding pass")
                    .offset(x: dropped.width + drag.width, y: dropped.height + drag.height)
                    .gesture(
                        DragGesture(minimumDistance: 5)
                            .updating($drag) { value, state, _ in state = value.translation }
                            .onEnded { value in withAnimation(.spring) { dropped.width += value.translation.width } }
                    )
                    .accessibilityIdentifier("card")
                Text(pressed ? "Pressed" : "Not pressed")
                    .onLongPressGesture(minimumDuration: 0.3) {
                        pressed = true
                    } onPressingChanged: {
                        pressing = $0
                    }
                    .accessibilityIdentifier("press")
                Text("Taps \(doubleTaps) \(pressing ? "pressing" : "")").onTapGesture(count: 2) { doubleTaps += 1 }
                    .accessibilityIdentifier("taps")
                Color.blue.frame(width: 50, height: 50).scaleEffect(zoom)
                    .gesture(MagnificationGesture().onChanged { zoom = $0 })
                    .accessibilityIdentifier("zoom")
            }
        }
    }

    func send(_ host: ViewHost, to id: String, _ numbers: [Double]) throws {
        try host.send(.gesture, .numbers(numbers)) { $0.attribute("data-testid") == id }
    }

    @Test func aCancelledDragPutsItsStateBackWithoutEnding() throws {
        let host = ViewHost(Card())
        try send(host, to: "card", [0, 10, 10, 40, 25, 0.2, 0, 0])
        #expect(host.html.contains("translate(30px,15px)"))
        // Released (3): the browser took the pointer (a scroll, a system gesture).
        try send(host, to: "card", [3, 10, 10, 40, 25, 0.3, 0, 0])
        #expect(!host.html.contains("translate(30px,15px)"), "the gesture state went back")
        #expect(!host.html.contains("translate(30px,0px)"), "onEnded did not run: \(host.html)")
    }

    @Test func aDragMovesWhileItLastsAndItsStateGoesBack() throws {
        let host = ViewHost(Card())
        let card = try #require(host.elements(withText: "Boarding pass").first)
        #expect(card.attribute(RuntimeContract.Attribute.gesture) == "drag 5")
        try send(host, to: "card", [0, 10, 10, 40, 25, 0.2, 0, 0])
        #expect(host.html.contains("translate(30px,15px)"), "the gesture state follows the drag")
        try send(host, to: "card", [1, 10, 10, 50, 10, 0.3, 0, 0])
        #expect(host.html.contains("translate(40px,0px)"), "the state went back and the drop stayed: \(host.html)")
        #expect(
            host.lastPatches.contains {
                if case .setAttribute(_, RuntimeContract.Attribute.animation, let v) = $0 { v != nil } else { false }
            })
    }

    @Test func longPressesTapsAndPinches() throws {
        let host = ViewHost(Card())
        #expect(host.html.contains("\(RuntimeContract.Attribute.gesture)=\"+long 300 10\""))
        try send(host, to: "press", [2, 5, 5])
        #expect(host.text.contains("pressing"))
        try send(host, to: "press", [1, 5, 5])
        try send(host, to: "press", [3, 5, 5])
        #expect(host.text.contains("Pressed") && !host.text.contains("pressing"))
        #expect(host.html.contains("\(RuntimeContract.Attribute.gesture)=\"+tap 2\""))
        try send(host, to: "taps", [1, 3, 3])
        #expect(host.text.contains("Taps 1"))
        try send(host, to: "zoom", [0, 25, 25, 25, 25, 0.1, 1.5, 0])
        #expect(host.html.contains("scale(1.5,1.5)"))
    }

    @Test func badGestureNumbersAreRefused() throws {
        let host = ViewHost(Card())
        #expect(throws: (any Error).self) { try send(host, to: "card", [7, 0, 0]) }
        #expect(throws: (any Error).self) { try send(host, to: "card", [0.5, 0, 0]) }
        #expect(throws: (any Error).self) { try host.send(.gesture, .text("drag")) { $0.attribute("data-testid") == "card" } }
    }

    @Test func dragValuesAreSwiftUIs() {
        let input = GestureInput(
            recognizer: 0, phase: .changed, startLocation: CGPoint(x: 10, y: 10), location: CGPoint(x: 30, y: 50),
            origin: CGPoint(x: 100, y: 200), time: 0.5, scale: 1, angle: .zero)
        let local = DragGesture()._value(input)
        #expect(local?.translation == CGSize(width: 20, height: 40) && local?.velocity == CGSize(width: 40, height: 80))
        #expect(DragGesture(coordinateSpace: .global)._value(input)?.location == CGPoint(x: 130, y: 250))
        let pair = TapGesture().simultaneously(with: DragGesture())
        #expect(pair._recognizers().map(\.kind.wire) == ["tap 1", "drag 10"])
    }

    @Test func pagesTurnWithASwipe() throws {
        struct Onboarding: View {
            @State var page = 0
            var body: some View {
                TabView(selection: $page) {
                    Text("Welcome aboard").tag(0)
                    Text("Pick a seat").tag(1)
                    Text("Board").tag(2)
                }
                .tabViewStyle(.page)
            }
        }
        let host = ViewHost(Onboarding())
        #expect(host.html.contains(StyleClass.tabviewPage) && host.text.contains("Welcome aboard"))
        let panel: (DOMNode) -> Bool = { $0.attribute("role") == "tabpanel" }
        try host.send(.gesture, .numbers([1, 300, 10, 100, 14, 0.2, 0, 0]), where: panel)
        #expect(host.text.contains("Pick a seat"), "a swipe to the left turns to the next page")
        #expect(host.html.contains("\(RuntimeContract.Attribute.transition)=\"move trailing+opacity|move leading+opacity\""))
        #expect(
            host.lastPatches.contains {
                if case .setAttribute(_, RuntimeContract.Attribute.animation, let v) = $0 { v != nil } else { false }
            })
        try host.send(.gesture, .numbers([1, 100, 10, 300, 14, 0.2, 0, 0]), where: panel)
        #expect(host.text.contains("Welcome aboard"))
        try host.send(.gesture, .numbers([1, 100, 10, 120, 200, 0.2, 0, 0]), where: panel)
        #expect(host.text.contains("Welcome aboard"), "a vertical drag turns nothing")
        try host.tap("Tab 3")
        #expect(host.text.contains("Board"), "the dots are links to the pages")
    }
}
