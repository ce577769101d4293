import Foundation
import Jetway
import JetwayBrowser
import JetwayServer
import Testing

@Observable @MainActor
private final class Boarding {
    var covered = 0
    var confirmed = 0
    var rebooked = 0
}

private struct BoardingPage: View {
    let boarding: Boarding
    @State private var showingCover = false
    @State private var confirming = false
    @State private var showingHalf = false

    var body: some View {
        VStack {
            Button("Full screen pass") { showingCover = true }
            Button("Rebook") { confirming = true }
            Button("Half sheet") { showingHalf = true }
            Text("Covers \(boarding.covered), confirmed \(boarding.confirmed), rebooked \(boarding.rebooked)")
        }
        .fullScreenCover(isPresented: $showingCover, onDismiss: { boarding.covered += 1 }) {
            CoverContent()
        }
        .confirmationDialog("Rebook the flight?", isPresented: $confirming, titleVisibility: .visible) {
            Button("Rebook to MA 114") { boarding.rebooked += 1 }
            Button("Keep MA 107", role: .cancel) { boarding.confirmed += 1 }
        }
        .sheet(isPresented: $showingHalf) {
            Text("Half a screen").presentationDetents([.medium])
        }
    }
}

private struct CoverContent: View {
    @Environment(\.dismiss) private var dismiss
    var body: some View {
        VStack {
            Text("Boarding pass, seat 12A")
            Button("Done") { dismiss() }
        }
    }
}

extension EndToEnd {
    /// The presentations that share the sheet's machinery, in a real page: a full-screen cover
    /// fills the window and is modal; a confirmation dialog acts and closes, its cancel button
    /// and Escape dismiss it; a `.medium` detent is half the window's height.
    @Suite(.enabled(if: BrowserEngine.chromium.shouldRun, "needs chromium-driver (make test installs it)"))
    @MainActor
    struct PresentationsInChromium {
        @Test func coversConfirmationsAndDetentsBehave() async throws {
            let boarding = Boarding()
            let server = try TestServer(
                app: JetwayApp(title: "Boarding", routes: [Route("/boarding") { _ in BoardingPage(boarding: boarding) }]))
            defer { server.stop() }
            try await withBrowsers(1) { browsers in
                let browser = browsers[0]
                try await browser.navigate(server.base + "/boarding")
                #expect(await browser.wait(for: "return document.documentElement.classList.contains('jw-connected')"))

                try await browser.click("button", labelled: "Full screen pass")
                #expect(await browser.wait(for: "return !!document.querySelector('dialog:modal')"))
                let fills = try await browser.string(
                    "const r = document.querySelector('dialog').getBoundingClientRect(); return (Math.abs(r.width - innerWidth) < 2 && Math.abs(r.height - innerHeight) < 2) ? 'fills' : r.width + 'x' + r.height"
                )
                #expect(fills == "fills", "the cover does not fill the window: \(fills)")
                try await browser.screenshot("presentation-cover")
                try await browser.click("dialog button", labelled: "Done")
                #expect(
                    await browser.wait(for: "return !document.querySelector('dialog') && document.body.textContent.includes('Covers 1')"))

                try await browser.click("button", labelled: "Rebook")
                #expect(await browser.wait(for: "return !!document.querySelector('dialog[role=alertdialog]:modal')"))
                #expect(
                    try await browser.execute("return document.querySelector('dialog').textContent.includes('Rebook the flight?')") as? Bool
                        == true)
                try await browser.screenshot("presentation-confirmation")
                try await browser.click("dialog button", labelled: "Rebook to MA 114")
                #expect(
                    await browser.wait(for: "return !document.querySelector('dialog') && document.body.textContent.includes('rebooked 1')"))
                try await browser.click("button", labelled: "Rebook")
                #expect(await browser.wait(for: "return !!document.querySelector('dialog:modal')"))
                try await browser.press(Key.escape, in: "dialog button")
                #expect(await browser.wait(for: "return !document.querySelector('dialog')"))
                #expect(boarding.rebooked == 1 && boarding.confirmed == 0, "Escape acted")

                try await browser.click("button", labelled: "Half sheet")
                #expect(await browser.wait(for: "return !!document.querySelector('dialog:modal')"))
                let half = try await browser.string(
                    "const r = document.querySelector('dialog').getBoundingClientRect(); return Math.abs(r.height - innerHeight / 2) < 4 ? 'half' : r.height + ' of ' + innerHeight"
                )
                #expect(half == "half", "a .medium sheet is not half the window: \(half)")
                #expect(try await browser.execute("return window.jetway.errors") as? Int == 0)
            }
        }
    }
}
