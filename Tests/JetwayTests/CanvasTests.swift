import Foundation
import JetwayTesting
import Testing

@testable import Jetway

// Canvases as apps draw them: a progress bar with its label, rain drawn in a loop, a gauge's
// gradient arc turned about its centre, a clipped and blurred layer.

private struct Progress: View {
    @State var done = 0.25
    var body: some View {
        VStack {
            Canvas { context, size in
                let bar = Path(roundedRect: CGRect(x: 0, y: 0, width: size.width * done, height: size.height), cornerRadius: 4)
                context.fill(bar, with: .color(.orange))
                context.stroke(Path(CGRect(origin: .zero, size: size)), with: .color(.gray), lineWidth: 1)
                context.draw(Text("\(Int(done * 100)) %").font(.caption).bold(), at: CGPoint(x: size.width / 2, y: size.height / 2))
            }
            .frame(height: 24)
            Button("More") { done = 0.75 }
        }
    }
}

private struct Gauge: View {
    var body: some View {
        Canvas { context, size in
            var context = context
            context.translateBy(x: size.width / 2, y: size.height / 2)
            context.rotate(by: .degrees(90))
            let arc = Path { path in
                path.addArc(center: .zero, radius: 40, startAngle: .degrees(0), endAngle: .degrees(270), clockwise: false)
            }
            context.stroke(
                arc,
                with: .linearGradient(Gradient(colors: [.green, .red]), startPoint: CGPoint(x: -40, y: 0), endPoint: CGPoint(x: 40, y: 0)),
                style: StrokeStyle(lineWidth: 8, lineCap: .round))
            context.clip(to: Path(ellipseIn: CGRect(x: -20, y: -20, width: 40, height: 40)))
            context.addFilter(.blur(radius: 4))
            context.opacity = 0.5
            context.drawLayer { layer in
                layer.fill(
                    Path(CGRect(x: -30, y: -30, width: 60, height: 60)),
                    with: .radialGradient(Gradient(colors: [.white, .blue]), center: .zero, startRadius: 0, endRadius: 30))
            }
            context.draw(Image(systemName: "bolt.fill"), in: CGRect(x: -8, y: -8, width: 16, height: 16))
        }
    }
}

@MainActor
@Suite struct CanvasTests {
    /// The canvas's commands, one a line (`GraphicsContext.Recorder`).
    func commands(_ host: ViewHost) throws -> [String] {
        let canvas = try #require(host.dom.root.descendants.first { $0.tag == "canvas" })
        return (canvas.attribute(RuntimeContract.Attribute.drawing) ?? "").components(separatedBy: "\n")
    }

    @Test func aCanvasDrawsAtTheSizeThePageReportsAndAgainWhenItsStateChanges() throws {
        let host = ViewHost(Progress())
        try host.resize(width: 200, height: 24)
        var lines = try commands(host)
        #expect(lines.first == "V 200 24")
        let fill = try #require(lines.first { $0.hasPrefix("F ") })
        #expect(fill.contains("50") && fill.hasSuffix("|\(Color.orange.css)|"), "a quarter of 200, orange: \(fill)")
        let stroke = try #require(lines.first { $0.hasPrefix("S ") })
        #expect(stroke.contains("|\(Color.gray.css)|1 butt miter 10||0"), "\(stroke)")
        #expect(lines.contains("T 25 %25|100 12|center middle|normal 700 12px||currentColor"), "\(lines)")
        let canvas = try #require(host.dom.root.descendants.first { $0.tag == "canvas" })
        #expect(canvas.attribute("role") == "img" && canvas.attribute("aria-label") == "25 %")
        try host.tap("More")
        lines = try commands(host)
        #expect(lines.contains { $0.hasPrefix("T 75 %25|") })
        #expect(lines.first { $0.hasPrefix("F ") }?.contains("150") == true)
    }

    @Test func transformsGradientsClipsFiltersLayersAndSymbols() throws {
        let host = ViewHost(Gauge())
        try host.resize(width: 100, height: 100)
        let lines = try commands(host)
        // The gradient, defined before the stroke that paints with it, in the turned space.
        #expect(lines.contains("D l|-40 0 40 0|0|\(Color.green.css)|1|\(Color.red.css)"), "\(lines)")
        let turned = "0 1 -1 0 50 50"
        #expect(lines.contains("G \(turned)||||"), "\(lines)")
        #expect(lines.contains { $0.hasPrefix("S ") && $0.contains("|@0|8 round miter 10||0") })
        #expect(lines.contains { $0.hasPrefix("C \(turned)|") && $0.hasSuffix("||") }, "a clip in the turned space")
        #expect(lines.contains("R blur|4"))
        // The layer: drawn under the clip, the blur and half opacity, as one.
        let layer = try #require(lines.firstIndex(of: "L"))
        #expect(lines[layer - 1] == "G \(turned)|0.5||0|0")
        #expect(lines.dropFirst(layer + 1).contains { $0.hasPrefix("F ") && $0.contains("|@1|") })
        #expect(lines.contains("D r|0 0 0 30|0|\(Color.white.css)|1|\(Color.blue.css)"))
        let end = try #require(lines.firstIndex(of: "E"))
        #expect(end > layer)
        // The symbol: its picture's shape in the foreground colour.
        #expect(lines.dropFirst(end).contains { $0.hasPrefix("M /_jetway/symbols/") && $0.hasSuffix("|-8 -8 16 16|currentColor") })
    }

    @Test func aTextIsKeptWhateverItHoldsAndAnInverseClipSaysSo() throws {
        struct Odd: View {
            var body: some View {
                Canvas { context, size in
                    var context = context
                    context.clip(to: Path(CGRect(x: 10, y: 10, width: 20, height: 20)), options: .inverse)
                    context.draw(Text("a|b 100% \n c"), at: .zero)
                }
            }
        }
        let host = ViewHost(Odd())
        try host.resize(width: 40, height: 40)
        let lines = try commands(host)
        #expect(lines.contains { $0.hasPrefix("C |") && $0.hasSuffix("||i") }, "\(lines)")
        #expect(lines.contains { $0.hasPrefix("T a%7Cb 100%25 %0A c|0 0|center middle|") }, "\(lines)")
        #expect(lines.contains("G |||0|"))
    }
}
