import Foundation
import Jetway
import JetwayBrowser
import Testing

@testable import JetwayServer

// "Export Data" in a real page: the browser saves the document the server wrote (a blob link
// clicked with the file's name), once per export.

private struct Backup: Codable, FileDocument {
    static let readableContentTypes: [UTType] = [.json]
    var note: String
    init(note: String) { self.note = note }
    init(configuration: ReadConfiguration) throws {
        self = try JSONDecoder().decode(Backup.self, from: configuration.file.regularFileContents ?? Data())
    }
    func fileWrapper(configuration: WriteConfiguration) throws -> FileWrapper {
        FileWrapper(regularFileWithContents: try JSONEncoder().encode(self))
    }
}

private struct ExportScreen: View {
    @State private var exporting = false
    var body: some View {
        Button("Export Data") { exporting = true }
            .fileExporter(isPresented: $exporting, document: Backup(note: "Gate B12 — 10:40"), contentType: .json, defaultFilename: "Trip")
        {
            _ in
        }
    }
}

extension EndToEnd {
    @Suite(.enabled(if: BrowserEngine.chromium.shouldRun, "needs chromium-driver (make test installs it)"))
    @MainActor
    struct FileExportInChromium {
        @Test func theBrowserSavesTheDocument() async throws {
            let server = try TestServer(app: JetwayApp(title: "Export", routes: [Route("/") { _ in ExportScreen() }]))
            defer { server.stop() }
            try await withBrowsers(1, .chromium) { browsers in
                let browser = browsers[0]
                try await browser.navigate(server.base + "/")
                #expect(await browser.wait(for: "return document.documentElement.classList.contains('jw-connected')"))
                // Saving is a link clicked: the page records the links instead of downloading.
                _ = try await browser.execute(
                    "window.saved = []; HTMLAnchorElement.prototype.click = function () { if (this.download) window.saved.push([this.download, this.href]); };"
                        + "const made = URL.createObjectURL; URL.createObjectURL = (blob) => { window.blob = blob; return made(blob); }")
                try await browser.click("button", labelled: "Export Data")
                #expect(await browser.wait(for: "return window.saved.length === 1"), "nothing was saved")
                #expect(try await browser.execute("return window.saved[0][0]") as? String == "Trip.json")
                _ = try await browser.execute("window.blob.text().then((t) => window.text = t)")
                #expect(await browser.wait(for: "return typeof window.text === 'string'"), "the file could not be read")
                let text = try await browser.execute("return window.text") as? String
                #expect(text == #"{"note":"Gate B12 — 10:40"}"#, "the file's contents: \(String(describing: text))")
                try await browser.click("button", labelled: "Export Data")
                #expect(await browser.wait(for: "return window.saved.length === 2"), "a second export saves again")
            }
        }
    }
}
