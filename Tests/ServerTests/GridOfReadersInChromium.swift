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

private struct TileView: View {
    let tile: Tile
    var body: some View {
        GeometryReader { geometry in
            VStack {
                Spacer()
                ForEach(0..<tile.count, id: \.self) { _ in
                    Capsule().stroke(lineWidth: 2).frame(height: geometry.size.height / 4)
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
    @State private var tiles = (0..<12).map { Tile(id: $0, count: $0 % 3 + 1) }
    var body: some View {
        VStack {
            Text("Table")
            FitGrid(items: tiles) { tile in TileView(tile: tile).padding(4) }
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
        func aShuffledGridOfReadersSettles() async throws {
            let server = try TestServer(app: JetwayApp(title: "Table", routes: [Route("/") { _ in Table() }]))
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
                try await browser.screenshot("grid-of-readers")
                #expect(await browser.wait(for: "return document.documentElement.classList.contains('jw-connected')"))
                #expect(abs(after - before) < 2, "the grid's reader grew from \(before) to \(after)")
            }
        }
    }
}
