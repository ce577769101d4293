import Foundation
import JetwayTesting
import Testing

@testable import Jetway
@testable import JetwayWire

/// What animations, transactions and transitions put on the wire, as apps write them: one
/// description per animated patch, nothing per frame.
@MainActor
struct MotionTests {
    struct Expanding: View {
        @State var expanded = false
        @State var plain = 0
        var body: some View {
            VStack {
                Button("Toggle") { withAnimation(.easeInOut(duration: 0.25)) { expanded.toggle() } }
                Button("Snap") { plain += 1 }
                if expanded {
                    Text("Details").transition(.move(edge: .top).combined(with: .opacity))
                }
                Text("Snaps \(plain)")
            }
        }
    }

    private func rootAnimation(_ ops: [PatchOp]) -> String?? {
        for op in ops {
            if case .setAttribute(_, let name, let value) = op, name == RuntimeContract.Attribute.animation { return .some(value) }
        }
        return nil
    }

    @Test func withAnimationSendsOneDescriptionWithThePatch() throws {
        let host = ViewHost(Expanding())
        try host.tap("Toggle")
        let set = try #require(rootAnimation(host.lastPatches) ?? nil)
        #expect(set == "\(host.graph.version);250;0;1;normal;cubic-bezier(0.42,0,0.58,1)")
        #expect(host.html.contains("\(RuntimeContract.Attribute.transition)=\"move top+opacity\""))
        try host.tap("Snap")
        #expect(rootAnimation(host.lastPatches) == .some(nil), "a plain change after it clears it, and does not move")
        try host.tap("Toggle")
        #expect((rootAnimation(host.lastPatches) ?? nil)?.hasSuffix("250;0;1;normal;cubic-bezier(0.42,0,0.58,1)") == true)
    }

    @Test func anAnimatedChangeCostsAFewBytesMore() throws {
        struct Board: View {
            @State var sorted = false
            let flights = (0..<20).map { "Flight \($0)" }
            var body: some View {
                VStack {
                    Button("Animated") { withAnimation { sorted.toggle() } }
                    Button("Spring") { withAnimation(.bouncy) { sorted.toggle() } }
                    Button("Plain") { sorted.toggle() }
                    ForEach(sorted ? flights.reversed() : flights, id: \.self) { Text($0) }
                }
            }
        }
        let host = ViewHost(Board())
        try host.tap("Plain")
        let plain = host.lastPatchBytes
        try host.tap("Plain")
        try host.tap("Animated")
        let animated = host.lastPatchBytes
        try host.tap("Spring")
        let spring = host.lastPatchBytes
        print("bench: motion_patch_bytes_plain \(plain) B")
        print("bench: motion_patch_bytes_ease \(animated) B")
        print("bench: motion_patch_bytes_spring \(spring) B")
        #expect(animated - plain > 0 && animated - plain < 80, "plain \(plain) B, animated \(animated) B")
        #expect(spring - plain < 200, "a spring's curve: \(spring - plain) B more")
    }

    @Test func animationValueScopesCountTheirValuesChanges() throws {
        struct Landing: View {
            @State var landed = false
            @State var other = 0
            var body: some View {
                VStack {
                    Image(systemName: "airplane")
                        .rotationEffect(.degrees(landed ? 90 : 0))
                        .animation(.spring(duration: 0.4, bounce: 0.3), value: landed)
                    Button("Land") { landed.toggle() }
                    Button("Other") { other += 1 }
                    Text("\(other)").animation(nil, value: other)
                }
            }
        }
        let host = ViewHost(Landing())
        let scope = RuntimeContract.Attribute.animationScope
        #expect(host.html.contains("\(scope)=\"0;"), "no change yet")
        try host.tap("Land")
        let changed = host.lastPatches.contains {
            if case .setAttribute(_, scope, let value) = $0 {
                return value?.hasPrefix("1;") == true && value?.contains("linear(0,") == true
            }
            return false
        }
        #expect(changed, "the value changed: the scope's count with the spring's easing: \(host.lastPatches)")
        try host.tap("Other")
        #expect(!host.lastPatches.contains { if case .setAttribute(_, scope, _) = $0 { return true } else { return false } })
        #expect(host.html.contains("\(scope)=\"none\""))
    }

