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
    @Test func aCanvasDrawsAtTheSizeThePageReportsAndAgainWhenItsStateChanges() throws {
        let host = ViewHost(Progress())
        try host.resize(width: 200, height: 24)
        let svg = try #require(host.dom.root.descendants.first { $0.tag == "svg" && $0.attribute("viewBox") == "0 0 200 24" })
        let paths = svg.descendants.filter { $0.tag == "path" }
        #expect(paths.count == 2)
        #expect(paths[0].attribute("d")?.contains("50") == true, "a quarter of 200: \(paths[0].attribute("d") ?? "")")
        #expect(paths[0].attribute("style") == "fill:\(Color.orange.css);stroke:none")
        #expect(paths[1].attribute("style")?.hasPrefix("fill:none;stroke:\(Color.gray.css);") == true)
        let label = try #require(svg.descendants.first { $0.tag == "text" })
        #expect(label.textContent == "25 %" && label.attribute("x") == "100" && label.attribute("y") == "12")
        #expect(label.attribute("text-anchor") == "middle" && label.attribute("style")?.contains("font-size:12px") == true)
        #expect(label.attribute("style")?.contains("font-weight:700") == true)
        try host.tap("More")
        #expect(host.dom.root.descendants.contains { $0.tag == "text" && $0.textContent == "75 %" })
        #expect(host.dom.root.descendants.first { $0.tag == "path" }?.attribute("d")?.contains("150") == true)
    }

    @Test func transformsGradientsClipsFiltersLayersAndSymbols() throws {
        let host = ViewHost(Gauge())
        try host.resize(width: 100, height: 100)
        let nodes = host.dom.root.descendants
        let arc = try #require(nodes.first { $0.tag == "path" && ($0.attribute("style") ?? "").contains("stroke:url(#") })
        #expect(arc.attribute("transform")?.hasPrefix("matrix(0 1 -1 0 50 50") == true, "\(arc.attribute("transform") ?? "")")
        #expect(
            arc.attribute("style")?.contains("stroke-width:8") == true && arc.attribute("style")?.contains("stroke-linecap:round") == true)
        let gradient = try #require(nodes.first { ($0.tag ?? "").lowercased() == "lineargradient" })
        #expect(gradient.attribute("x1") == "-40" && gradient.children.count == 2)
        #expect(
            nodes.contains { ($0.tag ?? "").lowercased() == "clippath" }
                && nodes.contains { ($0.tag ?? "").lowercased() == "fegaussianblur" })
        let layer = try #require(nodes.first { ($0.attribute("style") ?? "") == "opacity:0.5" })
        #expect(layer.descendants.contains { ($0.attribute("style") ?? "").contains("fill:url(#") })
        #expect(nodes.contains { ($0.tag ?? "").lowercased() == "radialgradient" && $0.attribute("r") == "30" })
        #expect(
            nodes.contains { $0.tag == "rect" && $0.attribute("fill") == "currentColor" && ($0.attribute("mask") ?? "").hasPrefix("url(#") }
        )
    }
}
