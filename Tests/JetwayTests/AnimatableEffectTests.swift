import Foundation
import JetwayTesting
import Testing

@testable import Jetway
@testable import JetwayWire

// Animatable data as the CS193p games use it: a `GeometryEffect` that shakes a card (a `sin` of
// its data, identity at both ends) and one that zooms, Core Graphics transforms, and `Path`s
// drawn through them.

private struct Shake: GeometryEffect {
    var amount: CGFloat = 10
    var shakesPerUnit = 3
    var animatableData: CGFloat

    func effectValue(size: CGSize) -> ProjectionTransform {
        ProjectionTransform(CGAffineTransform(translationX: amount * sin(animatableData * .pi * CGFloat(shakesPerUnit)), y: 0))
    }
}

private struct CardFlip: ViewModifier, Animatable {
    var rotation: Double
    nonisolated var animatableData: Double {
        get { rotation }
        set { rotation = newValue }
    }
    func body(content: Content) -> some View {
        content.rotation3DEffect(.degrees(rotation), axis: (0, 1, 0))
    }
}

private struct ShakingCard: View {
    @State private var attempts: CGFloat = 0
    @State private var quietly = 0
    var body: some View {
        VStack {
            Text("Card").modifier(Shake(animatableData: attempts)).accessibilityIdentifier("card")
                .modifier(CardFlip(rotation: quietly > 0 ? 180 : 0))
            Button("Wrong") { withAnimation(.linear(duration: 0.5)) { attempts += 1 } }
            Button("Quietly") { quietly += 1 }
        }
    }
}

@MainActor
struct AnimatableEffectTests {
    private func card(_ host: ViewHost) throws -> DOMNode {
        try #require(host.dom.root.descendants.first { $0.attribute("data-testid") == "card" })
    }

    @Test func aShakeIsSampledAlongItsAnimation() throws {
        let host = ViewHost(ShakingCard())
        try host.update()
        #expect(try card(host).attribute(RuntimeContract.Attribute.frames) == nil)
        try host.tap("Wrong")
        // What a sampled shake costs on the wire (31 frames of a translation).
        print("bench: motion_sampled_shake_patch_bytes \(host.lastPatchBytes) B")
        let frames = try #require(try card(host).attribute(RuntimeContract.Attribute.frames))
        let parts = frames.split(separator: "|").map(String.init)
        #expect(parts[0] == "1;500;0;1;normal;linear", "one run, the animation's timing, played evenly: \(parts[0])")
        #expect(parts[1] == "transform")
        #expect(parts.count == 2 + 31, "31 frames")
        // At both ends the shake is still; a sixth of the way it is at its widest (sin(π/2)).
        #expect(parts[2].contains("matrix(1,0,0,1,0,0)") && parts.last!.contains("matrix(1,0,0,1,0,0)"))
        #expect(parts[2 + 5].contains("matrix(1,0,0,1,10,0)"), "\(parts[7])")
        #expect(try card(host).attribute("style")?.contains("matrix(1,0,0,1,0,0)") == true, "the end value is the element's own")
        // A change outside an animation snaps: no frames to play.
        try host.tap("Quietly")
        #expect(try card(host).attribute(RuntimeContract.Attribute.frames) == nil)
        try host.tap("Wrong")
        #expect(try card(host).attribute(RuntimeContract.Attribute.frames)?.hasPrefix("2;") == true, "each run is numbered")
        #expect(host.html.contains("rotate3d(0,1,0,180deg)"), "an Animatable modifier's body shows its end value")
    }

    @Test func affineTransformsComposeAsCoreGraphicsDoes() {
        let moved = CGAffineTransform(translationX: 10, y: 0).rotated(by: .pi / 2)
        let point = CGPoint(x: 1, y: 0).applying(moved)
        #expect(abs(point.x - 10) < 1e-9 && abs(point.y - 1) < 1e-9, "rotated first, then moved: \(point)")
        let round = moved.concatenating(moved.inverted())
        #expect(abs(round.a - 1) < 1e-9 && abs(round.tx) < 1e-9 && abs(round.ty) < 1e-9)
        var squiggle = Path()
        squiggle.move(to: .zero)
        squiggle.addQuadCurve(to: CGPoint(x: 10, y: 0), control: CGPoint(x: 5, y: 5))
        let scaled = squiggle.applying(CGAffineTransform(scaleX: 2, y: 3))
        #expect(scaled.boundingRect == CGRect(x: 0, y: 0, width: 20, height: 15))
        #expect(CGRect(x: 0, y: 0, width: 4, height: 2).applying(CGAffineTransform(rotationAngle: .pi / 2)).width.rounded() == 2)
    }

    @Test func animatableDataInterpolatesAndCurvesEndWhereTheyShould() {
        let pair = AnimatablePair(CGFloat(0), 10.0)
        let halfway = pair.interpolated(towards: AnimatablePair(10, 30), amount: 0.5)
        #expect(halfway.first == 5 && halfway.second == 20)
        var angle = Angle.degrees(10)
        angle += .degrees(20)
        #expect(abs(angle.degrees - 30) < 1e-9)
        for animation in [Animation.linear(duration: 1), .easeInOut(duration: 1), .spring(response: 0.4, dampingFraction: 0.6), .bouncy] {
            #expect(animation.progress(at: 0) == 0 && abs(animation.progress(at: 1) - 1) < 1e-9, "\(animation)")
        }
        #expect(Animation.easeIn(duration: 1).progress(at: 0.5) < 0.5, "ease-in lags at the middle")
    }
}