    @Test func springsAreSampledCurvesThatSettle() {
        let bouncy = Animation.bouncy
        #expect(bouncy.easing.hasPrefix("linear(0,") && bouncy.easing.hasSuffix(",1)"))
        let samples = bouncy.easing.dropFirst(7).dropLast().split(separator: ",").compactMap { Double($0) }
        #expect(samples.count == 31 && samples.contains { $0 > 1 }, "a bouncy spring overshoots")
        #expect(!Animation.smooth.easing.dropFirst(7).dropLast().split(separator: ",").compactMap { Double($0) }.contains { $0 > 1.001 })
        #expect(Animation.bouncy.duration > 0.3 && Animation.bouncy.duration < 1.5)
        let timed = Animation.linear(duration: 2).delay(0.5).speed(2).repeatForever(autoreverses: true)
        #expect(timed.wire == "1000;250;infinite;alternate;linear")
        #expect(Animation.easeIn.repeatCount(3, autoreverses: false).wire == "350;0;3;normal;cubic-bezier(0.42,0,1,1)")
        #expect(Animation.interpolatingSpring(stiffness: 170, damping: 15).easing.hasPrefix("linear("))
    }

    @Test func transactionsAndDisabledAnimations() throws {
        struct Quiet: View {
            @State var count = 0
            var body: some View {
                Button("Quiet") {
                    var transaction = Transaction(animation: .default)
                    transaction.disablesAnimations = true
                    withTransaction(transaction) { count += 1 }
                }
                Button("Loud") { withTransaction(\.animation, .snappy) { count += 1 } }
                Text("\(count)").transaction { $0.animation = nil }
            }
        }
        let host = ViewHost(Quiet())
        try host.tap("Quiet")
        #expect(rootAnimation(host.lastPatches) == nil)
        try host.tap("Loud")
        #expect((rootAnimation(host.lastPatches) ?? nil)?.contains("linear(") == true)
        #expect(host.html.contains("\(RuntimeContract.Attribute.animationScope)=\"none\""), "the text snaps")
    }

    @Test func transitionsDescribeBothWays() {
        #expect(AnyTransition.slide.wire == "move leading|move trailing")
        #expect(AnyTransition.push(from: .bottom).wire == "move bottom+opacity|move top+opacity")
        #expect(AnyTransition.asymmetric(insertion: .scale, removal: .opacity).wire == "scale 0 0.5 0.5|opacity")
        #expect(AnyTransition.offset(x: 10, y: -4).combined(with: .scale(scale: 0.8, anchor: .top)).wire == "offset 10 -4+scale 0.8 0.5 0")
        #expect(AnyTransition.identity.wire == "")
        #expect(AnyTransition.opacity.animation(.linear(duration: 1)).wire == "opacity+timing 1000;0;1;normal;linear")
    }

    @Test func completionRunsAfterTheMotion() async throws {
        struct Done: View {
            @State var shown = false
            @State var finished = false
            var body: some View {
                Button("Go") {
                    withAnimation(.linear(duration: 0.05)) {
                        shown = true
                    } completion: {
                        finished = true
                    }
                }
                Text(finished ? "finished" : "moving")
            }
        }
        let host = ViewHost(Done())
        try host.tap("Go")
        #expect(host.text.contains("moving"))
        #expect(await host.settle(until: { $0.text.contains("finished") }))
    }

    @Test func reducedMotionIsTheBrowsersAsked() {
        struct Banner: View {
            @Environment(\.accessibilityReduceMotion) var reduceMotion
            var body: some View { Text(reduceMotion ? "still" : "moving") }
        }
        var environment = EnvironmentValues()
        #expect(ViewHost(Banner(), environment: environment).text == "moving")
        environment.request = RequestContext(path: "/", reducesMotion: true)
        #expect(ViewHost(Banner(), environment: environment).text == "still")
    }

    /// An iOS 17 transition of an app's own: shown through its body at `.identity`, moving from
    /// and to what its body makes of the view at the other phases.
    struct Lift: Transition {
        func body(content: Content, phase: TransitionPhase) -> some View {
            content.opacity(phase.isIdentity ? 1 : 0.2).scaleEffect(phase == .willAppear ? 0.5 : 1).offset(y: phase.value * 30)
        }
    }

    @Test func anAppsOwnTransitionIsDescribedByItsPhases() {
        let wire = AnyTransition(Lift()).wire
        #expect(wire.hasPrefix("style opacity:0.2;transform:"), "\(wire)")
        let sides = wire.split(separator: "|")
        #expect(sides.count == 2 && sides[0].contains("scale(0.5,0.5)") && sides[0].contains("translate(0px,-30px)"), "\(wire)")
        #expect(sides[1].contains("translate(0px,30px)") && !sides[1].contains("scale(0.5"), "\(wire)")
        let html = ViewHost(Text("Gate closing").transition(Lift())).html
        #expect(html.contains("data-jw-transition=\"style opacity:0.2"), "\(html)")
        #expect(html.contains("opacity:1"), "shown through its body at identity")
    }
}
