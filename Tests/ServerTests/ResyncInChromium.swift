import Foundation
import Jetway
import JetwayBrowser
import JetwayServer
import Testing

private struct NotesPage: View {
    @State private var note = ""
    @State private var showing = false
    @State private var count = 0
    var body: some View {
        VStack {
            TextField("Note", text: $note)
            Text("Note: \(note)")
            Button("Count \(count)") { count += 1 }
            ScrollView {
                VStack { ForEach(0..<80, id: \.self) { Text("Line \($0)") } }
            }
            .frame(height: 200)
            Button("Open sheet") { showing = true }
        }
        .sheet(isPresented: $showing) {
            VStack {
                Text("The sheet")
                Button("Close") { showing = false }
            }
        }
    }
}

extension EndToEnd {
    /// A resync (the whole page sent again) is morphed into the page: the focused field, its
    /// caret, a scrolled box and an open sheet are the same elements afterwards, untouched.
    @Suite(.enabled(if: BrowserEngine.chromium.shouldRun, "needs chromium-driver (make test installs it)"))
    @MainActor
    struct ResyncInChromium {
        @Test func aResyncKeepsFocusCaretScrollAndTheOpenSheet() async throws {
            let server = try TestServer(app: JetwayApp(title: "Notes", routes: [Route("/notes") { _ in NotesPage() }]))
            defer { server.stop() }
            try await withBrowsers(1) { browsers in
                let browser = browsers[0]
                try await browser.navigate(server.base + "/notes")
                #expect(await browser.wait(for: "return document.documentElement.classList.contains('jw-connected')"))
                try await browser.type("hello world", into: "input[aria-label='Note']")
                #expect(await browser.wait(for: "return document.body.textContent.includes('Note: hello world')"))
                try await browser.click("button", labelled: "Count 0")
                #expect(await browser.wait(for: "return document.body.textContent.includes('Count 1')"))
                _ = try await browser.execute(
                    """
                    const field = document.querySelector("input[aria-label='Note']");
                    field.focus(); field.setSelectionRange(5, 5); field.jwMark = 'kept';
                    const box = document.querySelector('.jw-scroll'); box.scrollTop = 300; box.jwMark = 'kept';
                    window.jetway.resync();
                    return true
                    """)
                #expect(await browser.wait(for: "return window.jetway.syncs === 1"), "no sync came")
                let after = try await browser.string(
                    """
                    const field = document.activeElement, box = document.querySelector('.jw-scroll');
                    return JSON.stringify({same: field.jwMark === 'kept', caret: field.selectionStart, value: field.value,
                      box: box.jwMark === 'kept', scroll: Math.round(box.scrollTop), text: document.body.textContent.includes('Count 1')})
                    """)
                #expect(
                    after == #"{"same":true,"caret":5,"value":"hello world","box":true,"scroll":300,"text":true}"#,
                    "after the resync: \(after)")

                try await browser.click("button", labelled: "Open sheet")
                #expect(await browser.wait(for: "return !!document.querySelector('dialog:modal')"))
                _ = try await browser.execute("document.querySelector('dialog').jwMark = 'kept'; window.jetway.resync(); return true")
                #expect(await browser.wait(for: "return window.jetway.syncs === 2"))
                #expect(
                    try await browser.execute(
                        "const d = document.querySelector('dialog'); return d.jwMark === 'kept' && d.matches(':modal')")
                        as? Bool == true, "the open sheet did not survive the resync")
                try await browser.click("dialog button", labelled: "Close")
                #expect(await browser.wait(for: "return !document.querySelector('dialog')"))
                #expect(try await browser.execute("return window.jetway.errors") as? Int == 0)
            }
        }
    }
}
