import Foundation
import Jetway
import JetwayBrowser
import JetwayCoreData
import Testing

@testable import JetwayServer

// A Core Data notes app, as such apps are written, served and used in two browser pages at
// once: a note added in one page appears in the other (the app's one context), is saved in
// the store file, and a delete in the second page leaves the first.

private let notesModel = """
    <?xml version="1.0" encoding="UTF-8" standalone="yes"?>
    <model type="com.apple.IDECoreDataModeler.DataModel" documentVersion="1.0" sourceLanguage="Swift">
        <entity name="Note" representedClassName="Note" syncable="YES">
            <attribute name="text" attributeType="String"/>
            <attribute name="created" attributeType="Date" usesScalarValueType="NO"/>
        </entity>
    </model>
    """

public class Note: NSManagedObject {}

extension Note {
    @Managed var text: String
    @Managed var created: Date
}

extension Note: Identifiable {}

private struct NotesView: View {
    @Environment(\.managedObjectContext) private var viewContext
    @FetchRequest(sortDescriptors: [NSSortDescriptor(key: "created", ascending: true)]) private var notes: FetchedResults<Note>
    @State private var draft = ""

    var body: some View {
        VStack {
            TextField("New note", text: $draft)
            Button("Add") {
                let note = Note(context: viewContext)
                note.text = draft
                note.created = Date()
                try? viewContext.save()
                draft = ""
            }
            List {
                ForEach(notes) { note in
                    Text(note.text).accessibilityIdentifier("note")
                }
                .onDelete { offsets in
                    for index in offsets { viewContext.delete(notes[index]) }
                    try? viewContext.save()
                }
            }
            Text("\(notes.count) notes")
        }
    }
}

extension EndToEnd {
    @Suite(.enabled(if: BrowserEngine.chromium.shouldRun, "needs chromium-driver (make test installs it)"))
    @MainActor
    struct CoreDataInBrowsers {
        @Test func twoPagesShareTheAppsNotesAndTheStoreKeepsThem() async throws {
            let folder = URL(fileURLWithPath: NSTemporaryDirectory()).appendingPathComponent("jetway-notes-\(UUID().uuidString)")
            defer { try? FileManager.default.removeItem(at: folder) }
            let model = try #require(NSManagedObjectModel(name: "Notes", xml: notesModel))
            let container = NSPersistentContainer(name: "Notes", managedObjectModel: model)
            container.persistentStoreDescriptions[0].url = folder.appendingPathComponent("Notes.sqlite")
            var loadError: (any Error)?
            container.loadPersistentStores { _, error in loadError = error }
            #expect(loadError == nil)
            let context = container.viewContext
            let app = JetwayApp(
                title: "Notes", routes: [Route("/") { _ in NotesView().environment(\.managedObjectContext, context) }])
            let server = try TestServer(app: app)
            defer { server.stop() }
            try await withBrowsers(2) { browsers in
                let (first, second) = (browsers[0], browsers[1])
                for browser in browsers {
                    try await browser.navigate(server.base + "/")
                    #expect(await browser.wait(for: "return document.documentElement.classList.contains('jw-connected')"))
                }
                try await first.type("Gate B12 at 10:40", into: "input[placeholder='New note']")
                try await first.click("button", labelled: "Add")
                #expect(await first.wait(for: "return document.body.textContent.includes('1 notes')"))
                #expect(
                    await second.wait(for: "return document.querySelector('[data-testid=note]')?.textContent === 'Gate B12 at 10:40'"),
                    "the other page did not show the note")
                try await second.type("Boarding pass", into: "input[placeholder='New note']")
                try await second.click("button", labelled: "Add")
                #expect(await first.wait(for: "return document.querySelectorAll('[data-testid=note]').length === 2"))
                try await first.screenshot("core-data-notes")
                // The second page deletes the first note (its row's Delete): it leaves the first page.
                try await second.clickRowAction(labelled: "Delete Gate B12 at 10:40")
                #expect(
                    await first.wait(
                        for:
                            "return document.querySelectorAll('[data-testid=note]').length === 1 && document.body.textContent.includes('1 notes')"
                    ),
                    "the delete did not reach the other page")
            }
            // Saved in the store file: a container opened on it again reads what is left.
            let again = NSPersistentContainer(name: "Notes", managedObjectModel: model)
            again.persistentStoreDescriptions[0].url = folder.appendingPathComponent("Notes.sqlite")
            again.loadPersistentStores { _, _ in }
            let request = NSFetchRequest<Note>(entityName: "Note")
            request.sortDescriptors = [NSSortDescriptor(key: "created", ascending: true)]
            #expect(try again.viewContext.fetch(request).map(\.text) == ["Boarding pass"])
        }
    }
}
