import Foundation
import Jetway
import JetwayBrowser
import JetwayRoutes
import Testing

@testable import JetwayServer

/// An outlined title drawn through a label's attributed text.
private struct Title: UIViewRepresentable {
    func makeUIView(context: Context) -> UILabel { UILabel() }
    func updateUIView(_ uiView: UILabel, context: Context) {
        uiView.attributedText = NSAttributedString(string: "SNAKE", attributes: [.foregroundColor: UIColor.systemRed, .kern: 4.0])
    }
}

/// A notes screen with a customizable toolbar, as an iOS 17 app writes one.
private struct NotesScreen: View {
    @State private var saves = 0
    var body: some View {
        NavigationStack {
            VStack {
                Title()
                Text("Saved \(saves)")
            }
            .navigationTitle("Notes")
            .toolbar(id: "notes") {
                ToolbarItem(id: "save", placement: .topBarTrailing) { Button("Save") { saves += 1 } }
                ToolbarItem(id: "share", placement: .topBarTrailing, showsByDefault: false) { Button("Share") {} }
            }
        }
    }
}

extension EndToEnd {
    @Suite(.enabled(if: BrowserEngine.chromium.shouldRun, "needs chromium-driver (make test installs it)"))
    @MainActor
    struct UIKitNamesInChromium {
        @Test func aCustomizableToolbarAndAnAttributedLabel() async throws {
            let server = try TestServer(app: JetwayApp(title: "Notes", routes: [Route("/notes") { _ in NotesScreen() }]))
            defer { server.stop() }
            try await withBrowsers(1) { browsers in
                let browser = browsers[0]
                try await browser.navigate(server.base + "/notes")
                #expect(await browser.wait(for: "return document.documentElement.classList.contains('jw-connected')"))
                #expect(
                    try await browser.execute("return [...document.querySelectorAll('button')].some(b => b.textContent === 'Share')")
                        as? Bool == false)
                try await browser.click("button", labelled: "Save")
                #expect(await browser.wait(for: "return document.body.textContent.includes('Saved 1')"), "the toolbar's item acts")
                let run = try await browser.string(
                    "const s = [...document.querySelectorAll('span')].filter(e => e.textContent === 'SNAKE').pop(); return s ? getComputedStyle(s).letterSpacing : 'none'"
                )
                #expect(run == "4px", "the run's letter spacing: \(run)")
                try await browser.screenshot("uikit-names-notes")
            }
        }
    }
}
