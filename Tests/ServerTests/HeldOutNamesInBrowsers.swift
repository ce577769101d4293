import Foundation
import Jetway
import JetwayBrowser
import Testing

@testable import JetwayServer

// Names held-out apps stopped on, used in each engine as their apps use them: menus in the
// button, borderless and an app's own style, a UIKit search bar wrapped for SwiftUI (its
// delegate hears typing, Return and Cancel), a counter whose digits roll
// (`.contentTransition(.numericText())`), a tiled picture, a faded material, a custom font scaled
// with a text style, and a navigation bar without its background.

private struct SortRed: MenuStyle {
    func makeBody(configuration: Configuration) -> some View {
        Menu(configuration).foregroundStyle(.red)
    }
}

private struct LiftSearchBar: UIViewRepresentable {
    @Binding var text: String
    @Binding var searched: Int

    final class Coordinator: NSObject, UISearchBarDelegate {
        @Binding var text: String
        @Binding var searched: Int
        init(text: Binding<String>, searched: Binding<Int>) {
            _text = text
            _searched = searched
        }
        func searchBar(_ searchBar: UISearchBar, textDidChange searchText: String) { text = searchText }
        func searchBarSearchButtonClicked(_ searchBar: UISearchBar) { searched += 1 }
        func searchBarCancelButtonClicked(_ searchBar: UISearchBar) {
            searchBar.text = ""
            text = ""
        }
    }

    func makeCoordinator() -> Coordinator { Coordinator(text: $text, searched: $searched) }

    func makeUIView(context: Context) -> UISearchBar {
        let bar = UISearchBar()
        bar.delegate = context.coordinator
        bar.placeholder = "Search lifts"
        bar.showsCancelButton = true
        return bar
    }

    func updateUIView(_ uiView: UISearchBar, context: Context) { uiView.text = text }
}

private struct Gym: View {
    @State private var order = "none"
    @State private var query = ""
    @State private var searched = 0
    @State private var reps = 9
    let lifts = ["Squat", "Bench press", "Deadlift"]

    var body: some View {
        NavigationStack {
            ScrollView {
                VStack(spacing: 12) {
                    Text("Lifts").font(.custom("Georgia", size: 20, relativeTo: .title2))
                    HStack {
                        Menu("Sort") { Button("By name") { order = "name" } }.menuStyle(.button)
                        Menu("Filter") { Button("Heavy") { order = "heavy" } }.menuStyle(BorderlessButtonMenuStyle())
                        Menu("Red") { Button("Newest") { order = "newest" } }.menuStyle(SortRed())
                    }
                    Text("Order \(order)")
                    LiftSearchBar(text: $query, searched: $searched)
                    ForEach(lifts.filter { query.isEmpty || $0.localizedCaseInsensitiveContains(query) }, id: \.self) { Text($0) }
                    Text("Searched \(searched)")
                    Text("\(reps)").font(.largeTitle).contentTransition(.numericText())
                    Button("Rep") { withAnimation { reps += 1 } }
                    HStack {
                        Button("Reset") { reps = 0 }.buttonStyle(.borderless)
                        Button("Skip") {}.buttonStyle(.plain)
                    }
                    Image("stripes").resizable(resizingMode: .tile).frame(width: 120, height: 24)
                    Text("Glass").padding().background(.ultraThinMaterial.opacity(0.5))
                }
                .padding()
            }
            .navigationTitle("Gym")
            .toolbarBackgroundVisibility(.hidden, for: .navigationBar)
        }
    }
}

extension EndToEnd {
    @Suite
    @MainActor
    struct HeldOutNamesInBrowsers {
        @Test(.enabled(if: BrowserEngine.chromium.shouldRun, "needs chromium-driver (make test installs it)"))
        func inChromium() async throws { try await check(.chromium) }

        @Test(.enabled(if: BrowserEngine.firefox.shouldRun, "needs firefox-esr (make test installs it)"))
        func inFirefox() async throws { try await check(.firefox) }

        @Test(.enabled(if: BrowserEngine.webkit.shouldRun, "needs webkit2gtk-driver and xvfb (make test installs them)"))
        func inWebKit() async throws { try await check(.webkit) }

        func check(_ engine: BrowserEngine) async throws {
            let server = try TestServer(app: JetwayApp(title: "Gym", routes: [Route("/") { _ in Gym() }]))
            defer { server.stop() }
            try await withBrowsers(1, engine) { browsers in
                let browser = browsers[0]
                #expect(try await browser.openLive(server.base + "/"), "\(engine): the page never went live")
                let shows = { (text: String) in "return document.body.innerText.includes(\(jsLiteral(text)))" }

                // Each menu style opens its menu, and its item acts.
                for (menu, item, order) in [("Sort", "By name", "name"), ("Filter", "Heavy", "heavy"), ("Red", "Newest", "newest")] {
                    try await browser.click("summary", labelled: menu)
                    try await browser.click("button", labelled: item)
                    #expect(await browser.wait(for: shows("Order \(order)")), "\(engine): \(menu)'s \(item) did not act")
                }
                let red = try await browser.string(
                    "return getComputedStyle([...document.querySelectorAll('summary')].find(s => s.textContent.includes('Red'))).color")
                #expect(red.hasPrefix("rgb(255, 59, 48)"), "\(engine): the app's menu style drew \(red)")
                let plain = try await browser.string(
                    "return getComputedStyle([...document.querySelectorAll('summary')].find(s => s.textContent.includes('Filter'))).color")
                #expect(plain.hasPrefix("rgb(0, 122, 255)"), "\(engine): a borderless menu's label is drawn in \(plain), not the accent")
                // A borderless button is tinted as on iOS; a plain one takes the text's colour (primary).
                let buttons = try await browser.string(
                    "return ['Reset', 'Skip'].map((t) => getComputedStyle([...document.querySelectorAll('button')].find((b) => b.textContent.trim() === t)).color).join(' / ')"
                )
                #expect(buttons == "rgb(0, 122, 255) / rgb(28, 28, 30)", "\(engine): borderless / plain buttons are \(buttons)")

                // The wrapped search bar: its delegate filters as the visitor types, hears
                // Return, and Cancel clears it.
                let field = "input[type=search]"
                try await browser.type("dead", into: field)
                #expect(
                    await browser.wait(for: shows("Deadlift") + " && !document.body.innerText.includes('Squat')"), "\(engine): no filter")
                try await browser.press(Key.enter, in: field)
                #expect(await browser.wait(for: shows("Searched 1")), "\(engine): Return not heard")
                try await browser.click("button", labelled: "Cancel")
                #expect(
                    await browser.wait(for: shows("Squat") + " && document.querySelector('input[type=search]').value === ''"),
                    "\(engine): Cancel did not clear the search")

                // The counter rolls to its next number.
                try await browser.click("button", labelled: "Rep")
                let counter = "document.querySelector('[data-jw-content-transition]')"
                #expect(await browser.wait(for: "return \(counter).textContent.trim() === '10'"), "\(engine): the counter did not change")

                // The tiled picture repeats; the faded material blurs what is behind it.
                let tile = try await browser.string(
                    "return getComputedStyle([...document.querySelectorAll('[role=img]')].find(e => e.style.backgroundRepeat)).backgroundRepeat"
                )
                #expect(tile.hasPrefix("repeat"), "\(engine): the tiled picture is \(tile)")
                let errors = try await browser.string("return window.jetway.errors + ' ' + window.jetway.lastError")
                #expect(errors.hasPrefix("0 "), "\(engine): \(errors)")
                try await browser.screenshot("held-out-names-\(engine)")
            }
        }
    }
}
