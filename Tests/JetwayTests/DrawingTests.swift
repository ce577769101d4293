import Foundation
import JetwayTesting
import Testing

@testable import Jetway

/// Paths and shapes as apps draw them: badges, rings, wedges and their own shapes.
@MainActor
struct DrawingTests {
    struct Triangle: Shape {
        func path(in rect: CGRect) -> Path {
            Path { path in
                path.move(to: CGPoint(x: rect.midX, y: rect.minY))
                path.addLine(to: CGPoint(x: rect.maxX, y: rect.maxY))
                path.addLine(to: CGPoint(x: rect.minX, y: rect.maxY))
                path.closeSubpath()
            }
        }
    }

    @Test func pathsWriteSVGData() {
        var path = Path()
        path.move(to: CGPoint(x: 0, y: 20))
        path.addLine(to: CGPoint(x: 10, y: 0))
        path.addQuadCurve(to: CGPoint(x: 20, y: 20), control: CGPoint(x: 15, y: 0))
        path.addCurve(to: CGPoint(x: 0, y: 20), control1: CGPoint(x: 10, y: 30), control2: CGPoint(x: 5, y: 30))
        path.closeSubpath()
        #expect(path.svgData == "M0 20L10 0Q15 0 20 20C10 30 5 30 0 20Z")
        #expect(path.boundingRect == CGRect(x: 0, y: 0, width: 20, height: 30))
        #expect(Path(CGRect(x: 1, y: 2, width: 3, height: 4)).svgData == "M1 2L4 2L4 6L1 6Z")
        #expect(path.currentPoint == CGPoint(x: 0, y: 20))
    }

    @Test func arcsBecomeCurvesTurningTheWaySwiftUITurns() {
        // SwiftUI's y axis points down: clockwise: false from 0° to 90° goes down through the
        // right-bottom quarter; clockwise: true goes the long way round (three quarters).
        var short = Path()
        short.addArc(center: .zero, radius: 10, startAngle: .degrees(0), endAngle: .degrees(90), clockwise: false)
        var long = Path()
        long.addArc(center: .zero, radius: 10, startAngle: .degrees(0), endAngle: .degrees(90), clockwise: true)
        #expect(short.elements.count == 2 && long.elements.count == 4, "a quarter turn per curve")
        #expect(short.currentPoint.map { abs($0.x) < 1e-9 && abs($0.y - 10) < 1e-9 } == true)
        #expect(long.boundingRect.minY < -9, "the long way passes through the top")
        let wedge = Path { path in
            path.move(to: CGPoint(x: 50, y: 50))
            path.addArc(center: CGPoint(x: 50, y: 50), radius: 50, startAngle: .degrees(-90), endAngle: .degrees(0), clockwise: false)
            path.closeSubpath()
        }
        #expect(wedge.svgData.hasPrefix("M50 50L50 0C"))
    }

    @Test func trimmingFollowsTheOutlineLength() {
        let line = Path { $0.addLines([CGPoint(x: 0, y: 0), CGPoint(x: 100, y: 0)]) }
        #expect(line.trimmedPath(from: 0.25, to: 0.5).svgData == "M25 0L50 0")
        let square = Path(CGRect(x: 0, y: 0, width: 10, height: 10))
        #expect(square.trimmedPath(from: 0, to: 0.5).svgData == "M0 0L10 0L10 10")
        #expect(square.trimmedPath(from: 0.6, to: 0.4).isEmpty)
    }

    @Test func anAppsShapeIsDrawnAtTheSizeTheBrowserReports() throws {
        let host = ViewHost(Triangle().fill(.orange).frame(width: 40, height: 30))
        #expect(host.html.contains("viewBox=\"0 0 390 844\""), "before the report: the default size, stretched")
        try host.resize(width: 40, height: 30)
        #expect(host.html.contains("viewBox=\"0 0 40 30\"") && host.html.contains("d=\"M20 0L40 30L0 30Z\""))
        #expect(host.html.contains("fill:var(\(StyleVariable.orange))"))
        let gradient = ViewHost(Triangle().fill(LinearGradient(colors: [.red, .blue], startPoint: .top, endPoint: .bottom))).html
        #expect(gradient.contains("background:linear-gradient") && gradient.contains("mask:url(&quot;data:image/svg+xml,%3Csvg"))
    }

    @Test func ringsAreDashesOfTheWholeOutline() throws {
        let ring = ViewHost(Circle().trim(from: 0, to: 0.75).stroke(.green, style: StrokeStyle(lineWidth: 6, lineCap: .round)))
        let html = ring.html
        #expect(html.contains("pathLength=\"1\"") && html.contains("stroke-dasharray:0.75 1") && html.contains("stroke-linecap:round"))
        let box = ViewHost(Circle().stroke(.green, lineWidth: 2)).html
        #expect(box.contains("border:2px solid") && !box.contains("<svg"), "a plain outline stays a CSS box")
        let inset = ViewHost(Circle().strokeBorder(.red, style: StrokeStyle(lineWidth: 4, dash: [2]))).html
        #expect(inset.contains("stroke-dasharray:2"))
    }

