import Foundation
import JetwayTesting
import Testing

@testable import Jetway

/// A workout log's "Export Data" as the app writes it: a `FileDocument` of JSON, saved by the
/// visitor's browser through `.fileExporter`.
@MainActor
struct FileExporterTests {
    struct Backup: Codable, FileDocument {
        static let readableContentTypes: [UTType] = [.json]
        var sets: [Int]
        init(sets: [Int]) { self.sets = sets }
        init(configuration: ReadConfiguration) throws {
            guard let data = configuration.file.regularFileContents else { throw CocoaError(.fileReadCorruptFile) }
            self = try JSONDecoder().decode(Backup.self, from: data)
        }
        func fileWrapper(configuration: WriteConfiguration) throws -> FileWrapper {
            FileWrapper(regularFileWithContents: try JSONEncoder().encode(self))
        }
    }

    private struct Options: View {
        @State private var exporting = false
        @State private var result = "nothing yet"
        var body: some View {
            VStack {
                Button("Export Data") { exporting = true }
                    .fileExporter(isPresented: $exporting, document: Backup(sets: [5, 8]), contentType: .json, defaultFilename: "Workouts")
                {
                    result in
                    if case .success(let url) = result { self.result = "saved \(url.lastPathComponent)" }
                }
                Text(result)
            }
        }
    }

    @Test func theBrowserSavesTheDocumentOnce() throws {
        let host = ViewHost(Options())
        #expect(host.dom.root.attribute(RuntimeContract.Attribute.download) == nil)
        try host.tap("Export Data")
        try host.update()
        let request = try #require(host.dom.root.attribute(RuntimeContract.Attribute.download))
        let parts = request.split(separator: " ", maxSplits: 3).map(String.init)
        #expect(parts[0] == "1" && parts[1] == "application/json" && parts[3] == "Workouts.json", "\(request)")
        let saved = try #require(Data(base64Encoded: parts[2]))
        #expect(try JSONDecoder().decode(Backup.self, from: saved).sets == [5, 8])
        #expect(host.text.contains("saved Workouts.json"))
        // The document reads back from its file.
        let read = try Backup(configuration: .init(contentType: .json, file: FileWrapper(regularFileWithContents: saved)))
        #expect(read.sets == [5, 8])
        try host.tap("Export Data")
        try host.update()
        #expect(host.dom.root.attribute(RuntimeContract.Attribute.download)?.hasPrefix("2 ") == true, "each export a new serial")
    }
}
