import Foundation
import Jetway
import JetwayBrowser
import Testing

@testable import JetwayServer
@testable import JetwaySwiftData

// A SwiftData packing list, written as Xcode's SwiftData template is (a `@Model`, `@Query`,
// `modelContext.insert` and `delete` with no explicit save), served and used in two browser
// pages at once: an item added in one page appears in the other, autosave writes it to the
// store file, and a delete in the second page leaves the first.

@Model final class PackingItem {
    var name: String
    var added: Date
    var isPacked = false
    init(name: String, added: Date = .now) {
        self.name = name
        self.added = added
    }
}

private struct PackingList: View {
    @Environment(\.modelContext) private var modelContext
    @Query(sort: \PackingItem.added) private var items: [PackingItem]
    @State private var draft = ""

    var body: some View {
        VStack {
            TextField("New item", text: $draft)
            Button("Add") {
                modelContext.insert(PackingItem(name: draft))
                draft = ""
            }
            List {
                ForEach(items) { item in
                    Toggle(item.name, isOn: Bindable(item).isPacked).accessibilityIdentifier("item")
                }
                .onDelete { offsets in
                    for index in offsets { modelContext.delete(items[index]) }
                }
            }
            Text("\(items.filter(\.isPacked).count) of \(items.count) packed")
        }
    }
}

extension EndToEnd {
    @Suite(.enabled(if: BrowserEngine.chromium.shouldRun, "needs chromium-driver (make test installs it)"))
    @MainActor
    struct SwiftDataInChromium {
        @Test func twoPagesShareTheModelsAndAutosaveKeepsThem() async throws {
            let folder = URL(fileURLWithPath: NSTemporaryDirectory()).appendingPathComponent("jetway-packing-\(UUID().uuidString)")
            defer { try? FileManager.default.removeItem(at: folder) }
            let url = folder.appendingPathComponent("default.store")
            let container = try ModelContainer(for: PackingItem.self, configurations: ModelConfiguration(url: url))
            let app = JetwayApp(title: "Packing", routes: [Route("/") { _ in PackingList().modelContainer(container) }])
            let server = try TestServer(app: app)
            defer { server.stop() }
            try await withBrowsers(2) { browsers in
                let (first, second) = (browsers[0], browsers[1])
                for browser in browsers {
                    try await browser.navigate(server.base + "/")
                    #expect(await browser.wait(for: "return document.documentElement.classList.contains('jw-connected')"))
                }
                try await first.type("Passport", into: "input[placeholder='New item']")
                try await first.click("button", labelled: "Add")
                #expect(await first.wait(for: "return document.body.textContent.includes('0 of 1 packed')"))
                #expect(
                    await second.wait(for: "return document.querySelector('[data-testid=item]')?.textContent.includes('Passport')"),
                    "the other page did not show the item")
                try await second.type("Boarding pass", into: "input[placeholder='New item']")
                try await second.click("button", labelled: "Add")
                #expect(await first.wait(for: "return document.querySelectorAll('[data-testid=item]').length === 2"))
                // Packing one in the first page: the count follows in the second.
                _ = try await first.execute("document.querySelector('[data-testid=item] input').click()")
                #expect(await second.wait(for: "return document.body.textContent.includes('1 of 2 packed')"), "the toggle did not reach")
                try await first.screenshot("swift-data-packing")
                try await second.clickRowAction(labelled: "Delete Boarding pass")
                #expect(
                    await first.wait(for: "return document.querySelectorAll('[data-testid=item]').length === 1"),
                    "the delete did not reach the other page")
            }
            // Autosaved in the store file: a container opened on it again (as after a restart)
            // reads what is left.
            for _ in 0..<100 where container.mainContext.hasChanges { try await Task.sleep(for: .milliseconds(20)) }
            ModelContainer.forgetOpenStores()
            let again = try ModelContainer(for: PackingItem.self, configurations: ModelConfiguration(url: url))
            let stored = try again.mainContext.fetch(FetchDescriptor<PackingItem>())
            #expect(stored.map(\.name) == ["Passport"])
            #expect(stored.map(\.isPacked) == [true])
        }
    }
}
