import Foundation
import Jetway
import JetwayBrowser
import JetwayServer
import Testing

/// A page driven through its host, as a flow coordinator would.
private struct HostedPage: View {
    @Environment(\.pageHost) private var host
    var body: some View {
        NavigationStack {
            VStack {
                Text("Root view")
                Button("Present Sheet") {
                    host?.present(
                        VStack {
                            Text("Detail view content")
                            Button("Dismiss") { host?.dismiss() }
                        })
                }
                Button("Retitle") { host?.title = "Flow" }
                Button("Open awards") { host?.open(URL(string: "/awards")!) }
            }
            .navigationTitle("Root")
        }
    }
}

extension EndToEnd {
    @Suite(.enabled(if: BrowserEngine.chromium.shouldRun, "needs chromium-driver (make test installs it)"))
    @MainActor
    struct PageHostInChromium {
        @Test func theHostPresentsRetitlesAndOpens() async throws {
            let app = JetwayApp(
                title: "Flow",
                routes: [Route("/flow") { _ in HostedPage() }, Route("/awards") { _ in Text("Awards page") }])
            let server = try TestServer(app: app)
            defer { server.stop() }
            try await withBrowsers(1) { browsers in
                let browser = browsers[0]
                try await browser.navigate(server.base + "/flow")
                #expect(await browser.wait(for: "return document.documentElement.classList.contains('jw-connected')"))
                try await browser.click("button", labelled: "Present Sheet")
                #expect(
                    await browser.wait(
                        for:
                            "return !!document.querySelector('dialog:modal') && document.querySelector('dialog').textContent.includes('Detail view content')"
                    ))
                try await browser.click("dialog button", labelled: "Dismiss")
                #expect(await browser.wait(for: "return !document.querySelector('dialog')"), "the host's dismiss did not close the sheet")
                // Escape closes it too, through the host.
                try await browser.click("button", labelled: "Present Sheet")
                #expect(await browser.wait(for: "return !!document.querySelector('dialog:modal')"))
                _ = try await browser.execute(
                    "document.querySelector('dialog').dispatchEvent(new Event('cancel', { cancelable: true })); return true")
                #expect(await browser.wait(for: "return !document.querySelector('dialog')"), "Escape did not close the host's sheet")
                try await browser.click("button", labelled: "Retitle")
                #expect(await browser.wait(for: "return document.title === 'Flow'"), "the title did not follow the host")
                try await browser.click("button", labelled: "Open awards")
                #expect(
                    await browser.wait(for: "return location.pathname === '/awards' && document.body.textContent.includes('Awards page')"))
            }
        }
    }
}
