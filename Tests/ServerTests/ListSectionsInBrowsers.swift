import Foundation
import Jetway
import JetwayBrowser
import JetwayServer
import Testing

private struct RoomList: View {
    var body: some View {
        NavigationStack {
            List {
                Section("Main hall") {
                    ForEach(["Ember", "Fjord"], id: \.self) { room in
                        NavigationLink(room) { Text("Room \(room)") }
                    }
                }
                Section {
                    Text("Ember")
                    Text("Hall")
                } footer: {
                    Text("Rooms close at ten")
                }
            }
            .listStyle(.insetGrouped)
            .navigationTitle("Rooms")
        }
    }
}

extension EndToEnd {
    /// A list with sections, laid out in every engine: each view a row of its own, one under
    /// the other, a link's row with its chevron, the section's rows in one rounded group.
    @Suite @MainActor
    struct ListSectionsInBrowsers {
        @Test(.enabled(if: BrowserEngine.chromium.shouldRun, "needs chromium-driver (make test installs it)"))
        func chromium() async throws { try await rowsAreRows(.chromium) }

        @Test(.enabled(if: BrowserEngine.firefox.shouldRun, "needs firefox-esr (make test installs it)"))
        func firefox() async throws { try await rowsAreRows(.firefox) }

        @Test(.enabled(if: BrowserEngine.webkit.shouldRun, "needs webkit2gtk-driver and xvfb (make test installs them)"))
        func webkit() async throws { try await rowsAreRows(.webkit) }

        func rowsAreRows(_ engine: BrowserEngine) async throws {
            let server = try TestServer(app: JetwayApp(title: "Rooms", routes: [Route("/rooms") { _ in RoomList() }]))
            defer { server.stop() }
            try await withBrowsers(1, engine) { browsers in
                let browser = browsers[0]
                if let driver = browser as? WebDriver { try await driver.resizeWindow(width: 420, height: 800) }
                try await browser.navigate(server.base + "/rooms")
                #expect(await browser.wait(for: "return document.documentElement.classList.contains('jw-connected')"))
                let measured = try await browser.string(
                    """
                    const rows = [...document.querySelectorAll('.jw-list-row')].map((row) => {
                      const box = row.getBoundingClientRect();
                      const link = row.querySelector(':scope > .jw-navlink');
                      return { text: row.textContent, top: box.top, bottom: box.bottom, left: box.left, width: box.width,
                               chevron: link ? getComputedStyle(link, '::after').content : null };
                    });
                    const group = document.querySelector('.jw-section-rows');
                    return JSON.stringify({ rows, radius: getComputedStyle(group).borderTopLeftRadius });
                    """)
                struct Row: Decodable {
                    let text: String
                    let top, bottom, left, width: Double
                    let chevron: String?
                }
                struct Layout: Decodable {
                    let rows: [Row]
                    let radius: String
                }
                let layout = try JSONDecoder().decode(Layout.self, from: Data(measured.utf8))
                #expect(layout.rows.map(\.text) == ["Ember", "Fjord", "Ember", "Hall"], "\(engine): \(layout.rows.map(\.text))")
                for (upper, lower) in zip(layout.rows, layout.rows.dropFirst()) {
                    #expect(lower.top >= upper.bottom - 0.5, "\(engine): “\(lower.text)” is not below “\(upper.text)”")
                    #expect(abs(lower.left - upper.left) < 0.5 && abs(lower.width - upper.width) < 0.5, "\(engine): rows not aligned")
                }
                #expect(layout.rows.allSatisfy { $0.bottom - $0.top >= 40 }, "\(engine): rows shorter than a row")
                #expect(layout.rows.prefix(2).allSatisfy { $0.chevron == "\"›\"" }, "\(engine): \(layout.rows.map { $0.chevron ?? "-" })")
                #expect(layout.radius != "0px", "\(engine): the inset group is not rounded")
                if engine == .chromium { try await browser.screenshot("list-sections-phone") }
            }
        }
    }
}