    @Test func aFilledShapeOutlinedTooHasBoth() throws {
        // iOS 17's `.fill(…).stroke(…)` (a checkbox's circle).
        let box = ViewHost(Circle().fill(.blue.opacity(0.01)).stroke(.red, lineWidth: 2)).html
        #expect(box.contains("border:2px solid var(\(StyleVariable.red))") && box.contains("background:"), "\(box)")
        let drawn = ViewHost(Triangle().fill(.orange).stroke(.black, style: StrokeStyle(lineWidth: 3, dash: [4]))).html
        #expect(drawn.contains("fill:var(\(StyleVariable.orange));stroke:"), "\(drawn)")
        let list = ViewHost(
            List {
                Text("A"); Text("B")
            }.listRowSpacing(8)
        ).html
        #expect(list.contains("--jw-row-spacing:8px"))
    }

    @Test func masksCutAndFade() {
        let circle = ViewHost(Image(systemName: "person").mask { Circle() }).html
        #expect(circle.contains("border-radius:50%;overflow:hidden"), "\(circle)")
        let triangle = ViewHost(Color.blue.mask(Triangle())).html
        #expect(triangle.contains("mask:url(&quot;data:image/svg+xml,"))
        let fade = ViewHost(
            Text("Boarding").mask(LinearGradient(colors: [.black, .clear], startPoint: .top, endPoint: .bottom))
        ).html
        #expect(fade.contains("mask-image:linear-gradient("), "\(fade)")
        let ring = ViewHost(Color.red.mask(Circle().stroke(lineWidth: 4))).html
        #expect(ring.contains("stroke-width"), "an outline masks by its line")
        let other = ViewHost(Color.red.mask { Text("A") }).html
        #expect(other.contains("overflow:hidden"), "other views: the view's box")
    }

    @Test func pathsDrawWhereTheirPointsAre() {
        let html = ViewHost(Path { $0.addLines([CGPoint(x: 0, y: 0), CGPoint(x: 30, y: 10)]) }.stroke(.red, lineWidth: 3)).html
        #expect(html.contains("d=\"M0 0L30 10\"") && !html.contains("viewBox") && !html.contains(StyleClass.geometry))
    }

    @Test func clipShapesByTheirShortNames() {
        #expect(ViewHost(Color.red.clipShape(.rect(cornerRadius: 8))).html.contains("border-radius:8px"))
        #expect(ViewHost(Color.red.clipShape(.capsule)).html.contains("border-radius:9999px"))
        #expect(ViewHost(Color.red.clipShape(Triangle())).html.contains("mask:url("))
        #expect(ViewHost(Rectangle().foregroundColor(.red)).html.contains("background:currentColor"), "filled with the foreground")
    }

    @Test func aStrokedShapeScalesAndTurnsAsAShape() throws {
        // CircleBtnAnimationView-style: a stroked ring that grows from nothing.
        let ring = ViewHost(Rectangle().stroke(lineWidth: 4).scale(0.5).frame(width: 100, height: 100))
        try ring.resize(width: 100, height: 100)
        #expect(ring.html.contains("d=\"M25 25L75 25L75 75L25 75Z\""), "the outline drawn at half size about the centre: \(ring.html)")
        #expect(ring.html.contains("stroke-width:2"), "and its line with it: \(ring.html)")
        let shrunk = ViewHost(Rectangle().scale(x: 0.5, y: 1, anchor: .leading).fill(Color.red).frame(width: 100, height: 50))
        try shrunk.resize(width: 100, height: 50)
        #expect(shrunk.html.contains("d=\"M0 0L50 0L50 50L0 50Z\""), "\(shrunk.html)")
        let turned = ViewHost(Rectangle().rotation(.degrees(90)).frame(width: 100, height: 100))
        try turned.resize(width: 100, height: 100)
        #expect(turned.html.contains("d=\"M100 0L100 100L0 100L0 0Z\""), "a quarter turn about the centre: \(turned.html)")
        let none = ViewHost(Circle().stroke(lineWidth: 5).scale(0).opacity(1).animation(.none)).html
        #expect(none.contains("<svg"))
    }

    @Test func theEnvironmentsFontSetsTheTextInside() {
        let page = ViewHost(Text("Welcome").environment(\.font, .custom("Poppins-Regular", size: 14))).html
        #expect(page.contains("Poppins-Regular") && page.contains("14px"), "\(page)")
        #expect(EnvironmentValues().font == nil)
    }
}
