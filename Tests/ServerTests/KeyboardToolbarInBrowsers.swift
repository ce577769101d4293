import Foundation
import Jetway
import JetwayBrowser
import Testing

@testable import JetwayServer

// A form as apps write it for the on-screen keyboard: a Done button in the keyboard's toolbar
// that takes the focus away, and a list that dismisses the keyboard when scrolled — in each
// engine.

private struct WeightForm: View {
    @State private var weight = ""
    @State private var done = 0
    @FocusState private var focused: Bool

    var body: some View {
        NavigationStack {
            ScrollView {
                VStack {
                    TextField("Weight", text: $weight).focused($focused)
                    ForEach(0..<40, id: \.self) { Text("Set \($0)").frame(height: 40) }
                }
            }
            .scrollDismissesKeyboard(.interactively)
            .toolbar {
                ToolbarItemGroup(placement: .keyboard) {
                    Spacer()
                    Button("Done") {
                        focused = false
                        done += 1
                    }
                }
            }
            .navigationTitle("Done \(done)")
        }
    }
}

extension EndToEnd {
    @Suite
    @MainActor
    struct KeyboardToolbarInBrowsers {
        @Test(.enabled(if: BrowserEngine.chromium.shouldRun, "needs chromium-driver (make test installs it)"))
        func keyboardToolbarInChromium() async throws { try await type(.chromium) }

        @Test(.enabled(if: BrowserEngine.firefox.shouldRun, "needs firefox-esr (make test installs it)"))
        func keyboardToolbarInFirefox() async throws { try await type(.firefox) }

        @Test(.enabled(if: BrowserEngine.webkit.shouldRun, "needs webkit2gtk-driver and xvfb (make test installs them)"))
        func keyboardToolbarInWebKit() async throws { try await type(.webkit) }

        func type(_ engine: BrowserEngine) async throws {
            let server = try TestServer(app: JetwayApp(title: "Workout", routes: [Route("/") { _ in WeightForm() }]))
            defer { server.stop() }
            try await withBrowsers(1, engine) { browsers in
                let browser = browsers[0]
                try await browser.navigate(server.base + "/")
                #expect(await browser.wait(for: "return document.documentElement.classList.contains('jw-connected')"))
                let bar = "getComputedStyle(document.querySelector('[data-placement=keyboard]')).display"
                #expect(try await browser.execute("return \(bar)") as? String == "none", "\(engine): the bar shows with no field focused")
                try await browser.type("80", into: "input[placeholder='Weight']")
                _ = try await browser.execute("document.querySelector(\"input[placeholder='Weight']\").focus()")
                let shown = await browser.wait(for: "return \(bar) === 'flex'")
                let state = try await browser.execute(
                    "return document.documentElement.className + ' / ' + (document.activeElement && document.activeElement.tagName) + ' / ' + \(bar)"
                )
                #expect(shown, "\(engine): the keyboard's bar did not show: \(String(describing: state))")
                try await browser.screenshot("keyboard-toolbar-\(engine)")
                try await browser.click("button", labelled: "Done")
                #expect(await browser.wait(for: "return document.body.textContent.includes('Done 1')"), "\(engine): Done was not pressed")
                #expect(await browser.wait(for: "return document.activeElement.tagName !== 'INPUT' && \(bar) === 'none'"), "\(engine)")
                // Scrolling the list takes the focus out of the field.
                _ = try await browser.execute("document.querySelector(\"input[placeholder='Weight']\").focus()")
                #expect(await browser.wait(for: "return document.activeElement.tagName === 'INPUT'"))
                _ = try await browser.execute(
                    "const s = document.querySelector('[data-jw-dismisses-keyboard]'); s.scrollTop = 200; s.dispatchEvent(new Event('scroll'))"
                )
                #expect(
                    await browser.wait(for: "return document.activeElement.tagName !== 'INPUT'"), "\(engine): scrolling kept the keyboard")
            }
        }
    }
}
