import Foundation
import Jetway
import JetwayBrowser
import Testing

@testable import JetwayServer

// A canvas as a page shows it, in each engine: drawn into a <canvas> at the size the browser
// gives it (a bar a quarter of its width, its label in the middle), drawn again by a patch when
// its state changes; a gauge turned about its centre with a gradient arc, a clipped, blurred
// half-opaque layer and a symbol.

private struct Loading: View {
    @State private var done = 0.25
    var body: some View {
        VStack {
            Canvas { context, size in
                context.fill(
                    Path(roundedRect: CGRect(x: 0, y: 0, width: size.width * done, height: size.height), cornerRadius: 4),
                    with: .linearGradient(Gradient(colors: [.orange, .red]), startPoint: .zero, endPoint: CGPoint(x: size.width, y: 0)))
                context.draw(Text("\(Int(done * 100)) %").bold(), at: CGPoint(x: size.width / 2, y: size.height / 2))
            }
            .frame(width: 240, height: 30)
            Button("More") { done = 0.75 }
            Canvas { context, size in
                var context = context
                context.translateBy(x: size.width / 2, y: size.height / 2)
                context.rotate(by: .degrees(90))
                let arc = Path { path in
                    path.addArc(center: .zero, radius: 40, startAngle: .degrees(0), endAngle: .degrees(270), clockwise: false)
                }
                context.stroke(
                    arc,
                    with: .linearGradient(
                        Gradient(colors: [.green, .red]), startPoint: CGPoint(x: -40, y: 0), endPoint: CGPoint(x: 40, y: 0)),
                    style: StrokeStyle(lineWidth: 8, lineCap: .round))
                var inside = context
                inside.clip(to: Path(ellipseIn: CGRect(x: -20, y: -20, width: 40, height: 40)))
                inside.addFilter(.blur(radius: 4))
                inside.opacity = 0.5
                inside.drawLayer { layer in
                    layer.fill(
                        Path(CGRect(x: -30, y: -30, width: 60, height: 60)),
                        with: .radialGradient(Gradient(colors: [.white, .blue]), center: .zero, startRadius: 0, endRadius: 30))
                }
                context.draw(Image(systemName: "bolt.fill"), in: CGRect(x: -8, y: -8, width: 16, height: 16))
            }
            .frame(width: 100, height: 100)
            .foregroundStyle(.purple)
        }
        .padding()
    }
}

extension EndToEnd {
    @Suite
    @MainActor
    struct CanvasInBrowsers {
        @Test(.enabled(if: BrowserEngine.chromium.shouldRun, "needs chromium-driver (make test installs it)"))
        func canvasInChromium() async throws { try await check(.chromium) }

        @Test(.enabled(if: BrowserEngine.firefox.shouldRun, "needs firefox-esr (make test installs it)"))
        func canvasInFirefox() async throws { try await check(.firefox) }

        @Test(.enabled(if: BrowserEngine.webkit.shouldRun, "needs webkit2gtk-driver and xvfb (make test installs them)"))
        func canvasInWebKit() async throws { try await check(.webkit) }

        func check(_ engine: BrowserEngine) async throws {
            let server = try TestServer(app: JetwayApp(title: "Loading", routes: [Route("/") { _ in Loading() }]))
            defer { server.stop() }
            try await withBrowsers(1, engine) { browser in
                let browser = browser[0]
                try await browser.navigate(server.base + "/")
                #expect(await browser.wait(for: "return document.documentElement.classList.contains('jw-connected')"))
                // The canvas's pixels: how opaque a point is, and how many points of a box are drawn.
                _ = try await browser.execute(
                    """
                    window.jwAlpha = (index, fx, fy) => {
                      const c = document.querySelectorAll('canvas')[index], d = c.getContext('2d').getImageData(Math.floor(c.width * fx), Math.floor(c.height * fy), 1, 1).data;
                      return d[3];
                    };
                    window.jwPixel = (index, fx, fy) => {
                      const c = document.querySelectorAll('canvas')[index];
                      return Array.from(c.getContext('2d').getImageData(Math.floor(c.width * fx), Math.floor(c.height * fy), 1, 1).data).join(' ');
                    };
                    window.jwInked = (index, fx, fy, fw, fh) => {
                      const c = document.querySelectorAll('canvas')[index], d = c.getContext('2d').getImageData(Math.floor(c.width * fx), Math.floor(c.height * fy), Math.max(1, Math.floor(c.width * fw)), Math.max(1, Math.floor(c.height * fh))).data;
                      let n = 0; for (let i = 3; i < d.length; i += 4) if (d[i] > 0) n++; return n;
                    };
                    return true
                    """)
                // Drawn at the screen's density, at the size it has.
                #expect(
                    await browser.wait(
                        for:
                            "const c = document.querySelector('canvas'); return c.width === Math.round(240 * devicePixelRatio) && c.height === Math.round(30 * devicePixelRatio)"
                    ), "\(engine): the canvas is not drawn at its size")
                #expect(
                    await browser.wait(for: "return jwAlpha(0, 0.2, 0.1) > 200 && jwAlpha(0, 0.4, 0.1) === 0"),
                    "\(engine): the bar is not a quarter of 240 px")
                #expect(await browser.wait(for: "return jwInked(0, 0.45, 0.2, 0.1, 0.6) > 10"), "\(engine): the label is not drawn")
                #expect(try await browser.string("return document.querySelector('canvas').getAttribute('aria-label')") == "25 %")
                // The gauge: the arc's ends (green at the start, red at the end, turned a quarter),
                // the layer inside its clip (blurred, half opaque), the symbol in purple.
                #expect(await browser.wait(for: "return jwInked(1, 0, 0, 1, 1) > 500"), "\(engine): the gauge is not drawn")
                let start = try await browser.string("return jwPixel(1, 0.5, 0.9)")
                let middle = try await browser.string("return jwPixel(1, 0.5, 0.5)")
                #expect(await browser.wait(for: "return jwAlpha(1, 0.5, 0.5) > 0"), "\(engine): no symbol in the middle")
                #expect(
                    try await browser.execute("return jwAlpha(1, 0.5, 0.28)") as? Int ?? 255 < 255,
                    "\(engine): the layer is not half opaque")
                #expect(try await browser.execute("return jwAlpha(1, 0.5, 0.22)") as? Int ?? 1 == 0, "\(engine): the layer is not clipped")
                try await browser.screenshot("canvas-\(engine)")
                try await browser.click("button", labelled: "More")
                #expect(await browser.wait(for: "return jwAlpha(0, 0.7, 0.1) > 200"), "\(engine): the bar did not grow to three quarters")
                #expect(await browser.wait(for: "return document.querySelector('canvas').getAttribute('aria-label') === '75 %'"))
                #expect(try await browser.execute("return window.jetway.errors") as? Int == 0)
                print("canvas \(engine): arc start \(start), middle \(middle)")
            }
        }
    }
}
