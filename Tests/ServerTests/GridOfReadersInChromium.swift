import Foundation
import Jetway
import JetwayBrowser
import Testing

@testable import JetwayServer

// A grid of cards sized by a GeometryReader (the CS193p `AspectVGrid`), each card drawing its
// shapes at heights from its own reader, shuffled with a spring: the readers' sizes settle, the
// page stays live and within its event budget.

private struct Tile: Identifiable {
    let id: Int
    let count: Int
}

private struct FitGrid<Content: View>: View {
    let items: [Tile]
    let content: (Tile) -> Content
    var body: some View {
        GeometryReader { geometry in
            let width = Self.width(count: items.count, size: geometry.size)
            LazyVGrid(columns: [GridItem(.adaptive(minimum: width), spacing: 0)], spacing: 0) {
                ForEach(items) { item in content(item).aspectRatio(2 / 3, contentMode: .fit) }
            }
        }
    }

    static func width(count: Int, size: CGSize) -> CGFloat {
        var columns = 1.0
        repeat {
            let width = size.width / columns
            if (Double(count) / columns).rounded(.up) * width / (2 / 3) < size.height { return (size.width / columns).rounded(.down) }
            columns += 1
        } while columns < Double(count)
        return min(size.width / Double(count), size.height * 2 / 3).rounded(.down)
    }
}

/// A diamond of the card game's, drawn in its rectangle.
private struct Rhombus: Shape {
    func path(in rect: CGRect) -> Path {
        var path = Path()
        path.move(to: CGPoint(x: rect.midX, y: rect.minY))
        path.addLine(to: CGPoint(x: rect.maxX, y: rect.midY))
        path.addLine(to: CGPoint(x: rect.midX, y: rect.maxY))
        path.addLine(to: CGPoint(x: rect.minX, y: rect.midY))
        path.closeSubpath()
        return path
    }
}

private struct TileView: View {
    let tile: Tile
    let drawn: Bool
    var body: some View {
        GeometryReader { geometry in
            VStack {
                Spacer()
                ForEach(0..<tile.count, id: \.self) { _ in
                    if drawn {
                        Rhombus().stroke(lineWidth: 2).frame(height: geometry.size.height / 4)
                    } else {
                        Capsule().stroke(lineWidth: 2).frame(height: geometry.size.height / 4)
                    }
                }
                Spacer()
            }
        }
        .padding(5)
        .aspectRatio(2 / 3, contentMode: .fit)
        .background(RoundedRectangle(cornerRadius: 8).fill(.white))
    }
}

private struct Table: View {
    let drawn: Bool
    @State private var tiles = (0..<12).map { Tile(id: $0, count: $0 % 3 + 1) }
    var body: some View {
        VStack {
            Text("Table")
            FitGrid(items: tiles) { tile in TileView(tile: tile, drawn: drawn).padding(4) }
            Button("Shuffle") { withAnimation(.interactiveSpring(response: 1, dampingFraction: 0.8)) { tiles.shuffle() } }
        }
        .padding()
        .background(Color.green)
    }
}

extension EndToEnd {
    @Suite
    @MainActor
    struct GridOfReadersInChromium {
        @Test(.enabled(if: BrowserEngine.chromium.shouldRun, "needs chromium-driver (make test installs it)"))
        func aShuffledGridOfReadersSettles() async throws { try await shuffle(drawn: false) }

        /// SetGame's tour, reduced: cards whose shapes are an app's own `Shape` (each drawn in a
        /// reader of its own: 37 readers on the page). After a spring-animated shuffle every
        /// reader reports its size in the same frame; sent one event each, they overran the
        /// page's event budget and the server closed it. A frame's sizes now go as one `sizes`
        /// message (docs/protocol.md).
        @Test(.enabled(if: BrowserEngine.chromium.shouldRun, "needs chromium-driver (make test installs it)"))
        func aShuffledGridOfDrawnShapesStaysWithinItsEventBudget() async throws { try await shuffle(drawn: true) }

        func shuffle(drawn: Bool) async throws {
            let server = try TestServer(app: JetwayApp(title: "Table", routes: [Route("/") { _ in Table(drawn: drawn) }]))
            defer { server.stop() }
            try await withBrowsers(1, .chromium) { browsers in
                let browser = browsers[0]
                try await browser.navigate(server.base + "/")
                #expect(await browser.wait(for: "return document.documentElement.classList.contains('jw-connected')"))
                try await Task.sleep(for: .seconds(1))
                let height = "document.querySelector('[data-geometry]').getBoundingClientRect().height"
                let before = try await browser.execute("return \(height)") as? Double ?? 0
                try await browser.click("button", labelled: "Shuffle")
                try await Task.sleep(for: .seconds(2))
                let after = try await browser.execute("return \(height)") as? Double ?? 0
                let errors = try await browser.execute("return window.jetway.errors + ' ' + window.jetway.lastError") as? String ?? ""
                try await browser.screenshot("grid-of-readers\(drawn ? "-drawn" : "")")
                #expect(await browser.wait(for: "return document.documentElement.classList.contains('jw-connected')"))
                #expect(errors.hasPrefix("0 "), "the page was refused: \(errors)")
                #expect(abs(after - before) < 2, "the grid's reader grew from \(before) to \(after)")
            }
        }
    }
}
