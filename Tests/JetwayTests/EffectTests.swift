import JetwayTesting
import Testing

@testable import Jetway

/// Effects and gradients as SwiftUI apps write them: CSS transforms that add up in SwiftUI's
/// order, filters, and gradients as fills, backgrounds, text and views.
@MainActor
struct EffectTests {
    @Test func transformsAddUpOuterLast() {
        let html = ViewHost(Text("A").rotationEffect(.degrees(45)).scaleEffect(2).offset(x: 10, y: 0)).html
        #expect(html.contains("transform:translate(10px,0px) scale(2,2) rotate(45deg)"), "\(html)")
        let anchored = ViewHost(Text("B").rotationEffect(.radians(.pi), anchor: .topLeading)).html
        #expect(anchored.contains("rotate(180deg)") && anchored.contains("transform-origin:0% 0%"))
        #expect(ViewHost(Text("C").rotation3DEffect(.degrees(30), axis: (x: 0, y: 1, z: 0))).html.contains("rotate3d(0,1,0,30deg)"))
        #expect(Angle.degrees(90).radians == .pi / 2 && abs((Angle.degrees(10) + .degrees(20)).degrees - 30) < 1e-9)
    }

    @Test func filtersAddUp() {
        let html = ViewHost(Text("A").blur(radius: 3).grayscale(1).hueRotation(.degrees(90)).saturation(0.5).brightness(0.2).contrast(2))
            .html
        #expect(html.contains("filter:blur(3px) grayscale(1) hue-rotate(90deg) saturate(0.5) brightness(1.2) contrast(2)"), "\(html)")
    }

    @Test func gradientsFillShapesBackgroundsAndText() {
        let linear = LinearGradient(colors: [.red, .blue], startPoint: .top, endPoint: .bottom)
        #expect(linear.css.hasPrefix("linear-gradient(180deg,") && linear.css.contains("100%"))
        #expect(LinearGradient(colors: [.red, .blue], startPoint: .leading, endPoint: .trailing).css.hasPrefix("linear-gradient(90deg,"))
        #expect(ViewHost(Circle().fill(linear)).html.contains("background:linear-gradient(180deg"))
        #expect(ViewHost(Text("Gate").background(linear)).html.contains("background:linear-gradient"))
        #expect(ViewHost(Text("Gate").foregroundStyle(linear)).html.contains("background-clip:text"))
        #expect(ViewHost(linear).html.contains("linear-gradient"), "a gradient is a view too")
        let angular = AngularGradient(colors: [.red, .green], center: .center)
        #expect(angular.css.hasPrefix("conic-gradient(from 90deg at 50% 50%,"))
        #expect(
            RadialGradient(colors: [.white, .black], center: .center, startRadius: 0, endRadius: 50).css.contains("circle 50px at 50% 50%"))
        let dashed = ViewHost(RoundedRectangle(cornerRadius: 8).strokeBorder(Color.red, style: StrokeStyle(lineWidth: 2, dash: [4]))).html
        #expect(
            dashed.contains("stroke-dasharray:4") && dashed.contains("stroke:var(--jw-red)"), "a dashed outline is drawn exactly, in SVG")
    }
}
