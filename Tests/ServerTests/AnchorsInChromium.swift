import Foundation
import Jetway
import JetwayBrowser
import JetwayRoutes
import Testing

@testable import JetwayServer

/// A segmented control's indicator, as apps draw one: an anchor preference on each item and a
/// `GeometryReader` behind them that puts a capsule under the selected one.
private struct SelectionBoundsKey: PreferenceKey {
    static let defaultValue: Anchor<CGRect>? = nil
    static func reduce(value: inout Anchor<CGRect>?, nextValue: () -> Anchor<CGRect>?) { value = value ?? nextValue() }
}

private struct ModePicker: View {
    let modes = ["Classic", "Walls and portals"]
    @State private var selected = 0
    var body: some View {
        HStack(spacing: 24) {
            ForEach(modes.indices, id: \.self) { index in
                Button(modes[index]) { withAnimation { selected = index } }
                    .padding(.vertical, 6)
                    .anchorPreference(key: SelectionBoundsKey.self, value: .bounds) { selected == index ? $0 : nil }
            }
        }
        .padding()
        .backgroundPreferenceValue(SelectionBoundsKey.self) { bounds in
            if let bounds {
                GeometryReader { geometry in
                    let frame = geometry[bounds]
                    Capsule().fill(Color.yellow)
                        .frame(width: frame.width + 10, height: frame.height)
                        .offset(x: frame.minX - 5, y: frame.minY)
                        .accessibilityIdentifier("indicator")
                }
            }
        }
    }
}

extension EndToEnd {
    @Suite(.enabled(if: BrowserEngine.chromium.shouldRun, "needs chromium-driver (make test installs it)"))
    @MainActor
    struct AnchorsInChromium {
        @Test func theIndicatorSitsUnderTheSelectedItem() async throws {
            let server = try TestServer(app: JetwayApp(title: "Modes", routes: [Route("/modes") { _ in ModePicker() }]))
            defer { server.stop() }
            try await withBrowsers(1) { browsers in
                let driver = try #require(browsers[0] as? WebDriver)
                try await driver.navigate(server.base + "/modes")
                #expect(await driver.wait(for: "return document.documentElement.classList.contains('jw-connected')"))
                // The indicator's box against the button's: 5 px wider on each side, level with it.
                func lines(up label: String) -> String {
                    """
                    const button = Array.from(document.querySelectorAll('button')).find(b => b.textContent === '\(label)');
                    const indicator = document.querySelector('[data-testid=indicator]');
                    if (!button || !indicator) return false;
                    const b = button.getBoundingClientRect(), i = indicator.getBoundingClientRect();
                    return Math.abs(i.left - (b.left - 5)) < 2 && Math.abs(i.width - (b.width + 10)) < 2 && Math.abs(i.top - b.top) < 2;
                    """
                }
                #expect(await driver.wait(for: lines(up: "Classic")), "the indicator under the first item")
                try await driver.click("button", labelled: "Walls and portals")
                #expect(await driver.wait(for: lines(up: "Walls and portals")), "the indicator moved under the second")
                try await driver.screenshot("anchor-indicator")
            }
        }
    }
}
