import Foundation
import Jetway
import JetwayBrowser
import JetwayServer
import JetwayTesting
import Testing

/// A page with what the browser's HTML parser treats specially: a form, a menu picker (a
/// `select` of `option`s), a link whose label holds another link, a disclosure group, and rows a
/// button inserts.
private struct TrickyPage: View {
    @State private var choice = 0
    @State private var on = false
    @State private var rows = 2
    @State private var taps = 0
    var body: some View {
        NavigationStack {
            VStack {
                Form {
                    Picker("Choice", selection: $choice) {
                        ForEach(0..<3, id: \.self) { Text("Option \($0)").tag($0) }
                    }
                    .pickerStyle(.menu)
                    Toggle("On", isOn: $on)
                }
                NavigationLink {
                    Text("Pushed")
                } label: {
                    VStack {
                        Text("Outer link")
                        Link("Inner link", destination: URL(string: "/elsewhere")!)
                    }
                }
                DisclosureGroup("More") { Text("Inside") }
                ForEach(0..<rows, id: \.self) { row in
                    HStack {
                        Text("Row \(row)")
                        Button("Tap \(row)") { taps += 1 }
                    }
                }
                Button("Add rows") { rows += 3 }
                Text("Taps: \(taps)")
            }
        }
    }
}

extension EndToEnd {
    /// Elements written without ids get the ids the server gave them, in every engine's parser:
    /// the runtime's numbering of the served page equals the model DOM's, and events on elements
    /// inserted later reach their handlers.
    @Suite @MainActor
    struct ImplicitIDsInBrowsers {
        @Test(.enabled(if: BrowserEngine.chromium.shouldRun, "needs chromium-driver (make test installs it)"))
        func chromium() async throws { try await numbersAsTheServer(.chromium) }

        @Test(.enabled(if: BrowserEngine.firefox.shouldRun, "needs firefox-esr (make test installs it)"))
        func firefox() async throws { try await numbersAsTheServer(.firefox) }

        @Test(.enabled(if: BrowserEngine.webkit.shouldRun, "needs webkit2gtk-driver and xvfb (make test installs them)"))
        func webkit() async throws { try await numbersAsTheServer(.webkit) }

        func numbersAsTheServer(_ engine: BrowserEngine) async throws {
            let server = try TestServer(app: JetwayApp(title: "Tricky", routes: [Route("/tricky") { _ in TrickyPage() }]))
            defer { server.stop() }
            // What the server means: its page, numbered as the model DOM numbers it.
            let page = try await server.get("/tricky").body
            let start = try #require(page.range(of: "<div class=\"jw-root\"")?.lowerBound ?? page.range(of: "jw-root")?.lowerBound)
            let end = try #require(page.range(of: "<div class=\"jw-banner\"")?.lowerBound)
            let model = try HTMLParser.parseElement(String(page[start..<end]))
            let expected = model.descendants.map { "\($0.tag ?? "?")#\($0.attribute("data-j") ?? "")" }
            #expect(expected.count > 30)
            // A link inside a link's label is a link by role, not a nested <a> the parser splits.
            #expect(page.contains("<span class=\"jw-link\" role=\"link\" tabindex=\"0\" data-href=\"/elsewhere\">"), "\(page)")
            try await withBrowsers(1, engine) { browsers in
                let browser = browsers[0]
                try await browser.navigate(server.base + "/tricky")
                #expect(await browser.wait(for: "return document.documentElement.classList.contains('jw-connected')"))
                let seen = try await browser.string(
                    """
                    const root = document.querySelector('.jw-root');
                    return JSON.stringify([root, ...root.querySelectorAll('*')].map((el) => el.tagName.toLowerCase() + '#' + (el.getAttribute('data-j') || '')))
                    """)
                let seenList = try JSONDecoder().decode([String].self, from: Data(seen.utf8))
                #expect(seenList == expected, "\(engine): the browser's ids differ from the server's")
                // Rows inserted by a patch are numbered too: their buttons reach their handlers.
                try await browser.click("button", labelled: "Add rows")
                #expect(await browser.wait(for: "return document.body.textContent.includes('Row 4')"))
                try await browser.click("button", labelled: "Tap 4")
                #expect(await browser.wait(for: "return document.body.textContent.includes('Taps: 1')"), "\(engine): an inserted button")
                try await browser.click("button", labelled: "Tap 0")
                #expect(await browser.wait(for: "return document.body.textContent.includes('Taps: 2')"))
                #expect(try await browser.execute("return window.jetway.errors") as? Int == 0)
                // The inner link is followed, not the outer one.
                try await browser.click("span.jw-link[data-href]")
                #expect(await browser.wait(for: "return location.pathname === '/elsewhere'"), "\(engine): the inner link was not followed")
            }
        }
    }
}
